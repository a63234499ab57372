/*
 * territoire/territoire.c - Territoire (RULES.md section 4): the ring, placements and
 * captures, notation, position strings and the Game table.
 *
 * A Move is the rest of one turn: up to three 8-bit step codes, the first
 * step in the low byte.  A step code is square + 1 (1..36) for a placement
 * and TERRITOIRE_STEP_DISCARD + k for a discard from a group of k pawns; 0 ends the turn.
 *
 * Which steps are legal depends only on the free squares and the mover's
 * group sizes, never on captures: a capture only turns pawn squares dead, and
 * those were not free anyway.  So whole turns are streamed and counted over
 * that small "turn plan" without resolving captures at all.
 */
#include "games/territoire/territoire.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/bits.h"
#include "util/rng.h"

#define STEP_BITS 8
#define STEP_MASK 0xFFu
/* 36 placements at most, or 3 discards */
#define STEP_CHOICES_MAX TERRITOIRE_SQUARES

static const char COLOUR_LETTER[2] = {'w', 'b'};
static const char *const COLOUR_NAME[2] = {"light", "dark"};

static int popcount(uint64_t bits) { return popcount64(bits); }

static int step_code_at(Move move, int index) { return (int)((move >> (STEP_BITS * index)) & STEP_MASK); }

static bool is_discard(int step) { return step > TERRITOIRE_STEP_DISCARD; }

/* ---- Zobrist keys ---------------------------------------------------- */

/* Keys come from hashing a feature number rather than from a table, so there
 * is nothing to initialise and nothing shared between threads. */
enum {
    FEATURE_PAWN = 0, /* + colour * 36 + square */
    FEATURE_DEAD = FEATURE_PAWN + 2 * TERRITOIRE_SQUARES, /* + square */
    FEATURE_GROUP = FEATURE_DEAD + TERRITOIRE_SQUARES, /* + (colour * 3 + slot) * 8 + size */
    FEATURE_CAPTURES = FEATURE_GROUP + 2 * TERRITOIRE_GROUPS * 8, /* + colour * 64 + count */
    FEATURE_SIDE = FEATURE_CAPTURES + 2 * 64,
    FEATURE_STEP = FEATURE_SIDE + 1, /* + steps done */
    FEATURE_GOLDEN = FEATURE_STEP + TERRITOIRE_STEPS_PER_TURN, /* + square */
    FEATURE_VALUE = FEATURE_GOLDEN + TERRITOIRE_SQUARES, /* + square * 8 + value */
};

static uint64_t zobrist(unsigned feature)
{
    uint64_t state = 0x7465727269746F69ULL ^ feature;
    return splitmix64(&state);
}

static uint64_t pawn_key(int colour, int square)
{
    return zobrist(FEATURE_PAWN + colour * TERRITOIRE_SQUARES + square);
}

static uint64_t dead_key(int square) { return zobrist(FEATURE_DEAD + square); }
static uint64_t captures_key(int colour, int count) { return zobrist(FEATURE_CAPTURES + colour * 64 + count); }
static uint64_t step_key(int steps_done) { return zobrist(FEATURE_STEP + steps_done); }

static uint64_t groups_key(const TerritoireState *st, int colour)
{
    uint64_t key = 0;
    for (int slot = 0; slot < TERRITOIRE_GROUPS; slot++)
        key ^= zobrist(FEATURE_GROUP + (colour * TERRITOIRE_GROUPS + slot) * 8 + st->groups[colour][slot]);
    return key;
}

/* The turn-dependent part: side and step counter. */
static uint64_t turn_key(const TerritoireState *st)
{
    return (st->side == BLACK ? zobrist(FEATURE_SIDE) : 0) ^ step_key(st->steps_done);
}

static uint64_t full_key(const TerritoireState *st)
{
    uint64_t key = turn_key(st) ^ zobrist(FEATURE_GOLDEN + st->golden);
    for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
        key ^= zobrist(FEATURE_VALUE + s * 8 + st->square_value[s]);
        for (int colour = 0; colour < 2; colour++)
            if (st->pawns[colour] >> s & 1)
                key ^= pawn_key(colour, s);
        if (st->dead >> s & 1)
            key ^= dead_key(s);
    }
    for (int colour = 0; colour < 2; colour++)
        key ^= groups_key(st, colour) ^ captures_key(colour, st->captures[colour]);
    return key;
}

