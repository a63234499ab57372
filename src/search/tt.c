/* tt.c - a lockless, bucketed transposition table (see tt.h). */
#include "search/tt.h"

#include "util/huge_alloc.h"

#define ENTRIES_PER_BUCKET 4
#define WORDS_PER_ENTRY 3
#define WORDS_PER_BUCKET (ENTRIES_PER_BUCKET * WORDS_PER_ENTRY)
#define BUCKET_BYTES (WORDS_PER_BUCKET * sizeof(uint64_t))

/* data word: score + 32768 in bits 0-15, depth 16-31, bound 32-33,
 * generation 40-47, epoch 48-63. */
static uint64_t pack_data(int score, int depth, int bound, uint8_t generation, uint16_t epoch)
{
    return (uint64_t)(uint16_t)(score + 32768) | (uint64_t)(uint16_t)depth << 16 |
           (uint64_t)(bound & 3) << 32 | (uint64_t)generation << 40 | (uint64_t)epoch << 48;
}

static int data_score(uint64_t data) { return (int)(data & 0xFFFF) - 32768; }
static int data_depth(uint64_t data) { return (int)((data >> 16) & 0xFFFF); }
static int data_bound(uint64_t data) { return (int)((data >> 32) & 3); }
static uint8_t data_generation(uint64_t data) { return (uint8_t)(data >> 40); }

/* An entry written since the last clear (a zeroed word has bound none). */
static bool data_live(const TransTable *tt, uint64_t data)
{
    return data_bound(data) != TT_BOUND_NONE && (uint16_t)(data >> 48) == tt->epoch;
}

bool tt_allocate(TransTable *tt, size_t megabytes)
{
    tt->words = huge_table_alloc(megabytes, BUCKET_BYTES, &tt->bucket_count);
    if (!tt->words)
        return false;
    tt->generation = 0;
    tt->epoch = 0;
    return true;
}

void tt_free(TransTable *tt)
{
    huge_table_free((void *)tt->words, tt->bucket_count, BUCKET_BYTES);
    tt->words = NULL;
    tt->bucket_count = 0;
}

void tt_clear(TransTable *tt)
{
    tt->generation = 0;
    if (++tt->epoch != 0)
        return;
    /* Wrapped round: entries of this epoch's last use would come back. */
    size_t n = tt->bucket_count * WORDS_PER_BUCKET;
    for (size_t i = 0; i < n; i++)
        atomic_store_explicit(&tt->words[i], 0, memory_order_relaxed);
}

void tt_new_search(TransTable *tt) { tt->generation++; }

/* Multiply-shift maps the key onto any bucket count, not just powers of 2. */
static _Atomic uint64_t *bucket_of(const TransTable *tt, uint64_t key)
{
    size_t index = (size_t)(((unsigned __int128)key * tt->bucket_count) >> 64);
    return tt->words + index * WORDS_PER_BUCKET;
}

static uint64_t load(_Atomic uint64_t *word) { return atomic_load_explicit(word, memory_order_relaxed); }

void tt_prefetch(const TransTable *tt, uint64_t key)
{
    if (!tt->bucket_count)
        return;
    const char *bucket = (const char *)(const void *)bucket_of(tt, key);
    __builtin_prefetch(bucket);
    __builtin_prefetch(bucket + WORDS_PER_BUCKET * sizeof(uint64_t) - 1); /* a bucket may span two lines */
}

bool tt_probe(const TransTable *tt, uint64_t key, TTEntry *out)
{
    if (!tt->bucket_count)
        return false;
    _Atomic uint64_t *bucket = bucket_of(tt, key);
    for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
        _Atomic uint64_t *entry = bucket + i * WORDS_PER_ENTRY;
        uint64_t check = load(&entry[0]), move = load(&entry[1]), data = load(&entry[2]);
        if ((check ^ move ^ data) != key || !data_live(tt, data))
            continue;
        out->move = move;
        out->score = data_score(data);
        out->depth = data_depth(data);
        out->bound = data_bound(data);
        return true;
    }
    return false;
}

/* Lower is the better victim: old searches' entries first, then shallow ones. */
static int replacement_worth(const TransTable *tt, uint64_t data)
{
    if (!data_live(tt, data))
        return -1000000;
    int age = (uint8_t)(tt->generation - data_generation(data));
    return data_depth(data) - 64 * age;
}

void tt_store(TransTable *tt, uint64_t key, Move move, int score, int depth, int bound)
{
    if (!tt->bucket_count)
        return;
    _Atomic uint64_t *bucket = bucket_of(tt, key);
    _Atomic uint64_t *victim = bucket;
    int victim_worth = 1 << 30;
    for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
        _Atomic uint64_t *entry = bucket + i * WORDS_PER_ENTRY;
        uint64_t check = load(&entry[0]), old_move = load(&entry[1]), data = load(&entry[2]);
        if ((check ^ old_move ^ data) == key && data_live(tt, data)) {
            /* Same position: a proven result stays for good; keep a deeper
             * result of this search unless the new one is exact; keep the
             * old move when the new result has none. */
            if (data_depth(data) == TT_DEPTH_PROVEN && depth < TT_DEPTH_PROVEN)
                return;
            if (data_depth(data) > depth && bound != TT_BOUND_EXACT &&
                data_generation(data) == tt->generation)
                return;
            if (move == MOVE_NONE)
                move = old_move;
            victim = entry;
            break;
        }
        int worth = replacement_worth(tt, data);
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = entry;
        }
    }
    if (depth > TT_DEPTH_PROVEN)
        depth = TT_DEPTH_PROVEN;
    uint64_t data = pack_data(score, depth, bound, tt->generation, tt->epoch);
    atomic_store_explicit(&victim[0], key ^ move ^ data, memory_order_relaxed);
    atomic_store_explicit(&victim[1], move, memory_order_relaxed);
    atomic_store_explicit(&victim[2], data, memory_order_relaxed);
}

int tt_hashfull(const TransTable *tt)
{
    size_t buckets = tt->bucket_count < 250 ? tt->bucket_count : 250;
    int used = 0, sampled = 0;
    for (size_t b = 0; b < buckets; b++)
        for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
            uint64_t data = load(&tt->words[b * WORDS_PER_BUCKET + i * WORDS_PER_ENTRY + 2]);
            sampled++;
            used += data_live(tt, data) && data_generation(data) == tt->generation;
        }
    return sampled ? used * 1000 / sampled : 0;
}
