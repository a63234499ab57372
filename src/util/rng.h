/* rng.h - small seeded generators (splitmix64 for seeding, xoshiro256** for
 * streams).  Deterministic across platforms: tests and arena runs depend on it. */
#ifndef TESSERA_RNG_H
#define TESSERA_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} Rng;

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void rng_seed(Rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, bound), bound > 0, without modulo bias (Lemire). */
static inline uint64_t rng_below(Rng *rng, uint64_t bound)
{
    __uint128_t m = (__uint128_t)rng_next(rng) * bound;
    uint64_t low = (uint64_t)m;
    if (low < bound) {
        uint64_t threshold = -bound % bound;
        while (low < threshold) {
            m = (__uint128_t)rng_next(rng) * bound;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

/* Uniform double in [0, 1). */
static inline double rng_unit(Rng *rng) { return (double)(rng_next(rng) >> 11) * 0x1.0p-53; }

#endif
