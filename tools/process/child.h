/*
 * child.h - one child process spoken to through pipes: the process part
 * every tool that drives a program shares (the arena's engines, the tuner's,
 * a web server's), so that none of them copies fork, pipes or deadlines.
 *
 * The child runs in its own process group, which is killed with it (what
 * it started dies too, unless it left the group with setsid).  Its output
 * is read without blocking and with a deadline on every wait (its stderr,
 * when captured, too: each line goes to the log, and what it wrote before
 * it ended is read to the end); a line with
 * control characters or longer than CHILD_LINE_MAX is malformed, silence
 * past the deadline is a timeout, end of output or the end of the process
 * (watched by its pid: a grandchild may hold the pipe open) is an exit.
 * Every verb that fails returns a ChildStatus, fills why with one phrase
 * ("did not answer in time") and leaves the child as it was: killing it is
 * the caller's choice.  Nothing here knows a protocol.
 *
 *     child_init(&c, abort_flag, log_line, log_context);
 *     child_spawn(&c, "/path/to/program", argv, capture_stderr, why, sizeof why);
 *     child_send(&c, lines, 2, deadline, why, sizeof why);
 *     child_read_until(&c, deadline, on_line, context, why, sizeof why);
 *     child_end(&c, grace_ms);
 *
 * Writing to a dead child must not kill the caller: child_spawn makes the
 * process ignore SIGPIPE (once; a process-wide setting).
 *
 * A caller whose children must not outlive it, even when it is killed with
 * SIGKILL and cannot clean up (the arena, the tuner), sets
 * child->end_with_spawner before child_spawn: on Linux the child then gets
 * SIGKILL when the thread that spawned it ends (PR_SET_PDEATHSIG), which
 * includes the whole process dying.  It follows the spawning thread, not
 * the process: set it only where that thread outlives the child.  What the
 * child forks itself is not covered (only its process group is, by
 * child_kill).  Elsewhere it does nothing.
 *
 * A child that passes signals on (a launcher: srun, which forwards
 * SIGTERM to the remote program, where SIGKILL would end srun alone)
 * gets child->term_grace_ms > 0: child_kill then sends its group SIGTERM
 * first and SIGKILL when the child has not ended that many milliseconds
 * later.  0 (after child_init) kills at once.
 *
 * A child whose output crosses a TCP connection that holds small writes
 * back (srun: slurmstepd forwards the program's output to srun with
 * Nagle's algorithm on, and srun acknowledges late, so the second line of
 * a reply waited about 40 ms for the first one's delayed ACK) gets
 * child->nudge: whenever the reader is about to wait for more output and
 * some came since it last wrote, it writes an empty line first, which
 * carries the acknowledgement back and releases what is held.  UCI
 * engines ignore empty lines.  False after child_init.
 */
#ifndef TESSERA_PROCESS_CHILD_H
#define TESSERA_PROCESS_CHILD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define CHILD_LINE_MAX 16384

typedef enum {
    CHILD_OK,
    CHILD_TIMEOUT,    /* nothing before the deadline */
    CHILD_EXITED,     /* the process ended, or closed its output */
    CHILD_MALFORMED,  /* output that is not text lines */
    CHILD_ABORTED,    /* the abort flag was raised */
    CHILD_CANNOT_RUN  /* the program is not found or not executable */
} ChildStatus;

/* Called for what goes in ('>'), comes out ('<'), comes on stderr ('!')
 * and happens to the process ('#'); may be NULL. */
typedef void (*ChildLogFn)(void *context, char kind, const char *text);

/* Called with each line read (without its line end, a trailing CR
 * dropped); returns true when it was the line the reader waits for. */
typedef bool (*ChildLineFn)(void *context, char *line);

typedef struct {
    const atomic_int *abort; /* non-zero: give up waiting; may be NULL */
    bool end_with_spawner;   /* see above; false after child_init */
    int64_t term_grace_ms;   /* see above; 0 after child_init */
    bool nudge;              /* see above; false after child_init */
    bool nudge_due;          /* output came since the last write */
    ChildLogFn log;
    void *log_context;
    pid_t pid;   /* 0 when no process, or once it is reaped */
    pid_t group; /* its process group, killed with it; 0 when none */
    char ended_how[160]; /* how the reaped process ended */
    int ended_status;    /* its waitpid status once it ended by itself; -1 while it
                            runs, when it was killed here, or is unknown */
    int to_child, from_child, from_stderr;
    size_t out_len, err_len;
    char out_buf[CHILD_LINE_MAX];
    char err_buf[1024];
    char line[CHILD_LINE_MAX];
} ChildProcess;

void child_init(ChildProcess *child, const atomic_int *abort, ChildLogFn log, void *log_context);

/* The program's path: cmd itself when it holds a '/', else the first
 * executable match in PATH.  False when there is none. */
bool child_resolve(const char *cmd, char *path, size_t path_size);

/* Forks and execs path with argv (NULL-terminated) in a new process group;
 * its stderr goes to the log when capture_stderr, else to /dev/null.
 * CHILD_CANNOT_RUN (why: "not found", "not executable", ...) when exec
 * fails. */
ChildStatus child_spawn(ChildProcess *child, const char *path, char *const argv[], bool capture_stderr,
                        char *why, size_t why_size);

static inline bool child_running(const ChildProcess *child) { return child->pid > 0; }

/* Writes lines, each with a newline, in as few writes as the pipe takes
 * (a line split over two writes wakes the reader twice). */
ChildStatus child_send(ChildProcess *child, const char *const *lines, int count, int64_t deadline, char *why,
                       size_t why_size);

/* Reads the next line into child->line until deadline (monotonic ms). */
ChildStatus child_read_line(ChildProcess *child, int64_t deadline, char *why, size_t why_size);

/* Reads lines, each handed to on_line, until on_line returns true. */
ChildStatus child_read_until(ChildProcess *child, int64_t deadline, ChildLineFn on_line, void *context,
                             char *why, size_t why_size);

/* After CHILD_MALFORMED for a line longer than CHILD_LINE_MAX: drops the
 * rest of that line (up to its line end, read until deadline) so that
 * reading can go on with the next one.  A caller that asked for a list it
 * knows can be long (an engine's `moves`) uses it to say "too long" and
 * keep the child. */
ChildStatus child_skip_line(ChildProcess *child, int64_t deadline, char *why, size_t why_size);

/* True when the reader holds CHILD_LINE_MAX bytes with no line end: the
 * CHILD_MALFORMED just returned was for an overlong line. */
static inline bool child_line_too_long(const ChildProcess *child)
{
    return child->out_len == sizeof child->out_buf;
}

/* Closes the child's input and gives it grace_ms to end by itself, then
 * kills it and its group. */
void child_end(ChildProcess *child, int64_t grace_ms);

/* Waits up to grace_ms for the process to end by itself, and reaps it
 * (ended_status then says how); false when it still runs.  Nothing is
 * sent to it. */
bool child_wait_end(ChildProcess *child, int64_t grace_ms);

/* Kills the process and its group and reaps it: at once, or with
 * term_grace_ms, SIGTERM first (see above). */
void child_kill(ChildProcess *child);

#endif
