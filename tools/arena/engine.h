/*
 * engine.h - one engine process and the UCI/UGI conversation with it.
 *
 * The arena starts the engine with fork/exec and three pipes, reads its
 * output without blocking and with a deadline on every wait, and never
 * trusts what it says: a line with control characters or longer than
 * ENGINE_LINE_MAX is malformed, silence past the deadline is a timeout, end
 * of output or the end of the process (watched by its pid: a child may hold
 * the pipe open) is an exit.  Lines are read with the whitespace UCI allows
 * (blanks and tabs around and between tokens, CRLF), reduced to single
 * blanks.  The engine leads its own process group, which is killed when
 * the engine is quit or killed.  Every verb returns an EngineStatus and, when it is
 * not ENGINE_OK, fills why (one line) and leaves the process killed, so the
 * caller simply starts it again for the next game.
 *
 * Lifecycle (the tuner uses it the same way):
 *     engine_init(&e, &spec, log, abort_flag, "w1");
 *     engine_start(&e, "roomandpillar", why, sizeof why);   spawn + handshake
 *     engine_new_game(&e, why, sizeof why);                  ucinewgame + isready
 *     engine_think(&e, "position fen ... moves ...", "go wtime ...", allowance,
 *                  move, sizeof move, &elapsed, why, sizeof why);
 *     engine_quit(&e);
 *
 * Writing to a dead engine must not kill the arena: engine_start makes the
 * process ignore SIGPIPE (once; a process-wide setting).
 */
#ifndef TESSERA_ARENA_ENGINE_H
#define TESSERA_ARENA_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "arena/arena_log.h"
#include "arena/spec.h"

#define ENGINE_LINE_MAX 16384
/* Bounds on the "option ..." lines kept from one handshake (an engine with
 * a few dozen options prints a few kilobytes). */
#define ENGINE_OPTION_LINES_MAX 512
#define ENGINE_OPTION_TEXT_MAX 65536

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
    const atomic_int *abort; /* non-zero: give up waiting; may be NULL */
    char label[SPEC_NAME_MAX + 24];
    pid_t pid;   /* 0 when no process, or once it is reaped */
    pid_t group; /* its process group, killed with the engine; 0 when none */
    char ended_how[160]; /* how the reaped process ended */
    int to_engine, from_engine, from_stderr;
    bool ready; /* handshake done, process alive as far as we know */
    char id_name[128];
    char last_error[256]; /* "error ..." of the last "info string error" line */
    int option_count;     /* option lines kept from the handshake */
    bool options_overflow; /* some did not fit the bounds above */
    size_t option_used;
    size_t option_start[ENGINE_OPTION_LINES_MAX]; /* offsets into option_text */
    char option_text[ENGINE_OPTION_TEXT_MAX];     /* the lines, each NUL-terminated */
    size_t out_len, err_len;
    char out_buf[ENGINE_LINE_MAX];
    char err_buf[1024];
    char line[ENGINE_LINE_MAX];
} Engine;

/* slot names the engine in the log (e.g. "w2" for game thread 2). */
void engine_init(Engine *engine, const EngineSpec *spec, ArenaLog *log, const atomic_int *abort,
                 const char *slot);

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

/* Synchronises (isready, everything up to readyok dropped: a stale
 * bestmove never answers this go), sends the position and go lines and
 * waits for bestmove, all within allowance_ms of the isready.  move receives the move text (not yet
 * checked for legality), elapsed_ms the think time the arena measured. */
EngineStatus engine_think(Engine *engine, const char *position_cmd, const char *go_cmd,
                          int64_t allowance_ms, char *move, size_t move_size, int64_t *elapsed_ms,
                          char *why, size_t why_size);

/* Sends one raw line (e.g. "stop"); no answer is awaited. */
EngineStatus engine_send(Engine *engine, const char *text, char *why, size_t why_size);

/* Says quit, waits briefly for the process to end, then kills it. */
void engine_quit(Engine *engine);

/* Kills the process and its process group at once and reaps it. */
void engine_kill(Engine *engine);

static inline bool engine_is_ready(const Engine *engine) { return engine->ready; }

/* The "option ..." lines the engine printed during the handshake of its
 * last engine_start (kept even when the handshake failed), in order and
 * without newline: the count, or -1 when there were more than
 * ENGINE_OPTION_LINES_MAX lines or ENGINE_OPTION_TEXT_MAX bytes. */
int engine_option_count(const Engine *engine);
/* The index-th option line, 0 <= index < engine_option_count(). */
const char *engine_option_line(const Engine *engine, int index);

const char *engine_status_name(EngineStatus status);

#endif
