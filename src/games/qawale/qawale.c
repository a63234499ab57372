/*
 * qawale/qawale.c - Qawale (RULES.md section 3): add a pebble on a stack, then sow
 * the whole stack bottom pebble first along a path that never steps
 * straight back.
 *
 * The number of sowings grows about threefold per pebble, so moves are
 * streamed from a depth-first walk whose memory is one frame per drop, and
 * counted without walking at all from a table of non-backtracking walks.
 */
#include "games/qawale/qawale.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/parse_number.h"
#include "util/rng.h"

static uint64_t pebble_key[QAWALE_SQUARES][QAWALE_MAX_STACK][4];
static uint64_t dark_to_move_key;
/* Bit per top-pebble mask: does it show a whole line?  Every play asks,
 * for both colours, so the ten line tests are made once here. */
static uint8_t line_shown[(1 << QAWALE_SQUARES) / 8];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* ---- tables ---------------------------------------------------------- */

static void fill_keys(void)
{
    uint64_t seed = 0x51A3A1E0C0FFEEULL;
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        for (int level = 0; level < QAWALE_MAX_STACK; level++)
            for (int pebble = 0; pebble < 4; pebble++)
                pebble_key[sq][level][pebble] = splitmix64(&seed);
    dark_to_move_key = splitmix64(&seed);
}

static bool has_whole_line(uint16_t tops)
{
    for (int i = 0; i < 10; i++)
        if ((tops & qawale_lines[i]) == qawale_lines[i])
            return true;
    return false;
}

static void fill_line_shown(void)
{
    for (uint32_t tops = 0; tops < (1u << QAWALE_SQUARES); tops++)
        if (has_whole_line((uint16_t)tops))
            line_shown[tops >> 3] |= (uint8_t)(1u << (tops & 7));
}

static void fill_tables(void)
{
    qawale_walks_init();
    fill_keys();
    fill_line_shown();
}

static void ensure_tables(void) { pthread_once(&tables_once, fill_tables); }

/* ---- state ----------------------------------------------------------- */

static QawaleState *state_of(Position *pos) { return (QawaleState *)(void *)pos->bytes; }

static int pebble_of_colour(int colour) { return colour == WHITE ? QAWALE_LIGHT : QAWALE_DARK; }

static void set_top(QawaleState *st, int sq, int pebble)
{
    uint16_t bit = (uint16_t)(1u << sq);
    st->top_mask[WHITE] &= (uint16_t)~bit;
    st->top_mask[BLACK] &= (uint16_t)~bit;
    if (pebble == QAWALE_LIGHT)
        st->top_mask[WHITE] |= bit;
    else if (pebble == QAWALE_DARK)
        st->top_mask[BLACK] |= bit;
}

static void drop_pebble(QawaleState *st, int sq, int pebble)
{
    int level = st->stack_height[sq];
    st->stacks[sq] |= (uint64_t)pebble << (2 * level);
    st->hash ^= pebble_key[sq][level][pebble];
    st->stack_height[sq] = (uint8_t)(level + 1);
    set_top(st, sq, pebble);
}

static uint64_t stack_key(const QawaleState *st, int sq)
{
    uint64_t key = 0;
    for (int level = 0; level < st->stack_height[sq]; level++)
        key ^= pebble_key[sq][level][qawale_pebble_at(st, sq, level)];
    return key;
}


static bool shows_line(uint16_t tops) { return line_shown[tops >> 3] >> (tops & 7) & 1; }

/* Both lines: the side that just moved (the one not to move) wins. */
static void settle_outcome(QawaleState *st)
{
    bool light = shows_line(st->top_mask[WHITE]);
    bool dark = shows_line(st->top_mask[BLACK]);
    if (light && dark)
        st->outcome = st->side == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
    else if (light)
        st->outcome = OUTCOME_WHITE_WINS;
    else if (dark)
        st->outcome = OUTCOME_BLACK_WINS;
    else if (st->reserve[st->side] == 0)
        st->outcome = OUTCOME_DRAW;
    else
        st->outcome = OUTCOME_ONGOING;
}

