/* options.c - the option table: `uci`'s declarations, `options`'s values,
 * setoption by name, and the per-game defaults of the search settings. */
#include "protocol/options.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/gameutil.h"
#include "util/output.h"
#include "util/parse_number.h"

static Option table[MAX_OPTIONS];
static int count;
/* A per-game option's common default (table[i].default_value is the
 * current game's), and whether setoption set an option. */
static int common_default[MAX_OPTIONS];
static bool set_by_user[MAX_OPTIONS];

void options_clear(void) { count = 0; }

void options_add(const Option *option)
{
    if (count == MAX_OPTIONS)
        return;
    table[count] = *option;
    common_default[count] = option->default_value;
    set_by_user[count] = false;
    if (option->type == OPTION_COMBO)
        *option->choice = 0;
    else if (option->type == OPTION_STRING)
        option->text[0] = '\0';
    else
        *option->value = option->default_value;
    count++;
}

/* UCI option names are case-insensitive. */
const Option *options_find(const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcasecmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

void options_print(void)
{
    for (int i = 0; i < count; i++) {
        const Option *o = &table[i];
        if (o->type == OPTION_SPIN) {
            out_line("option name %s type spin default %d min %d max %d", o->name, o->default_value, o->min, o->max);
        } else if (o->type == OPTION_CHECK) {
            out_line("option name %s type check default %s", o->name, o->default_value ? "true" : "false");
        } else if (o->type == OPTION_STRING) {
            out_line("option name %s type string default <empty>", o->name);
        } else {
            char line[1024];
            int n = snprintf(line, sizeof line, "option name %s type combo default %s", o->name, o->choices[0]);
            for (int c = 0; o->choices[c] && n < (int)sizeof line; c++)
                n += snprintf(line + n, sizeof line - n, " var %s", o->choices[c]);
            out_line("%s", line);
        }
    }
}

void options_print_values(void)
{
    for (int i = 0; i < count; i++) {
        const Option *o = &table[i];
        if (o->type == OPTION_SPIN)
            out_line("option name %s value %d", o->name, *o->value);
        else if (o->type == OPTION_CHECK)
            out_line("option name %s value %s", o->name, *o->value ? "true" : "false");
        else if (o->type == OPTION_STRING)
            out_line("option name %s value %s", o->name, o->text[0] ? o->text : "<empty>");
        else
            out_line("option name %s value %s", o->name, o->choices[*o->choice]);
    }
}

static bool set_spin(const Option *o, const char *value, char *err, size_t err_size)
{
    char what[128];
    snprintf(what, sizeof what, "option %s", o->name);
    return parse_int_in(value, what, o->min, o->max, o->value, err, err_size) == NUMBER_OK;
}

static bool set_check(const Option *o, const char *value, char *err, size_t err_size)
{
    if (strcasecmp(value, "true") == 0)
        *o->value = 1;
    else if (strcasecmp(value, "false") == 0)
        *o->value = 0;
    else {
        snprintf(err, err_size, "option %s: '%s' is neither true nor false", o->name, value);
        return false;
    }
    return true;
}

static bool set_combo(const Option *o, const char *value, char *err, size_t err_size)
{
    for (int c = 0; o->choices[c]; c++) {
        if (strcasecmp(o->choices[c], value) == 0) {
            *o->choice = c;
            return true;
        }
    }
    int n = snprintf(err, err_size, "option %s: unknown value '%s' (one of:", o->name, value);
    for (int c = 0; o->choices[c] && n > 0 && (size_t)n < err_size; c++)
        n += snprintf(err + n, err_size - n, " %s", o->choices[c]);
    if (n > 0 && (size_t)n < err_size)
        snprintf(err + n, err_size - n, ")");
    return false;
}

static bool set_string(const Option *o, const char *value, char *err, size_t err_size)
{
    if (strlen(value) >= o->text_size) {
        snprintf(err, err_size, "option %s: value longer than %zu characters", o->name, o->text_size - 1);
        return false;
    }
    char why[512];
    if (o->accept_text && !o->accept_text(value, why, sizeof why)) {
        snprintf(err, err_size, "option %s: %s", o->name, why);
        return false;
    }
    snprintf(o->text, o->text_size, "%s", value);
    return true;
}

bool options_set(const char *name, const char *value, char *err, size_t err_size)
{
    const Option *o = options_find(name);
    if (!o) {
        snprintf(err, err_size, "unknown option '%s'", name);
        return false;
    }
    bool ok = o->type == OPTION_SPIN     ? set_spin(o, value, err, err_size)
              : o->type == OPTION_CHECK  ? set_check(o, value, err, err_size)
              : o->type == OPTION_STRING ? set_string(o, value, err, err_size)
                                         : set_combo(o, value, err, err_size);
    if (ok)
        set_by_user[o - table] = true;
    if (ok && o->on_change)
        o->on_change();
    return ok;
}

void options_use_game(const Game *game)
{
    for (int i = 0; i < count; i++) {
        Option *o = &table[i];
        if (!o->per_game)
            continue;
        o->default_value = game_setting_default(game, o->name, common_default[i]);
        if (!set_by_user[i])
            *o->value = o->default_value;
    }
}
