/*
 * effect_check.h - before a new tuning run: does each tuned parameter
 * change anything the engine does, as the run configures it?
 *
 * A parameter the engine never reads (a classic evaluation weight while
 * a network evaluates, an MCTS constant under alpha-beta) cannot be
 * tuned: SPSA would play hundreds of games that its value does not
 * decide and report its start, or a drift, as the tuned value.  So one
 * engine, started with the run's keys and the other tuned values at
 * their starts, searches a few fixed positions of the game under a limit
 * that makes its search repeat itself (one thread; the run's own
 * nodes= or depth= when it has no clock, else go nodes
 * EFFECT_PROBE_NODES), each parameter set to its high and then its low
 * end.  The bestmove, and the score, depth and nodes of the last info
 * line, of every search are compared with those at the start values: a
 * parameter that changes none of them is refused, and so is an
 * evaluation weight, while a network evaluates, that changes no bestmove
 * and no score (it only orders moves, which is not what it is tuned for).
 *
 * The positions: spread along a few games the engine plays itself at the
 * start values (after a few random plies of a fixed seed, so that they
 * differ) from the run's first openings (its board, its deal), from the
 * first ply to the last, sent as `position fen OPENING moves ...`: the
 * positions the run's games pass through, the terms of the middle and of
 * the end of a game included (random play misses some).
 *
 * The check refuses only what it has shown.  When two searches with the
 * same values differ (an engine that does not repeat itself at this
 * limit) or a search fails, it prints a `note:` line saying that it
 * checked nothing, and the run goes on.
 */
#ifndef TESSERA_TUNE_EFFECT_CHECK_H
#define TESSERA_TUNE_EFFECT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena/tournament.h"
#include "tune/spsa.h"

#define EFFECT_POSITIONS 24
#define EFFECT_PROBE_NODES 2000

/* True when every parameter changes something, or when nothing could be
 * shown (a note on out).  False with err naming every parameter that
 * changes nothing, prefixed by source (the flag that chose them, e.g.
 * "-tune ColumnaReach"), or naming why the engine did not start. */
bool effect_check(const TournamentConfig *arena, const Spsa *spsa, const char *source, FILE *out,
                  char *err, size_t err_size);

#endif
