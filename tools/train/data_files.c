/* data_files.c - the -data files and folders, read in order. */
#include "train/data_files.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data/data_reader.h"
#include "util/clock.h"

/* What every data file starts with, whatever its format version. */
#define DATA_MAGIC "# tessera-data "

static bool add_path(DataFiles *files, size_t *capacity, const char *path)
{
    if (files->count == *capacity) {
        size_t bigger = *capacity ? *capacity * 2 : 16;
        char **grown = realloc(files->paths, bigger * sizeof *grown);
        if (!grown)
            return false;
        files->paths = grown;
        *capacity = bigger;
    }
    if (!(files->paths[files->count] = strdup(path)))
        return false;
    files->count++;
    return true;
}

/* Does path start with the data header's words? */
static bool looks_like_data(const char *path)
{
    char start[sizeof DATA_MAGIC] = "";
    FILE *file = fopen(path, "r");
    if (!file)
        return false;
    size_t got = fread(start, 1, sizeof start - 1, file);
    fclose(file);
    return got == sizeof start - 1 && memcmp(start, DATA_MAGIC, got) == 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Says, in name order, that each of a folder's empty files is skipped:
 * a data file just created (its run has not written its header yet)
 * holds nothing to train on, and need not stop the files beside it. */
static void say_skipped(DataFiles *empty, FILE *out)
{
    if (empty->count > 1) /* fewer: nothing to sort (and no list at all for none) */
        qsort(empty->paths, empty->count, sizeof *empty->paths, by_name);
    for (size_t i = 0; i < empty->count; i++)
        fprintf(out, "train: -data %s: empty, skipped\n", empty->paths[i]);
}

/* A folder's data files, sorted by name; its empty files skipped, said on out. */
static bool add_folder(DataFiles *files, size_t *capacity, const char *folder, FILE *out, char *err, size_t err_size)
{
    DIR *dir = opendir(folder);
    if (!dir) {
        snprintf(err, err_size, "-data %.1000s: %s", folder, strerror(errno));
        return false;
    }
    const size_t first = files->count;
    DataFiles empty = {0};
    size_t empty_capacity = 0;
    bool ok = true;
    for (struct dirent *entry; ok && (entry = readdir(dir));) {
        if (entry->d_name[0] == '.')
            continue;
        char path[4096];
        struct stat info;
        if (snprintf(path, sizeof path, "%s/%s", folder, entry->d_name) >= (int)sizeof path) {
            snprintf(err, err_size, "-data %.1000s: a name too long in it", folder);
            ok = false;
        } else if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
            continue;
        } else if (info.st_size == 0 ? !add_path(&empty, &empty_capacity, path)
                                     : looks_like_data(path) && !add_path(files, capacity, path)) {
            snprintf(err, err_size, "out of memory");
            ok = false;
        }
    }
    closedir(dir);
    if (ok)
        say_skipped(&empty, out);
    if (ok && files->count == first) {
        if (empty.count > 0)
            snprintf(err, err_size, "-data %.1000s: the folder holds no data file, only %zu empty file%s", folder,
                     empty.count, empty.count == 1 ? "" : "s");
        else
            snprintf(err, err_size,
                     "-data %.1000s: the folder holds no data file (none starts with '" DATA_MAGIC "')", folder);
        ok = false;
    }
    data_files_free(&empty);
    if (ok)
        qsort(files->paths + first, files->count - first, sizeof *files->paths, by_name);
    return ok;
}

/* The file's header: of this game, readable; its size added up. */
static bool check_header(DataFiles *files, const char *path, const Game *game, char *err, size_t err_size)
{
    FILE *file = fopen(path, "r");
    char line[DATA_HEADER_MAX + 64], configuration[DATA_HEADER_MAX], game_id[64], why[ERROR_TEXT_MAX] = "";
    struct stat info;
    if (!file || fstat(fileno(file), &info) != 0) {
        snprintf(err, err_size, "-data %.1000s: %s", path, strerror(errno));
        if (file)
            fclose(file);
        return false;
    }
    bool ok = fgets(line, sizeof line, file) &&
              data_header_parse(line, configuration, sizeof configuration, game_id, sizeof game_id, why, sizeof why);
    fclose(file);
    if (!ok)
        snprintf(err, err_size, "-data %.1000s: %s", path, why[0] ? why : "empty: no header line");
    else if (strcmp(game_id, game->id) != 0)
        snprintf(err, err_size, "-data %.1000s: the data is of game %s, not %s", path, game_id, game->id);
    else
        files->total_bytes += (long long)info.st_size;
    return ok && strcmp(game_id, game->id) == 0;
}

bool data_files_list(const char *const *arguments, int count, const Game *game, FILE *out, DataFiles *files,
                     char *err, size_t err_size)
{
    *files = (DataFiles){0};
    size_t capacity = 0;
    bool ok = true;
    for (int i = 0; ok && i < count; i++) {
        struct stat info;
        if (stat(arguments[i], &info) != 0) {
            snprintf(err, err_size, "-data %.1000s: %s", arguments[i], strerror(errno));
            ok = false;
        } else if (S_ISDIR(info.st_mode)) {
            ok = add_folder(files, &capacity, arguments[i], out, err, err_size);
        } else if (!add_path(files, &capacity, arguments[i])) {
            snprintf(err, err_size, "out of memory");
            ok = false;
        }
    }
    for (size_t i = 0; ok && i < files->count; i++)
        ok = check_header(files, files->paths[i], game, err, err_size);
    if (!ok)
        data_files_free(files);
    return ok;
}

