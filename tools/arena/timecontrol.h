/*
 * timecontrol.h - what limits an engine's thinking, and the clock the arena
 * keeps for it.
 *
 * A time control combines any of: a clock (tc=MOVES/SECONDS+INC or
 * tc=SECONDS+INC), a fixed time per move (st=SECONDS), a depth and a node
 * limit.  The arena, not the engine, keeps the clock: an engine whose think
 * time exceeds what its clock (or st) allows plus timemargin loses on time.
 * Times are whole milliseconds; text is parsed exactly (no floating point),
 * so "0.1" is 100 ms and finer than a millisecond is an error.
 */
#ifndef TESSERA_ARENA_TIMECONTROL_H
#define TESSERA_ARENA_TIMECONTROL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    bool has_clock;
    int moves;           /* moves per period; 0 = the whole game is one period */
    int64_t base_ms;     /* clock time per period */
    int64_t inc_ms;      /* added after each move */
    int64_t movetime_ms; /* st=; 0 = none */
    int depth;           /* 0 = none */
    int64_t nodes;       /* 0 = none */
    int64_t margin_ms;   /* timemargin: grace before a flag falls */
} TimeControl;

/* Decimal seconds ("1", "0.05", "12.5") to milliseconds. */
bool tc_parse_seconds(const char *text, int64_t *ms, char *err, size_t err_size);

/* "MOVES/SECONDS+INC", "SECONDS+INC" or "SECONDS" into the clock fields. */
bool tc_parse_clock(const char *text, TimeControl *tc, char *err, size_t err_size);

/* True when something bounds the engine's thinking. */
bool tc_is_limited(const TimeControl *tc);

/* Short text such as "40/60+0.6", "10+0.1 depth=3", "st=1", "depth=1". */
void tc_format(const TimeControl *tc, char *out, size_t out_size);

/* Seconds with up to three decimals and no trailing zeros: 1500 -> "1.5". */
void tc_format_seconds(int64_t ms, char *out, size_t out_size);

/* One player's clock during a game. */
typedef struct {
    int64_t left_ms;
    int moves_played;
} Clock;

void clock_start(Clock *clock, const TimeControl *tc);

/* Moves left in the current period (for movestogo); 0 when not periodic. */
int clock_moves_to_go(const Clock *clock, const TimeControl *tc);

/* How long the engine may think on this move before it loses on time, or
 * fallback_ms when neither a clock nor st bounds it. */
int64_t clock_allowance_ms(const Clock *clock, const TimeControl *tc, int64_t fallback_ms);

/* Charges a move that took elapsed_ms.  Returns false when the flag fell
 * (the think time exceeded the allowance); the clock is updated either way:
 * time spent, increment added, a new period begun. */
bool clock_spend(Clock *clock, const TimeControl *tc, int64_t elapsed_ms);

#endif
