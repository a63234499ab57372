/* test_columna.c - Columna's rules (RULES.md section 1), one test per case. */
#include "harness.h"
#include "gametest.h"

#include "games/columna/columna.h"

static const Game *const G = &columna_game;

#define START "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"
#define SECOND "03b001b1/211w11w2/311110/001110/111b1b1w2/11w2011 w p"

/* ---- helpers ---- */

#define LIST_TEXT_MAX 65536

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

/* Sorted, space-separated; the texts are MOVE_TEXT_MAX apart in `texts`. */
static const char *join_sorted(char (*texts)[MOVE_TEXT_MAX], int count)
{
    static char out[LIST_TEXT_MAX];
    size_t len = 0;
    qsort(texts, (size_t)count, sizeof *texts, compare_text);
    out[0] = '\0';
    for (int i = 0; i < count; i++)
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", texts[i]);
    return out;
}

static char list_texts[GAMETEST_MOVES_MAX][MOVE_TEXT_MAX];

static const char *format_sorted(const Position *pos, const Move *moves, int count)
{
    for (int i = 0; i < count; i++)
        G->format_move(pos, moves[i], list_texts[i], MOVE_TEXT_MAX);
    return join_sorted(list_texts, count);
}

/* Every legal whole-turn move, formatted and sorted. */
static const char *moves_text(const Position *pos)
{
    static Move moves[GAMETEST_MOVES_MAX];
    bool overflow = false;
    const int n = collect_moves(G, pos, moves, GAMETEST_MOVES_MAX, &overflow);
    CHECK(!overflow);
    return format_sorted(pos, moves, n);
}

/* The next steps of the turn, formatted and sorted. */
static const char *steps_text(const Position *pos)
{
    Move steps[MAX_STEPS_PER_NODE];
    return format_sorted(pos, steps, G->generate_steps(pos, steps, MAX_STEPS_PER_NODE));
}

/* ---- an independent, deliberately plain reading of the rules ---- */

typedef struct {
    int height[6][6]; /* [rank][file] */
    char pawn[6][6];  /* 'w', 'b' or 0 */
    char side, phase;
} PlainBoard;

static void plain_board(const Position *pos, PlainBoard *b)
{
    char fen[POSITION_TEXT_MAX];
    G->format_position(pos, fen, sizeof fen);
    memset(b, 0, sizeof *b);
    const char *c = fen;
    for (int rank = 5; rank >= 0; rank--, c++)
        for (int file = 0; file < 6; file++) {
            b->height[rank][file] = *c++ - '0';
            if (*c == 'w' || *c == 'b')
                b->pawn[rank][file] = *c++;
        }
    b->side = c[0];
    b->phase = c[2];
}

