/* gametest.h - helpers shared by the per-game tests (include after harness.h). */
#ifndef TESSERA_GAMETEST_H
#define TESSERA_GAMETEST_H

#include "games/gameutil.h"
#include "games/registry.h"

/* Parses fen or fails the current test; returns whether it parsed. */
static inline bool load_position(const Game *g, const char *fen, Position *pos)
{
    char err[ERROR_TEXT_MAX] = "";
    if (g->parse_position(fen, pos, err, sizeof err))
        return true;
    char m[2048];
    snprintf(m, sizeof m, "rejected \"%s\": %s", fen, err);
    harness_fail(__FILE__, __LINE__, m);
    return false;
}

/* The error a rejected position string gets, or "" when it was accepted. */
static inline const char *rejection(const Game *g, const char *fen)
{
    static char err[ERROR_TEXT_MAX];
    Position pos;
    err[0] = '\0';
    if (g->parse_position(fen, &pos, err, sizeof err))
        return "";
    if (!err[0])
        snprintf(err, sizeof err, "(rejected without a message)");
    return err;
}

/* g's evaluation with every weight at 0 but the one named, set to value:
 * one feature's own count times value.  Every weight is put back after. */
static inline int evaluate_only(const Game *g, const Position *pos, const char *name, int value)
{
    int saved[64], found = 0;
    for (int i = 0; i < g->param_count && i < 64; i++) {
        saved[i] = *g->params[i].value;
        found += strcmp(g->params[i].name, name) == 0;
        *g->params[i].value = strcmp(g->params[i].name, name) == 0 ? value : 0;
    }
    int result = g->evaluate(pos);
    for (int i = 0; i < g->param_count && i < 64; i++)
        *g->params[i].value = saved[i];
    if (found != 1)
        harness_fail(__FILE__, __LINE__, "evaluate_only: no such weight");
    return result;
}

/* Plays space-separated moves; returns false (and fails the test) at the
 * first one parse_move rejects. */
static inline bool play_moves(const Game *g, Position *pos, const char *moves)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        Move m;
        char err[ERROR_TEXT_MAX] = "";
        if (!g->parse_move(pos, tok, &m, err, sizeof err)) {
            char msg[512];
            snprintf(msg, sizeof msg, "move %s rejected: %s", tok, err);
            harness_fail(__FILE__, __LINE__, msg);
            return false;
        }
        g->play(pos, m);
    }
    return true;
}

static inline const char *fen_of(const Game *g, const Position *pos)
{
    static char buf[POSITION_TEXT_MAX];
    g->format_position(pos, buf, sizeof buf);
    return buf;
}

static inline uint64_t perft_of(const Game *g, const char *fen, int depth)
{
    Position pos;
    if (!load_position(g, fen, &pos))
        return UINT64_MAX;
    return perft(g, &pos, depth);
}

/* The game's own text for the move it parses from text: a round trip gives
 * text back; a rejected move gives "rejected: <error>". */
static inline const char *reformatted_move(const Game *g, const Position *pos, const char *text)
{
    static char out[MOVE_TEXT_MAX + ERROR_TEXT_MAX];
    char err[ERROR_TEXT_MAX] = "";
    Move m;
    if (!g->parse_move(pos, text, &m, err, sizeof err)) {
        snprintf(out, sizeof out, "rejected: %s", err);
        return out;
    }
    g->format_move(pos, m, out, MOVE_TEXT_MAX);
    return out;
}

/* Is text a legal move here? */
static inline bool is_legal_text(const Game *g, const Position *pos, const char *text)
{
    Move m;
    char err[ERROR_TEXT_MAX];
    return g->parse_move(pos, text, &m, err, sizeof err);
}

/* ---- positions reached by moves ---- */

/* The position after playing moves from fen (as far as they went when one
 * is rejected: the test has failed then). */
static inline Position position_after(const Game *g, const char *fen, const char *moves)
{
    Position pos;
    memset(&pos, 0, sizeof pos);
    if (load_position(g, fen, &pos))
        play_moves(g, &pos, moves);
    return pos;
}

/* The position string after playing moves from fen ("" when a move failed). */
static inline const char *fen_after(const Game *g, const char *fen, const char *moves)
{
    static char out[POSITION_TEXT_MAX];
    Position pos;
    out[0] = '\0';
    if (load_position(g, fen, &pos) && play_moves(g, &pos, moves))
        g->format_position(&pos, out, sizeof out);
    return out;
}

/* The outcome after playing moves from fen ((Outcome)-1 when one failed);
 * moves "" gives fen's own outcome. */
static inline Outcome outcome_after(const Game *g, const char *fen, const char *moves)
{
    Position pos;
    if (!load_position(g, fen, &pos) || !play_moves(g, &pos, moves))
        return (Outcome)-1;
    return g->outcome(&pos);
}

/* ---- move strings ---- */

