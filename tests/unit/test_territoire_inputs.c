/*
 * test_territoire_inputs.c - Territoire's network inputs and the series
 * standings the classic evaluation shares with them (territoire/standing.c)
 * equal a slow, plain reference: the inputs as first written (issue 16),
 * a flood fill per series and the free squares recounted per side.  The
 * product reads the series from their ends, once per side and position;
 * these tests hold it to the very same values along random games, inside
 * turns too, and on random boards no game reaches (a series of the whole
 * ring, or of all squares but one).
 */
#include "harness.h"
#include "gametest.h"

#include "games/territoire/territoire.h"
#include "nn/network.h"
#include "util/bits.h"
#include "util/rng.h"

static const Game *const G = &territoire_game;

/* ---- the reference ------------------------------------------------------ */

/* The series are found by the rules' own flood fill (territoire_series_at,
 * which the captures use and test_territoire checks), not by the series'
 * ends as the product's standing does. */

static TerritoireSeriesKind reference_kind(const TerritoireState *st, int colour, uint64_t series, uint64_t captor_targets)
{
    const uint64_t sides = (territoire_ring_up(series) | territoire_ring_down(series)) & ~series;
    if (sides == 0 || (sides & st->dead))
        return TERRITOIRE_SERIES_SAFE;
    if (popcount64(sides) != 2 || !(sides & st->pawns[!colour]) || !(sides & territoire_free_squares(st)))
        return TERRITOIRE_SERIES_OPEN;
    return (sides & captor_targets) ? TERRITOIRE_SERIES_TAKEABLE : TERRITOIRE_SERIES_EXPOSED;
}

static TerritoireStanding reference_standing(const TerritoireState *st, int colour, uint64_t captor_targets)
{
    TerritoireStanding standing;
    memset(&standing, 0, sizeof standing);
    uint64_t seen = 0;
    for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
        if (!(st->pawns[colour] >> s & 1) || (seen >> s & 1))
            continue;
        const uint64_t series = territoire_series_at(st->pawns[colour], s);
        seen |= series;
        const int pawns = popcount64(series);
        const TerritoireSeriesKind kind = reference_kind(st, colour, series, captor_targets);
        standing.series[(pawns < 4 ? pawns : 4) - 1][kind]++;
        standing.pawns[kind] += pawns;
    }
    for (int cell = 0; cell < 16; cell++)
        if (standing.series[cell / 4][cell % 4] > 0)
            standing.present |= 1u << cell;
    return standing;
}

static int reference_stranded(const TerritoireState *st, int colour)
{
    const uint64_t free = territoire_free_squares(st);
    int stranded = 0;
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++) {
        int demand = 0;
        for (int slot = 0; slot < TERRITOIRE_GROUPS; slot++)
            demand += st->groups[colour][slot] >= value;
        const int supply = popcount64(st->value_squares[value] & free);
        stranded += demand > supply ? demand - supply : 0;
    }
    return stranded;
}

static int capped(int value, int top) { return value < 0 ? 0 : value > top ? top : value; }

/* The inputs in the header's order (territoire/features.c), each block
 * written out with its size. */
typedef struct {
    uint16_t *active;
    int count, base;
} ReferenceList;

static void put(ReferenceList *list, int index) { list->active[list->count++] = (uint16_t)(list->base + index); }
static void close_block(ReferenceList *list, int size) { list->base += size; }

static void reference_standing_inputs(ReferenceList *list, const TerritoireState *st, const int sides[2],
                                      const uint64_t targets[2])
{
    const TerritoireStanding standing[2] = {reference_standing(st, sides[0], targets[1]),
                                            reference_standing(st, sides[1], targets[0])};
    for (int i = 0; i < 2; i++) {
        const uint8_t *pawns = standing[i].pawns;
        put(list, (i * 3 + 0) * 19 + capped(pawns[TERRITOIRE_SERIES_SAFE], 18));
        put(list, (i * 3 + 1) * 19 + capped(pawns[TERRITOIRE_SERIES_EXPOSED] + pawns[TERRITOIRE_SERIES_TAKEABLE], 18));
        put(list, (i * 3 + 2) * 19 + capped(pawns[TERRITOIRE_SERIES_TAKEABLE], 18));
    }
    close_block(list, 2 * 3 * 19);
    for (int i = 0; i < 2; i++)
        for (int length = 0; length < 4; length++)
            for (int kind = 0; kind < 4; kind++)
                if (standing[i].series[length][kind] > 0)
                    put(list, i * 48 + (length * 4 + kind) * 3 + capped(standing[i].series[length][kind], 3) - 1);
    close_block(list, 2 * 48);
}

