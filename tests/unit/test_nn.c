/*
 * test_nn.c - the learned evaluation: the forward pass against values
 * computed by hand, incremental updates against full recomputation along
 * random games of every game, the network file's refusals, and training
 * lowering the loss on a small synthetic set.
 */
#include "harness.h"
#include "nntest.h"

#include <math.h>
#include <unistd.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "games/roomandpillar/roomandpillar.h"
#include "nn/accumulator.h"
#include "nn/evaluation.h"
#include "nn/forward.h"
#include "nn/net_file.h"
#include "nn/quantized.h"
#include "train/checkpoint.h"
#include "train/trainer.h"
#include "train/turn_steps.h"

/* Centi-units a quantised net may differ from its float original by.
 * Each row rounds by half a step of 1/unit, and the unit shrinks as the
 * net's largest input weight grows (int16 rows): Qawale's net 3, with
 * 93 active rows and larger weights than net 2b, reaches 2 along these
 * games (net 2b: 1).  A broken rounding or a wrong unit errs by far
 * more. */
#define QUANTISATION_TOLERANCE 2

/* A net's value of active[0..count) as the engine plays it: quantised. */
static int played_value(const Network *net, const uint16_t *active, int count)
{
    QuantNet quantized;
    char err[256] = "";
    CHECK(nn_quantize(net, &quantized, err, sizeof err));
    const int value = quantized.net ? nn_centi_units(net, nn_quant_forward(&quantized, active, count)) : 0;
    nn_quant_free(&quantized);
    return value;
}

static bool near(double a, double b) { return fabs(a - b) < 1e-4; }

/* 3 inputs, 2 hidden, 2 in layer 2, weights chosen so that each clip
 * bites somewhere. */
static void make_tiny(Network *net)
{
    char err[256];
    CHECK(nn_create(net, "territoire", 3, 2, 2, 100.0f, err, sizeof err));
    const float rows[6] = {0.5f, -0.25f, 1.0f, 0.5f, 0.25f, 2.0f};
    for (int i = 0; i < 6; i++)
        net->input_rows[i] = rows[i];
    net->hidden_bias[0] = 0.125f, net->hidden_bias[1] = -0.5f;
    net->layer2[0] = 1.0f, net->layer2[1] = 0.5f;  /* unit 0 */
    net->layer2[2] = -2.0f, net->layer2[3] = 1.0f; /* unit 1 */
    net->layer2_bias[0] = 0.0f, net->layer2_bias[1] = 0.25f;
    net->output[0] = 2.0f, net->output[1] = -1.0f;
    net->output_bias[0] = 0.5f;
}

static void test_forward_pass_matches_hand_computation(void)
{
    Network net;
    make_tiny(&net);
    /* Inputs 0 and 2: acc = (0.125 + 0.5 + 0.25, -0.5 - 0.25 + 2) = (0.875, 1.25),
     * clipped (0.875, 1); layer 2: 0.875 + 0.5 = 1.375 -> 1 and
     * -1.75 + 1 + 0.25 = -0.5 -> 0; output 0.5 + 2 * 1 - 1 * 0 = 2.5. */
    const uint16_t active[2] = {0, 2};
    CHECK(near(nn_forward(&net, active, 2), 2.5));
    /* Input 1 alone: acc = (1.125, 0) -> (1, 0); layer 2: 1 -> 1 and
     * -2 + 0.25 -> 0; output 2.5 again; none: acc (0.125, -0.5) -> (0.125, 0),
     * layer 2 (0.125, 0.25 - 0.25 = 0): 0.5 + 0.25 = 0.75. */
    const uint16_t one[1] = {1};
    CHECK(near(nn_forward(&net, one, 1), 2.5));
    CHECK(near(nn_forward(&net, NULL, 0), 0.75));
    CHECK_EQ_INT(nn_centi_units(&net, 0.75f), 75);
    nn_free(&net);
}

