/* engine.c - engine processes: spawn, pipes, deadlines, handshake, go. */
#include "arena/engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arena/monotonic.h"
#include "arena/uci_option.h"

/* Longest single wait inside poll, so that the abort flag is seen soon. */
#define POLL_SLICE_MS 50
/* How long a process that closed its output or was told to quit may take
 * to end before it is killed. */
#define EXIT_GRACE_MS 500

/* Creating pipes and forking happen under one lock: a child forked by
 * another thread between pipe() and fcntl(FD_CLOEXEC) would otherwise
 * inherit this engine's pipe ends and keep them open, and the arena would
 * never see this engine's end of output. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t sigpipe_once = PTHREAD_ONCE_INIT;

static void ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

const char *engine_status_name(EngineStatus status)
{
    static const char *const names[] = {"ok",      "timeout",    "exited", "malformed",
                                        "aborted", "cannot run", "refused"};
    return names[status];
}

void engine_init(Engine *engine, const EngineSpec *spec, ArenaLog *log, const atomic_int *abort,
                 const char *slot)
{
    memset(engine, 0, sizeof *engine);
    engine->spec = spec;
    engine->log = log;
    engine->abort = abort;
    engine->to_engine = engine->from_engine = engine->from_stderr = -1;
    snprintf(engine->label, sizeof engine->label, "%s:%s", slot, spec->name);
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
static bool has_ended(Engine *engine)
{
    if (engine->pid <= 0)
        return true;
    siginfo_t info;
    info.si_pid = 0;
    int peeked = waitid(P_PID, (id_t)engine->pid, &info, WEXITED | WNOHANG | WNOWAIT);
    if (peeked != 0 && errno == EINTR)
        return false;
    if (peeked == 0 && info.si_pid == 0) /* still running */
        return false;
    if (engine->group > 0)
        kill(-engine->group, SIGKILL);
    engine->group = 0;
    int status;
    pid_t got;
    while ((got = waitpid(engine->pid, &status, 0)) < 0 && errno == EINTR)
        ;
    if (got == engine->pid)
        describe_exit(status, engine->ended_how, sizeof engine->ended_how);
    else
        snprintf(engine->ended_how, sizeof engine->ended_how, "ended");
    engine->pid = 0;
    return true;
}

/* Waits up to grace_ms for the process to end by itself.  Returns false
 * (nothing reaped) when it is still running. */
static bool reap_within(Engine *engine, int64_t grace_ms)
{
    int64_t until = monotonic_ms() + grace_ms;
    while (!has_ended(engine)) {
        if (monotonic_ms() >= until)
            return false;
        struct timespec pause = {0, 5 * 1000000};
        nanosleep(&pause, NULL);
    }
    return true;
}

void engine_kill(Engine *engine)
{
    engine->ready = false;
    close_fd(&engine->to_engine);
    close_fd(&engine->from_engine);
    close_fd(&engine->from_stderr);
    engine->out_len = engine->err_len = 0;
    /* The engine leads its own process group: what it started (a wrapper
     * script's engine, helper processes) dies with it.  Killed before the
     * leader is reaped, so the group id is still ours. */
    if (engine->group > 0)
        kill(-engine->group, SIGKILL);
    engine->group = 0;
    if (engine->pid <= 0)
        return;
    kill(engine->pid, SIGKILL);
    int status;
    while (waitpid(engine->pid, &status, 0) < 0 && errno == EINTR)
        ;
    engine->pid = 0;
    arena_log_line(engine->log, engine->label, '#', "process killed");
}

/* Fails the engine: kills it and fills why.  Returns status for chaining. */
static EngineStatus fail(Engine *engine, EngineStatus status, char *why, size_t why_size,
                         const char *text)
{
    if (why != NULL && why_size > 0)
        snprintf(why, why_size, "%s", text);
    arena_log_line(engine->log, engine->label, '#', text);
    engine_kill(engine);
    return status;
}

/* cmd without a '/' is looked up in PATH here, before fork, since the
 * child may only call async-signal-safe functions. */
