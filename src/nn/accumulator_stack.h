/*
 * accumulator_stack.h - a search thread's integer accumulators along the
 * line it is searching, one entry per ply, so that a position's
 * accumulator comes from an earlier one's by the inputs that differ
 * instead of a sum over every active input.
 *
 * The inputs are seen from the side to move, so a position and its parent
 * (the other player to move) share few; a position and the nearest earlier
 * one where the same player moves (the grandparent, or the parent inside a
 * turn searched step by step) share most.  That one is the base: its
 * accumulator is computed when first needed (from its own base, or
 * whole), kept while the search stays below it, and serves every position
 * below it where the same player moves.  Where the inputs differ by as
 * many as a refresh adds, the position is summed whole.  A game that
 * tells how two positions' inputs differ in a given colour's view
 * (Game.nn_feature_changes) keeps both views per ply instead: a position's
 * sums seen by a colour are its parent's seen by that colour plus what
 * the move changed, so a child costs one move's changes, neither list
 * made (the first ply of the line where a view is needed and that colour
 * moves is summed whole).  The sums are
 * exact (quantized.h), so the path taken never changes a value.
 */
#ifndef TESSERA_NN_ACCUMULATOR_STACK_H
#define TESSERA_NN_ACCUMULATOR_STACK_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "nn/quantized.h"

/* Plies kept; a position deeper is evaluated whole. */
#define NN_STACK_PLIES 64
/* Inputs kept as a bit set, so that two positions' differ by a few words'
 * exclusive or; a game with more inputs is evaluated whole. */
#define NN_STACK_INPUT_WORDS 16

typedef struct {
    const Position *pos; /* NULL: nothing entered at this ply */
    bool features_known;
    bool sums_known[2]; /* by view, the colour seeing (sums[view]) */
    int mover;
    int count; /* active inputs, -1 where the encoding does not cover pos */
    uint16_t active[NN_MAX_ACTIVE];
    uint64_t bits[NN_STACK_INPUT_WORDS]; /* the same inputs as a set */
    int32_t sums[2][NN_MAX_HIDDEN];
} NnPly;

typedef struct {
    const QuantNet *net; /* the net the sums belong to; NULL: none yet */
    NnPly ply[NN_STACK_PLIES];
} NnStack;

/* Forgets everything (a new search, or another net). */
void nn_stack_clear(NnStack *stack);

/* The search stands at pos at ply: what the entry held is forgotten. */
static inline void nn_stack_enter(NnStack *stack, int ply, const Position *pos)
{
    if (ply < NN_STACK_PLIES) {
        stack->ply[ply].pos = pos;
        stack->ply[ply].features_known = false;
        stack->ply[ply].sums_known[WHITE] = stack->ply[ply].sums_known[BLACK] = false;
    }
}

/* The accumulator of the position entered at ply (every ply above it was
 * entered on the line to it), by net; NULL when ply is beyond the stack
 * or the game's encoding does not cover the position. */
const int32_t *nn_stack_sums(NnStack *stack, const QuantNet *net, const Game *game, int ply);

#endif
