/*
 * played_moves.h - the move each record of a data file says was played,
 * parsed in its position (the Texel samples keep no move; the trainer's
 * -steps needs them to walk a turn's steps).
 */
#ifndef TESSERA_TRAIN_PLAYED_MOVES_H
#define TESSERA_TRAIN_PLAYED_MOVES_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/texel_data.h"

/* moves[i] (allocated: free it) is record i's move in texel's sample i,
 * read from the same file; false with err when a move does not parse or
 * the file no longer matches the samples. */
bool played_moves_load(const char *path, const Game *game, const TexelSet *texel, Move **moves, char *err,
                       size_t err_size);

#endif
