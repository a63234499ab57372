/* run_record.c - a tuning run's configuration beside its CSV (see run_record.h). */
#include "tune/run_record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/runconfig.h"
#include "arena/timecontrol.h"
#include "tune/text_file.h"
#include "util/parse_number.h"

#define RECORD_FILE_MAX ((size_t)1 << 20)
#define RECORD_PATH_MAX 4096
/* How much of a value a message shows. */
#define SHOWN_MAX 200

/* ---- building ---- */

typedef struct {
    char *text;
    size_t length, capacity;
    bool failed;
} Text;

static void add(Text *t, const char *s, size_t len)
{
    if (t->failed)
        return;
    if (t->length + len + 1 > t->capacity) {
        size_t grown = (t->length + len + 1) * 2;
        char *text = realloc(t->text, grown);
        if (!text) {
            t->failed = true;
            return;
        }
        t->text = text;
        t->capacity = grown;
    }
    memcpy(t->text + t->length, s, len);
    t->length += len;
    t->text[t->length] = '\0';
}

static void add_string(Text *t, const char *s) { add(t, s, strlen(s)); }

/* As the arena's records: control characters and backslashes as \xHH. */
static void add_escaped(Text *t, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char escaped[8];
        if (*p < 0x20 || *p == 0x7f || *p == '\\') {
            snprintf(escaped, sizeof escaped, "\\x%02x", *p);
            add(t, escaped, 4);
        } else {
            add(t, (const char *)p, 1);
        }
    }
}

/* One line KEY=VALUE, the value printf-formatted, then escaped. */
static void put(Text *t, const char *key, const char *value_format, ...)
{
    char value[512];
    va_list args;
    va_start(args, value_format);
    vsnprintf(value, sizeof value, value_format, args);
    va_end(args);
    add_string(t, key);
    add(t, "=", 1);
    add_escaped(t, value);
    add(t, "\n", 1);
}

/* Keys of the arena's description that the tuner fixes itself. */
static bool fixed_by_the_tuner(const char *key, size_t len)
{
    static const char *const keys[] = {"tournament", "repeat", "sprt", "engines", "engine.1.name", NULL};
    for (int i = 0; keys[i]; i++)
        if (strlen(keys[i]) == len && memcmp(keys[i], key, len) == 0)
            return true;
    /* engines[1] is engines[0] again, named minus. */
    return len > 7 && strncmp(key, "engine.", 7) == 0 && strncmp(key, "engine.1.", 9) != 0;
}

/* The arena's lines (already escaped), engine.1.KEY as engine.KEY. */
static void add_arena(Text *t, const char *arena)
{
    for (const char *line = arena; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *eq = memchr(line, '=', len);
        size_t key_len = eq ? (size_t)(eq - line) : len;
        if (!fixed_by_the_tuner(line, key_len)) {
            if (key_len > 9 && strncmp(line, "engine.1.", 9) == 0) {
                add_string(t, "engine.");
                add(t, line + 9, len - 9);
            } else {
                add(t, line, len);
            }
            add(t, "\n", 1);
        }
        if (!end)
            break;
        line = end + 1;
    }
}

char *run_record_describe(const TournamentConfig *c, const Spsa *spsa)
{
    RunConfig arena;
    if (!runconfig_describe(c, &arena))
        return NULL;
    Text t = {NULL, 0, 0, false};
    char a[40], b[40], d[40], e[40], f[40];
    add_string(&t, RUN_RECORD_MAGIC "\n");
    add_arena(&t, arena.text);
    runconfig_free(&arena);
    put(&t, "concurrency", "%d", c->concurrency);
    const SpsaSchedule *s = &spsa->schedule;
    put(&t, "iterations", "%d", s->iterations);
    format_exact_double(s->A, a, sizeof a);
    put(&t, "A", "%s", a);
    format_exact_double(s->alpha, a, sizeof a);
    put(&t, "alpha", "%s", a);
    format_exact_double(s->gamma, a, sizeof a);
    put(&t, "gamma", "%s", a);
    put(&t, "params", "%d", spsa->count);
    for (int i = 0; i < spsa->count; i++) {
        const SpsaParam *p = &spsa->param[i];
        char key[32];
        format_exact_double(p->start, a, sizeof a);
        format_exact_double(p->min, b, sizeof b);
        format_exact_double(p->max, d, sizeof d);
        format_exact_double(p->c_end, e, sizeof e);
        format_exact_double(p->r_end, f, sizeof f);
        snprintf(key, sizeof key, "param.%d", i + 1);
        put(&t, key, "%s, %s, %s, %s, %s, %s", p->name, a, b, d, e, f);
    }
    add_string(&t, RUN_RECORD_END "\n");
    if (t.failed) {
        free(t.text);
        return NULL;
    }
    return t.text;
}

