/* engine_options.c - an engine's uci option list, read from the arena's
 * conversation log of one handshake. */
#include "tune/engine_options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/arena_log.h"
#include "arena/engine.h"
#include "tune/text_file.h"

#define LOG_TEXT_MAX (4u << 20)

void tune_engine_lines_from_log(const char *log_text, const char *label, char *out, size_t out_size)
{
    /* A log line is "<seconds> <label> <direction> <text>". */
    char marker[SPEC_NAME_MAX + 48];
    snprintf(marker, sizeof marker, " %s < ", label);
    size_t marker_length = strlen(marker), used = 0;
    out[0] = '\0';
    for (const char *p = log_text; *p;) {
        size_t n = strcspn(p, "\n");
        const char *hit = strstr(p, marker);
        if (hit && hit < p + n) {
            const char *text = hit + marker_length;
            size_t length = (size_t)(p + n - text);
            if (used + length + 2 > out_size)
                return;
            memcpy(out + used, text, length);
            used += length;
            out[used++] = '\n';
            out[used] = '\0';
        }
        p += n + (p[n] == '\n');
    }
}

/* A fresh temporary file for the log; path receives its name. */
static bool make_temp(char *path, size_t path_size, char *err, size_t err_size)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, path_size, "%s/tessera-tune-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(err, err_size, "cannot create a temporary file %s: %s", path, strerror(errno));
        return false;
    }
    close(fd);
    return true;
}

/* Runs one handshake with the log on; returns the log's text (to free). */
static char *handshake_log(const EngineSpec *spec, const char *game_id, const char *path,
                           char *label, size_t label_size, char *err, size_t err_size)
{
    ArenaLog log;
    if (!arena_log_open(&log, path, err, err_size))
        return NULL;
    Engine *engine = malloc(sizeof *engine);
    if (!engine) {
        arena_log_close(&log);
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    engine_init(engine, spec, &log, NULL, "options");
    snprintf(label, label_size, "%s", engine->label);
    char why[400];
    EngineStatus status = engine_start(engine, game_id, why, sizeof why);
    engine_quit(engine);
    free(engine);
    arena_log_close(&log);
    if (status != ENGINE_OK) {
        snprintf(err, err_size, "engine %s did not start: %s", spec->name, why);
        return NULL;
    }
    return text_file_read(path, LOG_TEXT_MAX, NULL, err, err_size);
}

bool tune_engine_spin_options(const EngineSpec *spec, const char *game_id, SpinOptionList *list,
                         char *err, size_t err_size)
{
    char path[4096], label[SPEC_NAME_MAX + 24];
    if (!make_temp(path, sizeof path, err, err_size))
        return false;
    char *log_text = handshake_log(spec, game_id, path, label, sizeof label, err, err_size);
    unlink(path);
    if (!log_text)
        return false;
    size_t size = strlen(log_text) + 1;
    char *answer = malloc(size);
    bool ok = answer != NULL;
    if (ok) {
        tune_engine_lines_from_log(log_text, label, answer, size);
        char why[300];
        ok = spin_options_from_text(answer, list, why, sizeof why);
        if (!ok)
            snprintf(err, err_size, "engine %s's uci answer: %s", spec->name, why);
    } else {
        snprintf(err, err_size, "out of memory");
    }
    free(answer);
    free(log_text);
    return ok;
}
