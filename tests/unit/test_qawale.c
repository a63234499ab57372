/* test_qawale.c - Qawale rules (RULES.md section 3), one test per rule case. */
#include "harness.h"
#include "gametest.h"

#include "games/qawale/qawale.h"
#include "util/rng.h"


static const Game *const G = &qawale_game;

#define START "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8"
#define REF_2 "nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7"
#define REF_3 ".,n,.,nn/n,.,.,n/n,w,nw,nb/w,bb,.,. w 5 5"
/* A legal stack of 20 on b2: every sowing has 21 drops. */
#define TALL ".,.,.,./.,.,.,./.,nnnnnnnnwbwbwbwbwbwb,.,./.,.,.,. w 2 2"
#define TALL_MOVES 15133584u

/* ---- reference perft (RULES.md) ---- */

static void test_qawale_perft_start_1_to_3(void)
{
    CHECK_EQ_U64(perft_of(G, START, 1), 40);
    CHECK_EQ_U64(perft_of(G, START, 2), 2176);
    CHECK_EQ_U64(perft_of(G, START, 3), 143712);
}

static void test_qawale_perft_start_4(void)
{
    if (!harness_slow_allowed())
        return;
    CHECK_EQ_U64(perft_of(G, START, 4), 11129088);
}

static void test_qawale_perft_second_position(void)
{
    CHECK_EQ_U64(perft_of(G, REF_2, 3), 925094);
}

static void test_qawale_perft_third_position(void)
{
    CHECK_EQ_U64(perft_of(G, REF_3, 1), 96);
    CHECK_EQ_U64(perft_of(G, REF_3, 2), 10656);
    CHECK_EQ_U64(perft_of(G, REF_3, 3), 1352580);
}

/* count_moves (the walk table) against the streamed moves. */
static void test_qawale_count_moves_matches_generation(void)
{
    static const char *const fens[] = {
        START, REF_2, REF_3,
        "nnnnnnnnwbwbwb,.,.,./.,.,.,./.,.,.,./.,.,.,. w 5 5",
        ".,.,.,./.,nnnnnnwwbb,.,./.,.,.,./nn,.,.,. w 6 6",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        CHECK_EQ_U64(counted_moves(G, fens[i]), streamed_count(G, fens[i]));
}

/* ---- sowing ---- */

static void test_qawale_sowing_drops_bottom_pebble_first_added_last(void)
{
    /* a1 holds n (bottom), w, b (top); w adds its pebble: n, w, b, w. */
    CHECK_STR(fen_after(G, "nnn,.,.,./nn,.,.,./.,.,.,./nwb,.,.,nn w 7 7", "a1b1c1c2b2"),
              "nnn,.,.,./nn,.,.,./.,w,b,./.,n,w,nn b 6 7");
}

static void test_qawale_sowing_loops_back_onto_start_square(void)
{
    CHECK_STR(fen_after(G, "nnn,.,.,./nn,.,.,./.,.,.,./nwb,.,.,nn w 7 7", "a1b1b2a2a1"),
              "nnn,.,.,./nn,.,.,./b,w,.,./w,n,.,nn b 6 7");
}

static void test_qawale_sowing_revisits_a_square_through_a_loop(void)
{
    /* b1 gets the first drop and, one loop later, the added pebble. */
    CHECK_STR(fen_after(G, "nn,.,.,./nn,.,.,./.,.,.,./nwbn,.,.,nn w 7 7", "a1b1b2a2a1b1"),
              "nn,.,.,./nn,.,.,./b,w,.,./n,nw,.,nn b 6 7");
}

static void test_qawale_sowing_along_the_edge(void)
{
    CHECK_STR(fen_after(G, START, "d1c1b1a1"), "nn,.,.,nn/.,.,.,./.,.,.,./nnw,n,n,. b 7 8");
    CHECK_STR(fen_after(G, START, "a4a3a2a1"), ".,.,.,nn/n,.,.,./n,.,.,./nnw,.,.,nn b 7 8");
}

static void test_qawale_sowing_onto_any_top_colour(void)
{
    /* Dark may sow a stack whose top is light, and drop onto stacks of any top. */
    CHECK_STR(fen_after(G, START, "a1b1c1d1 d1d2c2c3c4"), "nn,.,b,nn/.,.,w,./.,.,n,n/.,n,n,. w 7 7");
}

static void test_qawale_sowing_never_steps_straight_back(void)
{
    CHECK_CONTAINS(move_rejection_at(G, START, "a1b1a1b1"), "straight back");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2b2a2"), "straight back");
    CHECK_STR(move_rejection_at(G, START, "a1a2b2b1"), "");
}

/* No streamed sowing steps straight back, and every one parses back. */
typedef struct {
    MoveSink sink;
    const Position *pos;
    int back_steps, unparsed;
} PathCheckSink;

static bool path_check_emit(MoveSink *sink, Move move)
{
    PathCheckSink *pc = (PathCheckSink *)sink;
    for (int i = 1; i < qawale_move_drops(move); i++)
        if (qawale_move_direction(move, i) == (qawale_move_direction(move, i - 1) ^ 2))
            pc->back_steps++;
    char text[MOVE_TEXT_MAX], err[ERROR_TEXT_MAX];
    Move parsed;
    G->format_move(pc->pos, move, text, sizeof text);
    if (!G->parse_move(pc->pos, text, &parsed, err, sizeof err) || parsed != move)
        pc->unparsed++;
    return true;
}

static void test_qawale_generated_moves_never_step_back_and_parse_back(void)
{
    Position pos;
    if (!load_position(G, REF_3, &pos))
        return;
    PathCheckSink pc = {{path_check_emit}, &pos, 0, 0};
    G->generate_moves(&pos, &pc.sink);
    CHECK_EQ_INT(pc.back_steps, 0);
    CHECK_EQ_INT(pc.unparsed, 0);
}

static void test_qawale_move_text_errors(void)
{
    CHECK_CONTAINS(move_rejection_at(G, START, "b2b3c3d3"), "start square b2 is empty");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2b2"), "drops 3");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2b2b1c1"), "drops 3");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a3b3b2"), "not next to a1");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2b2e2"), "not a square");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2b"), "expected the start square");
    CHECK_CONTAINS(move_rejection_at(G, START, "z1a2b2b1"), "not a square");
}

