/* test_roomandpillar.c - Room and Pillar rules (RULES.md section 2). */
#include "harness.h"
#include "gametest.h"

static const Game *const G = &roomandpillar_game;

#define START_8X8 "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -"
#define START_5X4 "wbwbw/bwbwb/wbwbw/bwbwb b -"
#define START_3X6 "wbw/bwb/wbw/bwb/wbw/bwb b -"
#define FOUR_PLY "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwb..wbw/wbw.wbwb/..b..wbw/w...wbwb/b.bwbwbw w -"
#define START_16X16                                                                              \
    "wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/"      \
    "bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/"      \
    "wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/"      \
    "bwbwbwbwbwbwbwbw b -"

/* ---- a plain square-by-square reading of the rules, to check the bitboards ---- */

typedef struct {
    int width, height, side; /* side: 'b' or 'w' */
    bool swap;
    char square[16][16]; /* [rank][file]: 'b', 'w' or '.' */
} PlainBoard;

static void plain_from_fen(const char *fen, PlainBoard *p)
{
    memset(p, 0, sizeof *p);
    int rows = 1;
    for (const char *c = fen; *c != ' '; c++)
        rows += *c == '/';
    p->height = rows;
    int row = 0, file = 0;
    const char *c = fen;
    for (; *c != ' '; c++) {
        if (*c == '/') {
            p->width = file;
            row++;
            file = 0;
            continue;
        }
        p->square[rows - 1 - row][file++] = *c;
    }
    p->width = file;
    p->side = c[1];
    p->swap = c[3] == 's';
}

static bool plain_empty(const PlainBoard *p, int file, int rank)
{
    return file >= 0 && rank >= 0 && file < p->width && rank < p->height && p->square[rank][file] == '.';
}

static bool plain_legal(const PlainBoard *p, bool full, int file, int rank)
{
    if (p->square[rank][file] != p->side)
        return false;
    if (full)
        return true;
    if (!plain_empty(p, file - 1, rank) && !plain_empty(p, file + 1, rank) &&
        !plain_empty(p, file, rank - 1) && !plain_empty(p, file, rank + 1))
        return false;
    for (int df = -1; df <= 1; df += 2)
        for (int dr = -1; dr <= 1; dr += 2)
            if (plain_empty(p, file + df, rank) && plain_empty(p, file, rank + dr) &&
                plain_empty(p, file + df, rank + dr))
                return false;
    return true;
}

/* The legal moves in text, in the generator's order (a1, b1, ..., then swap). */
static void plain_moves(const PlainBoard *p, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    bool full = true;
    for (int r = 0; r < p->height; r++)
        for (int f = 0; f < p->width; f++)
            full = full && p->square[r][f] != '.';
    for (int r = 0; r < p->height; r++)
        for (int f = 0; f < p->width; f++)
            if (plain_legal(p, full, f, r))
                used += (size_t)snprintf(out + used, out_size - used, "%c%d ", 'a' + f, r + 1);
    if (p->swap)
        snprintf(out + used, out_size - used, "swap ");
}

static void engine_moves(const Position *pos, char *out, size_t out_size)
{
    Move moves[300];
    int count = collect_moves(G, pos, moves, 300, NULL);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        G->format_move(pos, moves[i], text, sizeof text);
        used += (size_t)snprintf(out + used, out_size - used, "%s ", text);
    }
}

/* ---- reference perft ---- */

static void test_roomandpillar_perft_start_1_to_9(void)
{
    static const uint64_t expected[] = {0, 32, 144, 404, 1460, 5040, 20752, 86304, 408112, 1995888};
    for (int depth = 1; depth <= 9; depth++)
        CHECK_EQ_U64(perft_of(G, START_8X8, depth), expected[depth]);
}

static void test_roomandpillar_perft_start_10(void)
{
    if (harness_slow_allowed())
        CHECK_EQ_U64(perft_of(G, START_8X8, 10), 10576512);
}

