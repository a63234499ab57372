/*
 * test_child.c - the process part every tool shares (tools/process/child.c):
 * lines both ways, the per-line reader, deadlines, how a process ended, a
 * program that cannot run, and a group killed with its leader.
 */
#include "harness.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "process/child.h"
#include "util/clock.h"

static ChildProcess child;

/* The deadline of a line that comes at once: 5 s of an idle machine, times
 * the load, so that only a child that never answers misses it. */
static int64_t soon(void) { return now_ms() + harness_scaled_ms(5000); }

static ChildStatus spawn_shell(const char *script)
{
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    char why[256];
    child_init(&child, NULL, NULL, NULL);
    return child_spawn(&child, "/bin/sh", argv, false, why, sizeof why);
}

static void test_lines_go_both_ways(void)
{
    CHECK_EQ_INT(spawn_shell("echo hello; read x; echo \"got $x\""), CHILD_OK);
    char why[256];
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
    CHECK_STR(child.line, "hello");
    const char *line = "there";
    CHECK_EQ_INT(child_send(&child, &line, 1, soon(), why, sizeof why), CHILD_OK);
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
    CHECK_STR(child.line, "got there");
    child_end(&child, 1000);
    CHECK(!child_running(&child));
}

/* child->nudge: waiting after output, the reader writes one empty line
 * (what releases the next line srun's forwarding holds back); a line
 * sent carries the acknowledgement itself, so no empty line follows it,
 * and without nudge nothing is written. */
static void test_nudge_sends_an_empty_line_per_wait(void)
{
    const char *script = "echo first; read x; echo \"got [$x]\"; read y; echo \"then [$y]\"";
    for (int nudged = 0; nudged <= 1; nudged++) {
        CHECK_EQ_INT(spawn_shell(script), CHILD_OK);
        child.nudge = nudged;
        char why[256];
        CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
        CHECK_STR(child.line, "first");
        if (nudged) {
            CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
            CHECK_STR(child.line, "got []");
        } else {
            CHECK_EQ_INT(child_read_line(&child, now_ms() + 300, why, sizeof why), CHILD_TIMEOUT);
        }
        const char *line = "word";
        CHECK_EQ_INT(child_send(&child, &line, 1, soon(), why, sizeof why), CHILD_OK);
        CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
        CHECK_STR(child.line, nudged ? "then [word]" : "got [word]");
        child_end(&child, 1000);
    }
}

static int lines_seen;

static bool until_done(void *context, char *line)
{
    (void)context;
    lines_seen++;
    return strcmp(line, "done") == 0;
}

static void test_reader_hands_each_line_until_the_one_awaited(void)
{
    CHECK_EQ_INT(spawn_shell("printf 'a\\r\\nb\\ndone\\nafter\\n'"), CHILD_OK);
    char why[256];
    lines_seen = 0;
    CHECK_EQ_INT(child_read_until(&child, soon(), until_done, NULL, why, sizeof why), CHILD_OK);
    CHECK_EQ_INT(lines_seen, 3);
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
    CHECK_STR(child.line, "after");
    child_kill(&child);
}

static void test_silence_is_a_timeout_and_an_exit_says_how(void)
{
    char why[256];
    CHECK_EQ_INT(spawn_shell("sleep 5"), CHILD_OK);
    CHECK_EQ_INT(child_read_line(&child, now_ms() + 100, why, sizeof why), CHILD_TIMEOUT);
    CHECK_CONTAINS(why, "in time");
    child_kill(&child);
    CHECK_EQ_INT(spawn_shell("exit 3"), CHILD_OK);
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_EXITED);
    CHECK_CONTAINS(why, "exited with status 3");
    CHECK_EQ_INT(spawn_shell("printf 'bad\\001line\\n'"), CHILD_OK);
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_MALFORMED);
    child_kill(&child);
}

static void test_a_missing_program_cannot_run(void)
{
    char *argv[] = {"nothing-here", NULL};
    char why[256];
    child_init(&child, NULL, NULL, NULL);
    CHECK_EQ_INT(child_spawn(&child, "/nonexistent/nothing-here", argv, false, why, sizeof why), CHILD_CANNOT_RUN);
    CHECK_CONTAINS(why, "not found");
    char path[256];
    CHECK(!child_resolve("tessera-no-such-program", path, sizeof path));
    CHECK(child_resolve("sh", path, sizeof path));
}

/* A line over CHILD_LINE_MAX is malformed; child_skip_line drops it and
 * the next line reads as usual (an engine's `moves` of a tall stack). */
static void test_an_overlong_line_can_be_skipped(void)
{
    CHECK_EQ_INT(spawn_shell("i=0; while [ $i -lt 2500 ]; do printf 'abcdefghij'; i=$((i+1)); done; "
                             "printf '\\nnext\\n'; sleep 5"),
                 CHILD_OK);
    char why[256];
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_MALFORMED);
    CHECK_CONTAINS(why, "longer than");
    CHECK(child_line_too_long(&child));
    CHECK_EQ_INT(child_skip_line(&child, soon(), why, sizeof why), CHILD_OK);
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
    CHECK_STR(child.line, "next");
    child_kill(&child);
}

/* Alive: not gone and not a zombie (which only waits for a parent that
 * reaps it; in a container that may be nobody). */
static bool is_alive(pid_t pid)
{
    if (kill(pid, 0) != 0)
        return false;
    char path[64], state = '?';
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f) {
        int ignored = fscanf(f, "%*d (%*[^)]) %c", &state);
        (void)ignored;
        fclose(f);
    }
    return state != 'Z' && state != 'X';
}

/* What the child started dies with it (same process group). */
static void test_the_group_dies_with_the_child(void)
{
    CHECK_EQ_INT(spawn_shell("sleep 30 & echo $!; wait"), CHILD_OK);
    char why[256];
    CHECK_EQ_INT(child_read_line(&child, soon(), why, sizeof why), CHILD_OK);
    pid_t grandchild = (pid_t)atoi(child.line);
    CHECK(grandchild > 0);
    CHECK(is_alive(grandchild));
    child_end(&child, 100);
    int64_t until = soon();
    struct timespec pause = {0, 10 * 1000000};
    while (is_alive(grandchild) && now_ms() < until)
        nanosleep(&pause, NULL);
    CHECK(!is_alive(grandchild));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_lines_go_both_ways);
    RUN(test_reader_hands_each_line_until_the_one_awaited);
    RUN(test_nudge_sends_an_empty_line_per_wait);
    RUN(test_silence_is_a_timeout_and_an_exit_says_how);
    RUN(test_a_missing_program_cannot_run);
    RUN(test_an_overlong_line_can_be_skipped);
    RUN(test_the_group_dies_with_the_child);
    return harness_end();
}
