/*
 * tournament.h - a whole run: games k = first..last scheduled over engine
 * pairings, played `concurrency` at a time (each game thread owns its own
 * engine processes), every finished game appended to the PGN file at once,
 * progress at most once a second, reports every N games and at the end, and
 * the SPRT stop.
 */
#ifndef TESSERA_ARENA_TOURNAMENT_H
#define TESSERA_ARENA_TOURNAMENT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/launcher.h"
#include "arena/opening.h"
#include "arena/results.h"
#include "arena/schedule.h"
#include "arena/spec.h"
#include "arena/stats.h"

#define TOURNAMENT_MAX_CONCURRENCY 256
/* An engine that fails to start for this many of its games in a row (a
 * binary deleted or replaced mid-run, a machine out of memory) stops the
 * run: going on would only score forfeits. */
#define TOURNAMENT_START_FAILURES_MAX 3

typedef struct {
    const Game *game;
    EngineSpec engines[ARENA_MAX_ENGINES];
    int engine_count;
    Schedule schedule;
    OpeningSet openings;
    uint64_t first, last; /* game numbers, 1-based, inclusive */
    int concurrency;
    SprtSettings sprt;
    const char *pgn_path; /* NULL: no PGN */
    bool resume;          /* continue from the games already in pgn_path */
    const char *log_path; /* NULL: no conversation log */
    int64_t log_limit_bytes; /* of each engine's output in the log; 0: no limit */
    bool show;            /* print the board after every move */
    uint64_t rating_interval; /* full report every N games; 0 = only at the end */
    uint64_t seed;
    /* -launcher-hosts: game thread k's engines run on host k mod N
     * (launcher.h); NULL without the flag.  Owned by the command line
     * (cli_free); the engines' specs point to it. */
    LauncherHosts *launcher_hosts;
    /* -launcher-retries, -launcher-retries-total (replays.h): a game whose
     * launcher failed is played again up to launcher_retries times, all
     * games together up to launcher_retries_total times; then the run
     * stops (TOURNAMENT_LAUNCHER_FAILED). */
    int launcher_retries, launcher_retries_total;
} TournamentConfig;

typedef enum {
    TOURNAMENT_DONE,        /* every game played */
    TOURNAMENT_SPRT_DONE,   /* the SPRT concluded */
    TOURNAMENT_INTERRUPTED, /* the abort flag was raised from outside */
    TOURNAMENT_FAILED,      /* PGN or log trouble; err says what */
    TOURNAMENT_ENGINE_FAILED,  /* an engine cannot be used: it failed its check
                                  before the first game, or stopped starting
                                  (TOURNAMENT_START_FAILURES_MAX games in a
                                  row); err says which and why */
    TOURNAMENT_LAUNCHER_FAILED /* a launcher kept failing past the replays
                                  (replays.h); err names its host and what it
                                  said */
} TournamentStatus;

/* Values of the abort flag: 0 run on, TOURNAMENT_ABORT_INTERRUPT (set by
 * the caller, e.g. on Ctrl-C); the tournament itself sets
 * TOURNAMENT_ABORT_STOP when the SPRT concludes or the PGN fails. */
enum { TOURNAMENT_ABORT_INTERRUPT = 1, TOURNAMENT_ABORT_STOP = 2 };

/* Checks every engine first (preflight.h); then runs the tournament,
 * printing progress and reports to out.  The finished
 * games end up in *results (owned by the caller: results_free). */
TournamentStatus tournament_run(const TournamentConfig *config, atomic_int *abort, FILE *out,
                                ResultTable *results, char *err, size_t err_size);

#endif
