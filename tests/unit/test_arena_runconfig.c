/* test_arena_runconfig.c - a run's configuration as key=value lines: what
 * it holds, how values are escaped, and how two are compared. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/cli.h"
#include "arena/program_id.h"
#include "arena/runconfig.h"
#include "process/program_path.h"

static int parse(ArenaOptions *o, const char *const *args)
{
    char *argv[64], err[512];
    int argc = 0;
    argv[argc++] = (char *)"tessera-arena";
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    return cli_parse(argc, argv, o, err, sizeof err);
}

/* What is measured is recorded; the slice and concurrency are not.  A
 * command with no file behind it is recorded as unreadable. */
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
    CHECK_CONTAINS(config.text, "engine.1.name=A\nengine.1.cmd=./a\nengine.1.binary=unreadable\n");
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

/* A value that begins with the recorded one, or that the recorded one
 * begins with, is another value; a key that begins with another key is
 * another key. */
static void test_a_value_and_its_prefix_differ(void)
{
    static const struct {
        const char *recorded, *current, *what;
    } cases[] = {
        {"engine.1.tc=10+0.1\n", "engine.1.tc=10+0.15\n", "engine.1.tc 10+0.1, now 10+0.15"},
        {"engine.1.tc=10+0.15\n", "engine.1.tc=10+0.1\n", "engine.1.tc 10+0.15, now 10+0.1"},
        {"engine.1.args=--seed 1\n", "engine.1.args=--seed 12\n", "engine.1.args --seed 1, now --seed 12"},
        {"engine.1.args=--seed 12\n", "engine.1.args=--seed 1\n", "engine.1.args --seed 12, now --seed 1"},
        {"seed=1\n", "seed=\n", "seed 1, now "},
        {"seed=\n", "seed=1\n", "seed , now 1"},
        /* Not the last line: the value ends at its line's end. */
        {"seed=1\ngame=qawale\n", "seed=12\ngame=qawale\n", "seed 1, now 12"},
        {"ab=1\n", "a=1\nab=1\n", "a (not set), now 1"},
        {"a=1\nab=1\n", "ab=1\n", "a 1, now (not set)"},
        {"engine.1.option.Hash=16\n", "engine.1.option.Hash=16\nengine.1.option.HashSize=16\n",
         "engine.1.option.HashSize (not set), now 16"},
    };
    char what[400];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(runconfig_differs(cases[i].recorded, cases[i].current, what, sizeof what));
        CHECK_STR(what, cases[i].what);
        CHECK(!runconfig_differs(cases[i].current, cases[i].current, what, sizeof what));
    }
}

/* Writes an executable file of the given contents; false when it cannot. */
static bool write_program(const char *path, const char *contents)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    bool ok = fputs(contents, f) >= 0;
    ok = fclose(f) == 0 && ok;
    return ok && chmod(path, 0755) == 0;
}

/* The same bytes give the same name wherever they lie (and through PATH);
 * one byte more gives another. */
static void test_programs_are_named_by_their_contents(void)
{
    char dir[] = "/tmp/tessera-program-id-XXXXXX", a[128], b[128], id_a[PROGRAM_ID_SIZE], id_b[PROGRAM_ID_SIZE];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(a, sizeof a, "%s/a", dir);
    snprintf(b, sizeof b, "%s/b", dir);
    CHECK(write_program(a, "#!/bin/sh\necho engine\n") && write_program(b, "#!/bin/sh\necho engine\n"));
    CHECK(program_id(a, id_a, sizeof id_a) && program_id(b, id_b, sizeof id_b));
    CHECK_EQ_INT((int)strlen(id_a), 16);
    CHECK_STR(id_a, id_b);
    /* FNV-1a of the empty file is its offset basis. */
    CHECK(write_program(b, "") && program_id(b, id_b, sizeof id_b));
    CHECK_STR(id_b, "cbf29ce484222325");
    CHECK(write_program(b, "#!/bin/sh\necho engine\n\n") && program_id(b, id_b, sizeof id_b));
    CHECK(strcmp(id_a, id_b) != 0);

    const char *saved = getenv("PATH");
    char *old_path = saved ? strdup(saved) : NULL, path_value[300], found[256];
    snprintf(path_value, sizeof path_value, "/nonexistent:%s", dir);
    setenv("PATH", path_value, 1);
    CHECK(program_path("a", found, sizeof found));
    CHECK_STR(found, a);
    char id_path[PROGRAM_ID_SIZE];
    CHECK(program_id("a", id_path, sizeof id_path));
    CHECK_STR(id_path, id_a);
    CHECK(!program_path("no-such-program", found, sizeof found));
    CHECK(!program_id("no-such-program", id_path, sizeof id_path));
    CHECK_STR(id_path, "unreadable");
    if (old_path)
        setenv("PATH", old_path, 1);
    free(old_path);
    unlink(a);
    unlink(b);
    rmdir(dir);
}

/* A run recorded before the binaries were may lack them and still match;
 * a binary that differs is named as rebuilt. */
static void test_rebuilt_binaries_differ_unrecorded_ones_do_not(void)
{
    char what[400];
    const char *old = "game=qawale\nengine.1.cmd=./a\n";
    const char *now = "game=qawale\nengine.1.cmd=./a\nengine.1.binary=0123456789abcdef\n";
    CHECK(!runconfig_differs(old, now, what, sizeof what));
    CHECK(!runconfig_differs(now, old, what, sizeof what));
    CHECK(runconfig_differs(now, "game=qawale\nengine.1.cmd=./a\nengine.1.binary=fedcba9876543210\n", what,
                            sizeof what));
    CHECK_STR(what, "engine.1.binary 0123456789abcdef, now fedcba9876543210 (the program its cmd runs was rebuilt "
                    "or replaced)");
    CHECK(runconfig_key_added_later("engine.2.binary") && runconfig_key_added_later("engine.binary"));
    CHECK(!runconfig_key_added_later("engine.1.cmd") && !runconfig_key_added_later("binary"));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_configuration_holds_what_is_measured);
    RUN(test_values_are_escaped);
    RUN(test_differences_are_named);
    RUN(test_a_value_and_its_prefix_differ);
    RUN(test_programs_are_named_by_their_contents);
    RUN(test_rebuilt_binaries_differ_unrecorded_ones_do_not);
    return harness_end();
}
