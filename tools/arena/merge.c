/* merge.c - combined statistics of several PGN files. */
#include "arena/merge.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arena/pgn.h"
#include "arena/report.h"
#include "arena/runconfig.h"
#include "util/parse_number.h"

/* A game as read, with what its run's configuration says about it. */
typedef struct {
    PgnRecord record;
    uint64_t seed;
    bool repeat;
    size_t config; /* index into RecordList.configs */
    int file;      /* which of the files given holds it */
} MergedGame;

/* Games as read, before engines are numbered, and the distinct
 * configurations they were played under. */
typedef struct {
    MergedGame *games;
    size_t count, capacity;
    char **configs;
    size_t config_count;
    char *const *paths; /* the files given */
    int file;           /* the one being read */
    size_t games_in_file;
} RecordList;

/* Index of this configuration text in the list, added when new. */
static bool config_index(RecordList *list, const char *config, size_t *index)
{
    for (size_t i = list->config_count; i-- > 0;)
        if (strcmp(list->configs[i], config) == 0) {
            *index = i;
            return true;
        }
    char **configs = realloc(list->configs, (list->config_count + 1) * sizeof *configs);
    if (!configs)
        return false;
    list->configs = configs;
    configs[list->config_count] = strdup(config);
    if (!configs[list->config_count])
        return false;
    *index = list->config_count++;
    return true;
}

/* Seed and repeat say which games belong together: game numbers count
 * within a seed, and pairs exist only where openings were repeated. */
static bool read_identity(const PgnRecord *record, MergedGame *game, char *err, size_t err_size)
{
    char seed[32], repeat[8];
    if (!record->config[0]) {
        snprintf(err, err_size, "has no recorded run configuration (seed, -repeat), so it cannot be merged");
        return false;
    }
    if (!runconfig_value(record->config, "seed", seed, sizeof seed) ||
        !runconfig_value(record->config, "repeat", repeat, sizeof repeat)) {
        snprintf(err, err_size, "its run configuration lacks seed= or repeat=");
        return false;
    }
    bool seed_read = parse_uint64(seed, UINT64_MAX, &game->seed) == NUMBER_OK;
    game->repeat = strcmp(repeat, "on") == 0;
    if (!seed_read || (!game->repeat && strcmp(repeat, "off") != 0)) {
        snprintf(err, err_size, "its run configuration has a bad seed=%s or repeat=%s", seed, repeat);
        return false;
    }
    return true;
}

static bool collect(const PgnRecord *record, void *ctx, char *err, size_t err_size)
{
    RecordList *list = ctx;
    if (list->count == list->capacity) {
        size_t grown = list->capacity ? list->capacity * 2 : 256;
        MergedGame *games = realloc(list->games, grown * sizeof *games);
        if (!games) {
            snprintf(err, err_size, "out of memory");
            return false;
        }
        list->games = games;
        list->capacity = grown;
    }
    MergedGame *game = &list->games[list->count];
    if (!read_identity(record, game, err, err_size))
        return false;
    if (!config_index(list, record->config, &game->config)) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    game->record = *record;
    game->record.config = NULL; /* valid only during the visit */
    game->file = list->file;
    list->count++;
    list->games_in_file++;
    return true;
}

static int by_seed_and_round(const void *x, const void *y)
{
    const MergedGame *a = x, *b = y;
    if (a->seed != b->seed)
        return (a->seed > b->seed) - (a->seed < b->seed);
    return (a->record.round > b->record.round) - (a->record.round < b->record.round);
}

static bool read_all(char *const *paths, int count, RecordList *list, char *err, size_t err_size)
{
    for (int i = 0; i < count; i++) {
        FILE *file = fopen(paths[i], "r");
        if (!file) {
            snprintf(err, err_size, "%s: %s", paths[i], strerror(errno));
            return false;
        }
        long complete_end;
        list->paths = paths;
        list->file = i;
        list->games_in_file = 0;
        bool ok = pgn_read(file, paths[i], collect, list, &complete_end, err, err_size);
        fclose(file);
        if (!ok)
            return false;
        /* An empty file is a slice that never ran, not zero games to add. */
        if (list->games_in_file == 0) {
            snprintf(err, err_size, "%s holds no finished game", paths[i]);
            return false;
        }
    }
    return true;
}

