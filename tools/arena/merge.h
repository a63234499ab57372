/*
 * merge.h - `tessera-arena merge FILE...`: the combined statistics of PGN
 * files written by slices of one run (-games A..B) or by whole runs of
 * one game with different seeds.  A game is identified by its run's seed
 * and its number (both from the PGN: the recorded run configuration and
 * the Round tag); pairs are taken only from runs that repeated openings.
 * Engines are numbered in the order they first play (by seed, then game
 * number), as in the run itself, so merging the slices of a run prints
 * the run's own final report.
 */
#ifndef TESSERA_ARENA_MERGE_H
#define TESSERA_ARENA_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena/results.h"
#include "arena/stats.h"

/* Reads the files into table (results_init'ed by the caller); false with
 * err filled when a file cannot be read or holds no finished game, when
 * games of several game ids mix, when a game (seed and number) appears
 * twice, or when two runs of one seed were configured differently. */
bool merge_read(char *const *paths, int count, ResultTable *table, char *err, size_t err_size);

/* Reads and prints the report; returns an exit status (0 or 1). */
int merge_command(char *const *paths, int count, const SprtSettings *sprt, FILE *out, FILE *errors);

#endif
