/* runconfig.c - a run's configuration as key=value lines (see runconfig.h). */
#include "arena/runconfig.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/program_id.h"
#include "util/parse_number.h"

typedef struct {
    RunConfig *config;
    bool failed;
} Builder;

static void append_text(Builder *b, const char *text, size_t len)
{
    RunConfig *c = b->config;
    if (b->failed)
        return;
    if (c->length + len + 1 > c->capacity) {
        size_t grown = (c->length + len + 1) * 2;
        char *text_grown = realloc(c->text, grown);
        if (!text_grown) {
            b->failed = true;
            return;
        }
        c->text = text_grown;
        c->capacity = grown;
    }
    memcpy(c->text + c->length, text, len);
    c->length += len;
    c->text[c->length] = '\0';
}

/* One line key=value, the value escaped; the key is printf-formatted. */
static void put(Builder *b, const char *value, const char *key_format, ...)
{
    char key[160];
    va_list args;
    va_start(args, key_format);
    vsnprintf(key, sizeof key, key_format, args);
    va_end(args);
    append_text(b, key, strlen(key));
    append_text(b, "=", 1);
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        char escaped[8];
        if (*p < 0x20 || *p == 0x7f || *p == '\\') {
            snprintf(escaped, sizeof escaped, "\\x%02x", *p);
            append_text(b, escaped, 4);
        } else {
            append_text(b, (const char *)p, 1);
        }
    }
    append_text(b, "\n", 1);
}

/* A file's openings are named by their positions (a hash in playing
 * order), not by the file's path: the positions are what is measured. */
static void describe_openings(Builder *b, const OpeningSet *set)
{
    char text[200];
    if (set->kind == OPENINGS_RANDOM) {
        snprintf(text, sizeof text, "random plies=%d", set->plies);
    } else if (set->kind == OPENINGS_FILE) {
        uint64_t hash = 0;
        char fen[POSITION_TEXT_MAX];
        for (size_t i = 0; i < set->book_size; i++) {
            set->game->format_position(&set->book[i], fen, sizeof fen);
            hash = hash * 0x100000001b3ULL ^ results_opening_key(fen);
        }
        snprintf(text, sizeof text, "file positions=%zu hash=%016llx", set->book_size,
                 (unsigned long long)hash);
    } else {
        snprintf(text, sizeof text, "start");
    }
    put(b, text, "openings");
}

static void describe_sprt(Builder *b, const SprtSettings *s)
{
    char text[200] = "off";
    if (s->on)
        snprintf(text, sizeof text, "elo0=%.10g elo1=%.10g alpha=%.10g beta=%.10g model=%s", s->elo0, s->elo1,
                 s->alpha, s->beta, sprt_model_name(s->model));
    put(b, text, "sprt");
}

static void describe_engine(Builder *b, int k, const EngineSpec *e)
{
    char text[96];
    put(b, e->name, "engine.%d.name", k);
    put(b, e->cmd, "engine.%d.cmd", k);
    char id[PROGRAM_ID_SIZE + 16];
    program_id(e->cmd, id, sizeof id);
    put(b, id, "engine.%d.binary", k);
    put(b, e->args, "engine.%d.args", k);
    put(b, protocol_name(e->proto), "engine.%d.proto", k);
    tc_format(&e->tc, text, sizeof text);
    put(b, text, "engine.%d.tc", k);
    snprintf(text, sizeof text, "%lld", (long long)e->tc.margin_ms);
    put(b, text, "engine.%d.timemargin", k);
    snprintf(text, sizeof text, "%lld", e->timeout_ms);
    put(b, text, "engine.%d.timeout", k);
    if (e->ponder) /* only when on: runs recorded before the key resume as they were */
        put(b, "on", "engine.%d.ponder", k);
    for (int i = 0; i < e->option_count; i++)
        put(b, e->options[i].value, "engine.%d.option.%s", k, e->options[i].name);
}

bool runconfig_describe(const TournamentConfig *c, RunConfig *out)
{
    Builder b = {out, false};
    char text[64];
    memset(out, 0, sizeof *out);
    put(&b, c->game->id, "game");
    snprintf(text, sizeof text, "%llu", (unsigned long long)c->seed);
    put(&b, text, "seed");
    put(&b, tournament_kind_name(c->schedule.kind), "tournament");
    put(&b, c->schedule.repeat ? "on" : "off", "repeat");
    describe_openings(&b, &c->openings);
    describe_sprt(&b, &c->sprt);
    snprintf(text, sizeof text, "%d", c->engine_count);
    put(&b, text, "engines");
    for (int i = 0; i < c->engine_count; i++)
        describe_engine(&b, i + 1, &c->engines[i]);
    if (b.failed)
        runconfig_free(out);
    return !b.failed;
}

void runconfig_free(RunConfig *config)
{
    free(config->text);
    memset(config, 0, sizeof *config);
}

/* The line of key in text: its value and the value's length. */
static const char *find_value(const char *text, const char *key, size_t *len)
{
    size_t key_len = strlen(key);
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t line_len = end ? (size_t)(end - line) : strlen(line);
        if (line_len > key_len && strncmp(line, key, key_len) == 0 && line[key_len] == '=') {
            *len = line_len - key_len - 1;
            return line + key_len + 1;
        }
        line = end ? end + 1 : NULL;
    }
    return NULL;
}