/* The lifted stack plus the added pebble, in drop order (low bits first). */
static uint64_t sown_pebbles(const QawaleState *st, int start)
{
    int height = st->stack_height[start];
    return st->stacks[start] | (uint64_t)pebble_of_colour(st->side) << (2 * height);
}

/* drop_pebble's work along a whole path with the hash and the top masks
 * kept in registers: every search node plays several sowings. */
static void qawale_play(Position *pos, Move move)
{
    ensure_tables();
    QawaleState *st = state_of(pos);
    int sq = qawale_move_start(move);
    int drops = qawale_move_drops(move);
    uint64_t sown = sown_pebbles(st, sq);
    uint64_t hash = st->hash ^ dark_to_move_key ^ stack_key(st, sq);
    uint16_t light = st->top_mask[WHITE], dark = st->top_mask[BLACK];
    uint16_t emptied = (uint16_t)~(1u << sq);
    light &= emptied;
    dark &= emptied;
    st->stacks[sq] = 0;
    st->stack_height[sq] = 0;
    for (int i = 0; i < drops; i++, sown >>= 2) {
        sq = qawale_neighbour_of[sq][qawale_move_direction(move, i)];
        int pebble = (int)(sown & 3), level = st->stack_height[sq]++;
        uint16_t bit = (uint16_t)(1u << sq);
        st->stacks[sq] |= (uint64_t)pebble << (2 * level);
        hash ^= pebble_key[sq][level][pebble];
        light = (uint16_t)((light & ~bit) | (pebble == QAWALE_LIGHT ? bit : 0));
        dark = (uint16_t)((dark & ~bit) | (pebble == QAWALE_DARK ? bit : 0));
    }
    st->hash = hash;
    st->top_mask[WHITE] = light;
    st->top_mask[BLACK] = dark;
    st->reserve[st->side]--;
    st->side ^= 1;
    settle_outcome(st);
}

uint64_t qawale_child_hash(const Position *pos, Move move)
{
    ensure_tables();
    const QawaleState *st = qawale_state(pos);
    int sq = qawale_move_start(move);
    int drops = qawale_move_drops(move);
    uint8_t height[QAWALE_SQUARES];
    memcpy(height, st->stack_height, sizeof height);
    uint64_t sown = sown_pebbles(st, sq);
    uint64_t hash = st->hash ^ dark_to_move_key ^ stack_key(st, sq);
    height[sq] = 0;
    for (int i = 0; i < drops; i++) {
        sq = qawale_neighbour_of[sq][qawale_move_direction(move, i)];
        hash ^= pebble_key[sq][height[sq]++][sown & 3];
        sown >>= 2;
    }
    return hash;
}

static int qawale_side_to_move(const Position *pos) { return qawale_state(pos)->side; }
static Outcome qawale_outcome(const Position *pos) { return (Outcome)qawale_state(pos)->outcome; }
static uint64_t qawale_hash(const Position *pos) { return qawale_state(pos)->hash; }

static int qawale_turns_left(const Position *pos)
{
    const QawaleState *st = qawale_state(pos);
    return st->outcome == OUTCOME_ONGOING ? st->reserve[st->side] : 0;
}

/* ---- move generation ------------------------------------------------- */

/* One sowing walk in progress.  With track_hash the walk carries the
 * child's hash down its frames and keeps the heights it needs (the level
 * each drop lands on). */
typedef struct {
    uint64_t sown;
    int drops;
    bool track_hash;
    uint8_t height[QAWALE_SQUARES];
    MoveSink *sink;
    HashedMoveSink *hashed_sink;
} SowWalk;

/* Depth-first over the path: one C frame per drop, nothing allocated;
 * hash is the child's so far (drops before this one made). */
static bool walk_sowings(SowWalk *w, int sq, int came_from, int drop, Move path, uint64_t hash)
{
    int pebble = (int)(w->sown >> (2 * drop)) & 3;
    bool last = drop + 1 == w->drops;
    for (int d = 0; d < 4; d++) {
        int next = qawale_neighbour_of[sq][d];
        if (next < 0 || qawale_steps_back(came_from, d))
            continue;
        Move next_path = path | (Move)d << (4 + 2 * drop);
        bool go_on;
        if (!w->track_hash) {
            go_on = last ? w->sink->emit(w->sink, next_path) : walk_sowings(w, next, d, drop + 1, next_path, 0);
        } else {
            uint64_t child_hash = hash ^ pebble_key[next][w->height[next]][pebble];
            if (last) {
                go_on = w->hashed_sink->emit(w->hashed_sink, next_path, child_hash);
            } else {
                w->height[next]++;
                go_on = walk_sowings(w, next, d, drop + 1, next_path, child_hash);
                w->height[next]--;
            }
        }
        if (!go_on)
            return false;
    }
    return true;
}