/* The error parse_move gives for text in pos, or "" when it accepts it. */
static inline const char *move_rejection(const Game *g, const Position *pos, const char *text)
{
    static char err[ERROR_TEXT_MAX];
    Move move;
    err[0] = '\0';
    if (g->parse_move(pos, text, &move, err, sizeof err))
        return "";
    return err[0] ? err : "(rejected without a message)";
}

/* move_rejection in the position fen. */
static inline const char *move_rejection_at(const Game *g, const char *fen, const char *text)
{
    Position pos;
    if (!load_position(g, fen, &pos))
        return "(position rejected)";
    return move_rejection(g, &pos, text);
}

/* ---- streamed moves ---- */

/* A sink that counts the moves it is given and stops at limit. */
typedef struct {
    MoveSink sink;
    uint64_t count, limit;
} GameTestCounter;

static inline bool gametest_count_emit(MoveSink *sink, Move move)
{
    (void)move;
    GameTestCounter *c = (GameTestCounter *)sink;
    return ++c->count < c->limit;
}

/* How many moves generate_moves streams from pos into a sink that stops
 * after limit; *finished (where given) gets what generate_moves returned:
 * false when the sink stopped it. */
static inline uint64_t streamed_moves_upto(const Game *g, const Position *pos, uint64_t limit, bool *finished)
{
    GameTestCounter c = {{gametest_count_emit}, 0, limit};
    const bool done = g->generate_moves(pos, &c.sink);
    if (finished)
        *finished = done;
    return c.count;
}

/* Every move generate_moves streams from fen (0 when fen is rejected). */
static inline uint64_t streamed_count(const Game *g, const char *fen)
{
    Position pos;
    return load_position(g, fen, &pos) ? streamed_moves_upto(g, &pos, UINT64_MAX, NULL) : 0;
}

/* What count_moves says for fen (0 when fen is rejected). */
static inline uint64_t counted_moves(const Game *g, const char *fen)
{
    Position pos;
    return load_position(g, fen, &pos) ? g->count_moves(&pos) : 0;
}

#define GAMETEST_MOVES_MAX 4096

/* How many moves collect_moves gives from fen with room for capacity
 * (at most GAMETEST_MOVES_MAX); *overflow says whether more were left. */
static inline int collected_within(const Game *g, const char *fen, int capacity, bool *overflow)
{
    static Move moves[GAMETEST_MOVES_MAX];
    Position pos;
    if (!load_position(g, fen, &pos) || capacity > GAMETEST_MOVES_MAX)
        return -1;
    return collect_moves(g, &pos, moves, capacity, overflow);
}

/* ---- random games ---- */

/* Plays games random games from fen (the moves drawn from an Rng seeded
 * with seed), calling check on every position met, the last included. */
static inline void for_random_games(const Game *g, const char *fen, int games, uint64_t seed,
                                    void (*check)(const Position *pos))
{
    static Move moves[GAMETEST_MOVES_MAX];
    Rng rng;
    rng_seed(&rng, seed);
    for (int game = 0; game < games; game++) {
        Position pos;
        if (!load_position(g, fen, &pos))
            return;
        for (;;) {
            check(&pos);
            const int n = collect_moves(g, &pos, moves, GAMETEST_MOVES_MAX, NULL);
            if (n == 0)
                break;
            g->play(&pos, moves[rng_below(&rng, (uint64_t)n)]);
        }
    }
}

/* ---- network inputs ---- */

/* Is index among the count inputs of active? */
static inline bool has_active_input(const uint16_t *active, int count, int index)
{
    for (int k = 0; k < count; k++)
        if (active[k] == index)
            return true;
    return false;
}

/* Is index among g's active inputs for pos? */
static inline bool nn_has_input(const Game *g, const Position *pos, int index)
{
    uint16_t active[NN_MAX_ACTIVE];
    return has_active_input(active, g->nn_features(pos, active), index);
}

/* ---- evaluation weights and display ---- */

static inline const GameParam *param_named(const Game *g, const char *name)
{
    for (int i = 0; i < g->param_count; i++)
        if (strcmp(g->params[i].name, name) == 0)
            return &g->params[i];
    return NULL;
}

/* Every weight of g is named prefix..., holds its default, and the default
 * lies within [min, max]. */
static inline void check_params_named_and_in_range(const Game *g, const char *prefix)
{
    for (int i = 0; i < g->param_count; i++) {
        const GameParam *p = &g->params[i];
        CHECK(strncmp(p->name, prefix, strlen(prefix)) == 0);
        CHECK(p->min <= p->default_value && p->default_value <= p->max);
        CHECK_EQ_INT(*p->value, p->default_value);
    }
}

/* g's drawing of fen ("" when fen is rejected). */
static inline const char *display_of(const Game *g, const char *fen)
{
    static char out[DISPLAY_TEXT_MAX];
    Position pos;
    out[0] = '\0';
    if (load_position(g, fen, &pos))
        g->display(&pos, out, sizeof out);
    return out;
}

#endif
