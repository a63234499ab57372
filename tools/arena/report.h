/*
 * report.h - what the arena prints: the progress line, the per-pairing
 * result blocks (fastchess layout), the standings table and the SPRT line.
 * Pure formatting of a ResultTable, shared by runs and `merge`.
 */
#ifndef TESSERA_ARENA_REPORT_H
#define TESSERA_ARENA_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "arena/results.h"
#include "arena/stats.h"

/* The full report: every pairing that played, then the standings and the
 * failures.  The table is sorted by round first.  sprt may be NULL. */
void report_print(FILE *out, ResultTable *table, const SprtSettings *sprt);

/* One line: games done of total, then the score of the first pairing (or
 * the leader with more engines), Elo, and the LLR when SPRT is on. */
void report_progress(FILE *out, ResultTable *table, uint64_t done, uint64_t total,
                     const SprtSettings *sprt);

/* The LLR of engine 0 against engine 1 (pentanomial when pairs exist). */
double report_llr(const PairTally *tally, const SprtSettings *sprt);

#endif