/* ---- Series and captures --------------------------------------------- */

uint64_t territoire_series_at(uint64_t pawns, int square)
{
    uint64_t series = 1ULL << square, grown;
    do {
        grown = series;
        series |= (territoire_ring_up(series) | territoire_ring_down(series)) & pawns;
    } while (series != grown);
    return series;
}

uint64_t territoire_flanked_series(uint64_t series_pawns, uint64_t flanker_pawns, int square)
{
    uint64_t series = territoire_series_at(series_pawns, square);
    uint64_t sides = (territoire_ring_up(series) | territoire_ring_down(series)) & ~series;
    if (sides == 0 || (sides & ~flanker_pawns) != 0)
        return 0;
    return series;
}

static void capture_series(TerritoireState *st, int victim, uint64_t series)
{
    int captor = !victim;
    st->key ^= captures_key(captor, st->captures[captor]);
    st->captures[captor] = (uint8_t)(st->captures[captor] + popcount(series));
    st->key ^= captures_key(captor, st->captures[captor]);
    st->pawns[victim] &= ~series;
    st->dead |= series;
    for (uint64_t left = series; left; left &= left - 1) {
        int s = __builtin_ctzll(left);
        st->key ^= pawn_key(victim, s) ^ dead_key(s);
    }
}

/* RULES.md's order: flanked opponent series touching the placed pawn first;
 * only when none fell can the placer's own series be a suicide. */
static void resolve_captures(TerritoireState *st, int placed_square)
{
    int mover = st->side, opponent = !mover;
    uint64_t neighbours = territoire_ring_up(1ULL << placed_square) | territoire_ring_down(1ULL << placed_square);
    bool captured_any = false;
    for (uint64_t left = neighbours & st->pawns[opponent]; left; left &= left - 1) {
        int s = __builtin_ctzll(left);
        if (!(st->pawns[opponent] >> s & 1))
            continue; /* both neighbours were one series, already taken */
        uint64_t series = territoire_flanked_series(st->pawns[opponent], st->pawns[mover], s);
        if (series) {
            capture_series(st, opponent, series);
            captured_any = true;
        }
    }
    if (captured_any)
        return;
    uint64_t own = territoire_flanked_series(st->pawns[mover], st->pawns[opponent], placed_square);
    if (own)
        capture_series(st, mover, own);
}

/* ---- Groups and the turn plan ---------------------------------------- */

/* Taking from the last group of that size keeps the groups largest first. */
static void take_from_group(uint8_t groups[TERRITOIRE_GROUPS], int size)
{
    for (int slot = TERRITOIRE_GROUPS - 1; slot >= 0; slot--)
        if (groups[slot] == size) {
            groups[slot]--;
            return;
        }
}

/* The distinct sizes of the non-empty groups, largest first (groups are
 * kept largest first, so equal ones are neighbours); their count. */
static int distinct_group_sizes(const uint8_t groups[TERRITOIRE_GROUPS], int sizes[TERRITOIRE_GROUPS])
{
    int count = 0;
    for (int slot = 0; slot < TERRITOIRE_GROUPS; slot++)
        if (groups[slot] > 0 && (slot == 0 || groups[slot] != groups[slot - 1]))
            sizes[count++] = groups[slot];
    return count;
}

/* groups with one pawn taken from a group of size. */
static void groups_after_taking(const uint8_t groups[TERRITOIRE_GROUPS], int size, uint8_t next[TERRITOIRE_GROUPS])
{
    memcpy(next, groups, TERRITOIRE_GROUPS);
    take_from_group(next, size);
}

static bool has_group_of(const uint8_t groups[TERRITOIRE_GROUPS], int size)
{
    return size > 0 && (groups[0] == size || groups[1] == size || groups[2] == size);
}

static int steps_left_in_turn(const TerritoireState *st)
{
    int in_hand = territoire_pawns_in_hand(st, st->side);
    int left = TERRITOIRE_STEPS_PER_TURN - st->steps_done;
    return in_hand < left ? in_hand : left;
}

/* The next legal steps: placements by square, or, when there is none, one
 * discard per distinct non-empty group size (equal groups are one choice). */