static void test_output_stays_inside_the_eval_bound(void)
{
    Network net;
    make_tiny(&net);
    CHECK_EQ_INT(nn_centi_units(&net, 1e9f), EVAL_BOUND - 1);
    CHECK_EQ_INT(nn_centi_units(&net, -1e9f), -(EVAL_BOUND - 1));
    CHECK_EQ_INT(nn_centi_units(&net, NAN), 0);
    nn_free(&net);
}

/* make_tiny's net in *net, and its bytes as a file (allocated). */
static unsigned char *tiny_net_file(Network *net, size_t *size)
{
    make_tiny(net);
    char *buffer = NULL;
    FILE *memory = open_memstream(&buffer, size);
    CHECK(nn_write(net, memory));
    fclose(memory);
    return (unsigned char *)buffer;
}

static void test_net_file_round_trip(void)
{
    Network net, read;
    size_t size;
    unsigned char *bytes = tiny_net_file(&net, &size);
    char err[256] = "";
    CHECK_EQ_U64(size, NN_FILE_HEADER_BYTES + 4 * nn_weight_count(3, 2, 2));
    CHECK(nn_read(bytes, size, &read, err, sizeof err));
    CHECK_STR(read.game_id, "territoire");
    CHECK(read.inputs == 3 && read.hidden == 2 && read.hidden2 == 2 && read.scale == 100.0f);
    CHECK(memcmp(read.weights, net.weights, nn_weight_count(3, 2, 2) * sizeof(float)) == 0);
    nn_free(&read);
    free(bytes);
    nn_free(&net);
}

static void test_truncated_or_foreign_files_are_refused(void)
{
    Network net, read;
    size_t size;
    unsigned char *bytes = tiny_net_file(&net, &size);
    char err[256] = "";
    CHECK(!nn_read(bytes, size - 1, &read, err, sizeof err));
    CHECK_CONTAINS(err, "truncated");
    CHECK(!nn_read(bytes, 20, &read, err, sizeof err));
    CHECK_CONTAINS(err, "not a Tessera network file");
    bytes[4] = 9;
    CHECK(!nn_read(bytes, size, &read, err, sizeof err));
    CHECK_CONTAINS(err, "version 9");
    bytes[4] = 1;
    memset(bytes + NN_FILE_HEADER_BYTES, 0xff, 4); /* a NaN weight */
    CHECK(!nn_read(bytes, size, &read, err, sizeof err));
    CHECK_CONTAINS(err, "not a finite number");
    free(bytes);
    nn_free(&net);
}

static void test_net_of_another_game_or_size_is_refused(void)
{
    Network net;
    char err[256] = "";
    make_tiny(&net); /* "territoire", but 3 inputs */
    CHECK(!evaluation_install(&net, err, sizeof err));
    CHECK_CONTAINS(err, "3 inputs");
    CHECK(nn_create(&net, "chess", 4, 2, 2, 1.0f, err, sizeof err));
    CHECK(!evaluation_install(&net, err, sizeof err));
    CHECK_CONTAINS(err, "chess");
    CHECK(evaluation_network(&territoire_game) == NULL);
}

/* Ascending, in range, within NN_MAX_ACTIVE. */
static bool well_formed(const Game *game, const uint16_t *active, int count)
{
    if (count < 0 || count > NN_MAX_ACTIVE)
        return false;
    for (int k = 0; k < count; k++)
        if (active[k] >= game->nn_input_count || (k > 0 && active[k] <= active[k - 1]))
            return false;
    return true;
}

static bool same_accumulator(const float *a, const float *b, int n)
{
    for (int i = 0; i < n; i++)
        if (fabsf(a[i] - b[i]) > 1e-4f)
            return false;
    return true;
}

/* Float and exact integer accumulators, each updated along random games
 * of every game, against the same sums made whole: the floats within
 * rounding, the integers bit for bit. */
