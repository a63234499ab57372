/* mcts/reuse.c - walking the old tree along the moves played since. */
#include "search/mcts/reuse.h"

#include "search/mcts/actions.h"

/* Depth first through the step plies of one turn (at most a few deep). */
static uint32_t find_turn(const NodePool *pool, const Game *game, bool steps, uint32_t index,
                          const Position *pos, uint64_t target)
{
    const Node *node = &pool->nodes[index];
    if (atomic_load(&node->state) != NODE_EXPANDED)
        return UINT32_MAX;
    for (int i = 0; i < node->child_count; i++) {
        const Node *child = node_child(pool, node, i);
        Position next = *pos;
        if (steps)
            game->play_step(&next, child->action);
        else
            game->play(&next, child->action);
        uint32_t child_index = node->first_child + (uint32_t)i;
        if (child->turn_ends) {
            if (game->hash(&next) == target)
                return child_index;
            continue;
        }
        uint32_t found = find_turn(pool, game, steps, child_index, &next, target);
        if (found != UINT32_MAX)
            return found;
    }
    return UINT32_MAX;
}

uint32_t find_descendant(const NodePool *pool, const Game *game, bool steps, const Position *root,
                         const Move *moves, int count)
{
    uint32_t index = 0;
    Position pos = *root;
    for (int m = 0; m < count && index != UINT32_MAX; m++) {
        Position next = pos;
        game->play(&next, moves[m]);
        index = find_turn(pool, game, steps, index, &pos, game->hash(&next));
        pos = next;
    }
    return index;
}