static bool generate_all(const Position *pos, SowWalk *w)
{
    ensure_tables();
    const QawaleState *st = qawale_state(pos);
    if (st->outcome != OUTCOME_ONGOING)
        return true;
    for (int start = 0; start < QAWALE_SQUARES; start++) {
        int height = st->stack_height[start];
        if (height == 0)
            continue;
        w->sown = sown_pebbles(st, start);
        w->drops = height + 1;
        uint64_t hash = 0;
        if (w->track_hash) {
            memcpy(w->height, st->stack_height, sizeof w->height);
            w->height[start] = 0;
            hash = st->hash ^ dark_to_move_key ^ stack_key(st, start);
        }
        Move path = (Move)start | (Move)w->drops << QAWALE_MOVE_DROPS_SHIFT;
        if (!walk_sowings(w, start, QAWALE_NO_DIRECTION, 0, path, hash))
            return false;
    }
    return true;
}

static bool qawale_generate_moves(const Position *pos, MoveSink *sink)
{
    SowWalk w = {.sink = sink, .track_hash = false};
    return generate_all(pos, &w);
}

bool qawale_generate_sowings(const Position *pos, HashedMoveSink *sink)
{
    SowWalk w = {.hashed_sink = sink, .track_hash = true};
    return generate_all(pos, &w);
}

static uint64_t qawale_count_moves(const Position *pos)
{
    ensure_tables();
    const QawaleState *st = qawale_state(pos);
    if (st->outcome != OUTCOME_ONGOING)
        return 0;
    uint64_t count = 0;
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        if (st->stack_height[sq])
            count += qawale_walk_count_of[sq][QAWALE_NO_DIRECTION][st->stack_height[sq] + 1];
    return count;
}

/* A packed move is legal when it starts on a stack, drops one pebble more
 * than the stack holds, stays on the board without stepping straight back,
 * and has no bits outside its path: what a search checks before playing a
 * move it read from its table (a key collision could hand it any move). */
static bool qawale_move_is_legal(const Position *pos, Move move)
{
    ensure_tables();
    const QawaleState *st = qawale_state(pos);
    const int start = qawale_move_start(move), drops = qawale_move_drops(move);
    if (st->outcome != OUTCOME_ONGOING || st->stack_height[start] == 0 || drops != st->stack_height[start] + 1)
        return false;
    const Move path_bits = ((Move)1 << (4 + 2 * drops)) - 1;
    if ((move & ~path_bits) != (Move)drops << QAWALE_MOVE_DROPS_SHIFT)
        return false;
    int sq = start, came_from = QAWALE_NO_DIRECTION;
    for (int i = 0; i < drops; i++) {
        const int d = qawale_move_direction(move, i);
        if (qawale_steps_back(came_from, d) || qawale_neighbour_of[sq][d] < 0)
            return false;
        sq = qawale_neighbour_of[sq][d];
        came_from = d;
    }
    return true;
}

/* ---- text ------------------------------------------------------------ */

/* Appends to a fixed buffer, never past its size (truncates instead). */
typedef struct {
    char *out;
    size_t size, len;
} TextOut;

static void text_add(TextOut *t, const char *fmt, ...)
{
    if (t->size == 0 || t->len + 1 >= t->size)
        return;
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(t->out + t->len, t->size - t->len, fmt, args);
    va_end(args);
    if (n < 0)
        return;
    t->len += (size_t)n;
    if (t->len >= t->size)
        t->len = t->size - 1;
}

static const char pebble_letter[4] = {'.', 'n', 'w', 'b'};

static void square_name(int sq, char name[3])
{
    name[0] = (char)('a' + (sq & 3));
    name[1] = (char)('1' + (sq >> 2));
    name[2] = '\0';
}

