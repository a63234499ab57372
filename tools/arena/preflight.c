/* preflight.c - start and check every engine once before the first game. */
#include "arena/preflight.h"

#include <stdio.h>
#include <stdlib.h>

#include "arena/engine.h"

void preflight_describe(const EngineSpec *spec, int status, const char *why, char *out, size_t out_size)
{
    /* The program did not run, or the engine refused an option: why says
     * it all.  Anything else went wrong in the handshake. */
    const char *kind = status == ENGINE_CANNOT_RUN || status == ENGINE_REFUSED ? "" : "no handshake: ";
    snprintf(out, out_size, "engine %s (cmd=%s): %s%s", spec->name, spec->cmd, kind, why);
}

PreflightStatus preflight_engines(const EngineSpec *engines, int count, const char *game_id, ArenaLog *log,
                                  const atomic_int *abort, char *err, size_t err_size)
{
    Engine *engine = malloc(sizeof *engine);
    if (!engine) {
        snprintf(err, err_size, "out of memory");
        return PREFLIGHT_FAILED;
    }
    /* Every engine is checked, so that one run names every typo. */
    PreflightStatus result = PREFLIGHT_OK;
    size_t used = 0;
    err[0] = '\0';
    for (int i = 0; i < count && result != PREFLIGHT_ABORTED; i++) {
        char why[700], line[1200];
        engine_init(engine, &engines[i], log, abort, "check");
        EngineStatus status = engine_start(engine, game_id, why, sizeof why);
        engine_quit(engine);
        if (status == ENGINE_ABORTED)
            result = PREFLIGHT_ABORTED;
        else if (status != ENGINE_OK) {
            preflight_describe(&engines[i], status, why, line, sizeof line);
            if (used < err_size)
                used += (size_t)snprintf(err + used, err_size - used, "%s%s", used ? "\n" : "", line);
            result = PREFLIGHT_FAILED;
        }
    }
    free(engine);
    return result;
}
