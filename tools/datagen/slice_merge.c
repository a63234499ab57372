/* slice_merge.c - slices of a datagen run joined into the whole run's file. */
#include "datagen/slice_merge.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "data/data_reader.h"
#include "datagen/datagen_cli.h"
#include "datagen/position_set.h"
#include "games/registry.h"

typedef struct {
    const char *out_path;
    bool force, help, check;
    const char **parts;
    int part_count;
} MergeOptions;

/* One part as its header and last line describe it. */
typedef struct {
    const char *path;
    char configuration[DATA_HEADER_MAX]; /* without " games=A..B" */
    char game_id[64];
    uint64_t first, last;
    bool complete;
} Part;

static bool read_out(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "%s needs a file name", flag);
        return false;
    }
    ((MergeOptions *)target)->out_path = value;
    return true;
}

static bool set_force(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((MergeOptions *)target)->force = true;
    return true;
}

static bool set_check(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((MergeOptions *)target)->check = true;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((MergeOptions *)target)->help = true;
    return true;
}

static const Flag merge_flags[] = {
    {"-out", .on_value = read_out}, {"-force", .on_switch = set_force}, {"-check", .on_switch = set_check},
    {"-help", .on_switch = set_help}, {"--help", .on_switch = set_help},
    {.name = NULL},
};

/* Flags anywhere; every other word is a part.  o->parts points into a
 * copy of argv the caller frees. */
static bool parse_options(int argc, char *const *argv, MergeOptions *o, char *err, size_t err_size)
{
    *o = (MergeOptions){0};
    o->parts = calloc((size_t)argc, sizeof *o->parts);
    if (!o->parts) {
        snprintf(err, err_size, "merge: out of memory");
        return false;
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-') {
            o->parts[o->part_count++] = argv[i];
            continue;
        }
        const Flag *row = flag_find(merge_flags, argv[i]);
        char why[200] = "";
        if (!row || flag_read(row, o, argc, argv, &i, 1, why, sizeof why) != 0) {
            if (!row)
                snprintf(why, sizeof why, "unknown flag '%s'", argv[i]);
            snprintf(err, err_size, "merge: %s", why);
            return false;
        }
        if (o->help)
            return true;
    }
    if ((!o->out_path && !o->check) || o->part_count == 0) {
        snprintf(err, err_size, "merge: -out FILE (or -check) and at least one PART are required");
        return false;
    }
    return true;
}

typedef struct {
    Part *part;
    char complete_line[80];
    bool any_record;
    uint64_t last_game; /* of the record before */
} PartScan;

static bool scan_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    PartScan *scan = context;
    scan->part->complete = false;
    if (record->game_number < scan->part->first || record->game_number > scan->part->last) {
        snprintf(err, err_size, "game %" PRIu64 " is outside the part's games %" PRIu64 "..%" PRIu64,
                 record->game_number, scan->part->first, scan->part->last);
        return false;
    }
    /* A slice writes its games in order (a resume plays its last again in
     * its place): a game after a later one is a second writer's. */
    if (scan->any_record && record->game_number < scan->last_game) {
        snprintf(err, err_size, "game %" PRIu64 " comes after game %" PRIu64 ": the games are out of order "
                 "(two runs wrote this file?)", record->game_number, scan->last_game);
        return false;
    }
    scan->any_record = true;
    scan->last_game = record->game_number;
    return true;
}

static bool scan_comment(void *context, const char *line, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    PartScan *scan = context;
    if (strcmp(line, scan->complete_line) == 0)
        scan->part->complete = true;
    return true;
}

