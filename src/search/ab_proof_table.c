/* ab_proof_table.c - the proof search's table (see ab_proof_table.h). */
#include "search/ab_proof_table.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS_PER_BUCKET 4

struct ProofSlot {
    uint64_t key; /* 0 = free (a key of 0 is stored as 1: a rare miss, never a wrong hit) */
    uint32_t proof, disproof;
    uint32_t work; /* saturated at UINT32_MAX */
    uint32_t turns;
};

static uint64_t stored_key(uint64_t key) { return key ? key : 1; }

bool pt_allocate(ProofTable *pt, size_t megabytes)
{
    size_t bytes = (megabytes ? megabytes : 1) << 20;
    size_t buckets = bytes / (SLOTS_PER_BUCKET * sizeof(ProofSlot));
    pt->slots = calloc(buckets * SLOTS_PER_BUCKET, sizeof(ProofSlot));
    pt->bucket_count = pt->slots ? buckets : 0;
    pt->draw_seen = false;
    return pt->slots != NULL;
}

void pt_free(ProofTable *pt)
{
    free(pt->slots);
    pt->slots = NULL;
    pt->bucket_count = 0;
}

void pt_clear(ProofTable *pt)
{
    if (pt->slots)
        memset(pt->slots, 0, pt->bucket_count * SLOTS_PER_BUCKET * sizeof(ProofSlot));
    pt->draw_seen = false;
}

/* Multiply-shift maps the key onto any bucket count, not just powers of 2. */
static ProofSlot *bucket_of(const ProofTable *pt, uint64_t key)
{
    size_t index = (size_t)(((unsigned __int128)key * pt->bucket_count) >> 64);
    return pt->slots + index * SLOTS_PER_BUCKET;
}

bool pt_probe(const ProofTable *pt, uint64_t key, ProofNumbers *out)
{
    if (!pt->bucket_count)
        return false;
    key = stored_key(key);
    const ProofSlot *bucket = bucket_of(pt, key);
    for (int i = 0; i < SLOTS_PER_BUCKET; i++)
        if (bucket[i].key == key) {
            *out = (ProofNumbers){bucket[i].proof, bucket[i].disproof, bucket[i].turns};
            return true;
        }
    return false;
}

/* A free slot first, else the one with the least work behind it. */
static ProofSlot *victim_in(ProofSlot *bucket, uint64_t key)
{
    for (int i = 0; i < SLOTS_PER_BUCKET; i++)
        if (bucket[i].key == key)
            return &bucket[i];
    ProofSlot *victim = bucket;
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        if (bucket[i].key == 0)
            return &bucket[i];
        if (bucket[i].work < victim->work)
            victim = &bucket[i];
    }
    return victim;
}

void pt_store(ProofTable *pt, uint64_t key, ProofNumbers numbers, uint64_t work)
{
    if (!pt->bucket_count)
        return;
    key = stored_key(key);
    ProofSlot *slot = victim_in(bucket_of(pt, key), key);
    *slot = (ProofSlot){
        .key = key,
        .proof = numbers.proof,
        .disproof = numbers.disproof,
        .work = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work,
        .turns = numbers.turns,
    };
}
