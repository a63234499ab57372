/*
 * tune_run.h - the SPSA iteration loop over real games.
 *
 * Iterations are handed out to `concurrency` threads.  Each thread owns two
 * engine processes (the arena's Engine), the theta+delta one and the
 * theta-delta one, and plays the iteration's pair with the arena's
 * match_play: the same opening (the arena's opening k for iteration k),
 * first with the + engine as p1, then with the - engine as p1.  New values
 * reach a running engine by setoption before the pair (match_play's
 * ucinewgame/isready follows); an engine restarted after a crash gets them
 * in its handshake.  The update, the CSV row and the progress line happen
 * under one lock, in iteration order: a pair that finishes before an
 * earlier one waits for it, so the CSV's rows are always iterations
 * 0..k-1, each applied once, and -resume goes on exactly from k.
 *
 * With P = concurrency, iteration k starts only once iteration k-P is
 * applied, and perturbs theta as it stood then (spsa.h: asynchronous SPSA
 * with delay P-1).  So the run is a function of the command alone: the
 * same flags give the same CSV whatever the timing; P itself is part of
 * the algorithm (P = 1 is sequential SPSA).  A game whose engine's
 * launcher failed (a lost connection) never reaches the gradient: it is
 * played again, the same game of the same pair (arena/replays.h), or the
 * run stops.
 */
#ifndef TESSERA_TUNE_RUN_H
#define TESSERA_TUNE_RUN_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/tournament.h"
#include "tune/spsa.h"

/* Pairs in a row that scored 0 for the + side (both games drawn, or one
 * won by each engine) after which the run warns that its games carry no
 * signal: SPSA's update is zero for each, so theta stands still.  With no
 * draws a 0 comes half the time, 50 in a row about once in 10^15 pairs;
 * with 90% draws about once in 30000 pairs, a run that is nearly blind. */
#define TUNE_NO_SIGNAL_PAIRS 50

typedef struct {
    const TournamentConfig *arena; /* game, engines[0] (+) and [1] (-), openings, concurrency, log */
    FILE *out;                     /* progress lines */
    FILE *csv;                     /* one row per iteration; may be NULL */
    int progress_every;
} TuneRunConfig;

/* Games from the + side's point of view, and those an engine fault decided
 * (crash, time forfeit, illegal move: they still count, as in fishtest). */
typedef struct {
    int64_t plus_wins, draws, plus_losses;
    int64_t faults;
    /* Games whose engine's launcher failed (arena/replays.h): played
     * again, never scored. */
    int64_t launcher_failures;
    /* Pairs finished after one that never did (interrupted): not applied. */
    int64_t pairs_not_applied;
} TuneTally;

/* TUNE_RUN_LAUNCHER_FAILED: a launcher kept failing past the replays
 * (-launcher-retries, -launcher-retries-total); err names its host. */
typedef enum { TUNE_RUN_DONE, TUNE_RUN_INTERRUPTED, TUNE_RUN_FAILED, TUNE_RUN_LAUNCHER_FAILED } TuneRunStatus;

/* Plays iterations spsa->done .. iterations-1 (fewer when abort is raised:
 * the pairs in flight then do not count, nor those that finished after the
 * first of them).  Fills err on TUNE_RUN_FAILED. */
TuneRunStatus tune_run(const TuneRunConfig *config, Spsa *spsa, atomic_int *abort,
                       TuneTally *tally, char *err, size_t err_size);

/* "Name=12.34 Other=-3.50" into out. */
void tune_format_values(const Spsa *spsa, char *out, size_t out_size);

#endif
