/*
 * roomandpillar/roomandpillar.c - Room and Pillar (RULES.md section 2): players remove their
 * own stones from a checkerboard; after the first removal a removed stone must
 * touch an empty square, no removal may open an empty 2x2 block, the second
 * player may answer the first removal with `swap`, and whoever cannot remove
 * loses.
 */
#include "games/roomandpillar/roomandpillar.h"

#include "util/rng.h"
#include "util/target_clones.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- geometry ---- */

static int square_of(const RoomAndPillarBoard *b, int file, int rank) { return rank * b->width + file; }

static void square_add(SquareSet *set, int square) { set->word[square / 64] |= 1ULL << (square % 64); }

/* a1 is black: black where file + rank is even. */
static int colour_of_square(int file, int rank) { return (file + rank) % 2 == 0 ? BLACK : WHITE; }

static const char *colour_name(int colour) { return colour == BLACK ? "black" : "white"; }

static void board_set_size(RoomAndPillarBoard *b, int width, int height)
{
    memset(b, 0, sizeof *b);
    b->width = (uint8_t)width;
    b->height = (uint8_t)height;
    b->words = (uint8_t)((width * height + 63) / 64);
    for (int rank = 0; rank < height; rank++)
        for (int file = 0; file < width; file++) {
            int square = square_of(b, file, rank);
            square_add(&b->colour[colour_of_square(file, rank)], square);
            if (file > 0)
                square_add(&b->not_first_file, square);
            if (file < width - 1)
                square_add(&b->not_last_file, square);
        }
}

static bool board_is_full(const RoomAndPillarBoard *b)
{
    return (b->empty.word[0] | b->empty.word[1] | b->empty.word[2] | b->empty.word[3]) == 0;
}

/* ---- Zobrist keys ----
 * Keys are computed from the square number rather than read from a table:
 * a splitmix64 step costs a few multiplications and needs no start-up code. */

#define SIDE_KEY 0x8c3f5a7e12d94b61ULL /* white to move */
#define SWAP_KEY 0x2b7e151628aed2a6ULL /* swap available */

static uint64_t square_key(int square)
{
    uint64_t state = 0x526f6f6d50696c6cULL + (uint64_t)square;
    return splitmix64(&state);
}

/* Boards of different sizes start from different keys. */
static uint64_t size_key(int width, int height) { return square_key(1000 + width * 32 + height); }

/* The square that image k (0 to b->images - 1) puts square on: the two
 * mirrors, the half-turn, then (square boards) the two transpositions and
 * the two quarter-turns. */
static int image_square(const RoomAndPillarBoard *b, int k, int square)
{
    int w = b->width, h = b->height, f = square % w, r = square / w;
    switch (k) {
    case 0: return r * w + (w - 1 - f);
    case 1: return (h - 1 - r) * w + f;
    case 2: return (h - 1 - r) * w + (w - 1 - f);
    case 3: return f * w + r;
    case 4: return (w - 1 - f) * w + (w - 1 - r);
    case 5: return (w - 1 - f) * w + r;
    default: return f * w + (w - 1 - r);
    }
}

/* The key of the board with square (or no square, -1) changed and extra
 * (side, swap) toggled, in the hash and in every image's. */
static void hash_toggle(RoomAndPillarBoard *b, int square, uint64_t extra)
{
    b->hash ^= extra ^ (square >= 0 ? square_key(square) : 0);
    for (int k = 0; k < b->images; k++)
        b->image_hash[k] ^= extra ^ (square >= 0 ? square_key(image_square(b, b->image[k], square)) : 0);
}

/* image -1: the board itself, else image_square's image. */
static uint64_t hash_from_scratch(const RoomAndPillarBoard *b, int image)
{
    uint64_t key = size_key(b->width, b->height);
    for (int square = 0; square < b->width * b->height; square++)
        if (square_in(&b->empty, square))
            key ^= square_key(image < 0 ? square : image_square(b, image, square));
    if (b->side == WHITE)
        key ^= SIDE_KEY;
    if (b->swap_available)
        key ^= SWAP_KEY;
    return key;
}

/* Only the images that keep every square's colour (that put a1 on a black
 * square): one that exchanges them maps a position where Black is to move
 * (as many black squares empty as white) onto one with as many empty but
 * White to move, which no game reaches, so it would share nothing. */