static void test_roomandpillar_perft_start_11(void)
{
    if (harness_slow_allowed())
        CHECK_EQ_U64(perft_of(G, START_8X8, 11), 58691472);
}

static void test_roomandpillar_perft_5x4(void) { CHECK_EQ_U64(perft_of(G, START_5X4, 7), 7312); }

static void test_roomandpillar_perft_3x6(void) { CHECK_EQ_U64(perft_of(G, START_3X6, 7), 3848); }

static void test_roomandpillar_perft_four_ply_position(void)
{
    CHECK_EQ_U64(perft_of(G, FOUR_PLY, 1), 6);
    CHECK_EQ_U64(perft_of(G, FOUR_PLY, 2), 31);
    CHECK_EQ_U64(perft_of(G, FOUR_PLY, 3), 183);
    CHECK_EQ_U64(perft_of(G, FOUR_PLY, 4), 1055);
}

/* ---- the start and the first removal ---- */

static void test_roomandpillar_start_is_8x8_black_to_move(void)
{
    Position pos;
    if (!load_position(G, G->start_fen, &pos))
        return;
    CHECK_STR(G->start_fen, START_8X8);
    CHECK_EQ_INT(G->side_to_move(&pos), BLACK);
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_ONGOING);
}

static void test_roomandpillar_first_removal_is_free(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 32);
    CHECK(is_legal_text(G, &pos, "a1"));
    CHECK(is_legal_text(G, &pos, "d4")); /* the middle, far from any edge */
    CHECK(is_legal_text(G, &pos, "h8"));
    CHECK(!is_legal_text(G, &pos, "b1")); /* a white stone */
}

static void test_roomandpillar_removal_must_touch_an_empty_square(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos) || !play_moves(G, &pos, "a1"))
        return;
    CHECK(is_legal_text(G, &pos, "b1"));
    CHECK(is_legal_text(G, &pos, "a2"));
    CHECK(!is_legal_text(G, &pos, "g8"));
    CHECK(!is_legal_text(G, &pos, "d3"));
    CHECK_CONTAINS(move_rejection(G, &pos, "d3"), "touches no empty square");
}

static void test_roomandpillar_only_own_stones_are_removed(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos) || !play_moves(G, &pos, "a1"))
        return;
    CHECK(!is_legal_text(G, &pos, "a3")); /* black, white to move */
    CHECK_CONTAINS(move_rejection(G, &pos, "a3"), "white removes white stones");
    CHECK(!is_legal_text(G, &pos, "a1"));
    CHECK_CONTAINS(move_rejection(G, &pos, "a1"), "black square");
}

/* ---- the 2x2 rule ---- */

static void test_roomandpillar_no_empty_block_in_the_middle(void)
{
    /* d4, e4, f4 and d5 empty: e5 would complete d4-e5. */
    const char *fen = "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwb.bwbw/wbw...wb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK(!is_legal_text(G, &pos, "e5"));
    CHECK_CONTAINS(move_rejection(G, &pos, "e5"), "2x2");
    CHECK(is_legal_text(G, &pos, "c5"));
    CHECK(is_legal_text(G, &pos, "e3"));
    CHECK(is_legal_text(G, &pos, "d6"));
}

static void test_roomandpillar_no_empty_block_at_the_corner(void)
{
    /* a2, b2, b1, c1 empty: a1 would complete a1-b2. */
    const char *fen = "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/..wbwbwb/b..wbwbw b -";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK(!is_legal_text(G, &pos, "a1"));
    CHECK(is_legal_text(G, &pos, "a3"));
    CHECK_EQ_U64(count_legal_moves(G, &pos), 1);
}

static void test_roomandpillar_no_empty_block_at_the_top_edge(void)
{
    /* d8, e8, e7 empty: d7 would complete d7-e8. */
    const char *fen = "wbw..bwb/bwbw.wbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w -";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK(!is_legal_text(G, &pos, "d7"));
    CHECK(is_legal_text(G, &pos, "c8"));
    CHECK(is_legal_text(G, &pos, "f7"));
}

