/*
 * runconfig.h - what a run measures, recorded in its PGN file so that
 * -resume can refuse to mix two runs and merge can tell runs apart.
 *
 * The configuration is key=value lines: the game, the seed, the schedule
 * (tournament kind, repeat), the openings (kind and, for a file, a hash of
 * its positions), the SPRT, and per engine its name, command, the contents
 * of the file the command runs (program_id.h), arguments, protocol,
 * limits and options.  Whatever does not change what is measured
 * is left out: the slice (-games A..B, so slices and a longer resumed run
 * agree), concurrency, output files and printing.  Control characters and
 * backslashes in values are written \xHH, so every line stays one line.
 */
#ifndef TESSERA_ARENA_RUNCONFIG_H
#define TESSERA_ARENA_RUNCONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "arena/tournament.h"

typedef struct {
    char *text; /* "key=value\n" lines */
    size_t length, capacity;
} RunConfig;

/* Describes c; false when out of memory. */
bool runconfig_describe(const TournamentConfig *c, RunConfig *out);
void runconfig_free(RunConfig *config);

/* The value of key in config text; false when absent or too long. */
bool runconfig_value(const char *text, const char *key, char *value, size_t value_size);

/* The schedule (engines, tournament kind, repeat) and the engines' names
 * a recorded configuration describes; false when it lacks any of them. */
bool runconfig_schedule(const char *text, Schedule *schedule, char names[][SPEC_NAME_MAX]);

/* Whether a run recorded before key was may lack it (engine.K.binary,
 * the engine file's contents): such a run resumes and merges as it did
 * then, its binary unchecked. */
bool runconfig_key_added_later(const char *key);

/* Fills what with the keys whose values differ ("seed 1, now 2; ...") and
 * returns true when recorded and current differ at all. */
bool runconfig_differs(const char *recorded, const char *current, char *what, size_t what_size);

#endif
