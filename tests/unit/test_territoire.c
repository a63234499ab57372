/* test_territoire.c - Territoire's rules (RULES.md section 4), one test per case. */
#include "harness.h"
#include "gametest.h"

#include "games/territoire/territoire.h"
#include "util/rng.h"

static const Game *const G = &territoire_game;

#define START "3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"
#define SECOND "3.6b2.5b1.4.4.5b1.6b3w2.1.2w5.3.4b6w6.3.4.2.5w1.5.1.3.4.2.6w2.4w6b1.5.3. 19 b 543 651 0 0"

/* Plays the single step whose text is `text` through the step hooks. */
static bool place_step(Position *pos, const char *text)
{
    Move steps[MAX_STEPS_PER_NODE];
    int count = G->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    for (int i = 0; i < count; i++) {
        char buf[MOVE_TEXT_MAX];
        G->format_move(pos, G->join_steps(&steps[i], 1), buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            G->play_step(pos, steps[i]);
            return true;
        }
    }
    char m[256];
    snprintf(m, sizeof m, "step %s is not legal", text);
    harness_fail(__FILE__, __LINE__, m);
    return false;
}

/* ---- reference perft ------------------------------------------------- */

static void test_territoire_start_perft_1_2(void)
{
    CHECK_EQ_U64(perft_of(G, START, 1), 696);
    CHECK_EQ_U64(perft_of(G, START, 2), 200520);
}

static void test_territoire_start_perft_3(void)
{
    if (!harness_slow_allowed())
        return;
    CHECK_EQ_U64(perft_of(G, START, 3), 231413760);
}

static void test_territoire_second_position_perft(void)
{
    CHECK_EQ_U64(perft_of(G, SECOND, 1), 1267);
    CHECK_EQ_U64(perft_of(G, SECOND, 2), 368580);
}

