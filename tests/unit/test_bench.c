/*
 * test_bench.c - `tessera bench`: the alpha-beta node signature is the one
 * recorded in bench.h (so a change meant not to alter the search proves
 * it), and the command line refuses words it does not know instead of
 * benching something else.
 */
#include "harness.h"

#include "bench/bench.h"
#include "games/registry.h"
#include "search/backends.h"

/* The whole bench at one thread: a few seconds in release, too slow for
 * the sanitizer builds, which search the same code in the other tests. */
static void test_alphabeta_bench_signature_unchanged(void)
{
    if (!harness_slow_allowed())
        return;
    uint64_t nodes = 0;
    CHECK(bench_searches(&alphabeta_backend, 1, NULL, &nodes));
    CHECK_EQ_U64(nodes, BENCH_ALPHABETA_SIGNATURE);
}

static int bench_words(const char *a, const char *b, const char *c)
{
    char *argv[3] = {(char *)a, (char *)b, (char *)c};
    int argc = c ? 3 : b ? 2 : 1;
    return bench_main(argc, argv);
}

static void test_bench_refuses_unknown_words(void)
{
    CHECK_EQ_INT(bench_words("alphabeta", "bogus", NULL), 2);
    CHECK_EQ_INT(bench_words("nosuchbackend", NULL, NULL), 2);
    CHECK_EQ_INT(bench_words("search", "mcts", "threads"), 2);
    CHECK_EQ_INT(bench_words("threads", "0", NULL), 2);
    CHECK_EQ_INT(bench_words("threads", "2x", NULL), 2);
    CHECK_EQ_INT(bench_words("perft", "nosuchgame", NULL), 2);
    CHECK_EQ_INT(bench_words("perft", "columna", "extra"), 2);
    CHECK_EQ_INT(bench_words("mcts", "alphabeta", NULL), 2);
    CHECK_EQ_INT(bench_words("proof", "bogus", NULL), 2);
    CHECK_EQ_INT(bench_words("proof", "threads", "0"), 2);
    CHECK_EQ_INT(bench_words("proof", "threads", NULL), 2);
}

/* `bench proof`'s runs prove, and parallel provers (2 threads: one
 * prover; 3: two sharing the table with virtual proof numbers) agree with
 * the single thread on who wins small boards (the distance may differ: a
 * proof is not the shortest win). */
static void test_parallel_proofs_agree_with_one_thread(void)
{
    static const struct {
        const char *fen;
        int loser_sign; /* -1: the side to move loses */
    } boards[] = {
        {"wbwb/bwbw/wbwb/bwbw b -", -1},
        {"wbwbwb/bwbwbw/wbwbwb/bwbwbw b -", -1},
        {"wbw/bwb/wbw/bwb b -", 0},
    };
    const Game *g = game_by_id("roomandpillar");
    BackendEngine *engine = alphabeta_backend.create();
    CHECK(engine != NULL);
    for (size_t b = 0; engine && b < sizeof boards / sizeof boards[0]; b++) {
        int one_thread_sign = 0;
        for (int threads = 1; threads <= 3; threads++) {
            ProofRun run;
            CHECK(bench_prove(engine, threads, 4, g, boards[b].fen, &run));
            CHECK(run.proven);
            /* time to proof: the first proven score, before the shortening */
            CHECK(run.proof_microseconds >= 0 && run.proof_microseconds <= run.microseconds);
            int sign = run.result.mate_turns > 0 ? 1 : -1;
            if (threads == 1)
                one_thread_sign = sign;
            CHECK_EQ_INT(sign, one_thread_sign);
            if (boards[b].loser_sign)
                CHECK_EQ_INT(sign, boards[b].loser_sign);
        }
    }
    if (engine)
        alphabeta_backend.destroy(engine);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_alphabeta_bench_signature_unchanged);
    RUN(test_bench_refuses_unknown_words);
    RUN(test_parallel_proofs_agree_with_one_thread);
    return harness_end();
}
