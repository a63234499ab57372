/* arena_log.c - time-stamped conversation log behind one lock. */
#include "arena/arena_log.h"

#include <errno.h>
#include <string.h>

#include "util/clock.h"

bool arena_log_open(ArenaLog *log, const char *path, char *err, size_t err_size)
{
    log->file = fopen(path, "a");
    if (!log->file) {
        snprintf(err, err_size, "-log %s: %s", path, strerror(errno));
        return false;
    }
    pthread_mutex_init(&log->lock, NULL);
    log->start_ms = now_ms();
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

void arena_log_line(ArenaLog *log, const char *who, char direction, const char *text)
{
    if (!arena_log_enabled(log))
        return;
    int64_t ms = now_ms() - log->start_ms;
    pthread_mutex_lock(&log->lock);
    fprintf(log->file, "%lld.%03lld %s %c %s\n", (long long)(ms / 1000), (long long)(ms % 1000), who,
            direction, text);
    fflush(log->file);
    pthread_mutex_unlock(&log->lock);
}
