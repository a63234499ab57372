/*
 * mcts/local_stats.h - a search thread's own visits and rewards for the top
 * of the tree, added to the shared counts every few playouts (issue 14).
 *
 * Every playout passes through the root and the few nodes under it, so
 * with the counts there shared, each playout moved their cache lines from
 * core to core: on Room and Pillar, whose playouts take about a
 * microsecond, two threads played fewer playouts than one.  The top of the
 * tree is the first nodes of the pool (a fresh tree grows from node 0, a
 * kept one is laid out breadth first), so a thread counts what it adds to
 * the first LOCAL_STAT_NODES nodes here and publishes it in one go.  Its
 * own selection sees the shared counts plus its own, so one thread searches
 * exactly as with shared counts alone; other threads see them at the next
 * publication (their virtual loss at the top of the tree arrives late).
 * A search on one thread has nobody to meet and counts in the tree
 * directly: the look-ups cost it a few percent in the bench.
 */
#ifndef TESSERA_MCTS_LOCAL_STATS_H
#define TESSERA_MCTS_LOCAL_STATS_H

#include <stdint.h>

#include "search/mcts/tree.h"

/* 4096 nodes: a root's children and most of their children (48 KB of
 * counts per thread, in its L2 cache). */
#define LOCAL_STAT_NODES 4096u

/* A node's counts since the last publication: at most a batch of
 * playouts' (a report publishes too), so 32 bits hold the rewards. */
typedef struct {
    uint32_t visits;
    uint32_t reward;
} LocalCounts;

typedef struct {
    LocalCounts counts[LOCAL_STAT_NODES];
    uint32_t touched[LOCAL_STAT_NODES]; /* the nodes with counts here */
    uint32_t touched_count;
} LocalStats;

static inline uint32_t local_index(const NodePool *pool, const Node *node)
{
    return (uint32_t)(node - pool->nodes);
}

/* The node's visits as this thread sees them (local may be NULL: shared
 * only).  Selection reads a block of children's counts at once
 * (mcts/select.c). */
static inline uint32_t seen_visits(const LocalStats *local, const NodePool *pool, const Node *node)
{
    uint32_t shared = atomic_load_explicit(&node->visits, memory_order_relaxed);
    uint32_t i = local_index(pool, node);
    return local && i < LOCAL_STAT_NODES ? shared + local->counts[i].visits : shared;
}

/* A visit on the way down (local NULL: to the shared node).  A node's
 * reward is only ever added after its visit in the same playout (counts
 * are published between playouts), so the visits alone say which nodes
 * have counts here. */
static inline void count_visit(LocalStats *local, const NodePool *pool, Node *node)
{
    uint32_t i = local_index(pool, node);
    if (!local || i >= LOCAL_STAT_NODES) {
        atomic_fetch_add_explicit(&node->visits, 1, memory_order_relaxed);
        return;
    }
    if (local->counts[i].visits++ == 0)
        local->touched[local->touched_count++] = i;
}

static inline void count_reward(LocalStats *local, const NodePool *pool, Node *node, uint32_t reward)
{
    uint32_t i = local_index(pool, node);
    if (!local || i >= LOCAL_STAT_NODES)
        atomic_fetch_add_explicit(&node->reward, reward, memory_order_relaxed);
    else
        local->counts[i].reward += reward;
}

/* Adds this thread's counts to the shared ones and forgets them (nothing
 * when local is NULL). */
void local_stats_publish(LocalStats *local, NodePool *pool);

#endif
