/* engine.c - the UCI/UGI dialogue with an engine process: handshake and
 * option checks, new game, isready/go/bestmove (the process itself:
 * process/child.c). */
#include "arena/engine.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arena/uci_option.h"
#include "util/clock.h"

const char *engine_status_name(EngineStatus status)
{
    static const char *const names[] = {"ok",      "timeout",    "exited", "malformed",
                                        "aborted", "cannot run", "refused"};
    return names[status];
}

/* Keeps a launched engine's last stderr lines: the launcher's reason when
 * it fails ("ssh: connect to host ... refused", "srun: error: ..."). */
static void keep_stderr(Engine *engine, const char *text)
{
    if (engine->stderr_count == ENGINE_STDERR_KEPT) {
        memmove(engine->stderr_tail[0], engine->stderr_tail[1],
                sizeof engine->stderr_tail[0] * (ENGINE_STDERR_KEPT - 1));
        engine->stderr_count--;
    }
    snprintf(engine->stderr_tail[engine->stderr_count++], ENGINE_STDERR_LINE_MAX, "%s", text);
}

static void log_child(void *context, char kind, const char *text)
{
    Engine *engine = context;
    if (kind == '!' && engine->spec->launcher[0] && text[0])
        keep_stderr(engine, text);
    arena_log_line(engine->log, engine->spec->name, engine->label, kind, text);
}

void engine_init(Engine *engine, const EngineSpec *spec, ArenaLog *log, const atomic_int *abort,
                 const char *slot)
{
    memset(engine, 0, sizeof *engine);
    engine->spec = spec;
    engine->log = log;
    child_init(&engine->child, abort, log_child, engine);
    /* An engine never outlives the run, even a run killed with SIGKILL:
     * each is spawned by the thread that plays its games and quits it. */
    engine->child.end_with_spawner = true;
    snprintf(engine->label, sizeof engine->label, "%s:%s", slot, spec->name);
}

void engine_kill(Engine *engine)
{
    engine->ready = false;
    child_kill(&engine->child);
}

static EngineStatus status_of(ChildStatus status)
{
    static const EngineStatus map[] = {ENGINE_OK,        ENGINE_TIMEOUT, ENGINE_EXITED,
                                       ENGINE_MALFORMED, ENGINE_ABORTED, ENGINE_CANNOT_RUN};
    return map[status];
}

/* The kept stderr lines, joined by " | " ("" when none). */
static void stderr_text(const Engine *engine, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < engine->stderr_count && used < out_size; i++)
        used += (size_t)snprintf(out + used, out_size - used, "%s%s", i ? " | " : "", engine->stderr_tail[i]);
}

/* Through a launcher: whether the failure (status, what) is the launcher's
 * (launcher_failed), and what it said; text gets what, followed by the
 * launcher's last stderr lines, for why. */
static void judge_launcher(Engine *engine, EngineStatus status, const char *what, char *text, size_t text_size)
{
    const char *launcher = engine->spec->launcher;
    char said[sizeof engine->launcher_reason - 200];
    engine->launcher_failed = false;
    engine->launcher_reason[0] = '\0';
    stderr_text(engine, said, sizeof said);
    snprintf(text, text_size, "%s%s%s%s", what, said[0] ? " [stderr: " : "", said, said[0] ? "]" : "");
    if (!launcher[0] || (status != ENGINE_EXITED && status != ENGINE_TIMEOUT && status != ENGINE_CANNOT_RUN))
        return;
    const char *lines[ENGINE_STDERR_KEPT];
    for (int i = 0; i < engine->stderr_count; i++)
        lines[i] = engine->stderr_tail[i];
    const ChildProcess *child = &engine->child;
    LauncherEnd end = {engine->ready, child->pid == 0 && child->ended_status != -1, child->ended_status, lines,
                       engine->stderr_count};
    engine->launcher_failed = launcher_failed(launcher, &end);
    if (!engine->launcher_failed)
        return;
    if (said[0])
        snprintf(engine->launcher_reason, sizeof engine->launcher_reason, "%s (%s)", said, what);
    else
        snprintf(engine->launcher_reason, sizeof engine->launcher_reason, "%s (nothing on stderr%s)", what,
                 strstr(what, "status 255")
                     ? "; OpenSSH exits 255 also when the remote engine is killed by a signal"
                     : "");
}

/* Fails the engine: kills it and fills why.  Returns status for chaining. */
static EngineStatus fail(Engine *engine, EngineStatus status, char *why, size_t why_size,
                         const char *what)
{
    char text[sizeof engine->launcher_reason + 700];
    judge_launcher(engine, status, what, text, sizeof text);
    if (why != NULL && why_size > 0)
        snprintf(why, why_size, "%s", text);
    arena_log_line(engine->log, engine->spec->name, engine->label, '#', text);
    engine_kill(engine);
    return status;
}

