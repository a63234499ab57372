/* child.c - a child process behind pipes: spawn, deadlines, lines, kill
 * (see child.h). */
#include "process/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "util/clock.h"

/* Longest single wait inside poll, so that the abort flag is seen soon. */
#define POLL_SLICE_MS 50
/* How long a process that closed its output may take to end before it is
 * reported as having only closed it. */
#define EXIT_GRACE_MS 500

/* Creating pipes and forking happen under one lock: a child forked by
 * another thread between pipe() and fcntl(FD_CLOEXEC) would otherwise
 * inherit this child's pipe ends and keep them open, and nobody would
 * ever see this child's end of output. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t sigpipe_once = PTHREAD_ONCE_INIT;

static void ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

static void note(const ChildProcess *child, char kind, const char *text)
{
    if (child->log)
        child->log(child->log_context, kind, text);
}

void child_init(ChildProcess *child, const atomic_int *abort, ChildLogFn log, void *log_context)
{
    memset(child, 0, sizeof *child);
    child->ended_status = -1;
    child->abort = abort;
    child->log = log;
    child->log_context = log_context;
    child->to_child = child->from_child = child->from_stderr = -1;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static void describe_exit(int status, char *out, size_t out_size)
{
    if (WIFEXITED(status))
        snprintf(out, out_size, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(out, out_size, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        snprintf(out, out_size, "ended (wait status %d)", status);
}

/* Reaps the process if it has ended, keeping how in ended_how.  True
 * when no process is left.  What it left behind in its group is killed
 * first, while its unreaped zombie still holds the group id (once reaped,
 * the id could be reused by an unrelated process). */
static bool has_ended(ChildProcess *child)
{
    if (child->pid <= 0)
        return true;
    siginfo_t info;
    info.si_pid = 0;
    int peeked = waitid(P_PID, (id_t)child->pid, &info, WEXITED | WNOHANG | WNOWAIT);
    if (peeked != 0 && errno == EINTR)
        return false;
    if (peeked == 0 && info.si_pid == 0) /* still running */
        return false;
    if (child->group > 0)
        kill(-child->group, SIGKILL);
    child->group = 0;
    int status;
    pid_t got;
    while ((got = waitpid(child->pid, &status, 0)) < 0 && errno == EINTR)
        ;
    child->ended_status = got == child->pid ? status : -1;
    if (got == child->pid)
        describe_exit(status, child->ended_how, sizeof child->ended_how);
    else
        snprintf(child->ended_how, sizeof child->ended_how, "ended");
    child->pid = 0;
    return true;
}

/* Waits up to grace_ms for the process to end by itself.  Returns false
 * (nothing reaped) when it is still running. */
static bool reap_within(ChildProcess *child, int64_t grace_ms)
{
    int64_t until = now_ms() + grace_ms;
    while (!has_ended(child)) {
        if (now_ms() >= until)
            return false;
        struct timespec pause = {0, 5 * 1000000};
        nanosleep(&pause, NULL);
    }
    return true;
}

bool child_wait_end(ChildProcess *child, int64_t grace_ms) { return reap_within(child, grace_ms); }

void child_kill(ChildProcess *child)
{
    close_fd(&child->to_child);
    close_fd(&child->from_child);
    close_fd(&child->from_stderr);
    child->out_len = child->err_len = 0;
    /* A launcher passes SIGTERM on (srun to its remote task); whatever
     * is left when it has ended, or after the grace, gets SIGKILL. */
    if (child->term_grace_ms > 0 && child->pid > 0 && child->group > 0 && !has_ended(child)) {
        kill(-child->group, SIGTERM);
        if (reap_within(child, child->term_grace_ms)) {
            char text[sizeof child->ended_how + 32];
            snprintf(text, sizeof text, "process ended on SIGTERM: %s", child->ended_how);
            note(child, '#', text);
            return;
        }
    }
    /* The child leads its own process group: what it started (a wrapper
     * script's program, helper processes) dies with it.  Killed before the
     * leader is reaped, so the group id is still ours. */
    if (child->group > 0)
        kill(-child->group, SIGKILL);
    child->group = 0;
    if (child->pid <= 0)
        return;
    kill(child->pid, SIGKILL);
    int status;
    while (waitpid(child->pid, &status, 0) < 0 && errno == EINTR)
        ;
    child->pid = 0;
    note(child, '#', "process killed");
}

void child_end(ChildProcess *child, int64_t grace_ms)
{
    close_fd(&child->to_child);
    if (child->pid > 0 && reap_within(child, grace_ms))
        note(child, '#', child->ended_how);
    child_kill(child); /* and whatever it left behind */
}

/* Looked up here, before fork, since the child may only call
 * async-signal-safe functions. */