static bool resolve_command(const char *cmd, char *path, size_t path_size)
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
 * in = its stdin, out = its stdout, err = its stderr (only when the log
 * wants it; /dev/null otherwise), status = errno of a failed exec. */
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

/* In the child: wire the pipes to 0, 1, 2 and exec; report errno on the
 * status pipe if exec fails.  Only async-signal-safe calls here. */
static void run_child(const char *path, char *const argv[], const ChildPipes *p)
{
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    dup2(p->in[0], 0);
    dup2(p->out[1], 1);
    dup2(p->err[1] >= 0 ? p->err[1] : p->null_fd, 2);
    execv(path, (char *const *)argv);
    int code = errno;
    ssize_t ignored = write(p->status[1], &code, sizeof code);
    (void)ignored;
    _exit(127);
}

/* The program's path and its argv (pointing into storage). */
static bool build_argv(const EngineSpec *spec, char *path, size_t path_size, char *storage,
                       size_t storage_size, char **argv, char *why, size_t why_size)
{
    if (!resolve_command(spec->cmd, path, path_size)) {
        snprintf(why, why_size, "cannot run '%s': not found in PATH", spec->cmd);
        return false;
    }
    argv[0] = (char *)spec->cmd;
    int argc = spec_split_args(spec->args, storage, storage_size, argv + 1, SPEC_MAX_ARGS, why, why_size);
    if (argc < 0)
        return false;
    argv[argc + 1] = NULL;
    return true;
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

/* Forks and execs; on success the engine owns the parent's pipe ends. */
static bool spawn(Engine *engine, char *why, size_t why_size)
{
    char path[SPEC_TEXT_MAX + 256], storage[SPEC_TEXT_MAX + 8];
    char *argv[SPEC_MAX_ARGS + 2];
    if (!build_argv(engine->spec, path, sizeof path, storage, sizeof storage, argv, why, why_size))
        return false;
    ChildPipes p;
    pthread_mutex_lock(&spawn_lock);
    bool piped = open_pipes(&p, arena_log_enabled(engine->log));
    pid_t pid = piped ? fork() : -1;
    if (pid == 0)
        run_child(path, argv, &p);
    pthread_mutex_unlock(&spawn_lock);
    if (!piped || pid < 0) {
        snprintf(why, why_size, "cannot start '%s': %s", path, strerror(errno));
        close_pipes(&p);
        return false;
    }
    /* Keep the parent's ends; the child's copies are the child's. */
    engine->pid = engine->group = pid;
    engine->ended_how[0] = '\0';
    engine->to_engine = p.in[1];
    engine->from_engine = p.out[0];
    engine->from_stderr = p.err[0];
    p.in[1] = p.out[0] = p.err[0] = -1;
    close_fd(&p.status[1]);
    int code = exec_error(p.status[0]);
    close_pipes(&p);
    if (code) {
        snprintf(why, why_size, "cannot run '%s': %s (%s)", path,
                 code == ENOENT ? "not found" : code == EACCES ? "not executable" : "exec failed", strerror(code));
        engine_kill(engine);
        return false;
    }
    setpgid(pid, pid);
    set_nonblocking(engine->to_engine);
    set_nonblocking(engine->from_engine);
    if (engine->from_stderr >= 0)
        set_nonblocking(engine->from_stderr);
    return true;
}

static bool aborted(const Engine *engine) { return engine->abort && atomic_load(engine->abort); }

/* Logs complete stderr lines; keeps a partial one for later. */
static void drain_stderr(Engine *engine)
{
    ssize_t n = read(engine->from_stderr, engine->err_buf + engine->err_len,
                     sizeof engine->err_buf - 1 - engine->err_len);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        close_fd(&engine->from_stderr);
        return;
    }
    if (n < 0)
        return;
    engine->err_len += (size_t)n;
    engine->err_buf[engine->err_len] = '\0';
    char *start = engine->err_buf, *nl;
    while ((nl = strchr(start, '\n')) != NULL) {
        *nl = '\0';
        arena_log_line(engine->log, engine->label, '!', start);
        start = nl + 1;
    }
    size_t rest = engine->err_len - (size_t)(start - engine->err_buf);
    if (rest == sizeof engine->err_buf - 1) { /* an endless line: log it in pieces */
        arena_log_line(engine->log, engine->label, '!', start);
        rest = 0;
    }
    memmove(engine->err_buf, start, rest);
    engine->err_len = rest;
}

