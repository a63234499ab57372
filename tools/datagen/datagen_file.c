/* datagen_file.c - creating or resuming the data file. */
#include "datagen/datagen_file.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/data_reader.h"

typedef struct {
    DatagenFile *data;
    const Game *game;
    const DataHeader *header; /* read before the first record */
    const char *configuration;
} ResumeScan;

static void mismatch_message(const char *file_configuration, const char *configuration,
                             char *err, size_t err_size)
{
    snprintf(err, err_size, "it was made with another configuration:\n  file: %s\n  now:  %s\n"
             "give the same flags to resume it, or another -out", file_configuration,
             configuration);
}

/* Each record already in the file: its hash is seen, its game is done. */
static bool scan_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    ResumeScan *scan = context;
    Position pos;
    char why[ERROR_TEXT_MAX];
    if (strcmp(scan->header->configuration, scan->configuration) != 0) {
        mismatch_message(scan->header->configuration, scan->configuration, err, err_size);
        return false;
    }
    if (!scan->game->parse_position(record->position, &pos, why, sizeof why)) {
        snprintf(err, err_size, "position does not parse: %s", why);
        return false;
    }
    bool out_of_memory;
    position_set_add(&scan->data->seen, scan->game->hash(&pos), &out_of_memory);
    if (out_of_memory) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    scan->data->positions++;
    if (record->game_number >= scan->data->next_game)
        scan->data->next_game = record->game_number + 1;
    return true;
}

static DatagenFileStatus resume(DatagenFile *data, FILE *old, const char *path, const Game *game,
                                const char *configuration, char *err, size_t err_size)
{
    DataHeader header;
    ResumeScan scan = {data, game, &header, configuration};
    long kept;
    char why[ERROR_TEXT_MAX * 4];
    if (!data_read(old, &header, scan_record, &scan, &kept, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return DATAGEN_FILE_MISMATCH;
    }
    if (strcmp(header.configuration, configuration) != 0) {
        mismatch_message(header.configuration, configuration, why, sizeof why);
        snprintf(err, err_size, "%s: %s", path, why);
        return DATAGEN_FILE_MISMATCH;
    }
    if (truncate(path, kept) != 0 || !(data->file = fopen(path, "a"))) {
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
    data->file = fopen(path, "w");
    if (!data->file || fputs(header, data->file) == EOF || fflush(data->file) != 0) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return DATAGEN_FILE_FAILED;
    }
    return DATAGEN_FILE_OK;
}

DatagenFileStatus datagen_file_open(DatagenFile *data, const char *path, const Game *game,
                                    const char *configuration, char *err, size_t err_size)
{
    *data = (DatagenFile){0};
    position_set_init(&data->seen);
    FILE *old = fopen(path, "r");
    if (!old && errno != ENOENT) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return DATAGEN_FILE_FAILED;
    }
    struct stat info;
    /* An empty file is one whose creator stopped before the header. */
    bool empty = old && fstat(fileno(old), &info) == 0 && info.st_size == 0;
    DatagenFileStatus status = old && !empty
                                   ? resume(data, old, path, game, configuration, err, err_size)
                                   : create(data, path, configuration, err, err_size);
    if (old)
        fclose(old);
    return status;
}

void datagen_file_close(DatagenFile *data)
{
    if (data->file)
        fclose(data->file);
    data->file = NULL;
    position_set_free(&data->seen);
}