static void test_roomandpillar_no_empty_block_at_the_right_edge(void)
{
    /* h4, h5, g5 empty: g4 would complete g4-h5. */
    const char *fen = "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbw../wbwbwbw./bwbwbwbw/wbwbwbwb/bwbwbwbw w -";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK(!is_legal_text(G, &pos, "g4"));
    CHECK(is_legal_text(G, &pos, "h3"));
    CHECK(is_legal_text(G, &pos, "f5"));
    CHECK(is_legal_text(G, &pos, "g6"));
}

static void test_roomandpillar_block_rule_does_not_wrap_around_edges(void)
{
    /* a5 and h5 only touch through a wrap from one rank's end to the next. */
    const char *fen = "wbwbwbwb/bwbwbwbw/wbwbwbwb/.wbwbwb./wbwbwbw./bwbwbwbw/wbwbwbwb/bwbwbwbw w -";
    CHECK_CONTAINS(rejection(G, fen), "not connected");
    const char *legal = "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwb./wbwbwbw./bwbwbwbw/wbwbwbwb/bwbwbwbw b -";
    Position pos;
    if (!load_position(G, legal, &pos))
        return;
    CHECK(is_legal_text(G, &pos, "g5"));  /* touches h5 */
    CHECK(!is_legal_text(G, &pos, "a5")); /* h4, just before it in square order, is no neighbour */
}

/* ---- the pie rule ---- */

static void test_roomandpillar_swap_only_right_after_first_removal(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    CHECK(!is_legal_text(G, &pos, "swap"));
    if (!play_moves(G, &pos, "a1"))
        return;
    CHECK_STR(fen_of(G, &pos), "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/.wbwbwbw w s");
    CHECK(is_legal_text(G, &pos, "swap"));
    CHECK_EQ_U64(count_legal_moves(G, &pos), 3); /* b1, a2, swap */
}

static void test_roomandpillar_swap_keeps_the_colour_to_move(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos) || !play_moves(G, &pos, "a1"))
        return;
    CHECK_EQ_INT(G->side_to_move(&pos), WHITE);
    if (!play_moves(G, &pos, "swap"))
        return;
    CHECK_EQ_INT(G->side_to_move(&pos), WHITE);
    CHECK_STR(fen_of(G, &pos), "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/.wbwbwbw w -");
    CHECK(!is_legal_text(G, &pos, "swap"));
    CHECK_EQ_U64(count_legal_moves(G, &pos), 2);
    if (!play_moves(G, &pos, "b1"))
        return;
    CHECK_EQ_INT(G->side_to_move(&pos), BLACK);
}

static void test_roomandpillar_swap_not_allowed_later(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos) || !play_moves(G, &pos, "a1 b1"))
        return;
    CHECK(!is_legal_text(G, &pos, "swap"));
    CHECK_CONTAINS(move_rejection(G, &pos, "swap"), "right after the first removal");
    CHECK_STR(fen_of(G, &pos), "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/..bwbwbw b -");
    if (!play_moves(G, &pos, "c1"))
        return;
    CHECK(!is_legal_text(G, &pos, "swap"));
}

static void test_roomandpillar_swap_flag_in_position_string(void)
{
    Position pos;
    if (!load_position(G, "wbwbw/bwbwb/wbwbw/bw.wb w s", &pos))
        return;
    CHECK(is_legal_text(G, &pos, "swap"));
    CHECK_EQ_U64(count_legal_moves(G, &pos), 4); /* b1, d1, c2 and swap */
}

/* ---- end of the game ---- */

