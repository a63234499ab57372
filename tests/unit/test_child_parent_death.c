/*
 * test_child_parent_death.c - a child spawned with end_with_spawner
 * (tools/process/child.h) does not outlive what spawned it: on Linux it
 * gets SIGKILL when the spawning thread ends, as it does when the whole
 * process is killed (tests/arena/engines.sh kills the arena with SIGKILL);
 * a child without it lives on.  The children ignore the end of their input
 * and a closed output, as an engine may.
 */
#include "harness.h"

#include <pthread.h>
#include <unistd.h>

#include "process/child.h"
#include "util/clock.h"

/* Sleeps in a loop of shell builtins until killed: `read` from its input
 * (which stays open), never ending on its own. */
static const char script[] = "trap '' PIPE; while :; do read x; done";

static ChildProcess child;
static ChildStatus spawned;

static void *spawn_and_end(void *arg)
{
    (void)arg;
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    char why[256];
    spawned = child_spawn(&child, "/bin/sh", argv, false, why, sizeof why);
    return NULL; /* the spawning thread ends here */
}

/* Spawns from a thread that then ends; returns how the child stands
 * after up to wait_ms: CHILD_EXITED (ended_how says how) or CHILD_TIMEOUT. */
static ChildStatus spawn_from_a_thread_that_ends(bool end_with_spawner, int64_t wait_ms)
{
    child_init(&child, NULL, NULL, NULL);
    child.end_with_spawner = end_with_spawner;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, spawn_and_end, NULL) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ_INT(spawned, CHILD_OK);
    char why[256];
    return child_read_line(&child, now_ms() + wait_ms, why, sizeof why);
}

static void test_child_ends_with_the_thread_that_spawned_it(void)
{
#ifdef __linux__
    CHECK_EQ_INT(spawn_from_a_thread_that_ends(true, harness_scaled_ms(10000)), CHILD_EXITED);
    CHECK_CONTAINS(child.ended_how, "killed by signal 9");
#endif
    child_kill(&child);
}

static void test_child_without_it_outlives_the_thread(void)
{
    CHECK_EQ_INT(spawn_from_a_thread_that_ends(false, 300), CHILD_TIMEOUT);
    CHECK(child_running(&child));
    child_kill(&child);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_child_ends_with_the_thread_that_spawned_it);
    RUN(test_child_without_it_outlives_the_thread);
    return harness_end();
}
