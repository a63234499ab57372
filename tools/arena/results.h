/*
 * results.h - the finished games of a run (or of merged PGN files) and the
 * tallies drawn from them: W/D/L and pentanomial pair counts per pairing,
 * standings per engine.  A run's final report and `merge` both print from
 * a ResultTable, so equal games give equal reports.
 */
#ifndef TESSERA_ARENA_RESULTS_H
#define TESSERA_ARENA_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena/match.h"
#include "arena/spec.h"
#include "arena/stats.h"

#define ARENA_MAX_ENGINES 32

typedef struct {
    int64_t round; /* game number, 1-based */
    int p1, p2;    /* engine indices */
    PlayerResult result;
    Termination termination;
    uint64_t opening_key; /* equal for the two games of a pair */
    uint64_t series;      /* the run's seed: game numbers count within it */
    bool paired;          /* its run repeated each opening (-repeat) */
} GameOutcome;

typedef struct {
    char names[ARENA_MAX_ENGINES][SPEC_NAME_MAX];
    int engine_count;
    GameOutcome *games;
    size_t count, capacity;
} ResultTable;

typedef struct {
    int a, b;  /* counts are from a's point of view */
    Wdl wdl;
    Pentanomial penta;
} PairTally;

typedef struct {
    int engine;
    Wdl wdl; /* against everybody */
    int64_t failures[TERM_COUNT]; /* games lost (or drawn) by its own fault */
} Standing;

void results_init(ResultTable *table);
void results_free(ResultTable *table);

/* Index of the engine with this name, added when new; -1 when the table
 * is full. */
int results_engine(ResultTable *table, const char *name);

/* Adds a game, keeping the table in order of series, then round (pairs
 * become neighbours). */
bool results_add(ResultTable *table, const GameOutcome *game);

/* Restores the order by series and round after games were changed in
 * place (a no-op for a table filled only through results_add). */
void results_sort(ResultTable *table);

/* Key of an opening, from its position string. */
uint64_t results_opening_key(const char *fen);

/* Tallies the games between a and b.  A pair is two games of a run that
 * repeats openings (paired), of one series, of consecutive rounds 2j+1 and
 * 2j+2, with the same opening and the players reversed: pairs come from
 * the schedule only, never from two games that happen to share an opening. */
void results_pair(const ResultTable *table, int a, int b, PairTally *out);

/* One Standing per engine, best first (by points, then by fewer games,
 * then by engine order). */
void results_standings(const ResultTable *table, Standing *out);

#endif