static void test_roomandpillar_no_move_loses(void)
{
    /* 2x2: a1, b1, b2 removed; white's a2 would open the whole board. */
    Position pos;
    if (!load_position(G, "w./.. w -", &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 0);
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(G->turns_left(&pos), 0);
    CHECK(!is_legal_text(G, &pos, "a2"));
    CHECK_CONTAINS(move_rejection(G, &pos, "a2"), "game is over");
}

static void test_roomandpillar_2x2_game_played_out(void)
{
    Position pos;
    if (!load_position(G, "wb/bw b -", &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 2);
    if (!play_moves(G, &pos, "a1 b1 b2"))
        return;
    CHECK_STR(fen_of(G, &pos), "w./.. w -");
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_BLACK_WINS);
}

static void test_roomandpillar_white_loses_when_black_has_no_move(void)
{
    /* 4x2 after a1 b1 c1 a2: b2 would open a1-b2, d2 touches no empty square. */
    Position pos;
    if (!load_position(G, ".bwb/...w b -", &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 0);
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_WHITE_WINS);
}

/* ---- sizes ---- */

static void test_roomandpillar_size_5x4(void)
{
    Position pos;
    if (!load_position(G, START_5X4, &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 10);
    CHECK(is_legal_text(G, &pos, "e1"));
    CHECK(!is_legal_text(G, &pos, "f1"));
    CHECK(!is_legal_text(G, &pos, "a5"));
}

static void test_roomandpillar_size_3x6(void)
{
    Position pos;
    if (!load_position(G, START_3X6, &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 9);
    CHECK(is_legal_text(G, &pos, "c6") == false); /* c6 is white */
    CHECK(is_legal_text(G, &pos, "b6"));
}

static void test_roomandpillar_size_16x16(void)
{
    Position pos;
    if (!load_position(G, START_16X16, &pos))
        return;
    CHECK_STR(fen_of(G, &pos), START_16X16);
    CHECK_EQ_U64(count_legal_moves(G, &pos), 128);
    CHECK(is_legal_text(G, &pos, "p16"));
    if (!play_moves(G, &pos, "p16"))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 3); /* o16, p15, swap */
    CHECK(!is_legal_text(G, &pos, "h8")); /* black, but white is to move */
    if (!play_moves(G, &pos, "o16 n16"))
        return;
    char expected[POSITION_TEXT_MAX];
    snprintf(expected, sizeof expected, "wbwbwbwbwbwbw...%.*s w -", (int)strlen(START_16X16) - 16 - 4,
             &START_16X16[16]);
    CHECK_STR(fen_of(G, &pos), expected);
}

static void test_roomandpillar_odd_by_odd_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "bwb/wbw/bwb/wbw/bwb b -"), "3x5 board: at least one of width and height must be even");
    CHECK_CONTAINS(rejection(G, "bwbwb/wbwbw/bwbwb b -"), "5x3 board");
}

static void test_roomandpillar_sizes_out_of_range_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "bwbw b -"), "board has 1 rank");
    CHECK_CONTAINS(rejection(G, "w/b b -"), "board is 1 squares wide");
    CHECK_CONTAINS(rejection(G, "wbwbwbwbwbwbwbwbw/bwbwbwbwbwbwbwbwb b -"), "board is 17 squares wide");
    CHECK_CONTAINS(rejection(G, "wb/bw/wb/bw/wb/bw/wb/bw/wb/bw/wb/bw/wb/bw/wb/bw/wb b -"), "more than 16 ranks");
}

/* ---- position strings ---- */

static void test_roomandpillar_round_trips(void)
{
    static const char *const fens[] = {
        START_8X8, START_5X4, START_3X6, FOUR_PLY, START_16X16, "wb/bw b -", "w./.. w -",
        "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/.wbwbwbw w s",
        "wbwbw/bwbwb/wbwbw/bw.wb w s", ".bwb/...w b -",
        "bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw b -",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        CHECK_STR(fen_after(G, fens[i], ""), fens[i]);
}

static void test_roomandpillar_ragged_ranks_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "wbwb/bwb/wbwb/bwbw b -"), "ragged board: rank 3 has 3 squares but rank 4 has 4");
    CHECK_CONTAINS(rejection(G, "wbwb//wbwb/bwbw b -"), "ragged board");
}