static void test_incremental_update_equals_full_recomputation(void)
{
    const int plies = harness_slow_allowed() ? 60 : 20;
    for (int g = 0; all_games[g]; g++) {
        const Game *game = all_games[g];
        Trainer trainer;
        if (!game->nn_features || !nn_random_trainer(game, 7 + (uint64_t)g, &trainer))
            continue;
        QuantNet quantized;
        char err[256] = "";
        CHECK(nn_quantize(&trainer.net, &quantized, err, sizeof err));
        Rng rng;
        rng_seed(&rng, 99 + (uint64_t)g);
        for (int round = 0; round < 2; round++) {
            Position pos = nn_start_of(game);
            uint16_t parent[NN_MAX_ACTIVE], child[NN_MAX_ACTIVE], removed[NN_MAX_ACTIVE], added[NN_MAX_ACTIVE];
            float acc[NN_MAX_HIDDEN], full[NN_MAX_HIDDEN];
            int32_t sums[NN_MAX_HIDDEN], whole[NN_MAX_HIDDEN];
            int parent_count = game->nn_features(&pos, parent);
            CHECK(well_formed(game, parent, parent_count));
            nn_accumulator_refresh(&trainer.net, parent, parent_count, acc);
            nn_quant_refresh(&quantized, parent, parent_count, sums);
            for (int ply = 0; ply < plies && !is_game_over(game, &pos); ply++) {
                game->play(&pos, random_legal_move(game, &pos, &rng));
                const int child_count = game->nn_features(&pos, child);
                CHECK(well_formed(game, child, child_count));
                int removed_count, added_count;
                nn_feature_difference(parent, parent_count, child, child_count, removed, &removed_count, added,
                                      &added_count);
                nn_accumulator_update(&trainer.net, acc, removed, removed_count, added, added_count);
                nn_accumulator_refresh(&trainer.net, child, child_count, full);
                nn_quant_update(&quantized, sums, sums, removed, removed_count, added, added_count);
                nn_quant_refresh(&quantized, child, child_count, whole);
                if (!same_accumulator(acc, full, trainer.net.hidden) ||
                    memcmp(sums, whole, (size_t)trainer.net.hidden * sizeof *sums) != 0) {
                    printf("    %s: ply %d\n", game->id, ply);
                    CHECK(false);
                    break;
                }
                memcpy(parent, child, sizeof child);
                parent_count = child_count;
            }
        }
        nn_quant_free(&quantized);
        trainer_free(&trainer);
    }
}

/* The largest difference, in centi-units, between net's float forward
 * pass and its quantised one over the positions of random games of game. */
static int largest_quantisation_error(const Game *game, const Network *net, uint64_t seed)
{
    QuantNet quantized;
    char err[256] = "";
    CHECK(nn_quantize(net, &quantized, err, sizeof err));
    if (!quantized.net)
        return EVAL_BOUND;
    Rng rng;
    rng_seed(&rng, seed);
    int largest = 0;
    for (int round = 0; round < 4; round++) {
        Position pos = nn_start_of(game);
        for (int ply = 0; ply < 40 && !is_game_over(game, &pos); ply++) {
            uint16_t active[NN_MAX_ACTIVE];
            const int count = game->nn_features(&pos, active);
            if (count >= 0) {
                const int exact = nn_centi_units(net, nn_forward(net, active, count));
                const int quantised = nn_centi_units(net, nn_quant_forward(&quantized, active, count));
                const int error = abs(exact - quantised);
                largest = error > largest ? error : largest;
            }
            game->play(&pos, random_legal_move(game, &pos, &rng));
        }
    }
    nn_quant_free(&quantized);
    return largest;
}

/* The engine plays the nets quantised: within two centi-units of the
 * float nets the trainer wrote, for the shipped nets and random ones of
 * every game. */
