/* repair.c - a PGN file two runs appended to, made one run's file again
 * (see repair.h). */
#include "arena/repair.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/pgn.h"
#include "arena/runconfig.h"
#include "process/locked_file.h"

/* A game as read, with where it is. */
typedef struct {
    PgnRecord record;
    const char *config; /* owned by the first game that has this text */
    bool owns_config;
    size_t first_copy; /* index of the first game of its number (itself if first) */
} FileGame;

typedef struct {
    const char *path;
    int fd; /* the file's, for its bytes between games */
    FileGame *games;
    size_t count, capacity;
} GameList;

/* Whether the bytes from..to hold only blank lines and '%' escape lines
 * (a run's configuration): what the arena writes between games. */
static bool only_blank_or_escape_lines(int fd, long from, long to)
{
    char buffer[4096];
    bool line_start = true, escape = false;
    while (from < to) {
        size_t want = (size_t)(to - from) < sizeof buffer ? (size_t)(to - from) : sizeof buffer;
        ssize_t got = pread(fd, buffer, want, from);
        if (got <= 0)
            return false;
        for (ssize_t i = 0; i < got; i++) {
            char c = buffer[i];
            if (c == '\n') {
                line_start = true;
                escape = false;
                continue;
            }
            escape = escape || (line_start && c == '%');
            line_start = false;
            if (!escape && c != ' ' && c != '\t' && c != '\r')
                return false;
        }
        from += got;
    }
    return true;
}

/* Whether a tag name comes twice among the tag lines that open the game
 * at from..to: the first lines of one writer's game, then another's whole
 * game, which the reader takes as one (the later tags win). */
static bool tag_repeated(int fd, long from, long to)
{
    char text[16384], names[64][32];
    int count = 0;
    size_t want = (size_t)(to - from) < sizeof text - 1 ? (size_t)(to - from) : sizeof text - 1;
    ssize_t got = pread(fd, text, want, from);
    if (got <= 0)
        return false;
    text[got] = '\0';
    for (char *line = text; *line == '[' && count < 64;) {
        size_t len = strcspn(line + 1, " \t\"]");
        snprintf(names[count], sizeof names[count], "%.*s", (int)(len < 31 ? len : 31), line + 1);
        for (int i = 0; i < count; i++)
            if (strcmp(names[i], names[count]) == 0)
                return true;
        count++;
        char *next = strchr(line, '\n');
        if (!next)
            break;
        line = next + 1;
    }
    return false;
}

/* The players the recorded schedule gives game `round`. */
static bool check_schedule(const PgnRecord *r, char *err, size_t err_size)
{
    Schedule schedule;
    char names[ARENA_MAX_ENGINES][SPEC_NAME_MAX];
    if (!r->config[0] || !runconfig_schedule(r->config, &schedule, names)) {
        snprintf(err, err_size,
                 "has no recorded run configuration with its engines and schedule, so its copies cannot be "
                 "checked against its run");
        return false;
    }
    ScheduledGame sg;
    schedule_game(&schedule, (uint64_t)r->round - 1, &sg);
    if (strcmp(r->white, names[sg.p1]) != 0 || strcmp(r->black, names[sg.p2]) != 0) {
        snprintf(err, err_size, "has %s vs %s where its run's schedule plays %s vs %s", r->white, r->black,
                 names[sg.p1], names[sg.p2]);
        return false;
    }
    return true;
}

static bool collect(const PgnRecord *record, void *ctx, char *err, size_t err_size)
{
    GameList *list = ctx;
    long previous_end = list->count ? list->games[list->count - 1].record.end : 0;
    if (!only_blank_or_escape_lines(list->fd, previous_end, record->start)) {
        snprintf(err, err_size,
                 "lines before it (bytes %ld..%ld) are no complete game: two runs' lines are mixed, which a "
                 "repair cannot undo",
                 previous_end, record->start);
        return false;
    }
    if (tag_repeated(list->fd, record->start, record->end)) {
        snprintf(err, err_size,
                 "its tags (from line %ld) name a tag twice: the start of one game is glued to another, which a "
                 "repair cannot undo",
                 record->line);
        return false;
    }
    if (!check_schedule(record, err, err_size))
        return false;
    if (list->count == list->capacity) {
        size_t grown = list->capacity ? list->capacity * 2 : 256;
        FileGame *games = realloc(list->games, grown * sizeof *games);
        if (!games) {
            snprintf(err, err_size, "out of memory");
            return false;
        }
        list->games = games;
        list->capacity = grown;
    }
    FileGame *game = &list->games[list->count];
    const FileGame *before = list->count ? &list->games[list->count - 1] : NULL;
    game->record = *record;
    game->owns_config = !before || strcmp(before->config, record->config) != 0;
    game->config = game->owns_config ? strdup(record->config) : before->config;
    if (!game->config) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    game->record.config = NULL;
    list->count++;
    return true;
}

