/*
 * columna/columna.c - Columna (RULES.md section 1): the rules, move generation and
 * notation.  The evaluation lives in columna/eval.c.
 *
 * A turn is a pawn move then a stacking.  Both are "steps"; a whole-turn
 * Move is its steps ORed together, so join_steps is a bitwise or and play
 * plays whichever steps a Move holds (a whole turn, a game-ending pawn move
 * alone, or the bare stacking of a phase-s position).
 */
#include "games/columna/columna.h"

#include <stdio.h>
#include <string.h>

#include "util/bits.h"
#include "util/rng.h"

#define START_FEN "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"

/* Every source has at most 4 targets; 16 and 144 bound the step lists. */
#define MAX_PAWN_STEPS (COLUMNA_PAWNS_PER_SIDE * COLUMNA_DIRECTIONS)
#define MAX_STACKING_STEPS (COLUMNA_SQUARES * COLUMNA_DIRECTIONS)

_Static_assert(MAX_STACKING_STEPS <= MAX_STEPS_PER_NODE, "step lists must fit game.h's bound");

/* ---- Zobrist keys ---- */

enum {
    KEY_HEIGHT = 0, /* square * 6 + height */
    KEY_PAWN = COLUMNA_SQUARES * (COLUMNA_MAX_HEIGHT + 1), /* colour * 36 + square */
    KEY_BLACK_TO_ACT = KEY_PAWN + 2 * COLUMNA_SQUARES,
    KEY_STACKING_DUE
};

/* Keys are computed from their slot number instead of read from a table:
 * no start-up initialisation and nothing shared between threads.  splitmix64
 * is a bijection of its state, so distinct slots get distinct keys. */
static uint64_t zobrist(int slot)
{
    uint64_t state = 0x636F6C756D6E61ULL ^ (uint64_t)slot << 40;
    return splitmix64(&state);
}

static uint64_t height_key(int square, int height)
{
    return height ? zobrist(KEY_HEIGHT + square * (COLUMNA_MAX_HEIGHT + 1) + height) : 0;
}

static uint64_t pawn_key(int colour, int square)
{
    return zobrist(KEY_PAWN + colour * COLUMNA_SQUARES + square);
}

static uint64_t full_key(const ColumnaState *st)
{
    uint64_t key = 0;
    for (int sq = 0; sq < COLUMNA_SQUARES; sq++)
        key ^= height_key(sq, st->stack_height[sq]);
    for (int colour = 0; colour < 2; colour++)
        for (uint64_t pawns = st->pawns[colour]; pawns;)
            key ^= pawn_key(colour, columna_pop_square(&pawns));
    if (st->side == BLACK)
        key ^= zobrist(KEY_BLACK_TO_ACT);
    if (st->phase == COLUMNA_PHASE_STACKING)
        key ^= zobrist(KEY_STACKING_DUE);
    return key;
}

/* ---- playing steps ---- */

static void play_pawn_step(ColumnaState *st, int from, int to)
{
    st->pawns[st->side] ^= columna_bit(from) | columna_bit(to);
    st->key ^= pawn_key(st->side, from) ^ pawn_key(st->side, to) ^ zobrist(KEY_STACKING_DUE);
    st->phase = COLUMNA_PHASE_STACKING;
}

static void play_stacking_step(ColumnaState *st, int from, int to)
{
    const int moved = st->stack_height[from], below = st->stack_height[to];
    st->key ^= height_key(from, moved) ^ height_key(to, below) ^ height_key(to, below + moved);
    st->key ^= zobrist(KEY_STACKING_DUE) ^ zobrist(KEY_BLACK_TO_ACT);
    st->stack_height[from] = 0;
    st->stack_height[to] = (uint8_t)(below + moved);
    st->stacks &= ~columna_bit(from);
    st->phase = COLUMNA_PHASE_PAWN;
    st->side ^= 1;
}

/* Both play and play_step: a Move holds one step or a whole turn. */
static void columna_play(Position *pos, Move move)
{
    ColumnaState *st = columna_state(pos);
    if (move & COLUMNA_PAWN_STEP)
        play_pawn_step(st, columna_pawn_from(move), columna_pawn_to(move));
    if (move & COLUMNA_STACKING_STEP)
        play_stacking_step(st, columna_stacking_from(move), columna_stacking_to(move));
}

