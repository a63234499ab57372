/*
 * draw_offer.h - draw offers, which the server answers for the engine.
 *
 * A draw offer (Qawale and Territoire: the other games have no draws) is
 * declined until both sides have moved (DRAW_MIN_PLIES), and then
 * accepted only when the position is level for the engine: its own
 * evaluation, from a search of DRAW_SEARCH_NODES nodes (a count, not a
 * time, so that the machine's load does not change the answer), within
 * DRAW_LEVEL_CP centi-units of 0 (0.20: a mate either way is far
 * outside).  A side that stands better
 * keeps playing, and so does one that stands worse: the engine takes a
 * draw only where it sees none of the two sides ahead.
 */
#ifndef TESSERA_WEB_DRAW_OFFER_H
#define TESSERA_WEB_DRAW_OFFER_H

#include <stdbool.h>
#include <stddef.h>

#include "web/json.h"
#include "web/session.h"

#define DRAW_MIN_PLIES 2
#define DRAW_LEVEL_CP 20
#define DRAW_SEARCH_NODES 20000

typedef struct {
    bool accepted;
    bool evaluated;    /* the engine searched: evaluation holds its score */
    long evaluation;   /* centi-units, for the engine's own side */
    char why[200];     /* the answer in words */
} DrawAnswer;

/* by ("p1" or "p2") offers a draw to the engine, which plays the other
 * side (the lock held).  0 with answer filled (an accepted draw ends the
 * game as "draw agreed"), or the refusal's status with why filled: 400 a
 * bad side, 409 a game without draws, over, or the engine thinking over
 * its own move. */
int draw_offer_answer(Session *s, const char *by, DrawAnswer *answer, char *why, size_t why_size);

#endif