static int reference_inputs(const Position *pos, uint16_t *active)
{
    const TerritoireState *st = territoire_state(pos);
    const int sides[2] = {st->side, !st->side};
    const uint64_t targets[2] = {territoire_placeable_squares(st, sides[0]), territoire_placeable_squares(st, sides[1])};
    ReferenceList list = {active, 0, 0};
    put(&list, capped(territoire_score(st, sides[0]) - territoire_score(st, sides[1]) + 20, 40));
    close_block(&list, 41);
    for (int i = 0; i < 2; i++)
        for (int g = 0; g < 3; g++)
            put(&list, (i * 3 + g) * 7 + st->groups[sides[i]][g]);
    close_block(&list, 42);
    for (int i = 0; i < 2; i++)
        put(&list, i * 19 + capped(territoire_pawns_in_hand(st, sides[i]), 18));
    close_block(&list, 38);
    for (int i = 0; i < 2; i++)
        put(&list, i * 19 + capped(st->captures[sides[i]], 18));
    close_block(&list, 38);
    put(&list, capped(st->steps_done, 3));
    close_block(&list, 4);
    const uint64_t free = territoire_free_squares(st);
    for (int value = 1; value <= 6; value++)
        put(&list, (value - 1) * 7 + capped(popcount64(st->value_squares[value] & free), 6));
    close_block(&list, 42);
    for (int i = 0; i < 2; i++)
        put(&list, i * 10 + capped(reference_stranded(st, sides[i]), 9));
    close_block(&list, 20);
    const uint64_t golden = 1ULL << st->golden;
    put(&list, (st->pawns[sides[0]] & golden) ? 1 : (st->pawns[sides[1]] & golden) ? 2 : (st->dead & golden) ? 3 : 0);
    close_block(&list, 4);
    put(&list, st->square_value[st->golden] - 1);
    close_block(&list, 6);
    put(&list, (targets[0] & golden) ? 0 : (targets[1] & golden) ? 1 : 2);
    close_block(&list, 3);
    reference_standing_inputs(&list, st, sides, targets);
    for (int i = 0; i < 2; i++)
        put(&list, i * 19 + capped(popcount64(targets[i]), 18));
    close_block(&list, 38);
    CHECK_EQ_INT(list.base, TERRITOIRE_NN_INPUTS);
    return list.count;
}

/* ---- the comparisons ---------------------------------------------------- */

static bool same_standing(const TerritoireStanding *a, const TerritoireStanding *b)
{
    return memcmp(a->pawns, b->pawns, sizeof a->pawns) == 0 && memcmp(a->series, b->series, sizeof a->series) == 0 &&
           a->present == b->present;
}

/* Both colours, read with either side's placeable squares as the captor's. */
static void check_standings(const TerritoireState *st)
{
    const uint64_t targets[3] = {territoire_placeable_squares(st, WHITE), territoire_placeable_squares(st, BLACK),
                                 territoire_free_squares(st)};
    for (int colour = 0; colour < 2; colour++)
        for (int t = 0; t < 3; t++) {
            TerritoireStanding fast;
            territoire_standing(st, colour, targets[t], &fast);
            const TerritoireStanding slow = reference_standing(st, colour, targets[t]);
            CHECK(same_standing(&fast, &slow));
        }
}

static void check_stranded(const TerritoireState *st)
{
    TerritoireSupply supply;
    territoire_supply(st, &supply);
    for (int colour = 0; colour < 2; colour++)
        CHECK_EQ_INT(territoire_stranded_pawns(st, colour, &supply), reference_stranded(st, colour));
}

static void check_inputs(const Position *pos)
{
    uint16_t fast[NN_MAX_ACTIVE], slow[NN_MAX_ACTIVE];
    const int count = G->nn_features(pos, fast);
    CHECK_EQ_INT(count, reference_inputs(pos, slow));
    CHECK(count > 0 && memcmp(fast, slow, (size_t)count * sizeof fast[0]) == 0);
    check_standings(territoire_state(pos));
    check_stranded(territoire_state(pos));
}

/* Step by step, so the positions inside a turn (after its first and
 * second placements, which the searches evaluate too) are checked. */
