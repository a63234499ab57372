/* monotonic.h - milliseconds from a clock that never jumps (think times,
 * deadlines, progress pacing). */
#ifndef TESSERA_ARENA_MONOTONIC_H
#define TESSERA_ARENA_MONOTONIC_H

#include <stdint.h>

int64_t monotonic_ms(void);

#endif
