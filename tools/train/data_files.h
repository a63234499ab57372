/*
 * data_files.h - the self-play data a training run reads: the -data
 * arguments as a list of files, each a data file, or a folder standing for
 * all its data files in name order, read one after the other, without
 * joining them first.  The samples come in the order of the list and of
 * the records in each file: what reading the files' concatenation gives,
 * so the same files and seed train the same net either way.
 */
#ifndef TESSERA_TRAIN_DATA_FILES_H
#define TESSERA_TRAIN_DATA_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "train/train_set.h"
#include "tune/texel_data.h"

typedef struct {
    char **paths;
    size_t count;
    long long total_bytes;
} DataFiles;

/* The files of the -data arguments, in order: a file as given, a folder's
 * regular files that start with the data header (others, such as logs,
 * are left out; names beginning with '.' too) sorted by name; a folder's
 * empty files are skipped, a line on out for each.  Each file's header is
 * read: false with err (naming the path) when a path is missing or
 * unreadable, a folder holds no data file (or only empty files), or a
 * file is no data file or is of another game. */
bool data_files_list(const char *const *arguments, int count, const Game *game, FILE *out, DataFiles *files,
                     char *err, size_t err_size);

/* Reads every file into texel (and, when moves is not NULL, each
 * sample's played move into *moves, allocated: free it; when visits is
 * not NULL, each record's visits, none for a record without), printing to out
 * how much is read (files and positions so far, the share of the bytes),
 * at most a line a second and once at the end.  False with err naming the
 * file and line of a malformed record, or, with strict_moves, of a move
 * that does not parse in its position (else that move is MOVE_NONE). */
bool data_files_load(const DataFiles *files, const Game *game, TexelSet *texel, Move **moves, VisitShares *visits,
                     bool strict_moves,
                     FILE *out, char *err, size_t err_size);

void data_files_free(DataFiles *files);

#endif