static void hashes_from_scratch(RoomAndPillarBoard *b)
{
    b->hash = hash_from_scratch(b, -1);
    b->images = 0;
    for (int k = 0; k < (b->width == b->height ? 7 : 3); k++) {
        int a1 = image_square(b, k, 0);
        if (colour_of_square(a1 % b->width, a1 / b->width) != BLACK)
            continue;
        b->image[b->images] = (uint8_t)k;
        b->image_hash[b->images++] = hash_from_scratch(b, k);
    }
}

/* ---- move generation, specialised per word count ---- */

ROOMANDPILLAR_INLINE uint64_t count_moves_n(const RoomAndPillarBoard *b, int n)
{
    return (uint64_t)set_count(removable_stones(b, b->side, n), n) + b->swap_available;
}

CLONES_POPCNT static uint64_t roomandpillar_count_moves(const Position *pos)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    switch (b->words) {
    case 1: return count_moves_n(b, 1);
    case 2: return count_moves_n(b, 2);
    case 3: return count_moves_n(b, 3);
    default: return count_moves_n(b, 4);
    }
}

ROOMANDPILLAR_INLINE bool generate_moves_n(const RoomAndPillarBoard *b, MoveSink *sink, int n)
{
    SquareSet legal = removable_stones(b, b->side, n);
    for (int i = 0; i < n; i++)
        for (uint64_t bits = legal.word[i]; bits; bits &= bits - 1)
            if (!sink->emit(sink, (Move)(i * 64 + __builtin_ctzll(bits))))
                return false;
    if (b->swap_available)
        return sink->emit(sink, ROOMANDPILLAR_MOVE_SWAP);
    return true;
}

static bool roomandpillar_generate_moves(const Position *pos, MoveSink *sink)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    switch (b->words) {
    case 1: return generate_moves_n(b, sink, 1);
    case 2: return generate_moves_n(b, sink, 2);
    case 3: return generate_moves_n(b, sink, 3);
    default: return generate_moves_n(b, sink, 4);
    }
}

/* Off the hot path: the full-width version serves every size (the unused
 * words are empty). */
static SquareSet legal_removals(const RoomAndPillarBoard *b)
{
    return removable_stones(b, b->side, ROOMANDPILLAR_WORDS);
}

/* ---- play ---- */

static void roomandpillar_play(Position *pos, Move move)
{
    RoomAndPillarBoard *b = roomandpillar_board_mut(pos);
    if (b->swap_available) {
        b->swap_available = 0;
        hash_toggle(b, -1, SWAP_KEY);
    }
    /* swap hands the colours over; the board and the colour to move stay. */
    if (move == ROOMANDPILLAR_MOVE_SWAP)
        return;
    bool first_removal = board_is_full(b);
    square_add(&b->empty, (int)move);
    b->side ^= 1;
    hash_toggle(b, (int)move, SIDE_KEY);
    if (first_removal) {
        b->swap_available = 1;
        hash_toggle(b, -1, SWAP_KEY);
    }
}

static uint64_t roomandpillar_proof_key(const Position *pos)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    uint64_t key = b->hash;
    for (int k = 0; k < b->images; k++)
        key = b->image_hash[k] < key ? b->image_hash[k] : key;
    return key;
}

static int roomandpillar_side_to_move(const Position *pos) { return roomandpillar_board(pos)->side; }

static Outcome roomandpillar_outcome(const Position *pos)
{
    if (roomandpillar_count_moves(pos) > 0)
        return OUTCOME_ONGOING;
    return roomandpillar_board(pos)->side == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
}

static uint64_t roomandpillar_hash(const Position *pos) { return roomandpillar_board(pos)->hash; }

/* Every 2x2 window of a tiling keeps a stone to the end, so at most
 * stones - tiles removals remain; the side to move makes the larger half of
 * them, and never more than its own stones nor one more than the opponent's. */