static void test_territoire_inputs_equal_the_reference_in_games(void)
{
    Rng rng;
    rng_seed(&rng, 16);
    int positions = 0, captures = 0;
    for (int game = 0; game < 300; game++) {
        Position pos;
        G->random_start(&pos, rng_next(&rng));
        while (G->outcome(&pos) == OUTCOME_ONGOING) {
            check_inputs(&pos);
            positions++;
            Move steps[MAX_STEPS_PER_NODE];
            const int count = G->generate_steps(&pos, steps, MAX_STEPS_PER_NODE);
            G->play_step(&pos, steps[rng_below(&rng, (uint64_t)count)]);
        }
        check_inputs(&pos);
        const TerritoireState *st = territoire_state(&pos);
        captures += st->captures[BLACK] + st->captures[WHITE];
    }
    CHECK(positions > 10000);
    CHECK(captures > 300); /* dead squares and safe series were met */
}

/* Largest first, as the rules keep them. */
static void random_groups(Rng *rng, uint8_t groups[TERRITOIRE_GROUPS])
{
    groups[0] = (uint8_t)rng_below(rng, TERRITOIRE_GROUP_MAX + 1);
    for (int slot = 1; slot < TERRITOIRE_GROUPS; slot++)
        groups[slot] = (uint8_t)rng_below(rng, (uint64_t)groups[slot - 1] + 1);
}

/* Random boards and hands, most of them no game reaches: long series,
 * one crossing from square 36 to square 1, the whole ring or all of it
 * but one square, and hands that find too few squares (in play a side
 * is never stranded: each value's free squares are as many as both
 * sides' groups still need of it, fewer only after discards). */
static void test_territoire_standing_equals_the_reference_on_boards(void)
{
    Rng rng;
    rng_seed(&rng, 61);
    Position pos;
    G->random_start(&pos, 7);
    TerritoireState st = *territoire_state(&pos);
    for (int board = 0; board < 20000; board++) {
        const int density = (int)rng_below(&rng, 8);
        st.pawns[BLACK] = st.pawns[WHITE] = st.dead = 0;
        for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
            const int roll = (int)rng_below(&rng, 8);
            const uint64_t bit = 1ULL << s;
            if (roll < density)
                st.pawns[board % 2] |= bit;
            else if (roll == density)
                st.pawns[!(board % 2)] |= bit;
            else if (roll == density + 1 && board % 3 == 0)
                st.dead |= bit;
        }
        for (int colour = 0; colour < 2; colour++)
            random_groups(&rng, st.groups[colour]);
        check_standings(&st);
        check_stranded(&st);
    }
    const uint64_t boards[3] = {TERRITOIRE_RING, TERRITOIRE_RING & ~(1ULL << 0), TERRITOIRE_RING & ~(1ULL << 20)};
    for (int b = 0; b < 3; b++)
        for (int dead = 0; dead < 2; dead++) {
            st.pawns[BLACK] = boards[b];
            st.pawns[WHITE] = 0;
            st.dead = dead ? TERRITOIRE_RING & ~boards[b] : 0;
            check_standings(&st);
        }
}

/* The cases by hand: a series across the seam held by light on square 35
 * with square 3 free (exposed), and one beside a dead square (safe). */
static void test_territoire_standing_of_a_series_across_the_seam(void)
{
    Position pos;
    /* dark on 36, 1, 2; light on 35; 3 free; dark on 10 beside dead 11 */
    if (!load_position(G, "3b6b2.5.1.4.4.5.1.6b3x2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5w3b 19 b 443 665 0 1",
                       &pos))
        return;
    TerritoireStanding dark;
    territoire_standing(territoire_state(&pos), BLACK, 0, &dark);
    CHECK_EQ_INT(dark.series[2][TERRITOIRE_SERIES_EXPOSED], 1);
    CHECK_EQ_INT(dark.pawns[TERRITOIRE_SERIES_EXPOSED], 3);
    CHECK_EQ_INT(dark.series[0][TERRITOIRE_SERIES_SAFE], 1);
    CHECK_EQ_INT(dark.pawns[TERRITOIRE_SERIES_SAFE], 1);
    territoire_standing(territoire_state(&pos), BLACK, 1ULL << 2, &dark);
    CHECK_EQ_INT(dark.pawns[TERRITOIRE_SERIES_TAKEABLE], 3);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_territoire_inputs_equal_the_reference_in_games);
    RUN(test_territoire_standing_equals_the_reference_on_boards);
    RUN(test_territoire_standing_of_a_series_across_the_seam);
    return harness_end();
}
