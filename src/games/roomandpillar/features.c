/*
 * roomandpillar/features.c - Room and Pillar's network inputs
 * (Game.nn_features) on the 12x12 board only: other sizes return -1 and
 * keep the hand-written evaluation (on 8x8 and 10x10 the proof search
 * decides the games, so a learned evaluation could not show there).
 * Seen from the side to move ("us"), in blocks, each a one-hot count:
 *
 *   open      per side, its removals now (a stone touching an empty
 *             square whose removal completes no 2x2 block): 2 x 48
 *             (0..47, 47 or more);
 *   safe      per side, those of its removals the other side cannot
 *             forbid with one removal (the classic evaluation's safe
 *             removals): 2 x 48;
 *   open lead our removals minus theirs, -24..24 (clamped): 49;
 *   safe lead our safe removals minus theirs, -24..24: 49;
 *   live lead our stones not yet frozen minus theirs (a stone whose
 *             removal would complete a 2x2 block can never be removed:
 *             the three empty squares stay empty), -24..24: 49;
 *   quiet     per side, its removals that open none of the other side's
 *             stones (a removal makes its orthogonal neighbours, the
 *             other colour, touch an empty square: a quiet one has no
 *             neighbour that is live and touches none yet), a tempo
 *             kept for the race's end: 2 x 48;
 *   quiet lead our quiet removals minus theirs, -24..24: 49;
 *   phase     the empty squares, halved (0..47): 48;
 *   swap      whether the swap is still available: 2;
 *   side      the colour to move (white, black): 2.
 *
 * 536 inputs, 13 active.
 *
 * Decided: no input names a square.  The game is a race for the last
 * removal; what decides it is how many removals each side has and keeps,
 * which the counts say directly and the same for every square.  A first
 * encoding (the removed stones per square, 292 inputs) was never trained:
 * Columna's per-square inputs overfit and lost (README, "Learned
 * evaluation").
 *
 * Policy outputs (Game.policy_index, roomandpillar/policy.c), every board
 * size (unlike these inputs): a removal's square in the mover's frame,
 * rank * 8 + file / 2 (the mover's stones stand where file + rank is
 * even), 0..127 on a 16 x 16 frame anchored at the mover's corner
 * whatever the size, swap 128: 129 entries.  White's board is mirrored
 * onto black's colouring (files reversed on an even width, else ranks).
 */
#include "games/features.h"
#include "games/roomandpillar/roomandpillar.h"
#include "util/target_clones.h"

enum {
    NN_SIDE = 12,
    NN_WORDS = 3, /* 144 squares */
    COUNT_TOP = 47,
    LEAD_TOP = 24,
    LEAD_SIZE = 2 * LEAD_TOP + 1,
    PHASE_TOP = 47,
};

_Static_assert(ROOMANDPILLAR_NN_INPUTS == 6 * (COUNT_TOP + 1) + 4 * LEAD_SIZE + (PHASE_TOP + 1) + 2 + 2,
               "the blocks below add up to the count the header promises");

/* Per side (us, them): the counts the inputs are made of. */
typedef struct {
    int open[2], safe[2], live[2], quiet[2];
} RemovalCounts;

/* The squares with an orthogonal neighbour in set. */
ROOMANDPILLAR_INLINE SquareSet beside(const RoomAndPillarBoard *b, SquareSet set)
{
    const int n = NN_WORDS;
    SquaresBeside s = squares_beside(b, set, n);
    return set_or(set_or(s.north, s.south, n), set_or(s.east, s.west, n), n);
}

ROOMANDPILLAR_INLINE RemovalCounts removal_counts(const RoomAndPillarBoard *b)
{
    const int n = NN_WORDS;
    RemovalSets r = removal_sets(b, n);
    /* A removal opens the other side's stones beside it; one whose
     * neighbours touch an empty square already (or are frozen) opens
     * none: a quiet move, a tempo kept for the race's end. */
    SquareSet quiet = set_minus(r.open, beside(b, set_minus(r.live, r.open, n)), n);
    RemovalCounts counts;
    const int sides[2] = {b->side, !b->side};
    for (int i = 0; i < 2; i++) {
        SquareSet mine = b->colour[sides[i]];
        counts.open[i] = set_count(set_and(r.open, mine, n), n);
        counts.safe[i] = set_count(set_and(r.safe, mine, n), n);
        counts.live[i] = set_count(set_and(r.live, mine, n), n);
        counts.quiet[i] = set_count(set_and(quiet, mine, n), n);
    }
    return counts;
}

static void add_count_pair(FeatureList *list, const int count[2])
{
    for (int i = 0; i < 2; i++) {
        feature_add(list, feature_capped(count[i], COUNT_TOP));
        feature_block_end(list, COUNT_TOP + 1);
    }
}

static void add_lead(FeatureList *list, const int count[2])
{
    feature_add(list, feature_capped(count[0] - count[1] + LEAD_TOP, LEAD_SIZE - 1));
    feature_block_end(list, LEAD_SIZE);
}

CLONES_POPCNT int roomandpillar_nn_features(const Position *pos, uint16_t *active)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    if (b->width != NN_SIDE || b->height != NN_SIDE)
        return -1;
    RemovalCounts counts = removal_counts(b);
    FeatureList list = feature_list(active);
    add_count_pair(&list, counts.open);
    add_count_pair(&list, counts.safe);
    add_lead(&list, counts.open);
    add_lead(&list, counts.safe);
    add_lead(&list, counts.live);
    add_count_pair(&list, counts.quiet);
    add_lead(&list, counts.quiet);
    feature_add(&list, feature_capped(set_count(b->empty, NN_WORDS) / 2, PHASE_TOP));
    feature_block_end(&list, PHASE_TOP + 1);
    feature_add(&list, b->swap_available ? 1 : 0);
    feature_block_end(&list, 2);
    feature_add(&list, b->side);
    return list.count;
}