/* ---- lines ---- */

static void test_qawale_light_row_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "nnnn,nn,n,n/.,.,.,./bw,bw,bw,./.,.,.,. w 5 5", "d4d3d2"), OUTCOME_WHITE_WINS);
}

static void test_qawale_dark_row_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "nnnn,nn,n,n/.,.,.,./wb,wb,wb,./.,.,.,. b 5 5", "d4d3d2"), OUTCOME_BLACK_WINS);
}

static void test_qawale_light_column_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, ".,.,.,n/nn,bw,.,./.,bw,.,./nnnn,bw,n,. w 5 5", "d4c4b4"), OUTCOME_WHITE_WINS);
}

static void test_qawale_dark_column_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, ".,.,.,n/nn,wb,.,./.,wb,.,./nnnn,wb,n,. b 5 5", "d4c4b4"), OUTCOME_BLACK_WINS);
}

static void test_qawale_light_diagonal_a1_d4_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "nnnn,nn,.,./.,.,bw,./.,bw,.,n/bw,.,n,. w 5 5", "d2d3d4"), OUTCOME_WHITE_WINS);
}

static void test_qawale_dark_diagonal_a1_d4_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "nnnn,nn,.,./.,.,wb,./.,wb,.,n/wb,.,n,. b 5 5", "d2d3d4"), OUTCOME_BLACK_WINS);
}

static void test_qawale_light_diagonal_a4_d1_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "bw,.,.,nnnn/.,bw,.,nn/.,.,bw,./n,n,.,. w 5 5", "b1c1d1"), OUTCOME_WHITE_WINS);
}

static void test_qawale_dark_diagonal_a4_d1_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "wb,.,.,nnnn/.,wb,.,nn/.,.,wb,./n,n,.,. b 5 5", "b1c1d1"), OUTCOME_BLACK_WINS);
}

static void test_qawale_three_tops_is_no_line(void)
{
    CHECK_EQ_INT(outcome_after(G, "nnnn,nn,n,n/.,.,.,./bw,bw,bw,./.,.,.,. w 5 5", ""), OUTCOME_ONGOING);
}