/* Reads a part through: its header, its games, its completion line. */
static bool read_part(Part *part, char *err, size_t err_size)
{
    char why[ERROR_TEXT_MAX * 2] = "", line[DATA_LINE_MAX + 2] = "";
    FILE *file = fopen(part->path, "r");
    if (!file) {
        snprintf(err, err_size, "%.1000s: %s", part->path, strerror(errno));
        return false;
    }
    DataHeader header;
    /* The header first, to know which completion line to look for. */
    bool ok = fgets(line, sizeof line, file) &&
              data_header_parse(line, header.configuration, sizeof header.configuration, header.game_id,
                                sizeof header.game_id, why, sizeof why);
    if (!ok && !line[0])
        snprintf(why, sizeof why, "no header line");
    const char *range = ok ? datagen_range_in(header.configuration, &part->first, &part->last) : NULL;
    if (ok && !range) {
        snprintf(why, sizeof why, "no slice: its header has no games=A..B (it was not made with -games A..B)");
        ok = false;
    }
    if (ok) {
        snprintf(part->configuration, sizeof part->configuration, "%.*s", (int)(range - header.configuration),
                 header.configuration);
        snprintf(part->game_id, sizeof part->game_id, "%s", header.game_id);
        PartScan scan = {part, "", false, 0};
        datagen_complete_line(part->first, part->last, scan.complete_line, sizeof scan.complete_line);
        const DataVisitors visitors = {scan_record, scan_comment, NULL};
        long kept;
        rewind(file);
        ok = data_read_visiting(file, &header, &visitors, &scan, &kept, why, sizeof why);
    }
    fclose(file);
    if (!ok)
        snprintf(err, err_size, "%.1000s: %s", part->path, why);
    return ok;
}

/* One part readable, a slice, and complete: what -check says of each
 * part and the merge asks of every part (tools/cluster/merge.sh runs
 * -check, so the two never disagree on a part). */
static bool check_part(Part *part, char *err, size_t err_size)
{
    if (!read_part(part, err, err_size))
        return false;
    if (!part->complete)
        snprintf(err, err_size, "%s: games %" PRIu64 "..%" PRIu64 " are not all played (no '# complete' line "
                 "at its end): run its slice again, the same command, to finish it",
                 part->path, part->first, part->last);
    return part->complete;
}

static int by_first_game(const void *a, const void *b)
{
    const Part *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first ? 1 : 0;
}

/* "game A is" or "games A..B are": the games no part holds. */
static void missing_games(uint64_t first, uint64_t last, char *text, size_t size)
{
    if (first == last)
        snprintf(text, size, "game %" PRIu64 " is", first);
    else
        snprintf(text, size, "games %" PRIu64 "..%" PRIu64 " are", first, last);
}

/* The parts, sorted, must be one run's slices, complete, covering 0..B
 * without overlap or gap. */
static bool check_parts(Part *parts, int count, char *err, size_t err_size)
{
    for (int i = 0; i < count; i++) {
        if (!check_part(&parts[i], err, err_size))
            return false;
        if (strcmp(parts[i].configuration, parts[0].configuration) != 0) {
            snprintf(err, err_size, "%s was made with other settings than %s:\n  %s: %s\n  %s: %s", parts[i].path,
                     parts[0].path, parts[0].path, parts[0].configuration, parts[i].path, parts[i].configuration);
            return false;
        }
    }
    qsort(parts, (size_t)count, sizeof *parts, by_first_game);
    char missing[64];
    if (parts[0].first != 0) {
        missing_games(0, parts[0].first - 1, missing, sizeof missing);
        snprintf(err, err_size, "%s in no part (a slice is missing; %s starts at game %" PRIu64 ")", missing,
                 parts[0].path, parts[0].first);
        return false;
    }
    for (int i = 1; i < count; i++) {
        const Part *before = &parts[i - 1], *part = &parts[i];
        if (part->first <= before->last) {
            snprintf(err, err_size, "%s (games %" PRIu64 "..%" PRIu64 ") and %s (games %" PRIu64 "..%" PRIu64
                     ") overlap: give each slice once", before->path, before->first, before->last, part->path,
                     part->first, part->last);
            return false;
        }
        if (part->first > before->last + 1) {
            missing_games(before->last + 1, part->first - 1, missing, sizeof missing);
            snprintf(err, err_size, "%s in no part (a slice is missing between %s and %s)", missing, before->path,
                     part->path);
            return false;
        }
    }
    return true;
}

