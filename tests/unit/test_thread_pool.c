/*
 * test_thread_pool.c - the search's parked threads (search/thread_pool.h):
 * every task of a round runs once, on its own thread, before the round
 * returns; rounds of any size follow one another on the same threads;
 * a stopped pool runs again; threads started ahead serve the rounds.  `make test` runs it under ThreadSanitizer.
 */
#include "harness.h"

#include <pthread.h>

#include "search/thread_pool.h"

typedef struct {
    int runs;         /* this task's, written by its thread only */
    pthread_t thread; /* the thread it last ran on */
    int round_seen;   /* the round number the caller handed it */
    int round;
} Task;

static void *count_run(void *arg)
{
    Task *task = arg;
    task->runs++;
    task->thread = pthread_self();
    task->round_seen = task->round;
    return NULL;
}

static Task tasks[8];
static void *args[8];

static int run_round(ThreadPool *pool, int count, int round)
{
    for (int i = 0; i < count; i++) {
        tasks[i].round = round;
        args[i] = &tasks[i];
    }
    return thread_pool_run(pool, count, count_run, args);
}

static void test_each_task_of_a_round_runs_once_on_its_own_thread(void)
{
    ThreadPool pool;
    thread_pool_init(&pool, 1 << 20);
    memset(tasks, 0, sizeof tasks);
    CHECK_EQ_INT(run_round(&pool, 4, 1), 4);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT(tasks[i].runs, 1);
        CHECK_EQ_INT(tasks[i].round_seen, 1);
        CHECK(!pthread_equal(tasks[i].thread, pthread_self()));
        for (int j = 0; j < i; j++)
            CHECK(!pthread_equal(tasks[i].thread, tasks[j].thread));
    }
    thread_pool_stop(&pool);
}

/* A smaller round leaves the other threads parked; a bigger one starts
 * more; the first threads serve every round. */
static void test_rounds_of_any_size_reuse_the_threads(void)
{
    ThreadPool pool;
    thread_pool_init(&pool, 1 << 20);
    memset(tasks, 0, sizeof tasks);
    CHECK_EQ_INT(run_round(&pool, 3, 1), 3);
    const pthread_t first = tasks[0].thread;
    for (int round = 2; round <= 40; round++)
        CHECK_EQ_INT(run_round(&pool, 1 + round % 5, round), 1 + round % 5);
    CHECK(pthread_equal(tasks[0].thread, first));
    CHECK_EQ_INT(pool.started, 5);
    int total = 0;
    for (int i = 0; i < 8; i++)
        total += tasks[i].runs;
    int expected = 3;
    for (int round = 2; round <= 40; round++)
        expected += 1 + round % 5;
    CHECK_EQ_INT(total, expected);
    CHECK_EQ_INT(tasks[0].round_seen, 40);
    thread_pool_stop(&pool);
}

static void test_a_stopped_pool_runs_again(void)
{
    ThreadPool pool;
    thread_pool_init(&pool, 1 << 20);
    memset(tasks, 0, sizeof tasks);
    CHECK_EQ_INT(run_round(&pool, 2, 1), 2);
    thread_pool_stop(&pool);
    CHECK_EQ_INT(pool.started, 0);
    thread_pool_stop(&pool); /* twice: nothing to join */
    CHECK_EQ_INT(run_round(&pool, 2, 2), 2);
    CHECK_EQ_INT(tasks[1].runs, 2);
    CHECK_EQ_INT(tasks[1].round_seen, 2);
    thread_pool_stop(&pool);
}

static void test_no_round_for_no_task(void)
{
    ThreadPool pool;
    thread_pool_init(&pool, 1 << 20);
    CHECK_EQ_INT(thread_pool_run(&pool, 0, count_run, args), 0);
    CHECK_EQ_INT(pool.started, 0);
    thread_pool_stop(&pool);
}

/* Threads started ahead (outside any clock) serve the next rounds, each
 * task once, and the rounds start no more; before and after a round. */
static void test_threads_started_ahead_serve_the_next_rounds(void)
{
    ThreadPool pool;
    thread_pool_init(&pool, 1 << 20);
    memset(tasks, 0, sizeof tasks);
    CHECK_EQ_INT(thread_pool_start(&pool, 3), 3);
    CHECK_EQ_INT(pool.started, 3);
    CHECK_EQ_INT(run_round(&pool, 3, 1), 3);
    CHECK_EQ_INT(pool.started, 3);
    CHECK_EQ_INT(thread_pool_start(&pool, 6), 6);
    CHECK_EQ_INT(thread_pool_start(&pool, 2), 6); /* fewer: the running ones stay */
    CHECK_EQ_INT(run_round(&pool, 6, 2), 6);
    CHECK_EQ_INT(pool.started, 6);
    for (int i = 0; i < 6; i++) {
        CHECK_EQ_INT(tasks[i].runs, i < 3 ? 2 : 1);
        CHECK_EQ_INT(tasks[i].round_seen, 2);
    }
    CHECK_EQ_INT(thread_pool_start(&pool, 0), 0);
    thread_pool_stop(&pool);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_each_task_of_a_round_runs_once_on_its_own_thread);
    RUN(test_rounds_of_any_size_reuse_the_threads);
    RUN(test_a_stopped_pool_runs_again);
    RUN(test_no_round_for_no_task);
    RUN(test_threads_started_ahead_serve_the_next_rounds);
    return harness_end();
}
