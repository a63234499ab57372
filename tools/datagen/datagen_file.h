/*
 * datagen_file.h - the data file a datagen run appends to.
 *
 * A new file gets the header.  An existing one is resumed: its header
 * must carry the same configuration (data made two ways in one file would
 * mislead every fit), every position in it goes into the set of seen
 * hashes, a last line cut short by an interruption is removed, and the
 * games go on from its last game, which is taken out and played again:
 * a game's lines are written together but not at once, so a killed writer
 * may have left only part of it (the game is the same when played again,
 * so the file becomes what one uninterrupted run writes).
 *
 * A file of a slice (-games A..B, its header's " games=A..B") holds only
 * games A..B and ends with the completion line (datagen_complete_line)
 * once every one of them is written; such a file is complete, and its
 * resume plays nothing.  So does a file asked for games 0..N-1 (-games N)
 * that ends with their completion line or holds a game past them; one
 * that ends with another's (0..M-1, made by -games M) goes on to N.
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
    uint64_t next_game; /* the first game number to play */
    bool replaying;     /* next_game is the file's last game, taken out to be played again */
    bool complete;      /* the file holds every game asked: nothing to play */
} DatagenFile;

typedef enum { DATAGEN_FILE_OK, DATAGEN_FILE_MISMATCH, DATAGEN_FILE_FAILED } DatagenFileStatus;

/* What the file must be: a game's data of one configuration (the header's),
 * and with range, the games first..last of a slice only.  bounded: the
 * run plays the games first..last (a slice, or -games N's 0..N-1). */
typedef struct {
    const Game *game;
    const char *configuration;
    bool range, bounded;
    uint64_t first, last;
} DatagenFileSpec;

/* Opens path as spec says.  MISMATCH: a file of another configuration or
 * game, a game outside the slice's range, or not a data file (err says
 * which). */
DatagenFileStatus datagen_file_open(DatagenFile *data, const char *path, const DatagenFileSpec *spec, char *err,
                                    size_t err_size);

void datagen_file_close(DatagenFile *data);

#endif