static void test_roomandpillar_bad_characters_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "wbwb/bwxw/wbwb/bwbw b -"), "square c3: character 0x78 is not b, w or .");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbW b -"), "square d1");
}

static void test_roomandpillar_stone_off_its_colour_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/wwbw b -"), "square a1: a white stone on a black square");
    CHECK_CONTAINS(rejection(G, "bbwb/bwbw/wbwb/bwbw b -"), "square a4: a black stone on a white square");
}

static void test_roomandpillar_empty_block_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw/..wb/..bw b -"), "empty 2x2 block a1-b2");
    CHECK_CONTAINS(rejection(G, "wb../bw.. b -"), "empty 2x2 block c1-d2");
}

static void test_roomandpillar_bad_side_and_flag_rejected(void)
{
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw x -"), "side to move 'x' is not b or w");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw bw -"), "side to move 'bw'");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw b q"), "swap flag 'q' is not s or -");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw b"), "'<ranks> <side> <pie>'");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw b - x"), "'<ranks> <side> <pie>'");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw  b -"), "single spaces");
    CHECK_CONTAINS(rejection(G, ""), "'<ranks> <side> <pie>'");
}

static void test_roomandpillar_swap_flag_must_match_board_rejected(void)
{
    /* full board */
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw b s"), "swap flag s needs exactly one empty square");
    /* the one empty square has the colour to move */
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/b.bw w s"), "colour not to move (black)");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/.wbw b s"), "colour not to move (white)");
    CHECK_EQ_INT(rejection(G, "wbwb/bwbw/wbwb/.wbw w s")[0], '\0');
    /* two removals made */
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/..bw b s"), "swap flag s");
}

static void test_roomandpillar_removal_counts_must_add_up(void)
{
    /* Decided here: black removes first and the players alternate. */
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/bwbw w -"), "0 black and 0 white squares are empty, which cannot be with white to move");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/.wbw b -"), "1 black and 0 white");
    CHECK_CONTAINS(rejection(G, "wbwb/bwbw/wbwb/b.bw b -"), "0 black and 1 white");
    CHECK_EQ_INT(rejection(G, "wbwb/bwbw/wbwb/.wbw w -")[0], '\0'); /* after a1 swap */
}

static void test_roomandpillar_disconnected_empty_squares_rejected(void)
{
    /* Decided here: every removal after the first touches an empty square. */
    CHECK_CONTAINS(rejection(G, "wbw./bwbw/wbwb/b.bw b -"), "empty squares b1 and d4 are not connected");
}

/* ---- moves ---- */

static void test_roomandpillar_move_text(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    static const char *const bad[] = {"", "z9", "a0", "a9", "i1", "d44", "d4 ", "A1", "Swap", "a01", "a1,b1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Move move;
        char err[ERROR_TEXT_MAX] = "";
        CHECK(!G->parse_move(&pos, bad[i], &move, err, sizeof err));
        CHECK(err[0] != '\0');
    }
    Move move;
    char err[ERROR_TEXT_MAX], text[MOVE_TEXT_MAX];
    CHECK(G->parse_move(&pos, "c7", &move, err, sizeof err));
    G->format_move(&pos, move, text, sizeof text);
    CHECK_STR(text, "c7");
    CHECK(move != MOVE_NONE);
}

static void test_roomandpillar_generation_stops_when_told(void)
{
    bool overflow = false;
    CHECK_EQ_INT(collected_within(G, START_8X8, 5, &overflow), 5);
    CHECK(overflow);
}

/* ---- hash ---- */

static void test_roomandpillar_hash_equal_by_transposition(void)
{
    Position one, two;
    if (!load_position(G, START_8X8, &one) || !load_position(G, START_8X8, &two))
        return;
    if (!play_moves(G, &one, "d4 e4 f4 d5") || !play_moves(G, &two, "f4 e4 d4 d5"))
        return;
    CHECK_STR(fen_of(G, &one), fen_of(G, &two));
    CHECK_EQ_U64(G->hash(&one), G->hash(&two));
    Position parsed;
    if (load_position(G, fen_of(G, &one), &parsed))
        CHECK_EQ_U64(G->hash(&parsed), G->hash(&one));
}

