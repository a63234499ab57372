/*
 * mate_set.h - positions whose exact mate distance is known: Room and
 * Pillar games of uniformly random moves, valued backwards from their end
 * by the full solve (exact_mate.h) for as long as it stays within its
 * budget.  The earliest positions solved of each game (the longest, hence
 * hardest, distances) are kept.
 */
#ifndef TESSERA_MATE_SET_H
#define TESSERA_MATE_SET_H

#include <stdint.h>
#include <stdio.h>

#include "games/game.h"

typedef struct {
    int width, height;       /* the board */
    int games;               /* random games played on it */
    int per_game;            /* positions kept from each game, earliest first */
    int min_plies;           /* shorter distances are left out (trivial) */
    uint64_t seed;
    uint64_t budget;         /* positions one game's full solve may value */
} MateSetPlan;

/* Writes one line per position kept, `<position>\t<plies>\t<mate N>` (the
 * protocol's `mate N` of that distance), and returns how many; -1 (and a
 * line in err) when the board cannot be set up. */
int mate_set_write(const MateSetPlan *plan, FILE *out, char *err, size_t err_size);

#endif