/* A verb asked of an engine that is not running (it failed before and
 * was judged then). */
static EngineStatus not_running(Engine *engine, char *why, size_t why_size)
{
    engine->launcher_failed = false;
    if (why != NULL && why_size > 0)
        snprintf(why, why_size, "is not running");
    engine_kill(engine);
    return ENGINE_EXITED;
}

/* A failed child verb: what happened, then what the engine was doing. */
static EngineStatus fail_child(Engine *engine, ChildStatus status, const char *what, const char *while_doing,
                               char *why, size_t why_size)
{
    char text[600];
    snprintf(text, sizeof text, "%s%s%s", what, while_doing[0] ? " " : "", while_doing);
    return fail(engine, status_of(status), why, why_size, text);
}

void engine_set_slot(Engine *engine, int slot) { engine->slot = slot; }

static const char *host_of(const Engine *engine) { return launcher_host(engine->spec->hosts, engine->slot); }

void engine_launcher_text(const Engine *engine, char *out, size_t out_size)
{
    launcher_expand(engine->spec->launcher, host_of(engine), out, out_size);
}

void engine_launcher_target(const Engine *engine, char *out, size_t out_size)
{
    launcher_target(engine->spec->launcher, host_of(engine), out, out_size);
}

/* The program's path and its argv (pointing into storage): the launcher's
 * words, when there is a launcher, then cmd and args. */
static bool build_argv(const Engine *engine, char *path, size_t path_size, char *storage,
                       size_t storage_size, char **argv, char *why, size_t why_size)
{
    const EngineSpec *spec = engine->spec;
    int first = 0;
    if (spec->launcher[0]) {
        size_t half = storage_size / 2;
        first = launcher_split(spec->launcher, host_of(engine), storage + half, storage_size - half, argv,
                               SPEC_MAX_ARGS, why, why_size);
        if (first < 0)
            return false;
        if (first == 0) {
            snprintf(why, why_size, "launcher '%s' is empty", spec->launcher);
            return false;
        }
        storage_size = half;
        if (!child_resolve(argv[0], path, path_size)) {
            snprintf(why, why_size, "cannot run launcher '%s': not found in PATH", argv[0]);
            return false;
        }
    } else if (!child_resolve(spec->cmd, path, path_size)) {
        snprintf(why, why_size, "cannot run '%s': not found in PATH", spec->cmd);
        return false;
    }
    argv[first] = (char *)spec->cmd;
    int argc = spec_split_args(spec->args, storage, storage_size, argv + first + 1, SPEC_MAX_ARGS, why,
                               why_size);
    if (argc < 0)
        return false;
    argv[first + argc + 1] = NULL;
    return true;
}