static const int plain_step[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

/* The square a pawn or stack from (rank, file) reaches going d, or false. */
static bool plain_target(const PlainBoard *b, int rank, int file, int d, int *tr, int *tf)
{
    for (int r = rank + plain_step[d][0], f = file + plain_step[d][1];
         r >= 0 && r < 6 && f >= 0 && f < 6; r += plain_step[d][0], f += plain_step[d][1]) {
        if (b->height[r][f] == 0)
            continue;
        if (b->pawn[r][f])
            return false;
        *tr = r;
        *tf = f;
        return true;
    }
    return false;
}

static int plain_stackings(const PlainBoard *b, char (*out)[MOVE_TEXT_MAX], const char *prefix)
{
    int n = 0;
    for (int r = 0; r < 6; r++)
        for (int f = 0; f < 6; f++) {
            if (b->height[r][f] == 0 || b->pawn[r][f])
                continue;
            for (int d = 0; d < 4; d++) {
                int tr, tf;
                if (plain_target(b, r, f, d, &tr, &tf) && b->height[r][f] + b->height[tr][tf] <= 5)
                    snprintf(out[n++], MOVE_TEXT_MAX, "%s%c%d%c%d", prefix, 'a' + f, r + 1, 'a' + tf,
                             tr + 1);
            }
        }
    return n;
}

static const char *plain_moves_text(const Position *pos)
{
    static char texts[GAMETEST_MOVES_MAX][MOVE_TEXT_MAX];
    PlainBoard b;
    plain_board(pos, &b);
    if (b.phase == 's')
        return join_sorted(texts, plain_stackings(&b, texts, ""));
    int n = 0;
    for (int r = 0; r < 6; r++)
        for (int f = 0; f < 6; f++) {
            if (b.pawn[r][f] != b.side)
                continue;
            for (int d = 0; d < 4; d++) {
                int tr, tf;
                if (!plain_target(&b, r, f, d, &tr, &tf))
                    continue;
                char pawn_move[32];
                snprintf(pawn_move, sizeof pawn_move, "%c%d%c%d", 'a' + f, r + 1, 'a' + tf, tr + 1);
                PlainBoard after = b;
                after.pawn[tr][tf] = after.pawn[r][f];
                after.pawn[r][f] = 0;
                char prefix[40];
                snprintf(prefix, sizeof prefix, "%s,", pawn_move);
                const int stackings = plain_stackings(&after, texts + n, prefix);
                if (stackings == 0)
                    snprintf(texts[n++], MOVE_TEXT_MAX, "%s", pawn_move);
                n += stackings;
            }
        }
    return join_sorted(texts, n);
}

/* ---- reference perft (RULES.md) ---- */

static void test_columna_perft_start_1(void) { CHECK_EQ_U64(perft_of(G, START, 1), 664); }
static void test_columna_perft_start_2(void) { CHECK_EQ_U64(perft_of(G, START, 2), 447888); }

static void test_columna_perft_start_3(void)
{
    if (harness_slow_allowed())
        CHECK_EQ_U64(perft_of(G, START, 3), 296780688);
}

static void test_columna_perft_second_1(void) { CHECK_EQ_U64(perft_of(G, SECOND, 1), 534); }
static void test_columna_perft_second_2(void) { CHECK_EQ_U64(perft_of(G, SECOND, 2), 128576); }

/* ---- position strings ---- */

static void test_columna_start_fen_is_rules_start(void)
{
    CHECK_STR(G->start_fen, START);
    CHECK_STR(G->id, "columna");
}

static void test_columna_position_round_trips(void)
{
    static const char *const fens[] = {
        START,
        SECOND,
        "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s",
        "000000/000000/000050/000055/4b1w4b1w00/5w4b1w1b00 b p",
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++)
        CHECK_STR(fen_after(G, fens[i], ""), fens[i]);
}

static void test_columna_rejects_pawn_on_height_0(void)
{
    CHECK_CONTAINS(rejection(G, "0w1111/11b1w1w1b1/111111/111111/11w1b1b1w1/111112 w p"), "height 0");
    CHECK_CONTAINS(rejection(G, "0w1111/11b1w1w1b1/111111/111111/11w1b1b1w1/111112 w p"), "a6");
}

static void test_columna_rejects_a_7th_rank(void)
{
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111/000000 w p"),
                   "7th rank");
}

static void test_columna_rejects_too_few_ranks(void)
{
    CHECK_CONTAINS(rejection(G, "11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"), "only 5 ranks");
}

static void test_columna_rejects_wrong_rank_lengths(void)
{
    CHECK_CONTAINS(rejection(G, "1111111/11b1w1w1b1/111111/111111/11w1b1b1w1/11111 w p"),
                   "rank 6 has more than 6 squares");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/11111 w p"),
                   "rank 1 has 5 squares");
}

static void test_columna_rejects_bad_digits(void)
{
    CHECK_CONTAINS(rejection(G, "611111/11b1w1w1b1/111111/111111/11w1b1b1w1/011110 w p"),
                   "height 6 is above 5");
    CHECK_CONTAINS(rejection(G, "911111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"), "a6");
    CHECK_CONTAINS(rejection(G, "1x1111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"),
                   "unexpected character 'x'");
}

static void test_columna_rejects_misplaced_pawn_letters(void)
{
    CHECK_CONTAINS(rejection(G, "w111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"),
                   "before any height digit");
    CHECK_CONTAINS(rejection(G, "1wb1111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"),
                   "two pawns");
}

static void test_columna_rejects_wrong_pawn_counts(void)
{
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b11/111111 w p"),
                   "white has 3 pawns, expected 4");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/1b11111 w p"),
                   "black has 5 pawns, expected 4");
}

/* Decided here: tiles never leave the board, so the heights add up to 36. */
static void test_columna_rejects_tile_total_other_than_36(void)
{
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111110 w p"),
                   "35 tiles, expected 36");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111112 w p"),
                   "37 tiles, expected 36");
}

static void test_columna_rejects_bad_side_and_phase(void)
{
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 x p"),
                   "bad side to move 'x'");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 white p"),
                   "bad side to move 'white'");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w q"),
                   "bad phase 'q'");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w"),
                   "missing the phase");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111"),
                   "missing the side to move");
    CHECK_CONTAINS(rejection(G, "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p x"),
                   "unexpected text after the phase");
    CHECK(rejection(G, "")[0] != '\0');
    /* Errors stay on one line whatever the input holds. */
    CHECK_CONTAINS(rejection(G, START "\n"), "bad phase 'p?'");
    CHECK(strchr(move_rejection_at(G, START, "b2b1\n"), '\n') == NULL);
}