/* ---- the file ---- */

bool run_record_path(const char *csv_path, char *out, size_t out_size)
{
    int n = snprintf(out, out_size, "%s%s", csv_path, RUN_RECORD_SUFFIX);
    return n > 0 && (size_t)n < out_size;
}

char *run_record_read(const char *csv_path)
{
    char path[RECORD_PATH_MAX], ignored[200];
    return run_record_path(csv_path, path, sizeof path)
               ? text_file_read(path, RECORD_FILE_MAX, NULL, ignored, sizeof ignored)
               : NULL;
}

bool run_record_write(const char *csv_path, const char *text, char *err, size_t err_size)
{
    char path[RECORD_PATH_MAX], temp[RECORD_PATH_MAX + 8];
    if (!run_record_path(csv_path, path, sizeof path)) {
        snprintf(err, err_size, "-csv %.200s: the path is too long", csv_path);
        return false;
    }
    snprintf(temp, sizeof temp, "%s.tmp", path);
    FILE *file = fopen(temp, "w");
    bool ok = file && fputs(text, file) >= 0 && fflush(file) == 0 && fsync(fileno(file)) == 0;
    int saved = errno;
    if (file && fclose(file) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(temp, path) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        if (file)
            unlink(temp);
        snprintf(err, err_size, "-csv %s: cannot write the run's record %s: %s", csv_path, path, strerror(saved));
    }
    return ok;
}

/* ---- reading and comparing ---- */

/* The line at *at (its length in *len, the next line's start in *next);
 * false at the end of text. */
static bool next_line(const char **at, const char **line, size_t *len)
{
    if (!**at)
        return false;
    const char *end = strchr(*at, '\n');
    *line = *at;
    *len = end ? (size_t)(end - *at) : strlen(*at);
    *at = end ? end + 1 : *at + *len;
    return true;
}

bool run_record_well_formed(const char *text, char *err, size_t err_size)
{
    const char *at = text, *line;
    size_t len;
    int number = 0;
    bool ended = false;
    while (next_line(&at, &line, &len)) {
        number++;
        if (ended) {
            snprintf(err, err_size, "line %d: text after '" RUN_RECORD_END "'", number);
            return false;
        }
        if (line[len] != '\n') {
            snprintf(err, err_size, "line %d: cut short", number);
            return false;
        }
        if (number == 1) {
            if (len != strlen(RUN_RECORD_MAGIC) || memcmp(line, RUN_RECORD_MAGIC, len) != 0) {
                snprintf(err, err_size, "line 1: not '" RUN_RECORD_MAGIC "'");
                return false;
            }
            continue;
        }
        if (len == strlen(RUN_RECORD_END) && memcmp(line, RUN_RECORD_END, len) == 0) {
            ended = true;
            continue;
        }
        const char *eq = memchr(line, '=', len);
        bool key_ok = eq && eq > line;
        for (const char *p = line; key_ok && p < eq; p++)
            key_ok = *p > ' ' && *p < 0x7f && *p != '#';
        for (const char *p = line; key_ok && p < line + len; p++)
            key_ok = (unsigned char)*p >= ' ' && *p != 0x7f;
        if (!key_ok) {
            snprintf(err, err_size, "line %d: not KEY=VALUE", number);
            return false;
        }
    }
    if (number == 0) {
        snprintf(err, err_size, "empty");
        return false;
    }
    if (!ended) {
        snprintf(err, err_size, "no '" RUN_RECORD_END "' line: cut short");
        return false;
    }
    return true;
}

