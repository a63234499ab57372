/*
 * job_signal.h - an engine killed together with its arena is no fault of
 * the engine.  Slurm (proctrack/linuxproc, cgroups) and a Ctrl-C or kill
 * of a whole process group signal every process at once: an engine can
 * die of it before the arena (or the tuner) has run its own handler, and
 * the game in play would then be scored as the engine's crash.  Shared
 * by every tool that plays games through match_play.
 */
#ifndef TESSERA_ARENA_JOB_SIGNAL_H
#define TESSERA_ARENA_JOB_SIGNAL_H

#include <stdbool.h>

#include "arena/engine.h"

/* How long a game whose engine was killed by a stopping signal waits for
 * the run's own (Slurm sends SIGTERM to every process of a job at once,
 * and SIGKILL only KillWait seconds later, 30 by default). */
#define JOB_SIGNAL_GRACE_MS 2000

/* True when the engine's process was ended by SIGTERM, SIGINT, SIGHUP or
 * SIGKILL and the run's abort flag is raised, now or within
 * JOB_SIGNAL_GRACE_MS: the game in play is then aborted (not written; a
 * -resume plays it again), not lost.  An engine killed by such a signal
 * while the run goes on still loses, after that wait.  ended: its output
 * has ended (a crash), so a process not yet reaped is waited for within
 * the same grace. */
bool engine_killed_with_run(Engine *engine, bool ended);

#endif
