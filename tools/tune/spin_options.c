/* spin_options.c - reading `option name ... type spin ...` lines. */
#include "tune/spin_options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WORD_MAX 64

/* Copies the next blank-separated word of *cursor into word (cut to fit)
 * and advances.  Returns the word's whole length: 0 at the end of the
 * line, word_size or more when it was cut. */
static size_t next_word(const char **cursor, char *word, size_t word_size)
{
    const char *p = *cursor;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return 0;
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '\t')
        n++;
    size_t kept = n < word_size - 1 ? n : word_size - 1;
    memcpy(word, p, kept);
    word[kept] = '\0';
    *cursor = p + n;
    return n;
}

/* The name is every word from after `name` up to the word `type`, joined
 * by single blanks.  Leaves *cursor after `type`. */
static bool read_name(const char **cursor, char *name, size_t name_size, char *err,
                      size_t err_size)
{
    char word[WORD_MAX];
    size_t used = 0;
    name[0] = '\0';
    const char *before = *cursor;
    size_t length;
    while ((length = next_word(cursor, word, sizeof word)) > 0) {
        if (strcmp(word, "type") == 0 && used > 0)
            return true;
        if (length >= sizeof word || used + (used > 0) + length >= name_size) {
            snprintf(err, err_size, "option name longer than %zu characters: '%.60s'",
                     name_size - 1, before);
            return false;
        }
        if (used > 0)
            name[used++] = ' ';
        memcpy(name + used, word, length + 1);
        used += length;
    }
    snprintf(err, err_size, "option line without a name and a type: '%.60s'", before);
    return false;
}

static bool parse_long(const char *text, long *out)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end)
        return false;
    *out = value;
    return true;
}

/* Reads `default D min A max B` in any order into out.  Other keywords
 * (var ...) are not part of a spin and are refused. */
static bool read_spin_fields(const char *cursor, SpinOption *out, char *err, size_t err_size)
{
    char key[WORD_MAX], value[WORD_MAX];
    bool has_default = false, has_min = false, has_max = false;
    while (next_word(&cursor, key, sizeof key)) {
        long number;
        size_t length = next_word(&cursor, value, sizeof value);
        if (length == 0 || length >= sizeof value || !parse_long(value, &number)) {
            snprintf(err, err_size, "spin option %s: '%s' is not followed by a whole number",
                     out->name, key);
            return false;
        }
        if (strcmp(key, "default") == 0 && !has_default)
            out->default_value = number, has_default = true;
        else if (strcmp(key, "min") == 0 && !has_min)
            out->min = number, has_min = true;
        else if (strcmp(key, "max") == 0 && !has_max)
            out->max = number, has_max = true;
        else {
            snprintf(err, err_size, "spin option %s: unexpected or repeated '%s'", out->name, key);
            return false;
        }
    }
    if (!has_default || !has_min || !has_max) {
        snprintf(err, err_size, "spin option %s: needs default, min and max", out->name);
        return false;
    }
    if (out->min > out->max || out->default_value < out->min || out->default_value > out->max) {
        snprintf(err, err_size, "spin option %s: default %ld outside min %ld max %ld", out->name,
                 out->default_value, out->min, out->max);
        return false;
    }
    return true;
}

SpinLineKind spin_option_parse(const char *line, SpinOption *out, char *err, size_t err_size)
{
    const char *cursor = line;
    char word[WORD_MAX];
    if (!next_word(&cursor, word, sizeof word) || strcmp(word, "option") != 0)
        return SPIN_LINE_OTHER;
    if (!next_word(&cursor, word, sizeof word) || strcmp(word, "name") != 0)
        return SPIN_LINE_OTHER;
    SpinOption option = {0};
    if (!read_name(&cursor, option.name, sizeof option.name, err, err_size))
        return SPIN_LINE_MALFORMED;
    if (!next_word(&cursor, word, sizeof word) || strcmp(word, "spin") != 0)
        return SPIN_LINE_OTHER;
    if (!read_spin_fields(cursor, &option, err, err_size))
        return SPIN_LINE_MALFORMED;
    *out = option;
    return SPIN_LINE_OPTION;
}

bool spin_options_from_text(const char *text, SpinOptionList *list, char *err, size_t err_size)
{
    list->count = 0;
    char line[1024];
    int line_number = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        line_number++;
        /* Option lines are short; a longer line is no option we could use. */
        if (n < sizeof line) {
            memcpy(line, p, n);
            line[n] = '\0';
            if (n > 0 && line[n - 1] == '\r')
                line[n - 1] = '\0';
            SpinOption option;
            char why[256];
            SpinLineKind kind = spin_option_parse(line, &option, why, sizeof why);
            if (kind == SPIN_LINE_MALFORMED) {
                snprintf(err, err_size, "line %d: %s", line_number, why);
                return false;
            }
            if (kind == SPIN_LINE_OPTION) {
                if (list->count == SPIN_OPTIONS_MAX) {
                    snprintf(err, err_size, "line %d: more than %d spin options", line_number,
                             SPIN_OPTIONS_MAX);
                    return false;
                }
                list->option[list->count++] = option;
            }
        }
        p += n;
        if (*p == '\n')
            p++;
    }
    return true;
}

const SpinOption *spin_options_find(const SpinOptionList *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcasecmp(list->option[i].name, name) == 0)
            return &list->option[i];
    return NULL;
}
