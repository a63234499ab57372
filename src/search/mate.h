/* mate.h - the one conversion between a proven result and the `mate N` of
 * the protocol.
 *
 * Inside the search a proof is a score on the SCORE_ scale that counts
 * plies: SCORE_WIN - p when the side to move wins with the game over p
 * whole turns (of both players, a Room and Pillar `swap` included) from
 * the root, -(SCORE_WIN - p) when it loses.  The protocol speaks UCI:
 * `mate N` means the side to move wins with its N-th own turn, `mate -N`
 * that it loses after N of its own turns.  Both are ceil(p / 2): a win
 * normally ends on the winner's turn (p odd, N = (p + 1) / 2), a loss on
 * the opponent's (p even, N = p / 2), and a game that ends on the other
 * parity (a player forced to finish itself off) still counts the turns the
 * side to move has played by then. */
#ifndef TESSERA_MATE_H
#define TESSERA_MATE_H

#include <stdbool.h>

/* Is score a proof (outside +-SCORE_PROVEN)? */
bool score_is_proven(int score);

/* The score of a proven result: the side to move wins (or loses) with the
 * game over plies whole turns from the root (plies >= 1). */
int score_of_proof(bool side_to_move_wins, int plies);

/* The plies of a proven score (0 when score is no proof). */
int proof_plies(int score);

/* UCI's `mate N` of a score: > 0 wins with the N-th own turn, < 0 loses
 * after -N own turns, 0 when score is no proof. */
int mate_turns_of_score(int score);

#endif