/* count_moves is a shortcut; it must count what generate_moves streams. */
static void test_territoire_count_moves_matches_generated_turns(void)
{
    const char *fens[] = {
        START,
        SECOND,
        "3.6b2b5.1b4.4.5.1b6.3.2b1b2b5.3.4.6.6.3.4.2b5.1b5.1b3.4.2b6.2b4.6.1b5.3. 19 b 210 333 0 0",
        "3b6.2.5.1.4.4.5.1.6.3b2.1.2.5.3b4.6.6.3b4.2.5.1.5.1.3b4.2.6.2.4.6.1.5.3b 19 b 300 666 0 0",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        CHECK_EQ_U64(counted_moves(G, fens[i]), streamed_count(G, fens[i]));
}

/* ---- turn structure ---------------------------------------------------- */

static void test_territoire_first_pawns_go_on_sixes(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK(is_legal_text(G, &pos, "2,10,4"));   /* 6, 6, then a 5 */
    CHECK(is_legal_text(G, &pos, "2,10,18"));  /* three 6s */
    CHECK_CONTAINS(move_rejection(G, &pos, "1,2,10"), "square 1 shows 3 but no group holds 3 pawns");
    CHECK_CONTAINS(move_rejection(G, &pos, "2,4,8"), "step 3: square 8 shows 5");
}

static void test_territoire_equal_groups_give_one_placement(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    Move steps[MAX_STEPS_PER_NODE];
    /* three groups of 6: one step per 6-square, not one per group */
    CHECK_EQ_INT(G->generate_steps(&pos, steps, MAX_STEPS_PER_NODE), 6);
}

static void test_territoire_turn_has_three_steps(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK_CONTAINS(move_rejection(G, &pos, "2,10"), "this turn has 3 steps, the move has 2");
    CHECK_CONTAINS(move_rejection(G, &pos, "2,10,18,19"), "the move has more");
    CHECK_CONTAINS(move_rejection(G, &pos, "2,2,10"), "square 2 was already placed on this turn");
    CHECK_CONTAINS(move_rejection(G, &pos, "2,,10"), "step 2: '' is neither");
    CHECK_CONTAINS(move_rejection(G, &pos, "2,37,10"), "'37' is neither a square 1-36");
}

static void test_territoire_last_turn_has_fewer_steps(void)
{
    Position pos;
    /* dark holds two pawns: its turn is two placements */
    if (!load_position(G, "3.6b2.5b1.4.4.5b1.6b3w2.1.2w5.3.4b6w6.3.4.2.5w1.5.1.3.4.2.6w2.4w6b1.5.3. 19 b 110 651 0 0",
                       &pos))
        return;
    CHECK(is_legal_text(G, &pos, "5,9"));
    CHECK_CONTAINS(move_rejection(G, &pos, "5,9,13"), "this turn has 2 steps");
    CHECK_EQ_INT(G->turns_left(&pos), 1);
    play_moves(G, &pos, "5,9");
    CHECK_EQ_INT(G->side_to_move(&pos), WHITE);
}

static void test_territoire_placed_square_must_be_free(void)
{
    Position pos;
    if (!load_position(G, SECOND, &pos))
        return;
    CHECK_CONTAINS(move_rejection(G, &pos, "4,7,6"), "square 4 is taken by dark");
    CHECK_CONTAINS(move_rejection(G, &pos, "23,7,6"), "square 23 is taken by light");
    Position dead;
    if (!load_position(G, "3.6.2.5.1.4.4.5w1x6w3b2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 643 543 1 0",
                       &dead))
        return;
    CHECK_CONTAINS(move_rejection(G, &dead, "9,5,13"), "square 9 is dead");
}

/* ---- captures ---------------------------------------------------------- */

static void test_territoire_capture_on_both_sides_of_a_placement(void)
{
    Position pos;
    /* b4 w5 . w7 w8 b9: dark on 6 flanks both light series */
    if (!load_position(G, "3.6.2.5b1w4.4w5w1b6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &pos))
        return;
    place_step(&pos, "6");
    CHECK_STR(fen_of(G, &pos),
              "3.6.2.5b1x4b4x5x1b6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 533 544 3 0");
    CHECK_EQ_INT(territoire_score(territoire_state(&pos), BLACK), 6);
}

static void test_territoire_capture_across_the_seam(void)
{
    Position pos;
    /* light places 35: dark's series 36-1 lies between 35 and light's 2 */
    if (!load_position(G, "3b6w2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3b 19 w 544 543 0 0",
                       &pos))
        return;
    place_step(&pos, "35");
    CHECK_STR(fen_of(G, &pos),
              "3x6w2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5w3x 19 w 544 443 0 2");
}

static void test_territoire_suicide_of_a_single_pawn(void)
{
    Position pos;
    /* w5 . w7: dark on 6 captures nothing and is flanked */
    if (!load_position(G, "3.6.2.5.1w4.4w5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &pos))
        return;
    place_step(&pos, "6");
    CHECK_STR(fen_of(G, &pos),
              "3.6.2.5.1w4x4w5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 533 544 0 1");
}

static void test_territoire_suicide_takes_the_series_it_joins(void)
{
    Position pos;
    /* w5 . b7 b8 w9: dark on 6 closes its own series 6-8 into a pinch */
    if (!load_position(G, "3.6.2.5.1w4.4b5b1w6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &pos))
        return;
    place_step(&pos, "6");
    CHECK_STR(fen_of(G, &pos),
              "3.6.2.5.1w4x4x5x1w6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 533 544 0 3");
}

static void test_territoire_capture_saves_the_placed_pawn(void)
{
    Position pos;
    /* w5 . w7 b8: dark on 6 is pinched, but it takes 7 first and stays */
    if (!load_position(G, "3.6.2.5.1w4.4w5b1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &pos))
        return;
    place_step(&pos, "6");
    CHECK_STR(fen_of(G, &pos),
              "3.6.2.5.1w4b4x5b1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 533 544 1 0");
}

static void test_territoire_dead_squares_break_series(void)
{
    Position pos;
    /* w8 x9 w10 b11: dark on 7 would flank 8-10 if the dead square joined them */
    if (!load_position(G, "3.6.2.5.1.4.4.5w1x6w3b2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 543 1 0",
                       &pos))
        return;
    place_step(&pos, "7");
    CHECK_STR(fen_of(G, &pos),
              "3.6.2.5.1.4.4b5w1x6w3b2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 533 543 1 0");
}

/* 18 pawns a side cannot fill the ring, so no position string holds a
 * full-ring series: the rule is checked on the series helper itself. */
static void test_territoire_full_ring_series_is_never_flanked(void)
{
    CHECK_EQ_U64(territoire_flanked_series(TERRITOIRE_RING, 0, 5), 0);
    CHECK_EQ_U64(territoire_series_at(TERRITOIRE_RING, 5), TERRITOIRE_RING);
    /* a series with both sides held is flanked, across the seam too */
    uint64_t series = 1ULL << 35 | 1ULL << 0;
    CHECK_EQ_U64(territoire_flanked_series(series, 1ULL << 34 | 1ULL << 1, 0), series);
    CHECK_EQ_U64(territoire_flanked_series(series, 1ULL << 34, 0), 0);
}

static void test_territoire_flanked_series_is_rejected_in_a_position(void)
{
    CHECK_CONTAINS(rejection(G, "3.6.2.5.1w4b4w5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0"),
                   "dark series at square 6 is flanked by light pawns");
}

/* ---- discards ---------------------------------------------------------- */

static void test_territoire_discard_when_no_placement_is_possible(void)
{
    Position pos;
    /* every 1- and 2-square is taken; dark holds groups of 2 and 1 */
    if (!load_position(G, "3.6b2b5.1b4.4.5.1b6.3.2b1b2b5.3.4.6.6.3.4.2b5.1b5.1b3.4.2b6.2b4.6.1b5.3. 19 b 210 333 0 0",
                       &pos))
        return;
    Move moves[8];
    bool overflow;
    CHECK_EQ_INT(collect_moves(G, &pos, moves, 8, &overflow), 2);
    CHECK(is_legal_text(G, &pos, "x2,x1,x1"));
    CHECK(is_legal_text(G, &pos, "x1,x2,x1"));
    CHECK_CONTAINS(move_rejection(G, &pos, "x3,x1,x1"), "no group holds 3 pawns");
    play_moves(G, &pos, "x1,x2,x1");
    CHECK_STR(fen_of(G, &pos),
              "3.6b2b5.1b4.4.5.1b6.3.2b1b2b5.3.4.6.6.3.4.2b5.1b5.1b3.4.2b6.2b4.6.1b5.3. 19 w 000 333 0 0");
}

static void test_territoire_discard_then_place(void)
{
    Position pos;
    /* every 3-square is taken: dark's group of 3 sheds a pawn, then plays on */
    if (!load_position(G, "3b6.2.5.1.4.4.5.1.6.3b2.1.2.5.3b4.6.6.3b4.2.5.1.5.1.3b4.2.6.2.4.6.1.5.3b 19 b 300 666 0 0",
                       &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 36);
    CHECK(is_legal_text(G, &pos, "x3,3,5"));
    CHECK_CONTAINS(move_rejection(G, &pos, "3,x3,5"), "square 3 shows 2 but no group holds 2 pawns");
}

static void test_territoire_discard_refused_while_a_placement_exists(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK_CONTAINS(move_rejection(G, &pos, "x6,2,10"), "a discard is allowed only when no placement is possible");
}

/* ---- score and end ----------------------------------------------------- */

static void test_territoire_score_counts_captures_and_golden_square(void)
{
    Position pos;
    /* dark: 5 pawns + 2 captures = 7; light: 6 pawns + golden 19 = 9 */
    if (!load_position(G, "3.6b2.5b1.4b4.5b1.6b3.2w1.2w5.3w4w6.6w3.4w2.5.1.5.1.3.4.2.6x2x4.6.1.5.3. 19 b 000 000 2 0",
                       &pos))
        return;
    CHECK_EQ_INT(territoire_score(territoire_state(&pos), BLACK), 7);
    CHECK_EQ_INT(territoire_score(territoire_state(&pos), WHITE), 9);
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_WHITE_WINS);
}

static void test_territoire_dead_golden_square_scores_for_nobody(void)
{
    Position pos;
    /* golden 19 is dead: dark 4 pawns, light 3 pawns + 1 capture */
    if (!load_position(G, "3.6b2.5b1.4b4.5b1.6.3.2w1.2w5.3w4.6.6x3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 000 000 0 1",
                       &pos))
        return;
    CHECK_EQ_INT(territoire_score(territoire_state(&pos), BLACK), 4);
    CHECK_EQ_INT(territoire_score(territoire_state(&pos), WHITE), 4);
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_DRAW);
}

static void test_territoire_game_ends_after_lights_sixth_turn(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    for (int turn = 0; turn < 12; turn++) {
        CHECK_EQ_INT(G->outcome(&pos), OUTCOME_ONGOING);
        CHECK_EQ_INT(G->side_to_move(&pos), turn % 2 == 0 ? BLACK : WHITE);
        CHECK_EQ_INT(G->turns_left(&pos), 6 - turn / 2);
        Move first;
        if (collect_moves(G, &pos, &first, 1, NULL) != 1) {
            CHECK(!"no move before the end");
            return;
        }
        G->play(&pos, first);
    }
    CHECK(G->outcome(&pos) != OUTCOME_ONGOING);
    CHECK_EQ_INT(G->turns_left(&pos), 0);
    CHECK_EQ_U64(count_legal_moves(G, &pos), 0);
    CHECK_EQ_INT(collect_moves(G, &pos, NULL, 0, NULL), 0);
    Move steps[4];
    CHECK_EQ_INT(G->generate_steps(&pos, steps, 4), 0);
    CHECK_CONTAINS(move_rejection(G, &pos, "2"), "the game is over");
}

static void test_territoire_outcome_when_side_to_move_is_out_of_pawns(void)
{
    Position pos;
    /* dark to move with nothing left, light still holding pawns: over */
    if (!load_position(G, "3.6b2.5b1.4b4.5b1.6.3.2w1.2w5.3w4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 000 111 0 0",
                       &pos))
        return;
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_BLACK_WINS);
}

/* ---- step hooks -------------------------------------------------------- */

/* Every turn built step by step is one generate_moves streams, and playing
 * it whole lands on the same position. */
static int walk_steps(const Position *pos, Move *steps, int depth, const Move *turns, int turn_count,
                      const Position *root, int *found)
{
    Move next[MAX_STEPS_PER_NODE];
    int count = G->generate_steps(pos, next, MAX_STEPS_PER_NODE), bad = 0;
    for (int i = 0; i < count; i++) {
        Position child = *pos;
        steps[depth] = next[i];
        G->play_step(&child, next[i]);
        if (G->turn_in_progress(&child)) {
            CHECK_EQ_INT(G->side_to_move(&child), G->side_to_move(root));
            bad += walk_steps(&child, steps, depth + 1, turns, turn_count, root, found);
            continue;
        }
        Move whole = G->join_steps(steps, depth + 1);
        bool listed = false;
        for (int t = 0; t < turn_count && !listed; t++)
            listed = turns[t] == whole;
        Position played = *root;
        G->play(&played, whole);
        bad += !listed || memcmp(&played, &child, sizeof played) != 0 || G->hash(&played) != G->hash(&child);
        (*found)++;
    }
    return bad;
}

static void check_hooks_agree(const char *fen)
{
    static Move turns[4096];
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK(!G->turn_in_progress(&pos));
    bool overflow;
    const int count = collect_moves(G, &pos, turns, 4096, &overflow);
    CHECK(!overflow);
    Move steps[TERRITOIRE_STEPS_PER_TURN];
    int found = 0;
    CHECK_EQ_INT(walk_steps(&pos, steps, 0, turns, count, &pos, &found), 0);
    CHECK_EQ_INT(found, count);
}

static void test_territoire_step_hooks_agree_with_generate_moves(void)
{
    check_hooks_agree(START);
    check_hooks_agree(SECOND);
    check_hooks_agree("3.6b2b5.1b4.4.5.1b6.3.2b1b2b5.3.4.6.6.3.4.2b5.1b5.1b3.4.2b6.2b4.6.1b5.3. 19 b 210 333 0 0");
    check_hooks_agree("3.6.2.5b1w4.4w5w1b6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0");
}

static void test_territoire_generation_stops_when_the_sink_says_so(void)
{
    bool overflow = false;
    CHECK_EQ_INT(collected_within(G, START, 10, &overflow), 10);
    CHECK(overflow);
}

static void test_territoire_mid_turn_moves_finish_the_turn(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    place_step(&pos, "2");
    CHECK(G->turn_in_progress(&pos));
    CHECK_EQ_INT(G->side_to_move(&pos), BLACK);
    CHECK_EQ_U64(count_legal_moves(G, &pos), 116); /* 5*10 + 6*11 */
    CHECK(is_legal_text(G, &pos, "10,18"));
    CHECK_CONTAINS(move_rejection(G, &pos, "10,18,19"), "this turn has 2 steps");
    CHECK_EQ_INT(G->turns_left(&pos), 6);
    place_step(&pos, "10");
    place_step(&pos, "18");
    CHECK(!G->turn_in_progress(&pos));
    CHECK_EQ_INT(G->side_to_move(&pos), WHITE);
}

static void test_territoire_hash_follows_the_step_of_turn(void)
{
    Position pos, after_two, again;
    if (!load_position(G, SECOND, &pos))
        return;
    uint64_t fresh = G->hash(&pos);
    place_step(&pos, "6");
    after_two = pos;
    CHECK(G->hash(&pos) != fresh);
    place_step(&after_two, "15");
    place_step(&after_two, "16");
    /* incremental key equals the key of the same position parsed afresh */
    if (!load_position(G, fen_of(G, &after_two), &again))
        return;
    CHECK_EQ_U64(G->hash(&after_two), G->hash(&again));
    /* same board, same side, another step of the turn: another key */
    Position mid;
    if (!load_position(G, fen_of(G, &pos), &mid))
        return;
    CHECK(G->hash(&mid) != G->hash(&pos));
}

static void test_territoire_hash_is_incremental_through_captures(void)
{
    Position pos, again;
    if (!load_position(G, "3.6.2.5b1w4.4w5w1b6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &pos))
        return;
    play_moves(G, &pos, "6,1,36");
    if (!load_position(G, fen_of(G, &pos), &again))
        return;
    CHECK_EQ_U64(G->hash(&pos), G->hash(&again));
}

/* ---- position strings -------------------------------------------------- */

static void test_territoire_position_strings_round_trip(void)
{
    const char *fens[] = {
        START,
        SECOND,
        "3.6b2.5b1.4b4.5b1.6b3.2w1.2w5.3w4w6.6w3.4w2.5.1.5.1.3.4.2.6x2x4.6.1.5.3. 19 b 000 000 2 0",
        "3x6w2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5w3x 36 w 544 443 0 2",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        CHECK_STR(fen_after(G, fens[i], ""), fens[i]);
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    play_moves(G, &pos, "2,10,4 19,30,33 18,8,25");
    Position again;
    if (load_position(G, fen_of(G, &pos), &again))
        CHECK(memcmp(&pos, &again, sizeof pos) == 0);
}

static void test_territoire_rejects_bad_position_strings(void)
{
    const char *ring = "3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3.";
    char fen[POSITION_TEXT_MAX];
    CHECK_CONTAINS(rejection(G, ""), "expected 7 fields");
    CHECK_CONTAINS(rejection(G, START " 0"), "expected 7 fields");
    CHECK_CONTAINS(rejection(G, "3.6.2. 19 b 666 666 0 0"), "has 6 characters, expected 72");
    /* square 1 shows 4 instead of 3: seven 4s, five 3s */
    CHECK_CONTAINS(rejection(G, "4.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"),
                   "ring has 5 squares of value 3, expected six of each value");
    CHECK_CONTAINS(rejection(G, "7.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"),
                   "ring square 1: value '7' is not a digit 1-6");
    CHECK_CONTAINS(rejection(G, "3.6q2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"),
                   "ring square 2: content 'q'");
    snprintf(fen, sizeof fen, "%s 0 b 666 666 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "golden square '0' is not a square number 1-36");
    snprintf(fen, sizeof fen, "%s 37 b 666 666 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "golden square '37'");
    snprintf(fen, sizeof fen, "%s 19 x 666 666 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "side to move 'x' is not b or w");
    snprintf(fen, sizeof fen, "%s 19 b 766 666 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "dark groups '766': group size '7' is not a digit 0-6");
    snprintf(fen, sizeof fen, "%s 19 b 666 566 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "light groups '566' must be listed largest first");
    snprintf(fen, sizeof fen, "%s 19 b 66 666 0 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "dark groups '66': expected three digits");
    snprintf(fen, sizeof fen, "%s 19 b 666 666 -1 0", ring);
    CHECK_CONTAINS(rejection(G, fen), "dark captures '-1' is not a number");
    CHECK_CONTAINS(rejection(G, "3.6b2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"),
                   "dark has 19 pawns (board 1 + groups 18 + captured by light 0), more than 18");
    CHECK_CONTAINS(rejection(G, "3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 1 0"),
                   "light has 19 pawns");
    CHECK_CONTAINS(rejection(G, "3x6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 555 555 0 0"),
                   "1 dead squares but 0 captures in all");
}

/* ---- random layouts ---------------------------------------------------- */

static void test_territoire_random_start_deals_valid_layouts(void)
{
    for (uint64_t seed = 0; seed < 50; seed++) {
        Position pos, again;
        G->random_start(&pos, seed);
        const char *fen = fen_of(G, &pos);
        if (!load_position(G, fen, &again))
            return;
        CHECK(memcmp(&pos, &again, sizeof pos) == 0);
        CHECK_CONTAINS(fen, " b 666 666 0 0");
        CHECK_EQ_U64(count_legal_moves(G, &pos), 696); /* every layout: 6*(5*10+6*11) */
    }
}

static void test_territoire_random_start_depends_only_on_the_seed(void)
{
    Position a, b, c;
    G->random_start(&a, 12345);
    G->random_start(&b, 12345);
    G->random_start(&c, 12346);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    char fa[POSITION_TEXT_MAX];
    snprintf(fa, sizeof fa, "%s", fen_of(G, &a));
    CHECK(strcmp(fa, fen_of(G, &c)) != 0);
}

/* Each value lands on square 1 about one time in six. */
static void test_territoire_random_start_spreads_values_evenly(void)
{
    int seen[7] = {0}, golden_on_first = 0;
    for (uint64_t seed = 0; seed < 3000; seed++) {
        Position pos;
        G->random_start(&pos, seed);
        seen[territoire_state(&pos)->square_value[0]]++;
        golden_on_first += territoire_state(&pos)->golden == 0;
    }
    for (int value = 1; value <= 6; value++)
        CHECK(seen[value] > 400 && seen[value] < 600);
    CHECK(golden_on_first > 40 && golden_on_first < 140);
}

/* Random games from random layouts: every position reached parses back to
 * itself (so no flanked series is ever left standing, dead squares equal
 * captures, pawns add up), keys stay incremental, move text round-trips. */
static void test_territoire_random_games_keep_positions_valid(void)
{
    Rng rng;
    rng_seed(&rng, 2023);
    int captures_seen = 0;
    for (int game = 0; game < 200; game++) {
        Position pos;
        G->random_start(&pos, rng_next(&rng));
        while (G->outcome(&pos) == OUTCOME_ONGOING) {
            Move picked = random_legal_move(G, &pos, &rng);
            char text[MOVE_TEXT_MAX], err[ERROR_TEXT_MAX];
            Move parsed = MOVE_NONE;
            G->format_move(&pos, picked, text, sizeof text);
            CHECK(G->parse_move(&pos, text, &parsed, err, sizeof err));
            CHECK_EQ_U64(parsed, picked);
            G->play(&pos, picked);
            Position again;
            if (!load_position(G, fen_of(G, &pos), &again))
                return;
            CHECK(memcmp(&pos, &again, sizeof pos) == 0);
        }
        const TerritoireState *st = territoire_state(&pos);
        captures_seen += st->captures[BLACK] + st->captures[WHITE];
        CHECK_EQ_INT(territoire_pawns_in_hand(st, BLACK) + territoire_pawns_in_hand(st, WHITE), 0);
    }
    CHECK(captures_seen > 0);
}

/* ---- network inputs (territoire/features.c) ---------------------------- */

/* The encoding's blocks that this test reads: the lead first (-20..20,
 * 41 inputs), then hands (42), pawns in hand (38), captures (38) and steps
 * (4) before the supply (per value 1..6, its free squares 0..6); the
 * mobility last (per side 0..18). */
enum { LEAD_SPAN = 20, SUPPLY_BLOCK = 41 + 42 + 38 + 38 + 4, MOBILITY_BLOCK = TERRITOIRE_NN_INPUTS - 2 * 19 };

/* The squares the side to move may place on, by the rules' own steps. */
static int placement_squares(const Position *pos)
{
    Move steps[MAX_STEPS_PER_NODE];
    const int count = G->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    int placements = 0;
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        G->format_move(pos, G->join_steps(&steps[i], 1), text, sizeof text);
        placements += text[0] != 'x';
    }
    return placements;
}

/* The free squares of value v, read off the position string ("v."). */
static int free_squares_of_value(const char *text, int value)
{
    int count = 0;
    for (int s = 0; s < TERRITOIRE_SQUARES; s++)
        count += text[2 * s] == '0' + value && text[2 * s + 1] == '.';
    return count;
}

static void check_inputs_follow_the_rules(const Position *pos)
{
    uint16_t active[NN_MAX_ACTIVE];
    const int count = G->nn_features(pos, active);
    char text[POSITION_TEXT_MAX];
    G->format_position(pos, text, sizeof text);
    const TerritoireState *st = territoire_state(pos);
    const int lead = territoire_score(st, st->side) - territoire_score(st, !st->side);
    CHECK(count > 2 && count <= NN_MAX_ACTIVE);
    CHECK_EQ_INT(active[0], lead < -LEAD_SPAN ? 0 : lead > LEAD_SPAN ? 2 * LEAD_SPAN : lead + LEAD_SPAN);
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++)
        CHECK(has_active_input(active, count, SUPPLY_BLOCK + (value - 1) * 7 + free_squares_of_value(text, value)));
    CHECK_EQ_INT(active[count - 2], MOBILITY_BLOCK + placement_squares(pos));
    /* The same position with the other side to move: its placements. */
    char *side = strstr(text, st->side == BLACK ? " b " : " w ");
    Position theirs;
    if (side == NULL || st->steps_done != 0)
        return;
    side[1] = st->side == BLACK ? 'w' : 'b';
    if (load_position(G, text, &theirs))
        CHECK_EQ_INT(active[count - 1], MOBILITY_BLOCK + 19 + placement_squares(&theirs));
}

/* Along random games from random layouts, the inputs say what the rules
 * say: the score lead, the free squares of each value, and each side's
 * placements now. */
static void test_territoire_inputs_count_lead_supply_and_placements(void)
{
    Rng rng;
    rng_seed(&rng, 61);
    for (int game = 0; game < 20; game++) {
        Position pos;
        G->random_start(&pos, rng_next(&rng));
        while (G->outcome(&pos) == OUTCOME_ONGOING) {
            check_inputs_follow_the_rules(&pos);
            G->play(&pos, random_legal_move(G, &pos, &rng));
        }
        check_inputs_follow_the_rules(&pos);
    }
}

/* ---- evaluation, display, parameters ----------------------------------- */

static void test_territoire_evaluation_rewards_a_capture_threat(void)
{
    Position threat, quiet;
    /* b4 w5 . : dark can take 5 by placing on 6 (a 4, dark holds a 4) */
    if (!load_position(G, "3.6.2.5b1w4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &threat) ||
        !load_position(G, "3.6.2.5b1.4.4.5.1.6.3.2.1.2.5w3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 543 544 0 0",
                       &quiet))
        return;
    CHECK(G->evaluate(&threat) > G->evaluate(&quiet));
}

static void test_territoire_evaluation_follows_the_score(void)
{
    Position pos;
    /* finished game: dark 7, light 9, dark to move */
    if (!load_position(G, "3.6b2.5b1.4b4.5b1.6b3.2w1.2w5.3w4w6.6w3.4w2.5.1.5.1.3.4.2.6x2x4.6.1.5.3. 19 b 000 000 2 0",
                       &pos))
        return;
    int value = G->evaluate(&pos);
    CHECK(value < 0 && value > -20000);
    Position start;
    if (load_position(G, START, &start)) {
        int even = G->evaluate(&start);
        CHECK(even > -100 && even < 100);
    }
}

/* Dark 2-3 touch the dead square 1: never taken (light's lone pawn on 10
 * could be), so TerritoireSafe reads 2 - 0 for dark. */
static void test_territoire_evaluation_counts_pawns_beside_a_dead_square_as_safe(void)
{
    Position pos;
    if (!load_position(G, "3x6b2b5.1.4.4.5.1.6w3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 555 665 0 1",
                       &pos))
        return;
    CHECK_EQ_INT(evaluate_only(G, &pos, "TerritoireSafe", 1), 2);
    CHECK_EQ_INT(evaluate_only(G, &pos, "TerritoireExposed", 1), 0);
}

/* Dark 2-3 are held by light's 4 with 1 free (2 exposed); light's 4 is
 * held by dark's 3 with 5 free (1 exposed): 1 - 2 for dark. */
static void test_territoire_evaluation_counts_series_held_on_one_side_as_exposed(void)
{
    Position pos;
    if (!load_position(G, "3.6b2b5w1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 655 665 0 0",
                       &pos))
        return;
    CHECK_EQ_INT(evaluate_only(G, &pos, "TerritoireExposed", 1), -1);
    CHECK_EQ_INT(evaluate_only(G, &pos, "TerritoireSafe", 1), 0);
}

/* Light to move trails 0 to 3 with 3 of the 36 pawns placed:
 * 12 * -3 * 3 / 36 = -3. */
static void test_territoire_evaluation_weighs_the_score_by_pawns_placed(void)
{
    Position pos;
    if (!load_position(G, "3.6.2.5.1b4.4.5.1.6b3.2.1.2.5.3.4.6.6.3b4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 w 555 666 0 0",
                       &pos))
        return;
    CHECK_EQ_INT(evaluate_only(G, &pos, "TerritoireLateScore", 12), -3);
}

static void test_territoire_parameters_are_named_and_in_range(void)
{
    CHECK_EQ_INT(G->param_count, TERRITOIRE_PARAM_COUNT);
    check_params_named_and_in_range(G, "Territoire");
}

static void test_territoire_display_shows_ring_and_groups(void)
{
    Position pos;
    if (!load_position(G, SECOND, &pos))
        return;
    char out[DISPLAY_TEXT_MAX];
    G->display(&pos, out, sizeof out);
    CHECK_CONTAINS(out, "golden square 19");
    CHECK_CONTAINS(out, "dark  (b) groups 5 4 3  captured 0  score 6");
    char tiny[16];
    G->display(&pos, tiny, sizeof tiny);
    CHECK_EQ_INT(strlen(tiny), 15);
    Position start;
    Move move;
    char err[ERROR_TEXT_MAX], move_text[4];
    if (!load_position(G, START, &start) || !G->parse_move(&start, "19,30,8", &move, err, sizeof err))
        return;
    G->format_move(&start, move, move_text, sizeof move_text);
    CHECK_STR(move_text, "19,");
}

static void test_territoire_move_text_round_trips(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK_STR(reformatted_move(G, &pos, "19,30,8"), "19,30,8");
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_territoire_inputs_count_lead_supply_and_placements);
    RUN(test_territoire_start_perft_1_2);
    RUN(test_territoire_start_perft_3);
    RUN(test_territoire_second_position_perft);
    RUN(test_territoire_count_moves_matches_generated_turns);
    RUN(test_territoire_first_pawns_go_on_sixes);
    RUN(test_territoire_equal_groups_give_one_placement);
    RUN(test_territoire_turn_has_three_steps);
    RUN(test_territoire_last_turn_has_fewer_steps);
    RUN(test_territoire_placed_square_must_be_free);
    RUN(test_territoire_capture_on_both_sides_of_a_placement);
    RUN(test_territoire_capture_across_the_seam);
    RUN(test_territoire_suicide_of_a_single_pawn);
    RUN(test_territoire_suicide_takes_the_series_it_joins);
    RUN(test_territoire_capture_saves_the_placed_pawn);
    RUN(test_territoire_dead_squares_break_series);
    RUN(test_territoire_full_ring_series_is_never_flanked);
    RUN(test_territoire_flanked_series_is_rejected_in_a_position);
    RUN(test_territoire_discard_when_no_placement_is_possible);
    RUN(test_territoire_discard_then_place);
    RUN(test_territoire_discard_refused_while_a_placement_exists);
    RUN(test_territoire_score_counts_captures_and_golden_square);
    RUN(test_territoire_dead_golden_square_scores_for_nobody);
    RUN(test_territoire_game_ends_after_lights_sixth_turn);
    RUN(test_territoire_outcome_when_side_to_move_is_out_of_pawns);
    RUN(test_territoire_step_hooks_agree_with_generate_moves);
    RUN(test_territoire_generation_stops_when_the_sink_says_so);
    RUN(test_territoire_mid_turn_moves_finish_the_turn);
    RUN(test_territoire_hash_follows_the_step_of_turn);
    RUN(test_territoire_hash_is_incremental_through_captures);
    RUN(test_territoire_position_strings_round_trip);
    RUN(test_territoire_rejects_bad_position_strings);
    RUN(test_territoire_random_start_deals_valid_layouts);
    RUN(test_territoire_random_start_depends_only_on_the_seed);
    RUN(test_territoire_random_start_spreads_values_evenly);
    RUN(test_territoire_random_games_keep_positions_valid);
    RUN(test_territoire_evaluation_rewards_a_capture_threat);
    RUN(test_territoire_evaluation_follows_the_score);
    RUN(test_territoire_evaluation_counts_pawns_beside_a_dead_square_as_safe);
    RUN(test_territoire_evaluation_counts_series_held_on_one_side_as_exposed);
    RUN(test_territoire_evaluation_weighs_the_score_by_pawns_placed);
    RUN(test_territoire_parameters_are_named_and_in_range);
    RUN(test_territoire_display_shows_ring_and_groups);
    RUN(test_territoire_move_text_round_trips);
    return harness_end();
}
