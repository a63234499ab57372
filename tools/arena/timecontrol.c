/* timecontrol.c - time control text and the arena's clocks. */
#include "arena/timecontrol.h"

#include <stdio.h>
#include <string.h>

/* Upper bound on any time: a week, far beyond any sane game, and small
 * enough that sums of times never overflow. */
#define TIME_LIMIT_MS (7LL * 24 * 3600 * 1000)

bool tc_parse_seconds(const char *text, int64_t *ms, char *err, size_t err_size)
{
    const char *p = text;
    int64_t whole = 0, frac = 0;
    int whole_digits = 0, frac_digits = 0;
    bool too_fine = false;
    for (; *p >= '0' && *p <= '9'; p++, whole_digits++)
        if (whole <= TIME_LIMIT_MS / 1000)
            whole = whole * 10 + (*p - '0');
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++, frac_digits++) {
            if (frac_digits < 3)
                frac = frac * 10 + (*p - '0');
            else if (*p != '0')
                too_fine = true;
        }
    }
    if (*p != '\0' || whole_digits + frac_digits == 0) {
        snprintf(err, err_size, "'%s' is not a number of seconds (e.g. 10 or 0.5)", text);
        return false;
    }
    if (whole > TIME_LIMIT_MS / 1000) {
        snprintf(err, err_size, "'%s' seconds is more than a week", text);
        return false;
    }
    if (too_fine) {
        snprintf(err, err_size, "'%s' seconds is finer than a millisecond", text);
        return false;
    }
    for (int i = frac_digits; i < 3; i++)
        frac *= 10;
    *ms = whole * 1000 + frac;
    return true;
}

/* Parses a positive count; false unless the whole text is digits. */
static bool parse_count(const char *text, size_t len, int *out)
{
    long value = 0;
    if (len == 0 || len > 9)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + (text[i] - '0');
    }
    *out = (int)value;
    return value > 0;
}

bool tc_parse_clock(const char *text, TimeControl *tc, char *err, size_t err_size)
{
    char base[64], inc[64] = "0";
    const char *slash = strchr(text, '/');
    int moves = 0;
    if (slash && !parse_count(text, (size_t)(slash - text), &moves)) {
        snprintf(err, err_size, "tc=%s: the moves before '/' must be a positive whole number", text);
        return false;
    }
    const char *rest = slash ? slash + 1 : text;
    const char *plus = strchr(rest, '+');
    size_t base_len = plus ? (size_t)(plus - rest) : strlen(rest);
    if (base_len >= sizeof base || (plus && strlen(plus + 1) >= sizeof inc)) {
        snprintf(err, err_size, "tc=%s: too long", text);
        return false;
    }
    memcpy(base, rest, base_len);
    base[base_len] = '\0';
    if (plus)
        snprintf(inc, sizeof inc, "%s", plus + 1);
    char why[160];
    int64_t base_ms, inc_ms;
    if (!tc_parse_seconds(base, &base_ms, why, sizeof why) ||
        !tc_parse_seconds(inc, &inc_ms, why, sizeof why)) {
        snprintf(err, err_size, "tc=%s: %s", text, why);
        return false;
    }
    if (base_ms == 0 && inc_ms == 0) {
        snprintf(err, err_size, "tc=%s: the clock must give some time", text);
        return false;
    }
    tc->has_clock = true;
    tc->moves = moves;
    tc->base_ms = base_ms;
    tc->inc_ms = inc_ms;
    return true;
}

bool tc_is_limited(const TimeControl *tc)
{
    return tc->has_clock || tc->movetime_ms > 0 || tc->depth > 0 || tc->nodes > 0;
}

void tc_format_seconds(int64_t ms, char *out, size_t out_size)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
    while (n > 0 && text[n - 1] == '0')
        text[--n] = '\0';
    if (n > 0 && text[n - 1] == '.')
        text[--n] = '\0';
    snprintf(out, out_size, "%s", text);
}

/* Appends " "-separated parts to out without overrunning it. */
static void append(char *out, size_t out_size, const char *part)
{
    size_t used = strlen(out);
    if (used + 1 < out_size)
        snprintf(out + used, out_size - used, "%s%s", used ? " " : "", part);
}

void tc_format(const TimeControl *tc, char *out, size_t out_size)
{
    char part[96], base[32], inc[32];
    if (out_size == 0)
        return;
    out[0] = '\0';
    if (tc->has_clock) {
        tc_format_seconds(tc->base_ms, base, sizeof base);
        tc_format_seconds(tc->inc_ms, inc, sizeof inc);
        if (tc->moves)
            snprintf(part, sizeof part, "%d/%s+%s", tc->moves, base, inc);
        else
            snprintf(part, sizeof part, "%s+%s", base, inc);
        append(out, out_size, part);
    }
    if (tc->movetime_ms) {
        tc_format_seconds(tc->movetime_ms, base, sizeof base);
        snprintf(part, sizeof part, "st=%s", base);
        append(out, out_size, part);
    }
    if (tc->depth) {
        snprintf(part, sizeof part, "depth=%d", tc->depth);
        append(out, out_size, part);
    }
    if (tc->nodes) {
        snprintf(part, sizeof part, "nodes=%lld", (long long)tc->nodes);
        append(out, out_size, part);
    }
    if (!out[0])
        snprintf(out, out_size, "none");
}

void clock_start(Clock *clock, const TimeControl *tc)
{
    clock->left_ms = tc->has_clock ? tc->base_ms : 0;
    clock->moves_played = 0;
}

int clock_moves_to_go(const Clock *clock, const TimeControl *tc)
{
    if (!tc->has_clock || tc->moves == 0)
        return 0;
    return tc->moves - clock->moves_played % tc->moves;
}

int64_t clock_allowance_ms(const Clock *clock, const TimeControl *tc, int64_t fallback_ms)
{
    int64_t allowance = -1;
    if (tc->has_clock)
        allowance = clock->left_ms + tc->margin_ms;
    if (tc->movetime_ms) {
        int64_t per_move = tc->movetime_ms + tc->margin_ms;
        if (allowance < 0 || per_move < allowance)
            allowance = per_move;
    }
    return allowance < 0 ? fallback_ms : allowance;
}

bool clock_spend(Clock *clock, const TimeControl *tc, int64_t elapsed_ms)
{
    bool in_time = elapsed_ms <= clock_allowance_ms(clock, tc, INT64_MAX);
    clock->moves_played++;
    if (!tc->has_clock)
        return in_time;
    /* Time used within the margin is forgiven, not borrowed: the clock
     * stops at zero rather than going negative. */
    clock->left_ms = clock->left_ms > elapsed_ms ? clock->left_ms - elapsed_ms : 0;
    clock->left_ms += tc->inc_ms;
    if (tc->moves && clock->moves_played % tc->moves == 0)
        clock->left_ms += tc->base_ms;
    return in_time;
}