/* ---- pawn moves ---- */

static void test_columna_pawn_move_skips_empty_squares(void)
{
    Position pos;
    if (!load_position(G, "1b1b1b1b55/000055/100005/000000/000000/1w021w1w1w w p", &pos))
        return;
    /* a1 skips a2, a3 to a4 and b1 to c1; e1 and f1 skip up their files. */
    CHECK_STR(steps_text(&pos), "a1a4 a1c1 d1c1 e1e5 f1f4");
    CHECK_CONTAINS(move_rejection_at(G, "1b1b1b1b55/000055/100005/000000/000000/1w021w1w1w w p", "a1a2,c1a1"),
                   "a2 is empty");
}

static void test_columna_pawn_closes_direction_for_pawn_move(void)
{
    const char *fen = "1b1b1b1w1w5/000000/201w010/1b00000/000000/1w05555 w p";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    /* a1 meets the black pawn on a3 first: no jumping to a4; d6 and e6 are
     * hemmed in by pawns sideways; c4 meets c6's pawn northwards. */
    CHECK_STR(steps_text(&pos), "a1c1 c4a4 c4c1 c4e4 d6d1 e6e4 e6f6");
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a4"), "first stack met from a1, which is a3");
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a3"), "a3 carries a pawn");
}

static void test_columna_edge_closes_direction(void)
{
    const char *fen = "1b1b0055/1b1b0055/000000/101w000/000000/51w11w1w1 w p";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    /* c3 meets only empty squares up to the edge north and east, d1 north. */
    CHECK_STR(steps_text(&pos), "b1a1 b1c1 c3a3 c3c1 d1c1 e1e5 e1f1");
    CHECK_CONTAINS(move_rejection_at(G, fen, "c3c6"), "c6 is empty");
    CHECK_CONTAINS(move_rejection_at(G, fen, "c3f6"), "along a rank or a file");
}

static void test_columna_pawn_must_be_own(void)
{
    CHECK_CONTAINS(move_rejection_at(G, START, "c2c3,a1a2"), "no white pawn on c2");
    CHECK_CONTAINS(move_rejection_at(G, START, "a1a2,a3a4"), "no white pawn on a1");
}

/* ---- stackings ---- */

