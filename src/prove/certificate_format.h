/*
 * certificate_format.h - the proof certificate's format: a proven position
 * written as a file that a checker (tools/proof/, build/tessera-proof-check) confirms with
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
 * game's notation (RULES.md) and hold no space nor '>'.  A line holds any
 * number of moves (a Qawale loser's line may hold thousands), so a reader
 * takes lines of any length.
 */
#ifndef TESSERA_CERTIFICATE_FORMAT_H
#define TESSERA_CERTIFICATE_FORMAT_H

#define CERTIFICATE_MAGIC "tessera-proof 1"
#define CERTIFICATE_END "end"

#endif
