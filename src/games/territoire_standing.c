/*
 * territoire_standing.c - how each side's series stand and which pawns of
 * its hand are stranded: what the classic evaluation and the network
 * inputs both read (territoire.h), computed once per side and position.
 *
 * Why a file of its own: the two readers had each walked the series with
 * a flood fill per series (territoire_series_at) and recounted the free
 * squares per value per side, about a quarter of a search with Eval=nn
 * (perf, issue 16).  Here a series is found from its two ends: a pawn
 * with no pawn of its colour below it starts one, the next pawn with none
 * above it ends it, so each series costs a few bit operations whatever
 * its length, and its two sides are the squares just outside its ends.
 */
#include "games/territoire.h"

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

void territoire_standing(const TerritoireState *st, int colour, uint64_t captor_targets, TerritoireStanding *out)
{
    TerritoireStanding standing = {{0}, {{0}}};
    const uint64_t pawns = st->pawns[colour];
    const uint64_t starts = pawns & ~territoire_ring_up(pawns);
    if (pawns != 0 && starts == 0) { /* the whole ring, one series with no sides: never taken */
        standing.pawns[TERRITOIRE_SERIES_SAFE] = popcount64(pawns);
        standing.series[TERRITOIRE_SERIES_LENGTHS - 1][TERRITOIRE_SERIES_SAFE] = 1;
    }
    const uint64_t ends = pawns & ~territoire_ring_down(pawns);
    const uint64_t free = territoire_free_squares(st), holders = st->pawns[!colour];
    for (uint64_t left = starts; left; left &= left - 1) {
        const int first = __builtin_ctzll(left), last = first_from(ends, first);
        int length = last - first + 1;
        length += length < 0 ? TERRITOIRE_SQUARES : 0; /* it runs on from square 36 to square 1 */
        const uint64_t sides = 1ULL << square_below(first) | 1ULL << square_above(last);
        const TerritoireSeriesKind kind = kind_of_sides(sides, st->dead, holders, free, captor_targets);
        standing.series[(length < TERRITOIRE_SERIES_LENGTHS ? length : TERRITOIRE_SERIES_LENGTHS) - 1][kind]++;
        standing.pawns[kind] += length;
    }
    *out = standing;
}

void territoire_free_by_value(const TerritoireState *st, int free_by_value[TERRITOIRE_GROUP_MAX + 1])
{
    const uint64_t free = territoire_free_squares(st);
    free_by_value[0] = 0;
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++)
        free_by_value[value] = popcount64(st->value_squares[value] & free);
}

/* A value v is needed once by every group of v pawns or more (groups are
 * largest first, so only values up to the largest group count). */
int territoire_stranded_pawns(const TerritoireState *st, int colour, const int free_by_value[TERRITOIRE_GROUP_MAX + 1])
{
    const uint8_t *groups = st->groups[colour];
    int stranded = 0;
    for (int value = 1; value <= groups[0]; value++) {
        const int demand = (groups[0] >= value) + (groups[1] >= value) + (groups[2] >= value);
        if (demand > free_by_value[value])
            stranded += demand - free_by_value[value];
    }
    return stranded;
}
