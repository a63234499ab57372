/* theta_csv.c - writing and reading back the theta history. */
#include "tune/theta_csv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "process/locked_file.h"
#include "tune/text_file.h"
#include "util/parse_number.h"

#define CSV_FILE_MAX ((size_t)1 << 30)
#define CSV_LINE_MAX (SPSA_MAX_PARAMS * (SPSA_NAME_MAX + 32) + 64)

static bool write_header(FILE *file, const Spsa *spsa)
{
    fprintf(file, "iteration");
    for (int i = 0; i < spsa->count; i++)
        fprintf(file, ",%s", spsa->param[i].name);
    fprintf(file, "\n");
    return !ferror(file);
}

bool theta_csv_append(FILE *file, const Spsa *spsa)
{
    /* Every bit of theta: -resume reads the row back, and a resumed run
     * equals the uninterrupted one only from the same doubles. */
    char value[32];
    fprintf(file, "%d", spsa->done);
    for (int i = 0; i < spsa->count; i++) {
        format_exact_double(spsa->param[i].theta, value, sizeof value);
        fprintf(file, ",%s", value);
    }
    fprintf(file, "\n");
    return fflush(file) == 0 && !ferror(file);
}

FILE *theta_csv_open_new(const char *path, bool overwrite, char *err, size_t err_size)
{
    if (!overwrite && access(path, F_OK) == 0) {
        snprintf(err, err_size, "-csv %s exists already: -resume %s continues that run, -force "
                 "overwrites it", path, path);
        return NULL;
    }
    /* Held from the start (process/locked_file.h): a second run on the
     * CSV is refused before it empties or writes it, so no other run's
     * file is lost between the check above and the open. */
    FILE *file = locked_file_append("-csv", path, err, err_size);
    if (file && !locked_file_cut(file, 0)) {
        snprintf(err, err_size, "-csv %s: %s", path, strerror(errno));
        fclose(file);
        return NULL;
    }
    return file;
}

bool theta_csv_start(FILE *file, const char *path, const Spsa *spsa, char *err, size_t err_size)
{
    if (write_header(file, spsa) && theta_csv_append(file, spsa))
        return true;
    snprintf(err, err_size, "-csv %s: cannot write", path);
    return false;
}

FILE *theta_csv_create(const char *path, bool overwrite, const Spsa *spsa, char *err,
                       size_t err_size)
{
    FILE *file = theta_csv_open_new(path, overwrite, err, err_size);
    if (file && !theta_csv_start(file, path, spsa, err, err_size)) {
        fclose(file);
        return NULL;
    }
    return file;
}

/* Splits line at commas in place; returns the field count (more than
 * max_fields means too many). */
static int split_csv(char *line, char **field, int max_fields)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max_fields)
            return n + 1;
        field[n++] = p;
        p = strchr(p, ',');
        if (!p)
            return n;
        *p++ = '\0';
    }
}

static bool read_header(char *line, ThetaRow *row, char *err, size_t err_size)
{
    char *field[SPSA_MAX_PARAMS + 1];
    int n = split_csv(line, field, SPSA_MAX_PARAMS + 1);
    if (n < 2 || n > SPSA_MAX_PARAMS + 1 || strcmp(field[0], "iteration") != 0) {
        snprintf(err, err_size, "header is not 'iteration,NAME,...' with 1 to %d names",
                 SPSA_MAX_PARAMS);
        return false;
    }
    row->count = n - 1;
    for (int i = 0; i < row->count; i++) {
        if (!field[i + 1][0] || strlen(field[i + 1]) >= SPSA_NAME_MAX) {
            snprintf(err, err_size, "header name %d is empty or too long", i + 1);
            return false;
        }
        snprintf(row->name[i], SPSA_NAME_MAX, "%s", field[i + 1]);
    }
    return true;
}

/* One row into row->iteration and row->value. */
static bool read_row(char *line, ThetaRow *row, char *err, size_t err_size)
{
    char *field[SPSA_MAX_PARAMS + 1];
    int n = split_csv(line, field, SPSA_MAX_PARAMS + 1);
    if (n != row->count + 1) {
        snprintf(err, err_size, "%d fields, expected %d", n, row->count + 1);
        return false;
    }
    int64_t k;
    if (parse_int64(field[0], 0, 1000000000, &k) != NUMBER_OK) {
        snprintf(err, err_size, "iteration '%.20s' is not a whole number", field[0]);
        return false;
    }
    row->iteration = (int)k;
    char *end;
    for (int i = 0; i < row->count; i++) {
        errno = 0;
        row->value[i] = strtod(field[i + 1], &end);
        if (errno || end == field[i + 1] || *end || !isfinite(row->value[i])) {
            snprintf(err, err_size, "%s value '%.20s' is not a number", row->name[i], field[i + 1]);
            return false;
        }
    }
    return true;
}

/* Called with every complete row, in order. */
typedef void (*RowFn)(void *context, const ThetaRow *row);

/* Reads the header and every complete row (handed to on_row when not
 * NULL); row receives the last one, *kept_bytes the length up to its end. */