bool child_resolve(const char *cmd, char *path, size_t path_size)
{
    if (strchr(cmd, '/')) {
        snprintf(path, path_size, "%s", cmd);
        return true;
    }
    const char *dirs = getenv("PATH");
    if (!dirs)
        dirs = "/usr/bin:/bin";
    while (*dirs) {
        size_t len = strcspn(dirs, ":");
        snprintf(path, path_size, "%.*s/%s", (int)len, len ? dirs : ".", cmd);
        if (access(path, X_OK) == 0)
            return true;
        dirs += len + (dirs[len] == ':');
    }
    return false;
}

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }
static void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

/* A child's pipes, [0] the read end and [1] the write end (-1 unused):
 * in = its stdin, out = its stdout, err = its stderr (only when captured;
 * /dev/null otherwise), status = errno of a failed exec. */
typedef struct {
    int in[2], out[2], err[2], status[2];
    int null_fd;
} ChildPipes;

static void close_pipes(ChildPipes *p)
{
    int *fds[9] = {&p->in[0], &p->in[1], &p->out[0], &p->out[1], &p->err[0],
                   &p->err[1], &p->status[0], &p->status[1], &p->null_fd};
    for (int i = 0; i < 9; i++)
        close_fd(fds[i]);
}

/* All close-on-exec: the child's copies become 0, 1, 2 through dup2. */
static bool open_pipes(ChildPipes *p, bool pipe_stderr)
{
    *p = (ChildPipes){{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}, -1};
    bool ok = pipe(p->in) == 0 && pipe(p->out) == 0 && pipe(p->status) == 0 &&
              (pipe_stderr ? pipe(p->err) == 0 : (p->null_fd = open("/dev/null", O_WRONLY)) >= 0);
    int fds[9] = {p->in[0], p->in[1], p->out[0], p->out[1], p->err[0], p->err[1], p->status[0], p->status[1],
                  p->null_fd};
    for (int i = 0; ok && i < 9; i++)
        if (fds[i] >= 0)
            set_cloexec(fds[i]);
    if (!ok)
        close_pipes(p);
    return ok;
}

/* In the child, when it must end with the thread that spawned it (see
 * child.h): a parent-death signal, which only Linux has.  The parent may
 * have died between fork and prctl, when no signal would ever come: the
 * child has then been handed to another process (getppid changed), and
 * ends at once. */
static void end_with_spawner(pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
#else
    (void)parent;
#endif
}

/* In the child: wire the pipes to 0, 1, 2 and exec; report errno on the
 * status pipe if exec fails.  Only async-signal-safe calls here. */
static void run_child(const char *path, char *const argv[], const ChildPipes *p, bool ends_with_spawner,
                      pid_t parent)
{
    if (ends_with_spawner)
        end_with_spawner(parent);
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    dup2(p->in[0], 0);
    dup2(p->out[1], 1);
    dup2(p->err[1] >= 0 ? p->err[1] : p->null_fd, 2);
    execv(path, argv);
    int code = errno;
    ssize_t ignored = write(p->status[1], &code, sizeof code);
    (void)ignored;
    _exit(127);
}

/* errno of a failed exec, or 0 once exec closed the status pipe. */
static int exec_error(int status_fd)
{
    int code = 0;
    ssize_t got;
    while ((got = read(status_fd, &code, sizeof code)) < 0 && errno == EINTR)
        ;
    return got == (ssize_t)sizeof code ? code : 0;
}

ChildStatus child_spawn(ChildProcess *child, const char *path, char *const argv[], bool capture_stderr,
                        char *why, size_t why_size)
{
    pthread_once(&sigpipe_once, ignore_sigpipe);
    child_kill(child);
    ChildPipes p;
    pid_t parent = getpid();
    pthread_mutex_lock(&spawn_lock);
    bool piped = open_pipes(&p, capture_stderr);
    pid_t pid = piped ? fork() : -1;
    if (pid == 0)
        run_child(path, argv, &p, child->end_with_spawner, parent);
    pthread_mutex_unlock(&spawn_lock);
    if (!piped || pid < 0) {
        snprintf(why, why_size, "cannot start '%s': %s", path, strerror(errno));
        close_pipes(&p);
        return CHILD_CANNOT_RUN;
    }
    /* Keep the parent's ends; the child's copies are the child's. */
    child->pid = child->group = pid;
    child->ended_how[0] = '\0';
    child->ended_status = -1;
    child->to_child = p.in[1];
    child->from_child = p.out[0];
    child->from_stderr = p.err[0];
    p.in[1] = p.out[0] = p.err[0] = -1;
    close_fd(&p.status[1]);
    int code = exec_error(p.status[0]);
    close_pipes(&p);
    if (code) {
        snprintf(why, why_size, "cannot run '%s': %s (%s)", path,
                 code == ENOENT ? "not found" : code == EACCES ? "not executable" : "exec failed", strerror(code));
        child_kill(child);
        return CHILD_CANNOT_RUN;
    }
    setpgid(pid, pid);
    set_nonblocking(child->to_child);
    set_nonblocking(child->from_child);
    if (child->from_stderr >= 0)
        set_nonblocking(child->from_stderr);
    return CHILD_OK;
}

