/*
 * book.h - `tessera-datagen book`: an arena opening file of positions with
 * a small but real edge for one side, picked from self-play data.
 *
 * Balanced openings make engine tests blind: when the opening (or
 * Territoire's deal) decides the game, a stronger engine wins no more
 * pairs than a weaker one; when it is a dead draw (Qawale), neither wins.
 * As chess testing moved to unbalanced books, a position whose search
 * score gives one side an edge of min..max centi-units (not a proof) lets
 * the better engine convert it with one colour and hold it with the other.
 * One position per self-play game (its earliest that qualifies,
 * -min-ply..-max-ply turns in), so the book's lines come from different
 * games.  Where a cp window finds no edge (Qawale's scores barely move the
 * odds), -decisive keeps only games that self-play did not draw: positions
 * where a side could still go wrong, chosen by how the game ended, not by
 * which engine of a later test won it.
 */
#ifndef TESSERA_DATAGEN_BOOK_H
#define TESSERA_DATAGEN_BOOK_H

#include <stdio.h>

/* argv[0] is "book"; returns a DATAGEN_EXIT_* code. */
int book_command(int argc, char *const *argv, FILE *out, FILE *errout);

#endif
