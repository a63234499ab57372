/*
 * hot_loop.h - NN_HOT_LOOP marks a network inner loop that gcc compiles
 * twice, for AVX2 and for the baseline (util/target_clones.h).  The two
 * clones do the same operations in the same order (the C fixes the order
 * of every float sum, and ISO C mode contracts no multiply-add), so a value
 * never depends on the processor.
 */
#ifndef TESSERA_NN_HOT_LOOP_H
#define TESSERA_NN_HOT_LOOP_H

#include "util/target_clones.h"

#define NN_HOT_LOOP CLONES_AVX2

/* A helper of an NN_HOT_LOOP function: made part of each clone (a helper
 * left out of line would run the baseline code only). */
#if defined(__GNUC__)
#define NN_HOT_HELPER static inline __attribute__((always_inline))
#else
#define NN_HOT_HELPER static inline
#endif

#endif
