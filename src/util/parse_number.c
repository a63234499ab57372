/* parse_number.c - whole decimal numbers with range checks (see the header). */
#include "util/parse_number.h"

#include <stdio.h>
#include <stdlib.h>

/* The digits' value, saturated above max_magnitude + 1 so it cannot wrap. */
static bool read_digits(const char *p, uint64_t max_magnitude, uint64_t *magnitude, bool *too_big)
{
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '\0'))
        return false;
    uint64_t v = 0;
    *too_big = false;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (v > (max_magnitude - digit) / 10)
            *too_big = true;
        else
            v = v * 10 + digit;
    }
    *magnitude = v;
    return true;
}

NumberStatus parse_uint64(const char *text, uint64_t max, uint64_t *out)
{
    uint64_t v;
    bool too_big;
    if (!text || !read_digits(text, UINT64_MAX, &v, &too_big))
        return NUMBER_MALFORMED;
    if (too_big || v > max)
        return NUMBER_OUT_OF_RANGE;
    *out = v;
    return NUMBER_OK;
}

NumberStatus parse_int64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!text)
        return NUMBER_MALFORMED;
    bool negative = text[0] == '-';
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    uint64_t v;
    bool too_big;
    if (!read_digits(text + negative, limit, &v, &too_big) || (negative && v == 0 && !too_big))
        return NUMBER_MALFORMED; /* "-0" is no one's way of writing zero */
    if (too_big)
        return NUMBER_OUT_OF_RANGE;
    int64_t value = negative ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v) : (int64_t)v;
    if (value < min || value > max)
        return NUMBER_OUT_OF_RANGE;
    *out = value;
    return NUMBER_OK;
}

bool parse_int_range(const char *text, int min, int max, int *out)
{
    int64_t v;
    if (parse_int64(text, min, max, &v) != NUMBER_OK)
        return false;
    *out = (int)v;
    return true;
}

NumberStatus parse_int_in(const char *text, const char *what, int min, int max, int *out, char *err,
                          size_t err_size)
{
    int64_t v = 0;
    NumberStatus status = parse_int64(text, min, max, &v);
    if (status == NUMBER_MALFORMED)
        snprintf(err, err_size, "%s: '%s' is not an integer", what, text ? text : "");
    else if (status == NUMBER_OUT_OF_RANGE)
        snprintf(err, err_size, "%s: %s is outside %d..%d", what, text, min, max);
    else
        *out = (int)v;
    return status;
}

bool parse_decimal_range(const char *text, double min, double max, double *out)
{
    if (!text)
        return false;
    int digits = 0, points = 0;
    for (const char *c = text; *c; c++) {
        if (*c >= '0' && *c <= '9')
            digits++;
        else if (*c == '.' && points == 0)
            points++;
        else
            return false;
    }
    if (digits == 0 || digits > 30)
        return false;
    const double value = strtod(text, NULL);
    if (!(value >= min && value <= max))
        return false;
    *out = value;
    return true;
}

void format_exact_double(double x, char *out, size_t out_size)
{
    if (x > -1e15 && x < 1e15 && x == (double)(long long)x) { /* the range first: the cast needs it */
        snprintf(out, out_size, "%lld", (long long)x);
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(out, out_size, "%.*g", digits, x);
        if (strtod(out, NULL) == x)
            return;
    }
}