/* Moves one complete line from out_buf into line.  Returns false when no
 * complete line is buffered; sets *bad when the line is not text. */
static bool take_line(Engine *engine, bool *bad)
{
    char *nl = memchr(engine->out_buf, '\n', engine->out_len);
    if (!nl)
        return false;
    size_t len = (size_t)(nl - engine->out_buf);
    *bad = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)engine->out_buf[i];
        bool trailing_cr = c == '\r' && i + 1 == len;
        if ((c < 0x20 && c != '\t' && !trailing_cr) || c == 0x7f)
            *bad = true;
    }
    if (len > 0 && engine->out_buf[len - 1] == '\r')
        len--;
    memcpy(engine->line, engine->out_buf, len);
    engine->line[len] = '\0';
    size_t consumed = (size_t)(nl - engine->out_buf) + 1;
    memmove(engine->out_buf, engine->out_buf + consumed, engine->out_len - consumed);
    engine->out_len -= consumed;
    return true;
}

/* The process closed its output: find out how it ended. */
static EngineStatus exited(Engine *engine, char *why, size_t why_size, const char *while_doing)
{
    char text[320];
    bool reaped = reap_within(engine, EXIT_GRACE_MS);
    snprintf(text, sizeof text, "%s %s", reaped ? engine->ended_how : "closed its output", while_doing);
    return fail(engine, ENGINE_EXITED, why, why_size, text);
}

/* UCI lets tokens be separated by any run of blanks and tabs, and lines
 * be padded: reduce the line to single blanks between tokens, so that
 * every reader compares plain words. */
static void normalise_blanks(char *line)
{
    char *to = line;
    for (const char *from = line; *from; from++) {
        bool blank = *from == ' ' || *from == '\t';
        if (!blank)
            *to++ = *from;
        else if (to > line && to[-1] != ' ')
            *to++ = ' ';
    }
    if (to > line && to[-1] == ' ')
        to--;
    *to = '\0';
}

/* Waits for the next line until deadline (monotonic ms). */
static EngineStatus read_line(Engine *engine, int64_t deadline, const char *while_doing, char *why,
                              size_t why_size)
{
    char text[400];
    for (;;) {
        bool bad;
        if (take_line(engine, &bad)) {
            arena_log_line(engine->log, engine->label, '<', engine->line);
            normalise_blanks(engine->line);
            if (!bad)
                return ENGINE_OK;
            snprintf(text, sizeof text, "sent a line with control characters %s", while_doing);
            return fail(engine, ENGINE_MALFORMED, why, why_size, text);
        }
        if (engine->out_len == sizeof engine->out_buf) {
            snprintf(text, sizeof text, "sent a line longer than %d bytes %s", ENGINE_LINE_MAX, while_doing);
            return fail(engine, ENGINE_MALFORMED, why, why_size, text);
        }
        if (aborted(engine))
            return fail(engine, ENGINE_ABORTED, why, why_size, "aborted");
        int64_t now = monotonic_ms();
        if (now >= deadline) {
            snprintf(text, sizeof text, "did not answer in time %s", while_doing);
            return fail(engine, ENGINE_TIMEOUT, why, why_size, text);
        }
        /* Watch the process, not only the end of its output: a child
         * it forked may hold the pipe open after it died.  Output it
         * wrote before it ended is still read first. */
        bool ended = has_ended(engine);
        struct pollfd fds[2] = {{engine->from_engine, POLLIN, 0}, {engine->from_stderr, POLLIN, 0}};
        int64_t wait = ended ? 0 : deadline - now < POLL_SLICE_MS ? deadline - now : POLL_SLICE_MS;
        poll(fds, engine->from_stderr >= 0 ? 2 : 1, (int)wait);
        if (engine->from_stderr >= 0 && fds[1].revents)
            drain_stderr(engine);
        ssize_t n = fds[0].revents ? read(engine->from_engine, engine->out_buf + engine->out_len,
                                          sizeof engine->out_buf - engine->out_len)
                                   : -1;
        if (n > 0)
            engine->out_len += (size_t)n;
        else if (ended || n == 0 || (fds[0].revents && errno != EAGAIN && errno != EINTR))
            return exited(engine, why, why_size, while_doing);
    }
}