typedef struct {
    const Game *game;
    PositionSet seen;
    FILE *out;
    uint64_t written, dropped;
} Writer;

/* A record whose position no earlier record had, as the whole run wrote it. */
static bool write_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    Writer *w = context;
    Position pos;
    char why[ERROR_TEXT_MAX], line[DATA_LINE_MAX];
    bool out_of_memory;
    if (!w->game->parse_position(record->position, &pos, why, sizeof why)) {
        snprintf(err, err_size, "position does not parse: %s", why);
        return false;
    }
    if (!position_set_add(&w->seen, w->game->hash(&pos), &out_of_memory)) {
        if (out_of_memory) {
            snprintf(err, err_size, "out of memory for the seen positions");
            return false;
        }
        w->dropped++;
        return true;
    }
    if (!data_record_format(record, line, sizeof line) || fputs(line, w->out) == EOF) {
        snprintf(err, err_size, "cannot write the record");
        return false;
    }
    w->written++;
    return true;
}

static bool write_merged(const MergeOptions *o, const Part *parts, int count, const char *tmp, Writer *w, char *err,
                         size_t err_size)
{
    char header[DATA_HEADER_MAX + 32];
    if (!data_header_format(parts[0].configuration, header, sizeof header) || fputs(header, w->out) == EOF) {
        snprintf(err, err_size, "%.1000s: cannot write the header", tmp);
        return false;
    }
    for (int i = 0; i < count; i++) {
        FILE *file = fopen(parts[i].path, "r");
        DataHeader part_header;
        long kept;
        char why[ERROR_TEXT_MAX * 2];
        bool ok = file && data_read(file, &part_header, write_record, w, &kept, why, sizeof why);
        if (!file)
            snprintf(why, sizeof why, "%s", strerror(errno));
        if (file)
            fclose(file);
        if (!ok) {
            snprintf(err, err_size, "%s: %s", parts[i].path, why);
            return false;
        }
    }
    (void)o;
    /* The whole run's completion line, as one machine's -games N writes it. */
    char line[80];
    datagen_complete_line(0, parts[count - 1].last, line, sizeof line);
    if (fprintf(w->out, "%s\n", line) < 0) {
        snprintf(err, err_size, "%.1000s: cannot write", tmp);
        return false;
    }
    return true;
}

