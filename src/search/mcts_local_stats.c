/* mcts_local_stats.c - publishing a thread's counts for the top of the tree. */
#include "search/mcts_local_stats.h"

void local_stats_publish(LocalStats *local, NodePool *pool)
{
    for (uint32_t k = 0; k < local->touched_count; k++) {
        uint32_t i = local->touched[k];
        Node *node = &pool->nodes[i];
        if (local->visits[i])
            atomic_fetch_add_explicit(&node->visits, local->visits[i], memory_order_relaxed);
        if (local->reward[i])
            atomic_fetch_add_explicit(&node->reward, local->reward[i], memory_order_relaxed);
        local->visits[i] = 0;
        local->reward[i] = 0;
    }
    local->touched_count = 0;
}