static int list_steps(const TerritoireState *st, uint64_t free, const uint8_t groups[TERRITOIRE_GROUPS],
                      uint8_t steps[STEP_CHOICES_MAX])
{
    int count = 0;
    uint64_t squares = territoire_placeable_for(st, free, groups);
    for (; squares; squares &= squares - 1)
        steps[count++] = (uint8_t)(__builtin_ctzll(squares) + 1);
    if (count)
        return count;
    int sizes[TERRITOIRE_GROUPS];
    const int kinds = distinct_group_sizes(groups, sizes);
    for (int i = 0; i < kinds; i++)
        steps[count++] = (uint8_t)(TERRITOIRE_STEP_DISCARD + sizes[i]);
    return count;
}

static void plan_step(const TerritoireState *st, int step, uint64_t *free, uint8_t groups[TERRITOIRE_GROUPS])
{
    if (is_discard(step)) {
        take_from_group(groups, step - TERRITOIRE_STEP_DISCARD);
        return;
    }
    *free &= ~(1ULL << (step - 1));
    take_from_group(groups, st->square_value[step - 1]);
}

/* ---- Playing ----------------------------------------------------------- */

static void territoire_play_step(Position *pos, Move step_move)
{
    TerritoireState *st = territoire_state_mut(pos);
    int step = (int)step_move, mover = st->side;
    st->key ^= groups_key(st, mover) ^ turn_key(st);
    if (is_discard(step)) {
        take_from_group(st->groups[mover], step - TERRITOIRE_STEP_DISCARD);
    } else {
        int square = step - 1;
        take_from_group(st->groups[mover], st->square_value[square]);
        st->pawns[mover] |= 1ULL << square;
        st->key ^= pawn_key(mover, square);
        resolve_captures(st, square);
    }
    st->key ^= groups_key(st, mover);
    st->steps_done++;
    if (st->steps_done == TERRITOIRE_STEPS_PER_TURN || territoire_pawns_in_hand(st, mover) == 0) {
        st->steps_done = 0;
        st->side = (uint8_t)!mover;
    }
    st->key ^= turn_key(st);
}

static void territoire_play(Position *pos, Move move)
{
    for (int i = 0; i < TERRITOIRE_STEPS_PER_TURN; i++) {
        int step = step_code_at(move, i);
        if (step == TERRITOIRE_STEP_NONE)
            break;
        territoire_play_step(pos, (Move)step);
    }
}

static bool territoire_turn_in_progress(const Position *pos) { return territoire_state(pos)->steps_done > 0; }

static Move territoire_join_steps(const Move *steps, int count)
{
    Move move = 0;
    for (int i = 0; i < count && i < TERRITOIRE_STEPS_PER_TURN; i++)
        move |= (steps[i] & STEP_MASK) << (STEP_BITS * i);
    return move;
}

/* ---- Move generation --------------------------------------------------- */

static bool game_over(const TerritoireState *st) { return territoire_pawns_in_hand(st, st->side) == 0; }

static int territoire_generate_steps(const Position *pos, Move *out, int capacity)
{
    const TerritoireState *st = territoire_state(pos);
    if (game_over(st))
        return 0;
    uint8_t steps[STEP_CHOICES_MAX];
    int count = list_steps(st, territoire_free_squares(st), st->groups[st->side], steps);
    if (count > capacity)
        count = capacity;
    for (int i = 0; i < count; i++)
        out[i] = steps[i];
    return count;
}

/* Depth-first over the steps of the turn: memory is three small frames. */
static bool stream_turns(const TerritoireState *st, uint64_t free, const uint8_t groups[TERRITOIRE_GROUPS],
                         int steps_left, Move prefix, int depth, MoveSink *sink)
{
    if (steps_left == 0)
        return sink->emit(sink, prefix);
    uint8_t steps[STEP_CHOICES_MAX];
    int count = list_steps(st, free, groups, steps);
    for (int i = 0; i < count; i++) {
        uint64_t next_free = free;
        uint8_t next_groups[TERRITOIRE_GROUPS];
        memcpy(next_groups, groups, sizeof next_groups);
        plan_step(st, steps[i], &next_free, next_groups);
        Move move = prefix | (Move)steps[i] << (STEP_BITS * depth);
        if (!stream_turns(st, next_free, next_groups, steps_left - 1, move, depth + 1, sink))
            return false;
    }
    return true;
}

