/*
 * mate_distance.h - the exact distance of a proven result, for both
 * backends (as a chess engine's mate search shortens a mate it found).
 *
 * A proof gives an upper bound on the distance: the quickest win, or the
 * longest defence, that the proof happened to see.  Shortening asks the
 * bounded questions "does the side to move win within d whole turns?"
 * (or "lose within d?") for d = 1, 2, ...: the first yes
 * is the exact distance, and every no before it shows that no shorter
 * result exists.  Each question is a null-window search that needs one
 * move where its player acts and every move where the opponent acts, with
 * a table of what is known per position (wins within d, does not win
 * within d; the same for losses), which the next d reuses.
 *
 * It counts whole turns (plays whole turns with Game.play, a Room and
 * Pillar `swap` included), knows no game, runs on one thread, stops when
 * its caller says so, and uses only the table's fixed memory.  Until it
 * finishes, the caller keeps the proof's bound: a distance reported is
 * never shorter than the truth.
 */
#ifndef TESSERA_MATE_DISTANCE_H
#define TESSERA_MATE_DISTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

/* The most moves a position may have for the search to answer there; a
 * longer list cannot be refuted, so a question about it stays open. */
#define MATE_MAX_MOVES 512
/* The longest distance asked about (whole turns). */
#define MATE_MAX_PLIES 1000
#define MATE_LINE_MAX 128

typedef struct MateSlot MateSlot;

typedef struct {
    MateSlot *slots;
    size_t bucket_count;
} MateTable;

/* A table of about megabytes MB (at least one bucket); false when out of memory. */
bool mate_table_allocate(MateTable *table, size_t megabytes);
void mate_table_free(MateTable *table);
void mate_table_clear(MateTable *table);

typedef struct {
    const Game *game;
    MateTable *table;
    /* Polled every few hundred nodes; true ends the search (NULL: never). */
    bool (*must_stop)(void *context);
    void *context;
    uint64_t nodes;
    bool stopped;
} MateSearch;

typedef struct {
    int plies;  /* whole turns to the end: exact when exact, else the bound given */
    bool exact; /* every shorter distance was refuted */
    Move move;  /* the root turn that wins fastest (or loses slowest); MOVE_NONE unless exact */
    Move line[MATE_LINE_MAX]; /* a line of that length, as far as the table holds it */
    int line_length;
} MateDistance;

/* root (an unfinished game) is proven won (wins) or lost for its side to
 * move, the game over within bound_plies whole turns.  Asks the bounded
 * question for d = 1, 2, ... until one is answered yes (the exact
 * distance) or ms->must_stop (the answer is then the bound, not exact).
 * It does not stop at the bound: a bound that its question refutes was
 * wrong, and the search goes on to the true distance. */
MateDistance mate_distance_shorten(MateSearch *ms, const Position *root, bool wins, int bound_plies);

/* The bounded questions themselves (ms->stopped tells a stopped search
 * apart from a no): does the side to move at pos, an unfinished game,
 * win (lose) with the game over within plies whole turns? */
bool mate_wins_within(MateSearch *ms, const Position *pos, int plies);
bool mate_loses_within(MateSearch *ms, const Position *pos, int plies);

#endif
