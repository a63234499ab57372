/* uci_option.c - reading `option name ... type ...` lines; checking values. */
#include "arena/uci_option.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/parse_number.h"

#define WORD_MAX 256

static const char *const type_names[] = {"spin", "check", "combo", "string", "button", "unknown"};

const char *uci_option_type_name(UciOptionType type) { return type_names[type]; }

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

/* Appends word to text (joined by one blank); false when it does not fit. */
static bool join_word(char *text, size_t text_size, const char *word, size_t length)
{
    size_t used = strlen(text);
    if (length >= WORD_MAX || used + (used > 0) + length >= text_size)
        return false;
    if (used > 0)
        text[used++] = ' ';
    memcpy(text + used, word, length + 1);
    return true;
}

/* The name is every word from after `name` up to the word `type`.  Leaves
 * *cursor after `type`. */
static bool read_name(const char **cursor, char *name, size_t name_size, char *err, size_t err_size)
{
    char word[WORD_MAX];
    const char *before = *cursor;
    size_t length;
    name[0] = '\0';
    while ((length = next_word(cursor, word, sizeof word)) > 0) {
        if (strcmp(word, "type") == 0 && name[0])
            return true;
        if (!join_word(name, name_size, word, length)) {
            name[0] = '\0';
            snprintf(err, err_size, "option name longer than %zu characters: '%.60s'", name_size - 1, before);
            return false;
        }
    }
    name[0] = '\0';
    snprintf(err, err_size, "option line without a name and a type: '%.60s'", before);
    return false;
}

static bool is_keyword(const char *word)
{
    return strcmp(word, "default") == 0 || strcmp(word, "min") == 0 || strcmp(word, "max") == 0 ||
           strcmp(word, "var") == 0;
}

/* A whole decimal number, nothing else (no blanks, no 0x, no fraction). */
static bool parse_whole(const char *text, long long *out)
{
    int64_t value;
    if (parse_int64(text, INT64_MIN, INT64_MAX, &value) != NUMBER_OK)
        return false;
    *out = value;
    return true;
}

/* One keyword's value, words up to the next keyword, joined by blanks. */
static bool read_value(const char **cursor, char *value, size_t value_size)
{
    char word[WORD_MAX];
    value[0] = '\0';
    for (;;) {
        const char *before = *cursor;
        size_t length = next_word(cursor, word, sizeof word);
        if (length == 0 || is_keyword(word)) {
            *cursor = before;
            return true;
        }
        if (!join_word(value, value_size, word, length))
            return false;
    }
}

static bool spin_field(UciOption *o, const char *key, const char *value, unsigned *seen, char *err,
                       size_t err_size)
{
    static const char *const keys[3] = {"default", "min", "max"};
    long long *fields[3] = {&o->default_value, &o->min, &o->max};
    for (int i = 0; i < 3; i++)
        if (strcmp(key, keys[i]) == 0 && !(*seen & 1u << i)) {
            if (!parse_whole(value, fields[i])) {
                snprintf(err, err_size, "spin option %s: '%s' is not followed by a whole number", o->name, key);
                return false;
            }
            *seen |= 1u << i;
            return true;
        }
    snprintf(err, err_size, "spin option %s: unexpected or repeated '%s'", o->name, key);
    return false;
}

static bool finish_spin(const UciOption *o, unsigned seen, char *err, size_t err_size)
{
    if (seen != 7) {
        snprintf(err, err_size, "spin option %s: needs default, min and max", o->name);
        return false;
    }
    if (o->min > o->max || o->default_value < o->min || o->default_value > o->max) {
        snprintf(err, err_size, "spin option %s: default %lld outside min %lld max %lld", o->name,
                 o->default_value, o->min, o->max);
        return false;
    }
    return true;
}

static bool add_var(UciOption *o, const char *value, char *err, size_t err_size)
{
    size_t used = 0;
    for (int i = 0; i < o->var_count; i++)
        used += strcspn(o->vars + used, "\n") + 1;
    size_t length = strlen(value);
    if (length == 0 || used + length + 2 > sizeof o->vars) {
        snprintf(err, err_size, "combo option %s: %s var", o->name, length ? "too many" : "an empty");
        return false;
    }
    memcpy(o->vars + used, value, length);
    o->vars[used + length] = '\n';
    o->vars[used + length + 1] = '\0';
    o->var_count++;
    return true;
}