static void test_columna_stacking_skips_empty_squares(void)
{
    Position pos;
    if (!load_position(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s", &pos))
        return;
    /* a4, c4 and e4 stack across the empty b4 and d4. */
    CHECK_STR(moves_text(&pos), "a4c4 c4a4 c4e4 e4c4");
}

static void test_columna_pawn_closes_direction_for_stacking(void)
{
    const char *fen = "1b1b1b1w1w5/000000/201w010/1b00000/000000/1w05555 w p";
    /* e4 westwards meets c4's pawn: neither c4 nor a4 beyond can be hit. */
    CHECK_CONTAINS(move_rejection_at(G, fen, "d6d1,e4c4"), "c4 carries a pawn");
    CHECK_CONTAINS(move_rejection_at(G, fen, "d6d1,e4a4"), "first stack met from e4, which is c4");
    /* Once the pawn has left, c4 is a free stack again. */
    Position pos;
    if (load_position(G, fen, &pos))
        CHECK(is_legal_text(G, &pos, "c4c1,e4c4"));
}

static void test_columna_stack_under_pawn_cannot_be_moved(void)
{
    CHECK_CONTAINS(move_rejection_at(G, START, "b2b1,c2c3"), "c2 carries a pawn, it cannot be stacked");
    /* The pawn that just moved protects its new stack, not its old one. */
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK(is_legal_text(G, &pos, "b2b1,b2b3"));
    CHECK(!is_legal_text(G, &pos, "b2b1,b1a1"));
}

static void test_columna_stacking_capped_at_5(void)
{
    const char *fen = "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s";
    CHECK_STR(move_rejection_at(G, fen, "a4c4"), ""); /* 4 + 1 = 5 exactly */
    CHECK_CONTAINS(move_rejection_at(G, fen, "e4e6"), "a stack of 7, above 5");
    CHECK_CONTAINS(move_rejection_at(G, fen, "f1f2"), "a stack of 6, above 5");
    Position pos = position_after(G, fen, "a4c4");
    CHECK_STR(fen_of(G, &pos), "1b1b1b1b55/000005/005020/000000/000005/1w1w1w1w01 b p");
}

static void test_columna_stacked_square_is_empty_for_good(void)
{
    Position pos = position_after(G, START, "b2b1,b2b3");
    CHECK_STR(fen_of(G, &pos), "111111/11b1w1w1b1/111111/121111/101b1b1w1/11w1111 b p");
    /* From now on b2 is skipped: nothing moves to it or from it, and b1's
     * pawn going north meets b3. */
    Position later = position_after(G, START, "b2b1,b2b3 c2c3,a2a3");
    CHECK(strstr(moves_text(&later), "b2") == NULL);
    CHECK(is_legal_text(G, &later, "b1b3,a1b1"));
    CHECK_CONTAINS(move_rejection_at(G, fen_of(G, &later), "b1b2,a1b1"), "b2 is empty");
}

/* ---- the end ---- */

static void test_columna_pawn_only_move_ends_game(void)
{
    const char *fen = "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w p";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    /* c1c4 leaves no stacking, so it is a whole move on its own. */
    CHECK_STR(moves_text(&pos), "a1a4,c4e4 a1a4,e4c4 c1c4 d1f1,a4c4 d1f1,c4a4 d1f1,c4e4 d1f1,e4c4");
    CHECK(play_moves(G, &pos, "c1c4"));
    CHECK(G->outcome(&pos) != OUTCOME_ONGOING);
}

static void test_columna_pawn_only_move_string_and_phase_s(void)
{
    const char *fen = "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w p";
    Position pos = position_after(G, fen, "c1c4");
    /* The pawn move stays played; the string says white still owes a stacking. */
    CHECK_STR(fen_of(G, &pos), "1b1b1b1b55/000005/401w020/000000/000005/1w1w11w01 w s");
    CHECK_EQ_INT(G->side_to_move(&pos), WHITE);
    CHECK_EQ_U64(count_legal_moves(G, &pos), 0);
    CHECK(!G->turn_in_progress(&pos));
    /* All pawns on height 1: a full tie, and white could not act. */
    CHECK_EQ_INT(G->outcome(&pos), OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(G->turns_left(&pos), 0);
}

static void test_columna_pawn_move_alone_needs_no_stacking_left(void)
{
    const char *fen = "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w p";
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a4"), "a stacking must follow this pawn move");
    CHECK_CONTAINS(move_rejection_at(G, fen, "c1c4,a4c4"), "c4 carries a pawn");
    CHECK_STR(move_rejection_at(G, fen, "c1c4"), "");
}

static void test_columna_no_pawn_move_ends_game(void)
{
    /* White's pawns are boxed in by black ones (and black's by white's). */
    const char *fen = "000000/000000/000000/000000/5b5w4b4w00/4w5b5w4b00 w p";
    Position pos;
    if (!load_position(G, fen, &pos))
        return;
    CHECK_EQ_U64(count_legal_moves(G, &pos), 0);
    CHECK_EQ_INT(G->generate_steps(&pos, (Move[MAX_STEPS_PER_NODE]){0}, MAX_STEPS_PER_NODE), 0);
    CHECK(G->outcome(&pos) != OUTCOME_ONGOING);
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a3"), "the game is over");
}

static void test_columna_tiebreak_height_5_decides(void)
{
    /* White: 5,1,1,1.  Black: 4,4,4,1.  White could not act yet wins. */
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000050/000055/4b1w4b1w00/5w4b1w1b00 w p", ""),
                 OUTCOME_WHITE_WINS);
}

static void test_columna_tiebreak_height_4_decides(void)
{
    /* 5s equal (one each); white has a 4, black three 3s. */
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000000/000055/5b4w3b2w00/5w3b1w3b00 w s", ""),
                 OUTCOME_WHITE_WINS);
}

static void test_columna_tiebreak_height_3_decides(void)
{
    /* No 5s or 4s; black has a 3, white four 2s. */
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000055/000055/3b2w2b2w00/2w2b2w1b00 b p", ""),
                 OUTCOME_BLACK_WINS);
}

static void test_columna_tiebreak_height_2_decides(void)
{
    /* White 2,2,1,1 against black 2,1,1,1. */
    CHECK_EQ_INT(outcome_after(G, "000000/000050/000055/000055/2b2w1b1w00/1w1b2w1b00 w s", ""),
                 OUTCOME_WHITE_WINS);
}

/* With 4 pawns each, equal counts on 5..2 force equal counts on 1: a tie
 * that reaches height 1 is a full tie. */