static bool spawn(Engine *engine, char *why, size_t why_size)
{
    char path[SPEC_TEXT_MAX + 256], storage[2 * SPEC_TEXT_MAX + 2 * LAUNCHER_HOST_MAX + 16];
    char *argv[2 * SPEC_MAX_ARGS + 2];
    if (!build_argv(engine, path, sizeof path, storage, sizeof storage, argv, why, why_size))
        return false;
    /* srun passes a SIGTERM on to the engine, where a SIGKILL would end
     * only srun itself. */
    engine->child.term_grace_ms = engine->spec->launcher[0] ? LAUNCHER_TERM_GRACE_MS : 0;
    /* srun's forwarding held the second line of a reply for ~40 ms
     * (tools/arena/RESULTS.md, "srun's 44 ms"): an empty line releases it. */
    engine->child.nudge = engine->spec->launcher[0] != '\0';
    /* A launcher's stderr is read even unlogged: its last lines say why it
     * failed. */
    bool capture = arena_log_enabled(engine->log) || engine->spec->launcher[0];
    return child_spawn(&engine->child, path, argv, capture, why, why_size) == CHILD_OK;
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

/* Waits for the next line until deadline (monotonic ms); it is then in
 * engine->child.line, its blanks normalised. */
static EngineStatus read_line(Engine *engine, int64_t deadline, const char *while_doing, char *why,
                              size_t why_size)
{
    char what[300];
    ChildStatus status = child_read_line(&engine->child, deadline, what, sizeof what);
    if (status != CHILD_OK)
        return fail_child(engine, status, what, while_doing, why, why_size);
    normalise_blanks(engine->child.line);
    return ENGINE_OK;
}

/* Sends lines, each ending in a newline, in one write where the pipe takes it. */
static EngineStatus send_lines(Engine *engine, const char *const *lines, int count, int64_t deadline,
                               char *why, size_t why_size)
{
    char what[300];
    ChildStatus status = child_send(&engine->child, lines, count, deadline, what, sizeof what);
    return status == CHILD_OK ? ENGINE_OK : fail_child(engine, status, what, "", why, why_size);
}

static EngineStatus send_until(Engine *engine, const char *text, int64_t deadline, char *why,
                               size_t why_size)
{
    return send_lines(engine, &text, 1, deadline, why, why_size);
}

EngineStatus engine_send(Engine *engine, const char *text, char *why, size_t why_size)
{
    return send_until(engine, text, now_ms() + engine->spec->timeout_ms, why, why_size);
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
        const char *line = engine->child.line;
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
    int64_t deadline = now_ms() + engine->spec->timeout_ms;
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
    engine_kill(engine);
    engine->id_name[0] = engine->last_error[0] = '\0';
    engine->stderr_count = 0;
    engine->launcher_failed = false;
    forget_options(engine);
    if (!spawn(engine, why, why_size)) {
        char what[600];
        snprintf(what, sizeof what, "%s", why);
        return fail(engine, ENGINE_CANNOT_RUN, why, why_size, what);
    }
    char text[3 * SPEC_TEXT_MAX], launcher[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX];
    engine_launcher_text(engine, launcher, sizeof launcher);
    snprintf(text, sizeof text, "started %s%s%s%s (pid %d)", engine->spec->cmd, launcher[0] ? " through '" : "",
             launcher, launcher[0] ? "'" : "", (int)engine->child.pid);
    arena_log_line(engine->log, engine->spec->name, engine->label, '#', text);
    EngineStatus status = handshake(engine, game_id, why, why_size);
    engine->ready = status == ENGINE_OK;
    return status;
}

EngineStatus engine_new_game(Engine *engine, char *why, size_t why_size)
{
    if (!engine->ready)
        return not_running(engine, why, why_size);
    int64_t deadline = now_ms() + engine->spec->timeout_ms;
    bool ugi = engine->spec->proto == PROTO_UGI;
    engine->last_error[0] = '\0';
    EngineStatus status = send_until(engine, ugi ? "uginewgame" : "ucinewgame", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "before the game", why, why_size);
    return status;
}

EngineStatus engine_list_options_again(Engine *engine, char *why, size_t why_size)
{
    if (!engine->ready)
        return not_running(engine, why, why_size);
    bool ugi = engine->spec->proto == PROTO_UGI;
    int64_t deadline = now_ms() + engine->spec->timeout_ms;
    forget_options(engine);
    engine->ready = false; /* expect keeps option lines in a handshake only */
    EngineStatus status = send_until(engine, ugi ? "ugi" : "uci", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, ugi ? "ugiok" : "uciok", deadline, "listing its options again", why, why_size);
    engine->ready = status == ENGINE_OK;
    return status;
}

EngineStatus engine_round_trip(Engine *engine, int64_t *micros, char *why, size_t why_size)
{
    if (!engine->ready)
        return fail(engine, ENGINE_EXITED, why, why_size, "is not running");
    int64_t start = now_us();
    int64_t deadline = now_ms() + engine->spec->timeout_ms;
    EngineStatus status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "(isready)", why, why_size);
    *micros = now_us() - start;
    return status;
}

/* Copies the word after position `at` of line; false when there is none
 * or it does not fit. */
static bool word_at(const char *p, char *out, size_t out_size)
{
    p += *p == ' ';
    size_t len = strcspn(p, " ");
    if (len == 0 || len >= out_size)
        return false;
    memcpy(out, p, len);
    out[len] = '\0';
    return true;
}

/* The move of a bestmove line, and its `ponder P` reply when ponder is
 * not NULL (empty when the line names none); false when there is no move. */
static bool bestmove_words(const char *line, char *move, size_t move_size, char *ponder, size_t ponder_size)
{
    if (!word_at(line + 8, move, move_size))
        return false;
    if (!ponder)
        return true;
    ponder[0] = '\0';
    const char *rest = strstr(line + 8, " ponder ");
    if (rest && !word_at(rest + 7, ponder, ponder_size))
        ponder[0] = '\0';
    return true;
}

/* Reads up to the bestmove line before deadline; elapsed_ms counts from
 * start.  Other lines are dropped (an error line is kept for reports). */
