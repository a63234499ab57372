/* bench.h - `tessera bench`: fixed workloads whose counts are signatures
 * (they change only when move generation or search changes) and whose
 * speeds are the figures we report.  The search positions are each game's
 * own (Game.bench_positions), naming no game; `bench proof` alone names
 * one, Room and Pillar, whose boards the proof search settles. */
#ifndef TESSERA_BENCH_H
#define TESSERA_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/search.h"

/* The alpha-beta signature: the nodes `tessera bench` (alphabeta, one
 * thread) searches in all, each game at its own defaults of the search
 * settings (Game.setting_defaults: Qawale's AbEvalOrderWidth, Territoire's
 * reductions and proof share).  A change
 * meant to leave the search alone must leave it alone; a change that
 * alters the search or a default updates it on purpose and says so in its
 * commit (tests/unit/test_bench.c checks it). */
#define BENCH_ALPHABETA_SIGNATURE 4043404u

/* One search of the bench, as it finished. */
typedef struct {
    const Game *game;
    const BenchPosition *position;
    uint64_t nodes;
    int64_t microseconds;
} BenchRow;

/* Searches every game's bench positions with a fresh engine of backend at
 * threads, calling on_row (may be NULL) after each; *total_nodes is their
 * sum.  False (with a message on stderr) when a position or the engine
 * could not be made. */
bool bench_searches(const Backend *backend, int threads, void (*on_row)(const BenchRow *row),
                    uint64_t *total_nodes);

/* One run of `bench proof`: proven (a mate score) or stopped at the cap.
 * The search goes on after its proof to shorten the win to the exact
 * distance: proof_microseconds is the time to the first proven score (the
 * time to proof), microseconds the whole search's. */
typedef struct {
    bool proven;
    int64_t proof_microseconds; /* -1 when not proven */
    int64_t microseconds;
    SearchResult result;
} ProofRun;

/* Proves fen (a position of g) with an alpha-beta engine at threads and
 * fresh tables of hash_mb, for at most the bench's cap; false when fen is
 * rejected. */
bool bench_prove(BackendEngine *engine, int threads, size_t hash_mb, const Game *g, const char *fen, ProofRun *run);

/* `bench proof`: times to proof of Room and Pillar positions of growing
 * size at threads (bench_proof.c); 1 when one is not proven in time. */
int bench_proof(int threads);

/* argv after "bench": [perft [GAME]], [proof [threads N]] or
 * [search] [BACKEND] [threads N];
 * returns an exit status (2 for a word it does not know). */
int bench_main(int argc, char **argv);

#endif
