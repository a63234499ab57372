/*
 * engine.h - the UCI/UGI conversation with one engine process.
 *
 * The process part (fork/exec, pipes, deadlines, process group, lines) is
 * process/child.h; this is the dialogue.  Lines are read with the
 * whitespace UCI allows (blanks and tabs around and between tokens, CRLF),
 * reduced to single blanks, and never trusted.  Every verb returns an
 * EngineStatus and, when it is not ENGINE_OK, fills why (one line) and
 * leaves the process killed, so the caller simply starts it again for the
 * next game.
 *
 * Lifecycle (the tuner uses it the same way):
 *     engine_init(&e, &spec, log, abort_flag, "w1");
 *     engine_start(&e, "roomandpillar", why, sizeof why);   spawn + handshake
 *     engine_new_game(&e, why, sizeof why);                  ucinewgame + isready
 *     engine_think(&e, "position fen ... moves ...", "go wtime ...", allowance,
 *                  move, sizeof move, &elapsed, why, sizeof why);
 *     engine_quit(&e);
 *
 * An Engine must not move after engine_init (its process logs through a
 * pointer to it).
 *
 * With a launcher (spec->launcher, arena/launcher.h) the process is the
 * launcher's words, {host} replaced by the host of the engine's slot
 * (engine_set_slot), followed by cmd and args; cmd is then not looked up
 * here, the launcher finds it wherever it runs it.  Killing a launched
 * engine sends its process group SIGTERM first (srun passes it on to the
 * engine) and SIGKILL LAUNCHER_TERM_GRACE_MS later.  A launched engine's
 * stderr is always read; a verb that fails through the launcher's fault
 * (a lost connection, a step that never started) sets launcher_failed and
 * launcher_reason, and its why ends with the launcher's last words.
 */
#ifndef TESSERA_ARENA_ENGINE_H
#define TESSERA_ARENA_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena/arena_log.h"
#include "arena/spec.h"
#include "process/child.h"

#define ENGINE_LINE_MAX CHILD_LINE_MAX
/* How long an engine told to quit may take to end before it is killed. */
#define ENGINE_EXIT_GRACE_MS 500
/* Bounds on the "option ..." lines kept from one handshake (an engine with
 * a few dozen options prints a few kilobytes). */
#define ENGINE_OPTION_LINES_MAX 512
#define ENGINE_OPTION_TEXT_MAX 65536
/* The last stderr lines of a launched engine kept for messages (the
 * launcher's own reason: "ssh: connect to host ... refused"). */
#define ENGINE_STDERR_KEPT 3
#define ENGINE_STDERR_LINE_MAX 240

typedef enum {
    ENGINE_OK,
    ENGINE_TIMEOUT,   /* no answer before the deadline */
    ENGINE_EXITED,    /* the process ended (crash, exit, or could not start) */
    ENGINE_MALFORMED, /* output that is not protocol text */
    ENGINE_ABORTED,   /* the abort flag was raised (Ctrl-C, SPRT stop) */
    ENGINE_CANNOT_RUN, /* the program is not found or not executable */
    ENGINE_REFUSED     /* the spec sets an option the engine does not offer,
                          or a value the option does not allow */
} EngineStatus;

typedef struct {
    const EngineSpec *spec;
    ArenaLog *log;
    char label[SPEC_NAME_MAX + 24];
    ChildProcess child;
    int slot;   /* picks the launcher's host (launcher_host); 0 after engine_init */
    bool ready; /* handshake done, process alive as far as we know */
    char id_name[128];
    char last_error[256]; /* "error ..." of the last "info string error" line */
    /* Through a launcher: the last stderr lines of this process, oldest
     * first (stderr_count of them), and whether its last failure was the
     * launcher's (launcher.h: launcher_failed), with what the launcher said. */
    char stderr_tail[ENGINE_STDERR_KEPT][ENGINE_STDERR_LINE_MAX];
    int stderr_count;
    bool launcher_failed;
    char launcher_reason[ENGINE_STDERR_KEPT * ENGINE_STDERR_LINE_MAX + 400];
    int option_count;     /* option lines kept from the handshake */
    bool options_overflow; /* some did not fit the bounds above */
    size_t option_used;
    size_t option_start[ENGINE_OPTION_LINES_MAX]; /* offsets into option_text */
    char option_text[ENGINE_OPTION_TEXT_MAX];     /* the lines, each NUL-terminated */
} Engine;

/* slot names the engine in the log (e.g. "w2" for game thread 2). */
void engine_init(Engine *engine, const EngineSpec *spec, ArenaLog *log, const atomic_int *abort,
                 const char *slot);

