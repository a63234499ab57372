/* test_tune_cli.c - the tuner's command line, the arena flags it passes
 * on, the commands it prints, and the spin options an engine lists in its
 * handshake. */
#include "harness.h"

#include <libgen.h>
#include <math.h>

#include "spsatest.h"
#include "tune/engine_options.h"
#include "tune/run_record.h"
#include "tune/tune_cli.h"
#include "tune/tune_report.h"

static TuneOptions options;
static char err[1400];

/* argv ends with NULL, as main's does. */
static int parse(char **argv)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    err[0] = '\0';
    tune_cli_free(&options);
    return tune_cli_parse(argc, argv, &options, err, sizeof err);
}

#define PARSE(...) parse((char *[]){"tessera-tune", __VA_ARGS__, NULL})

static void test_tuner_flags_are_read_and_arena_flags_passed_on(void)
{
    int code = PARSE("-engine", "cmd=build/tessera", "option.Backend=alphabeta", "-each",
                     "tc=1+0.01", "-game", "columna", "-tune", "Columna*", "-iterations", "300",
                     "-concurrency", "3", "-seed", "7", "-progress", "25", "-csv", "run.csv");
    CHECK_EQ_INT(code, TUNE_EXIT_OK);
    CHECK(options.command == TUNE_COMMAND_TUNE);
    CHECK_STR(options.tune_patterns, "Columna*");
    CHECK_EQ_INT(options.iterations, 300);
    CHECK_EQ_INT(options.progress_every, 25);
    CHECK_STR(options.csv_path, "run.csv");
    const TournamentConfig *c = &options.arena.run;
    CHECK_STR(c->game->id, "columna");
    CHECK_EQ_INT(c->concurrency, 3);
    CHECK_EQ_U64(c->seed, 7);
    CHECK_EQ_INT(c->engine_count, 2);
    CHECK_STR(c->engines[0].name, "plus");
    CHECK_STR(c->engines[1].name, "minus");
    for (int i = 0; i < 2; i++) {
        CHECK_STR(c->engines[i].cmd, "build/tessera");
        CHECK_EQ_INT(c->engines[i].option_count, 1);
        CHECK(c->engines[i].tc.has_clock && c->engines[i].tc.base_ms == 1000);
    }
    CHECK_EQ_INT(options.arena_arg_count, 11); /* the tuner's flags are not among them */
}

static void test_defaults_are_fishtests(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-params", "p.txt", "-games", "500"),
                 TUNE_EXIT_OK);
    CHECK_EQ_INT(options.iterations, 250);
    CHECK_STR(options.csv_path, "tune.csv");
    CHECK_EQ_INT(options.progress_every, 10);
    SpsaSchedule s = tune_cli_schedule(&options);
    CHECK(s.iterations == 250 && s.A == 25 && s.alpha == 0.602 && s.gamma == 0.101);
    CHECK_EQ_INT(s.delay, 0);
    CHECK(options.steps.c_end_fraction == 0.1 && options.steps.r_end == 0.002);
}

/* -concurrency P plays P pairs at once: iteration k perturbs theta after
 * iteration k-P, a delay of P-1 iterations. */
static void test_concurrency_sets_the_delay(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "100", "-concurrency", "4"),
                 TUNE_EXIT_OK);
    CHECK_EQ_INT(tune_cli_schedule(&options).delay, 3);
}

static void test_gain_flags_change_the_schedule(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "100", "-A",
                       "30", "-alpha", "0.7", "-gamma", "0.2", "-r-end", "0.01",
                       "-c-end-fraction", "0.2"),
                 TUNE_EXIT_OK);
    SpsaSchedule s = tune_cli_schedule(&options);
    CHECK(s.A == 30 && s.alpha == 0.7 && s.gamma == 0.2);
    CHECK(options.steps.r_end == 0.01 && options.steps.c_end_fraction == 0.2);
}

static void test_resume_names_the_csv(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "10",
                       "-resume", "old.csv"),
                 TUNE_EXIT_OK);
    CHECK(options.resume);
    CHECK_STR(options.csv_path, "old.csv");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "10",
                       "-resume", "old.csv", "-csv", "new.csv"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "no other -csv");
}

