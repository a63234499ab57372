/*
 * certificate.h - proof certificates: a proven position written as a file
 * that a checker (tools/proof/, build/tessera-proof-check) confirms with
 * the game code alone, trusting nothing of the search.
 *
 * The format, text, one record a line:
 *
 *     tessera-proof 1
 *     game roomandpillar
 *     root wbwb/bwbw/wbwb/bwbw b -
 *     winner second
 *     positions 40
 *     moves 57
 *     0 L a1>1 b2>2 ...
 *     1 W c1>end
 *     ...
 *     end
 *
 * The winner is a player, not a colour: `first` is the player to move at
 * the root, `second` the other; players alternate every turn, a Room and
 * Pillar swap included (which keeps the colour to move but hands the turn
 * to the other player), so a finished game is won by the player whose
 * colour the game's result names at that moment.
 *
 * After the header, one line per node of the proof (a DAG: a node is a
 * position and which player is to move there, appearing once however many
 * lines reach it):
 * its number (0 is the root), W where the winner moves or L where the
 * loser does, then its moves as MOVE>TARGET, TARGET being the number of
 * the position the move leads to, or `end` where the move ends the game.
 * A W line holds the winner's one move, an L line every legal reply of
 * the loser.  Lines may come in any order; `positions` and `moves` count
 * them, and the closing `end` shows the file is whole.  Moves are in the
 * game's notation (RULES.md) and hold no space nor '>'.
 */
#ifndef TESSERA_CERTIFICATE_H
#define TESSERA_CERTIFICATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"

#define CERTIFICATE_MAGIC "tessera-proof 1"
#define CERTIFICATE_END "end"
#define CERTIFICATE_MAX_MOVES 1024 /* legal moves of one position, at most */

typedef struct {
    int threads;
    size_t hash_mb;
    int64_t time_limit_ms; /* 0: until proven */
    int64_t progress_every_ms; /* a progress line to progress_to this often; 0: none */
    FILE *progress_to;
} CertifyOptions;

typedef struct {
    bool first_wins; /* the player to move at the root wins; else the other */
    uint64_t positions, moves;
    uint64_t search_nodes;
    int64_t prove_ms, write_ms;
} CertifyResult;

/* Proves root (a position of g, game not over) with the alpha-beta
 * engine's proof search, then writes the certificate to out.  False with
 * one line in err when it is not proven within the limit, not a win for
 * either side, or cannot be written. */
bool certify(const Game *g, const Position *root, const CertifyOptions *options, FILE *out, CertifyResult *result,
             char *err, size_t err_size);

#endif
