/*
 * test_game_contract.c - what every game in the registry promises the
 * searches and the protocol, checked once for all of them along seeded
 * random games (OpenSpiel's random simulation test): position strings
 * round-trip, the hash follows play, generate_moves agrees with
 * count_moves and with generate_hashed_moves, move_is_legal with generate_moves,
 * step hooks join into the whole moves, evaluations stay
 * within EVAL_BOUND, network inputs survive the position string (inside
 * turns too) and see a position and its colour twin alike, feature
 * changes lead from one position's inputs to a later one's, the outcome
 * is decided only at the end, and random_start deals legal setups.  A
 * new game is tested by adding it to all_games[].
 */
#include "harness.h"

#include "games/gameutil.h"
#include "games/registry.h"
#include "gametest.h"
#include "nn/accumulator.h"
#include "util/rng.h"

/* Move streams longer than this (a tall Qawale stack) are sampled, not
 * counted move by move against count_moves. */
#define COUNTED_STREAM_MAX 100000

/* Reservoir sampling over the move stream: a uniform legal move without
 * a list (streams may hold millions). */
static Move random_move(const Game *g, const Position *pos, Rng *rng)
{
    Move chosen;
    sample_legal_move(g, pos, rng, COUNTED_STREAM_MAX, NULL, NULL, &chosen);
    return chosen;
}

/* The moves generate_moves emits (COUNTED_STREAM_MAX + 1 for "more"). */
static uint64_t streamed_moves(const Game *g, const Position *pos)
{
    Rng rng;
    rng_seed(&rng, 1);
    Move ignored;
    return sample_legal_move(g, pos, &rng, COUNTED_STREAM_MAX + 1, NULL, NULL, &ignored);
}

static void fail_at(const Game *g, const Position *pos, const char *what)
{
    char m[POSITION_TEXT_MAX + 200];
    snprintf(m, sizeof m, "%s: %s at %s", g->id, what, fen_of(g, pos));
    harness_fail(__FILE__, __LINE__, m);
}

/* A net sees a position through nn_features alone, so a position reached
 * by play or play_step and the same position parsed from its string (as
 * datagen's records are read for training) give the same inputs. */
static void check_features_round_trip(const Game *g, const Position *played, const Position *parsed)
{
    if (!g->nn_features)
        return;
    uint16_t a[NN_MAX_ACTIVE], b[NN_MAX_ACTIVE];
    const int count = g->nn_features(played, a);
    if (count != g->nn_features(parsed, b) || memcmp(a, b, (size_t)(count > 0 ? count : 0) * sizeof a[0]) != 0)
        fail_at(g, played, "the network inputs change through the position string");
}

/* The colour twin of a position string: every pawn or pebble of one
 * colour made the other's, the other colour to move (and in Qawale the
 * reserves exchanged).  Games whose string has no such simple twin
 * (Territoire's hands and captures are fields by colour, Room and
 * Pillar's start belongs to one side) return false. */
static bool colour_twin_text(const Game *g, const char *text, char *out, size_t out_size)
{
    const bool columna = strcmp(g->id, "columna") == 0, qawale = strcmp(g->id, "qawale") == 0;
    if ((!columna && !qawale) || strlen(text) >= out_size)
        return false;
    size_t len = 0;
    for (; text[len]; len++)
        out[len] = text[len] == 'w' ? 'b' : text[len] == 'b' ? 'w' : text[len];
    out[len] = '\0';
    if (qawale) {
        int white, black;
        char *reserves = strrchr(out, ' ');
        *reserves = '\0';
        reserves = strrchr(out, ' ');
        if (sscanf(text + (reserves - out) + 1, "%d %d", &white, &black) != 2)
            return false;
        snprintf(reserves, out_size - (size_t)(reserves - out), " %d %d", black, white);
    }
    return true;
}

/* Inputs are seen from the side to move, so a position and its colour
 * twin differ in one input only: the colour to move. */
