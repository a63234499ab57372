/* mcts/tree.c - the node pool: fixed memory, bump allocation, and the
 * compaction that tree reuse needs. */
#include "search/mcts/tree.h"

#include <stdlib.h>
#include <string.h>

#include "util/huge_alloc.h"

bool pool_init(NodePool *pool, size_t hash_mb)
{
    size_t count = hash_mb * 1024 * 1024 / sizeof(Node);
    if (count < 16)
        count = 16;
    if (count > UINT32_MAX - 1)
        count = UINT32_MAX - 1;
    /* Made at once, outside any clock, on huge pages (util/huge_alloc.h):
     * a node's children and its parent are rarely on the same page. */
    pool->nodes = huge_zeroed_alloc(count * sizeof(Node));
    if (!pool->nodes)
        return false;
    pool->capacity = (uint32_t)count;
    pool_clear(pool);
    return true;
}

void pool_free(NodePool *pool)
{
    huge_free(pool->nodes, (size_t)pool->capacity * sizeof(Node));
    pool->nodes = NULL;
    pool->capacity = 0;
}

void node_init(Node *node, Move action, bool turn_ends)
{
    node->action = action;
    node->first_child = 0;
    node->child_count = 0;
    node->turn_ends = turn_ends;
    node->complete = 0;
    node->prior = 0;
    atomic_init(&node->state, NODE_LEAF);
    atomic_init(&node->minimax, 0.5f);
    atomic_init(&node->proof, PROOF_NONE);
    atomic_init(&node->visits, 0);
    atomic_init(&node->reward, 0);
}

void pool_clear(NodePool *pool)
{
    node_init(&pool->nodes[0], MOVE_NONE, true);
    atomic_store(&pool->used, 1);
    atomic_store(&pool->full, false);
}

uint32_t pool_take(NodePool *pool, uint32_t count)
{
    if (atomic_load_explicit(&pool->full, memory_order_relaxed))
        return UINT32_MAX;
    uint32_t first = atomic_fetch_add(&pool->used, count);
    /* Overshooting `used` is harmless: once full, nobody takes again. */
    if (first > pool->capacity || pool->capacity - first < count) {
        atomic_store(&pool->full, true);
        return UINT32_MAX;
    }
    return first;
}

uint32_t pool_take_from_chunk(NodePool *pool, PoolChunk *chunk, uint32_t count)
{
    if (chunk->end - chunk->next >= count) {
        uint32_t first = chunk->next;
        chunk->next += count;
        return first;
    }
    if (count >= POOL_CHUNK_NODES)
        return pool_take(pool, count);
    uint32_t first = pool_take(pool, POOL_CHUNK_NODES);
    if (first == UINT32_MAX)
        return UINT32_MAX;
    chunk->next = first + count;
    chunk->end = first + POOL_CHUNK_NODES;
    return first;
}

static void copy_node(Node *to, const Node *from)
{
    to->action = from->action;
    to->first_child = from->first_child;
    to->child_count = from->child_count;
    to->turn_ends = from->turn_ends;
    to->complete = from->complete;
    to->prior = from->prior;
    atomic_init(&to->state, atomic_load(&from->state));
    atomic_init(&to->minimax, atomic_load(&from->minimax));
    atomic_init(&to->proof, atomic_load(&from->proof));
    atomic_init(&to->visits, atomic_load(&from->visits));
    atomic_init(&to->reward, atomic_load(&from->reward));
}

static uint32_t subtree_size(const NodePool *pool, uint32_t index)
{
    /* Iterative: a tree may be as deep as a game is long. */
    uint32_t total = 0;
    uint32_t *stack = malloc(sizeof(uint32_t) * pool->capacity);
    if (!stack)
        return 0;
    uint32_t top = 0;
    stack[top++] = index;
    while (top) {
        const Node *n = &pool->nodes[stack[--top]];
        total++;
        if (atomic_load(&n->state) == NODE_EXPANDED)
            for (uint32_t c = 0; c < n->child_count; c++)
                stack[top++] = n->first_child + c;
    }
    free(stack);
    return total;
}

/* Breadth first into a scratch copy keeps each child block contiguous. */
bool pool_keep_subtree(NodePool *pool, uint32_t keep)
{
    uint32_t total = subtree_size(pool, keep);
    Node *copy = total ? malloc(sizeof(Node) * total) : NULL;
    uint32_t *origin = total ? malloc(sizeof(uint32_t) * total) : NULL;
    if (!copy || !origin) {
        free(copy);
        free(origin);
        pool_clear(pool);
        return false;
    }
    uint32_t written = 1;
    origin[0] = keep;
    for (uint32_t read = 0; read < written; read++) {
        const Node *from = &pool->nodes[origin[read]];
        copy_node(&copy[read], from);
        if (atomic_load(&from->state) != NODE_EXPANDED)
            continue;
        copy[read].first_child = written;
        for (uint32_t c = 0; c < from->child_count; c++)
            origin[written++] = from->first_child + c;
    }
    for (uint32_t i = 0; i < total; i++)
        copy_node(&pool->nodes[i], &copy[i]);
    atomic_store(&pool->used, total);
    atomic_store(&pool->full, false);
    free(copy);
    free(origin);
    return true;
}
