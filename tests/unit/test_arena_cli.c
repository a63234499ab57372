/* test_arena_cli.c - engine specs (-engine/-each keys) and the command line,
 * with its exit codes for bad arguments and for an SPRT that cannot start. */
#include "harness.h"

#include "arena/cli.h"
#include "arena/spec.h"

static int parse(ArenaOptions *o, char *err, size_t err_size, const char *const *args)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"tessera-arena";
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    err[0] = '\0';
    return cli_parse(argc, argv, o, err, err_size);
}

static void test_engine_keys_fill_the_spec(void)
{
    EngineSpec s;
    char err[256];
    spec_init(&s);
    CHECK(spec_apply_token(&s, "cmd=./engine", err, sizeof err));
    CHECK(spec_apply_token(&s, "name=Alpha", err, sizeof err));
    CHECK(spec_apply_token(&s, "proto=ugi", err, sizeof err));
    CHECK(spec_apply_token(&s, "option.Hash=16", err, sizeof err));
    CHECK(spec_apply_token(&s, "option.Backend=random", err, sizeof err));
    CHECK(spec_apply_token(&s, "tc=40/60+0.6", err, sizeof err));
    CHECK(spec_apply_token(&s, "timemargin=150", err, sizeof err));
    CHECK(spec_apply_token(&s, "timeout=2.5", err, sizeof err));
    CHECK_STR(s.cmd, "./engine");
    CHECK_STR(s.name, "Alpha");
    CHECK_EQ_INT(s.proto, PROTO_UGI);
    CHECK_EQ_INT(s.option_count, 2);
    CHECK_STR(s.options[1].name, "Backend");
    CHECK_STR(s.options[1].value, "random");
    CHECK_EQ_INT(s.tc.moves, 40);
    CHECK_EQ_INT(s.tc.margin_ms, 150);
    CHECK_EQ_INT(s.timeout_ms, 2500);
}

static void test_bad_engine_keys_say_which(void)
{
    EngineSpec s;
    char err[256];
    spec_init(&s);
    CHECK(!spec_apply_token(&s, "colour=blue", err, sizeof err));
    CHECK_CONTAINS(err, "unknown key 'colour'");
    CHECK(!spec_apply_token(&s, "proto=xboard", err, sizeof err));
    CHECK_CONTAINS(err, "expected uci or ugi");
    CHECK(!spec_apply_token(&s, "depth=0", err, sizeof err));
    CHECK(!spec_apply_token(&s, "st=0", err, sizeof err));
    CHECK_CONTAINS(err, "more than 0");
    CHECK(!spec_apply_token(&s, "nodes=lots", err, sizeof err));
    CHECK(!spec_apply_token(&s, "noequals", err, sizeof err));
    CHECK_CONTAINS(err, "expected key=value");
}

/* -each fills what an engine left out; the engine's own options win. */
static void test_each_fills_only_what_is_missing(void)
{
    EngineSpec each, s;
    char err[256];
    spec_init(&each);
    spec_init(&s);
    CHECK(spec_apply_token(&each, "tc=10+0.1", err, sizeof err));
    CHECK(spec_apply_token(&each, "option.Hash=8", err, sizeof err));
    CHECK(spec_apply_token(&each, "option.Threads=2", err, sizeof err));
    CHECK(spec_apply_token(&s, "cmd=/bin/engine", err, sizeof err));
    CHECK(spec_apply_token(&s, "option.Hash=64", err, sizeof err));
    CHECK(spec_apply_token(&s, "depth=3", err, sizeof err));
    spec_merge_each(&s, &each);
    CHECK(spec_finish(&s, err, sizeof err));
    CHECK_STR(s.name, "engine");
    CHECK_EQ_INT(s.tc.base_ms, 10000);
    CHECK_EQ_INT(s.tc.depth, 3);
    CHECK_EQ_INT(s.option_count, 2);
    CHECK_STR(s.options[0].name, "Hash");
    CHECK_STR(s.options[0].value, "64");
    CHECK_STR(s.options[1].value, "2");
}

