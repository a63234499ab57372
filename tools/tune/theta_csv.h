/*
 * theta_csv.h - theta over time, one CSV row per finished iteration, and
 * resuming a run from it.
 *
 *     iteration,RoomMobility,RoomParity
 *     0,10,50                        the start values
 *     1,10.4123,49.5877              after the first game pair
 *     ...
 *
 * Each value is written in the shortest form that reads back as exactly
 * the double (format_exact_double), so a resumed run goes on from the
 * very thetas of the uninterrupted one; files of older versions (6
 * decimals) are read as well.
 *
 * -resume reads the header (the same parameters, in the same order, as
 * the run being resumed) and the last complete row, and the run goes on
 * from that iteration with those values, appending to the same file; with
 * a delay d (-concurrency d+1, spsa.h) also the d rows before it, the
 * thetas the next pairs perturb.  A last row cut short by a crash is
 * dropped.
 *
 * The CSV does not say what the run was started with: a tuning run keeps
 * that in the record beside it (run_record.h), which -resume checks first.
 */
#ifndef TESSERA_TUNE_THETA_CSV_H
#define TESSERA_TUNE_THETA_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tune/spsa.h"

/* Creates path (empty) for a new run.  An existing file is a finished or
 * interrupted run's history: it is refused (err says how to resume it or
 * overwrite it) unless overwrite.  Returns the open file, or NULL with err
 * filled. */
FILE *theta_csv_open_new(const char *path, bool overwrite, char *err, size_t err_size);

/* Writes the header and row 0 to a file theta_csv_open_new opened. */
bool theta_csv_start(FILE *file, const char *path, const Spsa *spsa, char *err, size_t err_size);

/* Both: creates path and writes the header and row 0.  An existing file is a
 * finished or interrupted run's history: it is refused (err says how to
 * resume it or overwrite it) unless overwrite.  Returns the open file, or
 * NULL with err filled. */
FILE *theta_csv_create(const char *path, bool overwrite, const Spsa *spsa, char *err,
                       size_t err_size);

/* One row: spsa->done and every theta.  Flushed, so an interruption loses
 * at most the row being written. */
bool theta_csv_append(FILE *file, const Spsa *spsa);

/* The last complete row of a theta CSV with the header's names. */
typedef struct {
    char name[SPSA_MAX_PARAMS][SPSA_NAME_MAX];
    double value[SPSA_MAX_PARAMS];
    int count;
    int iteration;
} ThetaRow;

/* Reads CSV text: the header, then every complete row (consecutive
 * iterations from 0, numbers only); row receives the last one and
 * *kept_bytes the length of the text up to its end. */
bool theta_csv_last_row(const char *text, ThetaRow *row, size_t *kept_bytes, char *err,
                        size_t err_size);

/* The same from a file (verify reads the tuned values so). */
bool theta_csv_load_last_row(const char *path, ThetaRow *row, char *err, size_t err_size);

/* Reads the CSV text: checks the header against spsa's parameters, then
 * sets spsa->done and every theta from the last complete row, and the
 * thetas of the schedule's delay rows before it (spsa_restore).
 * *kept_bytes receives the length of the text up to the end of that row. */
bool theta_csv_restore(const char *text, Spsa *spsa, size_t *kept_bytes, char *err,
                       size_t err_size);

/* Restores from path and opens it for appending after the last complete
 * row (a cut-short row is removed first). */
FILE *theta_csv_resume(const char *path, Spsa *spsa, char *err, size_t err_size);

#endif
