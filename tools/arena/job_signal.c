/* job_signal.c - an engine killed together with its arena (job_signal.h). */
#include "arena/job_signal.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "util/clock.h"

/* Whether a wait status is the end by a signal that stops whole jobs. */
static bool stopped_from_outside(int status)
{
    if (status == -1 || !WIFSIGNALED(status))
        return false;
    int signal_number = WTERMSIG(status);
    return signal_number == SIGTERM || signal_number == SIGINT || signal_number == SIGHUP ||
           signal_number == SIGKILL;
}

bool engine_killed_with_run(Engine *engine, bool ended)
{
    ChildProcess *child = &engine->child;
    int64_t until = now_ms() + JOB_SIGNAL_GRACE_MS;
    /* Its output ended, but on a busy machine the process may not have
     * been reaped yet: how it ended is known only then. */
    if (ended && child_running(child))
        child_wait_end(child, JOB_SIGNAL_GRACE_MS);
    if (child_running(child) || !stopped_from_outside(child->ended_status) || !child->abort)
        return false;
    while (!atomic_load(child->abort)) {
        if (now_ms() >= until)
            return false;
        struct timespec pause = {0, 10 * 1000000};
        nanosleep(&pause, NULL);
    }
    return true;
}