static int by_round_then_place(const void *x, const void *y)
{
    const FileGame *const *a = x, *const *b = y;
    if ((*a)->record.round != (*b)->record.round)
        return (*a)->record.round < (*b)->record.round ? -1 : 1;
    return (*a)->record.start < (*b)->record.start ? -1 : 1;
}

/* A later copy is the same game of the same run as the first. */
static bool same_game(const FileGame *first, const FileGame *copy, char *err, size_t err_size)
{
    const PgnRecord *a = &first->record, *b = &copy->record;
    char what[400];
    if (runconfig_differs(first->config, copy->config, what, sizeof what))
        snprintf(err, err_size, "its copy at line %ld comes from a run with another configuration: %s", b->line,
                 what);
    else if (strcmp(a->game_id, b->game_id) != 0 || strcmp(a->fen, b->fen) != 0)
        snprintf(err, err_size, "its copy at line %ld is another game (%s from %.300s, not %s from %.300s)", b->line,
                 b->game_id, b->fen, a->game_id, a->fen);
    else
        return true;
    return false;
}

/* Marks each game's first copy; false when a later copy is not the same
 * game.  *copies counts the later copies. */
static bool find_copies(GameList *list, size_t *copies, char *err, size_t err_size)
{
    FileGame **order = malloc((list->count ? list->count : 1) * sizeof *order);
    if (!order) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (size_t i = 0; i < list->count; i++)
        order[i] = &list->games[i];
    qsort(order, list->count, sizeof *order, by_round_then_place);
    bool ok = true;
    *copies = 0;
    for (size_t i = 0; ok && i < list->count; i++) {
        bool later = i > 0 && order[i - 1]->record.round == order[i]->record.round;
        FileGame *first = later ? &list->games[order[i - 1]->first_copy] : order[i];
        order[i]->first_copy = (size_t)(first - list->games);
        *copies += later;
        if (later && !same_game(first, order[i], err, err_size)) {
            char why[1200];
            snprintf(why, sizeof why, "%.500s: game %lld (line %ld): %.600s", list->path,
                     (long long)first->record.round, first->record.line, err);
            snprintf(err, err_size, "%s", why);
            ok = false;
        }
    }
    free(order);
    return ok;
}

/* Copies the bytes from..to of fd to file. */
static bool copy_bytes(int fd, long from, long to, FILE *file)
{
    char buffer[65536];
    while (from < to) {
        size_t want = (size_t)(to - from) < sizeof buffer ? (size_t)(to - from) : sizeof buffer;
        ssize_t got = pread(fd, buffer, want, from);
        if (got <= 0 || fwrite(buffer, 1, (size_t)got, file) != (size_t)got)
            return false;
        from += got;
    }
    return true;
}