static void test_quantised_forward_is_near_the_float_one(void)
{
    char err[256] = "";
    CHECK(evaluation_select(EVALUATION_NN, err, sizeof err));
    for (int g = 0; all_games[g]; g++) {
        const Game *game = all_games[g];
        if (!game->nn_features)
            continue;
        const Network *shipped = evaluation_network(game);
        if (shipped) {
            const int error = largest_quantisation_error(game, shipped, 11 + (uint64_t)g);
            CHECK(error <= QUANTISATION_TOLERANCE);
        }
        Trainer trainer;
        if (!nn_random_trainer(game, 21 + (uint64_t)g, &trainer))
            continue;
        const int error = largest_quantisation_error(game, &trainer.net, 31 + (uint64_t)g);
        CHECK(error <= QUANTISATION_TOLERANCE);
        trainer_free(&trainer);
    }
    CHECK(evaluation_select(EVALUATION_AUTO, err, sizeof err));
}

/* The hand-computed values of the tiny net, played quantised. */
static void test_quantised_forward_matches_hand_computation(void)
{
    Network net;
    QuantNet quantized;
    char err[256] = "";
    make_tiny(&net);
    CHECK(nn_quantize(&net, &quantized, err, sizeof err));
    const uint16_t active[2] = {0, 2}, one[1] = {1};
    CHECK(fabs(nn_quant_forward(&quantized, active, 2) - 2.5) < 1e-3);
    CHECK(fabs(nn_quant_forward(&quantized, one, 1) - 2.5) < 1e-3);
    CHECK(fabs(nn_quant_forward(&quantized, NULL, 0) - 0.75) < 1e-3);
    nn_quant_free(&quantized);
    nn_free(&net);
}

/* A net whose sums cannot be held exactly at a fine enough step is
 * refused with one clear line, and the game keeps its previous net. */
static void test_net_too_large_to_quantise_is_refused(void)
{
    Network net;
    char err[256] = "";
    CHECK(evaluation_select(EVALUATION_AUTO, err, sizeof err)); /* the shipped nets read */
    const Network *shipped = evaluation_network(&qawale_game);
    const int shipped_hidden = shipped ? shipped->hidden : 0;
    CHECK(nn_create(&net, "qawale", qawale_game.nn_input_count, 2, 2, 100.0f, err, sizeof err));
    net.input_rows[5] = 1000.0f; /* beyond 32767 / NN_QUANT_MIN_UNIT */
    CHECK(!evaluation_install(&net, err, sizeof err));
    CHECK_CONTAINS(err, "too large to quantise");
    CHECK(net.weights == NULL);
    CHECK(evaluation_network(&qawale_game) == shipped && shipped && shipped->hidden == shipped_hidden);
}

/* The feature transformer sums, for every hidden unit, its bias and then
 * the active rows in list order: refresh must give exactly those floats
 * (searches compare evaluations, so a sum in another order would change
 * them), at widths that fill its blocks, leave a remainder, or are short
 * of one block. */
static void test_refresh_sums_bias_then_rows_in_order(void)
{
    static const int widths[] = {2, 16, 21, 32, 45};
    const uint16_t active[] = {0, 3, 4, 9, 11, 12};
    const int count = (int)(sizeof active / sizeof active[0]);
    Rng rng;
    rng_seed(&rng, 5);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        Network net;
        char err[256];
        const int hidden = widths[w];
        CHECK(nn_create(&net, "qawale", 13, hidden, 2, 100.0f, err, sizeof err));
        for (int i = 0; i < 13 * hidden; i++)
            net.input_rows[i] = (float)(rng_next(&rng) % 20001) / 1000.0f - 10.0f;
        for (int i = 0; i < hidden; i++)
            net.hidden_bias[i] = (float)(rng_next(&rng) % 2001) / 7000.0f;
        float acc[NN_MAX_HIDDEN];
        nn_accumulator_refresh(&net, active, count, acc);
        int wrong = 0;
        for (int i = 0; i < hidden; i++) {
            float sum = net.hidden_bias[i];
            for (int k = 0; k < count; k++)
                sum += net.input_rows[active[k] * hidden + i];
            wrong += memcmp(&sum, &acc[i], sizeof sum) != 0;
        }
        CHECK_EQ_INT(wrong, 0);
        nn_free(&net);
    }
}

