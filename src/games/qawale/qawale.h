/*
 * qawale/qawale.h - Qawale (RULES.md section 3): the state layout, the move packing
 * and what a search needs to cope with sowings that explode with stack
 * height (most sowings of a tall stack give the same board, so a search
 * dedupes children by their hash; the game's generate_hashed_moves hands it
 * each child's hash without playing the move).
 */
#ifndef TESSERA_QAWALE_H
#define TESSERA_QAWALE_H

#include "games/game.h"

#define QAWALE_SQUARES 16
#define QAWALE_PEBBLES_PER_KIND 8
/* 8 neutral + 8 light + 8 dark pebbles: no stack is ever taller. */
#define QAWALE_MAX_STACK 24
/* A sowing drops the lifted stack plus the added pebble, one per square. */
#define QAWALE_MAX_DROPS 25

/* Pebble codes, 2 bits each; 0 is "no pebble". */
enum { QAWALE_NONE = 0, QAWALE_NEUTRAL = 1, QAWALE_LIGHT = 2, QAWALE_DARK = 3 };

/* Directions of a sowing step; the step straight back from d is d ^ 2. */
enum { QAWALE_NORTH = 0, QAWALE_EAST = 1, QAWALE_SOUTH = 2, QAWALE_WEST = 3 };

/* Squares are rank * 4 + file, a1 = 0, d4 = 15.  A stack is packed 2 bits
 * per pebble, bottom pebble in the low bits, so sowing pops the low bits. */
typedef struct {
    uint64_t stacks[QAWALE_SQUARES];
    uint64_t hash;
    uint8_t stack_height[QAWALE_SQUARES];
    uint8_t reserve[2];        /* by colour: WHITE (light), BLACK (dark) */
    uint8_t side;              /* colour to move */
    uint8_t outcome;           /* an Outcome, kept current by parse and play */
    uint16_t top_mask[2];      /* squares whose top pebble is light / dark */
} QawaleState;

_Static_assert(sizeof(QawaleState) <= POSITION_BYTES, "QawaleState must fit in a Position");

static inline const QawaleState *qawale_state(const Position *pos)
{
    return (const QawaleState *)(const void *)pos->bytes;
}

static inline int qawale_pebble_at(const QawaleState *st, int square, int level)
{
    return (int)(st->stacks[square] >> (2 * level)) & 3;
}

/* Move packing: bits 0-3 start square, bits 4.. one 2-bit direction per
 * drop (drop i at bit 4 + 2i), bits 56-60 the number of drops.  At most
 * 4 + 2 * 25 bits of path, so a Move never equals MOVE_NONE. */
#define QAWALE_MOVE_DROPS_SHIFT 56

static inline int qawale_move_start(Move move) { return (int)(move & 15); }
static inline int qawale_move_drops(Move move) { return (int)(move >> QAWALE_MOVE_DROPS_SHIFT) & 31; }
static inline int qawale_move_direction(Move move, int drop)
{
    return (int)(move >> (4 + 2 * drop)) & 3;
}

/* ---- board geometry (qawale/walks.c) ---- */

/* The first step of a sowing has no step to come back from. */
#define QAWALE_NO_DIRECTION 4

static inline bool qawale_steps_back(int came_from, int direction)
{
    return came_from != QAWALE_NO_DIRECTION && direction == (came_from ^ 2);
}

/* The tables below, filled once (any thread may call it, any number of
 * times); the functions that read one entry call it themselves. */
void qawale_walks_init(void);
/* [square][direction]: the neighbour, or -1 off the board. */
extern int8_t qawale_neighbour_of[QAWALE_SQUARES][4];
/* [square][came_from][drops]: non-backtracking walks of drops steps
 * leaving square after arriving by came_from, and where they can end. */
extern uint64_t qawale_walk_count_of[QAWALE_SQUARES][QAWALE_NO_DIRECTION + 1][QAWALE_MAX_DROPS + 1];
extern uint16_t qawale_walk_ends_of[QAWALE_SQUARES][QAWALE_NO_DIRECTION + 1][QAWALE_MAX_DROPS + 1];

/* Orthogonal neighbour of square in direction, or -1 off the board. */
int qawale_neighbour(int square, int direction);

/* Number of non-backtracking walks of length drops from square (the
 * sowings of a stack of drops - 1 pebbles there, plus the added one). */
uint64_t qawale_walk_count(int square, int drops);

/* Squares where such a walk can end (bit per square). */
uint16_t qawale_walk_ends(int square, int drops);

/* Zobrist key of the position the move leads to, without playing it. */
uint64_t qawale_child_hash(const Position *pos, Move move);

/* Streams every legal move with the hash of the position it leads to
 * (the same value play() then hash() give), computed incrementally along
 * the sowing path: the game's generate_hashed_moves.  Stops when emit
 * returns false; returns false then. */
bool qawale_generate_sowings(const Position *pos, HashedMoveSink *sink);

/* The 10 lines (4 rows, 4 columns, 2 diagonals) as square masks. */
extern const uint16_t qawale_lines[10];

/* Evaluation (qawale/eval.c) and its weights. */
enum { QAWALE_PARAM_COUNT = 6 };
extern const GameParam qawale_params[QAWALE_PARAM_COUNT];
int qawale_evaluate(const Position *pos);
/* Network inputs (qawale/features.c). */
#define QAWALE_NN_INPUTS 830
int qawale_nn_features(const Position *pos, uint16_t *active);
int qawale_nn_feature_changes(const Position *from, const Position *to, int view, uint16_t *removed,
                              uint16_t *added, int capacity);
/* Policy layout (qawale/policy.c): turns by start, first direction and end. */
#define QAWALE_POLICY_SIZE 1024
int qawale_policy_index(const Position *pos, Move move);

extern const Game qawale_game;

#endif
