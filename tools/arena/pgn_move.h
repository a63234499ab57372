/*
 * pgn_move.h - a move of any game as a PGN move token, and back: the one
 * place the encoding is defined (the browser page's reader and writer,
 * tools/web/assets/pgn.js, follow it).
 *
 * PGN reads a move as a symbol token: a letter or digit, then letters,
 * digits and the characters _ + # = : -.  A token that starts with a digit
 * is taken for a move number, so a move must start with a letter.  The
 * games' own notation (../shared/RULES.md) uses lower-case letters, digits
 * and commas: Columna `b2b3,c4c5`, Territoire `17,3,x4`.  So:
 *
 *   writing: every ',' becomes ':'; then, when the text starts with a
 *            digit or with 'M' (or is empty), an 'M' is put in front.
 *                b2b3,c4c5 -> b2b3:c4c5     17,3,x4 -> M17:3:x4
 *                d4 -> d4   swap -> swap    a1a2b2b1 -> a1a2b2b1
 *   reading: a leading 'M' is dropped; then every ':' becomes ','.
 *
 * Reading undoes writing for every text without ':' (no game writes one).
 * A token written before this encoding (the move text as the game wrote
 * it, `b2b3,c4c5` or `17,3,x4`) has no ':' and no leading 'M', so reading
 * gives it back unchanged: old files read the same.
 */
#ifndef TESSERA_ARENA_PGN_MOVE_H
#define TESSERA_ARENA_PGN_MOVE_H

#include <stdbool.h>
#include <stddef.h>

/* The PGN token of a move text.  False (out untouched or partly written)
 * when the result does not fit out, or the text holds a character no PGN
 * symbol may (anything but letters, digits, ',' and _ + # = -). */
bool pgn_move_encode(const char *move_text, char *out, size_t out_size);

/* The move text of a PGN token (either encoding).  False when it does not
 * fit out. */
bool pgn_move_decode(const char *token, char *out, size_t out_size);

#endif