static void check_colour_twin_features(const Game *g, const Position *pos)
{
    char text[POSITION_TEXT_MAX], twin_text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    Position twin;
    if (!g->nn_features)
        return;
    g->format_position(pos, text, sizeof text);
    if (!colour_twin_text(g, text, twin_text, sizeof twin_text))
        return;
    if (!g->parse_position(twin_text, &twin, err, sizeof err)) {
        fail_at(g, pos, "the colour twin's string is rejected");
        return;
    }
    uint16_t a[NN_MAX_ACTIVE], b[NN_MAX_ACTIVE], only_here[NN_MAX_ACTIVE], only_there[NN_MAX_ACTIVE];
    const int count = g->nn_features(pos, a), twin_count = g->nn_features(&twin, b);
    int here_count, there_count;
    nn_feature_difference(a, count, b, twin_count, only_here, &here_count, only_there, &there_count);
    if (here_count != 1 || there_count != 1)
        fail_at(g, pos, "the network inputs of the colour twin differ in more than the colour to move");
}

/* format -> parse gives the same string, hash and network inputs back. */
static void sort_inputs(uint16_t *inputs, int count)
{
    for (int i = 1; i < count; i++)
        for (int k = i; k > 0 && inputs[k - 1] > inputs[k]; k--) {
            const uint16_t t = inputs[k];
            inputs[k] = inputs[k - 1];
            inputs[k - 1] = t;
        }
}

/* Swaps each pair into list (a set here); false when a pair takes out an
 * input the list lacks or puts in one it holds. */
static bool apply_changes(uint16_t *list, int count, const uint16_t *removed, const uint16_t *added, int pairs)
{
    for (int k = 0; k < pairs; k++) {
        int at = -1;
        for (int i = 0; i < count; i++) {
            if (list[i] == added[k])
                return false;
            if (list[i] == removed[k])
                at = i;
        }
        if (at < 0)
            return false;
        list[at] = added[k];
    }
    return true;
}

/* Whether list (in any order) holds pos's inputs. */
static bool holds_inputs_of(const Game *g, const Position *pos, const uint16_t *list, int count)
{
    uint16_t expected[NN_MAX_ACTIVE], sorted[NN_MAX_ACTIVE];
    memcpy(sorted, list, (size_t)count * sizeof list[0]);
    sort_inputs(sorted, count);
    return g->nn_features(pos, expected) == count && memcmp(sorted, expected, (size_t)count * sizeof list[0]) == 0;
}

/* Game.nn_feature_changes, which the search's accumulators trust instead
 * of the lists: seen by the first position's mover, the changes move by
 * move (through the other player's positions) and straight from the first
 * position both lead to the inputs of each later position that colour
 * moves in; a capacity one short is refused. */
static void check_feature_changes(const Game *g, const Position *line, int length)
{
    if (!g->nn_feature_changes)
        return;
    const int view = g->side_to_move(&line[0]);
    uint16_t stepped[NN_MAX_ACTIVE], direct[NN_MAX_ACTIVE], removed[NN_MAX_ACTIVE], added[NN_MAX_ACTIVE];
    const int count = g->nn_features(&line[0], stepped);
    for (int i = 1; i < length; i++) {
        int pairs = g->nn_feature_changes(&line[i - 1], &line[i], view, removed, added, NN_MAX_ACTIVE);
        if (pairs < 0 || !apply_changes(stepped, count, removed, added, pairs)) {
            fail_at(g, &line[i], "a move's feature changes do not fit the inputs before it");
            return;
        }
        if (pairs > 0 && g->nn_feature_changes(&line[i - 1], &line[i], view, removed, added, pairs - 1) != -1)
            fail_at(g, &line[i], "the feature changes overflow a capacity one short");
        if (g->side_to_move(&line[i]) != view)
            continue;
        g->nn_features(&line[0], direct);
        pairs = g->nn_feature_changes(&line[0], &line[i], view, removed, added, NN_MAX_ACTIVE);
        if (!holds_inputs_of(g, &line[i], stepped, count) || pairs < 0 ||
            !apply_changes(direct, count, removed, added, pairs) || !holds_inputs_of(g, &line[i], direct, count))
            fail_at(g, &line[i], "the feature changes do not lead to the position's inputs");
    }
}

