/* test_tune_params.c - reading spin options from a uci answer and the
 * parameters to tune from -tune patterns or a -params file. */
#include "harness.h"

#include <math.h>

#include "tune/param_source.h"
#include "tune/spin_options.h"

static const char uci_answer[] =
    "id name Tessera 0.1.0\n"
    "id author the Tessera developers\n"
    "option name Game type combo default roomandpillar var roomandpillar var columna\n"
    "option name Threads type spin default 1 min 1 max 256\n"
    "option name Ponder type check default false\n"
    "option name RoomMobility type spin default 10 min 0 max 100\r\n"
    "option name Room Parity Bonus type spin default -5 min -50 max 50\n"
    "option name RoomEdge type spin min 0 max 40 default 4\n"
    "option name ColumnaHeight5 type spin default 300 min 0 max 1000\n"
    "uciok\n";

static SpinOptionList engine_list(void)
{
    static SpinOptionList list;
    char err[256] = "";
    CHECK(spin_options_from_text(uci_answer, &list, err, sizeof err));
    return list;
}

static void test_spin_line_is_read(void)
{
    SpinOption o;
    char err[256] = "";
    CHECK(spin_option_parse("option name Knob type spin default 20 min 0 max 100", &o, err,
                            sizeof err) == SPIN_LINE_OPTION);
    CHECK_STR(o.name, "Knob");
    CHECK_EQ_INT(o.default_value, 20);
    CHECK_EQ_INT(o.min, 0);
    CHECK_EQ_INT(o.max, 100);
}

static void test_spin_name_may_hold_spaces(void)
{
    SpinOption o;
    char err[256] = "";
    CHECK(spin_option_parse("option name Move  Overhead type spin default 30 min 0 max 5000", &o,
                            err, sizeof err) == SPIN_LINE_OPTION);
    CHECK_STR(o.name, "Move Overhead");
}

static void test_spin_keywords_in_any_order(void)
{
    SpinOption o;
    char err[256] = "";
    CHECK(spin_option_parse("option name X type spin max 9 default -2 min -9", &o, err,
                            sizeof err) == SPIN_LINE_OPTION);
    CHECK_EQ_INT(o.default_value, -2);
    CHECK_EQ_INT(o.min, -9);
    CHECK_EQ_INT(o.max, 9);
}

static void test_other_lines_are_not_spins(void)
{
    SpinOption o;
    char err[256] = "";
    CHECK(spin_option_parse("option name Ponder type check default false", &o, err, sizeof err) ==
          SPIN_LINE_OTHER);
    CHECK(spin_option_parse("id name Tessera", &o, err, sizeof err) == SPIN_LINE_OTHER);
    CHECK(spin_option_parse("uciok", &o, err, sizeof err) == SPIN_LINE_OTHER);
    CHECK(spin_option_parse("", &o, err, sizeof err) == SPIN_LINE_OTHER);
}

static void test_malformed_spin_lines_say_why(void)
{
    SpinOption o;
    char err[256] = "";
    CHECK(spin_option_parse("option name X type spin default 5 min 0", &o, err, sizeof err) ==
          SPIN_LINE_MALFORMED);
    CHECK_CONTAINS(err, "needs default, min and max");
    CHECK(spin_option_parse("option name X type spin default five min 0 max 9", &o, err,
                            sizeof err) == SPIN_LINE_MALFORMED);
    CHECK_CONTAINS(err, "'default' is not followed by a whole number");
    CHECK(spin_option_parse("option name X type spin default 50 min 0 max 9", &o, err,
                            sizeof err) == SPIN_LINE_MALFORMED);
    CHECK_CONTAINS(err, "default 50 outside min 0 max 9");
    CHECK(spin_option_parse("option name type spin default 5", &o, err, sizeof err) ==
          SPIN_LINE_MALFORMED);
    CHECK_CONTAINS(err, "without a name");
}

static void test_uci_answer_gives_every_spin_in_order(void)
{
    SpinOptionList list = engine_list();
    CHECK_EQ_INT(list.count, 5);
    CHECK_STR(list.option[0].name, "Threads");
    CHECK_STR(list.option[1].name, "RoomMobility");
    CHECK_STR(list.option[2].name, "Room Parity Bonus");
    CHECK_EQ_INT(list.option[2].default_value, -5);
    CHECK_EQ_INT(list.option[3].default_value, 4);
    CHECK(spin_options_find(&list, "roommobility") == &list.option[1]);
    CHECK(spin_options_find(&list, "Nothing") == NULL);
}

static void test_uci_answer_with_bad_spin_names_the_line(void)
{
    SpinOptionList list;
    char err[256] = "";
    CHECK(!spin_options_from_text("uci\noption name A type spin default 1\nuciok\n", &list, err,
                                  sizeof err));
    CHECK_CONTAINS(err, "line 2");
}

static void test_tune_patterns_take_names_and_prefixes(void)
{
    SpinOptionList list = engine_list();
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    CHECK(params_from_patterns(&list, "room*,ColumnaHeight5", &steps, p, &count, err, sizeof err));
    CHECK_EQ_INT(count, 4);
    CHECK_STR(p[0].name, "RoomMobility");
    CHECK_STR(p[1].name, "Room Parity Bonus");
    CHECK_STR(p[2].name, "RoomEdge");
    CHECK_STR(p[3].name, "ColumnaHeight5");
    CHECK(p[0].start == 10 && p[0].min == 0 && p[0].max == 100);
    CHECK(fabs(p[0].c_end - 1) < 1e-12);    /* a tenth of the default 10 */
    CHECK(fabs(p[3].c_end - 30) < 1e-12);   /* a tenth of 300 */
    CHECK(fabs(p[0].r_end - 0.002) < 1e-12);
}