static void test_roomandpillar_hash_differs_after_different_moves(void)
{
    Position start, a, b, swapped;
    if (!load_position(G, START_8X8, &start))
        return;
    a = b = start;
    if (!play_moves(G, &a, "d4") || !play_moves(G, &b, "f4"))
        return;
    CHECK(G->hash(&a) != G->hash(&b));
    CHECK(G->hash(&a) != G->hash(&start));
    swapped = a;
    if (!play_moves(G, &swapped, "swap"))
        return;
    CHECK(G->hash(&swapped) != G->hash(&a));
    Position parsed;
    if (load_position(G, fen_of(G, &swapped), &parsed))
        CHECK_EQ_U64(G->hash(&parsed), G->hash(&swapped));
}

/* The proof key is shared by a position's images that keep the colours
 * (the half-turn, a square's transpositions, an odd side's mirror), and
 * made again from the position string it is the same. */
static void test_roomandpillar_proof_key_shared_by_images(void)
{
    static const char *const lines[][4] = {
        /* board, a line, its image, a line that is no image of it */
        {START_8X8, "c1 d1", "a3 a4", "c1 b1"}, /* the transposition */
        {START_8X8, "c1 d1", "f8 e8", "e1 d1"}, /* the half-turn */
        {"wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw/wbwbwbwbwb/bwbwbwbwbw b -", "a1 a2",
         "j8 j7", "a1 b1"}, /* 10x8: the half-turn */
        {"wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/bwbwbwbwb b -", "c1 d1", "g1 f1",
         "c1 b1"}, /* 9x8: the mirror of the odd side */
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        Position start, line, image, other, parsed;
        if (!load_position(G, lines[i][0], &start))
            return;
        line = image = other = start;
        if (!play_moves(G, &line, lines[i][1]) || !play_moves(G, &image, lines[i][2]) ||
            !play_moves(G, &other, lines[i][3]))
            return;
        CHECK(G->hash(&line) != G->hash(&image));
        CHECK_EQ_U64(G->proof_key(&line), G->proof_key(&image));
        CHECK(G->proof_key(&line) != G->proof_key(&other));
        if (load_position(G, fen_of(G, &image), &parsed))
            CHECK_EQ_U64(G->proof_key(&parsed), G->proof_key(&image));
    }
}

/* ---- random games against the plain reading of the rules ---- */

/* What one game has met so far: the turns_left each side was promised
 * before each of its turns, and the turns it played. */
static struct {
    int bound[2][600], played[2];
    bool failed;
} game_turns;

/* Checks the moves against the plain reading, the incremental hash, the
 * round trip and, at each game's end, turns_left's bound; stops checking
 * at the first disagreement. */
static void check_against_plain_rules(const Position *pos)
{
    if (game_turns.failed)
        return;
    char fen[POSITION_TEXT_MAX], expected[4096], actual[4096];
    snprintf(fen, sizeof fen, "%s", fen_of(G, pos));
    PlainBoard plain;
    plain_from_fen(fen, &plain);
    plain_moves(&plain, expected, sizeof expected);
    engine_moves(pos, actual, sizeof actual);
    if (strcmp(expected, actual) != 0) {
        CHECK_STR(actual, expected);
        printf("    in %s\n", fen);
        game_turns.failed = true;
        return;
    }
    Position parsed;
    if (!load_position(G, fen, &parsed)) {
        game_turns.failed = true;
        return;
    }
    CHECK_EQ_U64(G->hash(&parsed), G->hash(pos));
    int eval = G->evaluate(pos);
    CHECK(eval > -20000 && eval < 20000);
    int side = G->side_to_move(pos);
    game_turns.bound[side][game_turns.played[side]] = G->turns_left(pos);
    Move moves[300];
    int count = collect_moves(G, pos, moves, 300, NULL);
    CHECK_EQ_U64(count_legal_moves(G, pos), (uint64_t)count);
    if (count > 0) {
        CHECK_EQ_INT(G->outcome(pos), OUTCOME_ONGOING);
        game_turns.played[side]++;
        return;
    }
    CHECK_EQ_INT(G->outcome(pos), side == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS);
    CHECK_EQ_INT(G->turns_left(pos), 0);
    /* turns_left promised at least the turns that side went on to play */
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < game_turns.played[s]; t++)
            if (game_turns.bound[s][t] < game_turns.played[s] - t) {
                CHECK_EQ_INT(game_turns.bound[s][t], game_turns.played[s] - t);
                game_turns.failed = true;
                return;
            }
    game_turns.played[0] = game_turns.played[1] = 0; /* the next game */
}