/* The value of key (key_len bytes) in a record, and its length. */
static const char *find_value(const char *text, const char *key, size_t key_len, size_t *len)
{
    const char *at = text, *line;
    size_t line_len;
    while (next_line(&at, &line, &line_len))
        if (line_len > key_len && memcmp(line, key, key_len) == 0 && line[key_len] == '=') {
            *len = line_len - key_len - 1;
            return line + key_len + 1;
        }
    return NULL;
}

static bool key_is(const char *key, const char *name) { return strcmp(key, name) == 0; }

/* value, at most SHOWN_MAX bytes of it, quoted when it has blanks. */
static void show(char *out, size_t out_size, const char *value, size_t len)
{
    bool cut = len > SHOWN_MAX;
    int shown = (int)(cut ? SHOWN_MAX : len);
    bool quote = len == 0 || memchr(value, ' ', (size_t)shown) != NULL;
    snprintf(out, out_size, "%s%.*s%s%s", quote ? "'" : "", shown, value, cut ? "..." : "", quote ? "'" : "");
}

/* How the user says key=value: "-concurrency 4", "option.Hash=16",
 * "depth=1", "parameter 1 'Knob, 20, 0, 100, 10, 0.05'"; a NULL value is
 * the key not given ("no option.Hash="). */
static void phrase(const char *key, const char *value, size_t len, char *out, size_t out_size)
{
    static const char *const flags[] = {"game", "seed", "openings", "concurrency", "iterations",
                                        "A", "alpha", "gamma", NULL};
    char shown[SHOWN_MAX + 16];
    if (value)
        show(shown, sizeof shown, value, len);
    for (int i = 0; flags[i]; i++)
        if (key_is(key, flags[i])) {
            if (value)
                snprintf(out, out_size, "-%s %.*s", key, (int)(len > SHOWN_MAX ? SHOWN_MAX : len), value);
            else
                snprintf(out, out_size, "no -%s", key);
            return;
        }
    if (key_is(key, "params")) {
        snprintf(out, out_size, value ? "%.*s parameters" : "no parameters", (int)len, value ? value : "");
        return;
    }
    if (strncmp(key, "param.", 6) == 0) {
        if (value)
            snprintf(out, out_size, "parameter %s '%.*s'", key + 6, (int)(len > SHOWN_MAX ? SHOWN_MAX : len), value);
        else
            snprintf(out, out_size, "no parameter %s", key + 6);
        return;
    }
    if (strncmp(key, "engine.", 7) == 0) {
        const char *sub = key + 7;
        if (!value) {
            snprintf(out, out_size, "no %s=", sub);
        } else if (key_is(sub, "binary")) {
            snprintf(out, out_size, "an engine file of contents %s", shown);
        } else if (key_is(sub, "tc")) {
            /* tc_format's words: "2+0.02", "st=0.1", "depth=1", ...; "none" */
            const char *eq = memchr(value, '=', len), *blank = memchr(value, ' ', len);
            bool bare_clock = !eq || (blank && blank < eq);
            if (len == 4 && memcmp(value, "none", 4) == 0)
                snprintf(out, out_size, "no time control");
            else
                snprintf(out, out_size, "%s%.*s", bare_clock ? "tc=" : "", (int)(len > SHOWN_MAX ? SHOWN_MAX : len),
                         value);
        } else if (key_is(sub, "timeout")) {
            /* recorded in milliseconds, given in seconds */
            char seconds[32];
            tc_format_seconds(strtoll(value, NULL, 10), seconds, sizeof seconds);
            snprintf(out, out_size, "timeout=%s", seconds);
        } else {
            snprintf(out, out_size, "%s=%s", sub, shown);
        }
        return;
    }
    if (value)
        snprintf(out, out_size, "%s=%s", key, shown);
    else
        snprintf(out, out_size, "no %s", key);
}

