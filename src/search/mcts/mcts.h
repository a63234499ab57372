/* mcts/mcts.h - the details of an mcts engine's last search beyond its
 * SearchResult, for tests and tools (the backend itself is mcts_backend in
 * backends.h). */
#ifndef TESSERA_MCTS_H
#define TESSERA_MCTS_H

#include <stdint.h>

#include "search/search.h"

typedef struct {
    int proof;          /* PROOF_* (mcts/tree.h) for the side to move at the root */
    int mate_turns;     /* as reported (mate.h): >0 wins with its N-th own turn, <0 loses, 0 unproven */
    int score_cp;       /* as reported when unproven (0 when proven) */
    uint64_t playouts;  /* this search's */
    uint32_t reused_visits; /* root visits inherited from the previous search */
    uint32_t nodes_used, capacity;
    int max_depth;
    int threads;        /* workers that ran */
} MctsSummary;

MctsSummary mcts_summary(const BackendEngine *engine);

/* How the last search spread its visits over the root's actions (whole
 * turns, or first steps in the step tree), as policy entries of root, the
 * position it searched (Game.policy_index; actions of one entry summed):
 * the most visited first, at most capacity, entries with no visit left
 * out.  Returns how many; 0 where the game has no policy layout or the
 * root has no children. */
int mcts_root_visits(const BackendEngine *engine, const Game *game, const Position *root, uint16_t *entries,
                     uint32_t *visits, int capacity);

#endif