typedef struct {
    const Game *game;
    TexelSet *set;
    Move **moves;
    VisitShares *visits;
    bool strict_moves;
    size_t moves_capacity;
    /* progress */
    const DataFiles *files;
    size_t file_index;
    FILE *file, *out;
    long long bytes_before; /* of the files read before this one */
    int64_t last_line_ms;
} Loader;

static void print_progress(const Loader *loader, long long bytes_read, bool done)
{
    const double total = loader->files->total_bytes > 0 ? (double)loader->files->total_bytes : 1.0;
    fprintf(loader->out, "train: read %zu/%zu files, %zu positions%s (%.0f%% of %.2f MB)\n",
            loader->file_index + done, loader->files->count, loader->set->count,
            done && loader->file_index + 1 == loader->files->count ? "" : " so far",
            100.0 * (double)bytes_read / total, (double)loader->files->total_bytes / 1e6);
}

/* Room for one more sample, and for its move beside it. */
static bool grow(Loader *loader, char *err, size_t err_size)
{
    TexelSet *set = loader->set;
    if (!texel_set_make_room(set, err, err_size))
        return false;
    if (loader->moves) {
        Move *more = realloc(*loader->moves, set->capacity * sizeof *more);
        if (!more) {
            snprintf(err, err_size, "out of memory at %zu positions", set->count);
            return false;
        }
        *loader->moves = more;
    }
    return true;
}

static bool add_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    Loader *loader = context;
    TexelSet *set = loader->set;
    char why[ERROR_TEXT_MAX];
    if (set->count == set->capacity && !grow(loader, err, err_size))
        return false;
    TexelSample *sample = &set->samples[set->count];
    if (!texel_sample_from(loader->game, record, sample, err, err_size))
        return false;
    Move *move = loader->moves ? &(*loader->moves)[set->count] : NULL;
    if (move && !loader->game->parse_move(&sample->position, record->move, move, why, sizeof why)) {
        if (loader->strict_moves) {
            snprintf(err, err_size, "move '%s' does not parse: %s", record->move, why);
            return false;
        }
        *move = MOVE_NONE;
    }
    if (loader->visits && !visit_shares_add(loader->visits, record->visit_entry, record->visits, record->visit_count)) {
        snprintf(err, err_size, "out of memory at %zu positions", set->count);
        return false;
    }
    set->count++;
    set->validation_count += sample->validation;
    /* A line a second at most, inside a long file too. */
    if (set->count % 16384 == 0 && now_ms() - loader->last_line_ms >= 1000) {
        loader->last_line_ms = now_ms();
        print_progress(loader, loader->bytes_before + ftell(loader->file), false);
    }
    return true;
}

bool data_files_load(const DataFiles *files, const Game *game, TexelSet *texel, Move **moves, VisitShares *visits,
                     bool strict_moves, FILE *out, char *err, size_t err_size)
{
    *texel = (TexelSet){0};
    if (moves)
        *moves = NULL;
    if (visits)
        *visits = (VisitShares){0};
    DataHeader header;
    Loader loader = {game, texel, moves, visits, strict_moves, 0, files, 0, NULL, out, 0, now_ms()};
    bool ok = true;
    for (size_t i = 0; ok && i < files->count; i++) {
        const char *path = files->paths[i];
        char why[ERROR_TEXT_MAX * 4];
        struct stat info;
        loader.file_index = i;
        loader.file = fopen(path, "r");
        if (!loader.file || fstat(fileno(loader.file), &info) != 0) {
            snprintf(err, err_size, "-data %.1000s: %s", path, strerror(errno));
            ok = false;
            break;
        }
        long kept;
        ok = data_read_of_game(loader.file, game->id, &header, add_record, &loader, &kept, why, sizeof why);
        fclose(loader.file);
        if (!ok) {
            snprintf(err, err_size, "-data %.1000s: %s", path, why);
            break;
        }
        loader.bytes_before += (long long)info.st_size;
        if (i == 0)
            snprintf(texel->configuration, sizeof texel->configuration, "%s", header.configuration);
        if (i + 1 == files->count || now_ms() - loader.last_line_ms >= 1000) {
            loader.last_line_ms = now_ms();
            print_progress(&loader, loader.bytes_before, true);
        }
    }
    if (!ok) {
        texel_data_free(texel);
        if (moves) {
            free(*moves);
            *moves = NULL;
        }
        if (visits)
            visit_shares_free(visits);
    }
    return ok;
}

void data_files_free(DataFiles *files)
{
    for (size_t i = 0; i < files->count; i++)
        free(files->paths[i]);
    free(files->paths);
    *files = (DataFiles){0};
}