static bool aborted(const ChildProcess *child) { return child->abort && atomic_load(child->abort); }

/* Logs complete stderr lines; keeps a partial one for later.  False
 * when nothing more could be read now. */
static bool drain_stderr(ChildProcess *child)
{
    ssize_t n = read(child->from_stderr, child->err_buf + child->err_len, sizeof child->err_buf - 1 - child->err_len);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        close_fd(&child->from_stderr);
        return false;
    }
    if (n < 0)
        return false;
    child->err_len += (size_t)n;
    child->err_buf[child->err_len] = '\0';
    char *start = child->err_buf, *nl;
    while ((nl = strchr(start, '\n')) != NULL) {
        *nl = '\0';
        note(child, '!', start);
        start = nl + 1;
    }
    size_t rest = child->err_len - (size_t)(start - child->err_buf);
    if (rest == sizeof child->err_buf - 1) { /* an endless line: log it in pieces */
        note(child, '!', start);
        rest = 0;
    }
    memmove(child->err_buf, start, rest);
    child->err_len = rest;
    return true;
}

/* The process ended: what it wrote on stderr before (a launcher's reason,
 * often its last words) is read now, up to a last line without a line
 * end.  Bounded: a grandchild may still hold the pipe and write on. */
static void drain_last_stderr(ChildProcess *child)
{
    for (int reads = 0; child->from_stderr >= 0 && reads < 64 && drain_stderr(child); reads++)
        ;
    if (child->err_len > 0) {
        child->err_buf[child->err_len] = '\0';
        note(child, '!', child->err_buf);
        child->err_len = 0;
    }
}

/* Moves one complete line from out_buf into line.  Returns false when no
 * complete line is buffered; sets *bad when the line is not text. */
static bool take_line(ChildProcess *child, bool *bad)
{
    char *nl = memchr(child->out_buf, '\n', child->out_len);
    if (!nl)
        return false;
    size_t len = (size_t)(nl - child->out_buf);
    *bad = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)child->out_buf[i];
        bool trailing_cr = c == '\r' && i + 1 == len;
        if ((c < 0x20 && c != '\t' && !trailing_cr) || c == 0x7f)
            *bad = true;
    }
    if (len > 0 && child->out_buf[len - 1] == '\r')
        len--;
    memcpy(child->line, child->out_buf, len);
    child->line[len] = '\0';
    size_t consumed = (size_t)(nl - child->out_buf) + 1;
    memmove(child->out_buf, child->out_buf + consumed, child->out_len - consumed);
    child->out_len -= consumed;
    return true;
}

static ChildStatus fail(ChildStatus status, char *why, size_t why_size, const char *text)
{
    if (why != NULL && why_size > 0)
        snprintf(why, why_size, "%s", text);
    return status;
}

/* The process closed its output or ended: find out how. */
static ChildStatus exited(ChildProcess *child, char *why, size_t why_size)
{
    bool reaped = reap_within(child, EXIT_GRACE_MS);
    if (reaped && child->from_stderr >= 0)
        drain_last_stderr(child);
    return fail(CHILD_EXITED, why, why_size, reaped ? child->ended_how : "closed its output");
}

/* Reads what the pipes hold, waiting up to the deadline's slice. */
static ChildStatus read_some(ChildProcess *child, int64_t now, int64_t deadline, char *why, size_t why_size)
{
    /* Watch the process, not only the end of its output: a grandchild
     * may hold the pipe open after the child died.  Output it wrote before
     * it ended is still read first. */
    bool ended = has_ended(child);
    struct pollfd fds[2] = {{child->from_child, POLLIN, 0}, {child->from_stderr, POLLIN, 0}};
    int64_t wait = ended ? 0 : deadline - now < POLL_SLICE_MS ? deadline - now : POLL_SLICE_MS;
    poll(fds, child->from_stderr >= 0 ? 2 : 1, (int)wait);
    if (child->from_stderr >= 0 && fds[1].revents)
        drain_stderr(child);
    ssize_t n = fds[0].revents ? read(child->from_child, child->out_buf + child->out_len,
                                      sizeof child->out_buf - child->out_len)
                               : -1;
    if (n > 0) {
        child->out_len += (size_t)n;
        child->nudge_due = true;
    } else if (ended || n == 0 || (fds[0].revents && errno != EAGAIN && errno != EINTR))
        return exited(child, why, why_size);
    return CHILD_OK;
}

