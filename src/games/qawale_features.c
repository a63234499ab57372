/*
 * qawale_features.c - Qawale's network inputs (Game.nn_features), seen
 * from the side to move ("us": light when white moves), in blocks:
 *
 *   tops      per square its top pebble (none, neutral, us, them): 16 x 4;
 *   seconds   per square the pebble under the top, the same way: 16 x 4
 *             (a sowing lifts the stack and uncovers it);
 *   contents  per square how many pebbles of each kind (neutral, us, them)
 *             it holds, 0..8: 16 x 3 x 9;
 *   lines     per line (4 rows, 4 columns, 2 diagonals) how many of its
 *             tops are ours (0..4) and theirs (0..4): 10 x 25 (four in a
 *             line is the win a small net could not see from the tops);
 *   reserves  our pebbles in hand 0..8, theirs 0..8: 2 x 9;
 *   side      the colour to move (white, black): 2.
 *
 * 830 inputs, 93 active.
 */
#include "games/features.h"
#include "games/qawale.h"
#include "util/bits.h"

enum { KINDS = 4, COUNT_TOP = QAWALE_PEBBLES_PER_KIND, LINES = 10 };

_Static_assert(QAWALE_NN_INPUTS == 2 * QAWALE_SQUARES * KINDS + QAWALE_SQUARES * 3 * (COUNT_TOP + 1) +
                                  LINES * 25 + 2 * (COUNT_TOP + 1) + 2,
               "the blocks below add up to the count the header promises");

/* Pebbles are 2-bit codes (01 neutral, 10 light, 11 dark; 00 above the
 * top), four to a byte of a stack.  Per byte value, how many of each code
 * it holds, packed 5 bits a kind: a whole stack (24 pebbles at most) sums
 * its bytes' entries without one count spilling into the next.  Cheaper
 * than three popcounts a square at every network evaluation (a short
 * stack is one or two look-ups); the table is made by the compiler. */
enum { LIGHT_SHIFT = 5, DARK_SHIFT = 10 };
#define CODE_COUNT(code)                                                                                  \
    ((code) == QAWALE_NEUTRAL ? 1u                                                                      \
     : (code) == QAWALE_LIGHT ? 1u << LIGHT_SHIFT                                                       \
     : (code) == QAWALE_DARK  ? 1u << DARK_SHIFT                                                        \
                              : 0u)
#define BYTE_COUNTS(b)                                                                                    \
    (CODE_COUNT((b)&3) + CODE_COUNT((b) >> 2 & 3) + CODE_COUNT((b) >> 4 & 3) + CODE_COUNT((b) >> 6 & 3))
#define COUNTS_4(b) BYTE_COUNTS(b), BYTE_COUNTS((b) + 1), BYTE_COUNTS((b) + 2), BYTE_COUNTS((b) + 3)
#define COUNTS_16(b) COUNTS_4(b), COUNTS_4((b) + 4), COUNTS_4((b) + 8), COUNTS_4((b) + 12)
#define COUNTS_64(b) COUNTS_16(b), COUNTS_16((b) + 16), COUNTS_16((b) + 32), COUNTS_16((b) + 48)
static const uint16_t stack_byte_counts[256] = {COUNTS_64(0), COUNTS_64(64), COUNTS_64(128), COUNTS_64(192)};

/* A pebble code as seen by colour: none 0, neutral 1, ours 2, theirs 3. */
static int relative_kind(int pebble, int colour)
{
    if (pebble == QAWALE_NONE || pebble == QAWALE_NEUTRAL)
        return pebble;
    const int ours = colour == WHITE ? QAWALE_LIGHT : QAWALE_DARK;
    return pebble == ours ? 2 : 3;
}

static int pebble_from_top(const QawaleState *st, int square, int depth)
{
    const int level = st->stack_height[square] - 1 - depth;
    return level < 0 ? QAWALE_NONE : qawale_pebble_at(st, square, level);
}

static void add_stacks(FeatureList *list, const QawaleState *st)
{
    for (int depth = 0; depth < 2; depth++) {
        for (int s = 0; s < QAWALE_SQUARES; s++)
            feature_add(list, s * KINDS + relative_kind(pebble_from_top(st, s, depth), st->side));
        feature_block_end(list, QAWALE_SQUARES * KINDS);
    }
    const int ours = st->side == WHITE ? QAWALE_LIGHT : QAWALE_DARK;
    for (int s = 0; s < QAWALE_SQUARES; s++) {
        unsigned packed = 0;
        for (uint64_t stack = st->stacks[s]; stack; stack >>= 8)
            packed += stack_byte_counts[stack & 255];
        const int light = (int)(packed >> LIGHT_SHIFT & 31), dark = (int)(packed >> DARK_SHIFT & 31);
        const int count[3] = {(int)(packed & 31), ours == QAWALE_LIGHT ? light : dark,
                              ours == QAWALE_LIGHT ? dark : light};
        for (int kind = 0; kind < 3; kind++)
            feature_add(list, (s * 3 + kind) * (COUNT_TOP + 1) + feature_capped(count[kind], COUNT_TOP));
    }
    feature_block_end(list, QAWALE_SQUARES * 3 * (COUNT_TOP + 1));
}

int qawale_nn_features(const Position *pos, uint16_t *active)
{
    const QawaleState *st = qawale_state(pos);
    const int us = st->side, them = !st->side;
    FeatureList list = feature_list(active);
    add_stacks(&list, st);
    for (int line = 0; line < LINES; line++) {
        const int ours = popcount64(qawale_lines[line] & st->top_mask[us]);
        const int theirs = popcount64(qawale_lines[line] & st->top_mask[them]);
        feature_add(&list, line * 25 + ours * 5 + theirs);
    }
    feature_block_end(&list, LINES * 25);
    feature_add(&list, feature_capped(st->reserve[us], COUNT_TOP));
    feature_add(&list, COUNT_TOP + 1 + feature_capped(st->reserve[them], COUNT_TOP));
    feature_block_end(&list, 2 * (COUNT_TOP + 1));
    feature_add(&list, us);
    return list.count;
}
