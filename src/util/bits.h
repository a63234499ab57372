/* bits.h - counting set bits without a library call.
 *
 * The build targets plain x86-64 (no popcnt instruction), where
 * __builtin_popcountll becomes a call into libgcc that looks a table up per
 * byte; the evaluations count bits at every node, so the count is done
 * inline with the usual bit-parallel sums instead. */
#ifndef TESSERA_BITS_H
#define TESSERA_BITS_H

#include <stdint.h>

static inline int popcount64(uint64_t bits)
{
    bits = bits - ((bits >> 1) & 0x5555555555555555ULL);
    bits = (bits & 0x3333333333333333ULL) + ((bits >> 2) & 0x3333333333333333ULL);
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((bits * 0x0101010101010101ULL) >> 56);
}

#endif
