/*
 * exact_mate.h - the exact result and distance of a position by a full
 * solve: every position reachable is valued once (memoised by its key), a
 * win as the fewest whole turns the winner needs against the longest
 * defence, a loss as the most turns the loser can last.  No bounds, no
 * pruning, no move ordering: slow, but plainly right, so that it can judge
 * the engine's shortening (src/search/proof/mate_distance.c), with which it
 * shares no code.  Refuses (false) a position whose solve would need more
 * positions than its budget.
 */
#ifndef TESSERA_EXACT_MATE_H
#define TESSERA_EXACT_MATE_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"

typedef struct {
    int result; /* for the side to move: 1 win, 0 draw, -1 loss */
    int plies;  /* whole turns to the end with both sides playing so (0 for a draw) */
} ExactValue;

typedef struct ExactSolver ExactSolver;

/* A solver that values at most position_budget positions; NULL when out of memory. */
ExactSolver *exact_solver_new(const Game *game, uint64_t position_budget);
void exact_solver_free(ExactSolver *solver);

/* The value of pos, an unfinished game; false when over budget (what was
 * solved stays known for the next call). */
bool exact_solve(ExactSolver *solver, const Position *pos, ExactValue *out);

/* Does move keep pos's exact value (the fastest win, the slowest loss)?
 * False too when pos cannot be solved within the budget. */
bool exact_is_best_move(ExactSolver *solver, const Position *pos, Move move);

#endif