static void test_force_allows_overwriting_but_not_with_resume(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "10"),
                 TUNE_EXIT_OK);
    CHECK(!options.force);
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-force", "-iterations", "10"),
                 TUNE_EXIT_OK);
    CHECK(options.force);
    CHECK_EQ_INT(options.iterations, 10);
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=2", "-tune", "X", "-iterations", "10",
                       "-resume", "old.csv", "-force"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-force overwrites it");
}

static void test_command_line_mistakes_are_named(void)
{
    CHECK_EQ_INT(PARSE("-tune", "X", "-iterations", "10"), TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "give the engine to tune");
    CHECK_EQ_INT(PARSE("-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-tune", "X",
                       "-iterations", "10"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "exactly one -engine");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-iterations", "10"), TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-tune NAMES or -params FILE");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-params", "p", "-iterations",
                       "10"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X"), TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "how long");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-games", "101"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "even");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-iterations", "0"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-iterations 0");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-iterations", "9", "-alpha",
                       "0"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-alpha 0");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-iterations", "9", "-sprt",
                       "elo0=0", "elo1=5"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-sprt is for matches");
    /* The arena's own checks still apply. */
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "-tune", "X", "-iterations", "9"), TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "no time control");
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "depth=1", "-tune", "X", "-iterations", "9", "-game",
                       "chess"),
                 TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "unknown game");
}