static bool read_rows(const char *text, ThetaRow *row, size_t *kept_bytes, RowFn on_row, void *context, char *err,
                      size_t err_size)
{
    char line[CSV_LINE_MAX];
    int line_number = 0, last_iteration = -1;
    ThetaRow reading;
    memset(&reading, 0, sizeof reading);
    const char *p = text;
    /* Only lines ended by a newline count: a last line without one was cut
     * short while being written. */
    for (const char *newline; (newline = strchr(p, '\n')) != NULL; p = newline + 1) {
        size_t n = (size_t)(newline - p);
        line_number++;
        if (n >= sizeof line) {
            snprintf(err, err_size, "line %d: too long", line_number);
            return false;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        if (n > 0 && line[n - 1] == '\r')
            line[n - 1] = '\0';
        char why[200];
        bool ok = line_number == 1 ? read_header(line, &reading, why, sizeof why)
                                   : read_row(line, &reading, why, sizeof why);
        if (ok && line_number > 1 && reading.iteration != last_iteration + 1) {
            snprintf(why, sizeof why, "iteration %d follows %d", reading.iteration, last_iteration);
            ok = false;
        }
        if (!ok) {
            snprintf(err, err_size, "line %d: %s", line_number, why);
            return false;
        }
        if (line_number > 1) {
            last_iteration = reading.iteration;
            if (on_row)
                on_row(context, &reading);
        }
    }
    if (last_iteration < 0) {
        snprintf(err, err_size, "no complete row after the header");
        return false;
    }
    *row = reading;
    *kept_bytes = (size_t)(p - text);
    return true;
}

bool theta_csv_last_row(const char *text, ThetaRow *row, size_t *kept_bytes, char *err,
                        size_t err_size)
{
    return read_rows(text, row, kept_bytes, NULL, NULL, err, err_size);
}

bool theta_csv_load_last_row(const char *path, ThetaRow *row, char *err, size_t err_size)
{
    char why[300];
    size_t kept;
    char *text = text_file_read(path, CSV_FILE_MAX, NULL, why, sizeof why);
    if (!text) {
        snprintf(err, err_size, "-csv %s", why);
        return false;
    }
    bool ok = theta_csv_last_row(text, row, &kept, why, sizeof why);
    free(text);
    if (!ok)
        snprintf(err, err_size, "-csv %s: %s", path, why);
    return ok;
}

/* The latest rows of the history, as many as the run's delay needs: row m
 * in slot m % slots. */
typedef struct {
    int slots;
    double (*values)[SPSA_MAX_PARAMS];
} RecentRows;

static void keep_recent(void *context, const ThetaRow *row)
{
    RecentRows *recent = context;
    memcpy(recent->values[row->iteration % recent->slots], row->value, sizeof row->value);
}

bool theta_csv_restore(const char *text, Spsa *spsa, size_t *kept_bytes, char *err,
                       size_t err_size)
{
    ThetaRow *row = malloc(sizeof *row);
    RecentRows recent = {spsa->schedule.delay + 1, malloc((size_t)(spsa->schedule.delay + 1) * sizeof *recent.values)};
    if (!row || !recent.values) {
        free(row);
        free(recent.values);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool ok = read_rows(text, row, kept_bytes, keep_recent, &recent, err, err_size);
    bool same = ok && row->count == spsa->count;
    for (int i = 0; same && i < spsa->count; i++)
        same = strcasecmp(row->name[i], spsa->param[i].name) == 0;
    if (ok && !same) {
        snprintf(err, err_size, "its header does not list this run's %d parameters in its order",
                 spsa->count);
        ok = false;
    }
    /* Theta after the last row, and the rows before it that pairs in
     * flight perturb (spsa.h: the delay). */
    int first = ok && row->iteration > spsa->schedule.delay ? row->iteration - spsa->schedule.delay : 0;
    for (int m = first; ok && m <= row->iteration; m++)
        for (int i = 0; ok && i < spsa->count; i++) {
            const SpsaParam *p = &spsa->param[i];
            double value = recent.values[m % recent.slots][i];
            if (value < p->min || value > p->max) {
                snprintf(err, err_size, "row %d: %s = %g is outside %g..%g", m, p->name, value, p->min, p->max);
                ok = false;
            }
        }
    for (int m = first; ok && m <= row->iteration; m++)
        spsa_restore(spsa, m, recent.values[m % recent.slots]);
    free(row);
    free(recent.values);
    return ok;
}

FILE *theta_csv_resume(const char *path, Spsa *spsa, char *err, size_t err_size)
{
    char why[300];
    size_t length, kept;
    /* Held before it is read: a second run resuming the same CSV is
     * refused, not given the same last row to append after. */
    FILE *file = locked_file_update("-resume", path, err, err_size);
    if (!file)
        return NULL;
    rewind(file); /* "a+" may stand at the end */
    char *text = text_file_read_stream(file, path, CSV_FILE_MAX, &length, why, sizeof why);
    if (!text) {
        snprintf(err, err_size, "-resume %s", why);
        fclose(file);
        return NULL;
    }
    bool ok = theta_csv_restore(text, spsa, &kept, why, sizeof why);
    free(text);
    if (!ok)
        snprintf(err, err_size, "-resume %s: %s", path, why);
    else if (kept < length && !locked_file_cut(file, (long)kept)) {
        snprintf(err, err_size, "-resume %s: cannot drop the cut-short last row: %s", path, strerror(errno));
        ok = false;
    }
    if (!ok) {
        fclose(file);
        return NULL;
    }
    return file;
}
