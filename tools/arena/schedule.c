/* schedule.c - game k to pairing, colours and opening. */
#include "arena/schedule.h"

int schedule_pairings(const Schedule *s)
{
    int n = s->engine_count;
    return s->kind == TOURNAMENT_GAUNTLET ? n - 1 : n * (n - 1) / 2;
}

void schedule_pairing(const Schedule *s, int pairing, int *first, int *second)
{
    if (s->kind == TOURNAMENT_GAUNTLET) {
        *first = 0;
        *second = pairing + 1;
        return;
    }
    /* Round robin pairings in order (0,1) (0,2) ... (1,2) ... */
    int i = 0, left = pairing;
    while (left >= s->engine_count - 1 - i) {
        left -= s->engine_count - 1 - i;
        i++;
    }
    *first = i;
    *second = i + 1 + left;
}

uint64_t schedule_round_games(const Schedule *s)
{
    return (uint64_t)schedule_pairings(s) * (s->repeat ? 2 : 1);
}

void schedule_game(const Schedule *s, uint64_t k, ScheduledGame *out)
{
    uint64_t unit_size = s->repeat ? 2 : 1;
    uint64_t unit = k / unit_size, pairings = (uint64_t)schedule_pairings(s);
    uint64_t round = unit / pairings;
    int first, second;
    out->pairing = (int)(unit % pairings);
    out->opening_index = round;
    schedule_pairing(s, out->pairing, &first, &second);
    /* The second game of a pair reverses colours; without pairs, colours
     * alternate from round to round. */
    bool reversed = s->repeat ? (k % 2 == 1) : (round % 2 == 1);
    out->p1 = reversed ? second : first;
    out->p2 = reversed ? first : second;
}

const char *tournament_kind_name(TournamentKind kind)
{
    return kind == TOURNAMENT_GAUNTLET ? "gauntlet" : "roundrobin";
}
