/* test_mate.c - the one conversion of a proof to UCI's `mate N`. */
#include "harness.h"
#include "search/mate.h"
#include "search/search.h"

/* The side to move finishes the game with its first turn: mate 1. */
static void test_win_on_this_turn_is_mate_1(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(true, 1)), 1);
}

/* A win with the mover's 2nd own turn is 3 plies: mate 2, not mate 3. */
static void test_win_in_three_plies_is_mate_2(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(true, 3)), 2);
}

/* Losing to the opponent's next turn is 2 plies: mate -1. */
static void test_loss_after_own_turn_is_mate_minus_1(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(false, 2)), -1);
}

/* The 8x8 Room and Pillar start lost in 28 plies is mate -14. */
static void test_loss_in_28_plies_is_mate_minus_14(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(false, 28)), -14);
}

/* A game that ends on the loser's own move (odd plies) still counts the
 * loser's turns: 3 plies = the side to move played 2 turns. */
static void test_loss_on_own_move_counts_own_turns(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(false, 3)), -2);
}

/* A win completed by the opponent's forced move: 2 plies, one own turn. */
static void test_win_on_opponents_move_counts_own_turns(void)
{
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(true, 2)), 1);
}

static void test_unproven_scores_are_no_mate(void)
{
    CHECK_EQ_INT(mate_turns_of_score(0), 0);
    CHECK_EQ_INT(mate_turns_of_score(EVAL_BOUND), 0);
    CHECK_EQ_INT(mate_turns_of_score(-EVAL_BOUND), 0);
    CHECK_EQ_INT(mate_turns_of_score(SCORE_PROVEN - 1), 0);
    CHECK(!score_is_proven(SCORE_PROVEN - 1));
}

/* The plies survive the round trip, and a proof is never `mate 0`. */
static void test_proof_plies_round_trip(void)
{
    for (int plies = 1; plies <= 200; plies++) {
        CHECK_EQ_INT(proof_plies(score_of_proof(true, plies)), plies);
        CHECK_EQ_INT(proof_plies(score_of_proof(false, plies)), plies);
    }
    CHECK_EQ_INT(mate_turns_of_score(score_of_proof(true, 0)), 1);
    CHECK(score_is_proven(score_of_proof(false, 1000000)));
}

/* `go mate 2`: a win in 2 own turns or fewer ends the search, a longer
 * one does not; a loss always does (no mate is coming), as does any
 * proof without `go mate`. */
static void test_go_mate_ends_only_on_a_short_enough_win(void)
{
    static SearchJob job;
    job.limits.mate = 2;
    CHECK(search_proof_ends_search(&job, score_of_proof(true, 3)));
    CHECK(!search_proof_ends_search(&job, score_of_proof(true, 5)));
    CHECK(search_proof_ends_search(&job, score_of_proof(false, 40)));
    job.limits.mate = 0;
    CHECK(search_proof_ends_search(&job, score_of_proof(true, 41)));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_win_on_this_turn_is_mate_1);
    RUN(test_win_in_three_plies_is_mate_2);
    RUN(test_loss_after_own_turn_is_mate_minus_1);
    RUN(test_loss_in_28_plies_is_mate_minus_14);
    RUN(test_loss_on_own_move_counts_own_turns);
    RUN(test_win_on_opponents_move_counts_own_turns);
    RUN(test_unproven_scores_are_no_mate);
    RUN(test_proof_plies_round_trip);
    RUN(test_go_mate_ends_only_on_a_short_enough_win);
    return harness_end();
}