static int roomandpillar_turns_left(const Position *pos)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    if (roomandpillar_count_moves(pos) == 0)
        return 0;
    int own = set_count(set_minus(b->colour[b->side], b->empty, ROOMANDPILLAR_WORDS), ROOMANDPILLAR_WORDS);
    int other = set_count(set_minus(b->colour[!b->side], b->empty, ROOMANDPILLAR_WORDS), ROOMANDPILLAR_WORDS);
    int removals = own + other - (b->width / 2) * (b->height / 2);
    int turns = (removals + 1) / 2;
    if (turns > own)
        turns = own;
    if (turns > other + 1)
        turns = other + 1;
    if (turns < 1)
        turns = 1;
    return turns + b->swap_available;
}

/* The bound counts a removal for every stone that no 2x2 window needs,
 * but a game ends long before: stones get frozen (their removal would
 * complete a block) and a side runs out of removals.  In 432 games on
 * 12x12 after 8 random plies, at 2+0.02, the side to move played on
 * average about bound - 27 turns while the bound was 35 or more (bound 52:
 * 24, 42: 16, 37: 11.5), and about a sixth of the bound below that (27:
 * 4.5, 17: 2.3); 27 is three quarters of the 36 tiles. */
static int roomandpillar_turns_expected(const Position *pos)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    int bound = roomandpillar_turns_left(pos);
    if (bound == 0)
        return 0; /* the game is over */
    int tiles = (b->width / 2) * (b->height / 2);
    int expected = bound - tiles * 3 / 4;
    if (expected < bound / 6)
        expected = bound / 6;
    return expected > 1 ? expected : 1;
}

/* ---- text: squares and moves ---- */

static int format_square(const RoomAndPillarBoard *b, int square, char *out, size_t out_size)
{
    return snprintf(out, out_size, "%c%d", 'a' + square % b->width, square / b->width + 1);
}

/* Reads a square name such as "d4" or "p16"; -1 when text is no square of b. */
static int parse_square(const RoomAndPillarBoard *b, const char *text)
{
    int file = text[0] - 'a';
    if (file < 0 || file >= b->width || text[1] < '1' || text[1] > '9')
        return -1;
    int rank = 0;
    const char *c = text + 1;
    for (; *c >= '0' && *c <= '9' && c - text <= 2; c++)
        rank = rank * 10 + (*c - '0');
    if (*c != '\0' || rank > b->height)
        return -1;
    return square_of(b, file, rank - 1);
}

static void roomandpillar_format_move(const Position *pos, Move move, char *out, size_t out_size)
{
    if (move == ROOMANDPILLAR_MOVE_SWAP)
        snprintf(out, out_size, "swap");
    else
        format_square(roomandpillar_board(pos), (int)move, out, out_size);
}

/* Says why a square is no legal removal for the side to move. */
static void explain_illegal_removal(const RoomAndPillarBoard *b, int square, const char *text,
                                    char *err, size_t err_size)
{
    if (!square_in(&b->colour[b->side], square)) {
        snprintf(err, err_size, "illegal move '%s': %s is a %s square and %s removes %s stones",
                 text, text, colour_name(!b->side), colour_name(b->side), colour_name(b->side));
        return;
    }
    if (square_in(&b->empty, square)) {
        snprintf(err, err_size, "illegal move '%s': %s is already empty", text, text);
        return;
    }
    /* Any own stone is legal on a full board, so some square is empty here. */
    EmptyAround around = empty_around(b, ROOMANDPILLAR_WORDS);
    SquareSet touching = touching_empty(&around, ROOMANDPILLAR_WORDS);
    if (!square_in(&touching, square))
        snprintf(err, err_size, "illegal move '%s': %s touches no empty square", text, text);
    else
        snprintf(err, err_size, "illegal move '%s': removing %s would open an empty 2x2 block", text, text);
}

static bool roomandpillar_parse_move(const Position *pos, const char *text, Move *out, char *err, size_t err_size)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    if (roomandpillar_count_moves(pos) == 0) {
        snprintf(err, err_size, "move '%s': the game is over", text);
        return false;
    }
    if (strcmp(text, "swap") == 0) {
        if (!b->swap_available) {
            snprintf(err, err_size, "illegal move 'swap': swap is only allowed right after the first removal");
            return false;
        }
        *out = ROOMANDPILLAR_MOVE_SWAP;
        return true;
    }
    int square = parse_square(b, text);
    if (square < 0) {
        snprintf(err, err_size, "move '%s' is neither a square of this %dx%d board nor swap",
                 text, b->width, b->height);
        return false;
    }
    SquareSet legal = legal_removals(b);
    if (!square_in(&legal, square)) {
        explain_illegal_removal(b, square, text, err, err_size);
        return false;
    }
    *out = (Move)square;
    return true;
}