/* Sends lines, each ending in a newline, in as few writes as the pipe
 * takes: a line split over two writes wakes the engine twice. */
static EngineStatus send_lines(Engine *engine, const char *const *lines, int count, int64_t deadline,
                               char *why, size_t why_size)
{
    struct iovec iov[4];
    int parts = 0;
    if (engine->to_engine < 0)
        return fail(engine, ENGINE_EXITED, why, why_size, "is not running");
    for (int i = 0; i < count && parts + 2 <= 4; i++) {
        arena_log_line(engine->log, engine->label, '>', lines[i]);
        iov[parts++] = (struct iovec){(char *)lines[i], strlen(lines[i])};
        iov[parts++] = (struct iovec){(char *)"\n", 1};
    }
    int first = 0;
    while (first < parts) {
        ssize_t n = writev(engine->to_engine, iov + first, parts - first);
        if (n >= 0) {
            for (; first < parts && (size_t)n >= iov[first].iov_len; first++)
                n -= (ssize_t)iov[first].iov_len;
            if (first < parts) {
                iov[first].iov_base = (char *)iov[first].iov_base + n;
                iov[first].iov_len -= (size_t)n;
            }
            continue;
        }
        if (errno == EPIPE)
            return exited(engine, why, why_size, "(its input is closed)");
        if (errno != EAGAIN && errno != EINTR)
            return fail(engine, ENGINE_EXITED, why, why_size, "cannot be written to");
        if (aborted(engine))
            return fail(engine, ENGINE_ABORTED, why, why_size, "aborted");
        if (monotonic_ms() >= deadline)
            return fail(engine, ENGINE_TIMEOUT, why, why_size, "does not read its input");
        struct pollfd fd = {engine->to_engine, POLLOUT, 0};
        poll(&fd, 1, POLL_SLICE_MS);
    }
    return ENGINE_OK;
}

static EngineStatus send_until(Engine *engine, const char *text, int64_t deadline, char *why,
                               size_t why_size)
{
    return send_lines(engine, &text, 1, deadline, why, why_size);
}

EngineStatus engine_send(Engine *engine, const char *text, char *why, size_t why_size)
{
    return send_until(engine, text, monotonic_ms() + engine->spec->timeout_ms, why, why_size);
}

int engine_option_count(const Engine *engine)
{
    return engine->options_overflow ? -1 : engine->option_count;
}

const char *engine_option_line(const Engine *engine, int index)
{
    return engine->option_text + engine->option_start[index];
}

static void forget_options(Engine *engine)
{
    engine->option_count = 0;
    engine->options_overflow = false;
    engine->option_used = 0;
}

/* Keeps an "option ..." line of the handshake for engine_option_line. */
static void keep_option(Engine *engine, const char *line)
{
    size_t size = strlen(line) + 1;
    if (engine->option_count == ENGINE_OPTION_LINES_MAX ||
        size > sizeof engine->option_text - engine->option_used) {
        engine->options_overflow = true;
        return;
    }
    engine->option_start[engine->option_count++] = engine->option_used;
    memcpy(engine->option_text + engine->option_used, line, size);
    engine->option_used += size;
}

/* Whether a (normalised) line's first word is word. */
static bool starts_with_word(const char *line, const char *word)
{
    size_t len = strlen(word);
    return strncmp(line, word, len) == 0 && (line[len] == '\0' || line[len] == ' ');
}

