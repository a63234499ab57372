/* gameutil.c - perft and move helpers written against the Game verbs. */
#include "games/gameutil.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool is_game_over(const Game *game, const Position *pos)
{
    return game->outcome(pos) != OUTCOME_ONGOING;
}

typedef struct {
    MoveSink sink;
    Rng *rng;
    uint64_t seen, cap;
    StreamPoll poll;
    void *context;
    Move chosen;
} MoveReservoir;

static bool reservoir_emit(MoveSink *sink, Move move)
{
    MoveReservoir *r = (MoveReservoir *)sink;
    if (rng_below(r->rng, ++r->seen) == 0)
        r->chosen = move;
    if (r->cap && r->seen >= r->cap)
        return false;
    return !r->poll || (r->seen & 0xFFFF) != 0 || r->poll(r->context);
}

uint64_t sample_legal_move(const Game *game, const Position *pos, Rng *rng, uint64_t cap, StreamPoll poll,
                           void *context, Move *chosen)
{
    MoveReservoir r = {{reservoir_emit}, rng, 0, cap, poll, context, MOVE_NONE};
    game->generate_moves(pos, &r.sink);
    *chosen = r.chosen;
    return r.seen;
}

Move random_legal_move(const Game *game, const Position *pos, Rng *rng)
{
    Move chosen;
    sample_legal_move(game, pos, rng, 0, NULL, NULL, &chosen);
    return chosen;
}

bool has_step_hooks(const Game *game)
{
    return game->generate_steps && game->play_step && game->turn_in_progress && game->join_steps;
}

bool is_legal_move(const Game *game, const Position *pos, Move move)
{
    char text[MOVE_TEXT_MAX], err[ERROR_TEXT_MAX];
    Move parsed;
    if (move == MOVE_NONE)
        return false;
    game->format_move(pos, move, text, sizeof text);
    return game->parse_move(pos, text, &parsed, err, sizeof err) && parsed == move;
}

typedef struct {
    MoveSink sink;
    uint64_t count;
} CountSink;

static bool count_emit(MoveSink *sink, Move move)
{
    (void)move;
    ((CountSink *)sink)->count++;
    return true;
}

uint64_t count_legal_moves(const Game *game, const Position *pos)
{
    if (game->count_moves)
        return game->count_moves(pos);
    CountSink counter = {{count_emit}, 0};
    game->generate_moves(pos, &counter.sink);
    return counter.count;
}

/* Perft recurses from inside the move stream so that memory stays
 * O(depth * stack state) even where a position has millions of moves. */
typedef struct {
    MoveSink sink;
    const Game *game;
    const Position *parent;
    int depth; /* depth left below the emitted move */
    uint64_t nodes;
    void (*report)(Move, uint64_t, void *);
    void *ctx;
    const atomic_bool *stop; /* NULL: never stopped */
} PerftSink;

static uint64_t perft_below(const Game *game, const Position *pos, int depth, const atomic_bool *stop);

static bool stop_raised(const atomic_bool *stop)
{
    return stop && atomic_load_explicit(stop, memory_order_relaxed);
}

/* A subtree cut short by stop is left out whole, so that every count
 * reported (and the total) is exact for the moves it covers. */
static bool perft_emit(MoveSink *sink, Move move)
{
    PerftSink *ps = (PerftSink *)sink;
    if (stop_raised(ps->stop))
        return false;
    Position child = *ps->parent;
    ps->game->play(&child, move);
    uint64_t n = perft_below(ps->game, &child, ps->depth, ps->stop);
    if (stop_raised(ps->stop))
        return false;
    ps->nodes += n;
    if (ps->report)
        ps->report(move, n, ps->ctx);
    return true;
}

static uint64_t perft_below(const Game *game, const Position *pos, int depth, const atomic_bool *stop)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return count_legal_moves(game, pos);
    PerftSink ps = {{perft_emit}, game, pos, depth - 1, 0, NULL, NULL, stop};
    game->generate_moves(pos, &ps.sink);
    return ps.nodes;
}

uint64_t perft(const Game *game, const Position *pos, int depth)
{
    return perft_below(game, pos, depth, NULL);
}

uint64_t perft_divide(const Game *game, const Position *pos, int depth,
                      void (*report)(Move, uint64_t, void *), void *ctx, const atomic_bool *stop)
{
    if (depth <= 0)
        return 1;
    PerftSink ps = {{perft_emit}, game, pos, depth - 1, 0, report, ctx, stop};
    game->generate_moves(pos, &ps.sink);
    return ps.nodes;
}

typedef struct {
    MoveSink sink;
    Move *out;
    int capacity, stored;
    bool overflow;
} CollectSink;

static bool collect_emit(MoveSink *sink, Move move)
{
    CollectSink *cs = (CollectSink *)sink;
    if (cs->stored == cs->capacity) {
        cs->overflow = true;
        return false;
    }
    cs->out[cs->stored++] = move;
    return true;
}

int collect_moves(const Game *game, const Position *pos, Move *out, int capacity, bool *overflow)
{
    CollectSink cs = {{collect_emit}, out, capacity, 0, false};
    game->generate_moves(pos, &cs.sink);
    if (overflow)
        *overflow = cs.overflow;
    return cs.stored;
}

int collect_all_moves(const Game *game, const Position *pos, Move **moves, int *capacity)
{
    bool overflow = false;
    int count = *moves ? collect_moves(game, pos, *moves, *capacity, &overflow) : 0;
    if (*moves && !overflow)
        return count;
    /* Sized by the count; grown should a game's count fall short. */
    for (uint64_t wanted = count_legal_moves(game, pos) + 1;; wanted *= 2) {
        if (wanted > INT_MAX)
            return -1;
        Move *grown = realloc(*moves, (size_t)wanted * sizeof *grown);
        if (!grown)
            return -1;
        *moves = grown;
        *capacity = (int)wanted;
        count = collect_moves(game, pos, grown, *capacity, &overflow);
        if (!overflow)
            return count;
    }
}

typedef struct {
    MoveSink sink;
    const Game *game;
    const Position *pos;
    const char *text;
    Move found;
} FindSink;

static bool find_emit(MoveSink *sink, Move move)
{
    FindSink *fs = (FindSink *)sink;
    char buf[MOVE_TEXT_MAX];
    fs->game->format_move(fs->pos, move, buf, sizeof buf);
    if (strcmp(buf, fs->text) != 0)
        return true;
    fs->found = move;
    return false;
}

bool find_move_by_text(const Game *game, const Position *pos, const char *text,
                       Move *out, char *err, size_t err_size)
{
    FindSink fs = {{find_emit}, game, pos, text, MOVE_NONE};
    if (is_game_over(game, pos)) {
        snprintf(err, err_size, "move '%s': the game is over", text);
        return false;
    }
    game->generate_moves(pos, &fs.sink);
    if (fs.found == MOVE_NONE) {
        snprintf(err, err_size, "illegal move '%s'", text);
        return false;
    }
    *out = fs.found;
    return true;
}

int game_setting_default(const Game *game, const char *option, int common_default)
{
    for (int i = 0; i < game->setting_default_count; i++)
        if (strcmp(game->setting_defaults[i].option, option) == 0)
            return game->setting_defaults[i].value;
    return common_default;
}
