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

#endif
