/*
 * qawale/features.c - Qawale's network inputs (Game.nn_features), seen
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
 * 830 inputs, 93 active.  The same encoding seen by either colour
 * ("us" the colour given, the side block still the colour to move) is
 * one-hot per square, line, reserve and side, so two positions seen by
 * one colour differ by pairs (an input of a block left, another of the
 * same block came), and only where a stack, a line's tops, a reserve or
 * the side differs.  That is what qawale_nn_feature_changes lists for the
 * search's accumulators, without listing either position's 93 inputs: a
 * sowing changes a few stacks, and a child is its parent's sums seen by
 * the child's mover plus those pairs.
 *
 * Policy outputs (Game.policy_index, qawale/policy.c): whole turns, too
 * many to index one by one, in classes: (start * 4 + first direction) *
 * 16 + the last drop's square, 1024 entries; turns sharing an entry share
 * their first decision (stack and first direction) and where the mover's
 * pebble lands.  No colour transform (the board belongs to neither).
 */
#include "games/features.h"
#include "games/qawale/qawale.h"

enum { KINDS = 4, COUNT_TOP = QAWALE_PEBBLES_PER_KIND, LINES = 10 };

/* Where each block starts in the input vector. */
enum {
    TOPS = 0,
    SECONDS = TOPS + QAWALE_SQUARES * KINDS,
    CONTENTS = SECONDS + QAWALE_SQUARES * KINDS,
    LINE_INPUTS = CONTENTS + QAWALE_SQUARES * 3 * (COUNT_TOP + 1),
    RESERVES = LINE_INPUTS + LINES * 25,
    SIDE = RESERVES + 2 * (COUNT_TOP + 1),
};

/* Where each block's active inputs sit in the list (one per square, line
 * or reserve, blocks in order, so the list ascends). */
enum {
    AT_TOPS = 0,
    AT_SECONDS = AT_TOPS + QAWALE_SQUARES,
    AT_CONTENTS = AT_SECONDS + QAWALE_SQUARES,
    AT_LINES = AT_CONTENTS + 3 * QAWALE_SQUARES,
    AT_RESERVES = AT_LINES + LINES,
    AT_SIDE = AT_RESERVES + 2,
    ACTIVE = AT_SIDE + 1,
};

_Static_assert(SIDE + 2 == QAWALE_NN_INPUTS, "the blocks above add up to the count the header promises");

/* Pebbles are 2-bit codes (01 neutral, 10 light, 11 dark; 00 above the
 * top), four to a byte of a stack.  Per byte value, how many of each code
 * it holds, packed 5 bits a kind: a whole stack (24 pebbles at most) sums
 * its bytes' entries without one count spilling into the next.  Cheaper
 * than three popcounts a square (a short stack is one or two look-ups);
 * the table is made by the compiler. */
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

/* A pebble code as a colour sees it (none 0, neutral 1, ours 2,
 * theirs 3): light is white's. */
static const uint8_t seen_by[2][4] = {
    [WHITE] = {0, 1, 2, 3},
    [BLACK] = {0, 1, 3, 2},
};

/* What a square's inputs are made of, whoever sees it: its top and
 * second codes (0: none) and how many pebbles of each code it holds,
 * packed as in stack_byte_counts. */
typedef struct {
    int top, second;
    unsigned counts;
} SquareLook;

static inline SquareLook look_at(const QawaleState *st, int s)
{
    const uint64_t stack = st->stacks[s];
    const int height = st->stack_height[s];
    SquareLook look = {0, 0, 0};
    if (height > 0)
        look.top = (int)(stack >> (2 * height - 2)) & 3;
    if (height > 1)
        look.second = (int)(stack >> (2 * height - 4)) & 3;
    for (uint64_t rest = stack; rest; rest >>= 8)
        look.counts += stack_byte_counts[rest & 255];
    return look;
}

static inline uint16_t top_input(int s, int view, int code)
{
    return (uint16_t)(TOPS + s * KINDS + seen_by[view][code]);
}

static inline uint16_t second_input(int s, int view, int code)
{
    return (uint16_t)(SECONDS + s * KINDS + seen_by[view][code]);
}

/* The content input of kind (0 neutral, 1 ours, 2 theirs) of square s. */
static inline uint16_t count_input(int s, int view, int kind, unsigned counts)
{
    static const int shift[2][3] = {[WHITE] = {0, LIGHT_SHIFT, DARK_SHIFT}, [BLACK] = {0, DARK_SHIFT, LIGHT_SHIFT}};
    const int count = (int)(counts >> shift[view][kind] & 31);
    return (uint16_t)(CONTENTS + (s * 3 + kind) * (COUNT_TOP + 1) + feature_capped(count, COUNT_TOP));
}

