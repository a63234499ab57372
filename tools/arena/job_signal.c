/* job_signal.c - an engine killed together with its arena (job_signal.h). */
#include "arena/job_signal.h"

#include <signal.h>
#include <time.h>

#include "util/clock.h"

static bool is_stopping_signal(int signal_number)
{
    return signal_number == SIGTERM || signal_number == SIGINT || signal_number == SIGHUP ||
           signal_number == SIGKILL;
}

bool engine_killed_with_run(const Engine *engine)
{
    const ChildProcess *child = &engine->child;
    if (child_running(child) || !is_stopping_signal(child->ended_by_signal) || !child->abort)
        return false;
    int64_t until = now_ms() + JOB_SIGNAL_GRACE_MS;
    while (!atomic_load(child->abort)) {
        if (now_ms() >= until)
            return false;
        struct timespec pause = {0, 10 * 1000000};
        nanosleep(&pause, NULL);
    }
    return true;
}