static void test_qawale_both_lines_light_mover_wins(void)
{
    /* The sowing drops dark's b on d3 (row 3) and light's own pebble on d1. */
    CHECK_EQ_INT(outcome_after(G, "n,.,.,bn/nb,nb,nb,./.,.,.,./nw,nw,nw,. w 5 4", "d4d3d2d1"), OUTCOME_WHITE_WINS);
}

static void test_qawale_both_lines_dark_mover_wins(void)
{
    CHECK_EQ_INT(outcome_after(G, "n,.,.,wn/nw,nw,nw,./.,.,.,./nb,nb,nb,. b 4 5", "d4d3d2d1"), OUTCOME_BLACK_WINS);
}

static void test_qawale_only_opponent_line_opponent_wins(void)
{
    /* Light sows dark's pebble onto d3 and completes dark's row only. */
    CHECK_EQ_INT(outcome_after(G, ".,.,.,b/nb,nb,nb,./w,.,.,./nnnnn,w,w,. w 5 4", "d4d3d2"), OUTCOME_BLACK_WINS);
}

static void test_qawale_finished_game_has_no_moves(void)
{
    Position pos;
    if (!load_position(G, "nnnn,nn,n,n/.,.,.,./bw,bw,bw,./.,.,.,. w 5 5", &pos) ||
        !play_moves(G, &pos, "d4d3d2"))
        return;
    CHECK_EQ_U64(G->count_moves(&pos), 0);
    CHECK_EQ_U64(streamed_count(G, fen_of(G, &pos)), 0);
    CHECK_EQ_INT(G->turns_left(&pos), 0);
    CHECK(!is_legal_text(G, &pos, "a4a3a2a1b1c1"));
    CHECK_CONTAINS(move_rejection(G, &pos, "a4a3a2a1b1c1"), "game is over");
}

/* Decided here: a position string that already shows a line is accepted as
 * a finished game; with both lines, the side not to move (who moved last) won. */
static void test_qawale_position_showing_lines_is_accepted_as_finished(void)
{
    CHECK_EQ_INT(outcome_after(G, ".,.,.,./nb,nb,nb,nb/.,.,.,./nw,nw,nw,nw w 4 4", ""), OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(outcome_after(G, ".,.,.,./nb,nb,nb,nb/.,.,.,./nw,nw,nw,nw b 4 4", ""), OUTCOME_WHITE_WINS);
    CHECK_EQ_INT(outcome_after(G, ".,.,.,./nb,nb,nb,nb/.,.,.,./nw,nw,nw,n w 5 4", ""), OUTCOME_BLACK_WINS);
}

/* ---- draw ---- */

static void test_qawale_last_pebble_without_line_draws(void)
{
    const char *fen = "n,n,n,n/.,.,.,./.,.,.,./wwwwn,wwwwn,bbbn,bbbbn b 0 1";
    CHECK_EQ_INT(outcome_after(G, fen, ""), OUTCOME_ONGOING);
    CHECK_EQ_INT(outcome_after(G, fen, "a4a3a2"), OUTCOME_DRAW);
    CHECK_STR(fen_after(G, fen, "a4a3a2"), ".,n,n,n/n,.,.,./b,.,.,./wwwwn,wwwwn,bbbn,bbbbn w 0 0");
}

static void test_qawale_empty_reserves_without_line_is_a_draw(void)
{
    Position pos;
    if (!load_position(G, "n,n,n,n/.,.,.,./b,.,.,./wwwwn,wwwwn,bbbn,bbbbn w 0 0", &pos))
        return;
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_DRAW);
    CHECK_EQ_U64(G->count_moves(&pos), 0);
}

static void test_qawale_last_pebble_completing_line_wins(void)
{
    /* Dark's last pebble completes rank 2: a win, not a draw. */
    CHECK_EQ_INT(outcome_after(G, "wwwwwwwwn,.,.,n/.,.,.,./b,b,b,./nnnnnnbbbb,.,.,. b 0 1", "d4d3d2"),
                 OUTCOME_BLACK_WINS);
}

/* ---- tall stacks ---- */

static void test_qawale_stack_of_20_counts_moves(void)
{
    CHECK_EQ_U64(counted_moves(G, TALL), TALL_MOVES);
    CHECK_EQ_U64(qawale_walk_count(5, 21), TALL_MOVES);
}

