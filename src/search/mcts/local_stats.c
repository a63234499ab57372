/* mcts/local_stats.c - publishing a thread's counts for the top of the tree. */
#include "search/mcts/local_stats.h"

void local_stats_publish(LocalStats *local, NodePool *pool)
{
    if (!local)
        return;
    for (uint32_t k = 0; k < local->touched_count; k++) {
        uint32_t i = local->touched[k];
        Node *node = &pool->nodes[i];
        LocalCounts *c = &local->counts[i];
        atomic_fetch_add_explicit(&node->visits, c->visits, memory_order_relaxed);
        if (c->reward)
            atomic_fetch_add_explicit(&node->reward, c->reward, memory_order_relaxed);
        *c = (LocalCounts){0, 0};
    }
    local->touched_count = 0;
}
