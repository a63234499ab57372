/*
 * datagen_file.h - the data file a datagen run appends to.
 *
 * A new file gets the header.  An existing one is resumed: its header
 * must carry the same configuration (data made two ways in one file would
 * mislead every fit), every position in it goes into the set of seen
 * hashes, a last line cut short by an interruption is removed, and the
 * games go on after its highest game number.
 */
#ifndef TESSERA_DATAGEN_FILE_H
#define TESSERA_DATAGEN_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "datagen/position_set.h"
#include "games/game.h"

typedef struct {
    FILE *file; /* open for appending */
    PositionSet seen;
    uint64_t positions; /* records in the file */
    uint64_t next_game; /* the first game number not in the file */
} DatagenFile;

typedef enum { DATAGEN_FILE_OK, DATAGEN_FILE_MISMATCH, DATAGEN_FILE_FAILED } DatagenFileStatus;

/* Opens path for game with the header configuration.  MISMATCH: a file of
 * another configuration or game, or not a data file (err says which). */
DatagenFileStatus datagen_file_open(DatagenFile *data, const char *path, const Game *game,
                                    const char *configuration, char *err, size_t err_size);

void datagen_file_close(DatagenFile *data);

#endif
