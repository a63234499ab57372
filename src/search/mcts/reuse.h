/* mcts/reuse.h - finding the new root in the last search's tree.  A turn
 * may span several step plies, and children were merged by the position
 * they lead to, so a played move is found by the hash of its result. */
#ifndef TESSERA_MCTS_REUSE_H
#define TESSERA_MCTS_REUSE_H

#include "search/mcts/tree.h"

/* The node whose position is root after `count` whole moves, each of which
 * must be legal in turn; UINT32_MAX when the tree does not hold it. */
uint32_t find_descendant(const NodePool *pool, const Game *game, bool steps, const Position *root,
                         const Move *moves, int count);

#endif
