/*
 * position_set.h - the positions already in a data file, by hash, so that
 * each position is written once (datagen's deduplication across threads
 * and across resumed runs).  Not thread-safe: the writer holds its lock.
 */
#ifndef TESSERA_DATAGEN_POSITION_SET_H
#define TESSERA_DATAGEN_POSITION_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t *slots; /* open addressing; 0 marks a free slot */
    size_t capacity; /* a power of two */
    size_t count;
    bool has_zero; /* the hash 0 is kept here, since 0 marks free slots */
} PositionSet;

void position_set_init(PositionSet *set);
void position_set_free(PositionSet *set);

/* Adds hash; true when it was new, false when already there.  Sets
 * *out_of_memory (and returns false) when the table cannot grow. */
bool position_set_add(PositionSet *set, uint64_t hash, bool *out_of_memory);

#endif
