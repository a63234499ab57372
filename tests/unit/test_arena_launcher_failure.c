/* test_arena_launcher_failure.c - which failures of a launched engine are
 * the launcher's (a lost connection, a step that never started: never
 * scored) and which the engine's own (launcher.h: launcher_failed). */
#include <sys/wait.h>

#include "harness.h"

#include "arena/launcher.h"

/* Wait statuses as waitpid gives them (Linux's layout). */
static int exited_with(int code) { return (code & 0xff) << 8; }
static int killed_by(int signal_number) { return signal_number & 0x7f; }

/* Whether a started engine whose launcher ended with wait_status (and
 * these stderr lines) failed by the launcher's fault. */
static bool ended(const char *words, int wait_status, const char *const *lines, int count)
{
    LauncherEnd end = {true, true, wait_status, lines, count};
    return launcher_failed(words, &end);
}

static void test_a_start_that_fails_is_the_launchers(void)
{
    LauncherEnd silent = {false, false, -1, NULL, 0};
    LauncherEnd exited = {false, true, exited_with(3), NULL, 0};
    CHECK(launcher_failed("srun -n1", &silent));
    CHECK(launcher_failed("ssh -o BatchMode=yes node2", &exited));
    CHECK(launcher_failed("nice -n 5", &exited));
    CHECK(!launcher_failed("", &exited)); /* no launcher: the engine's, always */
}

static void test_ssh_255_and_its_own_death_are_its_failures(void)
{
    const char *refused[] = {"ssh: connect to host h1 port 22: Connection refused"};
    CHECK(ended("ssh -o BatchMode=yes {host}", exited_with(255), refused, 1));
    CHECK(ended("/usr/bin/ssh node2", exited_with(255), NULL, 0));
    CHECK(ended("ssh node2", killed_by(SIGKILL), NULL, 0));
    /* The remote engine's own exit status, passed on. */
    CHECK(!ended("ssh node2", exited_with(3), NULL, 0));
    CHECK(!ended("ssh node2", exited_with(134), NULL, 0));
    CHECK(!ended("sshpass node2", exited_with(255), NULL, 0)); /* another program */
}

static void test_srun_own_errors_but_not_its_task_reports(void)
{
    const char *no_step[] = {"srun: error: Unable to create step for job 1: Job/step already completing or completed"};
    const char *fatal[] = {"srun: fatal: Could not establish a configuration source"};
    const char *cancelled[] = {"slurmstepd: error: *** STEP 7.3 ON node1 CANCELLED AT 2026-01-01T00:00:00 ***"};
    const char *node_failure[] = {"srun: error: Node failure on node1", "srun: error: node1: task 0: Killed"};
    const char *task[] = {"srun: error: node1: task 0: Exited with exit code 3"};
    const char *tasks[] = {"srun: error: node1: tasks 0-1: Segmentation fault (core dumped)"};
    const char *engine_said[] = {"error: cannot read net.bin"};
    CHECK(ended("srun --exclusive -n1 -c1", exited_with(1), no_step, 1));
    CHECK(ended("srun -n1", exited_with(1), fatal, 1));
    CHECK(ended("srun -n1", exited_with(143), cancelled, 1));
    CHECK(ended("srun -n1", exited_with(137), node_failure, 2));
    CHECK(ended("srun -n1", killed_by(SIGKILL), NULL, 0));
    CHECK(!ended("srun -n1", exited_with(3), task, 1));
    CHECK(!ended("srun -n1", exited_with(139), tasks, 1));
    CHECK(!ended("srun -n1", exited_with(1), engine_said, 1));
    CHECK(!ended("srun -n1", exited_with(255), NULL, 0)); /* 255 is ssh's, not srun's */
}

static void test_after_the_handshake_other_launchers_are_the_engines(void)
{
    const char *lines[] = {"srun: error: Unable to create step for job 1: x"};
    CHECK(!ended("nice -n 5", exited_with(255), lines, 1));
    CHECK(!ended("taskset -c 2", killed_by(SIGKILL), NULL, 0));
    /* Still running (silent past its clock, or nonsense): the engine's. */
    LauncherEnd running = {true, false, -1, NULL, 0};
    CHECK(!launcher_failed("ssh node2", &running));
}

static void test_the_target_is_the_host_or_the_words(void)
{
    char out[128];
    launcher_target("ssh -o BatchMode=yes {host}", "node3", out, sizeof out);
    CHECK_STR(out, "node3");
    launcher_target("srun  --exclusive -n1", NULL, out, sizeof out);
    CHECK_STR(out, "srun --exclusive -n1");
    launcher_target("ssh node2", "node3", out, sizeof out);
    CHECK_STR(out, "ssh node2");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_a_start_that_fails_is_the_launchers);
    RUN(test_ssh_255_and_its_own_death_are_its_failures);
    RUN(test_srun_own_errors_but_not_its_task_reports);
    RUN(test_after_the_handshake_other_launchers_are_the_engines);
    RUN(test_the_target_is_the_host_or_the_words);
    return harness_end();
}