/* The stack bottom to top ("nwb"), or "." when empty. */
static void stack_text(const QawaleState *st, int sq, char out[QAWALE_MAX_STACK + 1])
{
    int height = st->stack_height[sq];
    for (int level = 0; level < height; level++)
        out[level] = pebble_letter[qawale_pebble_at(st, sq, level)];
    if (height == 0)
        out[height++] = '.';
    out[height] = '\0';
}

static void qawale_format_position(const Position *pos, char *out, size_t out_size)
{
    const QawaleState *st = qawale_state(pos);
    TextOut t = {out, out_size, 0};
    if (out_size)
        out[0] = '\0';
    for (int rank = 3; rank >= 0; rank--)
        for (int file = 0; file < 4; file++) {
            char stack[QAWALE_MAX_STACK + 1];
            stack_text(st, rank * 4 + file, stack);
            text_add(&t, "%s%s", stack, file < 3 ? "," : rank > 0 ? "/" : "");
        }
    text_add(&t, " %c %d %d", st->side == WHITE ? 'w' : 'b', st->reserve[WHITE], st->reserve[BLACK]);
}

static void qawale_format_move(const Position *pos, Move move, char *out, size_t out_size)
{
    (void)pos;
    ensure_tables();
    TextOut t = {out, out_size, 0};
    if (out_size)
        out[0] = '\0';
    int sq = qawale_move_start(move);
    char name[3];
    square_name(sq, name);
    text_add(&t, "%s", name);
    for (int i = 0; i < qawale_move_drops(move) && sq >= 0; i++) {
        sq = qawale_neighbour_of[sq][qawale_move_direction(move, i)];
        square_name(sq, name);
        text_add(&t, "%s", name);
    }
}

static void qawale_display(const Position *pos, char *out, size_t out_size)
{
    const QawaleState *st = qawale_state(pos);
    TextOut t = {out, out_size, 0};
    if (out_size)
        out[0] = '\0';
    int width = 2;
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        if (st->stack_height[sq] > width)
            width = st->stack_height[sq];
    char rule[4 * (QAWALE_MAX_STACK + 3) + 2];
    size_t r = 0;
    rule[r++] = '+';
    for (int file = 0; file < 4; file++) {
        for (int i = 0; i < width + 2; i++)
            rule[r++] = '-';
        rule[r++] = '+';
    }
    rule[r] = '\0';
    text_add(&t, "  %s   tops\n", rule);
    for (int rank = 3; rank >= 0; rank--) {
        text_add(&t, "%d |", rank + 1);
        for (int file = 0; file < 4; file++) {
            char stack[QAWALE_MAX_STACK + 1];
            stack_text(st, rank * 4 + file, stack);
            text_add(&t, " %-*s |", width, stack);
        }
        text_add(&t, "   ");
        for (int file = 0; file < 4; file++) {
            int height = st->stack_height[rank * 4 + file];
            int top = height ? qawale_pebble_at(st, rank * 4 + file, height - 1) : QAWALE_NONE;
            text_add(&t, "%c", pebble_letter[top]);
        }
        text_add(&t, "\n  %s\n", rule);
    }
    /* File letters under each stack's first character. */
    for (int file = 0; file < 4; file++)
        text_add(&t, "%*c", file == 0 ? 5 : width + 3, 'a' + file);
    text_add(&t, "\nreserves: w %d, b %d; stacks bottom to top\n", st->reserve[WHITE], st->reserve[BLACK]);
    static const char *const result[] = {"", "light (w) wins", "dark (b) wins", "draw"};
    if (st->outcome == OUTCOME_ONGOING)
        text_add(&t, "%s to move\n", st->side == WHITE ? "light (w)" : "dark (b)");
    else
        text_add(&t, "game over: %s\n", result[st->outcome]);
}

/* ---- position strings ------------------------------------------------ */

static bool fail(char *err, size_t err_size, const char *fmt, ...)
{
    if (err_size) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(err, err_size, fmt, args);
        va_end(args);
    }
    return false;
}

static int pebble_of_letter(char c)
{
    switch (c) {
    case 'n': return QAWALE_NEUTRAL;
    case 'w': return QAWALE_LIGHT;
    case 'b': return QAWALE_DARK;
    default: return QAWALE_NONE;
    }
}

