/*
 * game.h - the one interface every game implements.
 *
 * A game is a table of verbs (OpenSpiel's State/Game idea in C): search,
 * protocol and arena code call these and never name a game.  A Position is a
 * fixed-size value copied with memcpy (copy-make), so threads simply own
 * copies.  A Move is one player's whole turn packed in 64 bits; each game
 * chooses its own packing.
 */
#ifndef TESSERA_GAME_H
#define TESSERA_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t Move;
#define MOVE_NONE UINT64_MAX

/* Colours: every game names its sides w and b (RULES.md). */
enum { WHITE = 0, BLACK = 1 };

typedef enum {
    OUTCOME_ONGOING = 0,
    OUTCOME_WHITE_WINS,
    OUTCOME_BLACK_WINS,
    OUTCOME_DRAW
} Outcome;

/* Big enough for every game's state; each game casts bytes to its own struct
 * and checks the fit with a static assertion. */
#define POSITION_BYTES 256
typedef struct {
    _Alignas(16) unsigned char bytes[POSITION_BYTES];
} Position;

/* Buffer sizes for the text forms; formatters never write more. */
#define MOVE_TEXT_MAX 128
#define POSITION_TEXT_MAX 1024
#define DISPLAY_TEXT_MAX 8192
#define ERROR_TEXT_MAX 256

/* Streaming move generation: the game calls emit for each legal move and
 * stops as soon as emit returns false.  Embed a MoveSink as the first member
 * of your own struct to carry state. */
typedef struct MoveSink MoveSink;
struct MoveSink {
    bool (*emit)(MoveSink *sink, Move move);
};

/* A move stream that also carries each child's hash (Game's optional
 * generate_hashed_moves); embed it first in your own struct likewise. */
typedef struct HashedMoveSink HashedMoveSink;
struct HashedMoveSink {
    bool (*emit)(HashedMoveSink *sink, Move move, uint64_t child_hash);
};

/* A tunable evaluation weight, exposed by the protocol as a spin option. */
typedef struct {
    const char *name; /* option name, e.g. "ColumnaHeight5" */
    int default_value;
    int min, max;
    int *value; /* the live value the evaluation reads */
} GameParam;

/* A game's own default for one of the search's settings (a backend's
 * spin option, or a time manager share): the option's name and the value
 * it starts at in this game; the settings a game names none of start at
 * their common default. */
typedef struct {
    const char *option;
    int value;
} GameSettingDefault;

/* A game's weights are declared once, as a list of rows
 *     X(field, "OptionName", default, min, max)
 * from which these make the live weights and their GameParam table (the
 * pattern of the backends' settings, src/search/alphabeta/settings.c):
 *     static struct { LIST(GAME_WEIGHT_FIELD) } weights = {LIST(GAME_WEIGHT_DEFAULT)};
 *     const GameParam game_params[] = {LIST(GAME_WEIGHT_ROW)};
 * The evaluation reads weights.field; nothing else repeats a default. */
#define GAME_WEIGHT_FIELD(field, name, def, lo, hi) int field;
#define GAME_WEIGHT_DEFAULT(field, name, def, lo, hi) .field = (def),
#define GAME_WEIGHT_ROW(field, name, def, lo, hi) {name, def, lo, hi, &weights.field},

/* Evaluations (Game.evaluate) stay within +-EVAL_BOUND centi-units: the
 * scores beyond it are the searches' proven results (search.h). */
#define EVAL_BOUND 20000

/* A fixed-depth search of `tessera bench` (NULL fen: the start position). */
typedef struct {
    const char *fen;
    int depth;
} BenchPosition;

/* How a search score turns into chances of winning, drawing and losing
 * (UCI_ShowWDL; src/search/wdl.h converts).  Stockfish's form, in
 * centi-units from the side to move's view, with x = score - bias[side]
 * and s = scale * exp(scale_growth * turns_left):
 *     win  = 1 / (1 + exp((draw_margin - x) / s))
 *     loss = 1 / (1 + exp((draw_margin + x) / s))
 *     draw = 1 - win - loss
 * draw_margin 0 leaves no draw mass (a game without draws).  bias is what
 * the search's score overstates when that colour is to move (a game may
 * favour one colour more than the evaluation sees).  scale_growth lets a
 * score say less the more of the game is left (turns_left of the side to
 * move, Game.turns_left).  Each game sets the constants `tessera-tune wdl`
 * fitted to its self-play results. */
typedef struct {
    double draw_margin;  /* >= 0 */
    double scale;        /* > 0: the scale with no turn left */
    double scale_growth; /* per turn left, in the exponent */
    int bias[2];         /* by colour to move, WHITE and BLACK */
} WdlModel;

