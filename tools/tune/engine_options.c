/* engine_options.c - an engine's uci option list, as the arena's engine
 * kept it from one handshake and the list asked again after Game. */
#include "tune/engine_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/engine.h"
#include "arena/latency.h"
#include "arena/preflight.h"
#include "arena/replays.h"

/* The engine's option lines, one per line (to free); NULL and err filled
 * when they did not all fit in what the engine keeps. */
static char *option_text(const Engine *engine, char *err, size_t err_size)
{
    int count = engine_option_count(engine);
    if (count < 0) {
        snprintf(err, err_size, "engine %s lists more than %d options or %d bytes of them",
                 engine->spec->name, ENGINE_OPTION_LINES_MAX, ENGINE_OPTION_TEXT_MAX);
        return NULL;
    }
    size_t size = 1;
    for (int i = 0; i < count; i++)
        size += strlen(engine_option_line(engine, i)) + 1;
    char *text = malloc(size), *end = text;
    if (!text) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    for (int i = 0; i < count; i++)
        end += sprintf(end, "%s\n", engine_option_line(engine, i));
    *end = '\0';
    return text;
}

/* Runs one handshake; returns the option lines (to free). */
static char *handshake_options(const EngineSpec *spec, const char *game_id, char *err, size_t err_size)
{
    Engine *engine = malloc(sizeof *engine);
    if (!engine) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    engine_init(engine, spec, NULL, NULL, "options");
    char why[400], launcher[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX], through[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX + 16];
    engine_launcher_text(engine, launcher, sizeof launcher); /* slot 0: the first host */
    snprintf(through, sizeof through, "%s%s%s", launcher[0] ? " (through '" : "", launcher, launcher[0] ? "')" : "");
    EngineStatus status = replays_start(engine, game_id, NULL, why, sizeof why);
    if (status == ENGINE_OK && !latency_check(engine, launcher, stderr, why, sizeof why))
        status = ENGINE_EXITED;
    /* The list again once Game is set: a per-game default shows as the
     * game's own (Qawale's AbEvalOrderWidth 48, not the common 0). */
    if (status == ENGINE_OK && game_id)
        status = engine_list_options_again(engine, why, sizeof why);
    engine_quit(engine);
    char *text = NULL;
    if (status == ENGINE_REFUSED) /* it started, but an option.NAME= is wrong */
        preflight_describe_through(spec, launcher, status, why, err, err_size);
    else if (status != ENGINE_OK)
        snprintf(err, err_size, "engine %s did not start%s: %s", spec->name, through, why);
    else
        text = option_text(engine, err, err_size);
    free(engine);
    return text;
}

bool tune_engine_spin_options(const EngineSpec *spec, const char *game_id, SpinOptionList *list,
                         char *err, size_t err_size)
{
    char *answer = handshake_options(spec, game_id, err, err_size);
    if (!answer)
        return false;
    char why[300];
    bool ok = spin_options_from_text(answer, list, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, "engine %s's uci answer: %s", spec->name, why);
    free(answer);
    return ok;
}
