/* param_source.c - tuned parameters from the engine's list or a file. */
#include "tune/param_source.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tune/text_file.h"

#define PARAM_FIELDS 6
#define PARAM_FILE_MAX (1 << 20)

StepDefaults step_defaults(void)
{
    return (StepDefaults){STEP_DEFAULT_C_END_FRACTION, STEP_DEFAULT_R_END};
}

SpsaParam param_from_spin(const SpinOption *option, const StepDefaults *steps)
{
    SpsaParam p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "%s", option->name);
    p.start = (double)option->default_value;
    p.min = (double)option->min;
    p.max = (double)option->max;
    p.c_end = fmax(steps->c_end_fraction * fabs(p.start), 1.0);
    p.r_end = steps->r_end;
    p.theta = p.start;
    return p;
}

static bool add_param(const SpsaParam *p, SpsaParam *out, int *count, char *err, size_t err_size)
{
    for (int i = 0; i < *count; i++)
        if (strcasecmp(out[i].name, p->name) == 0) {
            snprintf(err, err_size, "parameter %s is named twice", p->name);
            return false;
        }
    if (*count == SPSA_MAX_PARAMS) {
        snprintf(err, err_size, "more than %d parameters to tune", SPSA_MAX_PARAMS);
        return false;
    }
    out[(*count)++] = *p;
    return true;
}

static bool pattern_matches(const char *pattern, size_t length, const char *name)
{
    if (length > 0 && pattern[length - 1] == '*')
        return strncasecmp(pattern, name, length - 1) == 0;
    return strlen(name) == length && strncasecmp(pattern, name, length) == 0;
}

bool params_from_patterns(const SpinOptionList *engine, const char *patterns,
                          const StepDefaults *steps, SpsaParam *out, int *count, char *err,
                          size_t err_size)
{
    *count = 0;
    for (const char *p = patterns;;) {
        size_t length = strcspn(p, ",");
        bool matched = false;
        for (int i = 0; i < engine->count && length > 0; i++)
            if (pattern_matches(p, length, engine->option[i].name)) {
                SpsaParam param = param_from_spin(&engine->option[i], steps);
                if (!add_param(&param, out, count, err, err_size))
                    return false;
                matched = true;
            }
        if (!matched) {
            snprintf(err, err_size, "-tune: '%.*s' names no spin option of the engine",
                     (int)(length < 80 ? length : 80), p);
            return false;
        }
        if (!p[length])
            return true;
        p += length + 1;
    }
}

/* Splits a line at commas into trimmed fields (in place). */
static int split_fields(char *line, char **field, int max_fields)
{
    int n = 0;
    for (char *p = line;; p++) {
        char *end = p + strcspn(p, ",");
        bool last = *end == '\0';
        *end = '\0';
        while (*p == ' ' || *p == '\t')
            p++;
        for (char *q = end; q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r');)
            *--q = '\0';
        if (n < max_fields)
            field[n] = p;
        n++;
        if (last)
            return n;
        p = end;
    }
}

static bool parse_number(const char *text, double *out)
{
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end == text || *end || !isfinite(value))
        return false;
    *out = value;
    return true;
}

static bool param_from_fields(char **field, SpsaParam *p, char *err, size_t err_size)
{
    static const char *const field_name[PARAM_FIELDS] = {"name", "start", "min", "max", "c_end", "r_end"};
    double number[PARAM_FIELDS];
    for (int i = 1; i < PARAM_FIELDS; i++)
        if (!parse_number(field[i], &number[i])) {
            snprintf(err, err_size, "%s '%.40s' is not a number", field_name[i], field[i]);
            return false;
        }
    if (strlen(field[0]) >= sizeof p->name) {
        snprintf(err, err_size, "name longer than %zu characters", sizeof p->name - 1);
        return false;
    }
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", field[0]);
    p->start = p->theta = number[1];
    p->min = number[2];
    p->max = number[3];
    p->c_end = number[4];
    p->r_end = number[5];
    return true;
}

/* A file line checked against the engine's option: same spelling, range
 * inside the engine's (else the engine would refuse the setoption). */
static bool match_engine(SpsaParam *p, const SpinOptionList *engine, char *err, size_t err_size)
{
    const SpinOption *option = spin_options_find(engine, p->name);
    if (!option) {
        snprintf(err, err_size, "the engine has no spin option '%s'", p->name);
        return false;
    }
    snprintf(p->name, sizeof p->name, "%s", option->name);
    if (p->min < (double)option->min || p->max > (double)option->max) {
        snprintf(err, err_size, "%s: range %g..%g goes beyond the engine's %ld..%ld", p->name,
                 p->min, p->max, option->min, option->max);
        return false;
    }
    return true;
}

static bool param_from_line(char *line, const SpinOptionList *engine, const StepDefaults *steps,
                            SpsaParam *p, char *err, size_t err_size)
{
    char *field[PARAM_FIELDS];
    int n = split_fields(line, field, PARAM_FIELDS);
    if (n == 1) {
        const SpinOption *option = engine ? spin_options_find(engine, field[0]) : NULL;
        if (!option) {
            snprintf(err, err_size, "'%.60s' alone must name a spin option of the engine",
                     field[0]);
            return false;
        }
        *p = param_from_spin(option, steps);
        return true;
    }
    if (n != PARAM_FIELDS) {
        snprintf(err, err_size, "expected 'name, start, min, max, c_end, r_end', got %d fields", n);
        return false;
    }
    if (!param_from_fields(field, p, err, err_size))
        return false;
    return !engine || match_engine(p, engine, err, err_size);
}

bool params_from_file_text(const char *text, const SpinOptionList *engine,
                           const StepDefaults *steps, SpsaParam *out, int *count, char *err,
                           size_t err_size)
{
    *count = 0;
    int line_number = 0;
    char line[1024];
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        line_number++;
        if (n >= sizeof line) {
            snprintf(err, err_size, "line %d: longer than %zu characters", line_number,
                     sizeof line - 1);
            return false;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        p += n + (p[n] == '\n');
        const char *first = line + strspn(line, " \t\r");
        if (*first == '\0' || *first == '#')
            continue;
        SpsaParam param;
        char why[256];
        if (!param_from_line(line, engine, steps, &param, why, sizeof why) ||
            !add_param(&param, out, count, why, sizeof why)) {
            snprintf(err, err_size, "line %d: %s", line_number, why);
            return false;
        }
    }
    if (*count == 0) {
        snprintf(err, err_size, "no parameter lines");
        return false;
    }
    return true;
}

bool params_load_file(const char *path, const SpinOptionList *engine, const StepDefaults *steps,
                      SpsaParam *out, int *count, char *err, size_t err_size)
{
    char why[300];
    char *text = text_file_read(path, PARAM_FILE_MAX, NULL, why, sizeof why);
    if (!text) {
        snprintf(err, err_size, "-params %s", why);
        return false;
    }
    bool ok = params_from_file_text(text, engine, steps, out, count, why, sizeof why);
    free(text);
    if (!ok)
        snprintf(err, err_size, "-params %s: %s", path, why);
    return ok;
}
