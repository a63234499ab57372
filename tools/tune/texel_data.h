/*
 * texel_data.h - a self-play data file (tools/data/) as Texel samples:
 * every record's position parsed by the game, its result and search score
 * kept, and one game in ten held out for validation.
 *
 * The split is by game, not by position: positions of one game are alike,
 * and a validation set that shares games with the training set would
 * measure memory, not the evaluation.
 */
#ifndef TESSERA_TUNE_TEXEL_DATA_H
#define TESSERA_TUNE_TEXEL_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data/data_record.h"
#include "tune/texel.h"

typedef struct {
    TexelSample *samples;
    size_t count, capacity;
    size_t validation_count;
    char configuration[DATA_HEADER_MAX]; /* the file's header */
} TexelSet;

/* Is game game_number held out?  One game in ten, spread by a hash. */
bool texel_validation_game(uint64_t game_number);

/* One record as a sample of game (false with err when the position does
 * not parse). */
bool texel_sample_from(const Game *game, const DataRecord *record, TexelSample *out, char *err,
                       size_t err_size);

/* Room for one more sample: a full set doubles (4096 samples at first).
 * False with "out of memory at N positions" in err. */
bool texel_set_make_room(TexelSet *set, char *err, size_t err_size);

/* Reads path; refuses a file of another game or any malformed line. */
bool texel_data_load(const char *path, const Game *game, TexelSet *set, char *err,
                     size_t err_size);

void texel_data_free(TexelSet *set);

#endif