static void test_room_and_pillar_encoding_covers_one_board_size(void)
{
    uint16_t active[NN_MAX_ACTIVE];
    Position pos = nn_start_of(&roomandpillar_game);
    CHECK(roomandpillar_game.nn_features(&pos, active) >= 0);
    char err[ERROR_TEXT_MAX];
    CHECK(roomandpillar_game.parse_position(roomandpillar_game.start_fen, &pos, err, sizeof err));
    CHECK_EQ_INT(roomandpillar_game.nn_features(&pos, active), -1);
}

static int empty_squares(const Game *game, const Position *pos)
{
    char text[POSITION_TEXT_MAX];
    game->format_position(pos, text, sizeof text);
    int count = 0;
    for (const char *c = text; *c && *c != ' '; c++)
        count += *c == '.';
    return count;
}

/* Square by square, the slow way: whether (x, y) is empty; squares off
 * the board are not. */
static bool rp_empty_at(const RoomAndPillarBoard *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->width && y < b->height && square_in(&b->empty, y * b->width + x);
}

/* Whether the stone at (x, y) is frozen: one of its four 2x2 windows has
 * the other three squares empty. */
static bool rp_frozen(const RoomAndPillarBoard *b, int x, int y)
{
    for (int dx = -1; dx <= 1; dx += 2)
        for (int dy = -1; dy <= 1; dy += 2)
            if (rp_empty_at(b, x + dx, y) && rp_empty_at(b, x, y + dy) && rp_empty_at(b, x + dx, y + dy))
                return true;
    return false;
}

static bool rp_touches_empty(const RoomAndPillarBoard *b, int x, int y)
{
    return rp_empty_at(b, x - 1, y) || rp_empty_at(b, x + 1, y) || rp_empty_at(b, x, y - 1) || rp_empty_at(b, x, y + 1);
}

/* colour's removals now after which none of the other side's stones that
 * could still be removed touches an empty square for the first time. */
static int quiet_removals_by_hand(const RoomAndPillarBoard *b, int colour)
{
    static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int quiet = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            const int square = y * b->width + x;
            if (!square_in(&b->colour[colour], square) || rp_empty_at(b, x, y) || rp_frozen(b, x, y) ||
                !rp_touches_empty(b, x, y))
                continue; /* not a removal of colour's now */
            bool opens = false;
            for (int k = 0; k < 4; k++) {
                const int nx = x + step[k][0], ny = y + step[k][1];
                if (nx < 0 || ny < 0 || nx >= b->width || ny >= b->height || rp_empty_at(b, nx, ny))
                    continue;
                opens |= !rp_frozen(b, nx, ny) && !rp_touches_empty(b, nx, ny);
            }
            quiet += !opens;
        }
    return quiet;
}

/* 12x12 Room and Pillar's first two blocks count each side's removals
 * (48 inputs each, 47 or more share the last): along random games they
 * must equal the legal moves of the side to move (the rules' generator)
 * and the other side's removable stones (the rules' own set); the quiet
 * blocks, each side's removals that open none of the other's stones, must
 * equal a count square by square (quiet_removals_by_hand); the phase
 * block (48 inputs, the last four inputs after it) halves the empty
 * squares, 47 or more sharing its last input. */
