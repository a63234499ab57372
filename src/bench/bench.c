/* bench.c - `tessera bench`: perft and fixed-depth searches over every
 * game's own bench positions, printed as a table. */
#include "bench/bench.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "nn/evaluation.h"
#include "search/backends.h"
#include "util/clock.h"
#include "util/parse_number.h"

#define BENCH_HASH_MB 16
#define BENCH_USAGE "bench [perft [GAME] | proof [threads N] | [search] [BACKEND] [threads N] [eval classic|nn]]"

static bool load_bench_position(const Game *g, const char *fen, Position *out)
{
    char err[ERROR_TEXT_MAX];
    if (g->parse_position(fen ? fen : g->start_fen, out, err, sizeof err))
        return true;
    fprintf(stderr, "bench: %s position rejected: %s\n", g->id, err);
    return false;
}

static int bench_perft(const char *only_game)
{
    if (only_game && !game_by_id(only_game)) {
        fprintf(stderr, "bench: unknown game '%s'\n", only_game);
        return 2;
    }
    printf("%-14s %5s %14s %10s %14s\n", "game", "depth", "leaves", "ms", "leaves/s");
    uint64_t total = 0;
    for (int i = 0; all_games[i]; i++) {
        const Game *g = all_games[i];
        Position start;
        if (only_game && strcmp(only_game, g->id) != 0)
            continue;
        if (!load_bench_position(g, NULL, &start))
            return 1;
        int64_t t0 = now_us();
        uint64_t leaves = perft(g, &start, g->bench_perft_depth);
        int64_t us = now_us() - t0;
        total += leaves;
        printf("%-14s %5d %14" PRIu64 " %10.1f %14.0f\n", g->id, g->bench_perft_depth, leaves, us / 1000.0,
               us > 0 ? leaves * 1e6 / (double)us : 0.0);
    }
    printf("total leaves %" PRIu64 "\n", total);
    return 0;
}

/* One bench search on engine; false when the position is rejected. */
static bool bench_one(const Backend *backend, BackendEngine *engine, int threads, const Game *g,
                      const BenchPosition *p, BenchRow *row)
{
    static SearchJob job; /* a whole game record: kept off the stack */
    Position root;
    if (!load_bench_position(g, p->fen, &root))
        return false;
    memset(&job, 0, sizeof job);
    job.game = g;
    record_start(&job.record, g, &root);
    job.limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1, .depth = p->depth};
    job.threads = threads;
    job.hash_mb = BENCH_HASH_MB;
    job.start_ms = now_ms();
    /* The game's own defaults: the signature follows them. */
    backend_defaults_for_game(backend, engine, g);
    backend->new_game(engine, job.hash_mb);
    int64_t t0 = now_us();
    SearchResult result = backend->search(engine, &job);
    *row = (BenchRow){g, p, result.nodes, now_us() - t0};
    return true;
}

bool bench_searches(const Backend *backend, int threads, void (*on_row)(const BenchRow *row),
                    uint64_t *total_nodes)
{
    *total_nodes = 0;
    BackendEngine *engine = backend->create();
    if (!engine) {
        fprintf(stderr, "bench: out of memory\n");
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && all_games[i]; i++)
        for (int k = 0; ok && k < all_games[i]->bench_position_count; k++) {
            BenchRow row;
            ok = bench_one(backend, engine, threads, all_games[i], &all_games[i]->bench_positions[k], &row);
            if (ok && on_row)
                on_row(&row);
            *total_nodes += ok ? row.nodes : 0;
        }
    backend->destroy(engine);
    return ok;
}

static int64_t printed_us; /* the printed rows' time, for the closing speed */

static void print_row(const BenchRow *row)
{
    const char *fen = row->position->fen;
    int64_t us = row->microseconds;
    printed_us += us;
    printf("%-14s %6d %12" PRIu64 " %10.1f %12.0f  %s\n", row->game->id, row->position->depth, row->nodes,
           us / 1000.0, us > 0 ? row->nodes * 1e6 / (double)us : 0.0, fen ? fen : "startpos");
}

static int bench_search(const Backend *backend, int threads)
{
    uint64_t total_nodes;
    printed_us = 0;
    printf("%-14s %6s %12s %10s %12s  position\n", "game", "depth", "nodes", "ms", "nps");
    if (!bench_searches(backend, threads, print_row, &total_nodes))
        return 1;
    printf("Nodes searched: %" PRIu64 "\n", total_nodes);
    printf("Nodes/second: %.0f\n", printed_us > 0 ? total_nodes * 1e6 / (double)printed_us : 0.0);
    /* The time to reach the bench's depths (playouts): what more threads
     * must shorten, where nodes/second may grow with repeated work. */
    printf("Total time: %.1f ms\n", printed_us / 1000.0);
    return 0;
}

static bool parse_threads(const char *text, int *threads)
{
    int64_t n;
    if (parse_int64(text, 1, SEARCH_MAX_THREADS, &n) != NUMBER_OK)
        return false;
    *threads = (int)n;
    return true;
}

/* proof [threads N] */
static int bench_proof_words(int argc, char **argv)
{
    int threads = 1;
    if (argc == 0)
        return bench_proof(threads);
    if (argc >= 1 && strcmp(argv[0], "threads") == 0 && (argc != 2 || !parse_threads(argv[1], &threads))) {
        fprintf(stderr, "bench proof: threads needs a number from 1 to %d\n", SEARCH_MAX_THREADS);
        return 2;
    }
    if (argc == 2 && strcmp(argv[0], "threads") == 0)
        return bench_proof(threads);
    fprintf(stderr, "bench proof: unexpected '%s' (expected: bench proof [threads N])\n", argv[0]);
    return 2;
}

static bool select_evaluation(const char *kind)
{
    char err[600];
    const bool nn = strcmp(kind, "nn") == 0;
    if (!nn && strcmp(kind, "classic") != 0) {
        fprintf(stderr, "bench: eval needs classic or nn, not '%s'\n", kind);
        return false;
    }
    if (!evaluation_select(nn ? EVALUATION_NN : EVALUATION_CLASSIC, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        return false;
    }
    return true;
}

int bench_main(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "perft") == 0) {
        if (argc > 2) {
            fprintf(stderr, "bench perft: unexpected '%s' (expected: bench perft [GAME])\n", argv[2]);
            return 2;
        }
        return bench_perft(argc == 2 ? argv[1] : NULL);
    }
    if (argc >= 1 && strcmp(argv[0], "proof") == 0)
        return bench_proof_words(argc - 1, argv + 1);
    const Backend *backend = default_backend();
    bool backend_given = false;
    int threads = 1;
    for (int i = 0; i < argc; i++) {
        if (i == 0 && strcmp(argv[i], "search") == 0)
            continue;
        if (strcmp(argv[i], "threads") == 0) {
            if (i + 1 >= argc || !parse_threads(argv[i + 1], &threads)) {
                fprintf(stderr, "bench: threads needs a number from 1 to %d\n", SEARCH_MAX_THREADS);
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "eval") == 0) {
            /* Every game with its network, or none (the default, without
             * this word, is Eval=auto's: the signature's). */
            if (i + 1 >= argc || !select_evaluation(argv[i + 1]))
                return 2;
            i++;
        } else if (!backend_given && backend_by_id(argv[i])) {
            backend = backend_by_id(argv[i]);
            backend_given = true;
        } else {
            fprintf(stderr, "bench: unknown word '%s' (expected: %s)\n", argv[i], BENCH_USAGE);
            return 2;
        }
    }
    return bench_search(backend, threads);
}
