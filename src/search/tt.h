/*
 * tt.h - the transposition table the alphabeta backend shares between its
 * threads.
 *
 * Buckets of four entries; an entry is three 64-bit words (check, move,
 * data) where check = key ^ move ^ data.  Threads read and write the words
 * with relaxed atomics and no lock: a torn entry (words from two different
 * stores) fails the check and reads as a miss (the "xor trick").  Moves are
 * whole 64-bit values because every game packs its own.
 */
#ifndef TESSERA_TT_H
#define TESSERA_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

enum { TT_BOUND_NONE = 0, TT_BOUND_UPPER = 1, TT_BOUND_LOWER = 2, TT_BOUND_EXACT = 3 };

/* A proven result holds at any depth: stored with this depth it is never
 * replaced by a shallower guess and always satisfies a probe. */
#define TT_DEPTH_PROVEN 0x7FFF

typedef struct {
    Move move; /* MOVE_NONE when the entry holds no move */
    int score;
    int depth;
    int bound;
} TTEntry;

typedef struct {
    _Atomic uint64_t *words;
    size_t bucket_count;
    uint8_t generation; /* which search wrote an entry; older ones go first */
    /* Which clear the entries belong to: tt_clear moves it on, and an
     * entry of another reads as empty, so a clear (datagen makes one per
     * game) costs no pass over the table but one in 65536. */
    uint16_t epoch;
} TransTable;

/* Allocates (zeroed) a table of about megabytes MB; false when out of memory. */
bool tt_allocate(TransTable *tt, size_t megabytes);
void tt_free(TransTable *tt);
/* Empties the table (see epoch). */
void tt_clear(TransTable *tt);
void tt_new_search(TransTable *tt);

bool tt_probe(const TransTable *tt, uint64_t key, TTEntry *out);
/* Asks the memory for key's bucket ahead of a probe (a probe of a table
 * far bigger than the caches waits on memory for most of its time). */
void tt_prefetch(const TransTable *tt, uint64_t key);
void tt_store(TransTable *tt, uint64_t key, Move move, int score, int depth, int bound);

/* Per mille of a sample of entries written by the current search. */
int tt_hashfull(const TransTable *tt);

#endif