/* Plays random games on boards of every word count, checking every ply. */
static void play_random_games(const char *start, int games, uint64_t seed)
{
    memset(&game_turns, 0, sizeof game_turns);
    for_random_games(G, start, games, seed, check_against_plain_rules);
}

static void test_roomandpillar_random_games_match_plain_rules_8x8(void) { play_random_games(START_8X8, 60, 1); }

static void test_roomandpillar_random_games_match_plain_rules_small(void)
{
    play_random_games("wb/bw b -", 10, 2);
    play_random_games(START_5X4, 30, 3);
    play_random_games(START_3X6, 30, 4);
    play_random_games("bwbwbwbwbwbwbwbw/wbwbwbwbwbwbwbwb/bwbwbwbwbwbwbwbw b -", 20, 5); /* 16x3 */
}

static void test_roomandpillar_random_games_match_plain_rules_large(void)
{
    play_random_games(START_16X16, 6, 6); /* four words */
    play_random_games("bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/"
                      "wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/"
                      "bwbwbwbwbwbw b -",
                      10, 7); /* 12x11: three words */
    play_random_games("wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/bwbwbwbwb/wbwbwbwbw/"
                      "bwbwbwbwb/wbwbwbwbw/bwbwbwbwb b -",
                      10, 8); /* 9x10: two words */
}

/* ---- evaluation, display, turns ---- */

static void test_roomandpillar_evaluation_params(void)
{
    CHECK_EQ_INT(G->param_count, 3);
    check_params_named_and_in_range(G, "RoomAndPillar");
}

static void test_roomandpillar_evaluation_favours_more_removals(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    CHECK_EQ_INT(G->evaluate(&pos), 0);
    /* After a1 b1, black may take b2 or c1 (c1 safe), white only a2. */
    if (!play_moves(G, &pos, "a1 b1"))
        return;
    CHECK(G->evaluate(&pos) > 0);
    /* After c1, white may take a2, c2 or d1 (d1 safe), black only b2. */
    if (!play_moves(G, &pos, "c1"))
        return;
    CHECK(G->evaluate(&pos) > 0);
}

static void test_roomandpillar_display_names_ranks_and_files(void)
{
    const char *text = display_of(G, START_5X4);
    CHECK_CONTAINS(text, " 4 w b w b w\n");
    CHECK_CONTAINS(text, " 1 b w b w b\n");
    CHECK_CONTAINS(text, "   a b c d e\n");
    CHECK_CONTAINS(text, "black to move");
    Position pos;
    if (!load_position(G, START_5X4, &pos))
        return;
    char small[16];
    G->display(&pos, small, sizeof small);
    CHECK_EQ_INT((int)strlen(small), 15);
}

static void test_roomandpillar_turns_left_at_start(void)
{
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    /* 16 disjoint 2x2 windows keep a stone each: at most 48 removals, 24 black. */
    CHECK_EQ_INT(G->turns_left(&pos), 24);
}

/* What time management plans with: about what games last, well under the
 * bound (8x8 games from 2 random plies lasted 11 turns a side at 2+0.02;
 * on 12x12 with 50 turns bounded, 24). */