/* Reads lines until one starts with the word expected. */
static EngineStatus expect(Engine *engine, const char *expected, int64_t deadline,
                           const char *while_doing, char *why, size_t why_size)
{
    for (;;) {
        EngineStatus status = read_line(engine, deadline, while_doing, why, why_size);
        if (status != ENGINE_OK)
            return status;
        const char *line = engine->line;
        if (starts_with_word(line, expected))
            return ENGINE_OK;
        if (strncmp(line, "id name ", 8) == 0)
            snprintf(engine->id_name, sizeof engine->id_name, "%s", line + 8);
        else if (strncmp(line, "info string error", 17) == 0)
            snprintf(engine->last_error, sizeof engine->last_error, "%s", line + 12);
        else if (!engine->ready && strncmp(line, "option ", 7) == 0) /* still in the handshake */
            keep_option(engine, line);
    }
}

/* Finds the declaration of option name among the handshake's option lines.
 * False (why filled) when there is none, or it cannot be read. */
static bool find_declaration(const Engine *engine, const char *name, UciOption *option, char *why,
                             size_t why_size)
{
    char err[300];
    if (engine_option_count(engine) < 0) {
        snprintf(why, why_size, "lists more than %d options or %d bytes of them: option %s cannot be checked",
                 ENGINE_OPTION_LINES_MAX, ENGINE_OPTION_TEXT_MAX, name);
        return false;
    }
    for (int i = 0; i < engine->option_count; i++) {
        UciLineKind kind = uci_option_parse(engine_option_line(engine, i), option, err, sizeof err);
        if (strcasecmp(option->name, name) != 0)
            continue;
        if (kind == UCI_LINE_OPTION)
            return true;
        snprintf(why, why_size, "declares option %s in a way that cannot be read: %s", name, err);
        return false;
    }
    snprintf(why, why_size, "has no option '%s' (names are case-insensitive; its uci answer lists %d)", name,
             engine->option_count);
    return false;
}

/* Refuses, before anything is set, a spec option the engine does not
 * offer or a value it does not allow: an engine that ignored it would
 * play with its default, and the run would not test what was asked. */
static EngineStatus check_requested_options(Engine *engine, const char *game_id, char *why, size_t why_size)
{
    UciOption option;
    char err[700], text[900];
    if (game_id && find_declaration(engine, "Game", &option, err, sizeof err) &&
        !uci_option_accepts(&option, game_id, err, sizeof err)) {
        snprintf(text, sizeof text, "does not play %s: %s", game_id, err);
        return fail(engine, ENGINE_REFUSED, why, why_size, text);
    }
    for (int i = 0; i < engine->spec->option_count; i++) {
        const EngineOption *wanted = &engine->spec->options[i];
        if (!find_declaration(engine, wanted->name, &option, err, sizeof err) ||
            !uci_option_accepts(&option, wanted->value, err, sizeof err)) {
            snprintf(text, sizeof text, "refuses option.%s=%s: %s", wanted->name, wanted->value, err);
            return fail(engine, ENGINE_REFUSED, why, why_size, text);
        }
    }
    return ENGINE_OK;
}

static EngineStatus handshake(Engine *engine, const char *game_id, char *why, size_t why_size)
{
    bool ugi = engine->spec->proto == PROTO_UGI;
    int64_t deadline = monotonic_ms() + engine->spec->timeout_ms;
    char text[SPEC_TEXT_MAX];
    EngineStatus status = send_until(engine, ugi ? "ugi" : "uci", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, ugi ? "ugiok" : "uciok", deadline, "during the handshake", why, why_size);
    if (status == ENGINE_OK)
        status = check_requested_options(engine, game_id, why, why_size);
    if (status == ENGINE_OK && game_id) {
        snprintf(text, sizeof text, "setoption name Game value %s", game_id);
        status = send_until(engine, text, deadline, why, why_size);
    }
    for (int i = 0; status == ENGINE_OK && i < engine->spec->option_count; i++) {
        const EngineOption *option = &engine->spec->options[i];
        snprintf(text, sizeof text, "setoption name %s value %s", option->name, option->value);
        status = send_until(engine, text, deadline, why, why_size);
    }
    if (status == ENGINE_OK)
        status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "after its options were set", why, why_size);
    return status;
}

