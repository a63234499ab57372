/*
 * play.h - a session's game driven through its engine: moves, undo, new
 * games, options, searches for the engine's move or for analysis, and
 * the state the page draws.  The engine is the only judge of the rules:
 * a move is legal when the engine accepts the position with it.
 *
 * Every function is called with the session's lock held, and returns 0 or
 * the HTTP status of the refusal with why filled; a refused request
 * changes nothing.  An engine that crashes or stops answering is ended,
 * an "engine" event tells the page, and a new one is started and given
 * the options and the position back.
 */
#ifndef TESSERA_WEB_PLAY_H
#define TESSERA_WEB_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "web/session.h"

typedef struct {
    long movetime, depth, nodes; /* 0: not given */
    bool infinite;
    bool clock;                          /* the clocks below are given */
    long p1time, p2time, p1inc, p2inc; /* milliseconds, by player */
    SearchPurpose purpose; /* SEARCH_PLAY: the engine plays the move it finds */
} GoRequest;

/* Starts the engine of a new session (session_create) and sets up the
 * default game's start; 502 when the engine cannot start (the caller
 * removes the session). */
int play_begin(Session *s, char *why, size_t why_size);

int play_move(Session *s, const char *move, char *why, size_t why_size);
int play_undo(Session *s, int count, char *why, size_t why_size);
/* start: "startpos", "fen <string>" or "deal <seed>"; moves: played from
 * there, space-separated ("" for none). */
int play_new_game(Session *s, const char *game, const char *start, const char *moves, char *why, size_t why_size);
int play_set_option(Session *s, const char *name, const char *value, char *why, size_t why_size);

/* Starts a search; a reader thread publishes its info lines and its
 * bestmove.  With wait, returns once the search ended (timeout_ms at most). */
int play_go(Session *s, const GoRequest *go, bool wait, long timeout_ms, char *why, size_t why_size);

/* Ends a running search.  Its move is played when the search was for the
 * engine's move ("move now"); analysis just stops. */
void play_stop(Session *s);

/* Ends the game with result ("p1win", "p2win" or "draw") for reason (a
 * resignation, a draw agreed, a loss on time: the page's clock), after
 * stopping any search; a later undo or new game takes it back. */
int play_adjudicate(Session *s, const char *result, const char *reason, char *why, size_t why_size);

/* Over by the rules, or ended by the page. */
bool play_game_over(const Session *s);

/* The state the page draws, as one JSON object. */
void play_state_json(Session *s, TextBuf *out);

/* Text safe to put into a protocol line: printable, no line breaks. */
bool play_protocol_safe(const char *text);

#endif
