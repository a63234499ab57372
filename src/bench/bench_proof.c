/* bench_proof.c - `tessera bench proof [threads N]`: the time the
 * alpha-beta backend takes to prove Room and Pillar positions of growing
 * size (a search with no limit, which ends when the proof search settles
 * the root and the win is shortened to its exact distance), with the
 * winner, its move and the nodes spent.  Time to proof is the time to the
 * first proven score, as a user of `go infinite` sees it (`score mate`).
 *
 * The positions are Room and Pillar's: the game whose boards the proof
 * search settles (issue 14 asks for this bench by name).  Each is capped at
 * PROOF_CAP_MS: a position not proven by then is printed as such and the
 * bench fails, rather than report a time that is no time to proof. */
#include "bench/bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "search/backends.h"
#include "util/clock.h"

#define PROOF_HASH_MB 256
#define PROOF_CAP_MS 120000

typedef struct {
    const char *name;
    const char *fen;
} ProofBenchPosition;

/* Starts of growing size (the pie rule applies to each: the first removal
 * is from a full board), then middle positions of the 8x8 game. */
static const ProofBenchPosition proof_positions[] = {
    {"4x4 start", "wbwb/bwbw/wbwb/bwbw b -"},
    {"6x4 start", "wbwbwb/bwbwbw/wbwbwb/bwbwbw b -"},
    {"5x6 start", "wbwbw/bwbwb/wbwbw/bwbwb/wbwbw/bwbwb b -"},
    {"6x6 start", "wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw b -"},
    {"8x6 start", "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -"},
    {"8x8 middle", "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwb..wbw/wbw.wbwb/..b..wbw/w...wbwb/b.bwbwbw w -"},
    {"8x8 after d4", "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbw.wbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw w s"},
    {"8x8 start", "wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -"},
};

#define PROOF_POSITION_COUNT ((int)(sizeof proof_positions / sizeof proof_positions[0]))

typedef struct {
    ProofRun *run;
    int64_t started_us;
} ProofClock;

static void note_first_proof(void *context, const SearchInfo *info)
{
    ProofClock *clock = context;
    if (info->mate_turns != 0 && clock->run->proof_microseconds < 0)
        clock->run->proof_microseconds = now_us() - clock->started_us;
}

bool bench_prove(BackendEngine *engine, int threads, size_t hash_mb, const Game *g, const char *fen, ProofRun *run)
{
    static SearchJob job; /* a whole game record: kept off the stack */
    Position root;
    char err[ERROR_TEXT_MAX];
    if (!g->parse_position(fen, &root, err, sizeof err)) {
        fprintf(stderr, "bench proof: position rejected: %s\n", err);
        return false;
    }
    memset(&job, 0, sizeof job);
    job.game = g;
    record_start(&job.record, g, &root);
    job.limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1,
                                .movetime = PROOF_CAP_MS};
    job.threads = threads;
    job.hash_mb = hash_mb;
    alphabeta_backend.new_game(engine, job.hash_mb);
    ProofClock clock = {.run = run};
    job.progress = (SearchProgress){.on_info = note_first_proof, .context = &clock};
    run->proof_microseconds = -1;
    job.start_ms = now_ms();
    clock.started_us = now_us();
    run->result = alphabeta_backend.search(engine, &job);
    run->microseconds = now_us() - clock.started_us;
    run->proven = run->result.mate_turns != 0 && run->proof_microseconds >= 0;
    return true;
}

/* The proof's first turns: the winner's move, or the loser's longest
 * defence and the winner's answer to it. */
static void format_opening(const Game *g, const Position *root, const SearchResult *r, char *out, size_t size)
{
    Position pos = *root;
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < r->pv_length && i < 2 && used + 1 < size; i++) {
        char move[64];
        g->format_move(&pos, r->pv[i], move, sizeof move);
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? "," : "", move);
        g->play(&pos, r->pv[i]);
        if (r->mate_turns > 0 || is_game_over(g, &pos))
            break;
    }
}

static void print_run(const Game *g, const ProofBenchPosition *p, const ProofRun *run)
{
    const SearchResult *r = &run->result;
    char winner[32] = "unproven", line[96] = "-";
    if (run->proven) {
        Position root;
        char err[ERROR_TEXT_MAX];
        g->parse_position(p->fen, &root, err, sizeof err);
        bool mover_wins = r->mate_turns > 0;
        int mover = g->side_to_move(&root);
        snprintf(winner, sizeof winner, "%s in %d", (mover == WHITE) == mover_wins ? "white" : "black",
                 mover_wins ? r->mate_turns : -r->mate_turns);
        format_opening(g, &root, r, line, sizeof line);
    }
    char proof_ms[32] = "-";
    if (run->proven)
        snprintf(proof_ms, sizeof proof_ms, "%.1f", run->proof_microseconds / 1000.0);
    printf("%-13s %10s %10.1f %12" PRIu64 " %-12s %-9s %s\n", p->name, proof_ms, run->microseconds / 1000.0,
           r->nodes, winner, line, p->fen);
}

int bench_proof(int threads)
{
    const Game *g = game_by_id("roomandpillar");
    BackendEngine *engine = alphabeta_backend.create();
    if (!g || !engine) {
        fprintf(stderr, "bench proof: out of memory\n");
        return 1;
    }
    backend_defaults_for_game(&alphabeta_backend, engine, g);
    printf("threads %d, Hash %d MB, at most %d s a position\n", threads, PROOF_HASH_MB, PROOF_CAP_MS / 1000);
    printf("%-13s %10s %10s %12s %-12s %-9s %s\n", "position", "proof ms", "exact ms", "nodes", "winner", "line",
           "fen");
    int64_t total_us = 0, total_exact_us = 0;
    int unproven = 0;
    bool ok = true;
    for (int i = 0; ok && i < PROOF_POSITION_COUNT; i++) {
        ProofRun run;
        ok = bench_prove(engine, threads, PROOF_HASH_MB, g, proof_positions[i].fen, &run);
        if (!ok)
            break;
        print_run(g, &proof_positions[i], &run);
        fflush(stdout);
        total_us += run.proven ? run.proof_microseconds : run.microseconds;
        total_exact_us += run.microseconds;
        unproven += !run.proven;
    }
    alphabeta_backend.destroy(engine);
    if (!ok)
        return 1;
    printf("Total time to proof: %.1f ms (to the exact distances: %.1f ms)\n", total_us / 1000.0,
           total_exact_us / 1000.0);
    if (unproven) {
        fprintf(stderr, "bench proof: %d position(s) not proven within %d s: no time to proof to report\n",
                unproven, PROOF_CAP_MS / 1000);
        return 1;
    }
    return 0;
}
