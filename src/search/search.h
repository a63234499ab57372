/*
 * search.h - what every search backend receives and provides.
 *
 * The protocol builds a SearchJob (the position with its history, the
 * limits, the engine's settings) and the searcher runs backend->search on
 * its own thread.  Backends never name a game: they use the Game verbs.
 */
#ifndef TESSERA_SEARCH_H
#define TESSERA_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "games/record.h"

/* Limits of one `go`, already turned from colours / p1-p2 into "mine" and
 * "theirs" by the protocol.  -1 (or 0 for depth and nodes) means not given. */
typedef struct {
    int64_t my_time, my_inc;
    int64_t their_time, their_inc;
    int movestogo;
    int64_t movetime;
    int depth;
    uint64_t nodes;
    bool infinite;
} SearchLimits;

typedef struct {
    const Game *game;
    GameRecord record; /* record.current is the root; the rest is history for tree reuse */
    SearchLimits limits;
    int threads;
    size_t hash_mb;
    uint64_t seed;
    int move_overhead_ms; /* time lost per move to pipes and scheduling */
    int64_t start_ms;     /* when `go` arrived, on the now_ms() clock */
    atomic_bool stop;     /* raised by `stop`, `quit`, or the searcher */
    bool quiet;           /* no info lines (bench) */
    uint64_t nodes_searched; /* filled by the backend when it returns (bench's signature) */
} SearchJob;

/* Scores: centi-units from the side to move's view.  Proven results are
 * outside +-SCORE_PROVEN and reported as `mate N` (N whole turns). */
#define SCORE_INFINITE 32000
#define SCORE_WIN 31000
#define SCORE_PROVEN 30000
#define MAX_REPORTED_PV 128

/* One `info` line's content. */
typedef struct {
    int depth, seldepth;
    int score;      /* centi-units, ignored when mate_turns != 0 */
    int mate_turns; /* >0: side to move wins in N turns; <0: loses in -N; 0: no proof */
    uint64_t nodes;
    int hashfull; /* per mille; -1 when the backend has no table */
    const Move *pv;
    int pv_length;
    const char *extra; /* appended before pv (e.g. "playouts 1234"); may be NULL */
} SearchInfo;

typedef struct Backend {
    const char *id;
    /* Tunable settings, exposed as spin options (same shape as game weights). */
    const GameParam *params;
    int param_count;
    /* Searches job->record.current (never a finished game) until the limits
     * or job->stop, printing info lines with search_report; returns the move
     * to play, which must be legal. */
    Move (*search)(SearchJob *job);
    /* Forget what was learnt (tables, trees) and get ready for a game at
     * hash_mb megabytes (the Hash option): memory may be made here, outside
     * any clock. */
    void (*new_game)(size_t hash_mb);
    void (*release)(void);  /* free memory; the next search allocates again */
} Backend;

#endif