static EngineStatus await_bestmove(Engine *engine, int64_t start, int64_t deadline, const EngineReply *reply,
                                   int64_t *elapsed_ms, char *why, size_t why_size)
{
    if (reply->info)
        reply->info[0] = '\0';
    for (;;) {
        EngineStatus status = read_line(engine, deadline, "while thinking", why, why_size);
        *elapsed_ms = now_ms() - start;
        if (status != ENGINE_OK)
            return status;
        const char *line = engine->child.line;
        if (strncmp(line, "info string error", 17) == 0)
            snprintf(engine->last_error, sizeof engine->last_error, "%s", line + 12);
        else if (reply->info && starts_with_word(line, "info") &&
                 !(line[4] && starts_with_word(line + 5, "string")))
            snprintf(reply->info, reply->info_size, "%s", line);
        if (!starts_with_word(line, "bestmove"))
            continue;
        if (!bestmove_words(line, reply->move, reply->move_size, reply->ponder, reply->ponder_size))
            return fail(engine, ENGINE_MALFORMED, why, why_size, "sent bestmove without a move");
        return ENGINE_OK;
    }
}

/* isready/readyok, then the lines: whatever the engine said since its
 * last answer (a second, stale bestmove) comes before readyok and is
 * dropped. */
static EngineStatus synchronise_and_send(Engine *engine, const char *position_cmd, const char *go_cmd,
                                         int64_t deadline, char *why, size_t why_size)
{
    EngineStatus status = send_until(engine, "isready", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = expect(engine, "readyok", deadline, "before its move (isready)", why, why_size);
    const char *lines[2] = {position_cmd, go_cmd};
    if (status == ENGINE_OK)
        status = send_lines(engine, lines, 2, deadline, why, why_size);
    return status;
}

static int64_t deadline_after(int64_t start, int64_t allowance_ms)
{
    return allowance_ms > INT64_MAX - start ? INT64_MAX : start + allowance_ms;
}

EngineStatus engine_think(Engine *engine, const char *position_cmd, const char *go_cmd,
                          int64_t allowance_ms, const EngineReply *reply, int64_t *elapsed_ms,
                          char *why, size_t why_size)
{
    *elapsed_ms = 0;
    if (!engine->ready)
        return not_running(engine, why, why_size);
    /* The clock runs from here: a slow reader of a long position line is
     * charged for it, and so is a slow readyok. */
    int64_t start = now_ms();
    int64_t deadline = deadline_after(start, allowance_ms);
    EngineStatus status = synchronise_and_send(engine, position_cmd, go_cmd, deadline, why, why_size);
    if (status != ENGINE_OK) {
        *elapsed_ms = now_ms() - start;
        return status;
    }
    return await_bestmove(engine, start, deadline, reply, elapsed_ms, why, why_size);
}

EngineStatus engine_ponder(Engine *engine, const char *position_cmd, const char *go_ponder_cmd, char *why,
                           size_t why_size)
{
    if (!engine->ready)
        return not_running(engine, why, why_size);
    int64_t deadline = now_ms() + engine->spec->timeout_ms;
    return synchronise_and_send(engine, position_cmd, go_ponder_cmd, deadline, why, why_size);
}

EngineStatus engine_ponderhit(Engine *engine, int64_t allowance_ms, const EngineReply *reply,
                              int64_t *elapsed_ms, char *why, size_t why_size)
{
    *elapsed_ms = 0;
    if (!engine->ready)
        return not_running(engine, why, why_size);
    /* The clock runs from the ponderhit: the pondering was the opponent's time. */
    int64_t start = now_ms();
    int64_t deadline = deadline_after(start, allowance_ms);
    EngineStatus status = send_until(engine, "ponderhit", deadline, why, why_size);
    if (status != ENGINE_OK)
        return status;
    return await_bestmove(engine, start, deadline, reply, elapsed_ms, why, why_size);
}

EngineStatus engine_stop_pondering(Engine *engine, char *why, size_t why_size)
{
    if (!engine->ready)
        return not_running(engine, why, why_size);
    int64_t start = now_ms(), elapsed;
    int64_t deadline = deadline_after(start, engine->spec->timeout_ms);
    char move[256];
    EngineReply dropped = {move, sizeof move, NULL, 0, NULL, 0};
    EngineStatus status = send_until(engine, "stop", deadline, why, why_size);
    if (status == ENGINE_OK)
        status = await_bestmove(engine, start, deadline, &dropped, &elapsed, why, why_size);
    return status;
}

void engine_quit(Engine *engine)
{
    char ignored[64];
    if (engine->ready && send_until(engine, "quit", now_ms() + 100, ignored, sizeof ignored) != ENGINE_OK)
        return; /* send_until already killed it */
    engine->ready = false;
    child_end(&engine->child, ENGINE_EXIT_GRACE_MS);
}
