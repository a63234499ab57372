/* test_arena_options.c - reading an engine's option declarations and
 * checking option.NAME= values against them (uci_option.h). */
#include "harness.h"

#include "arena/uci_option.h"

static UciOption declared(const char *line)
{
    UciOption o;
    char err[256] = "";
    CHECK(uci_option_parse(line, &o, err, sizeof err) == UCI_LINE_OPTION);
    return o;
}

static bool accepts(const UciOption *o, const char *value, char *err, size_t err_size)
{
    err[0] = '\0';
    return uci_option_accepts(o, value, err, err_size);
}

static void test_spin_declaration_is_read(void)
{
    UciOption o = declared("option name Depth Limit type spin max 64 default 5 min 1");
    CHECK_STR(o.name, "Depth Limit");
    CHECK_EQ_INT(o.type, UCI_OPTION_SPIN);
    CHECK_EQ_INT(o.default_value, 5);
    CHECK_EQ_INT(o.min, 1);
    CHECK_EQ_INT(o.max, 64);
}

static void test_spin_accepts_whole_numbers_in_range_only(void)
{
    UciOption o = declared("option name Hash type spin default 64 min 1 max 65536");
    char err[256];
    CHECK(accepts(&o, "1", err, sizeof err));
    CHECK(accepts(&o, "65536", err, sizeof err));
    CHECK(!accepts(&o, "0", err, sizeof err));
    CHECK_CONTAINS(err, "from 1 to 65536");
    CHECK(!accepts(&o, "65537", err, sizeof err));
    const char *not_numbers[] = {"", "1.5", "0x10", "16MB", " 16", "-", "99999999999999999999"};
    for (size_t i = 0; i < sizeof not_numbers / sizeof *not_numbers; i++)
        CHECK(!accepts(&o, not_numbers[i], err, sizeof err));
}

static void test_check_accepts_true_or_false_only(void)
{
    UciOption o = declared("option name Ponder type check default false");
    char err[256];
    CHECK_EQ_INT(o.type, UCI_OPTION_CHECK);
    CHECK(!o.default_on);
    CHECK(accepts(&o, "true", err, sizeof err));
    CHECK(accepts(&o, "false", err, sizeof err));
    CHECK(!accepts(&o, "1", err, sizeof err));
    CHECK(!accepts(&o, "yes", err, sizeof err));
    CHECK_CONTAINS(err, "not true or false");
}

static void test_combo_accepts_its_vars_in_any_case(void)
{
    UciOption o = declared("option name Style type combo default Solid var Solid var Wild Ride");
    char err[256];
    CHECK_EQ_INT(o.var_count, 2);
    CHECK(accepts(&o, "solid", err, sizeof err));
    CHECK(accepts(&o, "WILD RIDE", err, sizeof err));
    CHECK(!accepts(&o, "Wild", err, sizeof err));
    CHECK(!accepts(&o, "Calm", err, sizeof err));
    CHECK_CONTAINS(err, "not one of Solid, Wild Ride");
}

static void test_string_accepts_anything_and_button_nothing(void)
{
    UciOption text = declared("option name Book File type string default <empty>");
    UciOption button = declared("option name Clear Hash type button");
    char err[256];
    CHECK(accepts(&text, "/some/book file.bin", err, sizeof err));
    CHECK(!accepts(&button, "1", err, sizeof err));
    CHECK_CONTAINS(err, "button");
}

static void test_declarations_that_cannot_be_read_say_why(void)
{
    UciOption o;
    char err[256];
    CHECK(uci_option_parse("option name X type slider default 1", &o, err, sizeof err) == UCI_LINE_MALFORMED);
    CHECK_STR(o.name, "X");
    CHECK_CONTAINS(err, "type 'slider'");
    CHECK(uci_option_parse("option name X type check default maybe", &o, err, sizeof err) ==
          UCI_LINE_MALFORMED);
    CHECK_CONTAINS(err, "not true or false");
    CHECK(uci_option_parse("option name X type combo default a", &o, err, sizeof err) == UCI_LINE_MALFORMED);
    CHECK_CONTAINS(err, "no var");
    CHECK(uci_option_parse("option name X type spin default 1 min 0", &o, err, sizeof err) ==
          UCI_LINE_MALFORMED);
    CHECK_CONTAINS(err, "needs default, min and max");
}

static void test_other_lines_are_not_declarations(void)
{
    UciOption o;
    char err[256];
    CHECK(uci_option_parse("id name Tessera", &o, err, sizeof err) == UCI_LINE_OTHER);
    CHECK(uci_option_parse("uciok", &o, err, sizeof err) == UCI_LINE_OTHER);
    CHECK(uci_option_parse("", &o, err, sizeof err) == UCI_LINE_OTHER);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_spin_declaration_is_read);
    RUN(test_spin_accepts_whole_numbers_in_range_only);
    RUN(test_check_accepts_true_or_false_only);
    RUN(test_combo_accepts_its_vars_in_any_case);
    RUN(test_string_accepts_anything_and_button_nothing);
    RUN(test_declarations_that_cannot_be_read_say_why);
    RUN(test_other_lines_are_not_declarations);
    return harness_end();
}
