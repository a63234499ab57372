/*
 * data_record.h - one labelled position of self-play data, as one line of
 * text.  Written by tessera-datagen, read by `tessera-tune texel` and any
 * later trainer: the format lives here once.
 *
 *     # tessera-data 1 game=qawale backend=alphabeta nodes=5000 ...
 *     <position> | cp 35 | <move> | 12 | win | 7
 *     <position> | mate -3 | <move> | 40 | loss | 7
 *
 * The first line is the header: the format version and the configuration
 * that made the data (game=ID first).  Every other line is a record whose
 * fields are separated by " | ":
 *   position  the game's position string (RULES.md);
 *   score     the search's score for the side to move: `cp N`
 *             (centi-units), or `mate N` when the search proved the result
 *             (N > 0: the side to move wins in N turns, N < 0: loses);
 *   move      the move the search chose (and the game went on with);
 *   ply       turns the searches played before it: 0 is the opening
 *             position (after datagen's random plies) where they began;
 *   result    how the game ended for the side to move: win, draw, loss;
 *   game      the number of the self-play game the position comes from;
 *   visits    (optional, MCTS's data) how the search spread its playouts
 *             over the root's actions: `visits E:N E:N ...`, at most
 *             DATA_VISITS_MAX pairs, most visited first, each a policy
 *             entry of the position (Game.policy_index: the first step's
 *             where the game indexes steps; actions sharing an entry
 *             summed) and its visits (N >= 1), entries distinct.  A
 *             policy head learns the shares as its target.
 * Blank lines and other lines starting with '#' are comments.
 */
#ifndef TESSERA_DATA_RECORD_H
#define TESSERA_DATA_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

#define DATA_FORMAT_VERSION 1
#define DATA_HEADER_PREFIX "# tessera-data 1 "
#define DATA_HEADER_MAX 512
#define DATA_PLY_MAX 100000
/* The most visited root entries a record keeps. */
#define DATA_VISITS_MAX 32
#define DATA_LINE_MAX (POSITION_TEXT_MAX + MOVE_TEXT_MAX + 128 + DATA_VISITS_MAX * 18)

typedef enum { DATA_LOSS = 0, DATA_DRAW = 1, DATA_WIN = 2 } DataResult;

typedef struct {
    char position[POSITION_TEXT_MAX];
    bool proven; /* score is mate turns (a proof), not centi-units */
    int score;
    char move[MOVE_TEXT_MAX];
    int ply;
    DataResult result;
    uint64_t game_number;
    int visit_count; /* pairs in visit_entry/visits; 0: no visits field */
    uint16_t visit_entry[DATA_VISITS_MAX];
    uint32_t visits[DATA_VISITS_MAX];
} DataRecord;

/* The record as one line with its newline.  False when a field would not
 * survive the round trip (a '|' or a line break in a text field, a full
 * buffer). */
bool data_record_format(const DataRecord *record, char *out, size_t out_size);

/* One record line (with or without its newline); fills err otherwise. */
bool data_record_parse(const char *line, DataRecord *out, char *err, size_t err_size);

/* The result of a game for the side to move, from the outcome by colour. */
DataResult data_result_for(Outcome outcome, int side_to_move);

/* The header line (with its newline) for a configuration "game=ID ...". */
bool data_header_format(const char *configuration, char *out, size_t out_size);

/* Reads a header line: the configuration after the prefix (newline cut)
 * and the game id of its first word.  Fills err when the line is no header
 * of this format version. */
bool data_header_parse(const char *line, char *configuration, size_t configuration_size,
                       char *game_id, size_t game_id_size, char *err, size_t err_size);

/* Win 1, draw 0.5, loss 0: the result as the target of a fit. */
double data_result_value(DataResult result);

#endif
