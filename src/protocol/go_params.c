/* go_params.c - the words of `go` and their ranges (see go_params.h). */
#include "protocol/go_params.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "protocol/perft_job.h"
#include "protocol/printable.h"
#include "util/parse_number.h"

typedef struct {
    const char *name;
    int64_t min, max;
    bool below_min_is_min; /* a flagged clock: clamp to min instead of refusing */
} GoParamSpec;

static const GoParamSpec specs[GO_COUNT] = {
    [GO_WTIME] = {"wtime", 0, GO_TIME_MAX_MS, true},
    [GO_BTIME] = {"btime", 0, GO_TIME_MAX_MS, true},
    [GO_WINC] = {"winc", 0, GO_TIME_MAX_MS, false},
    [GO_BINC] = {"binc", 0, GO_TIME_MAX_MS, false},
    [GO_P1TIME] = {"p1time", 0, GO_TIME_MAX_MS, true},
    [GO_P2TIME] = {"p2time", 0, GO_TIME_MAX_MS, true},
    [GO_P1INC] = {"p1inc", 0, GO_TIME_MAX_MS, false},
    [GO_P2INC] = {"p2inc", 0, GO_TIME_MAX_MS, false},
    [GO_MOVESTOGO] = {"movestogo", 1, INT_MAX, false},
    [GO_MOVETIME] = {"movetime", 0, GO_TIME_MAX_MS, false},
    [GO_DEPTH] = {"depth", 1, INT_MAX, false},
    [GO_NODES] = {"nodes", 1, INT64_MAX, false},
    [GO_MATE] = {"mate", 1, INT_MAX, false},
};

/* A whole number, however large: beyond 64 bits it reads as the end of
 * the range it points to, which the spec then clamps. */
static bool read_whole_number(const char *text, int64_t *out)
{
    NumberStatus status = parse_int64(text, INT64_MIN, INT64_MAX, out);
    if (status == NUMBER_OUT_OF_RANGE)
        *out = text[0] == '-' ? INT64_MIN : INT64_MAX;
    return status != NUMBER_MALFORMED;
}

static bool read_param(const GoParamSpec *spec, const char *text, int64_t *out, char *err, size_t err_size)
{
    int64_t value;
    if (!text || !read_whole_number(text, &value)) {
        snprintf(err, err_size, "%s needs an integer value", spec->name);
        return false;
    }
    if (value < spec->min && !spec->below_min_is_min) {
        snprintf(err, err_size, "%s must be positive%s, got %s", spec->name, spec->min == 0 ? " or 0" : "",
                 printable(text));
        return false;
    }
    *out = value < spec->min ? spec->min : value > spec->max ? spec->max : value;
    return true;
}

static int spec_named(const char *word)
{
    for (int k = 0; k < GO_COUNT; k++)
        if (strcmp(word, specs[k].name) == 0)
            return k;
    return -1;
}

static bool is_go_keyword(const char *word)
{
    return spec_named(word) >= 0 || strcmp(word, "infinite") == 0 || strcmp(word, "ponder") == 0 ||
           strcmp(word, "searchmoves") == 0;
}

/* searchmoves takes every word up to the next keyword of go. */
static int searchmoves_words(int argc, char **argv, int first)
{
    int i = first;
    while (i < argc && !is_go_keyword(argv[i]))
        i++;
    return i - first;
}

bool go_parse(int argc, char **argv, GoRequest *request, char *err, size_t err_size)
{
    *request = (GoRequest){0};
    if (argc >= 2 && strcmp(argv[1], "perft") == 0) {
        int depth;
        request->perft = true;
        if (!perft_parse_depth(argc - 2, argv + 2, &depth, err, err_size))
            return false;
        request->value[GO_DEPTH] = depth;
        request->given[GO_DEPTH] = true;
        return true;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "infinite") == 0) {
            request->infinite = true;
            continue;
        }
        if (strcmp(argv[i], "ponder") == 0) {
            request->ponder = true;
            continue;
        }
        if (strcmp(argv[i], "searchmoves") == 0) {
            request->searchmoves = true;
            request->searchmoves_at = i + 1;
            request->searchmoves_count = searchmoves_words(argc, argv, i + 1);
            if (request->searchmoves_count == 0) {
                snprintf(err, err_size, "searchmoves needs at least one move");
                return false;
            }
            i += request->searchmoves_count;
            continue;
        }
        int k = spec_named(argv[i]);
        if (k < 0) {
            snprintf(err, err_size, "unknown parameter '%s'", printable(argv[i]));
            return false;
        }
        if (!read_param(&specs[k], i + 1 < argc ? argv[i + 1] : NULL, &request->value[k], err, err_size))
            return false;
        request->given[k] = true;
        i++;
    }
    return true;
}
