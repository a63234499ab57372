/*
 * arena_log.h - the conversation log (-log FILE): every line the arena sends
 * to an engine and every line an engine prints, stdout and stderr, with a
 * time stamp and the engine it concerns.  Shared by all game threads.
 *
 * What an engine prints is logged up to a limit per engine (all its
 * processes together, -loglimit): past it, one line says so and the rest
 * of its output is dropped, so that an engine that floods its stderr
 * cannot fill the disk.  The lines the arena sends and its own remarks
 * are always logged.
 */
#ifndef TESSERA_ARENA_LOG_H
#define TESSERA_ARENA_LOG_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The default limit per engine (-loglimit 64). */
#define ARENA_LOG_LIMIT_DEFAULT ((int64_t)64 << 20)
/* Engines whose output is counted (the arena runs at most 32). */
#define ARENA_LOG_ENGINES_MAX 64
#define ARENA_LOG_NAME_MAX 64

typedef struct {
    char name[ARENA_LOG_NAME_MAX];
    int64_t bytes; /* of its output, logged so far */
    bool capped;   /* the limit was reached: its output is dropped */
} ArenaLogEngine;

typedef struct {
    FILE *file; /* NULL: logging off, every call is a no-op */
    pthread_mutex_t lock;
    int64_t start_ms;
    int64_t limit_bytes; /* of each engine's output; 0: no limit */
    int engine_count;
    ArenaLogEngine engines[ARENA_LOG_ENGINES_MAX];
} ArenaLog;

/* Opens path for appending, with limit_bytes per engine (0: none); fills
 * err when it cannot. */
bool arena_log_open(ArenaLog *log, const char *path, int64_t limit_bytes, char *err, size_t err_size);
void arena_log_close(ArenaLog *log);

/* A line about engine (its name; who names it in the log, e.g. "t1:ab").
 * direction: '>' arena to engine, '<' engine stdout, '!' engine stderr,
 * '#' the arena's own remark (process started, killed, ...).  '<' and '!'
 * count toward the engine's limit. */
void arena_log_line(ArenaLog *log, const char *engine, const char *who, char direction, const char *text);

static inline bool arena_log_enabled(const ArenaLog *log) { return log && log->file; }

#endif