/* Two games of one seed and number are one game twice; two runs of one
 * seed must be one run (slices), so their configurations must agree. */
static bool check_neighbours(const RecordList *list, const MergedGame *a, const MergedGame *b, char *err,
                             size_t err_size)
{
    char what[400];
    if (a->seed != b->seed)
        return true;
    if (a->record.round == b->record.round && a->file == b->file) {
        snprintf(err, err_size,
                 "game %lld appears more than once (seed %llu) in %s: two runs wrote that file ('tessera-arena "
                 "repair %s' keeps the first copy of each game)",
                 (long long)b->record.round, (unsigned long long)b->seed, list->paths[a->file],
                 list->paths[a->file]);
        return false;
    }
    if (a->record.round == b->record.round) {
        snprintf(err, err_size, "game %lld appears more than once (seed %llu): in %s and in %s",
                 (long long)b->record.round, (unsigned long long)b->seed, list->paths[a->file],
                 list->paths[b->file]);
        return false;
    }
    if (a->config != b->config &&
        runconfig_differs(list->configs[a->config], list->configs[b->config], what, sizeof what)) {
        snprintf(err, err_size,
                 "games %lld and %lld of seed %llu come from runs with another configuration: %s",
                 (long long)a->record.round, (long long)b->record.round, (unsigned long long)a->seed,
                 what);
        return false;
    }
    return true;
}

/* Numbers engines by first appearance in game order and fills the table. */
static bool fill_table(RecordList *list, ResultTable *table, char *err, size_t err_size)
{
    qsort(list->games, list->count, sizeof *list->games, by_seed_and_round);
    for (size_t i = 0; i < list->count; i++) {
        const MergedGame *m = &list->games[i];
        const PgnRecord *r = &m->record, *first = &list->games[0].record;
        if (i > 0 && !check_neighbours(list, &list->games[i - 1], m, err, err_size))
            return false;
        if (strcmp(r->game_id, first->game_id) != 0) {
            snprintf(err, err_size, "game %lld is %s, game %lld is %s: one game id per merge",
                     (long long)r->round, r->game_id, (long long)first->round, first->game_id);
            return false;
        }
        int p1 = results_engine(table, r->white), p2 = results_engine(table, r->black);
        GameOutcome g = {r->round,   p1, p2, r->result, r->termination, results_opening_key(r->fen),
                         m->seed, m->repeat};
        if (p1 < 0 || p2 < 0 || !results_add(table, &g)) {
            snprintf(err, err_size, "too many engines (at most %d) or out of memory", ARENA_MAX_ENGINES);
            return false;
        }
    }
    return true;
}

static void list_free(RecordList *list)
{
    for (size_t i = 0; i < list->config_count; i++)
        free(list->configs[i]);
    free(list->configs);
    free(list->games);
}

bool merge_read(char *const *paths, int count, ResultTable *table, char *err, size_t err_size)
{
    RecordList list = {0};
    bool ok = read_all(paths, count, &list, err, err_size) && fill_table(&list, table, err, err_size);
    list_free(&list);
    return ok;
}

int merge_command(char *const *paths, int count, const SprtSettings *sprt, FILE *out, FILE *errors)
{
    ResultTable table;
    char err[600];
    results_init(&table);
    if (!merge_read(paths, count, &table, err, sizeof err)) {
        fprintf(errors, "tessera-arena merge: %s\n", err);
        results_free(&table);
        return 1;
    }
    fprintf(out, "Merged %zu games from %d file%s\n", table.count, count, count == 1 ? "" : "s");
    report_print(out, &table, sprt);
    results_free(&table);
    return 0;
}
