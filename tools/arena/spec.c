/* spec.c - engine specifications from key=value tokens. */
#include "arena/spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/parse_number.h"

void spec_init(EngineSpec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->proto = PROTO_UCI;
    spec->timeout_ms = SPEC_DEFAULT_TIMEOUT_MS;
    spec->launcher_retries = LAUNCHER_RETRIES_DEFAULT;
}

const char *protocol_name(Protocol proto) { return proto == PROTO_UGI ? "ugi" : "uci"; }

/* Copies value into a fixed field, refusing (not truncating) what is too long. */
static bool copy_field(char *field, size_t size, const char *key, const char *value, char *err,
                       size_t err_size)
{
    if (strlen(value) >= size) {
        snprintf(err, err_size, "%s=...: longer than %zu characters", key, size - 1);
        return false;
    }
    snprintf(field, size, "%s", value);
    return true;
}

/* A decimal whole number from min to max; the message states that range. */
static bool parse_whole(const char *key, const char *value, long long min, long long max, long long *out,
                        char *err, size_t err_size)
{
    int64_t n;
    if (parse_int64(value, min, max, &n) != NUMBER_OK) {
        snprintf(err, err_size, "%s=%s: expected a whole number from %lld to %lld", key, value, min, max);
        return false;
    }
    *out = n;
    return true;
}

static bool parse_positive(const char *key, const char *value, long long max, long long *out,
                           char *err, size_t err_size)
{
    return parse_whole(key, value, 1, max, out, err, err_size);
}

bool spec_set_option(EngineSpec *spec, const char *name, const char *value, char *err,
                     size_t err_size)
{
    if (!name[0] || strlen(name) >= SPEC_NAME_MAX || strlen(value) >= sizeof spec->options[0].value) {
        snprintf(err, err_size, "option.%s=%s: empty or too long", name, value);
        return false;
    }
    int i = 0;
    while (i < spec->option_count && strcmp(spec->options[i].name, name) != 0)
        i++;
    if (i == SPEC_MAX_OPTIONS) {
        snprintf(err, err_size, "option.%s: more than %d options", name, SPEC_MAX_OPTIONS);
        return false;
    }
    if (i == spec->option_count)
        spec->option_count++;
    snprintf(spec->options[i].name, sizeof spec->options[i].name, "%s", name);
    snprintf(spec->options[i].value, sizeof spec->options[i].value, "%s", value);
    return true;
}

static bool parse_margin(EngineSpec *spec, const char *value, char *err, size_t err_size)
{
    long long n;
    /* timemargin is milliseconds, as in cutechess; 0 is no grace. */
    if (!parse_whole("timemargin", value, 0, 3600 * 1000, &n, err, err_size))
        return false;
    spec->tc.margin_ms = n;
    spec->given |= SPEC_HAS_MARGIN;
    return true;
}

/* st= and timeout= are seconds, more than zero. */
static bool parse_duration(const char *key, const char *value, int64_t *ms, char *err, size_t err_size)
{
    char why[200];
    if (!tc_parse_seconds(value, ms, why, sizeof why)) {
        snprintf(err, err_size, "%s=%s: %s", key, value, why);
        return false;
    }
    if (*ms == 0) {
        snprintf(err, err_size, "%s=%s: must be more than 0", key, value);
        return false;
    }
    return true;
}

/* Time-control keys: tc, st, depth, nodes, timemargin, timeout.  Sets
 * *known to false for any other key. */
static bool apply_limit(EngineSpec *spec, const char *key, const char *value, bool *known,
                        char *err, size_t err_size)
{
    long long n;
    int64_t ms;
    *known = true;
    if (strcmp(key, "tc") == 0) {
        spec->given |= SPEC_HAS_CLOCK;
        return tc_parse_clock(value, &spec->tc, err, err_size);
    }
    if (strcmp(key, "depth") == 0) {
        spec->given |= SPEC_HAS_DEPTH;
        if (!parse_positive(key, value, 1000, &n, err, err_size))
            return false;
        spec->tc.depth = (int)n;
        return true;
    }
    if (strcmp(key, "nodes") == 0) {
        spec->given |= SPEC_HAS_NODES;
        if (!parse_positive(key, value, 1000000000000000LL, &n, err, err_size))
            return false;
        spec->tc.nodes = n;
        return true;
    }
    if (strcmp(key, "timemargin") == 0)
        return parse_margin(spec, value, err, err_size);
    if (strcmp(key, "st") == 0) {
        spec->given |= SPEC_HAS_ST;
        if (!parse_duration(key, value, &ms, err, err_size))
            return false;
        spec->tc.movetime_ms = ms;
        return true;
    }
    if (strcmp(key, "timeout") == 0) {
        spec->given |= SPEC_HAS_TIMEOUT;
        if (!parse_duration(key, value, &ms, err, err_size))
            return false;
        spec->timeout_ms = ms;
        return true;
    }
    *known = false;
    return false;
}

