/* parse_number.h - the one parser of whole decimal numbers for the engine
 * and every tool: a number is an optional '-' and digits, nothing else
 * (no '+', no blanks, no hex, no leading zero: "010" would read as ten to
 * some and as eight to others), inside the range the caller gives.  Out
 * of range is its own answer, so that no caller ever sees an overflowed
 * value. */
#ifndef TESSERA_PARSE_NUMBER_H
#define TESSERA_PARSE_NUMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    NUMBER_OK,
    NUMBER_MALFORMED,   /* not a whole decimal number in the form above */
    NUMBER_OUT_OF_RANGE /* a number, outside [min, max] */
} NumberStatus;

NumberStatus parse_int64(const char *text, int64_t min, int64_t max, int64_t *out);
NumberStatus parse_uint64(const char *text, uint64_t max, uint64_t *out);

/* parse_int64 into an int within [min, max]; true when it is one. */
bool parse_int_range(const char *text, int min, int max, int *out);

/* A decimal fraction in [min, max]: digits with an optional '.' and more
 * digits, or '.' and digits ("0.5", ".5", "2"); no sign, exponent, inf or
 * nan.  False (and *out untouched) otherwise. */
bool parse_decimal_range(const char *text, double min, double max, double *out);

/* parse_int64 into an int, with an error message naming what and the
 * range ("Threads: '300' is outside 1..256") when it fails. */
NumberStatus parse_int_in(const char *text, const char *what, int min, int max, int *out, char *err,
                          size_t err_size);

/* The other way: the shortest text that strtod reads back as exactly x
 * ("0.602", not "0.60199999999999998"; a whole number without a point),
 * so that a value written and read again is the same double. */
void format_exact_double(double x, char *out, size_t out_size);

#endif
