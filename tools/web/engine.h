/*
 * engine.h - the web server's side of the engine protocol (protocol.md):
 * one build/tessera process per session, started through the shared
 * process part (tools/process/child.h), never a copy of it.
 *
 * A command is synchronous by ending it with `isready`: the engine answers
 * `readyok` after everything the commands printed, also while a search
 * runs, so every line up to `readyok` belongs to the command.
 */
#ifndef TESSERA_WEB_ENGINE_H
#define TESSERA_WEB_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "process/child.h"
#include "web/json.h"

#define ENGINE_ANSWER_MS 10000

typedef struct {
    ChildProcess child;
    char path[4096];
    TextBuf option_lines; /* the `uci` option lines, each ending in a newline */
} Engine;

/* Called with each line a command printed before `readyok`. */
typedef void (*EngineLineFn)(void *context, const char *line);

/* Starts the program at path and does the `uci` handshake. */
bool engine_start(Engine *engine, const char *path, char *why, size_t why_size);

/* Ends the process (closing its input first, then killing its group). */
void engine_end(Engine *engine);

/* Sends count lines, then `isready`, and hands each line before `readyok`
 * to on_line.  A line longer than the process part reads (a `moves` list
 * of a very tall Qawale stack) is skipped and reported as the line
 * ENGINE_LINE_TOO_LONG.  False when the engine failed (why says how). */
#define ENGINE_LINE_TOO_LONG "(line too long)"
bool engine_command(Engine *engine, const char *const *lines, int count, EngineLineFn on_line, void *context,
                    char *why, size_t why_size);

/* Sends one line without waiting for anything. */
bool engine_send(Engine *engine, const char *line, char *why, size_t why_size);

/* The process's id, 0 when none. */
long engine_pid(const Engine *engine);

#endif