bool spec_apply_token(EngineSpec *spec, const char *token, char *err, size_t err_size)
{
    const char *eq = strchr(token, '=');
    char key[SPEC_NAME_MAX + 16];
    if (!eq || eq == token || (size_t)(eq - token) >= sizeof key) {
        snprintf(err, err_size, "'%s': expected key=value", token);
        return false;
    }
    memcpy(key, token, (size_t)(eq - token));
    key[eq - token] = '\0';
    const char *value = eq + 1;
    if (strncmp(key, "option.", 7) == 0)
        return spec_set_option(spec, key + 7, value, err, err_size);
    if (strcmp(key, "cmd") == 0) {
        spec->given |= SPEC_HAS_CMD;
        return copy_field(spec->cmd, sizeof spec->cmd, key, value, err, err_size);
    }
    if (strcmp(key, "name") == 0) {
        spec->given |= SPEC_HAS_NAME;
        return copy_field(spec->name, sizeof spec->name, key, value, err, err_size);
    }
    if (strcmp(key, "args") == 0) {
        spec->given |= SPEC_HAS_ARGS;
        return copy_field(spec->args, sizeof spec->args, key, value, err, err_size);
    }
    if (strcmp(key, "proto") == 0) {
        spec->given |= SPEC_HAS_PROTO;
        if (strcmp(value, "uci") == 0 || strcmp(value, "ugi") == 0) {
            spec->proto = value[1] == 'g' ? PROTO_UGI : PROTO_UCI;
            return true;
        }
        snprintf(err, err_size, "proto=%s: expected uci or ugi", value);
        return false;
    }
    if (strcmp(key, "launcher") == 0) {
        spec->given |= SPEC_HAS_LAUNCHER;
        if (launcher_is_empty(value)) {
            snprintf(err, err_size, "launcher=%s: empty: give the launcher's command and its words, "
                     "e.g. launcher='srun -n1'", value);
            return false;
        }
        return copy_field(spec->launcher, sizeof spec->launcher, key, value, err, err_size);
    }
    if (strcmp(key, "ponder") == 0) {
        spec->given |= SPEC_HAS_PONDER;
        if (strcmp(value, "on") == 0 || strcmp(value, "off") == 0) {
            spec->ponder = value[1] == 'n';
            return true;
        }
        snprintf(err, err_size, "ponder=%s: expected on or off", value);
        return false;
    }
    bool known;
    bool ok = apply_limit(spec, key, value, &known, err, err_size);
    if (!known)
        snprintf(err, err_size, "'%s': unknown key '%s'", token, key);
    return ok;
}

void spec_merge_each(EngineSpec *spec, const EngineSpec *each)
{
    unsigned fill = each->given & ~spec->given;
    if (fill & SPEC_HAS_NAME)
        memcpy(spec->name, each->name, sizeof spec->name);
    if (fill & SPEC_HAS_CMD)
        memcpy(spec->cmd, each->cmd, sizeof spec->cmd);
    if (fill & SPEC_HAS_ARGS)
        memcpy(spec->args, each->args, sizeof spec->args);
    if (fill & SPEC_HAS_PROTO)
        spec->proto = each->proto;
    if (fill & SPEC_HAS_CLOCK) {
        spec->tc.has_clock = true;
        spec->tc.moves = each->tc.moves;
        spec->tc.base_ms = each->tc.base_ms;
        spec->tc.inc_ms = each->tc.inc_ms;
    }
    if (fill & SPEC_HAS_ST)
        spec->tc.movetime_ms = each->tc.movetime_ms;
    if (fill & SPEC_HAS_DEPTH)
        spec->tc.depth = each->tc.depth;
    if (fill & SPEC_HAS_NODES)
        spec->tc.nodes = each->tc.nodes;
    if (fill & SPEC_HAS_MARGIN)
        spec->tc.margin_ms = each->tc.margin_ms;
    if (fill & SPEC_HAS_TIMEOUT)
        spec->timeout_ms = each->timeout_ms;
    if (fill & SPEC_HAS_PONDER)
        spec->ponder = each->ponder;
    if (fill & SPEC_HAS_LAUNCHER)
        memcpy(spec->launcher, each->launcher, sizeof spec->launcher);
    spec->given |= fill;

    /* The engine's own options override -each's, whatever the order given. */
    EngineSpec own = *spec;
    spec->option_count = 0;
    char ignored[8];
    for (int i = 0; i < each->option_count; i++)
        spec_set_option(spec, each->options[i].name, each->options[i].value, ignored, sizeof ignored);
    for (int i = 0; i < own.option_count; i++)
        spec_set_option(spec, own.options[i].name, own.options[i].value, ignored, sizeof ignored);
}