static void test_engine_without_limit_is_refused(void)
{
    EngineSpec s;
    char err[256];
    spec_init(&s);
    CHECK(spec_apply_token(&s, "cmd=x", err, sizeof err));
    CHECK(!spec_finish(&s, err, sizeof err));
    CHECK_CONTAINS(err, "no time control");
}

static void test_args_split_like_a_shell(void)
{
    char storage[256], err[128];
    char *argv[8];
    int n = spec_split_args("--a 'two words' \"x\\\"y\"  b\\ c", storage, sizeof storage, argv, 8, err,
                            sizeof err);
    CHECK_EQ_INT(n, 4);
    if (n == 4) {
        CHECK_STR(argv[0], "--a");
        CHECK_STR(argv[1], "two words");
        CHECK_STR(argv[2], "x\"y");
        CHECK_STR(argv[3], "b c");
    }
    CHECK_EQ_INT(spec_split_args("'open", storage, sizeof storage, argv, 8, err, sizeof err), -1);
    CHECK_CONTAINS(err, "unclosed");
    CHECK_EQ_INT(spec_split_args("   ", storage, sizeof storage, argv, 8, err, sizeof err), 0);
}

static void test_command_line_builds_the_run(void)
{
    ArenaOptions o;
    char err[512];
    const char *args[] = {"-engine", "cmd=a", "-engine", "cmd=b", "name=B2", "-each", "tc=1+0.01",
                          "-game", "roomandpillar", "-games", "5..12", "-concurrency", "2", "-seed",
                          "7", "-pgnout", "x.pgn", "-resume", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, args), ARENA_EXIT_OK);
    CHECK_STR(err, "");
    CHECK_EQ_INT(o.command, COMMAND_RUN);
    CHECK_EQ_INT(o.run.engine_count, 2);
    CHECK_STR(o.run.engines[1].name, "B2");
    CHECK_EQ_INT(o.run.first, 5);
    CHECK_EQ_INT(o.run.last, 12);
    CHECK_EQ_INT(o.run.concurrency, 2);
    CHECK_EQ_INT(o.run.seed, 7);
    CHECK(o.run.resume);
    CHECK(o.run.schedule.repeat);
    cli_free(&o);
}

/* Rounds: every pairing once per round, twice with -repeat. */
static void test_rounds_count_every_pairing(void)
{
    ArenaOptions o;
    char err[512];
    const char *args[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1",
                          "-game", "roomandpillar", "-rounds", "3", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, args), ARENA_EXIT_OK);
    CHECK_EQ_INT(o.run.last, 3 * 3 * 2);
    CHECK_EQ_INT(o.run.schedule.kind, TOURNAMENT_ROUNDROBIN);
    cli_free(&o);
    const char *gauntlet[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1",
                              "-game", "roomandpillar", "-tournament", "gauntlet", "-norepeat", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, gauntlet), ARENA_EXIT_OK);
    CHECK_EQ_INT(o.run.last, 2);
    cli_free(&o);
}

static void test_bad_arguments_exit_with_two(void)
{
    ArenaOptions o;
    char err[512];
    const char *one_engine[] = {"-engine", "cmd=a", "depth=1", "-game", "roomandpillar", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, one_engine), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "at least two");
    const char *unknown_flag[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-fast", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, unknown_flag), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "unknown flag '-fast'");
    const char *bad_game[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-game", "chess", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, bad_game), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "unknown game");
    const char *bad_range[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "9..3", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, bad_range), ARENA_EXIT_BAD_ARGS);
    const char *same_name[] = {"-engine", "cmd=a", "-engine", "cmd=./a", "-each", "depth=1", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, same_name), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "two engines are named 'a'");
    const char *resume_alone[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-resume", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, resume_alone), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-resume needs -pgnout");
    const char *no_file[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-openings",
                             "file=/nonexistent/openings.txt", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, no_file), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "/nonexistent/openings.txt");
}

