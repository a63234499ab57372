/*
 * territoire/standing.c - how each side's series stand and which pawns of
 * its hand are stranded: what the classic evaluation and the network
 * inputs both read (territoire/territoire.h), computed once per side and position.
 *
 * Why a file of its own: the two readers had each walked the series with
 * a flood fill per series (territoire_series_at) and recounted the free
 * squares per value per side, about a quarter of a search with Eval=nn
 * (perf, issue 16).  Here a series is found from its two ends: a pawn
 * with no pawn of its colour below it starts one, the next pawn with none
 * above it ends it, so each series costs a few bit operations whatever
 * its length, and its two sides are the squares just outside its ends.
 */
#include "games/territoire/territoire.h"

#include <string.h>

#include "util/bits.h"

static int square_below(int square) { return square == 0 ? TERRITOIRE_SQUARES - 1 : square - 1; }

static int square_above(int square) { return square == TERRITOIRE_SQUARES - 1 ? 0 : square + 1; }

/* The first of squares (not empty) at or after square, round the ring. */
static int first_from(uint64_t squares, int square)
{
    const uint64_t ahead = squares & (~0ULL << square);
    return __builtin_ctzll(ahead ? ahead : squares);
}

/* RULES.md's reading of a series's sides (the squares beside its ends),
 * without branches: which kind a series is varies from one to the next,
 * and mispredicted branches were most of this file's time.  A series that
 * leaves one square of the ring out has that one square on both ends,
 * which cannot be an opponent pawn and free at once: open or safe. */
static TerritoireSeriesKind kind_of_sides(uint64_t sides, uint64_t dead, uint64_t holders, uint64_t free,
                                          uint64_t captor_targets)
{
    const int safe = (sides & dead) != 0;
    const int held = ((sides & holders) != 0) & ((sides & free) != 0);
    const int takeable = held & ((sides & captor_targets) != 0);
    _Static_assert(TERRITOIRE_SERIES_SAFE == 0 && TERRITOIRE_SERIES_OPEN == 1 && TERRITOIRE_SERIES_EXPOSED == 2 &&
                       TERRITOIRE_SERIES_TAKEABLE == 3,
                   "the kinds in the order the sum below gives them");
    return (TerritoireSeriesKind)((TERRITOIRE_SERIES_OPEN + held + takeable) * !safe);
}

/* Counted straight into out: a copy of a local made of the increments
 * just stored stalled on every call (wide loads of narrow stores). */
void territoire_standing(const TerritoireState *st, int colour, uint64_t captor_targets, TerritoireStanding *out)
{
    memset(out, 0, sizeof *out);
    const uint64_t pawns = st->pawns[colour];
    const uint64_t starts = pawns & ~territoire_ring_up(pawns);
    if (pawns != 0 && starts == 0) { /* the whole ring, one series with no sides: never taken */
        const int longest = TERRITOIRE_SERIES_LENGTHS - 1;
        out->pawns[TERRITOIRE_SERIES_SAFE] = popcount64(pawns);
        out->series[longest][TERRITOIRE_SERIES_SAFE] = 1;
        out->present = 1u << (longest * TERRITOIRE_SERIES_KINDS + TERRITOIRE_SERIES_SAFE);
    }
    const uint64_t ends = pawns & ~territoire_ring_down(pawns);
    const uint64_t free = territoire_free_squares(st), holders = st->pawns[!colour];
    for (uint64_t left = starts; left; left &= left - 1) {
        const int first = __builtin_ctzll(left), last = first_from(ends, first);
        int length = last - first + 1;
        length += length < 0 ? TERRITOIRE_SQUARES : 0; /* it runs on from square 36 to square 1 */
        const uint64_t sides = 1ULL << square_below(first) | 1ULL << square_above(last);
        const TerritoireSeriesKind kind = kind_of_sides(sides, st->dead, holders, free, captor_targets);
        const int length_index = (length < TERRITOIRE_SERIES_LENGTHS ? length : TERRITOIRE_SERIES_LENGTHS) - 1;
        out->series[length_index][kind]++;
        out->present |= 1u << (length_index * TERRITOIRE_SERIES_KINDS + kind);
        out->pawns[kind] += length;
    }
}

/* Byte v set to 1 for v = 1..size: the values a group of size pawns
 * still needs a square of. */
static uint64_t values_needed(int size)
{
    return ((1ULL << (8 * size + 8)) - 1) & 0x0101010101010100ULL;
}

void territoire_supply(const TerritoireState *st, TerritoireSupply *out)
{
    const uint64_t free = territoire_free_squares(st);
    out->free[0] = 0;
    out->free_lanes = 0;
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++) {
        out->free[value] = popcount64(st->value_squares[value] & free);
        out->free_lanes |= (uint64_t)out->free[value] << (8 * value);
    }
}

/* Per value, in its own byte, the groups needing it (at most 3) less its
 * free squares (at most 6), kept where not negative and summed: byte
 * lanes biased by 128 so that no lane borrows from the next. */
int territoire_stranded_pawns(const TerritoireState *st, int colour, const TerritoireSupply *supply)
{
    const uint64_t lanes = 0x0101010101010101ULL, bias = 0x80 * lanes;
    const uint8_t *groups = st->groups[colour];
    const uint64_t demand = values_needed(groups[0]) + values_needed(groups[1]) + values_needed(groups[2]);
    const uint64_t biased = (demand | bias) - supply->free_lanes;
    const uint64_t not_negative = ((biased & bias) >> 7) * 0xFF;
    const uint64_t short_of = (biased ^ bias) & not_negative;
    return (int)((short_of * lanes) >> 56);
}