static void test_qawale_stack_of_20_streams_every_move(void)
{
    if (!harness_slow_allowed())
        return;
    CHECK_EQ_U64(streamed_count(G, TALL), TALL_MOVES);
}

static void test_qawale_stack_of_20_stream_stops_early(void)
{
    Position pos;
    if (!load_position(G, TALL, &pos))
        return;
    bool finished = true;
    CHECK_EQ_U64(streamed_moves_upto(G, &pos, 1000, &finished), 1000);
    CHECK(!finished);
}

static void test_qawale_stack_of_20_move_is_walked_not_looked_up(void)
{
    /* Five loops b2 c2 c3 b3 b2, then c2: 21 drops. */
    const char *move = "b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2";
    CHECK_STR(fen_after(G, TALL, move), ".,.,.,./.,nnwww,nnbbb,./.,nnbbb,nnwwww,./.,.,.,. b 1 2");
    CHECK_CONTAINS(move_rejection_at(G, TALL, "b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2"), "drops 21");
    CHECK_CONTAINS(move_rejection_at(G, TALL, "b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3c2b2c2"), "straight back");
}

static void test_qawale_stack_of_20_perft_1(void)
{
    CHECK_EQ_U64(perft_of(G, TALL, 1), TALL_MOVES);
}

/* ---- hash ---- */

typedef struct {
    HashedMoveSink sink;
    const Position *pos;
    uint64_t seen, mismatches, limit;
} HashCheckSink;

static bool hash_check_emit(HashedMoveSink *sink, Move move, uint64_t child_hash)
{
    HashCheckSink *hc = (HashCheckSink *)sink;
    Position child = *hc->pos;
    G->play(&child, move);
    Position reparsed;
    char err[ERROR_TEXT_MAX];
    bool parsed = G->parse_position(fen_of(G, &child), &reparsed, err, sizeof err);
    if (child_hash != G->hash(&child) || child_hash != qawale_child_hash(hc->pos, move) || !parsed ||
        G->hash(&reparsed) != child_hash)
        hc->mismatches++;
    return ++hc->seen < hc->limit;
}

static void check_child_hashes(const char *fen, uint64_t limit)
{
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    HashCheckSink hc = {{hash_check_emit}, &pos, 0, 0, limit};
    qawale_generate_sowings(&pos, &hc.sink);
    CHECK(hc.seen > 0);
    CHECK_EQ_U64(hc.mismatches, 0);
}

static void test_qawale_child_hash_equals_played_hash(void)
{
    check_child_hashes(START, UINT64_MAX);
    check_child_hashes(REF_2, UINT64_MAX);
    check_child_hashes(REF_3, UINT64_MAX);
    check_child_hashes(TALL, 20000);
}

static void test_qawale_sowings_to_the_same_board_share_a_hash(void)
{
    const char *fen = "nnnnn,.,.,./.,.,.,./.,nnn,.,./.,.,.,. w 8 8";
    Position a, b;
    if (!load_position(G, fen, &a) || !load_position(G, fen, &b) || !play_moves(G, &a, "b2c2c3b3b2") ||
        !play_moves(G, &b, "b2b3c3c2b2"))
        return;
    CHECK_STR(fen_after(G, fen, "b2c2c3b3b2"), fen_after(G, fen, "b2b3c3c2b2"));
    CHECK_EQ_U64(G->hash(&a), G->hash(&b));
}