/* One `key value` pair after the type. */
static bool read_field(UciOption *o, const char *key, const char *value, unsigned *seen, char *err,
                       size_t err_size)
{
    if (o->type == UCI_OPTION_SPIN)
        return spin_field(o, key, value, seen, err, err_size);
    if (o->type == UCI_OPTION_COMBO && strcmp(key, "var") == 0)
        return add_var(o, value, err, err_size);
    if (strcmp(key, "default") != 0 || o->type == UCI_OPTION_BUTTON) {
        snprintf(err, err_size, "%s option %s: unexpected '%s'", type_names[o->type], o->name, key);
        return false;
    }
    if (o->type == UCI_OPTION_CHECK) {
        if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
            snprintf(err, err_size, "check option %s: default '%s' is not true or false", o->name, value);
            return false;
        }
        o->default_on = strcmp(value, "true") == 0;
    }
    return true;
}

static bool read_fields(const char *cursor, UciOption *o, char *err, size_t err_size)
{
    char key[WORD_MAX], value[UCI_OPTION_VARS_MAX];
    unsigned seen = 0;
    while (next_word(&cursor, key, sizeof key)) {
        if (!is_keyword(key)) {
            snprintf(err, err_size, "%s option %s: unexpected '%s'", type_names[o->type], o->name, key);
            return false;
        }
        if (!read_value(&cursor, value, sizeof value)) {
            snprintf(err, err_size, "%s option %s: '%s' value too long", type_names[o->type], o->name, key);
            return false;
        }
        if (!read_field(o, key, value, &seen, err, err_size))
            return false;
    }
    if (o->type == UCI_OPTION_SPIN)
        return finish_spin(o, seen, err, err_size);
    if (o->type == UCI_OPTION_COMBO && o->var_count == 0) {
        snprintf(err, err_size, "combo option %s: no var", o->name);
        return false;
    }
    return true;
}

static UciOptionType type_of(const char *word)
{
    for (int t = UCI_OPTION_SPIN; t < UCI_OPTION_UNKNOWN; t++)
        if (strcmp(word, type_names[t]) == 0)
            return (UciOptionType)t;
    return UCI_OPTION_UNKNOWN;
}

UciLineKind uci_option_parse(const char *line, UciOption *out, char *err, size_t err_size)
{
    const char *cursor = line;
    char word[WORD_MAX];
    memset(out, 0, sizeof *out);
    out->type = UCI_OPTION_UNKNOWN;
    if (!next_word(&cursor, word, sizeof word) || strcmp(word, "option") != 0)
        return UCI_LINE_OTHER;
    if (!next_word(&cursor, word, sizeof word) || strcmp(word, "name") != 0)
        return UCI_LINE_OTHER;
    if (!read_name(&cursor, out->name, sizeof out->name, err, err_size))
        return UCI_LINE_MALFORMED;
    if (next_word(&cursor, word, sizeof word))
        out->type = type_of(word);
    if (out->type == UCI_OPTION_UNKNOWN) {
        snprintf(err, err_size, "option %s: type '%s' is not spin, check, combo, string or button", out->name,
                 word);
        return UCI_LINE_MALFORMED;
    }
    return read_fields(cursor, out, err, err_size) ? UCI_LINE_OPTION : UCI_LINE_MALFORMED;
}

/* The combo's values as "a, b, c" for a message. */
static void list_vars(const UciOption *o, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (const char *v = o->vars; *v && used + 1 < out_size;) {
        size_t length = strcspn(v, "\n");
        used += (size_t)snprintf(out + used, out_size - used, "%s%.*s", used ? ", " : "", (int)length, v);
        v += length + 1;
    }
}

static bool combo_has(const UciOption *o, const char *value)
{
    size_t length = strlen(value);
    for (const char *v = o->vars; *v; v += strcspn(v, "\n") + 1)
        if (strcspn(v, "\n") == length && strncasecmp(v, value, length) == 0)
            return true;
    return false;
}

bool uci_option_accepts(const UciOption *o, const char *value, char *err, size_t err_size)
{
    long long number;
    char vars[400];
    switch (o->type) {
    case UCI_OPTION_SPIN:
        if (parse_whole(value, &number) && number >= o->min && number <= o->max)
            return true;
        snprintf(err, err_size, "'%s' is not a whole number from %lld to %lld (spin option %s)", value, o->min,
                 o->max, o->name);
        return false;
    case UCI_OPTION_CHECK:
        if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)
            return true;
        snprintf(err, err_size, "'%s' is not true or false (check option %s)", value, o->name);
        return false;
    case UCI_OPTION_COMBO:
        if (combo_has(o, value))
            return true;
        list_vars(o, vars, sizeof vars);
        snprintf(err, err_size, "'%s' is not one of %s (combo option %s)", value, vars, o->name);
        return false;
    case UCI_OPTION_STRING:
        return true;
    default:
        snprintf(err, err_size, "%s is a %s, which takes no value", o->name, type_names[o->type]);
        return false;
    }
}