static void test_room_and_pillar_inputs_count_the_removals(void)
{
    const Game *game = &roomandpillar_game;
    Rng rng;
    rng_seed(&rng, 12);
    int checked = 0;
    for (int round = 0; round < 3; round++) {
        Position pos = nn_start_of(game);
        game->play(&pos, random_legal_move(game, &pos, &rng)); /* the full board's removals are free */
        while (!is_game_over(game, &pos)) {
            uint16_t active[NN_MAX_ACTIVE];
            CHECK_EQ_INT(game->nn_features(&pos, active), 13);
            const RoomAndPillarBoard *b = roomandpillar_board(&pos);
            const int ours = (int)count_legal_moves(game, &pos) - b->swap_available;
            const int theirs = set_count(removable_stones(b, !b->side, b->words), b->words);
            CHECK_EQ_INT(active[0], ours < 47 ? ours : 47);
            CHECK_EQ_INT(active[1] - 48, theirs < 47 ? theirs : 47);
            const int half_empty = empty_squares(game, &pos) / 2;
            CHECK_EQ_INT(active[10], game->nn_input_count - 4 - 48 + (half_empty < 47 ? half_empty : 47));
            const int quiet_block = 4 * 48 + 3 * 49;
            const int quiet_ours = quiet_removals_by_hand(b, b->side), quiet_theirs = quiet_removals_by_hand(b, !b->side);
            CHECK_EQ_INT(active[7], quiet_block + (quiet_ours < 47 ? quiet_ours : 47));
            CHECK_EQ_INT(active[8], quiet_block + 48 + (quiet_theirs < 47 ? quiet_theirs : 47));
            checked++;
            game->play(&pos, random_legal_move(game, &pos, &rng));
        }
    }
    CHECK(checked > 100);
}

static void test_eval_nn_uses_the_net_and_classic_elsewhere(void)
{
    Trainer trainer;
    char err[256] = "";
    if (!nn_random_trainer(&qawale_game, 3, &trainer))
        return;
    Network net = trainer.net;
    trainer.net = (Network){0};
    trainer_free(&trainer);
    Position pos = nn_start_of(&qawale_game);
    uint16_t active[NN_MAX_ACTIVE];
    const int count = qawale_game.nn_features(&pos, active);
    const int expected = played_value(&net, active, count);
    CHECK(evaluation_install(&net, err, sizeof err));
    CHECK(evaluation_select(EVALUATION_NN, err, sizeof err));
    CHECK_EQ_INT(evaluate_position(&qawale_game, &pos), expected);
    Position rp;
    CHECK(roomandpillar_game.parse_position(roomandpillar_game.start_fen, &rp, err, sizeof err));
    CHECK_EQ_INT(evaluate_position(&roomandpillar_game, &rp), roomandpillar_game.evaluate(&rp));
    CHECK(evaluation_select(EVALUATION_CLASSIC, err, sizeof err));
    CHECK_EQ_INT(evaluate_position(&qawale_game, &pos), qawale_game.evaluate(&pos));
}