static void test_qawale_hash_tells_pebble_order_and_side(void)
{
    Position a, b, c;
    if (!load_position(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnwb,.,.,nn w 7 7", &a) ||
        !load_position(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnbw,.,.,nn w 7 7", &b) ||
        !load_position(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnbw,.,.,nn b 7 7", &c))
        return;
    CHECK(G->hash(&a) != G->hash(&b));
    CHECK(G->hash(&b) != G->hash(&c));
}

/* Random games from the start: every position met round-trips with its
 * hash, and a game ends within 16 turns.  Picks among the first 5000
 * sowings so that tall stacks stay cheap. */
static void test_qawale_random_games_keep_invariants(void)
{
    Rng rng;
    rng_seed(&rng, 20240607);
    int bad = 0;
    for (int game = 0; game < 200; game++) {
        Position pos;
        if (!load_position(G, START, &pos))
            return;
        int turns = 0;
        while (G->outcome(&pos) == OUTCOME_ONGOING && turns <= 16) {
            Move picked;
            sample_legal_move(G, &pos, &rng, 5000, NULL, NULL, &picked);
            G->play(&pos, picked);
            turns++;
            Position again;
            char err[ERROR_TEXT_MAX];
            if (!G->parse_position(fen_of(G, &pos), &again, err, sizeof err) || G->hash(&again) != G->hash(&pos) ||
                G->outcome(&again) != G->outcome(&pos))
                bad++;
        }
        CHECK(turns <= 16);
    }
    CHECK_EQ_INT(bad, 0);
}

/* ---- position strings ---- */

static void test_qawale_position_round_trips(void)
{
    static const char *const fens[] = {
        START, REF_2, REF_3, TALL,
        "n,n,n,n/.,.,.,./.,.,.,./wwwwn,wwwwn,bbbn,bbbbn b 0 1",
        ".,.,.,./.,nnwww,nnbbb,./.,nnbbb,nnwwww,./.,.,.,. b 1 2",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        CHECK_STR(fen_after(G, fens[i], ""), fens[i]);
}

static void test_qawale_rejects_wrong_letters(void)
{
    CHECK_CONTAINS(rejection(G, "nx,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8"), "square a4: unexpected character 'x'");
    CHECK_CONTAINS(rejection(G, "x,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nnn w 8 8"), "square a4: expected '.'");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,NN w 8 8"), "square d1");
    CHECK_CONTAINS(rejection(G, "nn,,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8"), "square b4");
}

static void test_qawale_rejects_rank_sizes(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn,./.,.,.,./.,.,.,./nn,.,.,nn w 8 8"), "rank 4 has more than 4 squares");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,./.,.,.,./nn,.,.,nn w 8 8"), "rank 3 has only 3 squares");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./nn,.,.,nn w 8 8"), "only 3 ranks");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./.,.,.,./nn,.,.,nn w 8 8"), "more than 4 ranks");
}

static void test_qawale_rejects_reserves_over_8(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 9 8"), "w reserve 9 is over 8");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 12345678901"), "b reserve 12345678901 is over 8");
}

static void test_qawale_rejects_colour_counts(void)
{
    CHECK_CONTAINS(rejection(G, "nnw,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8"), "w pebbles: 1 on the board + 8 in reserve = 9, more than 8");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 7 8"), "w pebbles: 0 on the board + 7 in reserve = 7, expected 8");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,bbbbbbbbb,.,./nn,.,.,nn w 8 0"), "b pebbles: 9");
}

static void test_qawale_rejects_neutral_count(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,n w 8 8"), "7 neutral pebbles, expected 8");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,n,./.,.,.,./nn,.,.,nn w 8 8"), "9 neutral pebbles");
}

static void test_qawale_rejects_side_to_move_without_pebble(void)
{
    CHECK_CONTAINS(rejection(G, "n,n,n,n/.,.,.,./.,.,.,./wwwwn,wwwwn,bbbn,bbbbn w 0 1"),
                   "side to move w has no pebble left while b still holds 1");
}

/* Decided here: turns alternate, so the side to move holds as many pebbles
 * as the other or one more (whichever colour moved first). */
/* "08" reads as eight to some and as an octal error to others: refused,
 * as every number of the protocol is. */
static void test_qawale_rejects_reserves_with_leading_zeros(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 08 8"), "w reserve: expected a number 0-8");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 00"), "b reserve: expected a number 0-8");
}

static void test_qawale_rejects_unbalanced_reserves(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnwwb,.,.,nn w 6 7"), "reserves w 6 b 7 cannot arise");
    CHECK_STR(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnwwb,.,.,nn b 6 7"), "");
    CHECK_STR(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnwb,.,.,nn b 7 7"), "");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nnwwwb,.,.,nn b 5 7"), "cannot arise");
    CHECK_STR(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn b 8 8"), "");
}

static void test_qawale_rejects_bad_fields(void)
{
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn x 8 8"), "side to move");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn"), "missing the side to move");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8"), "missing the b reserve");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8 x"), "unexpected text after the reserves");
    CHECK_CONTAINS(rejection(G, "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w a 8"), "w reserve");
    CHECK_CONTAINS(rejection(G, ""), "square a4");
}

