/* datagen_file.c - creating or resuming the data file. */
#include "datagen/datagen_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data/data_reader.h"
#include "datagen/datagen_cli.h"
#include "process/locked_file.h"

/* The records of the game read last are held apart (last_hashes) until a
 * record of another game shows that it was not the file's last. */
typedef struct {
    DatagenFile *data;
    const DatagenFileSpec *spec;
    const DataHeader *header; /* read before the first record */
    char complete_line[80];
    long line_offset;         /* where the line being read starts */
    bool any_record;
    bool in_order;            /* game numbers never went down */
    uint64_t highest;         /* the highest game number read */
    uint64_t last_game;       /* the game of the records held apart */
    long last_game_offset;    /* where its first record starts */
    uint64_t *last_hashes;
    size_t last_count, last_capacity;
    bool out_of_memory;
} ResumeScan;

static void mismatch_message(const char *file_configuration, const char *configuration,
                             char *err, size_t err_size)
{
    snprintf(err, err_size, "it was made with another configuration:\n  file: %s\n  now:  %s\n"
             "give the same flags to resume it, or another -out", file_configuration,
             configuration);
}

/* The held-apart hashes into the seen set: their game was not the last. */
static bool commit_last_game(ResumeScan *scan)
{
    for (size_t i = 0; i < scan->last_count; i++) {
        bool out_of_memory;
        position_set_add(&scan->data->seen, scan->last_hashes[i], &out_of_memory);
        if (out_of_memory)
            return false;
        scan->data->positions++;
    }
    scan->last_count = 0;
    return true;
}

static bool hold(ResumeScan *scan, uint64_t hash)
{
    if (scan->last_count == scan->last_capacity) {
        size_t capacity = scan->last_capacity ? scan->last_capacity * 2 : 256;
        uint64_t *grown = realloc(scan->last_hashes, capacity * sizeof *grown);
        if (!grown)
            return false;
        scan->last_hashes = grown;
        scan->last_capacity = capacity;
    }
    scan->last_hashes[scan->last_count++] = hash;
    return true;
}

/* Each record already in the file: its hash is seen, its game is done. */
static bool scan_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    ResumeScan *scan = context;
    const DatagenFileSpec *spec = scan->spec;
    Position pos;
    char why[ERROR_TEXT_MAX];
    if (strcmp(scan->header->configuration, spec->configuration) != 0) {
        mismatch_message(scan->header->configuration, spec->configuration, err, err_size);
        return false;
    }
    if (spec->range && (record->game_number < spec->first || record->game_number > spec->last)) {
        snprintf(err, err_size, "game %" PRIu64 " is not one of this slice's games %" PRIu64 "..%" PRIu64,
                 record->game_number, spec->first, spec->last);
        return false;
    }
    if (!spec->game->parse_position(record->position, &pos, why, sizeof why)) {
        snprintf(err, err_size, "position does not parse: %s", why);
        return false;
    }
    scan->data->complete = false;
    if (!scan->any_record || record->game_number != scan->last_game) {
        if (!commit_last_game(scan)) {
            snprintf(err, err_size, "out of memory");
            return false;
        }
        scan->in_order = scan->in_order && (!scan->any_record || record->game_number > scan->last_game);
        scan->last_game = record->game_number;
        scan->last_game_offset = scan->line_offset;
    }
    if (!scan->any_record || record->game_number > scan->highest)
        scan->highest = record->game_number;
    scan->any_record = true;
    if (!hold(scan, spec->game->hash(&pos))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    return true;
}

/* Only the completion line matters: the file has every game asked. */
static bool scan_comment(void *context, const char *line, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    ResumeScan *scan = context;
    if (scan->spec->bounded && strcmp(line, scan->complete_line) == 0)
        scan->data->complete = true;
    return true;
}

static DatagenFileStatus resume(DatagenFile *data, const char *path, const DatagenFileSpec *spec, char *err,
                                size_t err_size)
{
    DataHeader header;
    ResumeScan scan = {.data = data, .spec = spec, .header = &header, .in_order = true};
    const DataVisitors visitors = {scan_record, scan_comment, &scan.line_offset};
    long kept;
    char why[ERROR_TEXT_MAX * 4];
    datagen_complete_line(spec->first, spec->last, scan.complete_line, sizeof scan.complete_line);
    rewind(data->file);
    bool ok = data_read_visiting(data->file, &header, &visitors, &scan, &kept, why, sizeof why);
    if (ok && strcmp(header.configuration, spec->configuration) != 0) {
        mismatch_message(header.configuration, spec->configuration, why, sizeof why);
        ok = false;
    }
    if (!ok) {
        free(scan.last_hashes);
        snprintf(err, err_size, "%s: %s", path, why);
        return DATAGEN_FILE_MISMATCH;
    }
    /* Games past the asked ones (a file made by a longer run): every asked
     * game is whole, since games are written in order. */
    if (spec->bounded && scan.any_record && scan.highest > spec->last)
        data->complete = true;
    /* The last game is played again unless the file has every game asked,
     * or its games are not in order (merged by hand), where "the last"
     * means nothing. */
    if (scan.any_record && !data->complete && scan.in_order) {
        data->next_game = scan.last_game;
        data->replaying = true;
        kept = scan.last_game_offset;
        scan.last_count = 0;
    } else if (scan.any_record) {
        data->next_game = scan.highest + 1;
    }
    ok = commit_last_game(&scan);
    free(scan.last_hashes);
    if (!ok) {
        snprintf(err, err_size, "%s: out of memory", path);
        return DATAGEN_FILE_FAILED;
    }
    if (!locked_file_cut(data->file, kept)) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return DATAGEN_FILE_FAILED;
    }
    return DATAGEN_FILE_OK;
}

static DatagenFileStatus create(DatagenFile *data, const char *path, const char *configuration,
                                char *err, size_t err_size)
{
    char header[DATA_HEADER_MAX + 32];
    if (!data_header_format(configuration, header, sizeof header)) {
        snprintf(err, err_size, "configuration too long for the header");
        return DATAGEN_FILE_FAILED;
    }
    if (fputs(header, data->file) == EOF || fflush(data->file) != 0) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return DATAGEN_FILE_FAILED;
    }
    return DATAGEN_FILE_OK;
}

DatagenFileStatus datagen_file_open(DatagenFile *data, const char *path, const DatagenFileSpec *spec, char *err,
                                    size_t err_size)
{
    *data = (DatagenFile){0};
    position_set_init(&data->seen);
    /* Held from before the first read to the end of the run: a second
     * run on the file is refused here, before it reads or cuts anything. */
    data->file = locked_file_append("-out", path, err, err_size);
    if (!data->file)
        return DATAGEN_FILE_FAILED;
    struct stat info;
    /* An empty file is new, or one whose creator stopped before the header. */
    bool empty = fstat(fileno(data->file), &info) == 0 && info.st_size == 0;
    DatagenFileStatus status =
        empty ? create(data, path, spec->configuration, err, err_size) : resume(data, path, spec, err, err_size);
    /* A slice starts at its first game (or goes on after its last). */
    if (status == DATAGEN_FILE_OK && spec->range && data->next_game < spec->first)
        data->next_game = spec->first;
    return status;
}

void datagen_file_close(DatagenFile *data)
{
    if (data->file)
        fclose(data->file);
    data->file = NULL;
    position_set_free(&data->seen);
}