/* ---- legal steps ---- */

static bool is_free_stack(uint64_t pawned, int to)
{
    return to >= 0 && !(pawned & columna_bit(to));
}

static bool stacking_fits(const ColumnaState *st, uint64_t pawned, int from, int to)
{
    return is_free_stack(pawned, to) &&
           st->stack_height[from] + st->stack_height[to] <= COLUMNA_MAX_HEIGHT;
}

/* The side to act's pawn moves, as steps. */
static int list_pawn_steps(const ColumnaState *st, Move *out)
{
    const uint64_t pawned = columna_all_pawns(st);
    int n = 0;
    for (uint64_t own = st->pawns[st->side]; own;) {
        const int from = columna_pop_square(&own);
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++) {
            const int to = columna_first_stack(st->stacks, from, d);
            if (is_free_stack(pawned, to))
                out[n++] = columna_pawn_step(from, to);
        }
    }
    return n;
}

/* The stackings with pawns standing on `pawned` (a pawn move changes only
 * that, so callers pass the pawns as they will stand), as steps. */
static int list_stacking_steps(const ColumnaState *st, uint64_t pawned, Move *out)
{
    int n = 0;
    for (uint64_t sources = st->stacks & ~pawned; sources;) {
        const int from = columna_pop_square(&sources);
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++) {
            const int to = columna_first_stack(st->stacks, from, d);
            if (stacking_fits(st, pawned, from, to))
                out[n++] = columna_stacking_step(from, to);
        }
    }
    return n;
}

static bool any_pawn_move(const ColumnaState *st)
{
    const uint64_t pawned = columna_all_pawns(st);
    for (uint64_t own = st->pawns[st->side]; own;) {
        const int from = columna_pop_square(&own);
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++)
            if (is_free_stack(pawned, columna_first_stack(st->stacks, from, d)))
                return true;
    }
    return false;
}

static bool any_stacking(const ColumnaState *st, uint64_t pawned)
{
    for (uint64_t sources = st->stacks & ~pawned; sources;) {
        const int from = columna_pop_square(&sources);
        for (int d = 0; d < COLUMNA_DIRECTIONS; d++)
            if (stacking_fits(st, pawned, from, columna_first_stack(st->stacks, from, d)))
                return true;
    }
    return false;
}

/* Can the side named in the position perform the action due? */
static bool can_act(const ColumnaState *st)
{
    if (st->phase == COLUMNA_PHASE_PAWN)
        return any_pawn_move(st);
    return any_stacking(st, columna_all_pawns(st));
}

/* ---- whole-turn generation ---- */

static bool emit_steps(MoveSink *sink, Move prefix, const Move *steps, int count)
{
    for (int i = 0; i < count; i++)
        if (!sink->emit(sink, prefix | steps[i]))
            return false;
    return true;
}

/* The turns that start with pawn_move: one per stacking that can follow,
 * or the pawn move alone when none can (it ends the game). */
static bool emit_turns_after(const ColumnaState *st, Move pawn_move, MoveSink *sink)
{
    Move stackings[MAX_STACKING_STEPS];
    const uint64_t pawned =
        columna_all_pawns(st) ^ columna_bit(columna_pawn_from(pawn_move)) ^ columna_bit(columna_pawn_to(pawn_move));
    const int n = list_stacking_steps(st, pawned, stackings);
    if (n == 0)
        return sink->emit(sink, pawn_move);
    return emit_steps(sink, pawn_move, stackings, n);
}

static bool columna_generate_moves(const Position *pos, MoveSink *sink)
{
    const ColumnaState *st = columna_cstate(pos);
    if (st->phase == COLUMNA_PHASE_STACKING) {
        Move stackings[MAX_STACKING_STEPS];
        const int n = list_stacking_steps(st, columna_all_pawns(st), stackings);
        return emit_steps(sink, 0, stackings, n);
    }
    Move pawn_moves[MAX_PAWN_STEPS];
    const int n = list_pawn_steps(st, pawn_moves);
    for (int i = 0; i < n; i++)
        if (!emit_turns_after(st, pawn_moves[i], sink))
            return false;
    return true;
}

/* ---- fast counting (perft's last ply) ----
 * A stacking and its reverse are legal together (same two stacks, same sum,
 * same pawns), so stackings come in pairs: "free links" between neighbouring
 * stacks.  A pawn move from A to B only changes the links at A and B, so each
 * pawn move's count is the board's count corrected at those two squares. */