/* ---- position strings ---- */

static void roomandpillar_format_position(const Position *pos, char *out, size_t out_size)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    char text[POSITION_TEXT_MAX];
    size_t used = 0;
    for (int rank = b->height - 1; rank >= 0; rank--) {
        for (int file = 0; file < b->width; file++) {
            int square = square_of(b, file, rank);
            text[used++] = square_in(&b->empty, square) ? '.' : colour_of_square(file, rank) == BLACK ? 'b' : 'w';
        }
        if (rank > 0)
            text[used++] = '/';
    }
    text[used] = '\0';
    snprintf(out, out_size, "%s %c %c", text, b->side == BLACK ? 'b' : 'w', b->swap_available ? 's' : '-');
}

static bool fail(char *err, size_t err_size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(err, err_size, format, args);
    va_end(args);
    return false;
}

typedef struct {
    const char *start;
    int length;
} TextSpan;

/* Splits "<ranks> <side> <pie>" at single spaces. */
static bool split_fields(const char *text, TextSpan fields[3], char *err, size_t err_size)
{
    int count = 0;
    const char *c = text;
    for (;;) {
        const char *start = c;
        while (*c && *c != ' ')
            c++;
        if (c == start || count == 3)
            return fail(err, err_size, "position string must be '<ranks> <side> <pie>' separated by single spaces");
        fields[count++] = (TextSpan){start, (int)(c - start)};
        if (*c == '\0')
            break;
        c++;
    }
    if (count != 3)
        return fail(err, err_size, "position string must be '<ranks> <side> <pie>' separated by single spaces");
    return true;
}

/* Splits the ranks field at '/' (top rank first) and checks the board size. */
static bool split_ranks(TextSpan field, TextSpan ranks[ROOMANDPILLAR_MAX_SIDE], int *width, int *height,
                        char *err, size_t err_size)
{
    int count = 0;
    const char *c = field.start, *end = field.start + field.length;
    for (;;) {
        const char *start = c;
        while (c < end && *c != '/')
            c++;
        if (count == ROOMANDPILLAR_MAX_SIDE)
            return fail(err, err_size, "board has more than %d ranks", ROOMANDPILLAR_MAX_SIDE);
        ranks[count++] = (TextSpan){start, (int)(c - start)};
        if (c == end)
            break;
        c++;
    }
    if (count < ROOMANDPILLAR_MIN_SIDE)
        return fail(err, err_size, "board has %d rank: Room and Pillar needs %d to %d", count,
                    ROOMANDPILLAR_MIN_SIDE, ROOMANDPILLAR_MAX_SIDE);
    /* Ranks are named by their number, the top one being rank count. */
    for (int i = 1; i < count; i++)
        if (ranks[i].length != ranks[0].length)
            return fail(err, err_size, "ragged board: rank %d has %d squares but rank %d has %d",
                        count - i, ranks[i].length, count, ranks[0].length);
    if (ranks[0].length < ROOMANDPILLAR_MIN_SIDE || ranks[0].length > ROOMANDPILLAR_MAX_SIDE)
        return fail(err, err_size, "board is %d squares wide: Room and Pillar needs %d to %d",
                    ranks[0].length, ROOMANDPILLAR_MIN_SIDE, ROOMANDPILLAR_MAX_SIDE);
    *width = ranks[0].length;
    *height = count;
    if (*width % 2 != 0 && *height % 2 != 0)
        return fail(err, err_size, "%dx%d board: at least one of width and height must be even "
                    "(as many black stones as white)", *width, *height);
    return true;
}

