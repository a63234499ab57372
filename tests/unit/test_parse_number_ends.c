/*
 * test_parse_number_ends.c - a range's ends belong to it, for decimals as
 * for whole numbers: "0" where 0 is the least value allowed is read (the
 * trainer's -lambda 0, the arena's -log-limit 0 for "no limit"), and so is
 * the largest value; one step outside either end is refused.
 */
#include "harness.h"

#include "util/parse_number.h"

static void test_a_decimal_at_the_lower_end_is_read(void)
{
    double d = 9.0;
    CHECK(parse_decimal_range("0", 0, 1, &d) && d == 0.0);
    d = 9.0;
    CHECK(parse_decimal_range("0.0", 0, 1, &d) && d == 0.0);
    d = 9.0;
    CHECK(parse_decimal_range("1.5", 1.5, 4, &d) && d == 1.5);
    d = 9.0;
    CHECK(parse_decimal_range("4", 1.5, 4, &d) && d == 4.0);
    d = 9.0;
    CHECK(!parse_decimal_range("1.49", 1.5, 4, &d));
    CHECK(!parse_decimal_range("4.01", 1.5, 4, &d));
    CHECK(d == 9.0);
}

static void test_a_whole_number_at_either_end_is_read(void)
{
    int v = 0;
    CHECK(parse_int_range("1", 1, 256, &v) && v == 1);
    CHECK(parse_int_range("-5", -5, 5, &v) && v == -5);
    CHECK(parse_int_range("5", -5, 5, &v) && v == 5);
    CHECK(!parse_int_range("-6", -5, 5, &v));
    CHECK(!parse_int_range("6", -5, 5, &v));
    CHECK_EQ_INT(v, 5);
    uint64_t u = 1;
    CHECK(parse_uint64("0", 0, &u) == NUMBER_OK && u == 0);
    CHECK(parse_uint64("1", 0, &u) == NUMBER_OUT_OF_RANGE && u == 0);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_a_decimal_at_the_lower_end_is_read);
    RUN(test_a_whole_number_at_either_end_is_read);
    return harness_end();
}
