/*
 * turn_steps.h - the positions inside a recorded turn.  Datagen records
 * the positions where turns start, but in the games whose turns are steps
 * (Columna: a pawn move, then a stacking; Territoire: three placements)
 * the searches also evaluate positions inside a turn, which a net never
 * trained on them gets wrong (Columna's first net lost 197 of 200 games).
 * The positions between the steps of the move actually played are
 * labelled like the turn's start: the same player acts, the same game
 * followed.
 */
#ifndef TESSERA_TRAIN_TURN_STEPS_H
#define TESSERA_TRAIN_TURN_STEPS_H

#include "games/game.h"

#define TURN_STEPS_MAX 8

/* The positions after each step of move but the last (the turn still in
 * progress), in order; returns how many (0 for a game without step hooks
 * or a move no step sequence of at most TURN_STEPS_MAX steps makes). */
int turn_inner_positions(const Game *game, const Position *pos, Move move, Position *out);

/* The steps of move, steps[0..n), and the positions after each but the
 * last, inner[0..n - 1) (inner[j] is where steps[j + 1] is played);
 * returns n, 0 as above. */
int turn_steps_of(const Game *game, const Position *pos, Move move, Move *steps, Position *inner);

#endif