/* Set bits per byte value: a line's tops are two look-ups, not a 64-bit
 * count (several lines change at every child the search evaluates). */
#define BITS_2(n) n, n + 1, n + 1, n + 2
#define BITS_4(n) BITS_2(n), BITS_2(n + 1), BITS_2(n + 1), BITS_2(n + 2)
#define BITS_6(n) BITS_4(n), BITS_4(n + 1), BITS_4(n + 1), BITS_4(n + 2)
static const uint8_t bits_in_byte[256] = {BITS_6(0), BITS_6(1), BITS_6(1), BITS_6(2)};

static int tops_on_line(uint16_t tops, int line)
{
    const unsigned on_line = tops & qawale_lines[line];
    return bits_in_byte[on_line & 255] + bits_in_byte[on_line >> 8];
}

static uint16_t line_input(const QawaleState *st, int line, int view)
{
    const int ours = tops_on_line(st->top_mask[view], line);
    const int theirs = tops_on_line(st->top_mask[!view], line);
    return (uint16_t)(LINE_INPUTS + line * 25 + ours * 5 + theirs);
}

static uint16_t reserve_input(const QawaleState *st, int whose, int view)
{
    const int colour = whose == 0 ? view : !view;
    return (uint16_t)(RESERVES + whose * (COUNT_TOP + 1) + feature_capped(st->reserve[colour], COUNT_TOP));
}

int qawale_nn_features(const Position *pos, uint16_t *active)
{
    const QawaleState *st = qawale_state(pos);
    const int view = st->side;
    for (int s = 0; s < QAWALE_SQUARES; s++) {
        const SquareLook look = look_at(st, s);
        active[AT_TOPS + s] = top_input(s, view, look.top);
        active[AT_SECONDS + s] = second_input(s, view, look.second);
        for (int kind = 0; kind < 3; kind++)
            active[AT_CONTENTS + 3 * s + kind] = count_input(s, view, kind, look.counts);
    }
    for (int line = 0; line < LINES; line++)
        active[AT_LINES + line] = line_input(st, line, st->side);
    for (int whose = 0; whose < 2; whose++)
        active[AT_RESERVES + whose] = reserve_input(st, whose, st->side);
    active[AT_SIDE] = (uint16_t)(SIDE + st->side);
    return ACTIVE;
}

/* The pairs found so far; full once more would not fit. */
typedef struct {
    uint16_t *removed, *added;
    int count, capacity;
    bool full;
} Changes;

static void note_change(Changes *c, uint16_t was, uint16_t now)
{
    if (was == now)
        return;
    if (c->count == c->capacity) {
        c->full = true;
        return;
    }
    c->removed[c->count] = was;
    c->added[c->count++] = now;
}

int qawale_nn_feature_changes(const Position *from, const Position *to, int view, uint16_t *removed,
                              uint16_t *added, int capacity)
{
    const QawaleState *a = qawale_state(from), *b = qawale_state(to);
    Changes c = {removed, added, 0, capacity, false};
    for (int s = 0; s < QAWALE_SQUARES; s++) {
        if (a->stacks[s] == b->stacks[s]) /* codes are nonzero: the same stack, the same height */
            continue;
        const SquareLook was = look_at(a, s), now = look_at(b, s);
        if (was.top != now.top)
            note_change(&c, top_input(s, view, was.top), top_input(s, view, now.top));
        if (was.second != now.second)
            note_change(&c, second_input(s, view, was.second), second_input(s, view, now.second));
        if (was.counts != now.counts)
            for (int kind = 0; kind < 3; kind++)
                note_change(&c, count_input(s, view, kind, was.counts), count_input(s, view, kind, now.counts));
    }
    const uint16_t tops_changed = (uint16_t)((a->top_mask[WHITE] ^ b->top_mask[WHITE]) |
                                             (a->top_mask[BLACK] ^ b->top_mask[BLACK]));
    for (int line = 0; line < LINES; line++)
        if (qawale_lines[line] & tops_changed)
            note_change(&c, line_input(a, line, view), line_input(b, line, view));
    for (int whose = 0; whose < 2; whose++)
        note_change(&c, reserve_input(a, whose, view), reserve_input(b, whose, view));
    note_change(&c, (uint16_t)(SIDE + a->side), (uint16_t)(SIDE + b->side));
    return c.full ? -1 : c.count;
}
