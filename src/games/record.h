/*
 * record.h - a game in progress: where it started, the moves played, and
 * which player holds which colour.
 *
 * p1 is the player to move in the start position (RULES.md); p1 keeps its
 * identity across a Room and Pillar `swap`, which exchanges colours.  Since
 * every Move is a whole turn and players strictly alternate, a move after
 * which the game goes on with the same colour to move is a colour exchange.
 * The protocol and the arena both keep their games in a GameRecord.
 */
#ifndef TESSERA_RECORD_H
#define TESSERA_RECORD_H

#include "games/game.h"

#define RECORD_MAX_MOVES 1024

typedef enum { RESULT_NONE, RESULT_P1_WINS, RESULT_P2_WINS, RESULT_DRAW } PlayerResult;

typedef struct {
    const Game *game;
    Position start;
    Position current;
    Move moves[RECORD_MAX_MOVES];
    int move_count;
    int p1_colour; /* colour p1 plays now */
} GameRecord;

void record_start(GameRecord *rec, const Game *game, const Position *start);

/* Plays a legal move; returns false (record unchanged) when the record is full. */
bool record_play(GameRecord *rec, Move move);

/* Parses and plays one move in the current position; fills err on failure. */
bool record_play_text(GameRecord *rec, const char *text, char *err, size_t err_size);

bool record_p1_to_move(const GameRecord *rec);
PlayerResult record_result(const GameRecord *rec);
const char *player_result_name(PlayerResult result); /* "p1win", "p2win", "draw", "none" */

#endif
