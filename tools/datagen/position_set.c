/* position_set.c - a growing open-addressing set of 64-bit hashes. */
#include "datagen/position_set.h"

#include <stdlib.h>

#define INITIAL_CAPACITY 1024

void position_set_init(PositionSet *set) { *set = (PositionSet){0}; }

void position_set_free(PositionSet *set)
{
    free(set->slots);
    *set = (PositionSet){0};
}

/* The slot holding hash, or the free slot where it belongs. */
static size_t slot_of(const uint64_t *slots, size_t capacity, uint64_t hash)
{
    size_t i = (size_t)(hash * 0x9E3779B97F4A7C15ULL) & (capacity - 1);
    while (slots[i] != 0 && slots[i] != hash)
        i = (i + 1) & (capacity - 1);
    return i;
}

/* Keeps the table at most half full so probes stay short. */
static bool grow(PositionSet *set)
{
    size_t capacity = set->capacity ? set->capacity * 2 : INITIAL_CAPACITY;
    uint64_t *slots = calloc(capacity, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < set->capacity; i++)
        if (set->slots[i])
            slots[slot_of(slots, capacity, set->slots[i])] = set->slots[i];
    free(set->slots);
    set->slots = slots;
    set->capacity = capacity;
    return true;
}

bool position_set_add(PositionSet *set, uint64_t hash, bool *out_of_memory)
{
    *out_of_memory = false;
    if (hash == 0) {
        bool added = !set->has_zero;
        set->has_zero = true;
        return added;
    }
    if ((set->count + 1) * 2 > set->capacity && !grow(set)) {
        *out_of_memory = true;
        return false;
    }
    size_t i = slot_of(set->slots, set->capacity, hash);
    if (set->slots[i] == hash)
        return false;
    set->slots[i] = hash;
    set->count++;
    return true;
}
