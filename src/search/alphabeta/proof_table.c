/* alphabeta/proof_table.c - the proof search's table (see alphabeta/proof_table.h).
 *
 * Lockless, as the main table (tt.c): a slot is three words written one by
 * one, the first being the key xor the other two, so a probe that meets a
 * slot half written by another thread reads a key that matches nothing (a
 * miss, never a wrong hit).  Relaxed atomics cost nothing over plain loads
 * and stores on the usual machines, and keep the sharing defined. */
#include "search/alphabeta/proof_table.h"

#include "util/huge_alloc.h"

#define SLOTS_PER_BUCKET 4

/* numbers: proof in bits 0-31, disproof 32-63; effort: work (saturated)
 * in bits 0-31, turns 32-63.  check = key ^ numbers ^ effort; all zero is
 * a free slot (a key of 0 is stored as 1: a rare miss, never a wrong hit). */
struct ProofSlot {
    _Atomic uint64_t check, numbers, effort;
};
#define BUCKET_BYTES (SLOTS_PER_BUCKET * sizeof(ProofSlot))

static uint64_t stored_key(uint64_t key) { return key ? key : 1; }

bool pt_allocate(ProofTable *pt, size_t megabytes)
{
    pt->slots = huge_table_alloc(megabytes, BUCKET_BYTES, &pt->bucket_count);
    atomic_init(&pt->draw_seen, false);
    return pt->slots != NULL;
}

void pt_free(ProofTable *pt)
{
    huge_table_free(pt->slots, pt->bucket_count, BUCKET_BYTES);
    pt->slots = NULL;
    pt->bucket_count = 0;
}

void pt_clear(ProofTable *pt)
{
    size_t n = pt->bucket_count * SLOTS_PER_BUCKET;
    for (size_t i = 0; i < n; i++) {
        atomic_store_explicit(&pt->slots[i].check, 0, memory_order_relaxed);
        atomic_store_explicit(&pt->slots[i].numbers, 0, memory_order_relaxed);
        atomic_store_explicit(&pt->slots[i].effort, 0, memory_order_relaxed);
    }
    atomic_store(&pt->draw_seen, false);
}

/* Multiply-shift maps the key onto any bucket count, not just powers of 2. */
static ProofSlot *bucket_of(const ProofTable *pt, uint64_t key)
{
    size_t index = (size_t)(((unsigned __int128)key * pt->bucket_count) >> 64);
    return pt->slots + index * SLOTS_PER_BUCKET;
}

typedef struct {
    uint64_t key, numbers, effort;
} SlotCopy;

static SlotCopy read_slot(ProofSlot *slot)
{
    SlotCopy c;
    c.numbers = atomic_load_explicit(&slot->numbers, memory_order_relaxed);
    c.effort = atomic_load_explicit(&slot->effort, memory_order_relaxed);
    c.key = atomic_load_explicit(&slot->check, memory_order_relaxed) ^ c.numbers ^ c.effort;
    return c;
}

static uint32_t low(uint64_t word) { return (uint32_t)word; }
static uint32_t high(uint64_t word) { return (uint32_t)(word >> 32); }

bool pt_probe(const ProofTable *pt, uint64_t key, ProofNumbers *out)
{
    if (!pt->bucket_count)
        return false;
    key = stored_key(key);
    ProofSlot *bucket = bucket_of(pt, key);
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        SlotCopy c = read_slot(&bucket[i]);
        if (c.key == key) {
            *out = (ProofNumbers){low(c.numbers), high(c.numbers), high(c.effort)};
            return true;
        }
    }
    return false;
}

/* The key's own slot, else a free one, else the one with the least work
 * behind it. */
static ProofSlot *victim_in(ProofSlot *bucket, uint64_t key)
{
    ProofSlot *victim = NULL;
    uint32_t least = UINT32_MAX;
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        SlotCopy c = read_slot(&bucket[i]);
        if (c.key == key)
            return &bucket[i];
        uint32_t work = c.key == 0 ? 0 : low(c.effort);
        if (!victim || work < least) {
            victim = &bucket[i];
            least = work;
        }
    }
    return victim;
}

void pt_store(ProofTable *pt, uint64_t key, ProofNumbers numbers, uint64_t work)
{
    if (!pt->bucket_count)
        return;
    key = stored_key(key);
    ProofSlot *slot = victim_in(bucket_of(pt, key), key);
    uint64_t packed = (uint64_t)numbers.proof | (uint64_t)numbers.disproof << 32;
    uint64_t effort = (uint64_t)(work > UINT32_MAX ? UINT32_MAX : (uint32_t)work) | (uint64_t)numbers.turns << 32;
    atomic_store_explicit(&slot->numbers, packed, memory_order_relaxed);
    atomic_store_explicit(&slot->effort, effort, memory_order_relaxed);
    atomic_store_explicit(&slot->check, key ^ packed ^ effort, memory_order_relaxed);
}