static void test_qawale_rejects_stack_taller_than_all_pebbles(void)
{
    CHECK_CONTAINS(rejection(G, "nnnnnnnnwwwwwwwwbbbbbbbbn,.,.,./.,.,.,./.,.,.,./.,.,.,. w 0 0"),
                   "more than 24 pebbles");
}

/* ---- text output and misc verbs ---- */

static void test_qawale_display_draws_every_stack(void)
{
    const char *out = display_of(G, TALL);
    CHECK_CONTAINS(out, "nnnnnnnnwbwbwbwbwbwb");
    CHECK_CONTAINS(out, "reserves: w 2, b 2");
    CHECK_CONTAINS(out, "light (w) to move");
}

static void test_qawale_formatters_respect_out_size(void)
{
    Position pos;
    char out[16];
    if (!load_position(G, TALL, &pos))
        return;
    memset(out, 'X', sizeof out);
    G->format_position(&pos, out, 8);
    CHECK_EQ_INT((int)strlen(out), 7);
    CHECK(out[8] == 'X');
    G->display(&pos, out, 8);
    CHECK(out[8] == 'X' && strlen(out) <= 7);
    Move move;
    char err[ERROR_TEXT_MAX];
    if (!G->parse_move(&pos, "b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2c3b3b2c2", &move, err, sizeof err))
        return;
    G->format_move(&pos, move, out, 8);
    CHECK_STR(out, "b2c2c3b");
    CHECK(out[8] == 'X');
}

static void test_qawale_turns_left_is_the_reserve(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK_EQ_INT(G->turns_left(&pos), 8);
    if (!play_moves(G, &pos, "a1a2b2b1"))
        return;
    CHECK_EQ_INT(G->side_to_move(&pos), BLACK);
    CHECK_EQ_INT(G->turns_left(&pos), 8);
}

static void test_qawale_params_are_exposed(void)
{
    CHECK_EQ_INT(G->param_count, QAWALE_PARAM_COUNT);
    check_params_named_and_in_range(G, "Qawale");
}

static void test_qawale_eval_sees_a_line_threat(void)
{
    /* Three light tops on rank 2 and d2 reachable: good for light to move,
     * bad for dark to move (light threatens to close it next turn). */
    Position light, dark;
    if (!load_position(G, "nnnn,nn,n,n/.,.,.,./bw,bw,bw,./.,.,.,. w 5 5", &light) ||
        !load_position(G, "nnnn,nn,n,n/.,.,.,./bw,bw,bw,./.,.,.,. b 5 5", &dark))
        return;
    CHECK(G->evaluate(&light) > 200);
    CHECK(G->evaluate(&dark) < -100);
    Position start;
    if (!load_position(G, START, &start))
        return;
    CHECK_EQ_INT(G->evaluate(&start), 0);
}

static void test_qawale_eval_of_finished_game_is_bounded(void)
{
    Position pos;
    if (!load_position(G, ".,.,.,./nb,nb,nb,nb/.,.,.,./nw,nw,nw,n w 5 4", &pos))
        return;
    int score = G->evaluate(&pos);
    CHECK(score < -1000 && score > -20000);
}

/* The network's content inputs count each stack's pebbles by kind (the
 * neutral ones, the mover's, the other side's; counts above 8 share 8's
 * input), tall mixed stacks included: here against a walk up each stack. */