/* Reads one square's text ('.' or pebbles bottom to top) at *text. */
static bool parse_stack(const char **text, QawaleState *st, int sq, char *err, size_t err_size)
{
    const char *p = *text;
    char name[3];
    square_name(sq, name);
    if (*p == '.') {
        *text = p + 1;
        return true;
    }
    if (*p == '\0')
        return fail(err, err_size, "square %s: the board ends early", name);
    if (!pebble_of_letter(*p))
        return fail(err, err_size, "square %s: expected '.' or pebbles n, w, b, found '%c'", name, *p);
    for (; pebble_of_letter(*p); p++) {
        if (st->stack_height[sq] == QAWALE_MAX_STACK)
            return fail(err, err_size, "square %s: a stack of more than %d pebbles", name, QAWALE_MAX_STACK);
        drop_pebble(st, sq, pebble_of_letter(*p));
    }
    *text = p;
    return true;
}

/* What ends a square: ',' inside a rank, '/' between ranks, ' ' at the end. */
static bool parse_square_end(const char **text, int rank, int file, char *err, size_t err_size)
{
    char expected = file < 3 ? ',' : rank > 0 ? '/' : ' ';
    char c = **text;
    if (c == expected) {
        (*text)++;
        return true;
    }
    if (file == 3 && c == ',')
        return fail(err, err_size, "rank %d has more than 4 squares", rank + 1);
    if (file < 3 && (c == '/' || c == ' ' || c == '\0'))
        return fail(err, err_size, "rank %d has only %d squares, expected 4", rank + 1, file + 1);
    if (rank > 0 && (c == ' ' || c == '\0'))
        return fail(err, err_size, "only %d ranks, expected 4", 4 - rank);
    if (rank == 0 && c == '/')
        return fail(err, err_size, "more than 4 ranks, expected 4");
    if (rank == 0 && c == '\0')
        return fail(err, err_size, "missing the side to move and the reserves after the board");
    char name[3];
    square_name(rank * 4 + file, name);
    return fail(err, err_size, "square %s: unexpected character '%c'", name, c);
}

