/*
 * preflight.h - every engine of a run is started once and checked before
 * the first game: the program exists and runs, it completes the handshake
 * (uci/ugi, Game, the options of its spec, isready), and every option.NAME=
 * is one it offers with a value it allows.  A run that cannot test what it
 * was asked must not start: a missing binary would otherwise lose every
 * game by forfeit and the statistics would conclude on nothing.
 */
#ifndef TESSERA_ARENA_PREFLIGHT_H
#define TESSERA_ARENA_PREFLIGHT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>

#include "arena/arena_log.h"
#include "arena/spec.h"

typedef enum {
    PREFLIGHT_OK,
    PREFLIGHT_FAILED, /* err names the engine, its command and why */
    PREFLIGHT_ABORTED /* the abort flag was raised while checking */
} PreflightStatus;

/* Checks engines[0..count-1] one after the other for the game game_id;
 * an engine whose launcher names {host} is checked on the host of every
 * slot 0..slots-1 (slots: the game threads; each distinct host once).
 * A start whose launcher failed is tried again (replays_start).  The
 * conversations go to log (may be NULL).  err gets one line per engine
 * (and host) that cannot be used.  An engine started through a launcher
 * has its round trip measured (latency.h): the figure, and a warning when
 * its time control leaves too little room for it, go to out (may be
 * NULL). */
PreflightStatus preflight_engines(const EngineSpec *engines, int count, int slots, const char *game_id,
                                  ArenaLog *log, const atomic_int *abort, FILE *out, char *err, size_t err_size);

/* The one-line reason an engine cannot be used, as preflight and the run's
 * "stopped starting" message say it: names the engine and its command,
 * then what failed (status) and why. */
void preflight_describe(const EngineSpec *spec, int status, const char *why, char *out, size_t out_size);

/* The same, naming the launcher words it ran through ("ssh node2"; none
 * when NULL or empty). */
void preflight_describe_through(const EngineSpec *spec, const char *launcher, int status, const char *why,
                                char *out, size_t out_size);

#endif
