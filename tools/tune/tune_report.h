/*
 * tune_report.h - what the tuner prints besides progress: the parameter
 * table at the start, and at the end the values, a setoption block to
 * paste, and the command lines that verify them.
 */
#ifndef TESSERA_TUNE_REPORT_H
#define TESSERA_TUNE_REPORT_H

#include <stdio.h>

#include "tune/spsa.h"
#include "tune/theta_csv.h"
#include "tune/tune_cli.h"

/* The current theta of every parameter, as a row. */
void tune_row_from_spsa(const Spsa *spsa, ThetaRow *row);

/* Name, start, min, max, c_end, r_end and the first and last c_k and
 * a_k/c_k^2 of every parameter, and the schedule. */
void tune_print_plan(FILE *out, const Spsa *spsa);

/* A warning when a run of at least TUNE_NO_SIGNAL_PAIRS iterations left
 * every parameter at its start value as the engine receives it (rounded):
 * the tuning changed nothing.  Prints nothing otherwise. */
void tune_print_unmoved_warning(FILE *out, const Spsa *spsa);

/* setoption name NAME value V, one line per parameter, values rounded as
 * the engine receives them. */
void tune_print_setoption_block(FILE *out, const ThetaRow *row);

/* tessera-arena playing the engine with these values (name=tuned)
 * against itself with its defaults (name=default).  tool is argv[0]: the
 * arena is looked for beside it.  seed, when not NULL, replaces the
 * command's -seed (a tuning run's closing lines: other openings than the
 * ones it tuned on). */
void tune_print_arena_command(FILE *out, const char *tool, const TuneOptions *options,
                              const ThetaRow *row, const char *seed);

/* tessera-tune verify with the same arena flags (seed as above) and -csv. */
void tune_print_verify_command(FILE *out, const char *tool, const TuneOptions *options, const char *seed);

#endif