static bool territoire_generate_moves(const Position *pos, MoveSink *sink)
{
    const TerritoireState *st = territoire_state(pos);
    if (game_over(st))
        return true;
    return stream_turns(st, territoire_free_squares(st), st->groups[st->side], steps_left_in_turn(st), 0, 0, sink);
}

/* Counting needs only how many free squares show each value: the squares of
 * one value are interchangeable for the rest of the turn. */
static uint64_t count_turns(const uint8_t free_of_value[TERRITOIRE_GROUP_MAX + 1],
                            const uint8_t groups[TERRITOIRE_GROUPS], int steps_left)
{
    if (steps_left == 0)
        return 1;
    int sizes[TERRITOIRE_GROUPS];
    const int kinds = distinct_group_sizes(groups, sizes);
    uint64_t total = 0;
    bool placeable = false;
    for (int i = 0; i < kinds; i++) {
        if (free_of_value[sizes[i]] == 0)
            continue;
        placeable = true;
        uint8_t next_groups[TERRITOIRE_GROUPS], next_free[TERRITOIRE_GROUP_MAX + 1];
        groups_after_taking(groups, sizes[i], next_groups);
        memcpy(next_free, free_of_value, sizeof next_free);
        next_free[sizes[i]]--;
        total += free_of_value[sizes[i]] * count_turns(next_free, next_groups, steps_left - 1);
    }
    if (placeable)
        return total;
    for (int i = 0; i < kinds; i++) { /* no placement: a discard of each size */
        uint8_t next_groups[TERRITOIRE_GROUPS];
        groups_after_taking(groups, sizes[i], next_groups);
        total += count_turns(free_of_value, next_groups, steps_left - 1);
    }
    return total;
}

static uint64_t territoire_count_moves(const Position *pos)
{
    const TerritoireState *st = territoire_state(pos);
    if (game_over(st))
        return 0;
    uint64_t free = territoire_free_squares(st);
    uint8_t free_of_value[TERRITOIRE_GROUP_MAX + 1] = {0};
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++)
        free_of_value[value] = (uint8_t)popcount(st->value_squares[value] & free);
    return count_turns(free_of_value, st->groups[st->side], steps_left_in_turn(st));
}

/* ---- Score and outcome ------------------------------------------------- */

static Outcome territoire_outcome(const Position *pos)
{
    const TerritoireState *st = territoire_state(pos);
    if (!game_over(st))
        return OUTCOME_ONGOING;
    int dark = territoire_score(st, BLACK), light = territoire_score(st, WHITE);
    if (dark == light)
        return OUTCOME_DRAW;
    return dark > light ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
}

static int territoire_side_to_move(const Position *pos) { return territoire_state(pos)->side; }

static uint64_t territoire_hash(const Position *pos) { return territoire_state(pos)->key; }

static int territoire_turns_left(const Position *pos)
{
    const TerritoireState *st = territoire_state(pos);
    int in_hand = territoire_pawns_in_hand(st, st->side);
    if (in_hand == 0)
        return 0;
    int after_this_turn = in_hand - steps_left_in_turn(st);
    return 1 + (after_this_turn + TERRITOIRE_STEPS_PER_TURN - 1) / TERRITOIRE_STEPS_PER_TURN;
}

/* ---- Layouts ----------------------------------------------------------- */

static void set_layout(TerritoireState *st, const uint8_t values[TERRITOIRE_SQUARES])
{
    memset(st->value_squares, 0, sizeof st->value_squares);
    for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
        st->square_value[s] = values[s];
        st->value_squares[values[s]] |= 1ULL << s;
    }
}

/* Fisher-Yates over six of each value: every arrangement equally likely. */
static void territoire_random_start(Position *out, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    uint8_t values[TERRITOIRE_SQUARES];
    for (int s = 0; s < TERRITOIRE_SQUARES; s++)
        values[s] = (uint8_t)(s / TERRITOIRE_GROUP_MAX + 1);
    for (int s = TERRITOIRE_SQUARES - 1; s > 0; s--) {
        int other = (int)rng_below(&rng, (uint64_t)s + 1);
        uint8_t kept = values[s];
        values[s] = values[other];
        values[other] = kept;
    }
    memset(out, 0, sizeof *out);
    TerritoireState *st = territoire_state_mut(out);
    set_layout(st, values);
    st->golden = (uint8_t)rng_below(&rng, TERRITOIRE_SQUARES);
    st->side = BLACK;
    memset(st->groups, TERRITOIRE_GROUP_MAX, sizeof st->groups);
    st->key = full_key(st);
}

