/*
 * engine_options.h - the spin options an engine lists, asked of the engine
 * itself through the arena's engine handling.
 *
 * The arena's engine_start reads the `uci` answer but keeps only what a
 * match needs; its conversation log keeps every line.  So the tuner starts
 * the engine once with the log pointed at a temporary file, and reads the
 * option lines back from there: no second copy of process handling.
 */
#ifndef TESSERA_TUNE_ENGINE_OPTIONS_H
#define TESSERA_TUNE_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena/spec.h"
#include "tune/spin_options.h"

/* Starts the engine (handshake, Game, the spec's options), quits it, and
 * fills list with its spin options.  Fills err when it does not start or
 * lists a malformed spin. */
bool tune_engine_spin_options(const EngineSpec *spec, const char *game_id, SpinOptionList *list,
                         char *err, size_t err_size);

/* Extracts the engine's own lines (direction '<') of slot's conversation
 * from log text, one per line, into out (NUL-terminated, cut to fit). */
void tune_engine_lines_from_log(const char *log_text, const char *label, char *out, size_t out_size);

#endif
