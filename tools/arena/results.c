/* results.c - finished games and their tallies. */
#include "arena/results.h"

#include <stdlib.h>
#include <string.h>

void results_init(ResultTable *table) { memset(table, 0, sizeof *table); }

void results_free(ResultTable *table)
{
    free(table->games);
    results_init(table);
}

int results_engine(ResultTable *table, const char *name)
{
    for (int i = 0; i < table->engine_count; i++)
        if (strcmp(table->names[i], name) == 0)
            return i;
    if (table->engine_count == ARENA_MAX_ENGINES || strlen(name) >= SPEC_NAME_MAX)
        return -1;
    memcpy(table->names[table->engine_count], name, strlen(name) + 1);
    return table->engine_count++;
}

/* Table order: by series (run), then by game number within it. */
static bool comes_after(const GameOutcome *a, const GameOutcome *b)
{
    return a->series != b->series ? a->series > b->series : a->round > b->round;
}

bool results_add(ResultTable *table, const GameOutcome *game)
{
    if (table->count == table->capacity) {
        size_t grown = table->capacity ? table->capacity * 2 : 256;
        GameOutcome *games = realloc(table->games, grown * sizeof *games);
        if (!games)
            return false;
        table->games = games;
        table->capacity = grown;
    }
    /* Games finish nearly in order (at most `concurrency` out of place), so
     * an insertion from the end keeps the table sorted cheaply and tallies
     * never need a full sort. */
    size_t at = table->count;
    while (at > 0 && comes_after(&table->games[at - 1], game)) {
        table->games[at] = table->games[at - 1];
        at--;
    }
    table->games[at] = *game;
    table->count++;
    return true;
}

void results_sort(ResultTable *table)
{
    /* Insertion sort: linear on the nearly sorted tables results_add keeps. */
    for (size_t i = 1; i < table->count; i++) {
        GameOutcome game = table->games[i];
        size_t at = i;
        while (at > 0 && comes_after(&table->games[at - 1], &game)) {
            table->games[at] = table->games[at - 1];
            at--;
        }
        table->games[at] = game;
    }
}

uint64_t results_opening_key(const char *fen)
{
    uint64_t hash = 0xcbf29ce484222325ULL; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)fen; *p; p++)
        hash = (hash ^ *p) * 0x100000001b3ULL;
    return hash;
}

/* Points (0, 1, 2 half-points) for engine a in one game. */
static int half_points(const GameOutcome *g, int a)
{
    if (g->result == RESULT_DRAW)
        return 1;
    bool p1_won = g->result == RESULT_P1_WINS;
    return (g->p1 == a) == p1_won ? 2 : 0;
}

static bool between(const GameOutcome *g, int a, int b)
{
    return (g->p1 == a && g->p2 == b) || (g->p1 == b && g->p2 == a);
}

static bool forms_pair(const GameOutcome *first, const GameOutcome *second)
{
    return first->paired && second->paired && first->series == second->series &&
           first->round % 2 == 1 && second->round == first->round + 1 &&
           first->opening_key == second->opening_key && first->p1 == second->p2 &&
           first->p2 == second->p1;
}

static void add_pair(Pentanomial *p, int first, int second)
{
    switch (first + second) {
    case 0:
        p->ll++;
        break;
    case 1:
        p->ld++;
        break;
    case 2:
        if (first == 1)
            p->dd++;
        else
            p->wl++;
        break;
    case 3:
        p->wd++;
        break;
    default:
        p->ww++;
    }
}

void results_pair(const ResultTable *table, int a, int b, PairTally *out)
{
    memset(out, 0, sizeof *out);
    out->a = a;
    out->b = b;
    const GameOutcome *previous = NULL;
    for (size_t i = 0; i < table->count; i++) {
        const GameOutcome *g = &table->games[i];
        if (!between(g, a, b) || g->result == RESULT_NONE)
            continue;
        int points = half_points(g, a);
        out->wdl.wins += points == 2;
        out->wdl.draws += points == 1;
        out->wdl.losses += points == 0;
        if (previous && forms_pair(previous, g)) {
            add_pair(&out->penta, half_points(previous, a), points);
            previous = NULL;
        } else {
            previous = g;
        }
    }
}

/* The engines whose fault ended g: the loser of a forfeit, both when
 * neither started. */
static void charge_failure(const GameOutcome *g, Standing *by_engine)
{
    if (g->termination == TERM_NORMAL || g->termination == TERM_MOVE_LIMIT)
        return;
    if (g->result != RESULT_P2_WINS)
        by_engine[g->p2].failures[g->termination]++;
    if (g->result != RESULT_P1_WINS)
        by_engine[g->p1].failures[g->termination]++;
}

static int by_points(const void *x, const void *y)
{
    const Standing *a = x, *b = y;
    double pa = wdl_points(a->wdl), pb = wdl_points(b->wdl);
    if (pa != pb)
        return pa < pb ? 1 : -1;
    int64_t ga = wdl_games(a->wdl), gb = wdl_games(b->wdl);
    if (ga != gb)
        return ga < gb ? -1 : 1;
    return a->engine - b->engine;
}

void results_standings(const ResultTable *table, Standing *out)
{
    memset(out, 0, sizeof *out * (size_t)table->engine_count);
    for (int i = 0; i < table->engine_count; i++)
        out[i].engine = i;
    for (size_t i = 0; i < table->count; i++) {
        const GameOutcome *g = &table->games[i];
        if (g->result == RESULT_NONE)
            continue;
        int players[2] = {g->p1, g->p2};
        for (int s = 0; s < 2; s++) {
            int points = half_points(g, players[s]);
            out[players[s]].wdl.wins += points == 2;
            out[players[s]].wdl.draws += points == 1;
            out[players[s]].wdl.losses += points == 0;
        }
        charge_failure(g, out);
    }
    qsort(out, (size_t)table->engine_count, sizeof *out, by_points);
}
