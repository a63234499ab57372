/*
 * latency.h - what a launcher adds to every move.  The arena keeps the
 * clock here (timecontrol.h), so the way to an engine started through a
 * launcher and back counts on the mover's clock.  At the check before
 * the first game (preflight.h) such an engine answers LATENCY_PROBES
 * isready round trips; a move costs two (the isready that synchronises
 * it, then go and bestmove), so twice their median is what a move costs.
 * When that is more than 1/LATENCY_SHARE of the time a move is given
 * (st=, else the increment of tc=), the run is warned: its engines play
 * with less time than it says, and may lose on time.  A clock without an
 * increment, depth= and nodes= give no time per move to compare with.
 */
#ifndef TESSERA_ARENA_LATENCY_H
#define TESSERA_ARENA_LATENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/engine.h"

#define LATENCY_PROBES 5
#define LATENCY_SHARE 10

/* The median of LATENCY_PROBES round trips of a started engine, in
 * microseconds; false (why filled, the engine killed) when one fails. */
bool latency_measure(Engine *engine, int64_t *median_us, char *why, size_t why_size);

/* The time a move of tc is given, in ms: st=, else the increment of a
 * clock; 0 when there is neither. */
int64_t latency_move_budget_ms(const TimeControl *tc);

/* Measures an engine started through a launcher (words: its launcher,
 * {host} replaced) and writes to out one line with the figure and, when
 * the time control leaves too little room for it, a line starting
 * "warning:".  Nothing for an engine without a launcher, or without out;
 * false only when a probe failed (why filled). */
bool latency_check(Engine *engine, const char *words, FILE *out, char *why, size_t why_size);

#endif
