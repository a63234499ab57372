/* book.c - opening books with an edge, from self-play data. */
#include "datagen/book.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "data/data_reader.h"
#include "util/parse_number.h"
#include "datagen/datagen_cli.h"

typedef struct {
    const char *data_path, *out_path;
    int min_cp, max_cp, max_ply;
    bool force;
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
    return !r->proven && r->ply <= o->max_ply && edge >= o->min_cp && edge <= o->max_cp;
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

static bool parse_int(const char *text, int min, int max, int *out)
{
    int64_t value;
    if (parse_int64(text, min, max, &value) != NUMBER_OK)
        return false;
    *out = (int)value;
    return true;
}

static bool parse_options(int argc, char *const *argv, BookOptions *o, char *err, size_t err_size)
{
    *o = (BookOptions){NULL, NULL, 30, 150, 8, false};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (strcmp(flag, "-force") == 0) {
            o->force = true;
            continue;
        }
        if (strcmp(flag, "-data") == 0)
            ok = (o->data_path = value) != NULL;
        else if (strcmp(flag, "-out") == 0)
            ok = (o->out_path = value) != NULL;
        else if (strcmp(flag, "-min-cp") == 0)
            ok = parse_int(value, 0, EVAL_BOUND, &o->min_cp);
        else if (strcmp(flag, "-max-cp") == 0)
            ok = parse_int(value, 0, EVAL_BOUND, &o->max_cp);
        else if (strcmp(flag, "-max-ply") == 0)
            ok = parse_int(value, 0, DATA_PLY_MAX, &o->max_ply);
        else {
            snprintf(err, err_size, "book: unknown flag '%s'", flag);
            return false;
        }
        if (!ok) {
            snprintf(err, err_size, "book: bad value '%s' for %s", value ? value : "", flag);
            return false;
        }
        i++;
    }
    if (!o->data_path || !o->out_path) {
        snprintf(err, err_size, "book: -data FILE and -out BOOK are required");
        return false;
    }
    if (o->min_cp > o->max_cp) {
        snprintf(err, err_size, "book: -min-cp %d is above -max-cp %d", o->min_cp, o->max_cp);
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
    fprintf(book, "# tessera-datagen book: positions at most %d turns in whose search score "
            "gives one side %d..%d cp, one per game\n", o->max_ply, o->min_cp, o->max_cp);
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

int book_command(int argc, char *const *argv, FILE *out, FILE *errout)
{
    BookOptions o;
    char err[256];
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(errout, "tessera-datagen: %s\n", err);
        return DATAGEN_EXIT_BAD_ARGS;
    }
    return write_book(&o, out, errout);
}