/* Reads the squares into b->empty, checking each stone's colour. */
static bool read_squares(RoomAndPillarBoard *b, const TextSpan ranks[ROOMANDPILLAR_MAX_SIDE], char *err,
                         size_t err_size)
{
    for (int row = 0; row < b->height; row++) {
        int rank = b->height - 1 - row;
        for (int file = 0; file < b->width; file++) {
            char symbol = ranks[row].start[file];
            char name[8];
            format_square(b, square_of(b, file, rank), name, sizeof name);
            int colour = colour_of_square(file, rank);
            if (symbol == '.')
                square_add(&b->empty, square_of(b, file, rank));
            else if (symbol != 'b' && symbol != 'w')
                return fail(err, err_size, "square %s: character 0x%02x is not b, w or .", name,
                            (unsigned char)symbol);
            else if ((symbol == 'b') != (colour == BLACK))
                return fail(err, err_size, "square %s: a %s stone on a %s square (stones sit on "
                            "their checkerboard colour, a1 black)", name,
                            colour_name(colour == BLACK ? WHITE : BLACK), colour_name(colour));
        }
    }
    return true;
}

static bool check_no_empty_block(const RoomAndPillarBoard *b, char *err, size_t err_size)
{
    for (int rank = 0; rank + 1 < b->height; rank++)
        for (int file = 0; file + 1 < b->width; file++) {
            int corner = square_of(b, file, rank);
            if (square_in(&b->empty, corner) && square_in(&b->empty, corner + 1) &&
                square_in(&b->empty, corner + b->width) && square_in(&b->empty, corner + b->width + 1)) {
                char low[8], high[8];
                format_square(b, corner, low, sizeof low);
                format_square(b, corner + b->width + 1, high, sizeof high);
                return fail(err, err_size, "empty 2x2 block %s-%s: no removal may create one", low, high);
            }
        }
    return true;
}

static int removed_count(const RoomAndPillarBoard *b, int colour)
{
    return set_count(set_and(b->empty, b->colour[colour], ROOMANDPILLAR_WORDS), ROOMANDPILLAR_WORDS);
}

/* `s` means: the only move so far is the first removal, made by the colour
 * not to move. */
static bool check_swap_flag(const RoomAndPillarBoard *b, char *err, size_t err_size)
{
    if (!b->swap_available)
        return true;
    if (removed_count(b, !b->side) != 1 || removed_count(b, b->side) != 0)
        return fail(err, err_size, "swap flag s needs exactly one empty square, of the colour not to "
                    "move (%s)", colour_name(!b->side));
    return true;
}

/* Black moves first and the players alternate (a swap removes nothing). */
static bool check_removal_counts(const RoomAndPillarBoard *b, char *err, size_t err_size)
{
    int black = removed_count(b, BLACK), white = removed_count(b, WHITE);
    int expected_lead = b->side == WHITE ? 1 : 0;
    if (black - white != expected_lead)
        return fail(err, err_size, "%d black and %d white squares are empty, which cannot be with %s "
                    "to move (black removes first, then the players alternate)",
                    black, white, colour_name(b->side));
    return true;
}

/* Every removal after the first touches an empty square, so the empty
 * squares always form one orthogonally connected area. */
static bool check_empty_connected(const RoomAndPillarBoard *b, char *err, size_t err_size)
{
    int squares = b->width * b->height, stack[ROOMANDPILLAR_MAX_SIDE * ROOMANDPILLAR_MAX_SIDE], depth = 0;
    SquareSet reached = {{0}};
    int first = 0;
    while (first < squares && !square_in(&b->empty, first))
        first++;
    if (first == squares)
        return true;
    square_add(&reached, first);
    stack[depth++] = first;
    while (depth > 0) {
        int square = stack[--depth], file = square % b->width;
        int neighbours[4] = {file > 0 ? square - 1 : -1, file + 1 < b->width ? square + 1 : -1,
                             square - b->width, square + b->width};
        for (int i = 0; i < 4; i++) {
            int next = neighbours[i];
            if (next < 0 || next >= squares || !square_in(&b->empty, next) || square_in(&reached, next))
                continue;
            square_add(&reached, next);
            stack[depth++] = next;
        }
    }
    for (int square = 0; square < squares; square++)
        if (square_in(&b->empty, square) && !square_in(&reached, square)) {
            char a[8], c[8];
            format_square(b, first, a, sizeof a);
            format_square(b, square, c, sizeof c);
            return fail(err, err_size, "empty squares %s and %s are not connected: every removal after "
                        "the first touches an empty square", a, c);
        }
    return true;
}

