/* merge.c - combined statistics of several PGN files. */
#include "arena/merge.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arena/pgn.h"
#include "arena/report.h"

/* Games as read, before engines are numbered. */
typedef struct {
    PgnRecord *records;
    size_t count, capacity;
} RecordList;

static bool collect(const PgnRecord *record, void *ctx, char *err, size_t err_size)
{
    RecordList *list = ctx;
    if (list->count == list->capacity) {
        size_t grown = list->capacity ? list->capacity * 2 : 256;
        PgnRecord *records = realloc(list->records, grown * sizeof *records);
        if (!records) {
            snprintf(err, err_size, "out of memory");
            return false;
        }
        list->records = records;
        list->capacity = grown;
    }
    list->records[list->count++] = *record;
    return true;
}

static int by_round(const void *x, const void *y)
{
    const PgnRecord *a = x, *b = y;
    return (a->round > b->round) - (a->round < b->round);
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
        bool ok = pgn_read(file, paths[i], collect, list, &complete_end, err, err_size);
        fclose(file);
        if (!ok)
            return false;
    }
    return true;
}

/* Numbers engines by first appearance in game order and fills the table. */
static bool fill_table(RecordList *list, ResultTable *table, char *err, size_t err_size)
{
    qsort(list->records, list->count, sizeof *list->records, by_round);
    for (size_t i = 0; i < list->count; i++) {
        const PgnRecord *r = &list->records[i];
        if (i > 0 && r->round == list->records[i - 1].round) {
            snprintf(err, err_size, "game %lld appears more than once", (long long)r->round);
            return false;
        }
        if (strcmp(r->game_id, list->records[0].game_id) != 0) {
            snprintf(err, err_size, "game %lld is %s, game %lld is %s: one game id per merge",
                     (long long)r->round, r->game_id, (long long)list->records[0].round,
                     list->records[0].game_id);
            return false;
        }
        int p1 = results_engine(table, r->white), p2 = results_engine(table, r->black);
        GameOutcome g = {r->round, p1, p2, r->result, r->termination, results_opening_key(r->fen)};
        if (p1 < 0 || p2 < 0 || !results_add(table, &g)) {
            snprintf(err, err_size, "too many engines (at most %d) or out of memory", ARENA_MAX_ENGINES);
            return false;
        }
    }
    return true;
}

bool merge_read(char *const *paths, int count, ResultTable *table, char *err, size_t err_size)
{
    RecordList list = {0};
    bool ok = read_all(paths, count, &list, err, err_size) && fill_table(&list, table, err, err_size);
    free(list.records);
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
