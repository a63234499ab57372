/*
 * arena_log.h - the conversation log (-log FILE): every line the arena sends
 * to an engine and every line an engine prints, stdout and stderr, with a
 * time stamp and the engine it concerns.  Shared by all game threads.
 */
#ifndef TESSERA_ARENA_LOG_H
#define TESSERA_ARENA_LOG_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    FILE *file; /* NULL: logging off, every call is a no-op */
    pthread_mutex_t lock;
    int64_t start_ms;
} ArenaLog;

/* Opens path for appending; fills err when it cannot. */
bool arena_log_open(ArenaLog *log, const char *path, char *err, size_t err_size);
void arena_log_close(ArenaLog *log);

/* direction: '>' arena to engine, '<' engine stdout, '!' engine stderr,
 * '#' the arena's own remark (process started, killed, ...). */
void arena_log_line(ArenaLog *log, const char *who, char direction, const char *text);

static inline bool arena_log_enabled(const ArenaLog *log) { return log && log->file; }

#endif
