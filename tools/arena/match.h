/*
 * match.h - one game between two engines, refereed by the shared rules code.
 *
 * The arena keeps the position (a GameRecord), the clocks and the result;
 * engines only propose moves.  A proposal is checked with the game's
 * parse_move on the arena's own position; anything else an engine does
 * wrong (crash, silence past its time, malformed or illegal move, no
 * handshake) loses the game for it, with the termination and a one-line
 * detail recorded.  A failure of an engine's launcher instead
 * (launcher.h: launcher_failed) is nobody's loss: the game ends without a
 * result (TERM_LAUNCHER), and the caller plays it again.  Players are p1
 * (to move in the opening position) and p2; colours may change hands
 * during the game (Room and Pillar's swap), GameRecord keeps track.
 */
#ifndef TESSERA_ARENA_MATCH_H
#define TESSERA_ARENA_MATCH_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/engine.h"
#include "games/game.h"
#include "games/record.h"

typedef enum {
    TERM_NORMAL,       /* the rules ended the game */
    TERM_TIME_FORFEIT, /* no move within the clock (or st) plus timemargin */
    TERM_ILLEGAL_MOVE, /* a move the rules reject */
    TERM_MALFORMED,    /* output that is not protocol text, bestmove without a move */
    TERM_CRASH,        /* the engine process ended during the game */
    TERM_NO_HANDSHAKE, /* the engine did not start, or never became ready */
    TERM_MOVE_LIMIT,   /* longer than RECORD_MAX_MOVES: adjudicated a draw */
    TERM_ABORTED,      /* the run was stopped; the game does not count */
    TERM_LAUNCHER,     /* an engine's launcher failed (a lost connection, a step
                          that never started: launcher_failed); no result, never
                          recorded: the game is played again */
    TERM_COUNT
} Termination;

/* Short names used in PGN Termination tags: "normal", "time forfeit", ... */
const char *termination_name(Termination termination);
/* Parses a name back; false when unknown. */
bool termination_parse(const char *name, Termination *out);

typedef struct {
    const Game *game;
    Position opening;
    Engine *players[2]; /* [0] = p1, [1] = p2; started here when not ready */
    FILE *show;         /* -show: board and move after each move; NULL = quiet */
    pthread_mutex_t *show_lock; /* held while printing to show; may be NULL */
} MatchSetup;

typedef struct {
    PlayerResult result;
    Termination termination;
    int culprit;      /* 0 = p1, 1 = p2 broke a rule of play; -1 = none */
    bool start_failed[2]; /* p1, p2 did not start or become ready for this game */
    char detail[1280]; /* one line: what ended the game */
    /* TERM_LAUNCHER: where the failed launcher ran (its host, or its words)
     * and what it said. */
    char launcher_target[SPEC_TEXT_MAX + LAUNCHER_HOST_MAX];
    char launcher_reason[sizeof ((Engine *)0)->launcher_reason];
    GameRecord record;
    int32_t think_ms[RECORD_MAX_MOVES]; /* per move, as the arena timed it */
} MatchResult;

/* The go line for the player to move (mover 0 = p1): both clocks by the
 * colour each player holds now (UCI) or by player (UGI: p1time ...), then
 * the mover's movestogo, movetime, depth and nodes. */
void match_go_command(const MatchSetup *setup, const GameRecord *record, const Clock clocks[2], int mover,
                      char *out, size_t out_size);

/* Plays the game to its end.  An engine that lost by a fault (illegal
 * move, time forfeit, malformed output, crash, no handshake) is left
 * killed (not ready), so the next match_play starts a fresh process. */
void match_play(const MatchSetup *setup, MatchResult *result);

#endif
