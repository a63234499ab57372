/* gameutil.h - game-agnostic helpers built on the Game verbs only. */
#ifndef TESSERA_GAMEUTIL_H
#define TESSERA_GAMEUTIL_H

#include <stdatomic.h>

#include "games/game.h"
#include "util/rng.h"

/* Leaf move sequences of length depth (RULES.md's perft). */
uint64_t perft(const Game *game, const Position *pos, int depth);

/* Perft split by root move: calls report(move, count, ctx) per root move.
 * Raising *stop (when stop is not NULL) ends it soon; the moves counted
 * whole by then are reported and make the total, the rest are left out. */
uint64_t perft_divide(const Game *game, const Position *pos, int depth,
                      void (*report)(Move move, uint64_t count, void *ctx), void *ctx, const atomic_bool *stop);

uint64_t count_legal_moves(const Game *game, const Position *pos);

/* Collects up to capacity moves; returns how many were stored and sets
 * *overflow when more existed. */
int collect_moves(const Game *game, const Position *pos, Move *out, int capacity, bool *overflow);

/* Every legal move, however many, into *moves, grown (realloc) when
 * *capacity is short: start from NULL and 0, reuse it, free it once.
 * Returns how many; -1 when memory runs out (or past INT_MAX moves). */
int collect_all_moves(const Game *game, const Position *pos, Move **moves, int *capacity);

/* parse_move for games whose notation is cheap to generate: finds the legal
 * move whose formatted text equals text.  Fills err when there is none. */
bool find_move_by_text(const Game *game, const Position *pos, const char *text,
                       Move *out, char *err, size_t err_size);

bool is_game_over(const Game *game, const Position *pos);

/* Called now and then while a move stream runs; false ends the stream. */
typedef bool (*StreamPoll)(void *context);

/* A uniformly random legal move: reservoir sampling over the move stream,
 * in O(1) memory (a Qawale stream of millions is fine).  cap > 0 ends the
 * stream after cap moves (uniform among those); poll, when not NULL, is
 * asked every 65536 moves.  Returns how many moves were streamed; *chosen
 * is MOVE_NONE when there were none. */
uint64_t sample_legal_move(const Game *game, const Position *pos, Rng *rng, uint64_t cap, StreamPoll poll,
                           void *context, Move *chosen);

/* sample_legal_move over the whole stream. */
Move random_legal_move(const Game *game, const Position *pos, Rng *rng);

/* Does the game offer the step hooks, so that a turn can be played a step
 * at a time? */
bool has_step_hooks(const Game *game);

/* Is move legal in pos?  Checked by a text round trip through the game's own
 * parser, so it holds for moves from any source (a shared table another
 * thread overwrote, an engine's answer). */
bool is_legal_move(const Game *game, const Position *pos, Move move);

/* The game's own default of the search setting named option
 * (Game.setting_defaults), or common_default where it names none. */
int game_setting_default(const Game *game, const char *option, int common_default);

#endif