static int free_links_at(const ColumnaState *st, uint64_t pawned, int square)
{
    int links = 0;
    for (int d = 0; d < COLUMNA_DIRECTIONS; d++)
        links += stacking_fits(st, pawned, square, columna_first_stack(st->stacks, square, d));
    return links;
}

static int free_links(const ColumnaState *st, uint64_t pawned)
{
    int links = 0;
    for (uint64_t sources = st->stacks & ~pawned; sources;) {
        const int from = columna_pop_square(&sources);
        links += stacking_fits(st, pawned, from, columna_first_stack(st->stacks, from, COLUMNA_NORTH));
        links += stacking_fits(st, pawned, from, columna_first_stack(st->stacks, from, COLUMNA_EAST));
    }
    return links;
}

static uint64_t columna_count_moves(const Position *pos)
{
    const ColumnaState *st = columna_cstate(pos);
    const uint64_t pawned = columna_all_pawns(st);
    if (st->phase == COLUMNA_PHASE_STACKING)
        return 2 * (uint64_t)free_links(st, pawned);
    Move pawn_moves[MAX_PAWN_STEPS];
    const int n = list_pawn_steps(st, pawn_moves);
    const int board_links = free_links(st, pawned);
    uint64_t turns = 0;
    for (int i = 0; i < n; i++) {
        const int from = columna_pawn_from(pawn_moves[i]), to = columna_pawn_to(pawn_moves[i]);
        const uint64_t after = pawned ^ columna_bit(from) ^ columna_bit(to);
        const int links = board_links - free_links_at(st, pawned, to) + free_links_at(st, after, from);
        turns += links ? 2 * (uint64_t)links : 1;
    }
    return turns;
}

/* ---- step hooks ---- */

/* Stores at most capacity steps and returns how many it stored (never more
 * than 144, below MAX_STEPS_PER_NODE). */
static int columna_generate_steps(const Position *pos, Move *out, int capacity)
{
    const ColumnaState *st = columna_cstate(pos);
    Move steps[MAX_STACKING_STEPS];
    int n = st->phase == COLUMNA_PHASE_PAWN ? list_pawn_steps(st, steps)
                                            : list_stacking_steps(st, columna_all_pawns(st), steps);
    if (n > capacity)
        n = capacity > 0 ? capacity : 0;
    memcpy(out, steps, (size_t)n * sizeof *out);
    return n;
}

static bool columna_turn_in_progress(const Position *pos)
{
    const ColumnaState *st = columna_cstate(pos);
    return st->phase == COLUMNA_PHASE_STACKING && any_stacking(st, columna_all_pawns(st));
}

static Move columna_join_steps(const Move *steps, int count)
{
    Move turn = 0;
    for (int i = 0; i < count; i++)
        turn |= steps[i];
    return turn;
}

/* ---- the end ---- */

/* Compares the pawns standing on height 5, then 4, ... 1: positive when
 * white is ahead, negative when black is, 0 on a full tie. */
static int compare_pawn_heights(const ColumnaState *st)
{
    int on_height[2][COLUMNA_MAX_HEIGHT + 1] = {{0}};
    for (int colour = 0; colour < 2; colour++)
        for (uint64_t pawns = st->pawns[colour]; pawns;)
            on_height[colour][st->stack_height[columna_pop_square(&pawns)]]++;
    for (int h = COLUMNA_MAX_HEIGHT; h >= 1; h--)
        if (on_height[WHITE][h] != on_height[BLACK][h])
            return on_height[WHITE][h] - on_height[BLACK][h];
    return 0;
}

static Outcome columna_outcome(const Position *pos)
{
    const ColumnaState *st = columna_cstate(pos);
    if (can_act(st))
        return OUTCOME_ONGOING;
    const int lead = compare_pawn_heights(st);
    /* On a full tie the side named in the position, who could not act, loses. */
    const int winner = lead > 0 ? WHITE : lead < 0 ? BLACK : st->side ^ 1;
    return winner == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
}

static int columna_side_to_move(const Position *pos) { return columna_cstate(pos)->side; }

static uint64_t columna_hash(const Position *pos) { return columna_cstate(pos)->key; }

