/* engine.c - start, handshake and synchronous commands over child.h. */
#include "web/engine.h"

#include <stdio.h>
#include <string.h>

#include "util/clock.h"

typedef struct {
    TextBuf *options;
    bool offers_wdl; /* declares UCI_ShowWDL */
} Handshake;

static bool collect_option(void *context, char *line)
{
    Handshake *h = context;
    if (strncmp(line, "option ", 7) == 0) {
        text_printf(h->options, "%s\n", line);
        h->offers_wdl = h->offers_wdl || strncmp(line, "option name UCI_ShowWDL type check", 34) == 0;
    }
    return strcmp(line, "uciok") == 0;
}

bool engine_start(Engine *engine, const char *path, char *why, size_t why_size)
{
    child_init(&engine->child, NULL, NULL, NULL);
    snprintf(engine->path, sizeof engine->path, "%s", path);
    text_free(&engine->option_lines);
    char *argv[] = {engine->path, NULL};
    char reason[256];
    if (child_spawn(&engine->child, engine->path, argv, false, reason, sizeof reason) != CHILD_OK) {
        snprintf(why, why_size, "the engine %s cannot be started: %s", path, reason);
        return false;
    }
    const char *uci[] = {"uci"};
    Handshake h = {&engine->option_lines, false};
    int64_t deadline = now_ms() + ENGINE_ANSWER_MS;
    if (child_send(&engine->child, uci, 1, deadline, reason, sizeof reason) != CHILD_OK ||
        child_read_until(&engine->child, deadline, collect_option, &h, reason, sizeof reason) != CHILD_OK) {
        snprintf(why, why_size, "the engine %s failed its uci handshake: %s", path, reason);
        child_kill(&engine->child);
        return false;
    }
    /* The page shows a win/draw/loss bar when info lines carry `wdl`:
     * asked of an engine that offers it, never made up for one that
     * does not. */
    if (h.offers_wdl && !engine_send(engine, "setoption name UCI_ShowWDL value true", why, why_size)) {
        child_kill(&engine->child);
        return false;
    }
    return true;
}

void engine_end(Engine *engine)
{
    if (engine->child.pid > 0 || engine->child.to_child >= 0) {
        const char *quit[] = {"quit"};
        child_send(&engine->child, quit, 1, now_ms() + 200, NULL, 0);
        child_end(&engine->child, 500);
    }
    text_free(&engine->option_lines);
}

bool engine_send(Engine *engine, const char *line, char *why, size_t why_size)
{
    char reason[200];
    if (child_send(&engine->child, &line, 1, now_ms() + ENGINE_ANSWER_MS, reason, sizeof reason) == CHILD_OK)
        return true;
    snprintf(why, why_size, "the engine %s", reason);
    return false;
}

bool engine_command(Engine *engine, const char *const *lines, int count, EngineLineFn on_line, void *context,
                    char *why, size_t why_size)
{
    for (int i = 0; i < count; i++)
        if (!engine_send(engine, lines[i], why, why_size))
            return false;
    if (!engine_send(engine, "isready", why, why_size))
        return false;
    int64_t deadline = now_ms() + ENGINE_ANSWER_MS;
    char reason[200];
    for (;;) {
        ChildStatus status = child_read_line(&engine->child, deadline, reason, sizeof reason);
        if (status == CHILD_MALFORMED && child_line_too_long(&engine->child)) {
            status = child_skip_line(&engine->child, deadline, reason, sizeof reason);
            if (status == CHILD_OK) {
                on_line(context, ENGINE_LINE_TOO_LONG);
                continue;
            }
        }
        if (status != CHILD_OK) {
            snprintf(why, why_size, "the engine %s", reason);
            return false;
        }
        if (strcmp(engine->child.line, "readyok") == 0)
            return true;
        on_line(context, engine->child.line);
    }
}

long engine_pid(const Engine *engine) { return (long)engine->child.pid; }