typedef struct Game {
    const char *id;        /* protocol id, e.g. "columna" */
    const char *title;     /* human name, e.g. "Columna" */
    const char *start_fen; /* the start position string of RULES.md */

    /* Position strings.  parse_position returns false and fills err (one
     * line: what is wrong and where) on any string RULES.md rejects. */
    bool (*parse_position)(const char *text, Position *out, char *err, size_t err_size);
    void (*format_position)(const Position *pos, char *out, size_t out_size);

    /* Moves.  parse_move accepts only a move legal in pos, else fills err. */
    bool (*parse_move)(const Position *pos, const char *text, Move *out, char *err, size_t err_size);
    void (*format_move)(const Position *pos, Move move, char *out, size_t out_size);

    /* Streams every legal move (none in a finished game).  Returns false when
     * the sink stopped it early.  Memory use is bounded (Qawale streams its
     * sowings with O(stack height) state). */
    bool (*generate_moves)(const Position *pos, MoveSink *sink);
    /* Optional fast count of the legal moves (perft's last ply); NULL = count
     * through generate_moves. */
    uint64_t (*count_moves)(const Position *pos);
    /* Optional: generate_moves' stream, in the same order, each move with
     * the hash of the position it leads to (what play then hash give), for
     * a game that updates the hash along its walk for less than a play
     * costs (Qawale's sowings); searches that tell children apart by hash
     * use it.  NULL: they play each move. */
    bool (*generate_hashed_moves)(const Position *pos, HashedMoveSink *sink);
    /* Optional: is this value a legal move here, without generating the
     * moves?  Any 64-bit value must be answered without harm.  A search
     * tries the move its table remembers before it lists the children
     * (most such moves cut off at once); NULL: it lists them first. */
    bool (*move_is_legal)(const Position *pos, Move move);

    void (*play)(Position *pos, Move move); /* move must be legal */

    /* Colour named in the position string (WHITE or BLACK). */
    int (*side_to_move)(const Position *pos);
    /* Result by colour; OUTCOME_ONGOING while the game goes on. */
    Outcome (*outcome)(const Position *pos);
    /* Zobrist-style key of everything that affects the future of the game. */
    uint64_t (*hash)(const Position *pos);
    /* Optional: a key that a position shares with its images under the
     * board's symmetries (Room and Pillar's mirrors that keep the colours),
     * which are won by the same player; the proof search keys its table by
     * it, so that an image proven is proven.  NULL: hash. */
    uint64_t (*proof_key)(const Position *pos);

    /* Board drawn in text for the `d` command (several lines, no position
     * string: the caller prints that). */
    void (*display)(const Position *pos, char *out, size_t out_size);

    /* At most how many more turns the side to move will play (time
     * management plans with it). */
    int (*turns_left)(const Position *pos);
    /* Optional: about how many it will play, 1..turns_left, where the bound
     * is far above what games last (time management plans with it instead;
     * NULL: the bound is a fair guess). */
    int (*turns_expected)(const Position *pos);

    /* `tessera bench`'s workloads for this game, each about a second: perft
     * from the start to bench_perft_depth, and fixed-depth searches of a
     * start and a middle position whose node counts are the signature. */
    int bench_perft_depth;
    const BenchPosition *bench_positions;
    int bench_position_count;
    /* The win/draw/loss model of this game's scores (see WdlModel). */
    WdlModel wdl;
    /* The search settings whose default differs in this game (NULL, 0:
     * none): an engine searching this game starts at these, and `uci`
     * shows them while the game is chosen; a value set by `setoption`
     * holds for every game (protocol.md, "Options"). */
    const GameSettingDefault *setting_defaults;
    int setting_default_count;

    /* ---- optional hooks (NULL when absent) ---- */

    /* Heuristic value for the side to move, in centi-units (100 = a
     * decisive-looking edge of one "pawn"); the search backends use it.
     * Reads its weights from params. */
    int (*evaluate)(const Position *pos);
    /* Centi-units of evaluate per unit of log-odds of winning (the K of a
     * logistic fit to self-play results), with which MCTS maps it to a win
     * chance; 0: never fitted (MCTS's default scale). */
    int eval_scale;
    const GameParam *params;
    int param_count;

    /* Deals a random starting setup from a seed (Territoire's layouts);
     * every legal setup equally likely. */
    void (*random_start)(Position *out, uint64_t seed);

    /* Step-level view of a compound turn, for searches that prune inside a
     * turn.  A step is one action (a pawn move, a stacking, a placement).
     * generate_steps lists the next legal steps of the turn in progress
     * (returns their count, at most MAX_STEPS_PER_NODE); play_step plays
     * one; turn_in_progress tells whether the same player steps again;
     * join_steps packs a completed turn's steps into the whole-turn Move
     * that play/format_move understand. */
    int (*generate_steps)(const Position *pos, Move *out, int capacity);
    void (*play_step)(Position *pos, Move step);
    bool (*turn_in_progress)(const Position *pos);
    Move (*join_steps)(const Move *steps, int count);

    /* Inputs of a learned evaluation (src/nn/): writes the indices of the
     * binary features active in pos, seen from the side to move, in
     * ascending order (at most NN_MAX_ACTIVE, each below nn_input_count),
     * and returns how many; -1 when the game's encoding does not cover pos
     * (Room and Pillar: one board size).  Each game documents its encoding
     * in <game>/features.c and README.md. */
    int (*nn_features)(const Position *pos, uint16_t *active);
    int nn_input_count;
    /* Optional, with nn_features: how the inputs of from and to differ,
     * both seen by the colour view (nn_features's encoding with view in
     * place of the side to move wherever it means "us"; as nn_features
     * where view moves), as pairs: removed[k] active in from and not in
     * to, added[k] the other way, every input in no pair in both or in
     * neither.  Found without listing either position's inputs; returns
     * how many pairs, or -1 when there are more than capacity.  The
     * search's accumulators keep both views along the line with it, so a
     * child is its parent's sums plus one move's changes (Qawale: a
     * sowing changes a few stacks). */
    int (*nn_feature_changes)(const Position *from, const Position *to, int view, uint16_t *removed,
                              uint16_t *added, int capacity);
    /* Eval=auto plays the shipped network: true only where it beat the
     * classic evaluation at equal time (README, "Learned evaluation"). */
    bool nn_by_default;

    /* Optional: the move indexing of a policy output (a net head that
     * says which moves to search, whose priors MCTS takes), a fixed layout
     * of policy_size entries (0: the game has no policy; policy_index is
     * NULL then).  policy_index gives the entry of a legal action of pos,
     * in [0, policy_size), seen from the side to move's view: where the
     * board allows, it is mirrored for one colour so that the same shape
     * of action gets the same entry for either.  What is an action:
     *   - a game with the step hooks (generate_steps: Columna,
     *     Territoire) indexes steps, the legal steps of the turn in
     *     progress (what generate_steps lists); a whole-turn Move gets its
     *     first step's entry;
     *   - any other game (Room and Pillar, Qawale) indexes whole turns
     *     (what generate_moves lists).
     * No two legal actions of one position share an entry, except where a
     * game's turns are too many to index (Qawale's sowings: an entry is a
     * class of turns that share their first decision, documented in its
     * policy.c).  Any other Move gives an unspecified value, still in
     * range.  Each game documents its layout in <game>/policy.c and beside
     * its network inputs (<game>/features.c). */
    int policy_size;
    int (*policy_index)(const Position *pos, Move move_or_step);
} Game;