static int merge(const MergeOptions *o, FILE *out, FILE *errout)
{
    Part *parts = calloc((size_t)o->part_count, sizeof *parts);
    char err[ERROR_TEXT_MAX * 4 + DATA_HEADER_MAX * 2];
    if (!parts) {
        fprintf(errout, "tessera-datagen: merge: out of memory\n");
        return DATAGEN_EXIT_FAILED;
    }
    for (int i = 0; i < o->part_count; i++)
        parts[i].path = o->parts[i];
    int code = DATAGEN_EXIT_OK;
    FILE *existing = o->force ? NULL : fopen(o->out_path, "r");
    const Game *game = NULL;
    if (existing) {
        fclose(existing);
        snprintf(err, sizeof err, "%s exists (-force overwrites it)", o->out_path);
        code = DATAGEN_EXIT_BAD_ARGS;
    } else if (!check_parts(parts, o->part_count, err, sizeof err)) {
        code = DATAGEN_EXIT_BAD_ARGS;
    } else if (!(game = game_by_id(parts[0].game_id))) {
        snprintf(err, sizeof err, "%s: unknown game '%s'", parts[0].path, parts[0].game_id);
        code = DATAGEN_EXIT_BAD_ARGS;
    }
    if (code != DATAGEN_EXIT_OK) {
        fprintf(errout, "tessera-datagen: merge: %s\n", err);
        free(parts);
        return code;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", o->out_path);
    Writer w = {game, {0}, fopen(tmp, "w"), 0, 0};
    position_set_init(&w.seen);
    bool ok = w.out != NULL;
    if (!ok)
        snprintf(err, sizeof err, "%.1000s: %s", tmp, strerror(errno));
    ok = ok && write_merged(o, parts, o->part_count, tmp, &w, err, sizeof err);
    if (w.out && fclose(w.out) != 0 && ok) {
        snprintf(err, sizeof err, "%.1000s: cannot write", tmp);
        ok = false;
    }
    if (ok && rename(tmp, o->out_path) != 0) {
        snprintf(err, sizeof err, "%s: %s", o->out_path, strerror(errno));
        ok = false;
    }
    if (ok) {
        fprintf(out, "merge: %" PRIu64 " positions of %s, games 0..%" PRIu64 " from %d parts (%" PRIu64
                " positions dropped that an earlier part holds), written to %s\n",
                w.written, game->id, parts[o->part_count - 1].last, o->part_count, w.dropped, o->out_path);
    } else {
        remove(tmp);
        fprintf(errout, "tessera-datagen: merge: %s\n", err);
        code = DATAGEN_EXIT_FAILED;
    }
    position_set_free(&w.seen);
    free(parts);
    return code;
}

/* -check: each part as the merge would take it; nothing written. */
static int check_only(const MergeOptions *o, FILE *out, FILE *errout)
{
    int code = DATAGEN_EXIT_OK;
    for (int i = 0; i < o->part_count; i++) {
        Part part = {.path = o->parts[i]};
        char err[ERROR_TEXT_MAX * 4];
        if (check_part(&part, err, sizeof err)) {
            fprintf(out, "%s: games %" PRIu64 "..%" PRIu64 ", complete\n", part.path, part.first, part.last);
        } else {
            fprintf(errout, "tessera-datagen: merge: %s\n", err);
            code = DATAGEN_EXIT_BAD_ARGS;
        }
    }
    return code;
}

static void print_help(FILE *out)
{
    fputs("usage: tessera-datagen merge -out FILE [-force] PART...\n"
          "       tessera-datagen merge -check PART...\n"
          "\n"
          "Joins the data files of slices of one run (each made with -games A..B, the\n"
          "same other flags) into FILE: the file that one run of all their games\n"
          "(-games N, N = the last game + 1) writes, byte for byte.  The records go in\n"
          "game order, and a position an earlier part already holds is dropped, as the\n"
          "whole run skips it.  The parts may be given in any order.  Refused (exit 2,\n"
          "nothing written): a part that is no slice or is not complete (its last line\n"
          "is '# complete: games A..B' once every game is written), a part whose games\n"
          "are out of order (two runs wrote it), parts made with other settings, parts\n"
          "that overlap, games no part holds (from game 0 on).\n"
          "\n"
          "  -out FILE       the merged data file (required); an existing one is refused\n"
          "  -force          overwrite an existing -out FILE\n"
          "  -check          only check each PART as the merge does (a readable slice,\n"
          "                  its games in order, complete): one line each, nothing written\n"
          "  -help / --help  this text\n"
          "\n"
          "Exit status: 0 done; 1 FILE cannot be written; 2 bad flags, an unreadable or\n"
          "malformed part, parts that are not the complete slices of one run, an\n"
          "existing FILE without -force.\n",
          out);
}

int slice_merge_command(int argc, char *const *argv, FILE *out, FILE *errout)
{
    MergeOptions o;
    char err[256];
    bool ok = parse_options(argc, argv, &o, err, sizeof err);
    int code = DATAGEN_EXIT_OK;
    if (!ok) {
        fprintf(errout, "tessera-datagen: %s\n(tessera-datagen merge -help lists the flags)\n", err);
        code = DATAGEN_EXIT_BAD_ARGS;
    } else if (o.help) {
        print_help(out);
    } else if (o.check) {
        code = check_only(&o, out, errout);
    } else {
        code = merge(&o, out, errout);
    }
    free(o.parts);
    return code;
}