static bool roomandpillar_parse_position(const char *text, Position *out, char *err, size_t err_size)
{
    TextSpan fields[3], ranks[ROOMANDPILLAR_MAX_SIDE];
    int width = 0, height = 0;
    if (!split_fields(text, fields, err, err_size) ||
        !split_ranks(fields[0], ranks, &width, &height, err, err_size))
        return false;
    if (fields[1].length != 1 || (fields[1].start[0] != 'b' && fields[1].start[0] != 'w'))
        return fail(err, err_size, "side to move '%.*s' is not b or w", fields[1].length, fields[1].start);
    if (fields[2].length != 1 || (fields[2].start[0] != 's' && fields[2].start[0] != '-'))
        return fail(err, err_size, "swap flag '%.*s' is not s or -", fields[2].length, fields[2].start);

    Position pos;
    memset(&pos, 0, sizeof pos);
    RoomAndPillarBoard *b = roomandpillar_board_mut(&pos);
    board_set_size(b, width, height);
    b->side = fields[1].start[0] == 'b' ? BLACK : WHITE;
    b->swap_available = fields[2].start[0] == 's';
    if (!read_squares(b, ranks, err, err_size) || !check_no_empty_block(b, err, err_size) ||
        !check_swap_flag(b, err, err_size) || !check_removal_counts(b, err, err_size) ||
        !check_empty_connected(b, err, err_size))
        return false;
    hashes_from_scratch(b);
    *out = pos;
    return true;
}

/* ---- display ---- */

static void roomandpillar_display(const Position *pos, char *out, size_t out_size)
{
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    char text[DISPLAY_TEXT_MAX];
    size_t used = 0;
    for (int rank = b->height - 1; rank >= 0; rank--) {
        used += (size_t)snprintf(text + used, sizeof text - used, "%2d", rank + 1);
        for (int file = 0; file < b->width; file++) {
            int square = square_of(b, file, rank);
            char symbol = square_in(&b->empty, square) ? '.' : colour_of_square(file, rank) == BLACK ? 'b' : 'w';
            used += (size_t)snprintf(text + used, sizeof text - used, " %c", symbol);
        }
        used += (size_t)snprintf(text + used, sizeof text - used, "\n");
    }
    used += (size_t)snprintf(text + used, sizeof text - used, "  ");
    for (int file = 0; file < b->width; file++)
        used += (size_t)snprintf(text + used, sizeof text - used, " %c", 'a' + file);
    snprintf(text + used, sizeof text - used, "\n%s to move%s\n", colour_name(b->side),
             b->swap_available ? ", swap available" : "");
    snprintf(out, out_size, "%s", text);
}

/* Bench: the start and a RULES.md middle position. */
static const BenchPosition bench_positions[] = {
    {NULL, 23},
    {"wbwbwbwb/bwbwbwbw/wbwbwbwb/bwb..wbw/wbw.wbwb/..b..wbw/w...wbwb/b.bwbwbw w -", 20},
};

const Game roomandpillar_game = {
    .id = "roomandpillar",
    .title = "Room and Pillar",
    .start_fen = "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -",
    GAME_VERBS(roomandpillar),
    .proof_key = roomandpillar_proof_key,
    .turns_expected = roomandpillar_turns_expected,
    GAME_BENCH(bench_positions, 10),
    /* UCI_ShowWDL's model: `tessera-tune wdl` on self-play data (protocol.md). */
    .wdl = {.draw_margin = 0.0, .scale = 16.5, .scale_growth = -0.0091, .bias = {-1, 1}},
    .evaluate = roomandpillar_evaluate,
    .eval_scale = 20, /* tessera-tune texel's K, 12x12 self-play (README, "Learned evaluation") */
    .nn_features = roomandpillar_nn_features,
    .nn_input_count = ROOMANDPILLAR_NN_INPUTS,
    .nn_by_default = true, /* on 12x12, the only size its inputs cover */
    .params = roomandpillar_params,
    .param_count = ROOMANDPILLAR_PARAM_COUNT,
    .policy_size = ROOMANDPILLAR_POLICY_SIZE,
    .policy_index = roomandpillar_policy_index,
};
