#include "bench/bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "search/backends.h"
#include "util/clock.h"

/* Perft depths chosen so each game takes about a second or a few. */
typedef struct {
    const char *game_id;
    int depth;
} PerftCase;

static const PerftCase perft_cases[] = {
    {"roomandpillar", 10},
    {"columna", 3},
    {"qawale", 4},
    {"territoire", 3},
};

static int bench_perft(const char *only_game)
{
    printf("%-14s %5s %14s %10s %14s\n", "game", "depth", "leaves", "ms", "leaves/s");
    uint64_t total = 0;
    for (size_t i = 0; i < sizeof perft_cases / sizeof perft_cases[0]; i++) {
        const PerftCase *c = &perft_cases[i];
        const Game *g = game_by_id(c->game_id);
        if (!g || (only_game && strcmp(only_game, g->id) != 0))
            continue;
        Position start;
        char err[ERROR_TEXT_MAX];
        if (!g->parse_position(g->start_fen, &start, err, sizeof err)) {
            fprintf(stderr, "bench: %s start position rejected: %s\n", g->id, err);
            return 1;
        }
        int64_t t0 = now_us();
        uint64_t leaves = perft(g, &start, c->depth);
        int64_t us = now_us() - t0;
        total += leaves;
        printf("%-14s %5d %14" PRIu64 " %10.1f %14.0f\n", g->id, c->depth, leaves, us / 1000.0,
               us > 0 ? leaves * 1e6 / (double)us : 0.0);
    }
    printf("total leaves %" PRIu64 "\n", total);
    return 0;
}

/* Search bench positions: the start and a RULES.md middle position per game. */
typedef struct {
    const char *game_id;
    const char *fen; /* NULL = start */
    int depth;
} SearchCase;

static const SearchCase search_cases[] = {
    {"roomandpillar", NULL, 23},
    {"roomandpillar", "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwb..wbw/wbw.wbwb/..b..wbw/w...wbwb/b.bwbwbw w -", 20},
    {"columna", NULL, 9},
    {"columna", "03b001b1/211w11w2/311110/001110/111b1b1w2/11w2011 w p", 9},
    {"qawale", NULL, 6},
    {"qawale", "nn,.,.,nn/.,bw,w,./.,nn,n,./.,.,n,. b 6 7", 5},
    {"territoire", NULL, 12},
    {"territoire", "3.6b2.5b1.4.4.5b1.6b3w2.1.2w5.3.4b6w6.3.4.2.5w1.5.1.3.4.2.6w2.4w6b1.5.3. 19 b 543 651 0 0", 10},
};

static int bench_search(const char *backend_id, int threads)
{
    const Backend *b = backend_by_id(backend_id);
    if (!b) {
        fprintf(stderr, "bench: unknown backend '%s'\n", backend_id);
        return 2;
    }
    uint64_t total_nodes = 0;
    int64_t total_us = 0;
    printf("%-14s %6s %12s %10s %12s  position\n", "game", "depth", "nodes", "ms", "nps");
    for (size_t i = 0; i < sizeof search_cases / sizeof search_cases[0]; i++) {
        const SearchCase *c = &search_cases[i];
        const Game *g = game_by_id(c->game_id);
        static SearchJob job;
        Position root;
        char err[ERROR_TEXT_MAX];
        if (!g || !g->parse_position(c->fen ? c->fen : g->start_fen, &root, err, sizeof err)) {
            fprintf(stderr, "bench: %s position rejected\n", c->game_id);
            return 1;
        }
        memset(&job, 0, sizeof job);
        job.game = g;
        record_start(&job.record, g, &root);
        job.limits = (SearchLimits){-1, -1, -1, -1, 0, -1, c->depth, 0, false};
        job.threads = threads;
        job.hash_mb = 16;
        job.quiet = true;
        job.start_ms = now_ms();
        b->new_game(job.hash_mb);
        int64_t t0 = now_us();
        b->search(&job);
        int64_t us = now_us() - t0;
        total_nodes += job.nodes_searched;
        total_us += us;
        printf("%-14s %6d %12" PRIu64 " %10.1f %12.0f  %s\n", g->id, c->depth, job.nodes_searched, us / 1000.0,
               us > 0 ? job.nodes_searched * 1e6 / (double)us : 0.0, c->fen ? c->fen : "startpos");
    }
    b->release();
    printf("Nodes searched: %" PRIu64 "\n", total_nodes);
    printf("Nodes/second: %.0f\n", total_us > 0 ? total_nodes * 1e6 / (double)total_us : 0.0);
    return 0;
}

int bench_main(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "perft") == 0)
        return bench_perft(argc >= 2 ? argv[1] : NULL);
    const char *backend = argc >= 1 ? argv[0] : "alphabeta";
    if (strcmp(backend, "search") == 0)
        backend = argc >= 2 ? argv[1] : "alphabeta";
    int threads = 1;
    for (int i = 0; i + 1 < argc; i++)
        if (strcmp(argv[i], "threads") == 0)
            threads = atoi(argv[i + 1]);
    if (!backend_by_id(backend))
        backend = default_backend()->id;
    return bench_search(backend, threads > 0 ? threads : 1);
}