/* The engine's slot (the game or pair thread, from 0), which picks its
 * launcher's host: slot k runs on host k mod N.  Takes effect at the next
 * engine_start. */
void engine_set_slot(Engine *engine, int slot);

/* The launcher words this engine runs through ({host} replaced), or ""
 * without a launcher: for messages. */
void engine_launcher_text(const Engine *engine, char *out, size_t out_size);

/* Where the engine runs through its launcher (launcher_target): its host,
 * or the launcher's words. */
void engine_launcher_target(const Engine *engine, char *out, size_t out_size);

/* Spawns the process (killing any previous one), says uci or ugi, waits for
 * uciok/ugiok, selects the game (setoption name Game), sends the spec's
 * options and waits for readyok, all within spec->timeout_ms.  Before any
 * setoption, each option of the spec (and the game, when the engine
 * declares a Game option) is checked against the engine's own option
 * lines: an unknown name or a value the declaration does not allow is
 * ENGINE_REFUSED, with why naming the option and what it allows. */
EngineStatus engine_start(Engine *engine, const char *game_id, char *why, size_t why_size);

/* ucinewgame (uginewgame under UGI) then isready/readyok within the timeout. */
EngineStatus engine_new_game(Engine *engine, char *why, size_t why_size);

/* Where a bestmove goes: the move text (not yet checked for legality)
 * and, when ponder is not NULL, the `ponder` reply it names (empty when
 * none); when info is not NULL, the last `info` line before the bestmove
 * other than `info string` (empty when none), blanks normalised. */
typedef struct {
    char *move;
    size_t move_size;
    char *ponder;
    size_t ponder_size;
    char *info;
    size_t info_size;
} EngineReply;

/* Synchronises (isready, everything up to readyok dropped: a stale
 * bestmove never answers this go), sends the position and go lines and
 * waits for bestmove, all within allowance_ms of the isready; elapsed_ms
 * receives the think time the arena measured. */
EngineStatus engine_think(Engine *engine, const char *position_cmd, const char *go_cmd,
                          int64_t allowance_ms, const EngineReply *reply, int64_t *elapsed_ms,
                          char *why, size_t why_size);

/* Pondering (the `ponder` key): synchronises, then sends the position
 * (after the expected reply) and `go ponder ...`; no answer is awaited,
 * since the engine holds its bestmove until ponderhit or stop. */
EngineStatus engine_ponder(Engine *engine, const char *position_cmd, const char *go_ponder_cmd, char *why,
                           size_t why_size);

/* The expected reply came: sends ponderhit and waits for bestmove within
 * allowance_ms, the clock (elapsed_ms) running from the ponderhit. */
EngineStatus engine_ponderhit(Engine *engine, int64_t allowance_ms, const EngineReply *reply,
                              int64_t *elapsed_ms, char *why, size_t why_size);

/* Another reply came (or the game ended): sends stop and reads the
 * pondered search's bestmove, which is dropped, within the timeout. */
EngineStatus engine_stop_pondering(Engine *engine, char *why, size_t why_size);

/* One isready/readyok exchange within the timeout; micros receives the
 * time it took (arena/latency.h measures a launcher with it). */
EngineStatus engine_round_trip(Engine *engine, int64_t *micros, char *why, size_t why_size);

/* Asks a started engine for its options again (uci or ugi, read to its
 * ok within the timeout): the option lines then show the defaults of the
 * game engine_start set, where an engine has per-game defaults (the
 * handshake's list comes before Game is set). */
EngineStatus engine_list_options_again(Engine *engine, char *why, size_t why_size);

/* Sends one raw line (e.g. "stop"); no answer is awaited. */
EngineStatus engine_send(Engine *engine, const char *text, char *why, size_t why_size);

/* Says quit, waits briefly for the process to end, then kills it. */
void engine_quit(Engine *engine);

/* Kills the process and its process group at once and reaps it. */
void engine_kill(Engine *engine);

static inline bool engine_is_ready(const Engine *engine) { return engine->ready; }

/* The "option ..." lines the engine printed during the handshake of its
 * last engine_start (kept even when the handshake failed) or at its last
 * engine_list_options_again, in order and
 * without newline: the count, or -1 when there were more than
 * ENGINE_OPTION_LINES_MAX lines or ENGINE_OPTION_TEXT_MAX bytes. */
int engine_option_count(const Engine *engine);
/* The index-th option line, 0 <= index < engine_option_count(). */
const char *engine_option_line(const Engine *engine, int index);

const char *engine_status_name(EngineStatus status);

#endif
