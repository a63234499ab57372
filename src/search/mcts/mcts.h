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

#endif
