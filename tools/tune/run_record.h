/*
 * run_record.h - what a tuning run was started with, recorded beside its
 * CSV so that -resume can refuse a command that would continue it as
 * another run.
 *
 * The record is FILE.run for the CSV FILE: a first line that names the
 * format, then KEY=VALUE lines, then "# end".  It holds every setting that
 * changes the run's result, in canonical form (resolved values, so -games
 * 2N and -iterations N, or -tune and a -params line with the engine's own
 * values, are the same run):
 *
 *   - the arena's description of the games (arena/runconfig.h: the game,
 *     the seed, the openings, and the engine's command, arguments,
 *     protocol, time control, timemargin, timeout, ponder and options),
 *     with the engine's keys as engine.KEY and without what the tuner fixes
 *     itself (the two engines' names, the tournament, -repeat, -sprt);
 *   - concurrency: -concurrency P, SPSA's delay P-1;
 *   - the schedule: iterations (N), A (resolved: N/10 unless -A), alpha,
 *     gamma;
 *   - params (the count) and param.K for each parameter in order, as a
 *     -params line: name, start, min, max, c_end, r_end (resolved: the
 *     engine's default and range for -tune, the steps -c-end-fraction and
 *     -r-end give).
 *
 * Left out, so that a resume may change them: -launcher, launcher=,
 * -launcher-hosts, -progress, -log, -loglimit, -csv/-resume (the path),
 * -force.  Numbers are written in the shortest form that reads back as the
 * same double; control characters and backslashes in values as \xHH.
 *
 * The CSV itself stays a plain table (spreadsheets, verify, the tests'
 * awk read it as it is): the record is a file of its own.
 */
#ifndef TESSERA_TUNE_RUN_RECORD_H
#define TESSERA_TUNE_RUN_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "arena/tournament.h"
#include "tune/spsa.h"

/* The first and the last line of a record. */
#define RUN_RECORD_MAGIC "# tessera-tune run record 1: what changes the result of the run; -resume compares it"
#define RUN_RECORD_END "# end"
#define RUN_RECORD_SUFFIX ".run"

/* The record of the run that c and spsa (set up from the flags, before
 * any iteration) describe: a malloc'd NUL-terminated text, or NULL when
 * out of memory. */
char *run_record_describe(const TournamentConfig *c, const Spsa *spsa);

/* The record beside csv_path (to free); NULL when there is none (a Texel
 * CSV, a run from before records) or it cannot be read. */
char *run_record_read(const char *csv_path);

/* csv_path followed by RUN_RECORD_SUFFIX; false when it does not fit. */
bool run_record_path(const char *csv_path, char *out, size_t out_size);

/* Writes text as the record of csv_path, replacing any old one at once
 * (a temporary file renamed over it: a kill leaves the old or the new
 * record, never half of one). */
bool run_record_write(const char *csv_path, const char *text, char *err, size_t err_size);

/* Checks that recorded text is a whole record: the first line, KEY=VALUE
 * lines, the last line.  Fills err ("line N: ...") otherwise. */
bool run_record_well_formed(const char *text, char *err, size_t err_size);

/* Compares a recorded and a current record (both well formed) key by key,
 * in the recorded order, then the keys only current has.  Returns true
 * when they differ, with what filled with the first difference in words:
 * "the run was started with -concurrency 4, this command says
 * -concurrency 2". */
bool run_record_differs(const char *recorded, const char *current, char *what, size_t what_size);

/* -resume's check: reads the record of csv_path and compares it with
 * current.  Returns false with err filled (beginning "-resume CSV: ") when
 * the CSV itself is missing, when the record is missing, unreadable or
 * damaged, or when it differs. */
bool run_record_check(const char *csv_path, const char *current, char *err, size_t err_size);

#endif
