/* option_policy.c - the options a page may set, and their caps. */
#include "web/option_policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/parse_number.h"

/* The options a page may set; those with a cap say which. */
typedef enum { UNCAPPED, THREADS_CAP, HASH_CAP, MULTIPV_CAP } CapKind;

static const struct {
    const char *name;
    CapKind cap;
} ALLOWED[] = {
    {"Backend", UNCAPPED},           {"UCI_LimitStrength", UNCAPPED}, {"UCI_Elo", UNCAPPED},
    {"Skill Level", UNCAPPED},       {"Eval", UNCAPPED},              {"MultiPV", MULTIPV_CAP},
    {"Threads", THREADS_CAP},        {"Hash", HASH_CAP},
};

static int find_allowed(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof ALLOWED / sizeof ALLOWED[0]; i++)
        if (strlen(ALLOWED[i].name) == len && strncasecmp(ALLOWED[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

static int cap_of(CapKind kind, const OptionCaps *caps)
{
    return kind == THREADS_CAP ? caps->max_threads : kind == HASH_CAP ? caps->max_hash_mb : OPTION_MULTIPV_MAX;
}

int option_policy_check(const char *name, const char *value, const OptionCaps *caps, const char **canonical,
                        char *why, size_t why_size)
{
    int i = find_allowed(name, strlen(name));
    if (i < 0) {
        snprintf(why, why_size,
                 "the page may set only Backend, UCI_LimitStrength, UCI_Elo, Skill Level, Eval, MultiPV, "
                 "Threads and Hash; not '%.80s'",
                 name);
        return 403;
    }
    *canonical = ALLOWED[i].name;
    if (ALLOWED[i].cap == UNCAPPED)
        return 0;
    int most = cap_of(ALLOWED[i].cap, caps), n;
    if (!parse_int_range(value, 1, most, &n)) {
        snprintf(why, why_size, "%s must be a whole number from 1 to %d on this server", ALLOWED[i].name, most);
        return 422;
    }
    return 0;
}

/* Appends line with its " max N" lowered to most when above it. */
static void append_capped(TextBuf *out, const char *line, int most)
{
    const char *max = strstr(line, " max ");
    long declared = max ? strtol(max + 5, NULL, 10) : 0;
    if (!max || declared <= most) {
        text_json_string(out, line);
        return;
    }
    char capped[512];
    snprintf(capped, sizeof capped, "%.*s max %d", (int)(max - line), line, most);
    text_json_string(out, capped);
}

/* Calls visit with each allowed option line of lines and its row. */
static void each_allowed_line(const char *lines, void (*visit)(const char *line, int row, void *context),
                              void *context)
{
    for (const char *p = lines ? lines : ""; *p;) {
        size_t len = strcspn(p, "\n");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), p);
        p += len + (p[len] == '\n');
        const char *type = strstr(line, " type ");
        if (strncmp(line, "option name ", 12) != 0 || !type)
            continue;
        int row = find_allowed(line + 12, (size_t)(type - (line + 12)));
        if (row >= 0)
            visit(line, row, context);
    }
}

typedef struct {
    const OptionCaps *caps;
    TextBuf *out;
    bool first;
} LineVisit;

static void append_line(const char *line, int i, void *context)
{
    LineVisit *v = context;
    TextBuf *out = v->out;
    const OptionCaps *caps = v->caps;
    if (!v->first)
        text_append(out, ",", 1);
    v->first = false;
    if (ALLOWED[i].cap == UNCAPPED)
        text_json_string(out, line);
    else
        append_capped(out, line, cap_of(ALLOWED[i].cap, caps));
}

void option_policy_lines_json(const char *lines, const OptionCaps *caps, TextBuf *out)
{
    LineVisit visit = {caps, out, true};
    text_append(out, "[", 1);
    each_allowed_line(lines, append_line, &visit);
    text_append(out, "]", 1);
}

static void lower_default(const char *line, int i, void *context)
{
    LineVisit *v = context;
    const char *def = strstr(line, " default ");
    if (ALLOWED[i].cap == UNCAPPED || !def)
        return;
    int most = cap_of(ALLOWED[i].cap, v->caps);
    if (strtol(def + 9, NULL, 10) > most)
        text_printf(v->out, "setoption name %s value %d\n", ALLOWED[i].name, most);
}

void option_policy_lower_defaults(const char *lines, const OptionCaps *caps, TextBuf *out)
{
    LineVisit visit = {caps, out, true};
    each_allowed_line(lines, lower_default, &visit);
}