/* ---- Position strings -------------------------------------------------- */

#define FIELD_COUNT 7

static bool fail(char *err, size_t err_size, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(err, err_size, fmt, args);
    va_end(args);
    return false;
}

static bool parse_ring(const char *ring, TerritoireState *st, char *err, size_t err_size)
{
    if (strlen(ring) != 2 * TERRITOIRE_SQUARES)
        return fail(err, err_size, "ring '%s' has %zu characters, expected 72 (36 squares of value digit + content)",
                    ring, strlen(ring));
    uint8_t values[TERRITOIRE_SQUARES];
    int of_value[TERRITOIRE_GROUP_MAX + 1] = {0};
    for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
        char value = ring[2 * s], content = ring[2 * s + 1];
        if (value < '1' || value > '6')
            return fail(err, err_size, "ring square %d: value '%c' is not a digit 1-6", s + 1, value);
        values[s] = (uint8_t)(value - '0');
        of_value[values[s]]++;
        uint64_t bit = 1ULL << s;
        if (content == 'b')
            st->pawns[BLACK] |= bit;
        else if (content == 'w')
            st->pawns[WHITE] |= bit;
        else if (content == 'x')
            st->dead |= bit;
        else if (content != '.')
            return fail(err, err_size, "ring square %d: content '%c' is not one of . b w x", s + 1, content);
    }
    for (int value = 1; value <= TERRITOIRE_GROUP_MAX; value++)
        if (of_value[value] != 6)
            return fail(err, err_size, "ring has %d squares of value %d, expected six of each value", of_value[value],
                        value);
    set_layout(st, values);
    return true;
}

/* Whole decimal number in [min, max], no sign, no leading zeros beyond "0". */
static bool parse_number(const char *text, int min, int max, int *out)
{
    size_t len = strlen(text);
    if (len == 0 || len > 2 || (len == 2 && text[0] == '0'))
        return false;
    int value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + (text[i] - '0');
    }
    if (value < min || value > max)
        return false;
    *out = value;
    return true;
}

static bool parse_groups(const char *text, int colour, TerritoireState *st, char *err, size_t err_size)
{
    if (strlen(text) != TERRITOIRE_GROUPS)
        return fail(err, err_size, "%s groups '%s': expected three digits 0-6", COLOUR_NAME[colour], text);
    for (int slot = 0; slot < TERRITOIRE_GROUPS; slot++) {
        if (text[slot] < '0' || text[slot] > '6')
            return fail(err, err_size, "%s groups '%s': group size '%c' is not a digit 0-6", COLOUR_NAME[colour], text,
                        text[slot]);
        st->groups[colour][slot] = (uint8_t)(text[slot] - '0');
        if (slot > 0 && st->groups[colour][slot] > st->groups[colour][slot - 1])
            return fail(err, err_size, "%s groups '%s' must be listed largest first", COLOUR_NAME[colour], text);
    }
    return true;
}

static bool check_pawn_totals(const TerritoireState *st, char *err, size_t err_size)
{
    for (int colour = 0; colour < 2; colour++) {
        int board = popcount(st->pawns[colour]), in_hand = territoire_pawns_in_hand(st, colour);
        int lost = st->captures[!colour];
        if (board + in_hand + lost > TERRITOIRE_PAWNS)
            return fail(err, err_size,
                        "%s has %d pawns (board %d + groups %d + captured by %s %d), more than 18",
                        COLOUR_NAME[colour], board + in_hand + lost, board, in_hand, COLOUR_NAME[!colour], lost);
    }
    int dead = popcount(st->dead), captured = st->captures[BLACK] + st->captures[WHITE];
    if (dead != captured)
        return fail(err, err_size, "%d dead squares but %d captures in all: they must be equal", dead, captured);
    return true;
}

/* A flanked series would have been captured when it became flanked, so no
 * position reached in play shows one (protocol.md: "Decided here"). */