static void test_unstartable_sprt_exits_with_three(void)
{
    ArenaOptions o;
    char err[512];
    const char *reversed[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                              "-sprt", "elo0=5", "elo1=0", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, reversed), ARENA_EXIT_BAD_SPRT);
    CHECK_CONTAINS(err, "elo0 must be less than elo1");
    const char *three[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1",
                           "-sprt", "elo0=0", "elo1=5", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, three), ARENA_EXIT_BAD_SPRT);
    CHECK_CONTAINS(err, "exactly two engines");
    const char *missing[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-sprt", "elo1=5", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, missing), ARENA_EXIT_BAD_SPRT);
    const char *good[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                          "-sprt", "elo0=-1.5", "elo1=3", "alpha=0.1", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, good), ARENA_EXIT_OK);
    CHECK(o.run.sprt.on);
    CHECK(o.run.sprt.elo0 == -1.5 && o.run.sprt.alpha == 0.1 && o.run.sprt.beta == 0.05);
    cli_free(&o);
}

/* Numbers are plain decimal: a leading zero (octal to some) and 0x are
 * refused, never read as another number. */
static void test_numbers_are_decimal_only(void)
{
    ArenaOptions o;
    char err[512];
    const char *leading_zero[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "010", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, leading_zero), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-games 010");
    const char *zero_seed[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-seed", "010", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, zero_seed), ARENA_EXIT_BAD_ARGS);
    const char *slice[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "9..11", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, slice), ARENA_EXIT_OK);
    CHECK_EQ_U64(o.run.first, 9);
    CHECK_EQ_U64(o.run.last, 11);
    cli_free(&o);
    const char *zero_slice[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "09..11", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, zero_slice), ARENA_EXIT_BAD_ARGS);
    const char *hex[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games", "0x10", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, hex), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "-games 0x10");
    const char *hex_seed[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-seed", "0x10", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, hex_seed), ARENA_EXIT_BAD_ARGS);
    const char *hex_elo[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                             "-sprt", "elo0=0x10", "elo1=20", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, hex_elo), ARENA_EXIT_BAD_SPRT);
    const char *infinite_elo[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                                  "-sprt", "elo0=0", "elo1=inf", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, infinite_elo), ARENA_EXIT_BAD_SPRT);
}

static void test_sprt_model_defaults_to_normalized(void)
{
    ArenaOptions o;
    char err[512];
    const char *plain[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                           "-sprt", "elo0=0", "elo1=5", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, plain), ARENA_EXIT_OK);
    CHECK_EQ_INT(o.run.sprt.model, SPRT_NORMALIZED);
    cli_free(&o);
    const char *logistic[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                              "-sprt", "elo0=0", "model=logistic", "elo1=5", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, logistic), ARENA_EXIT_OK);
    CHECK_EQ_INT(o.run.sprt.model, SPRT_LOGISTIC);
    cli_free(&o);
    const char *unknown[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1",
                             "-sprt", "elo0=0", "elo1=5", "model=bayesian", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, unknown), ARENA_EXIT_BAD_SPRT);
    CHECK_CONTAINS(err, "model=bayesian: expected normalized or logistic");
}

/* A name is printed in reports, PGN tags and the recorded configuration:
 * a tab, newline or escape in it is refused, whether given with name= or
 * taken from cmd=. */
static void test_engine_name_with_control_character_is_refused(void)
{
    ArenaOptions o;
    char err[512];
    const char *tab[] = {"-engine", "cmd=a", "name=A\tB", "-engine", "cmd=b", "-each", "depth=1", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, tab), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "engine name 'A?B' has a control character");
    const char *newline_cmd[] = {"-engine", "cmd=./a\nb", "-engine", "cmd=b", "-each", "depth=1", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, newline_cmd), ARENA_EXIT_BAD_ARGS);
    CHECK_CONTAINS(err, "control character");
}

static void test_timemargin_states_its_range(void)
{
    EngineSpec spec;
    char err[256];
    spec_init(&spec);
    CHECK(!spec_apply_token(&spec, "timemargin=-5", err, sizeof err));
    CHECK_CONTAINS(err, "timemargin=-5: expected a whole number from 0 to 3600000");
    CHECK(spec_apply_token(&spec, "timemargin=0", err, sizeof err));
    CHECK(spec_apply_token(&spec, "timemargin=250", err, sizeof err));
    CHECK_EQ_INT(spec.tc.margin_ms, 250);
}

