/*
 * replays.h - games whose engine's launcher failed (a lost connection, a
 * step that never started: launcher.h's launcher_failed), shared by the
 * arena's game threads and the tuner's pair threads.
 *
 * Such a game is never scored: it is played again (the same opening,
 * colours and game number) up to `per_game` times, and at most `total`
 * times in the whole run; past either bound the run stops, naming the
 * launcher's host and what it said.  The failures are counted per host
 * for the report.  Not thread-safe: the caller holds its own lock.
 */
#ifndef TESSERA_ARENA_REPLAYS_H
#define TESSERA_ARENA_REPLAYS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/engine.h"
#include "arena/match.h"

/* Hosts counted one by one in the report; the others together. */
#define REPLAYS_HOSTS_SHOWN 8

typedef struct {
    char target[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX];
    int64_t count;
    char last_reason[sizeof ((Engine *)0)->launcher_reason];
} ReplayHost;

typedef struct {
    int per_game, total; /* the bounds (-launcher-retries, -launcher-retries-total) */
    int64_t failures;    /* launcher failures so far, every one replayed or stopping the run */
    ReplayHost hosts[REPLAYS_HOSTS_SHOWN];
    int host_count;
    int64_t other_hosts; /* failures on hosts past the table */
    bool stopped;        /* a bound was passed: the run stops */
} Replays;

typedef enum {
    REPLAY_AGAIN,  /* play the game again */
    REPLAY_STOP,   /* this failure passed a bound: stop the run (err filled) */
    REPLAY_STOPPED /* the run is stopping already: not counted */
} ReplayVerdict;

void replays_init(Replays *replays, int per_game, int total);

/* Counts a game (what: "game 12", "iteration 3 game 1") that ended with
 * TERM_LAUNCHER after `replayed` replays, and says whether it is played
 * again; REPLAY_STOP once, with err naming the host and the reason. */
ReplayVerdict replays_note(Replays *replays, const char *what, int replayed, const MatchResult *game, char *err,
                           size_t err_size);

/* "Launcher failures: 2 (not scored, games played again): node3 2, the
 * last: ssh: ...", one line; nothing when there was none. */
void replays_print(FILE *out, const Replays *replays);

/* Waits before replay number `replayed` + 1 (a quarter second more for each
 * replay before it, at most a second), returning early when abort is
 * raised: a host that refused a connection may take it a moment later. */
void replays_pause(int replayed, const atomic_int *abort);

/* engine_start, tried again (after replays_pause) while the failure is the
 * launcher's, up to the spec's launcher_retries more times: the check
 * before the first game and the tuner's first starts ride out what a game
 * would. */
EngineStatus replays_start(Engine *engine, const char *game_id, const atomic_int *abort, char *why,
                           size_t why_size);

#endif