static bool check_no_flanked_series(const TerritoireState *st, char *err, size_t err_size)
{
    for (int colour = 0; colour < 2; colour++) {
        uint64_t seen = 0;
        for (uint64_t left = st->pawns[colour]; left; left &= left - 1) {
            int s = __builtin_ctzll(left);
            if (seen >> s & 1)
                continue;
            uint64_t series = territoire_series_at(st->pawns[colour], s);
            seen |= series;
            if (territoire_flanked_series(st->pawns[colour], st->pawns[!colour], s))
                return fail(err, err_size, "%s series at square %d is flanked by %s pawns: it would have been captured",
                            COLOUR_NAME[colour], s + 1, COLOUR_NAME[!colour]);
        }
    }
    return true;
}

static int split_fields(char *text, char *fields[], int capacity)
{
    int count = 0;
    for (char *field = strtok(text, " \t\r\n"); field; field = strtok(NULL, " \t\r\n")) {
        if (count == capacity)
            return capacity + 1;
        fields[count++] = field;
    }
    return count;
}

static bool territoire_parse_position(const char *text, Position *out, char *err, size_t err_size)
{
    char buf[POSITION_TEXT_MAX];
    if (strlen(text) >= sizeof buf)
        return fail(err, err_size, "position string is too long (%zu characters)", strlen(text));
    strcpy(buf, text);
    char *fields[FIELD_COUNT];
    int count = split_fields(buf, fields, FIELD_COUNT);
    if (count != FIELD_COUNT)
        return fail(err, err_size,
                    "expected 7 fields '<ring> <golden> <side> <dark groups> <light groups> <dark captures> "
                    "<light captures>', got %s",
                    count > FIELD_COUNT ? "more" : (count == 0 ? "none" : "fewer"));
    Position pos;
    memset(&pos, 0, sizeof pos);
    TerritoireState *st = territoire_state_mut(&pos);
    if (!parse_ring(fields[0], st, err, err_size))
        return false;
    int golden, captures[2];
    if (!parse_number(fields[1], 1, TERRITOIRE_SQUARES, &golden))
        return fail(err, err_size, "golden square '%s' is not a square number 1-36", fields[1]);
    st->golden = (uint8_t)(golden - 1);
    if (strcmp(fields[2], "b") != 0 && strcmp(fields[2], "w") != 0)
        return fail(err, err_size, "side to move '%s' is not b or w", fields[2]);
    st->side = fields[2][0] == 'b' ? BLACK : WHITE;
    if (!parse_groups(fields[3], BLACK, st, err, err_size) || !parse_groups(fields[4], WHITE, st, err, err_size))
        return false;
    if (!parse_number(fields[5], 0, TERRITOIRE_SQUARES, &captures[BLACK]))
        return fail(err, err_size, "dark captures '%s' is not a number 0-36", fields[5]);
    if (!parse_number(fields[6], 0, TERRITOIRE_SQUARES, &captures[WHITE]))
        return fail(err, err_size, "light captures '%s' is not a number 0-36", fields[6]);
    st->captures[BLACK] = (uint8_t)captures[BLACK];
    st->captures[WHITE] = (uint8_t)captures[WHITE];
    if (!check_pawn_totals(st, err, err_size) || !check_no_flanked_series(st, err, err_size))
        return false;
    st->key = full_key(st);
    *out = pos;
    return true;
}

static char square_content(const TerritoireState *st, int s)
{
    if (st->pawns[BLACK] >> s & 1)
        return 'b';
    if (st->pawns[WHITE] >> s & 1)
        return 'w';
    return (st->dead >> s & 1) ? 'x' : '.';
}

static void territoire_format_position(const Position *pos, char *out, size_t out_size)
{
    const TerritoireState *st = territoire_state(pos);
    char ring[2 * TERRITOIRE_SQUARES + 1];
    for (int s = 0; s < TERRITOIRE_SQUARES; s++) {
        ring[2 * s] = (char)('0' + st->square_value[s]);
        ring[2 * s + 1] = square_content(st, s);
    }
    ring[2 * TERRITOIRE_SQUARES] = '\0';
    const uint8_t *dark = st->groups[BLACK], *light = st->groups[WHITE];
    snprintf(out, out_size, "%s %d %c %d%d%d %d%d%d %d %d", ring, st->golden + 1, COLOUR_LETTER[st->side], dark[0],
             dark[1], dark[2], light[0], light[1], light[2], st->captures[BLACK], st->captures[WHITE]);
}

/* ---- Move text --------------------------------------------------------- */

static void format_step(int step, char *out, size_t out_size)
{
    if (is_discard(step))
        snprintf(out, out_size, "x%d", step - TERRITOIRE_STEP_DISCARD);
    else
        snprintf(out, out_size, "%d", step);
}