static void test_roomandpillar_turns_expected_under_the_bound(void)
{
    const char *book_12x12 = "wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/"
                             "w..bwbwbwbwb/bw....bwbwbw/wbw.wbwbwbwb/bwb.bwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw b -";
    Position pos;
    if (!load_position(G, START_8X8, &pos))
        return;
    CHECK_EQ_INT(G->turns_expected(&pos), 24 - 16 * 3 / 4);
    if (!load_position(G, book_12x12, &pos))
        return;
    CHECK_EQ_INT(G->turns_left(&pos), 50);
    CHECK_EQ_INT(G->turns_expected(&pos), 50 - 36 * 3 / 4);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_roomandpillar_perft_start_1_to_9);
    RUN(test_roomandpillar_perft_start_10);
    RUN(test_roomandpillar_perft_start_11);
    RUN(test_roomandpillar_perft_5x4);
    RUN(test_roomandpillar_perft_3x6);
    RUN(test_roomandpillar_perft_four_ply_position);
    RUN(test_roomandpillar_start_is_8x8_black_to_move);
    RUN(test_roomandpillar_first_removal_is_free);
    RUN(test_roomandpillar_removal_must_touch_an_empty_square);
    RUN(test_roomandpillar_only_own_stones_are_removed);
    RUN(test_roomandpillar_no_empty_block_in_the_middle);
    RUN(test_roomandpillar_no_empty_block_at_the_corner);
    RUN(test_roomandpillar_no_empty_block_at_the_top_edge);
    RUN(test_roomandpillar_no_empty_block_at_the_right_edge);
    RUN(test_roomandpillar_block_rule_does_not_wrap_around_edges);
    RUN(test_roomandpillar_swap_only_right_after_first_removal);
    RUN(test_roomandpillar_swap_keeps_the_colour_to_move);
    RUN(test_roomandpillar_swap_not_allowed_later);
    RUN(test_roomandpillar_swap_flag_in_position_string);
    RUN(test_roomandpillar_no_move_loses);
    RUN(test_roomandpillar_2x2_game_played_out);
    RUN(test_roomandpillar_white_loses_when_black_has_no_move);
    RUN(test_roomandpillar_size_5x4);
    RUN(test_roomandpillar_size_3x6);
    RUN(test_roomandpillar_size_16x16);
    RUN(test_roomandpillar_odd_by_odd_rejected);
    RUN(test_roomandpillar_sizes_out_of_range_rejected);
    RUN(test_roomandpillar_round_trips);
    RUN(test_roomandpillar_ragged_ranks_rejected);
    RUN(test_roomandpillar_bad_characters_rejected);
    RUN(test_roomandpillar_stone_off_its_colour_rejected);
    RUN(test_roomandpillar_empty_block_rejected);
    RUN(test_roomandpillar_bad_side_and_flag_rejected);
    RUN(test_roomandpillar_swap_flag_must_match_board_rejected);
    RUN(test_roomandpillar_removal_counts_must_add_up);
    RUN(test_roomandpillar_disconnected_empty_squares_rejected);
    RUN(test_roomandpillar_move_text);
    RUN(test_roomandpillar_generation_stops_when_told);
    RUN(test_roomandpillar_hash_equal_by_transposition);
    RUN(test_roomandpillar_hash_differs_after_different_moves);
    RUN(test_roomandpillar_proof_key_shared_by_images);
    RUN(test_roomandpillar_random_games_match_plain_rules_8x8);
    RUN(test_roomandpillar_random_games_match_plain_rules_small);
    RUN(test_roomandpillar_random_games_match_plain_rules_large);
    RUN(test_roomandpillar_evaluation_params);
    RUN(test_roomandpillar_evaluation_favours_more_removals);
    RUN(test_roomandpillar_display_names_ranks_and_files);
    RUN(test_roomandpillar_turns_left_at_start);
    RUN(test_roomandpillar_turns_expected_under_the_bound);
    return harness_end();
}