/* A game's table names its rules' verbs PREFIX_verb (columna_play, ...):
 *     const Game columna_game = {.id = "columna", ..., GAME_VERBS(columna),
 *                                GAME_BENCH(bench_positions, 3), ...};
 * the naming is the same for every game, so it is written once here. */
#define GAME_VERBS(prefix)                                                                        \
    .parse_position = prefix##_parse_position, .format_position = prefix##_format_position,     \
    .parse_move = prefix##_parse_move, .format_move = prefix##_format_move,                     \
    .generate_moves = prefix##_generate_moves, .count_moves = prefix##_count_moves,             \
    .play = prefix##_play, .side_to_move = prefix##_side_to_move, .outcome = prefix##_outcome, \
    .hash = prefix##_hash, .display = prefix##_display, .turns_left = prefix##_turns_left
/* Bench (`tessera bench`): perft to depth, then searches of the positions. */
#define GAME_BENCH(positions, depth)                                                              \
    .bench_perft_depth = (depth), .bench_positions = (positions),                                 \
    .bench_position_count = (int)(sizeof(positions) / sizeof((positions)[0]))
/* A game's own search defaults (Game.setting_defaults), from an array. */
#define GAME_SETTING_DEFAULTS(list)                                                               \
    .setting_defaults = (list), .setting_default_count = (int)(sizeof(list) / sizeof((list)[0]))

#define MAX_STEPS_PER_NODE 256

/* Most features a game's nn_features may mark active in one position. */
#define NN_MAX_ACTIVE 256

#endif
