/*
 * slice_merge.h - `tessera-datagen merge`: the files of slices of one run
 * (-games A..B each) joined into the file that one run of all their games
 * writes, byte for byte.
 *
 * Game k is the same whoever plays it (its opening and seeds come from the
 * seed and k), so the slices hold the whole run's games; what differs is
 * the deduplication: a slice skips only the positions it has already
 * written, the whole run those of every earlier game.  The merge keeps
 * the records in game order and drops a position met before (by the same
 * hash datagen uses), which is what the whole run writes.  It refuses
 * what would not be: a part that is no slice or has not finished, parts of
 * another configuration, overlapping parts, and games no part holds.
 */
#ifndef TESSERA_DATAGEN_SLICE_MERGE_H
#define TESSERA_DATAGEN_SLICE_MERGE_H

#include <stdio.h>

/* argv[0] is "merge"; returns a DATAGEN_EXIT_* code. */
int slice_merge_command(int argc, char *const *argv, FILE *out, FILE *errout);

#endif
