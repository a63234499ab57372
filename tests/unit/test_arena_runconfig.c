/* test_arena_runconfig.c - a run's configuration as key=value lines: what
 * it holds, how values are escaped, and how two are compared. */
#include "harness.h"

#include "arena/cli.h"
#include "arena/runconfig.h"

static int parse(ArenaOptions *o, const char *const *args)
{
    char *argv[64], err[512];
    int argc = 0;
    argv[argc++] = (char *)"tessera-arena";
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    return cli_parse(argc, argv, o, err, sizeof err);
}

/* What is measured is recorded; the slice and concurrency are not. */
static void test_configuration_holds_what_is_measured(void)
{
    static ArenaOptions o;
    RunConfig config;
    const char *args[] = {"-engine", "cmd=./a", "name=A", "option.Hash=16", "-engine", "cmd=./b", "name=B",
                          "-each", "tc=8+0.08", "timemargin=100", "-game", "qawale", "-games", "3..9",
                          "-concurrency", "4", "-seed", "7", "-norepeat", "-openings", "random", "plies=2",
                          "-sprt", "elo0=0", "elo1=5", NULL};
    CHECK_EQ_INT(parse(&o, args), ARENA_EXIT_OK);
    CHECK(runconfig_describe(&o.run, &config));
    CHECK_CONTAINS(config.text, "game=qawale\nseed=7\ntournament=roundrobin\nrepeat=off\n");
    CHECK_CONTAINS(config.text, "openings=random plies=2\n");
    CHECK_CONTAINS(config.text, "sprt=elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized\n");
    CHECK_CONTAINS(config.text, "engine.1.name=A\nengine.1.cmd=./a\n");
    CHECK_CONTAINS(config.text, "engine.1.tc=8+0.08\nengine.1.timemargin=100\n");
    CHECK_CONTAINS(config.text, "engine.1.option.Hash=16\n");
    CHECK(strstr(config.text, "engine.2.option.Hash") == NULL);
    CHECK(strstr(config.text, "3..9") == NULL && strstr(config.text, "concurrency") == NULL);
    runconfig_free(&config);
    cli_free(&o);
}

/* A value stays on its line whatever it holds. */
static void test_values_are_escaped(void)
{
    static ArenaOptions o;
    RunConfig config;
    const char *args[] = {"-engine", "cmd=./a", "name=A", "args=x\ny\\z", "-engine", "cmd=./b", "name=B",
                          "-each", "depth=1", NULL};
    CHECK_EQ_INT(parse(&o, args), ARENA_EXIT_OK);
    CHECK(runconfig_describe(&o.run, &config));
    CHECK_CONTAINS(config.text, "engine.1.args=x\\x0ay\\x5cz\n");
    char value[64];
    CHECK(runconfig_value(config.text, "seed", value, sizeof value));
    CHECK_STR(value, "1");
    CHECK(!runconfig_value(config.text, "see", value, sizeof value));
    runconfig_free(&config);
    cli_free(&o);
}

static void test_differences_are_named(void)
{
    char what[400];
    CHECK(!runconfig_differs("a=1\nb=2\n", "a=1\nb=2\n", what, sizeof what));
    CHECK_STR(what, "");
    CHECK(runconfig_differs("a=1\nb=2\n", "a=1\nb=3\n", what, sizeof what));
    CHECK_STR(what, "b 2, now 3");
    CHECK(runconfig_differs("a=1\nb=2\n", "a=1\n", what, sizeof what));
    CHECK_STR(what, "b 2, now (not set)");
    CHECK(runconfig_differs("a=1\n", "a=1\nc=4\n", what, sizeof what));
    CHECK_STR(what, "c (not set), now 4");
    CHECK(runconfig_differs("a=1\nb=2\n", "a=5\nb=6\n", what, sizeof what));
    CHECK_STR(what, "a 1, now 5; b 2, now 6");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_configuration_holds_what_is_measured);
    RUN(test_values_are_escaped);
    RUN(test_differences_are_named);
    return harness_end();
}