EngineStatus engine_start(Engine *engine, const char *game_id, char *why, size_t why_size)
{
    pthread_once(&sigpipe_once, ignore_sigpipe);
    engine_kill(engine);
    engine->id_name[0] = engine->last_error[0] = '\0';
    forget_options(engine);
    if (!spawn(engine, why, why_size)) {
        arena_log_line(engine->log, engine->label, '#', why);
        return ENGINE_CANNOT_RUN;
    }
    char text[SPEC_TEXT_MAX + 300];
    snprintf(text, sizeof text, "started %s (pid %d)", engine->spec->cmd, (int)engine->pid);
    arena_log_line(engine->log, engine->label, '#', text);
    EngineStatus status = handshake(engine, game_id, why, why_size);
    engine->ready = status == ENGINE_OK;
    return status;
}

EngineStatus engine_new_game(Engine *engine, char *why, size_t why_size)
{
    if (!engine->ready)
        return fail(engine, ENGINE_EXITED, why, why_size, "is not running");
    int64_t deadline = monotonic_ms() + engine->spec->timeout_ms;
    bool ugi = engine->spec->proto == PROTO_UGI;
    engine->last_error[0] = '\0';
    EngineStatus status = send_until(engine, ugi ? "uginewgame" : "ucinewgame", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "before the game", why, why_size);
    return status;
}

/* Copies the move token of a bestmove line; false when there is none. */
static bool bestmove_token(const char *line, char *move, size_t move_size)
{
    const char *p = line + 8;
    p += *p == ' ';
    size_t len = strcspn(p, " ");
    if (len == 0 || len >= move_size)
        return false;
    memcpy(move, p, len);
    move[len] = '\0';
    return true;
}

EngineStatus engine_think(Engine *engine, const char *position_cmd, const char *go_cmd,
                          int64_t allowance_ms, char *move, size_t move_size, int64_t *elapsed_ms,
                          char *why, size_t why_size)
{
    *elapsed_ms = 0;
    if (!engine->ready)
        return fail(engine, ENGINE_EXITED, why, why_size, "is not running");
    /* The clock runs from here: a slow reader of a long position line is
     * charged for it, and so is a slow readyok. */
    int64_t start = monotonic_ms();
    int64_t deadline = allowance_ms > INT64_MAX - start ? INT64_MAX : start + allowance_ms;
    /* Synchronise first: whatever the engine said since its last answer (a
     * second, stale bestmove) comes before readyok and is dropped, so the
     * bestmove read below answers this go. */
    EngineStatus status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "before its move (isready)", why, why_size);
    const char *lines[2] = {position_cmd, go_cmd};
    if (status == ENGINE_OK)
        status = send_lines(engine, lines, 2, deadline, why, why_size);
    while (status == ENGINE_OK) {
        status = read_line(engine, deadline, "while thinking", why, why_size);
        *elapsed_ms = monotonic_ms() - start;
        if (status != ENGINE_OK)
            break;
        const char *line = engine->line;
        if (strncmp(line, "info string error", 17) == 0)
            snprintf(engine->last_error, sizeof engine->last_error, "%s", line + 12);
        if (!starts_with_word(line, "bestmove"))
            continue;
        if (!bestmove_token(line, move, move_size))
            return fail(engine, ENGINE_MALFORMED, why, why_size, "sent bestmove without a move");
        return ENGINE_OK;
    }
    return status;
}

void engine_quit(Engine *engine)
{
    if (engine->pid <= 0) {
        engine_kill(engine);
        return;
    }
    char ignored[64];
    if (engine->ready && send_until(engine, "quit", monotonic_ms() + 100, ignored, sizeof ignored) != ENGINE_OK)
        return; /* send_until already killed it */
    close_fd(&engine->to_engine);
    if (reap_within(engine, EXIT_GRACE_MS))
        arena_log_line(engine->log, engine->label, '#', engine->ended_how);
    engine_kill(engine); /* and whatever it left behind */
}
