/*
 * proven_book.h - the proven table: Room and Pillar positions near the
 * start of the proven boards where the winner moves, each with the winning
 * move of the board's certificate (tools/proof/table/) and the plies to the
 * end under the proof.  Written by tools/proof/book.sh as
 * tools/proof/book.tsv (one position a line: board, position string,
 * move, plies, tab-separated) and embedded at build time (tools/embed.sh
 * writes build/gen/book.c), so the engine reads no file and no gzip.
 */
#ifndef TESSERA_PROVEN_BOOK_H
#define TESSERA_PROVEN_BOOK_H

#include <stddef.h>

#include "games/game.h"
#include "util/embedded_file.h"

/* The embedded file (build/gen/book.c): one row, then an empty one. */
extern const EmbeddedFile proven_book_files[];
extern const size_t proven_book_file_count;

/* The game whose positions the table holds. */
#define PROVEN_BOOK_GAME "roomandpillar"

typedef struct {
    const char *board;    /* "8x8" */
    const char *position; /* the position string, as format_position writes it */
    const char *move;     /* the winner's move, in the game's notation */
    int plies;            /* whole turns to the end under the proof, >= 1 */
} ProvenBookEntry;

/* The table's entries (read once, on first use; thread-safe). */
size_t proven_book_count(void);
const ProvenBookEntry *proven_book_entry(size_t i);

/* The entry of pos in game, or NULL when the table does not hold it (any
 * other game, board or position, the loser to move). */
const ProvenBookEntry *proven_book_find(const Game *game, const Position *pos);

#endif