static bool parse_board(const char **text, QawaleState *st, char *err, size_t err_size)
{
    for (int rank = 3; rank >= 0; rank--)
        for (int file = 0; file < 4; file++)
            if (!parse_stack(text, st, rank * 4 + file, err, err_size) ||
                !parse_square_end(text, rank, file, err, err_size))
                return false;
    return true;
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* A reserve is a word read by the one number parser, so that "08" is
 * refused here as everywhere else. */
static bool parse_reserve(const char **text, const char *who, int *reserve, char *err, size_t err_size)
{
    const char *p = skip_spaces(*text);
    if (*p == '\0')
        return fail(err, err_size, "missing the %s reserve", who);
    const char *end = p;
    while (*end && *end != ' ' && *end != '\t')
        end++;
    char word[24];
    int length = (int)(end - p);
    snprintf(word, sizeof word, "%.*s", length, p);
    int64_t value;
    NumberStatus status = length < (int)sizeof word && *p >= '0' && *p <= '9'
                              ? parse_int64(word, 0, QAWALE_PEBBLES_PER_KIND, &value)
                              : NUMBER_MALFORMED;
    if (status == NUMBER_OUT_OF_RANGE)
        return fail(err, err_size, "%s reserve %.*s is over 8", who, length, p);
    if (status != NUMBER_OK)
        return fail(err, err_size, "%s reserve: expected a number 0-8 (no leading zero), found '%.10s'", who, p);
    *reserve = (int)value;
    *text = end;
    return true;
}

static bool parse_fields(const char *p, QawaleState *st, char *err, size_t err_size)
{
    p = skip_spaces(p);
    if (*p == '\0')
        return fail(err, err_size, "missing the side to move and the reserves after the board");
    if ((*p != 'w' && *p != 'b') || (p[1] != ' ' && p[1] != '\t' && p[1] != '\0'))
        return fail(err, err_size, "side to move: expected 'w' or 'b', found '%.10s'", p);
    st->side = *p == 'w' ? WHITE : BLACK;
    int light, dark;
    p++;
    if (!parse_reserve(&p, "w", &light, err, err_size) || !parse_reserve(&p, "b", &dark, err, err_size))
        return false;
    st->reserve[WHITE] = (uint8_t)light;
    st->reserve[BLACK] = (uint8_t)dark;
    p = skip_spaces(p);
    if (*p && *p != '\n' && *p != '\r')
        return fail(err, err_size, "unexpected text after the reserves: '%.20s'", p);
    return true;
}

static int count_on_board(const QawaleState *st, int pebble)
{
    int count = 0;
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        for (int level = 0; level < st->stack_height[sq]; level++)
            count += qawale_pebble_at(st, sq, level) == pebble;
    return count;
}

static bool check_colour_count(const QawaleState *st, int colour, char *err, size_t err_size)
{
    int on_board = count_on_board(st, pebble_of_colour(colour));
    int total = on_board + st->reserve[colour];
    char letter = colour == WHITE ? 'w' : 'b';
    if (total != QAWALE_PEBBLES_PER_KIND)
        return fail(err, err_size, "%c pebbles: %d on the board + %d in reserve = %d, %s 8", letter, on_board,
                    st->reserve[colour], total, total > 8 ? "more than" : "expected");
    return true;
}

/* Turns alternate, so the side to move has played as often as the other
 * (it moved first) or once less (the other moved first). */
static bool check_turn_balance(const QawaleState *st, char *err, size_t err_size)
{
    int mover = st->side, other = st->side ^ 1;
    char mover_letter = mover == WHITE ? 'w' : 'b', other_letter = other == WHITE ? 'w' : 'b';
    int lead = st->reserve[mover] - st->reserve[other];
    if (st->reserve[mover] == 0 && st->reserve[other] > 0)
        return fail(err, err_size, "side to move %c has no pebble left while %c still holds %d", mover_letter,
                    other_letter, st->reserve[other]);
    if (lead != 0 && lead != 1)
        return fail(err, err_size,
                    "reserves w %d b %d cannot arise: "
                    "the side to move (%c) holds as many pebbles as %c or one more",
                    st->reserve[WHITE], st->reserve[BLACK], mover_letter, other_letter);
    return true;
}

static bool check_counts(const QawaleState *st, char *err, size_t err_size)
{
    int neutral = count_on_board(st, QAWALE_NEUTRAL);
    if (neutral != QAWALE_PEBBLES_PER_KIND)
        return fail(err, err_size, "the board holds %d neutral pebbles, expected 8", neutral);
    return check_colour_count(st, WHITE, err, err_size) && check_colour_count(st, BLACK, err, err_size) &&
           check_turn_balance(st, err, err_size);
}

static bool qawale_parse_position(const char *text, Position *out, char *err, size_t err_size)
{
    ensure_tables();
    Position pos;
    memset(&pos, 0, sizeof pos);
    QawaleState *st = state_of(&pos);
    const char *p = skip_spaces(text);
    if (!parse_board(&p, st, err, err_size) || !parse_fields(p, st, err, err_size) ||
        !check_counts(st, err, err_size))
        return false;
    if (st->side == BLACK)
        st->hash ^= dark_to_move_key;
    settle_outcome(st);
    *out = pos;
    return true;
}

/* ---- move text ------------------------------------------------------- */

static int parse_square_name(const char *text)
{
    if (text[0] < 'a' || text[0] > 'd' || text[1] < '1' || text[1] > '4')
        return -1;
    return (text[1] - '1') * 4 + (text[0] - 'a');
}

static int direction_between(int from, int to)
{
    for (int d = 0; d < 4; d++)
        if (qawale_neighbour_of[from][d] == to)
            return d;
    return -1;
}

/* Walks the written path itself: a tall stack has millions of sowings, so
 * looking the text up among generated moves is out of the question. */
static bool walk_move_text(const QawaleState *st, const char *text, Move *out, char *err, size_t err_size)
{
    int start = parse_square_name(text);
    int drops = st->stack_height[start] + 1;
    char name[3], next_name[3];
    Move move = (Move)start | (Move)drops << QAWALE_MOVE_DROPS_SHIFT;
    int sq = start, came_from = QAWALE_NO_DIRECTION;
    for (int i = 0; i < drops; i++) {
        const char *at = text + 2 + 2 * i;
        int next = parse_square_name(at);
        if (next < 0)
            return fail(err, err_size, "move '%s': '%.2s' at character %d is not a square a1-d4", text, at,
                        (int)(at - text) + 1);
        square_name(sq, name);
        square_name(next, next_name);
        int d = direction_between(sq, next);
        if (d < 0)
            return fail(err, err_size, "move '%s': drop %d on %s is not next to %s", text, i + 1,
                        next_name, name);
        if (qawale_steps_back(came_from, d))
            return fail(err, err_size, "move '%s': drop %d goes straight back from %s to %s", text,
                        i + 1, name, next_name);
        move |= (Move)d << (4 + 2 * i);
        sq = next;
        came_from = d;
    }
    *out = move;
    return true;
}

static bool qawale_parse_move(const Position *pos, const char *text, Move *out, char *err, size_t err_size)
{
    ensure_tables();
    const QawaleState *st = qawale_state(pos);
    size_t len = strlen(text);
    if (st->outcome != OUTCOME_ONGOING)
        return fail(err, err_size, "move '%s': the game is over", text);
    if (len < 4 || len % 2 != 0)
        return fail(err, err_size,
                    "move '%s': expected the start square then every drop square, e.g. a1a2b2b1", text);
    int start = parse_square_name(text);
    if (start < 0)
        return fail(err, err_size, "move '%s': '%.2s' is not a square a1-d4", text, text);
    if (st->stack_height[start] == 0)
        return fail(err, err_size, "move '%s': the start square %.2s is empty", text, text);
    size_t drops = (size_t)st->stack_height[start] + 1;
    if (len / 2 - 1 != drops)
        return fail(err, err_size,
                    "move '%s': the stack on %.2s has %d pebbles, so the sowing drops %d "
                    "(the added one last), not %d",
                    text, text, st->stack_height[start], (int)drops, (int)(len / 2 - 1));
    return walk_move_text(st, text, out, err, err_size);
}

/* Bench: the start and a RULES.md middle position. */
static const BenchPosition bench_positions[] = {
    {NULL, 6},
    {"nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7", 5},
};

/* Alpha-beta orders only the first 48 children listed by evaluation (the
 * rest after them, by history): a node lists ~170 to search ~14, and
 * datagen at -nodes 5000 was about 11% faster than with all of them, with
 * no loss at equal time (README, "Self-play data").  MCTS keeps up to 4096
 * children of a node (the most MctsMaxChildren allows), not a sample of 256:
 * Qawale's last turns, over tall stacks, offer more sowings than that
 * (380 in a book game's last turn), and a sample missed the one that won
 * whatever the budget (in a book game 1,000 playouts found a mate in 1
 * and 2,000 missed it: the sample, not the budget, decided), so doubling
 * the playouts gained nothing
 * (tools/tune/RESULTS.md, "Qawale MCTS and its budget"). */
static const GameSettingDefault setting_defaults[] = {
    {"AbEvalOrderWidth", 48},
    {"MctsMaxChildren", 4096},
};

const Game qawale_game = {
    .id = "qawale",
    .title = "Qawale",
    .start_fen = "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8",
    GAME_VERBS(qawale),
    .generate_hashed_moves = qawale_generate_sowings,
    .move_is_legal = qawale_move_is_legal,
    GAME_BENCH(bench_positions, 4),
    /* UCI_ShowWDL's model: `tessera-tune wdl` on self-play data (protocol.md). */
    .wdl = {.draw_margin = 9493.9, .scale = 2123.0, .scale_growth = 0.1602, .bias = {1467, 318}},
    GAME_SETTING_DEFAULTS(setting_defaults),
    .evaluate = qawale_evaluate,
    .eval_scale = 830, /* tessera-tune texel's K on net 1's self-play (README, "Learned evaluation") */
    .nn_features = qawale_nn_features,
    .nn_feature_changes = qawale_nn_feature_changes,
    .nn_input_count = QAWALE_NN_INPUTS,
    .nn_by_default = true,
    .params = qawale_params,
    .param_count = QAWALE_PARAM_COUNT,
    .policy_size = QAWALE_POLICY_SIZE,
    .policy_index = qawale_policy_index,
};