/* The file as it was, to path.damaged (never over an earlier one). */
static bool keep_original(const GameList *list, long size, char *damaged, size_t damaged_size, char *err,
                          size_t err_size)
{
    snprintf(damaged, damaged_size, "%s.damaged", list->path);
    int fd = open(damaged, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    FILE *copy = fd >= 0 ? fdopen(fd, "w") : NULL;
    bool ok = copy && copy_bytes(list->fd, 0, size, copy) && fflush(copy) == 0 && fsync(fileno(copy)) == 0;
    int error = errno;
    if (copy)
        fclose(copy);
    else if (fd >= 0)
        close(fd);
    if (ok)
        return true;
    snprintf(err, err_size, "%.1000s: %s%s", damaged, strerror(error),
             error == EEXIST ? " (an earlier repair's copy: move it away first)" : "");
    if (error != EEXIST)
        unlink(damaged);
    return false;
}

/* Writes the kept games, each under its run's configuration, to tmp. */
static bool write_kept(const GameList *list, const char *tmp, char *err, size_t err_size)
{
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    FILE *file = fd >= 0 ? fdopen(fd, "w") : NULL;
    const char *config = NULL;
    bool ok = file != NULL;
    for (size_t i = 0; ok && i < list->count; i++) {
        const FileGame *g = &list->games[i];
        if (g->first_copy != i)
            continue;
        if (!config || strcmp(config, g->config) != 0)
            ok = pgn_write_config(file, g->config, err, err_size);
        config = g->config;
        ok = ok && copy_bytes(list->fd, g->record.start, g->record.end, file) && fputc('\n', file) != EOF;
    }
    ok = ok && fflush(file) == 0 && fsync(fileno(file)) == 0;
    if (!ok)
        snprintf(err, err_size, "%.1000s: cannot write it: %s", tmp, strerror(errno));
    if (file)
        fclose(file);
    else if (fd >= 0)
        close(fd);
    return ok;
}

/* Says what goes: every later copy, the bytes after the last game. */
static void tell_dropped(const GameList *list, long complete_end, long size, FILE *out)
{
    for (size_t i = 0; i < list->count; i++) {
        const FileGame *g = &list->games[i], *first = &list->games[g->first_copy];
        if (g->first_copy == i)
            continue;
        fprintf(out, "  dropped game %lld at line %ld: a later copy of game %lld at line %ld",
                (long long)g->record.round, g->record.line, (long long)first->record.round, first->record.line);
        if (g->record.result != first->record.result)
            fprintf(out, " (its result %s, the kept copy's %s)", pgn_result_token(g->record.result),
                    pgn_result_token(first->record.result));
        fputc('\n', out);
    }
    if (size > complete_end && !only_blank_or_escape_lines(list->fd, complete_end, size))
        fprintf(out, "  dropped bytes %ld..%ld after the last complete game: an unfinished game (-resume plays it "
                "again)\n", complete_end, size);
}

/* Writes the repaired file over path, the old one kept as path.damaged. */
static bool rewrite(const GameList *list, long complete_end, long size, size_t copies, FILE *out, char *err,
                    size_t err_size)
{
    char damaged[4200], tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.repair.tmp", list->path);
    if (!keep_original(list, size, damaged, sizeof damaged, err, err_size))
        return false;
    if (!write_kept(list, tmp, err, err_size) || rename(tmp, list->path) != 0) {
        if (!err[0])
            snprintf(err, err_size, "%.1000s: %s", list->path, strerror(errno));
        unlink(tmp);
        unlink(damaged);
        return false;
    }
    fprintf(out, "repair: %s held %zu games, %zu of them a later copy of a game it holds\n", list->path,
            list->count, copies);
    tell_dropped(list, complete_end, size, out);
    fprintf(out, "repair: %s now holds %zu games, each once; the file as it was is %s\n", list->path,
            list->count - copies, damaged);
    return true;
}

static void list_free(GameList *list)
{
    for (size_t i = 0; i < list->count; i++)
        if (list->games[i].owns_config)
            free((char *)list->games[i].config);
    free(list->games);
}

static bool repair(const char *path, FILE *out, char *err, size_t err_size)
{
    /* The lock of a writer, so that no run appends while the file is read
     * and replaced. */
    FILE *file = locked_file_update("file", path, err, err_size);
    if (!file)
        return false;
    GameList list = {path, fileno(file), NULL, 0, 0};
    long complete_end = 0, size = 0;
    size_t copies = 0;
    rewind(file);
    bool ok = pgn_read(file, path, collect, &list, &complete_end, err, err_size) &&
              find_copies(&list, &copies, err, err_size);
    if (ok && fseek(file, 0, SEEK_END) == 0)
        size = ftell(file);
    bool tail = size > complete_end && !only_blank_or_escape_lines(list.fd, complete_end, size);
    if (ok && copies == 0 && !tail)
        fprintf(out, "repair: %s holds %zu games, each once, and nothing after the last: nothing to repair\n",
                path, list.count);
    else if (ok)
        ok = rewrite(&list, complete_end, size, copies, out, err, err_size);
    list_free(&list);
    fclose(file);
    return ok;
}

int repair_command(const char *path, FILE *out, FILE *errors)
{
    char err[1600] = "";
    if (repair(path, out, err, sizeof err))
        return 0;
    fprintf(errors, "tessera-arena repair: %s; nothing changed\n", err);
    return 1;
}

void repair_print_help(FILE *out)
{
    fputs("tessera-arena repair - a -pgnout file two runs appended to, made one run's file\n"
          "\n"
          "Usage:\n"
          "  tessera-arena repair FILE.pgn\n"
          "  tessera-arena repair -help\n"
          "\n"
          "When two runs append to one file at once (a slice started again while it\n"
          "still ran), it holds some games twice and -resume and merge refuse it\n"
          "('appears twice').  repair keeps the first copy of each game (its number)\n"
          "and drops each later copy that is the same game of the same run (the same\n"
          "configuration, opening and players, the players the run's schedule gives\n"
          "that number), and what follows the last complete game (an unfinished game,\n"
          "which -resume plays again).  It names every game it drops.  The file as it\n"
          "was is kept as FILE.pgn.damaged; FILE.pgn is replaced whole.  It refuses,\n"
          "changing nothing, a file whose copies of a game differ, a game its run's\n"
          "schedule does not give, lines between games that are no game or a game\n"
          "whose tags name one twice (two runs' lines mixed), and a file a run is\n"
          "writing.\n"
          "\n"
          "  -help / --help / -h     this text\n"
          "\n"
          "Exit status: 0 repaired, or nothing to repair; 1 refused or failed (nothing\n"
          "changed); 2 no file given.\n",
          out);
}
