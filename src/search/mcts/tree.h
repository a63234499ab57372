/*
 * mcts/tree.h - the search tree: a fixed pool of nodes sized from Hash.
 *
 * A node is reached by one action (a step of a compound turn, or a whole
 * turn) and keeps its statistics from the view of the player who chose that
 * action, so a parent simply takes the child with the best mean.  Children of
 * a node are one contiguous block of the pool, handed out by an atomic bump
 * pointer; when the pool is full nodes stop expanding and the search goes on
 * with playouts from the leaves.  Everything threads share is atomic.
 *
 * Each search thread takes its blocks from a chunk of its own
 * (POOL_CHUNK_NODES at a time), so that threads do not all meet on the
 * bump pointer at every expansion (issue 14).
 */
#ifndef TESSERA_MCTS_TREE_H
#define TESSERA_MCTS_TREE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

enum { NODE_LEAF, NODE_EXPANDING, NODE_EXPANDED };

/* Proofs, from the view of the player who chose the node's action. */
enum { PROOF_NONE, PROOF_LOSS, PROOF_DRAW, PROOF_WIN };

/* Rewards are fixed point so that threads can add them atomically. */
#define REWARD_ONE 65536u

typedef struct {
    Move action;
    uint32_t first_child;
    uint16_t child_count;
    uint8_t turn_ends; /* the action ends its player's turn (or the game) */
    uint8_t complete;  /* the children are every legal action (up to equal results) */
    _Atomic uint8_t state;
    uint16_t prior; /* share of the parent's attention, PRIOR_ONE = all of it */
    /* kind in the low 2 bits, whole turns to the end above them */
    _Atomic uint32_t proof;
    _Atomic uint32_t visits; /* counted on the way down: a virtual loss while in flight */
    /* Implicit minimax (Lanctot et al. 2014): the evaluation backed up by
     * minimax through the expanded part of the tree, as the mover's win
     * chance (0..1; the logistic of MctsEvalScale, kept mapped so that
     * selection need not map it again). */
    _Atomic float minimax; /* MINIMAX_UNKNOWN until evaluated (MctsPolicy) */
    _Atomic uint64_t reward; /* sum, REWARD_ONE per win, half per draw */
} Node;

#define PRIOR_ONE 65535u

/* The minimax of a child a policy listed, before its first visit
 * evaluates it; no chance is negative. */
#define MINIMAX_UNKNOWN (-1.0f)

/* The pool's size in nodes is documented from this (protocol.md). */
_Static_assert(sizeof(Node) == 40, "a node is 40 bytes");

typedef struct {
    Node *nodes;
    uint32_t capacity;
    /* Written by the threads: a cache line of their own, apart from the
     * read-only fields above and (the struct's size being a whole line)
     * whatever follows the pool. */
    _Alignas(64) _Atomic uint32_t used;
    _Atomic bool full;
} NodePool;

/* Nodes one thread takes from the pool at a time; its blocks of children
 * come from there.  What a thread leaves of its last chunk goes unused, so
 * a full pool wastes at most this many nodes per thread. */
#define POOL_CHUNK_NODES 256u

/* One thread's chunk: the nodes [next, end) are its own. */
typedef struct {
    uint32_t next;
    uint32_t end;
} PoolChunk;

static inline int proof_kind(uint32_t proof) { return (int)(proof & 3); }
static inline int proof_turns(uint32_t proof) { return (int)(proof >> 2); }
static inline uint32_t make_proof(int kind, int turns) { return (uint32_t)kind | (uint32_t)turns << 2; }

/* Allocates room for capacity nodes from a Hash in MiB; false when out of memory. */
bool pool_init(NodePool *pool, size_t hash_mb);
void pool_free(NodePool *pool);
/* An empty tree: node 0 is a fresh root. */
void pool_clear(NodePool *pool);
/* Index of count fresh leaves, or UINT32_MAX when the pool is full. */
uint32_t pool_take(NodePool *pool, uint32_t count);
/* The same from a thread's chunk, refilled from the pool when it runs out
 * (a block larger than a chunk is taken from the pool directly). */
uint32_t pool_take_from_chunk(NodePool *pool, PoolChunk *chunk, uint32_t count);
void node_init(Node *node, Move action, bool turn_ends);

/* Moves the subtree under node `keep` to the front of the pool as the new
 * root (node 0), dropping the rest.  Needs no threads running. */
bool pool_keep_subtree(NodePool *pool, uint32_t keep);

static inline Node *node_child(const NodePool *pool, const Node *node, int i)
{
    return &pool->nodes[node->first_child + (uint32_t)i];
}

#endif
