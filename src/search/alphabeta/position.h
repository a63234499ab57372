/*
 * position.h - what the alpha-beta files ask of a position (position.c).
 */
#ifndef TESSERA_AB_POSITION_H
#define TESSERA_AB_POSITION_H

#include "search/alphabeta/internal.h"

typedef enum { CHILD_OTHER_PLAYER, CHILD_SAME_PLAYER, CHILD_GAME_OVER } ChildKind;

void ab_play(const AbShared *s, Position *pos, Move move);
ChildKind ab_child_kind(const AbShared *s, const Position *child);
/* The finished game's value for the colour that made the last move, which
 * was played during whole turn number turn_number (1 = the root's turn). */
int ab_game_over_score(const Game *g, const Position *child, int mover, int turn_number);
int ab_static_eval(const Game *g, const Position *pos);
/* The same value for the position w's search entered at ply, with the
 * network accumulators of w's line. */
int ab_line_eval(AbWorker *w, const Position *pos, int ply);
int ab_ordering_eval(const Game *g, const Position *pos);

#endif
