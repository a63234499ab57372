/* arena_log.c - time-stamped conversation log behind one lock, each
 * engine's output up to its limit. */
#include "arena/arena_log.h"

#include <errno.h>
#include <string.h>

#include "util/clock.h"

bool arena_log_open(ArenaLog *log, const char *path, int64_t limit_bytes, char *err, size_t err_size)
{
    log->file = fopen(path, "a");
    if (!log->file) {
        snprintf(err, err_size, "-log %s: %s", path, strerror(errno));
        return false;
    }
    pthread_mutex_init(&log->lock, NULL);
    log->start_ms = now_ms();
    log->limit_bytes = limit_bytes;
    log->engine_count = 0;
    return true;
}

void arena_log_close(ArenaLog *log)
{
    if (!log->file)
        return;
    fclose(log->file);
    log->file = NULL;
    pthread_mutex_destroy(&log->lock);
}

/* The engine's counter, added on first use; NULL when the table is full
 * (its output is then not counted). */
static ArenaLogEngine *counter_of(ArenaLog *log, const char *engine)
{
    for (int i = 0; i < log->engine_count; i++)
        if (strcmp(log->engines[i].name, engine) == 0)
            return &log->engines[i];
    if (log->engine_count == ARENA_LOG_ENGINES_MAX)
        return NULL;
    ArenaLogEngine *counter = &log->engines[log->engine_count++];
    snprintf(counter->name, sizeof counter->name, "%s", engine);
    counter->bytes = 0;
    counter->capped = false;
    return counter;
}

static void write_line(ArenaLog *log, const char *who, char direction, const char *text)
{
    int64_t ms = now_ms() - log->start_ms;
    fprintf(log->file, "%lld.%03lld %s %c %s\n", (long long)(ms / 1000), (long long)(ms % 1000), who, direction,
            text);
}

/* Whether a line of the engine's output still fits its limit; says once
 * (under who) when it no longer does.  Called under the lock. */
static bool within_limit(ArenaLog *log, const char *engine, const char *who, const char *text)
{
    ArenaLogEngine *counter = log->limit_bytes > 0 ? counter_of(log, engine) : NULL;
    if (!counter)
        return true;
    if (counter->capped)
        return false;
    counter->bytes += (int64_t)strlen(text) + 1;
    if (counter->bytes <= log->limit_bytes)
        return true;
    counter->capped = true;
    char note[300];
    snprintf(note, sizeof note,
             "log limit reached: %s printed more than %lld bytes, the rest of its output is not logged "
             "(-loglimit)",
             engine, (long long)log->limit_bytes);
    write_line(log, who, '#', note);
    fflush(log->file);
    return false;
}

void arena_log_line(ArenaLog *log, const char *engine, const char *who, char direction, const char *text)
{
    if (!arena_log_enabled(log))
        return;
    pthread_mutex_lock(&log->lock);
    bool output = direction == '<' || direction == '!';
    if (!output || within_limit(log, engine, who, text)) {
        write_line(log, who, direction, text);
        fflush(log->file);
    }
    pthread_mutex_unlock(&log->lock);
}