static void check_round_trip(const Game *g, const Position *pos)
{
    char text[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    Position parsed;
    g->format_position(pos, text, sizeof text);
    if (!g->parse_position(text, &parsed, err, sizeof err)) {
        fail_at(g, pos, "its own position string is rejected");
        return;
    }
    g->format_position(&parsed, again, sizeof again);
    if (strcmp(text, again) != 0)
        fail_at(g, pos, "the position string does not round-trip");
    if (g->hash(&parsed) != g->hash(pos))
        fail_at(g, pos, "the hash after play differs from the hash of the same position parsed");
    if (g->outcome(&parsed) != g->outcome(pos))
        fail_at(g, pos, "the outcome changes through the position string");
    check_features_round_trip(g, pos, &parsed);
    check_colour_twin_features(g, pos);
}

/* Positions inside a turn and after a game-ending step round-trip too,
 * where the position string can hold a turn in progress (Columna's phase
 * field does; Territoire's string has no placements-made field, so its
 * mid-turn positions have no string: datagen records turn starts only). */
static void check_stepped_round_trip(const Game *g, const Position *stepped)
{
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    Position parsed;
    g->format_position(stepped, text, sizeof text);
    if (g->turn_in_progress(stepped) && g->outcome(stepped) == OUTCOME_ONGOING &&
        g->parse_position(text, &parsed, err, sizeof err) && !g->turn_in_progress(&parsed))
        return;
    check_round_trip(g, stepped);
}

/* Moves emitted one by one agree with count_moves (short streams only). */
static void check_move_count(const Game *g, const Position *pos)
{
    if (!g->count_moves)
        return;
    uint64_t counted = g->count_moves(pos);
    if (counted > COUNTED_STREAM_MAX)
        return;
    if (streamed_moves(g, pos) != counted)
        fail_at(g, pos, "generate_moves and count_moves disagree");
}

/* generate_hashed_moves checks at most this many moves of a stream. */
#define HASHED_STREAM_CHECKED 3000

typedef struct {
    HashedMoveSink sink;
    const Game *g;
    const Position *pos;
    Move moves[HASHED_STREAM_CHECKED];
    int count;
    bool hash_differs;
} HashedStream;

static bool note_hashed_move(HashedMoveSink *sink, Move move, uint64_t child_hash)
{
    HashedStream *h = (HashedStream *)sink;
    Position child = *h->pos;
    h->g->play(&child, move);
    h->hash_differs |= h->g->hash(&child) != child_hash;
    h->moves[h->count++] = move;
    return h->count < HASHED_STREAM_CHECKED;
}

typedef struct {
    MoveSink sink;
    const HashedStream *hashed;
    int count;
    bool order_differs;
} PlainStream;

static bool compare_plain_move(MoveSink *sink, Move move)
{
    PlainStream *p = (PlainStream *)sink;
    p->order_differs |= p->count >= p->hashed->count || p->hashed->moves[p->count] != move;
    return ++p->count < HASHED_STREAM_CHECKED;
}

/* The hashed stream is generate_moves' stream, move for move, and each hash
 * is the one play then hash give. */
static void check_hashed_moves(const Game *g, const Position *pos)
{
    static HashedStream hashed;
    if (!g->generate_hashed_moves)
        return;
    hashed = (HashedStream){{note_hashed_move}, g, pos, {0}, 0, false};
    g->generate_hashed_moves(pos, &hashed.sink);
    PlainStream plain = {{compare_plain_move}, &hashed, 0, false};
    g->generate_moves(pos, &plain.sink);
    if (hashed.hash_differs)
        fail_at(g, pos, "generate_hashed_moves hands over a hash that play then hash do not give");
    if (plain.order_differs || plain.count != hashed.count)
        fail_at(g, pos, "generate_hashed_moves and generate_moves stream different moves");
}

/* move_is_legal is checked exhaustively where a position has at most
 * this many moves: each move, and each move with one bit flipped. */
#define LEGALITY_CHECKED_MAX 3000

typedef struct {
    Move moves[LEGALITY_CHECKED_MAX];
    int count;
} MoveSet;

static bool holds_move(const MoveSet *set, Move move)
{
    for (int i = 0; i < set->count; i++)
        if (set->moves[i] == move)
            return true;
    return false;
}

/* move_is_legal says yes to every generated move and no to any other
 * value (a search plays what it says yes to, unlisted). */
static void check_move_is_legal(const Game *g, const Position *pos)
{
    static MoveSet set;
    if (!g->move_is_legal || (g->count_moves && g->count_moves(pos) >= LEGALITY_CHECKED_MAX))
        return;
    set.count = collect_moves(g, pos, set.moves, LEGALITY_CHECKED_MAX, NULL);
    if (set.count >= LEGALITY_CHECKED_MAX) /* maybe more: too many to check */
        return;
    int wrong = 0;
    for (int i = 0; i < set.count; i++) {
        wrong += !g->move_is_legal(pos, set.moves[i]);
        for (int bit = 0; bit < 64; bit++) {
            Move flipped = set.moves[i] ^ (Move)1 << bit;
            wrong += g->move_is_legal(pos, flipped) != holds_move(&set, flipped);
        }
    }
    wrong += g->move_is_legal(pos, MOVE_NONE) || g->move_is_legal(pos, (Move)0xFF << 56);
    if (wrong)
        fail_at(g, pos, "move_is_legal disagrees with generate_moves");
}

/* A turn played a random step at a time joins into a legal whole move that
 * leads to the same position. */
static void check_steps_join(const Game *g, const Position *pos, Rng *rng)
{
    if (!has_step_hooks(g))
        return;
    Position stepped = *pos;
    Move steps[MAX_STEPS_PER_NODE];
    int count = 0;
    do {
        Move options[MAX_STEPS_PER_NODE];
        int n = g->generate_steps(&stepped, options, MAX_STEPS_PER_NODE);
        if (n <= 0 || count == MAX_STEPS_PER_NODE) {
            fail_at(g, pos, "a turn in progress offers no step");
            return;
        }
        steps[count] = options[rng_below(rng, (uint64_t)n)];
        g->play_step(&stepped, steps[count++]);
        check_stepped_round_trip(g, &stepped);
    } while (g->outcome(&stepped) == OUTCOME_ONGOING && g->turn_in_progress(&stepped));
    Move whole = g->join_steps(steps, count);
    if (!is_legal_move(g, pos, whole)) {
        fail_at(g, pos, "joined steps are not a legal move");
        return;
    }
    Position played = *pos;
    g->play(&played, whole);
    if (g->hash(&played) != g->hash(&stepped) || strcmp(fen_of(g, &played), fen_of(g, &stepped)) != 0)
        fail_at(g, pos, "the steps and their joined move lead to different positions");
}

/* An ongoing game's bound on its turns, and the estimate under it that
 * time management plans with. */
static void check_turns_to_come(const Game *g, const Position *pos)
{
    int bound = g->turns_left(pos);
    if (bound < 1)
        fail_at(g, pos, "an ongoing game says no turns are left");
    if (!g->turns_expected)
        return;
    int expected = g->turns_expected(pos);
    if (expected < 1 || expected > bound)
        fail_at(g, pos, "turns_expected leaves 1..turns_left");
}

/* One random game: every position keeps the contract, the game goes on
 * exactly while moves exist, and it ends within turns_left's promise. */
static void check_random_game(const Game *g, uint64_t seed, int max_turns)
{
    Rng rng;
    rng_seed(&rng, seed);
    Position pos;
    if (!load_position(g, g->start_fen, &pos))
        return;
    if (g->random_start && seed % 2)
        g->random_start(&pos, seed);
    Position recent[4]; /* the last turns' positions, pos last */
    for (int turn = 0; turn < max_turns && g->outcome(&pos) == OUTCOME_ONGOING; turn++) {
        memmove(&recent[0], &recent[1], 3 * sizeof recent[0]);
        recent[3] = pos;
        if (turn >= 3)
            check_feature_changes(g, recent, 4);
        check_round_trip(g, &pos);
        check_move_count(g, &pos);
        check_hashed_moves(g, &pos);
        check_move_is_legal(g, &pos);
        check_steps_join(g, &pos, &rng);
        check_turns_to_come(g, &pos);
        if (g->evaluate && abs(g->evaluate(&pos)) > EVAL_BOUND)
            fail_at(g, &pos, "the evaluation leaves +-EVAL_BOUND");
        Move move = random_move(g, &pos, &rng);
        if (move == MOVE_NONE) {
            fail_at(g, &pos, "an ongoing game offers no move");
            return;
        }
        g->play(&pos, move);
    }
    check_round_trip(g, &pos);
}

static void test_every_game_keeps_its_contract_along_random_games(void)
{
    int games = harness_slow_allowed() ? 12 : 4;
    for (int i = 0; all_games[i]; i++)
        for (int k = 0; k < games; k++)
            check_random_game(all_games[i], 1000 + (uint64_t)k, 400);
}

/* A finished game offers no move and stays finished through its string. */
static void check_finished_games_offer_nothing(const Game *g)
{
    Rng rng;
    rng_seed(&rng, 77);
    for (int k = 0; k < 3; k++) {
        Position pos;
        if (!load_position(g, g->start_fen, &pos))
            return;
        for (int turn = 0; turn < 2000 && g->outcome(&pos) == OUTCOME_ONGOING; turn++)
            g->play(&pos, random_move(g, &pos, &rng));
        if (g->outcome(&pos) == OUTCOME_ONGOING) {
            fail_at(g, &pos, "a random game did not end within 2000 turns");
            continue;
        }
        if (streamed_moves(g, &pos) != 0 || (g->count_moves && g->count_moves(&pos) != 0))
            fail_at(g, &pos, "a finished game still offers moves");
        check_move_is_legal(g, &pos);
        check_round_trip(g, &pos);
    }
}

static void test_every_game_ends_and_then_offers_no_move(void)
{
    for (int i = 0; all_games[i]; i++)
        check_finished_games_offer_nothing(all_games[i]);
}

/* Dealt setups are positions the game's own parser accepts, unfinished
 * and with moves; different seeds deal different setups. */
static void test_every_random_start_is_legal(void)
{
    for (int i = 0; all_games[i]; i++) {
        const Game *g = all_games[i];
        if (!g->random_start)
            continue;
        uint64_t first_hash = 0;
        bool differs = false;
        for (uint64_t seed = 0; seed < 20; seed++) {
            Position pos;
            g->random_start(&pos, seed);
            check_round_trip(g, &pos);
            if (g->outcome(&pos) != OUTCOME_ONGOING || streamed_moves(g, &pos) == 0)
                fail_at(g, &pos, "a dealt setup is finished or offers no move");
            differs |= seed > 0 && g->hash(&pos) != first_hash;
            if (seed == 0)
                first_hash = g->hash(&pos);
        }
        CHECK(differs);
    }
}

/* Every game declares bench workloads whose positions it accepts. */
static void test_every_game_declares_bench_positions(void)
{
    for (int i = 0; all_games[i]; i++) {
        const Game *g = all_games[i];
        CHECK(g->bench_perft_depth > 0);
        CHECK(g->bench_position_count > 0);
        for (int k = 0; k < g->bench_position_count; k++) {
            Position pos;
            const BenchPosition *p = &g->bench_positions[k];
            CHECK(p->depth > 0);
            if (load_position(g, p->fen ? p->fen : g->start_fen, &pos))
                CHECK(g->outcome(&pos) == OUTCOME_ONGOING);
        }
    }
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_every_game_keeps_its_contract_along_random_games);
    RUN(test_every_game_ends_and_then_offers_no_move);
    RUN(test_every_random_start_is_legal);
    RUN(test_every_game_declares_bench_positions);
    return harness_end();
}
