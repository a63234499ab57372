/*
 * roomandpillar/eval.c - heuristic value of a Room and Pillar position for
 * the side to move.
 *
 * The game is a race for the last removal, so the value counts removals:
 * every legal removal (mobility), and again those the opponent cannot take
 * away with a single removal of their own (safe removals).  A removal at s
 * is taken away when a 2x2 window around s gets its other three squares
 * empty; a window whose diagonal square and one orthogonal neighbour of s are
 * already empty needs only the other neighbour removed, and that neighbour
 * is an opponent stone.  In a pure race of independent removals the side to
 * move needs strictly more than the opponent, hence a tempo term.
 *
 * It is all bit arithmetic (a few dozen word operations on 8x8): the search
 * calls it at every leaf.
 */
#include "games/roomandpillar/roomandpillar.h"
#include "util/target_clones.h"

/* SPSA-tuned (tools/tune/params/roomandpillar.txt): +42.8 +/- 15.9 Elo over 800 games vs 6/14/-10. */
#define ROOMANDPILLAR_WEIGHTS(X)                                     \
    X(mobility_weight, "RoomAndPillarMobility", 10, 0, 200)           \
    X(safe_weight, "RoomAndPillarSafe", 0, 0, 400)                    \
    X(tempo_weight, "RoomAndPillarTempo", -9, -200, 200)

static struct {
    ROOMANDPILLAR_WEIGHTS(GAME_WEIGHT_FIELD)
} weights = {ROOMANDPILLAR_WEIGHTS(GAME_WEIGHT_DEFAULT)};

const GameParam roomandpillar_params[ROOMANDPILLAR_PARAM_COUNT] = {ROOMANDPILLAR_WEIGHTS(GAME_WEIGHT_ROW)};
_Static_assert(sizeof roomandpillar_params / sizeof roomandpillar_params[0] == ROOMANDPILLAR_PARAM_COUNT,
               "one row per weight");

/* The evaluation keeps clear of +-EVAL_BOUND, beyond which are proven results. */
#define EVAL_LIMIT 10000

ROOMANDPILLAR_INLINE int evaluate_n(const RoomAndPillarBoard *b, int n)
{
    /* The full start board is the same for both sides up to the pie rule. */
    if (set_is_empty(b->empty, n))
        return 0;
    RemovalSets r = removal_sets(b, n);
    int own = b->side, other = !b->side;
    int mobility = set_count(set_and(r.open, b->colour[own], n), n) - set_count(set_and(r.open, b->colour[other], n), n);
    int safety = set_count(set_and(r.safe, b->colour[own], n), n) - set_count(set_and(r.safe, b->colour[other], n), n);
    int value = weights.mobility_weight * mobility + weights.safe_weight * safety + weights.tempo_weight;
    return value > EVAL_LIMIT ? EVAL_LIMIT : value < -EVAL_LIMIT ? -EVAL_LIMIT : value;
}

CLONES_POPCNT int roomandpillar_evaluate(const Position *pos)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    switch (b->words) {
    case 1: return evaluate_n(b, 1);
    case 2: return evaluate_n(b, 2);
    case 3: return evaluate_n(b, 3);
    default: return evaluate_n(b, 4);
    }
}