/* Reads more output unless aborted or past the deadline (late says how
 * the child was late). */
static ChildStatus await_output(ChildProcess *child, int64_t deadline, const char *late, char *why, size_t why_size)
{
    if (aborted(child))
        return fail(CHILD_ABORTED, why, why_size, "aborted");
    int64_t now = now_ms();
    if (now >= deadline)
        return fail(CHILD_TIMEOUT, why, why_size, late);
    return read_some(child, now, deadline, why, why_size);
}

/* The empty line of child->nudge (child.h), once per output received:
 * best effort, since a full pipe means the child has input to read. */
static void nudge(ChildProcess *child)
{
    if (!child->nudge || !child->nudge_due || child->to_child < 0)
        return;
    child->nudge_due = false;
    if (write(child->to_child, "\n", 1) < 0) {
        /* EAGAIN (a full pipe) or EPIPE (an ended child): the read says which. */
    }
}

ChildStatus child_read_line(ChildProcess *child, int64_t deadline, char *why, size_t why_size)
{
    if (child->from_child < 0)
        return fail(CHILD_EXITED, why, why_size, "is not running");
    for (;;) {
        bool bad;
        if (take_line(child, &bad)) {
            note(child, '<', child->line);
            return bad ? fail(CHILD_MALFORMED, why, why_size, "sent a line with control characters") : CHILD_OK;
        }
        if (child->out_len == sizeof child->out_buf) {
            char text[80];
            snprintf(text, sizeof text, "sent a line longer than %d bytes", CHILD_LINE_MAX);
            return fail(CHILD_MALFORMED, why, why_size, text);
        }
        nudge(child);
        ChildStatus status = await_output(child, deadline, "did not answer in time", why, why_size);
        if (status != CHILD_OK)
            return status;
    }
}

ChildStatus child_skip_line(ChildProcess *child, int64_t deadline, char *why, size_t why_size)
{
    for (;;) {
        char *nl = memchr(child->out_buf, '\n', child->out_len);
        if (nl) {
            size_t consumed = (size_t)(nl - child->out_buf) + 1;
            memmove(child->out_buf, child->out_buf + consumed, child->out_len - consumed);
            child->out_len -= consumed;
            return CHILD_OK;
        }
        child->out_len = 0; /* all of it belongs to the overlong line */
        if (child->from_child < 0)
            return fail(CHILD_EXITED, why, why_size, "is not running");
        ChildStatus status = await_output(child, deadline, "did not end its line in time", why, why_size);
        if (status != CHILD_OK)
            return status;
    }
}

ChildStatus child_read_until(ChildProcess *child, int64_t deadline, ChildLineFn on_line, void *context,
                             char *why, size_t why_size)
{
    for (;;) {
        ChildStatus status = child_read_line(child, deadline, why, why_size);
        if (status != CHILD_OK || on_line(context, child->line))
            return status;
    }
}

ChildStatus child_send(ChildProcess *child, const char *const *lines, int count, int64_t deadline, char *why,
                       size_t why_size)
{
    struct iovec iov[8];
    int parts = 0;
    if (child->to_child < 0)
        return fail(CHILD_EXITED, why, why_size, "is not running");
    child->nudge_due = false; /* these lines carry the acknowledgement */
    for (int i = 0; i < count && parts + 2 <= 8; i++) {
        note(child, '>', lines[i]);
        iov[parts++] = (struct iovec){(char *)lines[i], strlen(lines[i])};
        iov[parts++] = (struct iovec){(char *)"\n", 1};
    }
    int first = 0;
    while (first < parts) {
        ssize_t n = writev(child->to_child, iov + first, parts - first);
        if (n >= 0) {
            for (; first < parts && (size_t)n >= iov[first].iov_len; first++)
                n -= (ssize_t)iov[first].iov_len;
            if (first < parts) {
                iov[first].iov_base = (char *)iov[first].iov_base + n;
                iov[first].iov_len -= (size_t)n;
            }
            continue;
        }
        if (errno == EPIPE) {
            exited(child, why, why_size);
            size_t len = why ? strlen(why) : 0;
            if (why && len < why_size)
                snprintf(why + len, why_size - len, " (its input is closed)");
            return CHILD_EXITED;
        }
        if (errno != EAGAIN && errno != EINTR)
            return fail(CHILD_EXITED, why, why_size, "cannot be written to");
        if (aborted(child))
            return fail(CHILD_ABORTED, why, why_size, "aborted");
        if (now_ms() >= deadline)
            return fail(CHILD_TIMEOUT, why, why_size, "does not read its input");
        struct pollfd fd = {child->to_child, POLLOUT, 0};
        poll(&fd, 1, POLL_SLICE_MS);
    }
    return CHILD_OK;
}
