/*
 * tune_cli.h - tessera-tune's command line.
 *
 * The tuner's own flags (-tune, -params, -iterations, the gains, -csv,
 * -resume, -progress) are taken out; every other flag is the arena's and
 * goes to the arena's own parser (cli_parse) unchanged, so -engine, -each,
 * -game, -openings, -concurrency, -seed and -log mean exactly what they
 * mean to tessera-arena.  The one -engine given is handed to the arena
 * twice: as the engines theta+delta and theta-delta when tuning, as the
 * tuned and the default engine when verifying.
 */
#ifndef TESSERA_TUNE_CLI_H
#define TESSERA_TUNE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena/cli.h"
#include "tune/param_source.h"
#include "tune/spsa.h"

/* Exit codes: the arena's, so scripts treat both tools alike. */
enum {
    TUNE_EXIT_OK = ARENA_EXIT_OK,
    TUNE_EXIT_FAILED = ARENA_EXIT_FAILED,
    TUNE_EXIT_BAD_ARGS = ARENA_EXIT_BAD_ARGS,
    TUNE_EXIT_LAUNCHER = ARENA_EXIT_LAUNCHER,
    TUNE_EXIT_INTERRUPTED = ARENA_EXIT_INTERRUPTED
};

#define TUNE_DEFAULT_CSV "tune.csv"
#define TUNE_DEFAULT_PROGRESS 10
#define TUNE_MAX_ARGS 512
/* Games a verification plays unless told otherwise. */
#define TUNE_VERIFY_GAMES 400

typedef enum { TUNE_COMMAND_TUNE, TUNE_COMMAND_VERIFY, TUNE_COMMAND_HELP, TUNE_COMMAND_VERIFY_HELP } TuneCommand;

typedef struct {
    TuneCommand command;
    ArenaOptions arena; /* engines[0] and [1]: the -engine twice */

    const char *tune_patterns; /* -tune */
    const char *params_path;   /* -params */
    int iterations;            /* game pairs; from -iterations or -games / 2 */
    bool have_A;
    double A, alpha, gamma;
    StepDefaults steps;
    const char *csv_path; /* -csv, or the -resume file */
    bool resume;
    bool force; /* -force: a new run may overwrite an existing CSV */
    bool skip_effect_check; /* -skip-effect-check: tune even what the probe saw change nothing */
    int progress_every;

    /* The arena's part of the command line, for printing an equivalent
     * tessera-arena invocation: pointers into argv. */
    const char *arena_args[TUNE_MAX_ARGS];
    int arena_arg_count;
    int engine_at, engine_words; /* where the -engine words are in arena_args */
    char verify_games[16];       /* "-games" value added when none was given */
} TuneOptions;

/* Returns TUNE_EXIT_OK or TUNE_EXIT_BAD_ARGS (err filled).  On success
 * release with tune_cli_free. */
int tune_cli_parse(int argc, char *const *argv, TuneOptions *options, char *err, size_t err_size);
void tune_cli_free(TuneOptions *options);

/* The schedule the flags ask for (fishtest's defaults where not given). */
SpsaSchedule tune_cli_schedule(const TuneOptions *options);

void tune_cli_print_help(FILE *out);
/* The help of `tessera-tune verify`. */
void tune_cli_print_verify_help(FILE *out);

/* Writes text to out quoted for a POSIX shell when it needs quotes. */
void tune_cli_print_quoted(FILE *out, const char *text);

#endif
