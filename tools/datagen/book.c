/* book.c - opening books with an edge, from self-play data. */
#include "datagen/book.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "data/data_reader.h"
#include "datagen/datagen_cli.h"
#include "util/parse_number.h"

typedef struct {
    const char *data_path, *out_path;
    int min_cp, max_cp, min_ply, max_ply;
    bool decisive, force, help;
} BookOptions;

typedef struct {
    const BookOptions *options;
    FILE *out;
    uint64_t last_game; /* the game whose position was taken last */
    bool taken_any;
    long written;
} BookPicker;

static bool qualifies(const BookOptions *o, const DataRecord *r)
{
    int edge = abs(r->score);
    return !r->proven && r->ply >= o->min_ply && r->ply <= o->max_ply && edge >= o->min_cp &&
           edge <= o->max_cp && (!o->decisive || r->result != DATA_DRAW);
}

static bool pick(void *context, const DataRecord *record, char *err, size_t err_size)
{
    BookPicker *picker = context;
    if (!qualifies(picker->options, record) ||
        (picker->taken_any && picker->last_game == record->game_number))
        return true;
    picker->taken_any = true;
    picker->last_game = record->game_number;
    picker->written++;
    if (fprintf(picker->out, "%s\n", record->position) < 0) {
        snprintf(err, err_size, "cannot write the book");
        return false;
    }
    return true;
}

static bool read_path(const char *flag, const char *value, const char **out, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "bad value '' for %s", flag);
        return false;
    }
    *out = value;
    return true;
}

static bool read_int(const char *flag, const char *value, int max, int *out, char *err, size_t err_size)
{
    if (parse_int_range(value, 0, max, out))
        return true;
    snprintf(err, err_size, "bad value '%s' for %s (a whole number from 0 to %d)", value, flag, max);
    return false;
}

static bool read_data(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_path(flag, value, &((BookOptions *)target)->data_path, err, err_size);
}

static bool read_out(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_path(flag, value, &((BookOptions *)target)->out_path, err, err_size);
}

static bool read_min_cp(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, EVAL_BOUND, &((BookOptions *)target)->min_cp, err, err_size);
}

static bool read_max_cp(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, EVAL_BOUND, &((BookOptions *)target)->max_cp, err, err_size);
}

static bool read_min_ply(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, DATA_PLY_MAX, &((BookOptions *)target)->min_ply, err, err_size);
}

static bool read_max_ply(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, DATA_PLY_MAX, &((BookOptions *)target)->max_ply, err, err_size);
}

static bool set_force(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((BookOptions *)target)->force = true;
    return true;
}

static bool set_decisive(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((BookOptions *)target)->decisive = true;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((BookOptions *)target)->help = true;
    return true;
}

static const Flag book_flags[] = {
    {"-data", .on_value = read_data},       {"-out", .on_value = read_out},
    {"-min-cp", .on_value = read_min_cp},   {"-max-cp", .on_value = read_max_cp},
    {"-min-ply", .on_value = read_min_ply}, {"-max-ply", .on_value = read_max_ply},
    {"-decisive", .on_switch = set_decisive}, {"-force", .on_switch = set_force},
    {"-help", .on_switch = set_help},       {"--help", .on_switch = set_help},
    {.name = NULL},
};

static bool parse_options(int argc, char *const *argv, BookOptions *o, char *err, size_t err_size)
{
    *o = (BookOptions){NULL, NULL, 30, 150, 0, 8, false, false, false};
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(book_flags, argv[i]);
        char why[200] = "";
        if (!row || flag_read(row, o, argc, argv, &i, 1, why, sizeof why) != 0) {
            if (!row)
                snprintf(why, sizeof why, "unknown flag '%s'", argv[i]);
            snprintf(err, err_size, "book: %s", why);
            return false;
        }
        if (o->help)
            return true;
    }
    if (!o->data_path || !o->out_path) {
        snprintf(err, err_size, "book: -data FILE and -out BOOK are required");
        return false;
    }
    if (o->min_cp > o->max_cp) {
        snprintf(err, err_size, "book: -min-cp %d is above -max-cp %d", o->min_cp, o->max_cp);
        return false;
    }
    if (o->min_ply > o->max_ply) {
        snprintf(err, err_size, "book: -min-ply %d is above -max-ply %d", o->min_ply, o->max_ply);
        return false;
    }
    return true;
}

static int write_book(const BookOptions *o, FILE *out, FILE *errout)
{
    FILE *data = fopen(o->data_path, "r");
    if (!data) {
        fprintf(errout, "tessera-datagen: book: %s: %s\n", o->data_path, strerror(errno));
        return DATAGEN_EXIT_BAD_ARGS;
    }
    FILE *book = fopen(o->out_path, o->force ? "w" : "wx");
    if (!book) {
        fprintf(errout, "tessera-datagen: book: %s: %s%s\n", o->out_path, strerror(errno),
                errno == EEXIST ? " (-force overwrites it)" : "");
        fclose(data);
        return DATAGEN_EXIT_BAD_ARGS;
    }
    DataHeader header;
    BookPicker picker = {o, book, 0, false, 0};
    long kept;
    char err[ERROR_TEXT_MAX + 64];
    fprintf(book, "# tessera-datagen book: positions %d..%d turns in whose search score "
            "gives one side %d..%d cp, one per %sgame\n", o->min_ply, o->max_ply, o->min_cp, o->max_cp,
            o->decisive ? "decisive " : "");
    bool ok = data_read(data, &header, pick, &picker, &kept, err, sizeof err);
    if (ok)
        fprintf(book, "# from %s: %s\n", o->data_path, header.configuration);
    fclose(data);
    ok = (fclose(book) == 0) && ok;
    if (!ok) {
        fprintf(errout, "tessera-datagen: book: %s\n", err);
        remove(o->out_path);
        return DATAGEN_EXIT_BAD_ARGS;
    }
    fprintf(out, "book: %ld positions of %s written to %s\n", picker.written, header.game_id,
            o->out_path);
    return DATAGEN_EXIT_OK;
}

static void print_help(FILE *out)
{
    fputs("usage: tessera-datagen book -data FILE -out BOOK [flags]\n"
          "\n"
          "Writes an arena opening file (-openings file=BOOK) of positions from the\n"
          "self-play data FILE whose search score gives one side a small edge (not a\n"
          "proof), one per game: its first position that qualifies.  The book starts\n"
          "with two comment lines, the selection and the data's configuration.\n"
          "\n"
          "  -data FILE      the self-play data (tessera-datagen's -out; required)\n"
          "  -out BOOK       the book written (required); an existing one is refused\n"
          "  -min-cp N       the smallest edge kept, in centi-units (30)\n"
          "  -max-cp N       the largest edge kept (150)\n"
          "  -min-ply N      the earliest turn kept, counted after the random plies (0)\n"
          "  -max-ply N      the latest turn kept (8)\n"
          "  -decisive       only positions of games that were not drawn\n"
          "  -force          overwrite an existing -out BOOK\n"
          "  -help / --help  this text\n"
          "\n"
          "Exit status: 0 done; 2 bad flags, an unreadable or malformed data file, an\n"
          "existing book without -force.\n",
          out);
}

int book_command(int argc, char *const *argv, FILE *out, FILE *errout)
{
    BookOptions o;
    char err[256];
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(errout, "tessera-datagen: %s\n(tessera-datagen book -help lists the flags)\n", err);
        return DATAGEN_EXIT_BAD_ARGS;
    }
    if (o.help) {
        print_help(out);
        return DATAGEN_EXIT_OK;
    }
    return write_book(&o, out, errout);
}
