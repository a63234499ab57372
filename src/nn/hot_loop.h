/*
 * hot_loop.h - NN_HOT_LOOP marks a network inner loop that gcc compiles
 * twice, for AVX2 and for the baseline, the one run chosen once at load by
 * the processor (function multiversioning, through glibc's ifunc).  The
 * two clones do the same operations in the same order (the C fixes the
 * order of every float sum, and ISO C mode contracts no multiply-add), so
 * a value never depends on the processor.  Elsewhere (another compiler or
 * architecture, no glibc) and in the sanitizer builds it is nothing: a
 * ThreadSanitizer build crashes in the resolver, which the dynamic loader
 * runs before the sanitizer's runtime is set up.
 */
#ifndef TESSERA_NN_HOT_LOOP_H
#define TESSERA_NN_HOT_LOOP_H

#include <stdint.h> /* on glibc, defines __GLIBC__ (through features.h) */

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__) && \
    !defined(TESSERA_SANITIZED)
#define NN_HOT_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define NN_HOT_LOOP
#endif

/* A helper of an NN_HOT_LOOP function: made part of each clone (a helper
 * left out of line would run the baseline code only). */
#if defined(__GNUC__)
#define NN_HOT_HELPER static inline __attribute__((always_inline))
#else
#define NN_HOT_HELPER static inline
#endif

#endif