static void test_eval_auto_uses_the_network_only_where_it_won(void)
{
    char err[256] = "";
    CHECK(evaluation_select(EVALUATION_AUTO, err, sizeof err));
    Position qawale = nn_start_of(&qawale_game), territoire = nn_start_of(&territoire_game);
    uint16_t active[NN_MAX_ACTIVE];
    const Network *net = evaluation_network(&qawale_game);
    CHECK(net != NULL && evaluation_network(&territoire_game) != NULL);
    if (!net)
        return;
    const int count = qawale_game.nn_features(&qawale, active);
    CHECK_EQ_INT(evaluate_position(&qawale_game, &qawale), played_value(net, active, count));
    /* Territoire's net, trained from the deal, won at equal time too. */
    const Network *territoire_net = evaluation_network(&territoire_game);
    const int territoire_count = territoire_game.nn_features(&territoire, active);
    CHECK_EQ_INT(evaluate_position(&territoire_game, &territoire),
                 played_value(territoire_net, active, territoire_count));
    /* Columna's net won at equal time too (README, "Learned evaluation"). */
    const Network *columna_net = evaluation_network(&columna_game);
    CHECK(columna_net != NULL);
    if (!columna_net)
        return;
    char text[POSITION_TEXT_MAX];
    Position columna;
    snprintf(text, sizeof text, "%s", "03b001b1/211w11w2/311110/001110/111b1b1w2/11w2011 w p");
    CHECK(columna_game.parse_position(text, &columna, err, sizeof err));
    const int columna_count = columna_game.nn_features(&columna, active);
    CHECK_EQ_INT(evaluate_position(&columna_game, &columna),
                 nn_centi_units(columna_net, nn_forward(columna_net, active, columna_count)));
    /* Room and Pillar's too, on the 12x12 board its encoding covers; 8x8 stays classic. */
    const Network *rp_net = evaluation_network(&roomandpillar_game);
    CHECK(rp_net != NULL);
    if (!rp_net)
        return;
    Position rp;
    snprintf(text, sizeof text, "%s",
             "wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbw..bwbw/"
             "wbwbwbw..bwb/bwbwbw..bwbw/wbwbw..bwbwb/bwbwbwbwbwbw/wbwbwbwbwbwb/bwbwbwbwbwbw b -");
    CHECK(roomandpillar_game.parse_position(text, &rp, err, sizeof err));
    const int rp_count = roomandpillar_game.nn_features(&rp, active);
    CHECK_EQ_INT(evaluate_position(&roomandpillar_game, &rp), nn_centi_units(rp_net, nn_forward(rp_net, active, rp_count)));
    CHECK(roomandpillar_game.parse_position(roomandpillar_game.start_fen, &rp, err, sizeof err));
    CHECK_EQ_INT(evaluate_position(&roomandpillar_game, &rp), roomandpillar_game.evaluate(&rp));
}

/* Territoire's turns are three placements, Columna's a pawn move and a
 * stacking, Qawale's one sowing: 2, 1 and 0 positions inside a turn, each
 * with the turn still in progress, and the turn's move still ahead. */
static void test_turn_inner_positions_follow_the_played_move(void)
{
    const Game *games[3] = {&territoire_game, &columna_game, &qawale_game};
    const int expected[3] = {2, 1, 0};
    Rng rng;
    rng_seed(&rng, 11);
    for (int g = 0; g < 3; g++) {
        Position pos = nn_start_of(games[g]), inner[TURN_STEPS_MAX];
        const Move move = random_legal_move(games[g], &pos, &rng);
        const int count = turn_inner_positions(games[g], &pos, move, inner);
        CHECK_EQ_INT(count, expected[g]);
        Position after = pos;
        games[g]->play(&after, move);
        for (int i = 0; i < count; i++) {
            CHECK(games[g]->turn_in_progress(&inner[i]));
            CHECK_EQ_INT(games[g]->side_to_move(&inner[i]), games[g]->side_to_move(&pos));
        }
        if (count > 0) {
            /* The last inner position is one step from the turn's end. */
            Move steps[MAX_STEPS_PER_NODE];
            const int n = games[g]->generate_steps(&inner[count - 1], steps, MAX_STEPS_PER_NODE);
            bool reaches = false;
            for (int i = 0; i < n && !reaches; i++) {
                Position end = inner[count - 1];
                games[g]->play_step(&end, steps[i]);
                reaches = games[g]->hash(&end) == games[g]->hash(&after);
            }
            CHECK(reaches);
        }
    }
}

/* 600 samples of 12 inputs, 3 active each, whose target is a logistic
 * function of a hidden weight per input: a net can learn it. */
static void synthetic_set(TrainSet *set)
{
    Rng rng;
    rng_seed(&rng, 5);
    *set = (TrainSet){0};
    for (int s = 0; s < 600; s++) {
        uint16_t active[3];
        int first = (int)(rng_next(&rng) % 4);
        active[0] = (uint16_t)first, active[1] = (uint16_t)(4 + rng_next(&rng) % 4),
        active[2] = (uint16_t)(8 + rng_next(&rng) % 4);
        double logit = 0.0;
        for (int k = 0; k < 3; k++)
            logit += (active[k] % 4) - 1.5;
        CHECK(train_set_add(set, active, 3, (float)(1.0 / (1.0 + exp(-logit))), s % 10 == 0));
    }
}