static void territoire_format_move(const Position *pos, Move move, char *out, size_t out_size)
{
    (void)pos;
    size_t len = 0;
    if (out_size)
        out[0] = '\0';
    for (int i = 0; i < TERRITOIRE_STEPS_PER_TURN; i++) {
        int step = step_code_at(move, i);
        if (step == TERRITOIRE_STEP_NONE)
            break;
        char text[8];
        format_step(step, text, sizeof text);
        if (len < out_size) {
            int wrote = snprintf(out + len, out_size - len, "%s%s", i ? "," : "", text);
            len += wrote > 0 ? (size_t)wrote : 0;
        }
    }
}

/* Reads one step of the notation; 0 when the text is not a step at all. */
static int read_step(const char *text)
{
    int number;
    if (text[0] == 'x')
        return parse_number(text + 1, 1, TERRITOIRE_GROUP_MAX, &number) ? TERRITOIRE_STEP_DISCARD + number : TERRITOIRE_STEP_NONE;
    return parse_number(text, 1, TERRITOIRE_SQUARES, &number) ? number : TERRITOIRE_STEP_NONE;
}

/* Is step legal under the turn plan?  When not, why says why. */
static bool check_step(const TerritoireState *st, uint64_t free, const uint8_t groups[TERRITOIRE_GROUPS], int step,
                       char *why, size_t why_size)
{
    uint64_t placeable = territoire_placeable_for(st, free, groups);
    if (is_discard(step)) {
        int size = step - TERRITOIRE_STEP_DISCARD;
        if (!has_group_of(groups, size))
            return fail(why, why_size, "no group holds %d pawns", size);
        if (placeable)
            return fail(why, why_size, "a discard is allowed only when no placement is possible (square %d is)",
                        __builtin_ctzll(placeable) + 1);
        return true;
    }
    int square = step - 1, value = st->square_value[square];
    if (st->dead >> square & 1)
        return fail(why, why_size, "square %d is dead", step);
    for (int colour = 0; colour < 2; colour++)
        if (st->pawns[colour] >> square & 1)
            return fail(why, why_size, "square %d is taken by %s", step, COLOUR_NAME[colour]);
    if (!(free >> square & 1))
        return fail(why, why_size, "square %d was already placed on this turn", step);
    if (!has_group_of(groups, value))
        return fail(why, why_size, "square %d shows %d but no group holds %d pawns", step, value, value);
    return true;
}

static bool territoire_parse_move(const Position *pos, const char *text, Move *out, char *err, size_t err_size)
{
    const TerritoireState *st = territoire_state(pos);
    if (game_over(st))
        return fail(err, err_size, "move '%s': the game is over", text);
    int steps_left = steps_left_in_turn(st);
    char buf[MOVE_TEXT_MAX];
    if (strlen(text) >= sizeof buf)
        return fail(err, err_size, "move '%.20s...' is too long", text);
    strcpy(buf, text);
    uint64_t free = territoire_free_squares(st);
    uint8_t groups[TERRITOIRE_GROUPS];
    memcpy(groups, st->groups[st->side], sizeof groups);
    Move move = 0;
    int count = 0;
    for (char *cursor = buf, *comma;; cursor = comma + 1) {
        comma = strchr(cursor, ',');
        if (comma)
            *comma = '\0';
        if (count == steps_left)
            return fail(err, err_size, "move '%s': this turn has %d step%s, the move has more", text, steps_left,
                        steps_left == 1 ? "" : "s");
        int step = read_step(cursor);
        if (step == TERRITOIRE_STEP_NONE)
            return fail(err, err_size, "move '%s' step %d: '%s' is neither a square 1-36 nor a discard x1-x6", text,
                        count + 1, cursor);
        char why[ERROR_TEXT_MAX];
        if (!check_step(st, free, groups, step, why, sizeof why))
            return fail(err, err_size, "move '%s' step %d: %s", text, count + 1, why);
        plan_step(st, step, &free, groups);
        move |= (Move)step << (STEP_BITS * count++);
        if (!comma)
            break;
    }
    if (count != steps_left)
        return fail(err, err_size, "move '%s': this turn has %d steps, the move has %d", text, steps_left, count);
    *out = move;
    return true;
}

/* ---- Display ----------------------------------------------------------- */