static void test_columna_full_tie_unable_player_loses(void)
{
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000000/000000/5b5w4b4w00/4w5b5w4b00 w p", ""),
                 OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000000/000000/5b5w4b4w00/4w5b5w4b00 b p", ""),
                 OUTCOME_WHITE_WINS);
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000000/000000/5b5w4b4w00/4w5b5w4b00 w s", ""),
                 OUTCOME_BLACK_WINS);
    CHECK_EQ_INT(outcome_after(G, "000000/000000/000055/000055/3b3w1b1w00/1w3b3w1b00 b s", ""),
                 OUTCOME_WHITE_WINS);
}

static void test_columna_game_goes_on_while_the_action_is_possible(void)
{
    CHECK_EQ_INT(outcome_after(G, START, ""), OUTCOME_ONGOING);
    CHECK_EQ_INT(outcome_after(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s", ""), OUTCOME_ONGOING);
}

/* ---- phase s ---- */

static void test_columna_phase_s_moves_are_bare_stackings(void)
{
    const char *fen = "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s";
    CHECK_STR(move_rejection_at(G, fen, "c4e4"), "");
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a4,c4e4"), "only the stacking is due");
    CHECK_CONTAINS(move_rejection_at(G, fen, "a1a4"), "a1 carries a pawn");
}

static void test_columna_phase_s_stacking_passes_the_turn(void)
{
    Position pos = position_after(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s", "c4e4");
    CHECK_STR(fen_of(G, &pos), "1b1b1b1b55/000005/400030/000000/000005/1w1w1w1w01 b p");
    CHECK_EQ_INT(G->side_to_move(&pos), BLACK);
}

/* ---- move strings ---- */

static void test_columna_move_notation(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    CHECK_STR(reformatted_move(G, &pos, "b2b1,c3c4"), "b2b1,c3c4");
    CHECK_CONTAINS(move_rejection(G, &pos, "b2b1;c4c5"), "expected a pawn move");
    CHECK_CONTAINS(move_rejection(G, &pos, "b2b1,c3c4,"), "expected a pawn move");
    CHECK_CONTAINS(move_rejection(G, &pos, "B2B1,c4c5"), "expected a pawn move");
    CHECK_CONTAINS(move_rejection(G, &pos, "b2g1,c4c5"), "expected a pawn move");
}

static void test_columna_format_never_overflows(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    char small[4];
    memset(small, 'x', sizeof small);
    Move m;
    char err[ERROR_TEXT_MAX];
    CHECK(G->parse_move(&pos, "b2b1,c3c4", &m, err, sizeof err));
    G->format_move(&pos, m, small, 3);
    CHECK_STR(small, "b2");
    CHECK(small[3] == 'x');
    G->format_position(&pos, small, 3);
    CHECK_STR(small, "11");
    G->display(&pos, small, 3);
    CHECK(small[3] == 'x');
    char tiny_err[8];
    CHECK(!G->parse_position("bad", &pos, tiny_err, sizeof tiny_err));
    CHECK(strlen(tiny_err) < sizeof tiny_err);
}

static void test_columna_display_draws_the_board(void)
{
    const char *text = display_of(G, START);
    CHECK_CONTAINS(text, "5   1   1b  1w  1w  1b  1");
    CHECK_CONTAINS(text, "    a   b   c   d   e   f");
    CHECK_CONTAINS(text, "white to act: pawn move, then stacking");
}

/* ---- agreement between the views ---- */

static void check_matches_plain_rules(const Position *pos)
{
    char plain[LIST_TEXT_MAX];
    snprintf(plain, sizeof plain, "%s", plain_moves_text(pos));
    CHECK_STR(moves_text(pos), plain);
}

static void test_columna_moves_match_a_plain_reading_of_the_rules(void)
{
    for_random_games(G, START, 12, 1, check_matches_plain_rules);
    for_random_games(G, SECOND, 4, 2, check_matches_plain_rules);
}

/* The turns built step by step, joined, formatted and sorted. */
static const char *turns_from_steps(const Position *pos)
{
    static Move turns[GAMETEST_MOVES_MAX];
    Move first[MAX_STEPS_PER_NODE], second[MAX_STEPS_PER_NODE];
    int n = 0;
    const int firsts = G->generate_steps(pos, first, MAX_STEPS_PER_NODE);
    for (int i = 0; i < firsts; i++) {
        Position child = *pos;
        G->play_step(&child, first[i]);
        if (!G->turn_in_progress(&child)) {
            turns[n++] = G->join_steps(&first[i], 1);
            continue;
        }
        const int seconds = G->generate_steps(&child, second, MAX_STEPS_PER_NODE);
        for (int j = 0; j < seconds; j++)
            turns[n++] = G->join_steps((Move[2]){first[i], second[j]}, 2);
    }
    return format_sorted(pos, turns, n);
}

static void check_steps_agree(const Position *pos)
{
    char from_steps[LIST_TEXT_MAX];
    snprintf(from_steps, sizeof from_steps, "%s", turns_from_steps(pos));
    CHECK_STR(moves_text(pos), from_steps);
}

static void test_columna_steps_agree_with_generate_moves(void)
{
    Position pos;
    if (load_position(G, START, &pos))
        check_steps_agree(&pos);
    for_random_games(G, START, 8, 3, check_steps_agree);
    for_random_games(G, SECOND, 4, 4, check_steps_agree);
}

/* Playing a joined turn lands where playing its steps one by one does. */
static void check_play_equals_steps(const Position *pos)
{
    Move first[MAX_STEPS_PER_NODE], second[MAX_STEPS_PER_NODE];
    const int firsts = G->generate_steps(pos, first, MAX_STEPS_PER_NODE);
    for (int i = 0; i < firsts; i++) {
        Position stepped = *pos;
        G->play_step(&stepped, first[i]);
        const int seconds = G->turn_in_progress(&stepped)
                                ? G->generate_steps(&stepped, second, MAX_STEPS_PER_NODE)
                                : 0;
        for (int j = 0; j < seconds; j += 5) {
            Position whole = *pos, both = stepped;
            G->play(&whole, G->join_steps((Move[2]){first[i], second[j]}, 2));
            G->play_step(&both, second[j]);
            CHECK(memcmp(&whole, &both, sizeof whole) == 0);
        }
        if (seconds == 0) {
            Position whole = *pos;
            G->play(&whole, G->join_steps(&first[i], 1));
            CHECK(memcmp(&whole, &stepped, sizeof whole) == 0);
        }
    }
}

static void test_columna_play_equals_its_steps(void)
{
    for_random_games(G, START, 4, 5, check_play_equals_steps);
}

static void check_count_agrees(const Position *pos)
{
    static Move moves[GAMETEST_MOVES_MAX];
    CHECK_EQ_U64(G->count_moves(pos), collect_moves(G, pos, moves, GAMETEST_MOVES_MAX, NULL));
}

static void test_columna_count_moves_agrees_with_generate_moves(void)
{
    for_random_games(G, START, 16, 6, check_count_agrees);
    for_random_games(G, SECOND, 4, 7, check_count_agrees);
    for_random_games(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s", 4, 8, check_count_agrees);
}

static void test_columna_generate_moves_stops_when_sink_stops(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    bool finished = true;
    CHECK_EQ_INT(streamed_moves_upto(G, &pos, 3, &finished), 3);
    CHECK(!finished);
}

static void test_columna_generate_steps_respects_capacity(void)
{
    Position pos;
    if (!load_position(G, START, &pos))
        return;
    Move steps[4] = {0, 0, 0, MOVE_NONE};
    CHECK_EQ_INT(G->generate_steps(&pos, steps, 3), 3);
    CHECK(steps[3] == MOVE_NONE);
}

/* ---- hash ---- */

static void check_hash_is_fresh(const Position *pos)
{
    Position fresh;
    if (load_position(G, fen_of(G, pos), &fresh)) {
        CHECK_EQ_U64(G->hash(pos), G->hash(&fresh));
        CHECK(memcmp(pos, &fresh, sizeof fresh) == 0);
    }
}

static void test_columna_hash_is_incremental_and_exact(void)
{
    for_random_games(G, START, 8, 9, check_hash_is_fresh);
    Position pos = position_after(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w p", "c1c4");
    check_hash_is_fresh(&pos);
}

static void test_columna_hash_covers_side_and_phase(void)
{
    Position wp, bp, ws;
    if (!load_position(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w p", &wp) ||
        !load_position(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 b p", &bp) ||
        !load_position(G, "1b1b1b1b55/000005/401020/000000/000005/1w1w1w1w01 w s", &ws))
        return;
    CHECK(G->hash(&wp) != G->hash(&bp));
    CHECK(G->hash(&wp) != G->hash(&ws));
    CHECK(G->hash(&bp) != G->hash(&ws));
}

/* ---- turns left ---- */

static int predicted_turns[64], positions_seen;

static void record_turns_left(const Position *pos)
{
    if (positions_seen < 64)
        predicted_turns[positions_seen] = G->turns_left(pos);
    positions_seen++;
}

static void test_columna_turns_left_is_an_upper_bound(void)
{
    Position pos;
    if (load_position(G, START, &pos)) {
        CHECK(G->turns_left(&pos) <= 35);
        CHECK(G->turns_left(&pos) >= 1);
    }
    for (uint64_t seed = 10; seed < 20; seed++) {
        positions_seen = 0;
        for_random_games(G, START, 1, seed, record_turns_left);
        /* Position i is followed by positions_seen - 1 - i moves, every
         * other one played by the side to act there. */
        for (int i = 0; i < positions_seen && i < 64; i++) {
            const int moves_after = positions_seen - 1 - i;
            CHECK(predicted_turns[i] >= (moves_after + 1) / 2);
        }
    }
}

/* ---- evaluation ---- */

static void test_columna_params_are_exposed(void)
{
    static const char *const names[] = {"ColumnaHeight1", "ColumnaHeight2", "ColumnaHeight3",
                                        "ColumnaHeight4", "ColumnaHeight5", "ColumnaReach",
                                        "ColumnaMobility"};
    CHECK_EQ_INT(G->param_count, (int)(sizeof names / sizeof *names));
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        CHECK(param_named(G, names[i]) != NULL);
    check_params_named_and_in_range(G, "Columna");
}

static void test_columna_evaluate_start_is_level(void)
{
    Position pos;
    if (load_position(G, START, &pos))
        CHECK_EQ_INT(G->evaluate(&pos), 0);
}

static void test_columna_evaluate_is_from_the_side_to_act(void)
{
    Position white, black;
    if (!load_position(G, "000000/000000/000050/000055/4b1w4b1w00/5w4b1w1b00 w s", &white) ||
        !load_position(G, "000000/000000/000050/000055/4b1w4b1w00/5w4b1w1b00 b s", &black))
        return;
    CHECK_EQ_INT(G->evaluate(&white), -G->evaluate(&black));
}

static void test_columna_evaluate_prefers_taller_pawns(void)
{
    Position pos;
    /* White to act stands on a 5 while black stands on 1s only. */
    if (load_position(G, "1b1b1b1b55/000005/401020/000000/000000/5w1w1w1w02 w p", &pos))
        CHECK(G->evaluate(&pos) > 50);
}

static int max_abs_eval;

static void track_eval(const Position *pos)
{
    const int v = G->evaluate(pos);
    if ((v < 0 ? -v : v) > max_abs_eval)
        max_abs_eval = v < 0 ? -v : v;
}

static void test_columna_evaluate_stays_below_proven_scores(void)
{
    for (int i = 0; i < G->param_count; i++)
        *G->params[i].value = G->params[i].max;
    max_abs_eval = 0;
    for_random_games(G, START, 8, 21, track_eval);
    for (int i = 0; i < G->param_count; i++)
        *G->params[i].value = G->params[i].default_value;
    CHECK(max_abs_eval < 20000);
    CHECK(max_abs_eval > 0);
}

/* ---- network inputs (columna/features.c) ---- */

/* The encoding's last blocks, counted back from its end: reach (per side
 * 5 pawn heights x 6 first stacks x 4 counts), then moves (per side 0..16). */
enum { MOVES_BLOCK = COLUMNA_NN_INPUTS - 2 * 17, REACH_BLOCK = MOVES_BLOCK - 2 * 5 * 6 * 4 };

/* Pawn moves of the side to act (phase p): its first steps. */
static int pawn_moves_of(const Position *pos)
{
    Move steps[MAX_STEPS_PER_NODE];
    return G->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
}

static void check_inputs_count_pawn_moves(const Position *pos)
{
    char text[POSITION_TEXT_MAX];
    G->format_position(pos, text, sizeof text);
    if (G->outcome(pos) != OUTCOME_ONGOING || strstr(text, " p") == NULL)
        return;
    /* The same board with the other side to act counts theirs. */
    char *side = strstr(text, " p") - 1;
    *side = *side == 'w' ? 'b' : 'w';
    Position theirs;
    if (!load_position(G, text, &theirs))
        return;
    CHECK(nn_has_input(G, pos, MOVES_BLOCK + pawn_moves_of(pos)));
    CHECK(nn_has_input(G, pos, MOVES_BLOCK + 17 + pawn_moves_of(&theirs)));
}

static void test_columna_inputs_count_each_sides_pawn_moves(void)
{
    for_random_games(G, START, 3, 31, check_inputs_count_pawn_moves);
}

static void test_columna_inputs_show_the_first_stack_each_pawn_meets(void)
{
    Position pos;
    /* White's four pawns stand on 1s and see: a4's free 1 (from a1); c1's
     * free 2 twice (from a1 and d1); the free 5s of e5 and f4 (from e1 and
     * f1); pawned stacks five times (d6 and e1 from d1, d1 and f1 from e1,
     * e1 from f1). */
    if (!load_position(G, "1b1b1b1b55/000055/100005/000000/000000/1w021w1w1w w p", &pos))
        return;
    const int white_on_1 = REACH_BLOCK + 0 * 6 * 4; /* us, pawns on height 1: 6 first stacks x 4 counts */
    CHECK(nn_has_input(G, &pos, white_on_1 + 0 * 4 + 0));  /* free 1, once */
    CHECK(nn_has_input(G, &pos, white_on_1 + 1 * 4 + 1));  /* free 2, twice */
    CHECK(!nn_has_input(G, &pos, white_on_1 + 1 * 4 + 0)); /* (so not once) */
    CHECK(nn_has_input(G, &pos, white_on_1 + 4 * 4 + 1));  /* free 5, twice */
    CHECK(nn_has_input(G, &pos, white_on_1 + 5 * 4 + 3));  /* pawned, four times or more */
    CHECK(nn_has_input(G, &pos, MOVES_BLOCK + 5));          /* a1a4 a1c1 d1c1 e1e5 f1f4 */
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_columna_inputs_count_each_sides_pawn_moves);
    RUN(test_columna_inputs_show_the_first_stack_each_pawn_meets);
    RUN(test_columna_perft_start_1);
    RUN(test_columna_perft_start_2);
    RUN(test_columna_perft_start_3);
    RUN(test_columna_perft_second_1);
    RUN(test_columna_perft_second_2);
    RUN(test_columna_start_fen_is_rules_start);
    RUN(test_columna_position_round_trips);
    RUN(test_columna_rejects_pawn_on_height_0);
    RUN(test_columna_rejects_a_7th_rank);
    RUN(test_columna_rejects_too_few_ranks);
    RUN(test_columna_rejects_wrong_rank_lengths);
    RUN(test_columna_rejects_bad_digits);
    RUN(test_columna_rejects_misplaced_pawn_letters);
    RUN(test_columna_rejects_wrong_pawn_counts);
    RUN(test_columna_rejects_tile_total_other_than_36);
    RUN(test_columna_rejects_bad_side_and_phase);
    RUN(test_columna_pawn_move_skips_empty_squares);
    RUN(test_columna_pawn_closes_direction_for_pawn_move);
    RUN(test_columna_edge_closes_direction);
    RUN(test_columna_pawn_must_be_own);
    RUN(test_columna_stacking_skips_empty_squares);
    RUN(test_columna_pawn_closes_direction_for_stacking);
    RUN(test_columna_stack_under_pawn_cannot_be_moved);
    RUN(test_columna_stacking_capped_at_5);
    RUN(test_columna_stacked_square_is_empty_for_good);
    RUN(test_columna_pawn_only_move_ends_game);
    RUN(test_columna_pawn_only_move_string_and_phase_s);
    RUN(test_columna_pawn_move_alone_needs_no_stacking_left);
    RUN(test_columna_no_pawn_move_ends_game);
    RUN(test_columna_tiebreak_height_5_decides);
    RUN(test_columna_tiebreak_height_4_decides);
    RUN(test_columna_tiebreak_height_3_decides);
    RUN(test_columna_tiebreak_height_2_decides);
    RUN(test_columna_full_tie_unable_player_loses);
    RUN(test_columna_game_goes_on_while_the_action_is_possible);
    RUN(test_columna_phase_s_moves_are_bare_stackings);
    RUN(test_columna_phase_s_stacking_passes_the_turn);
    RUN(test_columna_move_notation);
    RUN(test_columna_format_never_overflows);
    RUN(test_columna_display_draws_the_board);
    RUN(test_columna_moves_match_a_plain_reading_of_the_rules);
    RUN(test_columna_steps_agree_with_generate_moves);
    RUN(test_columna_play_equals_its_steps);
    RUN(test_columna_count_moves_agrees_with_generate_moves);
    RUN(test_columna_generate_moves_stops_when_sink_stops);
    RUN(test_columna_generate_steps_respects_capacity);
    RUN(test_columna_hash_is_incremental_and_exact);
    RUN(test_columna_hash_covers_side_and_phase);
    RUN(test_columna_turns_left_is_an_upper_bound);
    RUN(test_columna_params_are_exposed);
    RUN(test_columna_evaluate_start_is_level);
    RUN(test_columna_evaluate_is_from_the_side_to_act);
    RUN(test_columna_evaluate_prefers_taller_pawns);
    RUN(test_columna_evaluate_stays_below_proven_scores);
    return harness_end();
}