bool runconfig_value(const char *text, const char *key, char *value, size_t value_size)
{
    size_t len;
    const char *found = find_value(text, key, &len);
    if (!found || len >= value_size)
        return false;
    memcpy(value, found, len);
    value[len] = '\0';
    return true;
}

/* A value as put wrote it, its \xHH escapes undone; false when it does
 * not fit. */
static bool unescaped_value(const char *text, const char *key, char *value, size_t value_size)
{
    char raw[SPEC_TEXT_MAX];
    size_t n = 0;
    if (!runconfig_value(text, key, raw, sizeof raw))
        return false;
    for (const char *p = raw; *p; n++) {
        unsigned hex;
        if (n + 1 >= value_size)
            return false;
        if (p[0] == '\\' && p[1] == 'x' && sscanf(p + 2, "%2x", &hex) == 1) {
            value[n] = (char)hex;
            p += 4;
        } else {
            value[n] = *p++;
        }
    }
    value[n] = '\0';
    return true;
}

bool runconfig_schedule(const char *text, Schedule *schedule, char names[][SPEC_NAME_MAX])
{
    char value[32], key[32];
    uint64_t count;
    if (!runconfig_value(text, "engines", value, sizeof value) ||
        parse_uint64(value, ARENA_MAX_ENGINES, &count) != NUMBER_OK || count < 2 ||
        !runconfig_value(text, "tournament", value, sizeof value))
        return false;
    schedule->engine_count = (int)count;
    schedule->kind = strcmp(value, tournament_kind_name(TOURNAMENT_GAUNTLET)) == 0 ? TOURNAMENT_GAUNTLET
                                                                                  : TOURNAMENT_ROUNDROBIN;
    if (!runconfig_value(text, "repeat", value, sizeof value))
        return false;
    schedule->repeat = strcmp(value, "on") == 0;
    for (int i = 0; i < schedule->engine_count; i++) {
        snprintf(key, sizeof key, "engine.%d.name", i + 1);
        if (!unescaped_value(text, key, names[i], SPEC_NAME_MAX))
            return false;
    }
    return true;
}

#define NOT_SET "(not set)"

/* engine.K.binary (the tuner's engine.binary): an engine file's contents. */
static bool is_binary_key(const char *key)
{
    const char *dot = strrchr(key, '.');
    return strncmp(key, "engine.", 7) == 0 && dot && strcmp(dot, ".binary") == 0;
}

/* Appends "key WAS, now NOW" to what; a NULL value is shown as not set. */
static void note(char *what, size_t what_size, const char *key, const char *was, size_t was_len,
                 const char *now, size_t now_len)
{
    size_t used = strlen(what);
    if (used + 1 >= what_size)
        return;
    if (!was) {
        was = NOT_SET;
        was_len = strlen(NOT_SET);
    }
    if (!now) {
        now = NOT_SET;
        now_len = strlen(NOT_SET);
    }
    snprintf(what + used, what_size - used, "%s%s %.*s, now %.*s%s", used ? "; " : "", key, (int)was_len, was,
             (int)now_len, now, is_binary_key(key) ? " (the program its cmd runs was rebuilt or replaced)" : "");
}

bool runconfig_key_added_later(const char *key) { return is_binary_key(key); }

/* Notes every key of from whose value in other differs (or, with
 * only_missing, every key other lacks). */
static bool compare_keys(const char *from, const char *other, bool from_is_recorded, bool only_missing,
                         char *what, size_t what_size)
{
    bool differs = false;
    for (const char *line = from; line && *line;) {
        const char *end = strchr(line, '\n'), *eq = strchr(line, '=');
        size_t line_len = end ? (size_t)(end - line) : strlen(line);
        if (eq && (size_t)(eq - line) < line_len && (size_t)(eq - line) < 160) {
            char key[160];
            memcpy(key, line, (size_t)(eq - line));
            key[eq - line] = '\0';
            size_t mine_len = line_len - (size_t)(eq - line) - 1, theirs_len = 0;
            const char *theirs = find_value(other, key, &theirs_len);
            bool same = theirs && theirs_len == mine_len && memcmp(theirs, eq + 1, mine_len) == 0;
            bool lacked = !theirs && runconfig_key_added_later(key);
            if (!same && !lacked && (!only_missing || !theirs)) {
                differs = true;
                if (from_is_recorded)
                    note(what, what_size, key, eq + 1, mine_len, theirs, theirs_len);
                else
                    note(what, what_size, key, theirs, theirs_len, eq + 1, mine_len);
            }
        }
        line = end ? end + 1 : NULL;
    }
    return differs;
}

bool runconfig_differs(const char *recorded, const char *current, char *what, size_t what_size)
{
    if (what_size)
        what[0] = '\0';
    bool differs = compare_keys(recorded, current, true, false, what, what_size);
    return compare_keys(current, recorded, false, true, what, what_size) || differs;
}
