/*
 * test_parse_number.c - the one parser of whole decimal numbers: the form
 * (no '+', blanks, hex or leading zero), the range, and the ends of int64
 * and uint64 without overflow; and the other way, a double written in the
 * shortest text that reads back as exactly it.
 */
#include "harness.h"

#include <stdlib.h>

#include "util/parse_number.h"

static NumberStatus int64_of(const char *text, int64_t *out)
{
    return parse_int64(text, INT64_MIN, INT64_MAX, out);
}

static void test_plain_numbers_are_read(void)
{
    int64_t v = 1;
    CHECK_EQ_INT(int64_of("0", &v), NUMBER_OK);
    CHECK_EQ_INT(v, 0);
    CHECK_EQ_INT(int64_of("-17", &v), NUMBER_OK);
    CHECK_EQ_INT(v, -17);
    CHECK_EQ_INT(int64_of("9223372036854775807", &v), NUMBER_OK);
    CHECK(v == INT64_MAX);
    CHECK_EQ_INT(int64_of("-9223372036854775808", &v), NUMBER_OK);
    CHECK(v == INT64_MIN);
    uint64_t u = 0;
    CHECK_EQ_INT(parse_uint64("18446744073709551615", UINT64_MAX, &u), NUMBER_OK);
    CHECK(u == UINT64_MAX);
}

static void test_other_forms_are_malformed(void)
{
    static const char *const bad[] = {"", "-", "+5", " 5", "5 ", "010", "0x10", "1e3", "1.0", "5a", "--5",
                                      "-0", "00", "\t7", "inf"};
    int64_t v = 42;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (int64_of(bad[i], &v) != NUMBER_MALFORMED) {
            char m[80];
            snprintf(m, sizeof m, "'%s' was not refused as malformed", bad[i]);
            harness_fail(__FILE__, __LINE__, m);
        }
    }
    CHECK_EQ_INT(v, 42); /* untouched */
    uint64_t u;
    CHECK_EQ_INT(parse_uint64("-1", UINT64_MAX, &u), NUMBER_MALFORMED);
    CHECK_EQ_INT(parse_int64(NULL, 0, 1, &v), NUMBER_MALFORMED);
}

static void test_range_is_its_own_answer(void)
{
    int64_t v = 42;
    CHECK_EQ_INT(int64_of("9223372036854775808", &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(int64_of("-9223372036854775809", &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(int64_of("99999999999999999999999999", &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(parse_int64("4294967297", 0, INT32_MAX, &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(parse_int64("0", 1, 256, &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(parse_int64("257", 1, 256, &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(v, 42);
    uint64_t u;
    CHECK_EQ_INT(parse_uint64("18446744073709551616", UINT64_MAX, &u), NUMBER_OUT_OF_RANGE);
    CHECK_EQ_INT(parse_uint64("11", 10, &u), NUMBER_OUT_OF_RANGE);
}

static void test_int_in_says_what_and_the_range(void)
{
    char err[128] = "";
    int v = 7;
    CHECK_EQ_INT(parse_int_in("300", "option Threads", 1, 256, &v, err, sizeof err), NUMBER_OUT_OF_RANGE);
    CHECK_STR(err, "option Threads: 300 is outside 1..256");
    CHECK_EQ_INT(parse_int_in("lots", "option Hash", 1, 64, &v, err, sizeof err), NUMBER_MALFORMED);
    CHECK_STR(err, "option Hash: 'lots' is not an integer");
    CHECK_EQ_INT(v, 7);
    CHECK_EQ_INT(parse_int_in("-3", "x", -5, 5, &v, err, sizeof err), NUMBER_OK);
    CHECK_EQ_INT(v, -3);
    CHECK(parse_int_range("256", 1, 256, &v) && v == 256);
    CHECK(!parse_int_range("257", 1, 256, &v) && v == 256);
    CHECK(!parse_int_range("07", 1, 256, &v));
}

static void test_decimals_are_plain_fractions_in_range(void)
{
    double d = 9.0;
    CHECK(parse_decimal_range("0.5", 0, 1, &d) && d == 0.5);
    CHECK(parse_decimal_range(".25", 0, 1, &d) && d == 0.25);
    CHECK(parse_decimal_range("1", 0, 1, &d) && d == 1.0);
    d = 9.0;
    const char *bad[] = {"", ".", "-0.5", "+1", "1e-3", "nan", "inf", "0.5x", "1..2", " 1", NULL};
    for (int i = 0; bad[i]; i++)
        CHECK(!parse_decimal_range(bad[i], 0, 10, &d));
    CHECK(!parse_decimal_range("1.5", 0, 1, &d));
    CHECK(d == 9.0);
}

static void test_exact_doubles_are_written_short_and_read_back_the_same(void)
{
    char text[32];
    format_exact_double(0.602, text, sizeof text);
    CHECK_STR(text, "0.602");
    format_exact_double(45, text, sizeof text);
    CHECK_STR(text, "45");
    format_exact_double(-10, text, sizeof text);
    CHECK_STR(text, "-10");
    /* 17 digits where a double needs them, an exponent where it is shorter. */
    const double values[] = {0.1 + 0.2, 45.006462412842254, -9.000000123, 1e-7, 2.5e20, 1.0 / 3};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        format_exact_double(values[i], text, sizeof text);
        CHECK(strtod(text, NULL) == values[i]);
    }
    format_exact_double(0.1 + 0.2, text, sizeof text);
    CHECK_STR(text, "0.30000000000000004");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_plain_numbers_are_read);
    RUN(test_other_forms_are_malformed);
    RUN(test_range_is_its_own_answer);
    RUN(test_int_in_says_what_and_the_range);
    RUN(test_decimals_are_plain_fractions_in_range);
    RUN(test_exact_doubles_are_written_short_and_read_back_the_same);
    return harness_end();
}