/* A name goes into reports, PGN tags and the run's recorded configuration,
 * one line each: a newline, tab or escape in it would forge or break them. */
static bool has_control_character(const char *name)
{
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return true;
    return false;
}

/* The name with control characters shown as '?', for the refusal. */
static const char *printable_name(const char *name, char *shown, size_t size)
{
    snprintf(shown, size, "%s", name);
    for (char *p = shown; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    return shown;
}

bool spec_finish(EngineSpec *spec, char *err, size_t err_size)
{
    char shown[SPEC_NAME_MAX];
    if (!spec->cmd[0]) {
        snprintf(err, err_size, "an -engine has no cmd=PATH");
        return false;
    }
    if (!spec->name[0]) {
        const char *slash = strrchr(spec->cmd, '/');
        snprintf(spec->name, sizeof spec->name, "%.*s", SPEC_NAME_MAX - 1, slash ? slash + 1 : spec->cmd);
    }
    if (has_control_character(spec->name)) {
        snprintf(err, err_size, "engine name '%s' has a control character (give a printable name=)",
                 printable_name(spec->name, shown, sizeof shown));
        return false;
    }
    /* Pondering needs the engine's Ponder option on (the option check then
     * refuses an engine that has none); a contrary option.Ponder is an error. */
    if (spec->ponder) {
        const EngineOption *given = NULL;
        for (int i = 0; i < spec->option_count; i++)
            if (strcasecmp(spec->options[i].name, "Ponder") == 0)
                given = &spec->options[i];
        if (given && strcasecmp(given->value, "true") != 0) {
            snprintf(err, err_size, "engine '%s': ponder=on with option.Ponder=%s", spec->name, given->value);
            return false;
        }
        if (!given && !spec_set_option(spec, "Ponder", "true", err, err_size))
            return false;
    }
    if (spec->tc.movetime_ms && !(spec->given & SPEC_HAS_MARGIN))
        spec->tc.margin_ms = SPEC_ST_DEFAULT_MARGIN_MS;
    if (!tc_is_limited(&spec->tc)) {
        snprintf(err, err_size,
                 "engine '%s' has no time control: give tc=, st=, depth= or nodes= (to it or -each)",
                 spec->name);
        return false;
    }
    return true;
}

/* Appends one character of the argument being built. */
static bool put_char(char *storage, size_t size, size_t *used, char c)
{
    if (*used + 1 >= size)
        return false;
    storage[(*used)++] = c;
    return true;
}

int spec_split_args(const char *args, char *storage, size_t storage_size, char **argv,
                    int max_args, char *err, size_t err_size)
{
    int argc = 0;
    size_t used = 0;
    const char *p = args;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return argc;
        if (argc == max_args) {
            snprintf(err, err_size, "args: more than %d arguments", max_args);
            return -1;
        }
        argv[argc++] = storage + used;
        char quote = 0;
        for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
            bool ok = true;
            if (quote && *p == quote)
                quote = 0;
            else if (!quote && (*p == '"' || *p == '\''))
                quote = *p;
            else if (*p == '\\' && p[1] && quote != '\'')
                ok = put_char(storage, storage_size, &used, *++p);
            else
                ok = put_char(storage, storage_size, &used, *p);
            if (!ok) {
                snprintf(err, err_size, "args: too long");
                return -1;
            }
        }
        if (quote) {
            snprintf(err, err_size, "args: unclosed %c quote", quote);
            return -1;
        }
        if (!put_char(storage, storage_size, &used, '\0')) {
            snprintf(err, err_size, "args: too long");
            return -1;
        }
    }
}
