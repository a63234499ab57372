/*
 * data_reader.h - reads a file of self-play data (data_record.h): the
 * header, then every record in order.
 *
 * A last line without its newline was cut short by an interrupted writer:
 * it is dropped, and *kept_bytes says where the complete lines end (a
 * resumed writer truncates there).  Any other malformed line is an error
 * naming its line number: data that cannot be read exactly is refused.
 */
#ifndef TESSERA_DATA_READER_H
#define TESSERA_DATA_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "data/data_record.h"

typedef struct {
    char configuration[DATA_HEADER_MAX];
    char game_id[64];
} DataHeader;

/* Called for every record; returns false (and fills err) to stop. */
typedef bool (*DataRecordVisitor)(void *context, const DataRecord *record, char *err,
                                  size_t err_size);

/* Called for every comment line after the header ('#' first, its newline
 * cut); returns false (and fills err) to stop. */
typedef bool (*DataCommentVisitor)(void *context, const char *line, char *err, size_t err_size);

/* What a reader wants to see besides the header.  Any member may be NULL. */
typedef struct {
    DataRecordVisitor record;
    DataCommentVisitor comment;
    /* Set to the byte offset of each line's start before its visitor runs
     * (a writer that resumes truncates at a record's start). */
    long *line_offset;
} DataVisitors;

/* Reads file from its start.  Returns false with err filled (prefixed with
 * "line N: " for a bad line) when the header or a record is malformed or
 * the visitor stops. */
bool data_read(FILE *file, DataHeader *header, DataRecordVisitor visit, void *context,
               long *kept_bytes, char *err, size_t err_size);

/* data_read with comments and line offsets (DataVisitors). */
bool data_read_visiting(FILE *file, DataHeader *header, const DataVisitors *visitors, void *context,
                        long *kept_bytes, char *err, size_t err_size);

/* data_read of the data of one game: a file whose header names another
 * game is refused with "the data is of game G, not GAME_ID" (after
 * "line N: " at its first record, where it has one), and visit never sees
 * another game's record. */
bool data_read_of_game(FILE *file, const char *game_id, DataHeader *header, DataRecordVisitor visit,
                       void *context, long *kept_bytes, char *err, size_t err_size);

#endif
