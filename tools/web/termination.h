/*
 * termination.h - how a session's game ended, in PGN's words.
 *
 * The PGN standard's Termination values say little: a resignation and an
 * agreed draw are both "normal" (as lichess writes them), a loss on time
 * "time forfeit", another ending the page declared "adjudication", a game
 * still going "unterminated".  So the ending also has a closing comment
 * that says which: "White resigns", "Draw agreed", "Black forfeits on
 * time" (White is p1 and Black p2, as the PGN's White and Black tags).
 */
#ifndef TESSERA_WEB_TERMINATION_H
#define TESSERA_WEB_TERMINATION_H

#include "web/json.h"
#include "web/session.h"

/* The game's ending as "termination" (the PGN Termination value) and
 * "ending" (the closing comment, "" while the game goes on) members of
 * the state object being written (the lock held). */
void termination_state_members(const Session *s, TextBuf *out);

#endif
