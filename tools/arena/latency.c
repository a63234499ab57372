/* latency.c - a launcher's round trip, measured at the check before the
 * first game, against the time a move is given (see latency.h). */
#include "arena/latency.h"

#include <stdlib.h>

static int compare(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

bool latency_measure(Engine *engine, int64_t *median_us, char *why, size_t why_size)
{
    int64_t trips[LATENCY_PROBES];
    for (int i = 0; i < LATENCY_PROBES; i++)
        if (engine_round_trip(engine, &trips[i], why, why_size) != ENGINE_OK)
            return false;
    qsort(trips, LATENCY_PROBES, sizeof trips[0], compare);
    *median_us = trips[LATENCY_PROBES / 2];
    return true;
}

int64_t latency_move_budget_ms(const TimeControl *tc)
{
    if (tc->movetime_ms > 0)
        return tc->movetime_ms;
    return tc->has_clock ? tc->inc_ms : 0;
}

/* Milliseconds with two decimals, from microseconds. */
static void format_ms(int64_t us, char *out, size_t out_size)
{
    snprintf(out, out_size, "%lld.%02lld ms", (long long)(us / 1000), (long long)(us % 1000 / 10));
}

bool latency_check(Engine *engine, const char *words, FILE *out, char *why, size_t why_size)
{
    const EngineSpec *spec = engine->spec;
    int64_t median_us;
    if (!words[0] || !out)
        return true;
    if (!latency_measure(engine, &median_us, why, why_size))
        return false;
    char trip[32], move[32], given[32];
    format_ms(median_us, trip, sizeof trip);
    format_ms(2 * median_us, move, sizeof move);
    fprintf(out, "  %s through '%s': %s a round trip (median of %d isready), about %s a move\n", spec->name,
            words, trip, LATENCY_PROBES, move);
    int64_t budget_ms = latency_move_budget_ms(&spec->tc);
    if (budget_ms > 0 && 2 * median_us * LATENCY_SHARE > budget_ms * 1000) {
        tc_format_seconds(budget_ms, given, sizeof given);
        fprintf(out,
                "warning: %s through '%s': a move costs about %s on the way to the engine and back, more than "
                "1/%d of the %s s a move is given (%s): the clock counts it; give more time a move or a faster "
                "launcher\n",
                spec->name, words, move, LATENCY_SHARE, given, spec->tc.movetime_ms > 0 ? "st=" : "the increment");
    }
    fflush(out);
    return true;
}