static void append(char *out, size_t out_size, size_t *len, const char *fmt, ...)
{
    if (*len >= out_size)
        return;
    va_list args;
    va_start(args, fmt);
    int wrote = vsnprintf(out + *len, out_size - *len, fmt, args);
    va_end(args);
    if (wrote > 0)
        *len += (size_t)wrote;
}

/* The ring drawn as two rows of 18 squares: number, value (*: golden), content. */
static void display_half(const TerritoireState *st, int first, char *out, size_t out_size, size_t *len)
{
    int half = TERRITOIRE_SQUARES / 2;
    append(out, out_size, len, " square");
    for (int s = first; s < first + half; s++)
        append(out, out_size, len, "%3d", s + 1);
    append(out, out_size, len, "\n value ");
    for (int s = first; s < first + half; s++)
        append(out, out_size, len, "%2c%d", s == st->golden ? '*' : ' ', st->square_value[s]);
    append(out, out_size, len, "\n pawn  ");
    for (int s = first; s < first + half; s++)
        append(out, out_size, len, "%3c", square_content(st, s));
    append(out, out_size, len, "\n");
}

static void territoire_display(const Position *pos, char *out, size_t out_size)
{
    const TerritoireState *st = territoire_state(pos);
    size_t len = 0;
    if (out_size)
        out[0] = '\0';
    display_half(st, 0, out, out_size, &len);
    display_half(st, TERRITOIRE_SQUARES / 2, out, out_size, &len);
    append(out, out_size, &len, " golden square %d (marked *), x = dead square\n", st->golden + 1);
    for (int colour = BLACK; colour >= WHITE; colour--) {
        const uint8_t *g = st->groups[colour];
        append(out, out_size, &len, " %-5s (%c) groups %d %d %d  captured %d  score %d\n", COLOUR_NAME[colour],
               COLOUR_LETTER[colour], g[0], g[1], g[2], st->captures[colour], territoire_score(st, colour));
    }
    if (game_over(st))
        append(out, out_size, &len, " game over\n");
    else
        append(out, out_size, &len, " %s to move, step %d of this turn\n", COLOUR_NAME[st->side], st->steps_done + 1);
}

/* Bench: the start and a RULES.md middle position. */
static const BenchPosition bench_positions[] = {
    {NULL, 12},
    {"3.6b2.5b1.4.4.5b1.6b3w2.1.2w5.3.4b6w6.3.4.2.5w1.5.1.3.4.2.6w2.4w6b1.5.3. 19 b 543 651 0 0", 10},
};

/* Alpha-beta's reductions and proof share from an SPSA campaign (4,000
 * pairs at 20,000 nodes; tools/tune/RESULTS.md): deeper, earlier late
 * move reductions won on held-out openings at equal nodes and at 2+0.02. */
static const GameSettingDefault setting_defaults[] = {
    {"AbAspiration", 39},     {"AbReduction", 5},           {"AbReductionDepth", 2},
    {"AbReductionIndex", 1},  {"AbReductionLateIndex", 10}, {"AbProofShare", 40},
};

const Game territoire_game = {
    .id = "territoire",
    .title = "Territoire",
    .start_fen = "3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0",
    GAME_VERBS(territoire),
    GAME_BENCH(bench_positions, 3),
    GAME_SETTING_DEFAULTS(setting_defaults),
    /* UCI_ShowWDL's model: `tessera-tune wdl` on self-play data (protocol.md). */
    .wdl = {.draw_margin = 19.7, .scale = 36.8, .scale_growth = 0.3895, .bias = {36, -6}},
    .evaluate = territoire_evaluate,
    .eval_scale = 158, /* tessera-tune texel's K (README, "Learned evaluation") */
    .nn_features = territoire_nn_features,
    .nn_input_count = TERRITOIRE_NN_INPUTS,
    .nn_by_default = true, /* its net from the deal won at equal time (README, "Learned evaluation") */
    .params = territoire_params,
    .param_count = TERRITOIRE_PARAM_COUNT,
    .random_start = territoire_random_start,
    .generate_steps = territoire_generate_steps,
    .play_step = territoire_play_step,
    .turn_in_progress = territoire_turn_in_progress,
    .join_steps = territoire_join_steps,
    .policy_size = TERRITOIRE_POLICY_SIZE,
    .policy_index = territoire_policy_index,
};
