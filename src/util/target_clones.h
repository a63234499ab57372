/*
 * target_clones.h - functions gcc compiles twice, for a processor feature
 * and for the baseline x86-64 the build targets, the one run chosen once
 * at load (function multiversioning, through glibc's ifunc).  Both clones
 * compute the same values, so nothing depends on the processor.
 * Elsewhere (another compiler or architecture, no glibc) and in the
 * sanitizer builds the marks are nothing: a ThreadSanitizer build crashes
 * in the resolver, which the dynamic loader runs before the sanitizer's
 * runtime is set up.
 *
 *   CLONES_AVX2    the networks' inner loops (src/nn/hot_loop.h);
 *   CLONES_POPCNT  code that counts bits at every node: gcc turns
 *                  popcount64's bit-parallel sums (util/bits.h) into one
 *                  popcnt instruction in the clone (Room and Pillar's
 *                  evaluation, inputs and move count).
 */
#ifndef TESSERA_TARGET_CLONES_H
#define TESSERA_TARGET_CLONES_H

#include <stdint.h> /* on glibc, defines __GLIBC__ (through features.h) */

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__) && \
    !defined(TESSERA_SANITIZED)
#define CLONES_AVX2 __attribute__((target_clones("avx2", "default")))
#define CLONES_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define CLONES_AVX2
#define CLONES_POPCNT
#endif

#endif