static void test_qawale_network_counts_each_stacks_pebbles(void)
{
    static const char *const fens[] = {"nnwbwbwbwbwbnb,.,.,./.,.,.,./.,.,.,./.,.,.,nnnnn w 3 2",
                                       "nnwbwbwbwbwbnw,.,.,./.,.,.,./.,.,.,./.,.,.,nnnnn b 2 3",
                                       "nn,.,b,nn/.,.,w,./.,.,n,n/.,n,n,. w 7 7"};
    const int contents_base = 2 * QAWALE_SQUARES * 4; /* after the tops and the seconds */
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        Position pos;
        CHECK(load_position(G, fens[f], &pos));
        const QawaleState *st = qawale_state(&pos);
        uint16_t active[NN_MAX_ACTIVE];
        const int count = G->nn_features(&pos, active);
        const int ours = st->side == WHITE ? QAWALE_LIGHT : QAWALE_DARK;
        int missing = 0;
        for (int sq = 0; sq < QAWALE_SQUARES; sq++) {
            int kinds[3] = {0, 0, 0}; /* neutral, ours, theirs */
            for (int level = 0; level < st->stack_height[sq]; level++) {
                const int pebble = qawale_pebble_at(st, sq, level);
                kinds[pebble == QAWALE_NEUTRAL ? 0 : pebble == ours ? 1 : 2]++;
            }
            for (int kind = 0; kind < 3; kind++) {
                const int capped = kinds[kind] > QAWALE_PEBBLES_PER_KIND ? QAWALE_PEBBLES_PER_KIND : kinds[kind];
                missing += !has_active_input(active, count, contents_base + (sq * 3 + kind) * 9 + capped);
            }
        }
        CHECK_EQ_INT(missing, 0);
    }
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_qawale_perft_start_1_to_3);
    RUN(test_qawale_perft_start_4);
    RUN(test_qawale_perft_second_position);
    RUN(test_qawale_perft_third_position);
    RUN(test_qawale_count_moves_matches_generation);
    RUN(test_qawale_sowing_drops_bottom_pebble_first_added_last);
    RUN(test_qawale_sowing_loops_back_onto_start_square);
    RUN(test_qawale_sowing_revisits_a_square_through_a_loop);
    RUN(test_qawale_sowing_along_the_edge);
    RUN(test_qawale_sowing_onto_any_top_colour);
    RUN(test_qawale_sowing_never_steps_straight_back);
    RUN(test_qawale_generated_moves_never_step_back_and_parse_back);
    RUN(test_qawale_move_text_errors);
    RUN(test_qawale_light_row_wins);
    RUN(test_qawale_dark_row_wins);
    RUN(test_qawale_light_column_wins);
    RUN(test_qawale_dark_column_wins);
    RUN(test_qawale_light_diagonal_a1_d4_wins);
    RUN(test_qawale_dark_diagonal_a1_d4_wins);
    RUN(test_qawale_light_diagonal_a4_d1_wins);
    RUN(test_qawale_dark_diagonal_a4_d1_wins);
    RUN(test_qawale_three_tops_is_no_line);
    RUN(test_qawale_both_lines_light_mover_wins);
    RUN(test_qawale_both_lines_dark_mover_wins);
    RUN(test_qawale_only_opponent_line_opponent_wins);
    RUN(test_qawale_finished_game_has_no_moves);
    RUN(test_qawale_position_showing_lines_is_accepted_as_finished);
    RUN(test_qawale_last_pebble_without_line_draws);
    RUN(test_qawale_empty_reserves_without_line_is_a_draw);
    RUN(test_qawale_last_pebble_completing_line_wins);
    RUN(test_qawale_stack_of_20_counts_moves);
    RUN(test_qawale_stack_of_20_streams_every_move);
    RUN(test_qawale_stack_of_20_stream_stops_early);
    RUN(test_qawale_stack_of_20_move_is_walked_not_looked_up);
    RUN(test_qawale_stack_of_20_perft_1);
    RUN(test_qawale_child_hash_equals_played_hash);
    RUN(test_qawale_sowings_to_the_same_board_share_a_hash);
    RUN(test_qawale_hash_tells_pebble_order_and_side);
    RUN(test_qawale_random_games_keep_invariants);
    RUN(test_qawale_position_round_trips);
    RUN(test_qawale_rejects_wrong_letters);
    RUN(test_qawale_rejects_rank_sizes);
    RUN(test_qawale_rejects_reserves_over_8);
    RUN(test_qawale_rejects_colour_counts);
    RUN(test_qawale_rejects_neutral_count);
    RUN(test_qawale_rejects_side_to_move_without_pebble);
    RUN(test_qawale_rejects_reserves_with_leading_zeros);
    RUN(test_qawale_rejects_unbalanced_reserves);
    RUN(test_qawale_rejects_bad_fields);
    RUN(test_qawale_rejects_stack_taller_than_all_pebbles);
    RUN(test_qawale_display_draws_every_stack);
    RUN(test_qawale_formatters_respect_out_size);
    RUN(test_qawale_turns_left_is_the_reserve);
    RUN(test_qawale_params_are_exposed);
    RUN(test_qawale_eval_sees_a_line_threat);
    RUN(test_qawale_eval_of_finished_game_is_bounded);
    RUN(test_qawale_network_counts_each_stacks_pebbles);
    return harness_end();
}
