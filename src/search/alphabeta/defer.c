/*
 * alphabeta/defer.c - ABDADA's deferral, in Tom Kerrigan's simplified form: a
 * thread that reaches a move another thread is searching right now leaves
 * it for the end of its node and searches the node's other moves first.
 *
 * Lazy SMP alone lets two threads at the same node walk the same ordered
 * list one behind the other, the second one repeating what the table does
 * not yet hold.  Deferred, the second thread takes the next move instead,
 * and by the time it comes back to the first one's move the table often
 * has its result.  The table of busy moves is a hint, not a lock: a slot
 * two moves share, or a race between mark and look, costs at most a move
 * searched twice or once too late, never a wrong score.
 */
#include <stdlib.h>

#include "search/alphabeta/internal.h"

#define DEFER_SLOTS_BITS 15

/* A node's move as one number; never 0, the free slot's value. */
uint64_t ab_defer_key(uint64_t node_key, Move move)
{
    return (node_key ^ ((uint64_t)move * 0x9E3779B97F4A7C15ULL)) | 1;
}

static _Atomic uint64_t *slot_of(const AbShared *s, uint64_t move_key)
{
    return &s->busy_moves[move_key >> (64 - DEFER_SLOTS_BITS)];
}

bool ab_defer_begin(AbShared *s)
{
    s->busy_moves = calloc((size_t)1 << DEFER_SLOTS_BITS, sizeof *s->busy_moves);
    return s->busy_moves != NULL;
}

void ab_defer_end(AbShared *s)
{
    free(s->busy_moves);
    s->busy_moves = NULL;
}

bool ab_defer_is_busy(const AbShared *s, uint64_t move_key)
{
    return atomic_load_explicit(slot_of(s, move_key), memory_order_relaxed) == move_key;
}

void ab_defer_mark(const AbShared *s, uint64_t move_key)
{
    atomic_store_explicit(slot_of(s, move_key), move_key, memory_order_relaxed);
}

void ab_defer_unmark(const AbShared *s, uint64_t move_key)
{
    uint64_t expected = move_key;
    atomic_compare_exchange_strong_explicit(slot_of(s, move_key), &expected, 0, memory_order_relaxed,
                                            memory_order_relaxed);
}