/* st= alone is given SPEC_ST_DEFAULT_MARGIN_MS of grace (an engine thinks
 * the whole st); a timemargin= given, to the engine or -each, even 0, is
 * kept; a clock alone has none. */
static int64_t margin_of(const char *limit, const char *margin, const char *each_margin)
{
    EngineSpec s, each;
    char err[256];
    spec_init(&s);
    spec_init(&each);
    CHECK(spec_apply_token(&s, "cmd=x", err, sizeof err));
    CHECK(spec_apply_token(&s, limit, err, sizeof err));
    if (margin)
        CHECK(spec_apply_token(&s, margin, err, sizeof err));
    if (each_margin)
        CHECK(spec_apply_token(&each, each_margin, err, sizeof err));
    spec_merge_each(&s, &each);
    CHECK(spec_finish(&s, err, sizeof err));
    return s.tc.margin_ms;
}

static void test_st_has_a_default_margin(void)
{
    CHECK_EQ_INT(margin_of("st=0.02", NULL, NULL), SPEC_ST_DEFAULT_MARGIN_MS);
    CHECK_EQ_INT(margin_of("st=0.02", "timemargin=0", NULL), 0);
    CHECK_EQ_INT(margin_of("st=0.02", NULL, "timemargin=7"), 7);
    CHECK_EQ_INT(margin_of("tc=10+0.1", NULL, NULL), 0);
    CHECK_EQ_INT(margin_of("depth=3", NULL, NULL), 0);
}

static void test_merge_takes_files(void)
{
    ArenaOptions o;
    char err[512];
    const char *args[] = {"merge", "-sprt", "elo0=0", "elo1=5", "a.pgn", "b.pgn", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, args), ARENA_EXIT_OK);
    CHECK_EQ_INT(o.command, COMMAND_MERGE);
    CHECK_EQ_INT(o.merge_count, 2);
    CHECK_STR(o.merge_files[1], "b.pgn");
    CHECK(o.run.sprt.on);
    const char *none[] = {"merge", NULL};
    CHECK_EQ_INT(parse(&o, err, sizeof err, none), ARENA_EXIT_BAD_ARGS);
}

static void test_help_documents_every_flag(void)
{
    char text[16384];
    FILE *f = fmemopen(text, sizeof text, "w");
    cli_print_help(f);
    fclose(f);
    const char *flags[] = {"-engine", "-each", "cmd=", "name=", "args=", "proto=", "option.", "tc=",
                           "st=", "depth=", "nodes=", "timemargin=", "timeout=", "-game ", "-games",
                           "-rounds", "-tournament", "-concurrency", "-seed", "-openings", "-repeat",
                           "-norepeat", "-sprt", "model=normalized|logistic", "-ratinginterval", "-pgnout", "-resume", "-log", "-show",
                           "merge", "Exit status", NULL};
    for (int i = 0; flags[i]; i++)
        CHECK_CONTAINS(text, flags[i]);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_engine_keys_fill_the_spec);
    RUN(test_bad_engine_keys_say_which);
    RUN(test_each_fills_only_what_is_missing);
    RUN(test_engine_without_limit_is_refused);
    RUN(test_args_split_like_a_shell);
    RUN(test_command_line_builds_the_run);
    RUN(test_rounds_count_every_pairing);
    RUN(test_bad_arguments_exit_with_two);
    RUN(test_unstartable_sprt_exits_with_three);
    RUN(test_numbers_are_decimal_only);
    RUN(test_sprt_model_defaults_to_normalized);
    RUN(test_engine_name_with_control_character_is_refused);
    RUN(test_timemargin_states_its_range);
    RUN(test_st_has_a_default_margin);
    RUN(test_merge_takes_files);
    RUN(test_help_documents_every_flag);
    return harness_end();
}