static void test_verify_plays_tuned_against_default(void)
{
    CHECK_EQ_INT(PARSE("verify", "-engine", "cmd=e", "depth=1", "-csv", "run.csv", "-concurrency",
                       "2"),
                 TUNE_EXIT_OK);
    CHECK(options.command == TUNE_COMMAND_VERIFY);
    CHECK_STR(options.csv_path, "run.csv");
    const TournamentConfig *c = &options.arena.run;
    CHECK_STR(c->engines[0].name, "tuned");
    CHECK_STR(c->engines[1].name, "default");
    CHECK(c->schedule.repeat);
    CHECK_EQ_U64(c->last, TUNE_VERIFY_GAMES);
    CHECK_EQ_INT(PARSE("verify", "-engine", "cmd=e", "depth=1", "-csv", "run.csv", "-games", "60",
                       "-sprt", "elo0=0", "elo1=10"),
                 TUNE_EXIT_OK);
    CHECK_EQ_U64(options.arena.run.last, 60);
    CHECK(options.arena.run.sprt.on);
    CHECK_EQ_INT(PARSE("verify", "-engine", "cmd=e", "depth=1"), TUNE_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-csv FILE");
}

static void test_help_is_a_command(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=e", "-help"), TUNE_EXIT_OK);
    CHECK(options.command == TUNE_COMMAND_HELP);
}

/* Captures what a printer writes. */
static char *printed;
static size_t printed_size;

static FILE *capture(void)
{
    free(printed);
    printed = NULL;
    return open_memstream(&printed, &printed_size);
}

/* The closing warning: only after 50 iterations, only when every value
 * still rounds to its start. */
static void test_unmoved_values_are_warned_of_after_50_iterations(void)
{
    static Spsa spsa;
    SpsaParam p[2];
    memset(p, 0, sizeof p);
    for (int i = 0; i < 2; i++) {
        snprintf(p[i].name, SPSA_NAME_MAX, "Weight%d", i);
        p[i].start = 10 * (i + 1);
        p[i].max = 100;
        p[i].c_end = 1;
        p[i].r_end = 0.002;
    }
    SpsaSchedule schedule = spsa_default_schedule(100);
    char why[256] = "";
    CHECK(spsa_init(&spsa, &schedule, p, 2, 1, why, sizeof why));
    spsa.done = 50;
    spsa.param[0].theta = 10.4;
    spsa.param[1].theta = 19.6;
    FILE *out = capture();
    tune_print_unmoved_warning(out, &spsa);
    fclose(out);
    CHECK_CONTAINS(printed, "warning: after 50 iterations every value is still its start");
    spsa.done = 49;
    out = capture();
    tune_print_unmoved_warning(out, &spsa);
    fclose(out);
    CHECK_STR(printed, "");
    spsa.done = 50;
    spsa.param[1].theta = 19.4;
    out = capture();
    tune_print_unmoved_warning(out, &spsa);
    fclose(out);
    CHECK_STR(printed, "");
}

static void test_printed_commands_repeat_the_arena_flags(void)
{
    CHECK_EQ_INT(PARSE("-engine", "cmd=build/tessera", "args=-x 1", "-each", "tc=1+0.01",
                       "-tune", "RoomAndPillar*", "-iterations", "10", "-game", "roomandpillar"),
                 TUNE_EXIT_OK);
    ThetaRow row;
    memset(&row, 0, sizeof row);
    row.count = 2;
    snprintf(row.name[0], SPSA_NAME_MAX, "RoomAndPillarSafe");
    snprintf(row.name[1], SPSA_NAME_MAX, "Some Option");
    row.value[0] = 15.6;
    row.value[1] = -3.4;
    FILE *out = capture();
    tune_print_setoption_block(out, &row);
    fclose(out);
    CHECK_STR(printed, "setoption name RoomAndPillarSafe value 16\nsetoption name Some Option value -3\n");
    out = capture();
    tune_print_arena_command(out, "build/tessera-tune", &options, &row, NULL);
    fclose(out);
    CHECK_STR(printed, "build/tessera-arena -engine cmd=build/tessera 'args=-x 1' name=tuned "
                       "option.RoomAndPillarSafe=16 'option.Some Option=-3' -each tc=1+0.01 -game "
                       "roomandpillar -engine cmd=build/tessera 'args=-x 1' name=default -games 400\n");
    out = capture();
    tune_print_verify_command(out, "build/tessera-tune", &options, NULL);
    fclose(out);
    CHECK_STR(printed, "build/tessera-tune verify -engine cmd=build/tessera 'args=-x 1' -each "
                       "tc=1+0.01 -game roomandpillar -csv tune.csv -games 400\n");
    /* The closing lines' commands: another seed than the run's, in place of its -seed. */
    CHECK_EQ_INT(PARSE("-engine", "cmd=build/tessera", "depth=2", "-seed", "3", "-tune", "RoomAndPillar*",
                       "-iterations", "10", "-game", "roomandpillar"),
                 TUNE_EXIT_OK);
    out = capture();
    tune_print_verify_command(out, "build/tessera-tune", &options, "4");
    fclose(out);
    CHECK_STR(printed, "build/tessera-tune verify -engine cmd=build/tessera depth=2 -game roomandpillar "
                       "-seed 4 -csv tune.csv -games 400\n");
    out = capture();
    tune_print_arena_command(out, "build/tessera-tune", &options, &row, "4");
    fclose(out);
    CHECK_STR(printed, "build/tessera-arena -engine cmd=build/tessera depth=2 name=tuned "
                       "option.RoomAndPillarSafe=16 'option.Some Option=-3' -game roomandpillar -engine "
                       "cmd=build/tessera depth=2 name=default -seed 4 -games 400\n");
    out = capture();
    tune_cli_print_quoted(out, "it's");
    fclose(out);
    CHECK_STR(printed, "'it'\\''s'");
    free(printed);
    printed = NULL;
}

static char fakes_dir[512];

/* The fakes live in build/<variant>/fakes, next to build/<variant>/tests. */
static void find_fakes(const char *argv0)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", argv0);
    snprintf(fakes_dir, sizeof fakes_dir, "%s/../fakes", dirname(copy));
}

/* The record -resume compares (run_record.h) of the parsed command line,
 * tuning Knob (start 20, 0..100, c_end 10, r_end 0.05); parsed is what
 * the parse returned.  Freed by the caller. */
