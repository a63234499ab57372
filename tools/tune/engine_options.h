/*
 * engine_options.h - the spin options an engine lists, asked of the engine
 * itself through the arena's engine handling.
 *
 * The arena's engine_start keeps the option lines of the `uci` answer
 * (engine_option_line), so the tuner starts the engine once and reads them
 * there: no second copy of process handling.
 */
#ifndef TESSERA_TUNE_ENGINE_OPTIONS_H
#define TESSERA_TUNE_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena/spec.h"
#include "tune/spin_options.h"

/* Starts the engine (handshake, Game, the spec's options), quits it, and
 * fills list with its spin options.  Fills err when it does not start,
 * lists more options than the arena keeps, or lists a malformed spin. */
bool tune_engine_spin_options(const EngineSpec *spec, const char *game_id, SpinOptionList *list,
                         char *err, size_t err_size);

#endif
