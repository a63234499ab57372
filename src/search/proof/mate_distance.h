/*
 * proof/mate_distance.h - the exact distance of a proven result, for both
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
 * Pillar `swap` included), knows no game, stops when its caller says so,
 * and uses only the table's fixed memory.  Several threads may shorten
 * the same root at once, each with its own MateSearch on one table (and
 * one MateBusy): each answers from the others' work, and whichever
 * finishes first has the exact distance (search/proof/mate_shortening.h runs
 * them).  Until it finishes, the caller keeps the proof's bound: a
 * distance reported is never shorter than the truth.
 */
#ifndef TESSERA_MATE_DISTANCE_H
#define TESSERA_MATE_DISTANCE_H

#include <stdatomic.h>
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

/* The positions that the threads of one shortening are searching now, by
 * the top MATE_BUSY_BITS of their keys, each with its searcher: a thread
 * puts a child that another is searching off to the end of its node
 * (ABDADA's deferral), so that threads running side by side spread over
 * the tree instead of searching the same children in step.  A hint, never
 * a lock.  Small enough (8 KB) to stay in the cache: with 2^15 slots, a
 * look per child missed it and cost a tenth of the search's time; a few
 * dozen positions are busy at once, so two rarely share a slot (one then
 * goes unmarked).
 *
 * Only the marks of a thread that is running count: on a machine whose
 * other work leaves the threads one core between them, they take turns,
 * and a thread that kept out of the other's (suspended) path searched
 * worse-ordered children for nothing, 10 to 20% more nodes in all; there
 * the threads search as one would, in the same order, and split the work
 * through the table alone.  A thread is running while its node count,
 * published at every poll, moves. */
#define MATE_BUSY_BITS 10
#define MATE_MAX_THREADS 256
typedef struct {
    _Atomic uint64_t position[1 << MATE_BUSY_BITS]; /* key | searcher (low byte); 0 when free */
    struct {
        _Atomic uint64_t nodes;
        char apart[56]; /* one cache line each: written at every poll */
    } progress[MATE_MAX_THREADS];
} MateBusy;

/* What one thread of a shortening knows of the others: their node counts
 * at its last polls, and for how many polls each stood still. */
typedef struct {
    uint64_t nodes[MATE_MAX_THREADS];
    uint8_t still[MATE_MAX_THREADS];
} MatePeers;

typedef struct {
    const Game *game;
    MateTable *table;
    /* Shared by the threads of one shortening (zeroed before they start);
     * NULL for a search alone, which then searches as it always did. */
    MateBusy *busy;
    int thread, threads; /* with busy: this one's number, and how many */
    MatePeers *peers;    /* with busy: this one's own */
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
 * wrong, and the search goes on to the true distance.  The move is
 * checked by the questions that define it (a win in d: the opponent loses
 * within d - 1 after it; the slowest loss: the opponent does not win
 * within d - 2), whatever the table says. */
MateDistance mate_distance_shorten(MateSearch *ms, const Position *root, bool wins, int bound_plies);

/* The bounded questions themselves (ms->stopped tells a stopped search
 * apart from a no): does the side to move at pos, an unfinished game,
 * win (lose) with the game over within plies whole turns? */
bool mate_wins_within(MateSearch *ms, const Position *pos, int plies);
bool mate_loses_within(MateSearch *ms, const Position *pos, int plies);

#endif