static char *record_of_options(int parsed)
{
    static Spsa spsa;
    CHECK_EQ_INT(parsed, TUNE_EXIT_OK);
    if (parsed != TUNE_EXIT_OK)
        return NULL;
    SpsaParam knob = spsa_test_param("Knob", 20, 0, 100, 10, 0.05);
    SpsaSchedule schedule = tune_cli_schedule(&options);
    char why[256] = "";
    CHECK(spsa_init(&spsa, &schedule, &knob, 1, options.arena.run.seed, why, sizeof why));
    char *text = run_record_describe(&options.arena.run, &spsa);
    CHECK(text != NULL);
    return text;
}

#define RECORD_OF(...) record_of_options(PARSE(__VA_ARGS__))
#define RUN_FLAGS "-engine", "cmd=e", "option.Hash=1", "-each", "depth=2", "-game", "columna", "-tune", "Knob"

static void test_run_record_holds_what_changes_the_result_only(void)
{
    char *plain = RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2");
    char *other = RECORD_OF(RUN_FLAGS, "-games", "200", "-concurrency", "2", "-launcher", "nice -n1",
                            "-progress", "5", "-log", "x.log", "-loglimit", "1", "-csv", "x.csv", "-A", "10");
    if (plain && other) {
        CHECK(strncmp(plain, RUN_RECORD_MAGIC "\n", strlen(RUN_RECORD_MAGIC) + 1) == 0);
        CHECK_CONTAINS(plain, "\ngame=columna\nseed=1\nopenings=start\n");
        CHECK_CONTAINS(plain, "\nengine.cmd=e\n");
        CHECK_CONTAINS(plain, "\nengine.tc=depth=2\n");
        CHECK_CONTAINS(plain, "\nengine.option.Hash=1\n");
        CHECK_CONTAINS(plain, "\nconcurrency=2\niterations=100\nA=10\nalpha=0.602\ngamma=0.101\n");
        CHECK_CONTAINS(plain, "\nparams=1\nparam.1=Knob, 20, 0, 100, 10, 0.05\n" RUN_RECORD_END "\n");
        CHECK(strstr(plain, "launcher") == NULL && strstr(plain, "plus") == NULL && strstr(plain, "minus") == NULL);
        char why[256] = "";
        CHECK(run_record_well_formed(plain, why, sizeof why));
        /* -games 2N is -iterations N, -A N/10 the default; launcher, log,
         * progress and the CSV's path change nothing. */
        CHECK_STR(other, plain);
    }
    free(plain);
    free(other);
}

/* A changed setting: the first difference, as the user says it. */
static void expect_refusal(char *recorded, char *current, const char *message)
{
    char what[1024] = "";
    if (recorded && current) {
        CHECK(run_record_differs(recorded, current, what, sizeof what));
        CHECK_CONTAINS(what, message);
    }
    free(current);
}

static void test_run_record_names_the_first_difference(void)
{
    char *plain = RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2");
    char what[512] = "";
    CHECK(plain && !run_record_differs(plain, plain, what, sizeof what));
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "4"),
                   "the run was started with -concurrency 2, this command says -concurrency 4");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-seed", "9"),
                   "the run was started with -seed 1, this command says -seed 9");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "101", "-concurrency", "2", "-A", "10"),
                   "the run was started with -iterations 100, this command says -iterations 101");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-gamma", "0.2"),
                   "the run was started with -gamma 0.101, this command says -gamma 0.2");
    expect_refusal(plain, RECORD_OF("-engine", "cmd=e", "option.Hash=2", "-each", "depth=2", "-game", "columna", "-tune",
                                     "Knob", "-iterations", "100", "-concurrency", "2"),
                   "the run was started with option.Hash=1, this command says option.Hash=2 (-engine or -each)");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-each", "option.Eval=x"),
                   "the run was started with no option.Eval=, this command says option.Eval=x");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-each", "tc=1+0.01"),
                   "the run was started with depth=2, this command says tc=1+0.01 depth=2");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-each", "timeout=3"),
                   "the run was started with timeout=10, this command says timeout=3");
    expect_refusal(plain, RECORD_OF(RUN_FLAGS, "-iterations", "100", "-concurrency", "2", "-openings", "random", "plies=2"),
                   "the run was started with -openings start, this command says -openings random plies=2");
    /* A record that lacks a key (an older or a hand-edited one). */
    char *edited = plain ? strdup(plain) : NULL;
    char *line = edited ? strstr(edited, "\ngamma=") : NULL;
    if (line) {
        char *next = strchr(line + 1, '\n');
        memmove(line, next, strlen(next) + 1);
        CHECK(run_record_differs(edited, plain, what, sizeof what));
        CHECK_CONTAINS(what, "the run was started with no -gamma, this command says -gamma 0.101");
    }
    free(edited);
    free(plain);
}