static void test_default_c_end_is_at_least_one(void)
{
    SpinOption o = {"Tiny", 1, 0, 4};
    StepDefaults steps = step_defaults();
    SpsaParam p = param_from_spin(&o, &steps);
    CHECK(p.c_end == 1);
}

/* The perturbation follows each parameter's own scale, a tenth of its
 * default, not its option range (ColumnaHeight1: default 2 in 0..1000). */
static void test_default_c_end_follows_the_default_not_the_range(void)
{
    StepDefaults steps = step_defaults();
    SpinOption small = {"ColumnaHeight1", 2, 0, 1000};
    SpinOption large = {"ColumnaHeight5", 133, 0, 1000};
    SpinOption negative = {"RoomAndPillarTempo", -90, -200, 200};
    SpinOption zero = {"TerritoireDanger", 0, 0, 1000};
    CHECK(param_from_spin(&small, &steps).c_end == 1);
    CHECK(fabs(param_from_spin(&large, &steps).c_end - 13.3) < 1e-9);
    CHECK(fabs(param_from_spin(&negative, &steps).c_end - 9) < 1e-9);
    CHECK(param_from_spin(&zero, &steps).c_end == 1);
    steps.c_end_fraction = 0.5;
    CHECK(fabs(param_from_spin(&large, &steps).c_end - 66.5) < 1e-9);
}

static void test_tune_pattern_matching_nothing_is_an_error(void)
{
    SpinOptionList list = engine_list();
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    CHECK(!params_from_patterns(&list, "RoomMobility,Qawale*", &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "'Qawale*' names no spin option");
    CHECK(!params_from_patterns(&list, "RoomMobility,,RoomEdge", &steps, p, &count, err, sizeof err));
    CHECK(!params_from_patterns(&list, "Room*,RoomEdge", &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "named twice");
}

static void test_params_file_takes_fishtest_lines(void)
{
    SpinOptionList list = engine_list();
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    const char *file = "# mobility and parity\n"
                       "roommobility, 12, 0, 60, 3, 0.0020\n"
                       "\n"
                       "  Room Parity Bonus ,-5,-20,20,2.5,0.004  \n"
                       "RoomEdge\n";
    CHECK(params_from_file_text(file, &list, &steps, p, &count, err, sizeof err));
    CHECK_EQ_INT(count, 3);
    CHECK_STR(p[0].name, "RoomMobility"); /* the engine's spelling */
    CHECK(p[0].start == 12 && p[0].min == 0 && p[0].max == 60 && p[0].c_end == 3);
    CHECK(fabs(p[0].r_end - 0.002) < 1e-12);
    CHECK_STR(p[1].name, "Room Parity Bonus");
    CHECK(p[1].c_end == 2.5);
    CHECK_STR(p[2].name, "RoomEdge"); /* a bare name: the engine's values */
    CHECK(p[2].start == 4 && p[2].max == 40 && p[2].c_end == 1);
}

static void test_params_file_without_engine_needs_six_fields(void)
{
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    CHECK(params_from_file_text("Knob,20,0,100,5,0.002\n", NULL, &steps, p, &count, err, sizeof err));
    CHECK_EQ_INT(count, 1);
    CHECK(!params_from_file_text("Knob\n", NULL, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "line 1");
}

static void test_params_file_errors_name_line_and_field(void)
{
    SpinOptionList list = engine_list();
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    CHECK(!params_from_file_text("RoomMobility,10,0,100,5\n", &list, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "line 1: expected 'name, start, min, max, c_end, r_end', got 5 fields");
    CHECK(!params_from_file_text("\nRoomMobility,10,0,1e3x,5,0.002\n", &list, &steps, p, &count, err,
                                 sizeof err));
    CHECK_CONTAINS(err, "line 2: max '1e3x' is not a number");
    CHECK(!params_from_file_text("Unknown,10,0,100,5,0.002\n", &list, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "no spin option 'Unknown'");
    CHECK(!params_from_file_text("RoomMobility,10,0,200,5,0.002\n", &list, &steps, p, &count, err,
                                 sizeof err));
    CHECK_CONTAINS(err, "beyond the engine's 0..100");
    CHECK(!params_from_file_text("RoomEdge\nroomedge\n", &list, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "line 2: parameter RoomEdge is named twice");
    CHECK(!params_from_file_text("# nothing\n\n", &list, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "no parameter lines");
}

static void test_params_file_that_is_missing_says_so(void)
{
    StepDefaults steps = step_defaults();
    SpsaParam p[SPSA_MAX_PARAMS];
    int count = 0;
    char err[256] = "";
    CHECK(!params_load_file("/nonexistent/tune.txt", NULL, &steps, p, &count, err, sizeof err));
    CHECK_CONTAINS(err, "-params /nonexistent/tune.txt");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_spin_line_is_read);
    RUN(test_spin_name_may_hold_spaces);
    RUN(test_spin_keywords_in_any_order);
    RUN(test_other_lines_are_not_spins);
    RUN(test_malformed_spin_lines_say_why);
    RUN(test_uci_answer_gives_every_spin_in_order);
    RUN(test_uci_answer_with_bad_spin_names_the_line);
    RUN(test_tune_patterns_take_names_and_prefixes);
    RUN(test_default_c_end_is_at_least_one);
    RUN(test_default_c_end_follows_the_default_not_the_range);
    RUN(test_tune_pattern_matching_nothing_is_an_error);
    RUN(test_params_file_takes_fishtest_lines);
    RUN(test_params_file_without_engine_needs_six_fields);
    RUN(test_params_file_errors_name_line_and_field);
    RUN(test_params_file_that_is_missing_says_so);
    return harness_end();
}
