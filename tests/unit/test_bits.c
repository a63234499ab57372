/* test_bits.c - popcount64 agrees with counting the bits one at a time. */
#include "harness.h"

#include "util/bits.h"
#include "util/rng.h"

static int bits_one_by_one(uint64_t bits)
{
    int count = 0;
    for (int i = 0; i < 64; i++)
        count += (int)(bits >> i & 1);
    return count;
}

static void test_popcount64_counts_every_bit(void)
{
    CHECK_EQ_INT(popcount64(0), 0);
    CHECK_EQ_INT(popcount64(UINT64_MAX), 64);
    CHECK_EQ_INT(popcount64(1ULL << 63), 1);
    Rng rng;
    rng_seed(&rng, 3);
    bool same = true;
    for (int i = 0; i < 10000; i++) {
        /* sparse, dense and even words alike */
        uint64_t word = rng_next(&rng);
        uint64_t bits = i % 3 == 0 ? word & rng_next(&rng) : i % 3 == 1 ? word | rng_next(&rng) : word;
        same &= popcount64(bits) == bits_one_by_one(bits);
    }
    CHECK(same);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_popcount64_counts_every_bit);
    return harness_end();
}
