/* preflight.c - start and check every engine once before the first game. */
#include "arena/preflight.h"

#include <stdio.h>
#include <stdlib.h>

#include "arena/engine.h"
#include "arena/latency.h"
#include "arena/replays.h"

void preflight_describe_through(const EngineSpec *spec, const char *launcher, int status, const char *why,
                                char *out, size_t out_size)
{
    /* The program did not run, or the engine refused an option: why says
     * it all.  Anything else went wrong in the handshake. */
    const char *kind = status == ENGINE_CANNOT_RUN || status == ENGINE_REFUSED ? "" : "no handshake: ";
    if (launcher && launcher[0])
        snprintf(out, out_size, "engine %s (cmd=%s, through '%s'): %s%s", spec->name, spec->cmd, launcher, kind,
                 why);
    else
        snprintf(out, out_size, "engine %s (cmd=%s): %s%s", spec->name, spec->cmd, kind, why);
}

void preflight_describe(const EngineSpec *spec, int status, const char *why, char *out, size_t out_size)
{
    preflight_describe_through(spec, NULL, status, why, out, out_size);
}

/* The slots whose hosts differ: all of them up to the number of hosts
 * when the engine's launcher names {host}, else one. */
static int slots_to_check(const EngineSpec *spec, int slots)
{
    if (!spec->hosts || !launcher_uses_host(spec->launcher))
        return 1;
    int distinct = slots < spec->hosts->count ? slots : spec->hosts->count;
    return distinct < 1 ? 1 : distinct;
}

PreflightStatus preflight_engines(const EngineSpec *engines, int count, int slots, const char *game_id,
                                  ArenaLog *log, const atomic_int *abort, FILE *out, char *err, size_t err_size)
{
    Engine *engine = malloc(sizeof *engine);
    if (!engine) {
        snprintf(err, err_size, "out of memory");
        return PREFLIGHT_FAILED;
    }
    /* Every engine is checked (on every host it will run on), so that one
     * run names every typo. */
    PreflightStatus result = PREFLIGHT_OK;
    size_t used = 0;
    err[0] = '\0';
    for (int i = 0; i < count && result != PREFLIGHT_ABORTED; i++) {
        int checks = slots_to_check(&engines[i], slots);
        for (int slot = 0; slot < checks && result != PREFLIGHT_ABORTED; slot++) {
            char why[700], line[1200 + SPEC_TEXT_MAX], launcher[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX];
            engine_init(engine, &engines[i], log, abort, "check");
            engine_set_slot(engine, slot);
            engine_launcher_text(engine, launcher, sizeof launcher);
            EngineStatus status = replays_start(engine, game_id, abort, why, sizeof why);
            if (status == ENGINE_OK && !latency_check(engine, launcher, out, why, sizeof why))
                status = ENGINE_EXITED; /* the engine is killed: quit only reaps it */
            engine_quit(engine);
            if (status == ENGINE_ABORTED)
                result = PREFLIGHT_ABORTED;
            else if (status != ENGINE_OK) {
                preflight_describe_through(&engines[i], launcher, status, why, line, sizeof line);
                if (used < err_size)
                    used += (size_t)snprintf(err + used, err_size - used, "%s%s", used ? "\n" : "", line);
                result = PREFLIGHT_FAILED;
            }
        }
    }
    free(engine);
    return result;
}