/* Every turn but a game-ending pawn move empties a square for good, and at
 * least 8 stacks always stay (one under each pawn; 36 tiles also need 8
 * stacks of at most 5), so at most stacks - 8 stackings are left: 28 from
 * the start. */
static int columna_turns_left(const Position *pos)
{
    const ColumnaState *st = columna_cstate(pos);
    if (!can_act(st))
        return 0;
    const int stackings_left = popcount64(st->stacks) - 2 * COLUMNA_PAWNS_PER_SIDE;
    const int moves_left = stackings_left + 1; /* + a last pawn move alone */
    return (moves_left + 1) / 2;               /* the side to act plays every other one */
}

/* ---- squares in text ---- */

static void square_name(int square, char out[3])
{
    out[0] = (char)('a' + square % COLUMNA_FILES);
    out[1] = (char)('1' + square / COLUMNA_FILES);
    out[2] = '\0';
}

static int parse_square(const char *text)
{
    if (text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6')
        return -1;
    return (text[1] - '1') * COLUMNA_FILES + (text[0] - 'a');
}

/* Quotes at most max_len characters of text for an error line, bytes that
 * are not printable as '?', so the message stays one line. */
static const char *quoted(const char *text, size_t max_len, char *out)
{
    size_t i = 0;
    for (; i < max_len && text[i]; i++)
        out[i] = text[i] >= ' ' && text[i] <= '~' ? text[i] : '?';
    out[i] = '\0';
    return out;
}

/* ---- position strings ---- */

static bool parse_pawn(ColumnaState *st, char letter, int square, char *err, size_t err_size)
{
    char name[3];
    square_name(square, name);
    if (columna_all_pawns(st) & columna_bit(square)) {
        snprintf(err, err_size, "square %s: two pawns on one stack", name);
        return false;
    }
    if (st->stack_height[square] == 0) {
        snprintf(err, err_size, "square %s: pawn '%c' on height 0 (a pawn stands on a stack)", name,
                 letter);
        return false;
    }
    st->pawns[letter == 'w' ? WHITE : BLACK] |= columna_bit(square);
    return true;
}

static bool parse_height(ColumnaState *st, char digit, int square, char *err, size_t err_size)
{
    char name[3];
    square_name(square, name);
    if (digit > '0' + COLUMNA_MAX_HEIGHT) {
        snprintf(err, err_size, "square %s: height %c is above 5", name, digit);
        return false;
    }
    st->stack_height[square] = (uint8_t)(digit - '0');
    return true;
}

/* One rank's squares, up to the next '/', ' ' or end of text. */
static bool parse_rank(const char **cursor, ColumnaState *st, int rank, char *err, size_t err_size)
{
    const char *c = *cursor;
    int files = 0;
    for (; *c && *c != '/' && *c != ' '; c++) {
        const int square = rank * COLUMNA_FILES + files;
        if (*c >= '0' && *c <= '9') {
            if (files == COLUMNA_FILES) {
                snprintf(err, err_size, "rank %d has more than 6 squares", rank + 1);
                return false;
            }
            if (!parse_height(st, *c, square, err, err_size))
                return false;
            files++;
        } else if (*c == 'w' || *c == 'b') {
            if (files == 0) {
                snprintf(err, err_size, "rank %d: pawn '%c' before any height digit", rank + 1, *c);
                return false;
            }
            if (!parse_pawn(st, *c, square - 1, err, err_size))
                return false;
        } else {
            char shown[2];
            snprintf(err, err_size, "rank %d: unexpected character '%s' (expected a height 0-5, w or b)",
                     rank + 1, quoted(c, 1, shown));
            return false;
        }
    }
    if (files < COLUMNA_FILES) {
        snprintf(err, err_size, "rank %d has %d squares, expected 6", rank + 1, files);
        return false;
    }
    *cursor = c;
    return true;
}

static bool parse_ranks(const char **cursor, ColumnaState *st, char *err, size_t err_size)
{
    const char *c = *cursor;
    for (int rank = COLUMNA_FILES - 1; rank >= 0; rank--) {
        if (!parse_rank(&c, st, rank, err, err_size))
            return false;
        if (rank > 0 && *c != '/') {
            snprintf(err, err_size, "only %d ranks, expected 6", COLUMNA_FILES - rank);
            return false;
        }
        if (rank > 0)
            c++;
    }
    if (*c == '/') {
        snprintf(err, err_size, "a 7th rank: the board has 6 ranks");
        return false;
    }
    *cursor = c;
    return true;
}

/* A one-letter field after a single space: the side or the phase. */
static bool parse_field(const char **cursor, const char *what, const char *letters, char *value,
                        char *err, size_t err_size)
{
    const char *c = *cursor;
    if (*c != ' ' || !c[1] || c[1] == ' ') {
        snprintf(err, err_size, "missing the %s (expected '%c' or '%c')", what,
                 letters[0], letters[1]);
        return false;
    }
    const size_t len = strcspn(c + 1, " ");
    if (len != 1 || !strchr(letters, c[1])) {
        char shown[17];
        snprintf(err, err_size, "bad %s '%s' (expected '%c' or '%c')", what,
                 quoted(c + 1, len < 16 ? len : 16, shown), letters[0], letters[1]);
        return false;
    }
    *value = c[1];
    *cursor = c + 2;
    return true;
}

static bool check_counts(const ColumnaState *st, char *err, size_t err_size)
{
    static const char *const colour_name[2] = {"white", "black"};
    for (int colour = 0; colour < 2; colour++) {
        const int pawns = popcount64(st->pawns[colour]);
        if (pawns != COLUMNA_PAWNS_PER_SIDE) {
            snprintf(err, err_size, "%s has %d pawns, expected 4", colour_name[colour], pawns);
            return false;
        }
    }
    int tiles = 0;
    for (int sq = 0; sq < COLUMNA_SQUARES; sq++)
        tiles += st->stack_height[sq];
    if (tiles != COLUMNA_TILES) {
        snprintf(err, err_size, "the stacks hold %d tiles, expected 36 (tiles never leave the board)",
                 tiles);
        return false;
    }
    return true;
}

static bool columna_parse_position(const char *text, Position *out, char *err, size_t err_size)
{
    Position pos;
    memset(&pos, 0, sizeof pos);
    ColumnaState *st = columna_state(&pos);
    const char *c = text;
    char side, phase;
    if (!parse_ranks(&c, st, err, err_size) ||
        !parse_field(&c, "side to move", "wb", &side, err, err_size) ||
        !parse_field(&c, "phase", "ps", &phase, err, err_size))
        return false;
    if (*c) {
        char shown[33];
        snprintf(err, err_size, "unexpected text after the phase: '%s'", quoted(c, 32, shown));
        return false;
    }
    if (!check_counts(st, err, err_size))
        return false;
    for (int sq = 0; sq < COLUMNA_SQUARES; sq++)
        if (st->stack_height[sq])
            st->stacks |= columna_bit(sq);
    st->side = side == 'w' ? WHITE : BLACK;
    st->phase = phase == 'p' ? COLUMNA_PHASE_PAWN : COLUMNA_PHASE_STACKING;
    st->key = full_key(st);
    *out = pos;
    return true;
}

static char pawn_letter(const ColumnaState *st, int square)
{
    if (st->pawns[WHITE] & columna_bit(square))
        return 'w';
    if (st->pawns[BLACK] & columna_bit(square))
        return 'b';
    return '\0';
}

static void columna_format_position(const Position *pos, char *out, size_t out_size)
{
    const ColumnaState *st = columna_cstate(pos);
    char text[96];
    size_t len = 0;
    for (int rank = COLUMNA_FILES - 1; rank >= 0; rank--) {
        for (int file = 0; file < COLUMNA_FILES; file++) {
            const int square = rank * COLUMNA_FILES + file;
            text[len++] = (char)('0' + st->stack_height[square]);
            if (pawn_letter(st, square))
                text[len++] = pawn_letter(st, square);
        }
        text[len++] = rank ? '/' : ' ';
    }
    text[len++] = st->side == WHITE ? 'w' : 'b';
    text[len++] = ' ';
    text[len++] = st->phase == COLUMNA_PHASE_PAWN ? 'p' : 's';
    text[len] = '\0';
    snprintf(out, out_size, "%s", text);
}

/* ---- move strings ---- */

static void format_step(char out[5], int from, int to)
{
    square_name(from, out);
    square_name(to, out + 2);
}

static void columna_format_move(const Position *pos, Move move, char *out, size_t out_size)
{
    (void)pos;
    char pawn[5] = "", stacking[5] = "";
    if (move == MOVE_NONE) {
        snprintf(out, out_size, "none");
        return;
    }
    if (move & COLUMNA_PAWN_STEP)
        format_step(pawn, columna_pawn_from(move), columna_pawn_to(move));
    if (move & COLUMNA_STACKING_STEP)
        format_step(stacking, columna_stacking_from(move), columna_stacking_to(move));
    snprintf(out, out_size, "%s%s%s", pawn, (move & COLUMNA_PAWN_STEP) && (move & COLUMNA_STACKING_STEP) ? "," : "",
             stacking);
}

/* Direction from one square to another on its rank or file, or -1. */
static int direction_between(int from, int to)
{
    if (from == to)
        return -1;
    if (from / COLUMNA_FILES == to / COLUMNA_FILES)
        return to > from ? COLUMNA_EAST : COLUMNA_WEST;
    if (from % COLUMNA_FILES == to % COLUMNA_FILES)
        return to > from ? COLUMNA_NORTH : COLUMNA_SOUTH;
    return -1;
}

/* Can a step from `from` end on `to`: in line, the first stack met that way,
 * no pawn on it?  Else says why. */
static bool check_first_stack(const ColumnaState *st, int from, int to, const char *mover,
                              char *why, size_t why_size)
{
    char from_name[3], to_name[3];
    square_name(from, from_name);
    square_name(to, to_name);
    const int d = direction_between(from, to);
    if (d < 0) {
        snprintf(why, why_size, "a %s moves along a rank or a file", mover);
        return false;
    }
    if (st->stack_height[to] == 0) {
        snprintf(why, why_size, "%s is empty (height 0)", to_name);
        return false;
    }
    const int first = columna_first_stack(st->stacks, from, d);
    if (first != to) {
        char first_name[3];
        square_name(first, first_name);
        snprintf(why, why_size, "a %s stops on the first stack met from %s, which is %s", mover,
                 from_name, first_name);
        return false;
    }
    if (columna_all_pawns(st) & columna_bit(to)) {
        snprintf(why, why_size, "%s carries a pawn", to_name);
        return false;
    }
    return true;
}

static bool check_pawn_move(const ColumnaState *st, int from, int to, char *why, size_t why_size)
{
    if (!(st->pawns[st->side] & columna_bit(from))) {
        char name[3];
        square_name(from, name);
        snprintf(why, why_size, "no %s pawn on %s", st->side == WHITE ? "white" : "black", name);
        return false;
    }
    return check_first_stack(st, from, to, "pawn", why, why_size);
}

static bool check_stacking(const ColumnaState *st, int from, int to, char *why, size_t why_size)
{
    char name[3];
    square_name(from, name);
    if (st->stack_height[from] == 0) {
        snprintf(why, why_size, "%s is empty (height 0)", name);
        return false;
    }
    if (columna_all_pawns(st) & columna_bit(from)) {
        snprintf(why, why_size, "%s carries a pawn, it cannot be stacked", name);
        return false;
    }
    if (!check_first_stack(st, from, to, "stack", why, why_size))
        return false;
    const int sum = st->stack_height[from] + st->stack_height[to];
    if (sum > COLUMNA_MAX_HEIGHT) {
        snprintf(why, why_size, "it would make a stack of %d, above 5", sum);
        return false;
    }
    return true;
}

/* Splits "b2b3" or "b2b3,c4c5" into squares; *steps gets 1 or 2. */
static bool split_move_text(const char *text, int squares[4], int *steps)
{
    const size_t len = strlen(text);
    if (len != 4 && !(len == 9 && text[4] == ','))
        return false;
    *steps = len == 4 ? 1 : 2;
    for (int i = 0; i < 2 * *steps; i++) {
        squares[i] = parse_square(text + 2 * i + (i >= 2));
        if (squares[i] < 0)
            return false;
    }
    return true;
}

/* Checks the steps of a turn (or the bare stacking in phase s) and packs them. */
static bool check_turn(const ColumnaState *st, const int squares[4], int steps, Move *out, char *why,
                       size_t why_size)
{
    if (st->phase == COLUMNA_PHASE_STACKING) {
        if (steps != 1) {
            snprintf(why, why_size, "the pawn move is done, only the stacking is due (like c4c5)");
            return false;
        }
        *out = columna_stacking_step(squares[0], squares[1]);
        return check_stacking(st, squares[0], squares[1], why, why_size);
    }
    if (!check_pawn_move(st, squares[0], squares[1], why, why_size))
        return false;
    ColumnaState after = *st;
    play_pawn_step(&after, squares[0], squares[1]);
    *out = columna_pawn_step(squares[0], squares[1]);
    if (steps == 2) {
        *out |= columna_stacking_step(squares[2], squares[3]);
        return check_stacking(&after, squares[2], squares[3], why, why_size);
    }
    if (any_stacking(&after, columna_all_pawns(&after))) {
        snprintf(why, why_size, "a stacking must follow this pawn move (like b2b3,c3c4)");
        return false;
    }
    return true;
}

static bool columna_parse_move(const Position *pos, const char *text, Move *out, char *err,
                               size_t err_size)
{
    const ColumnaState *st = columna_cstate(pos);
    int squares[4], steps;
    char why[160], shown[41];
    if (!can_act(st)) {
        snprintf(err, err_size, "move '%s': the game is over", quoted(text, 40, shown));
        return false;
    }
    if (!split_move_text(text, squares, &steps)) {
        snprintf(err, err_size, "move '%s': expected a pawn move and a stacking like b2b3,c3c4",
                 quoted(text, 40, shown));
        return false;
    }
    if (!check_turn(st, squares, steps, out, why, sizeof why)) {
        snprintf(err, err_size, "illegal move '%s': %s", text, why);
        return false;
    }
    return true;
}

/* ---- display ---- */

static void columna_display(const Position *pos, char *out, size_t out_size)
{
    const ColumnaState *st = columna_cstate(pos);
    char text[512];
    size_t len = 0;
    for (int rank = COLUMNA_FILES - 1; rank >= 0; rank--) {
        len += (size_t)snprintf(text + len, sizeof text - len, "%d ", rank + 1);
        for (int file = 0; file < COLUMNA_FILES; file++) {
            const int square = rank * COLUMNA_FILES + file;
            const char pawn = pawn_letter(st, square);
            if (st->stack_height[square] == 0)
                len += (size_t)snprintf(text + len, sizeof text - len, "  . ");
            else
                len += (size_t)snprintf(text + len, sizeof text - len, "  %d%c",
                                        st->stack_height[square], pawn ? pawn : ' ');
        }
        len += (size_t)snprintf(text + len, sizeof text - len, "\n");
    }
    snprintf(out, out_size, "%s    a   b   c   d   e   f\n%s to act: %s\n", text,
             st->side == WHITE ? "white" : "black",
             st->phase == COLUMNA_PHASE_PAWN ? "pawn move, then stacking" : "stacking");
}

/* Bench: the start and a RULES.md middle position. */
static const BenchPosition bench_positions[] = {
    {NULL, 9},
    {"03b001b1/211w11w2/311110/001110/111b1b1w2/11w2011 w p", 9},
};

/* MCTS's exploration and minimax mix from an SPSA campaign (4,000 pairs
 * at 2,000 playouts; tools/tune/RESULTS.md): a third of the common
 * exploration won on held-out openings at equal playouts. */
static const GameSettingDefault setting_defaults[] = {
    {"MctsExploration", 24},
    {"MctsMinimaxMix", 99},
};

const Game columna_game = {
    .id = "columna",
    .title = "Columna",
    .start_fen = START_FEN,
    GAME_VERBS(columna),
    GAME_BENCH(bench_positions, 3),
    GAME_SETTING_DEFAULTS(setting_defaults),
    /* UCI_ShowWDL's model: `tessera-tune wdl` on self-play data (protocol.md). */
    .wdl = {.draw_margin = 0.0, .scale = 10.7, .scale_growth = 0.1998, .bias = {10, 11}},
    .evaluate = columna_evaluate,
    .eval_scale = 59, /* tessera-tune texel's K (README, "Learned evaluation") */
    .nn_features = columna_nn_features,
    .nn_input_count = COLUMNA_NN_INPUTS,
    .nn_by_default = true,
    .params = columna_params,
    .param_count = COLUMNA_PARAM_COUNT,
    .generate_steps = columna_generate_steps,
    .play_step = columna_play,
    .turn_in_progress = columna_turn_in_progress,
    .join_steps = columna_join_steps,
    .policy_size = COLUMNA_POLICY_SIZE,
    .policy_index = columna_policy_index,
};
