/* test_record.c - p1/p2 bookkeeping and the generic helpers over real games. */
#include "harness.h"

#include "gametest.h"
#include "games/record.h"

static const Game *rp(void) { return &roomandpillar_game; }

static void test_p1_is_the_player_to_move_at_the_start(void)
{
    GameRecord rec;
    Position start;
    load_position(rp(), rp()->start_fen, &start);
    record_start(&rec, rp(), &start);
    CHECK(record_p1_to_move(&rec));
    CHECK_EQ_INT(rec.p1_colour, BLACK);
    char err[ERROR_TEXT_MAX];
    CHECK(record_play_text(&rec, "d4", err, sizeof err));
    CHECK(!record_p1_to_move(&rec));
}

static void test_swap_exchanges_colours_and_gives_p1_the_move(void)
{
    GameRecord rec;
    Position start;
    char err[ERROR_TEXT_MAX];
    load_position(rp(), rp()->start_fen, &start);
    record_start(&rec, rp(), &start);
    CHECK(record_play_text(&rec, "d4", err, sizeof err));
    CHECK(record_play_text(&rec, "swap", err, sizeof err));
    CHECK_EQ_INT(rp()->side_to_move(&rec.current), WHITE);
    CHECK_EQ_INT(rec.p1_colour, WHITE);
    CHECK(record_p1_to_move(&rec));
    CHECK(record_play_text(&rec, "e4", err, sizeof err));
    CHECK(!record_p1_to_move(&rec));
}

static void test_result_is_told_by_player_after_a_swap(void)
{
    /* 2x2: black a1, white b1, black b2; white (p2) cannot move. */
    GameRecord rec;
    Position start;
    char err[ERROR_TEXT_MAX];
    load_position(rp(), "wb/bw b -", &start);
    record_start(&rec, rp(), &start);
    CHECK_EQ_INT(record_result(&rec), RESULT_NONE);
    CHECK(record_play_text(&rec, "a1", err, sizeof err));
    CHECK(record_play_text(&rec, "b1", err, sizeof err));
    CHECK(record_play_text(&rec, "b2", err, sizeof err));
    CHECK_EQ_INT(rp()->outcome(&rec.current), OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(record_result(&rec), RESULT_P1_WINS);
    CHECK_STR(player_result_name(record_result(&rec)), "p1win");

    /* Same game with a swap after the first removal: p1 now plays white. */
    record_start(&rec, rp(), &start);
    CHECK(record_play_text(&rec, "a1", err, sizeof err));
    CHECK(record_play_text(&rec, "swap", err, sizeof err));
    CHECK(record_play_text(&rec, "b1", err, sizeof err));
    CHECK(record_play_text(&rec, "b2", err, sizeof err));
    CHECK_EQ_INT(rp()->outcome(&rec.current), OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(record_result(&rec), RESULT_P2_WINS);
}

static void test_illegal_move_leaves_the_record_alone(void)
{
    GameRecord rec;
    Position start;
    char err[ERROR_TEXT_MAX] = "";
    load_position(rp(), rp()->start_fen, &start);
    record_start(&rec, rp(), &start);
    CHECK(!record_play_text(&rec, "z9", err, sizeof err));
    CHECK(err[0] != '\0');
    CHECK_EQ_INT(rec.move_count, 0);
    CHECK_STR(fen_of(rp(), &rec.current), rp()->start_fen);
}

static void test_collect_moves_reports_overflow(void)
{
    Position start;
    load_position(rp(), rp()->start_fen, &start);
    Move moves[40];
    bool overflow = true;
    CHECK_EQ_INT(collect_moves(rp(), &start, moves, 40, &overflow), 32);
    CHECK(!overflow);
    CHECK_EQ_INT(collect_moves(rp(), &start, moves, 10, &overflow), 10);
    CHECK(overflow);
}

static void test_every_game_start_round_trips(void)
{
    for (int i = 0; all_games[i]; i++) {
        Position start;
        if (!load_position(all_games[i], all_games[i]->start_fen, &start))
            continue;
        CHECK_STR(fen_of(all_games[i], &start), all_games[i]->start_fen);
        CHECK(!is_game_over(all_games[i], &start));
        CHECK(count_legal_moves(all_games[i], &start) > 0);
    }
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_p1_is_the_player_to_move_at_the_start);
    RUN(test_swap_exchanges_colours_and_gives_p1_the_move);
    RUN(test_result_is_told_by_player_after_a_swap);
    RUN(test_illegal_move_leaves_the_record_alone);
    RUN(test_collect_moves_reports_overflow);
    RUN(test_every_game_start_round_trips);
    return harness_end();
}