/* What the message adds after a difference in key. */
static const char *note_of(const char *key)
{
    if (strncmp(key, "param", 5) == 0)
        return " (a parameter is name, start, min, max, c_end, r_end: from -tune or -params, the engine's "
               "option, -c-end-fraction and -r-end)";
    if (key_is(key, "engine.binary"))
        return " (the program at cmd= was rebuilt or replaced since: its games would measure another engine)";
    if (strncmp(key, "engine.", 7) == 0)
        return " (-engine or -each)";
    if (key_is(key, "iterations"))
        return " (-games 2N is -iterations N)";
    return "";
}

static void say_difference(char *what, size_t what_size, const char *key, const char *was, size_t was_len,
                           const char *now, size_t now_len)
{
    char before[SHOWN_MAX + 128], after[SHOWN_MAX + 128];
    phrase(key, was, was_len, before, sizeof before);
    phrase(key, now, now_len, after, sizeof after);
    snprintf(what, what_size, "the run was started with %s, this command says %s%s", before, after, note_of(key));
}

/* The first key of from (a KEY=VALUE line, '#' lines skipped) whose value
 * in other differs, or, with only_missing, that other lacks. */
static bool first_difference(const char *from, const char *other, bool from_is_recorded, bool only_missing,
                             char *what, size_t what_size)
{
    const char *at = from, *line;
    size_t len;
    while (next_line(&at, &line, &len)) {
        const char *eq = memchr(line, '=', len);
        if (line[0] == '#' || !eq)
            continue;
        char key[160];
        size_t key_len = (size_t)(eq - line);
        if (key_len >= sizeof key)
            key_len = sizeof key - 1;
        memcpy(key, line, key_len);
        key[key_len] = '\0';
        size_t mine_len = len - key_len - 1, theirs_len = 0;
        const char *theirs = find_value(other, key, key_len, &theirs_len);
        bool same = theirs && theirs_len == mine_len && memcmp(theirs, eq + 1, mine_len) == 0;
        if (same || (only_missing && theirs) || (!theirs && runconfig_key_added_later(key)))
            continue;
        if (from_is_recorded)
            say_difference(what, what_size, key, eq + 1, mine_len, theirs, theirs_len);
        else
            say_difference(what, what_size, key, theirs, theirs_len, eq + 1, mine_len);
        return true;
    }
    return false;
}

bool run_record_differs(const char *recorded, const char *current, char *what, size_t what_size)
{
    if (what_size)
        what[0] = '\0';
    return first_difference(recorded, current, true, false, what, what_size) ||
           first_difference(current, recorded, false, true, what, what_size);
}

bool run_record_check(const char *csv_path, const char *current, char *err, size_t err_size)
{
    char path[RECORD_PATH_MAX], why[1024];
    if (!run_record_path(csv_path, path, sizeof path)) {
        snprintf(err, err_size, "-resume %.200s: the path is too long", csv_path);
        return false;
    }
    struct stat st;
    if (stat(csv_path, &st) != 0) { /* no CSV: no run to check */
        snprintf(err, err_size, "-resume %s: %s", csv_path, strerror(errno));
        return false;
    }
    if (stat(path, &st) != 0 && errno == ENOENT) {
        snprintf(err, err_size,
                 "-resume %s: %s is missing, the record of what the run was started with (a CSV of a "
                 "tessera-tune from before it kept one, or copied without it), so this command cannot be "
                 "checked against the run: -force starts afresh (tools/tune/README.md, \"Resume\", says "
                 "how to keep an older run)",
                 csv_path, path);
        return false;
    }
    char *text = text_file_read(path, RECORD_FILE_MAX, NULL, why, sizeof why);
    if (!text) {
        snprintf(err, err_size, "-resume %s: the run's record %s", csv_path, why);
        return false;
    }
    bool ok = run_record_well_formed(text, why, sizeof why);
    if (!ok)
        snprintf(err, err_size,
                 "-resume %s: %s is damaged (%s), so this command cannot be checked against the run: "
                 "-force starts afresh",
                 csv_path, path, why);
    if (ok && run_record_differs(text, current, why, sizeof why)) {
        snprintf(err, err_size, "-resume %s: %s; %s records what the run was started with", csv_path, why,
                 path);
        ok = false;
    }
    free(text);
    return ok;
}