static void test_training_lowers_the_loss_on_a_synthetic_set(void)
{
    TrainSet set;
    synthetic_set(&set);
    Trainer trainer;
    char err[256];
    CHECK(trainer_init(&trainer, "territoire", 12, 16, 4, 100.0f, 1, 0.01, 2, err, sizeof err));
    size_t order[600], count = 0;
    for (size_t s = 0; s < set.count; s++)
        if (!set.validation[s])
            order[count++] = s;
    const double before = trainer_loss(&trainer.net, &set, true);
    for (int epoch = 0; epoch < 40; epoch++)
        trainer_epoch(&trainer, &set, order, count, 32);
    const double after = trainer_loss(&trainer.net, &set, true);
    printf("    validation loss %.5f -> %.5f\n", before, after);
    CHECK(after < before / 4);
    trainer_free(&trainer);
    train_set_free(&set);
}

static void test_checkpoint_resumes_only_its_configuration(void)
{
    Trainer saved, resumed;
    char err[2048] = "", path[] = "/tmp/tessera-test-nn-XXXXXX";
    int fd = mkstemp(path), epochs = -1;
    CHECK(fd >= 0);
    close(fd);
    CHECK(trainer_init(&saved, "territoire", 12, 4, 2, 100.0f, 1, 0.01, 1, err, sizeof err));
    CHECK(trainer_init(&resumed, "territoire", 12, 4, 2, 100.0f, 2, 0.01, 1, err, sizeof err));
    saved.step = 17;
    saved.best_epoch = 3, saved.best_validation = 0.125;
    saved.moment1.weights[3] = 0.5f;
    CHECK(checkpoint_save(path, "game=territoire seed=1", 4, &saved, err, sizeof err));
    CHECK(!checkpoint_load(path, "game=territoire seed=2", &epochs, &resumed, err, sizeof err));
    CHECK_CONTAINS(err, "another configuration");
    CHECK(checkpoint_load(path, "game=territoire seed=1", &epochs, &resumed, err, sizeof err));
    CHECK_EQ_INT(epochs, 4);
    CHECK(resumed.step == 17 && resumed.moment1.weights[3] == 0.5f);
    CHECK(resumed.best_epoch == 3 && resumed.best_validation == 0.125);
    CHECK(memcmp(resumed.net.weights, saved.net.weights, nn_weight_count(12, 4, 2) * sizeof(float)) == 0);
    truncate(path, 200);
    CHECK(!checkpoint_load(path, "game=territoire seed=1", &epochs, &resumed, err, sizeof err));
    remove(path);
    trainer_free(&saved);
    trainer_free(&resumed);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_forward_pass_matches_hand_computation);
    RUN(test_output_stays_inside_the_eval_bound);
    RUN(test_net_file_round_trip);
    RUN(test_truncated_or_foreign_files_are_refused);
    RUN(test_net_of_another_game_or_size_is_refused);
    RUN(test_incremental_update_equals_full_recomputation);
    RUN(test_refresh_sums_bias_then_rows_in_order);
    RUN(test_quantised_forward_is_near_the_float_one);
    RUN(test_quantised_forward_matches_hand_computation);
    RUN(test_net_too_large_to_quantise_is_refused);
    RUN(test_room_and_pillar_encoding_covers_one_board_size);
    RUN(test_room_and_pillar_inputs_count_the_removals);
    RUN(test_eval_nn_uses_the_net_and_classic_elsewhere);
    RUN(test_eval_auto_uses_the_network_only_where_it_won);
    RUN(test_turn_inner_positions_follow_the_played_move);
    RUN(test_training_lowers_the_loss_on_a_synthetic_set);
    RUN(test_checkpoint_resumes_only_its_configuration);
    return harness_end();
}