static void test_damaged_run_records_are_named(void)
{
    char why[256] = "";
    CHECK(run_record_well_formed(RUN_RECORD_MAGIC "\nseed=1\n" RUN_RECORD_END "\n", why, sizeof why));
    CHECK(!run_record_well_formed("", why, sizeof why));
    CHECK(!run_record_well_formed("seed=1\n" RUN_RECORD_END "\n", why, sizeof why));
    CHECK_CONTAINS(why, "line 1: not ");
    CHECK(!run_record_well_formed(RUN_RECORD_MAGIC "\nseed=1\n", why, sizeof why));
    CHECK_CONTAINS(why, "cut short");
    CHECK(!run_record_well_formed(RUN_RECORD_MAGIC "\nseed=1\n" RUN_RECORD_END, why, sizeof why));
    CHECK_CONTAINS(why, "cut short");
    CHECK(!run_record_well_formed(RUN_RECORD_MAGIC "\nseed 1\n" RUN_RECORD_END "\n", why, sizeof why));
    CHECK_CONTAINS(why, "line 2: not KEY=VALUE");
    CHECK(!run_record_well_formed(RUN_RECORD_MAGIC "\n=1\n" RUN_RECORD_END "\n", why, sizeof why));
    CHECK(!run_record_well_formed(RUN_RECORD_MAGIC "\nseed=1\n" RUN_RECORD_END "\nseed=2\n", why, sizeof why));
    CHECK_CONTAINS(why, "line 4: text after");
}

static void test_spin_options_come_from_the_handshake(void)
{
    EngineSpec spec;
    SpinOptionList list;
    char token[600];
    spec_init(&spec);
    snprintf(token, sizeof token, "cmd=%s/tune_peak", fakes_dir);
    CHECK(spec_apply_token(&spec, token, err, sizeof err));
    CHECK(spec_apply_token(&spec, "tc=5+0.1", err, sizeof err));
    CHECK(spec_finish(&spec, err, sizeof err));
    CHECK(tune_engine_spin_options(&spec, "roomandpillar", &list, err, sizeof err));
    CHECK_EQ_INT(list.count, 1); /* the Game combo is no spin */
    CHECK_STR(list.option[0].name, "Knob");
    CHECK_EQ_INT(list.option[0].default_value, 20);
    CHECK_EQ_INT(list.option[0].min, 0);
    CHECK_EQ_INT(list.option[0].max, 100);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    find_fakes(argv[0]);
    RUN(test_tuner_flags_are_read_and_arena_flags_passed_on);
    RUN(test_defaults_are_fishtests);
    RUN(test_concurrency_sets_the_delay);
    RUN(test_gain_flags_change_the_schedule);
    RUN(test_resume_names_the_csv);
    RUN(test_force_allows_overwriting_but_not_with_resume);
    RUN(test_command_line_mistakes_are_named);
    RUN(test_verify_plays_tuned_against_default);
    RUN(test_help_is_a_command);
    RUN(test_printed_commands_repeat_the_arena_flags);
    RUN(test_unmoved_values_are_warned_of_after_50_iterations);
    RUN(test_spin_options_come_from_the_handshake);
    RUN(test_run_record_holds_what_changes_the_result_only);
    RUN(test_run_record_names_the_first_difference);
    RUN(test_damaged_run_records_are_named);
    tune_cli_free(&options);
    return harness_end();
}
