/* test_tt.c - the transposition table: what goes in comes out, torn or
 * foreign entries read as misses, proven results stay, old ones go first;
 * and the proof search's table: numbers read back, the least worked entry
 * makes room. */
#include "harness.h"
#include "search/alphabeta/proof_table.h"
#include "search/tt.h"

static void test_tt_stored_entry_reads_back(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 0x1234567890ABCDEFULL, 0xFEDCBA9876543210ULL, -1234, 7, TT_BOUND_LOWER);
    TTEntry e;
    CHECK(tt_probe(&tt, 0x1234567890ABCDEFULL, &e));
    CHECK_EQ_U64(e.move, 0xFEDCBA9876543210ULL);
    CHECK_EQ_INT(e.score, -1234);
    CHECK_EQ_INT(e.depth, 7);
    CHECK_EQ_INT(e.bound, TT_BOUND_LOWER);
    tt_free(&tt);
}

/* A clear empties the table without a pass over it (the entries carry
 * the clear they belong to), also after the count of clears wraps round
 * to the one an entry was stored under. */
static void test_tt_cleared_entry_misses_even_after_the_clears_wrap(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 77, 5, 10, 3, TT_BOUND_EXACT);
    tt_clear(&tt);
    TTEntry e;
    CHECK(!tt_probe(&tt, 77, &e));
    tt_store(&tt, 78, 6, 11, 3, TT_BOUND_EXACT);
    CHECK(tt_probe(&tt, 78, &e));
    for (int i = 0; i < 65536; i++)
        tt_clear(&tt);
    CHECK(!tt_probe(&tt, 78, &e));
    CHECK(!tt_probe(&tt, 77, &e));
    tt_store(&tt, 79, 7, 12, 3, TT_BOUND_EXACT);
    CHECK(tt_probe(&tt, 79, &e));
    tt_free(&tt);
}

static void test_tt_other_key_misses(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 42, 1, 10, 3, TT_BOUND_EXACT);
    TTEntry e;
    CHECK(!tt_probe(&tt, 43, &e));
    CHECK(!tt_probe(&tt, 0, &e)); /* an empty entry is not key 0 */
    tt_free(&tt);
}

static void test_tt_torn_entry_reads_as_miss(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 99, 5, 10, 3, TT_BOUND_EXACT);
    /* Another thread's half-written move: the check word no longer fits. */
    for (size_t i = 0; i < tt.bucket_count * 12; i += 3)
        if (atomic_load(&tt.words[i + 1]) == 5)
            atomic_store(&tt.words[i + 1], 6);
    TTEntry e;
    CHECK(!tt_probe(&tt, 99, &e));
    tt_free(&tt);
}

static void test_tt_proven_result_survives_shallower_store(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 7, 1, 30990, TT_DEPTH_PROVEN, TT_BOUND_LOWER);
    tt_new_search(&tt);
    tt_store(&tt, 7, 2, 15, 12, TT_BOUND_EXACT);
    TTEntry e;
    CHECK(tt_probe(&tt, 7, &e));
    CHECK_EQ_INT(e.score, 30990);
    CHECK_EQ_INT(e.depth, TT_DEPTH_PROVEN);
    tt_free(&tt);
}

static void test_tt_keeps_old_move_when_new_result_has_none(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, 11, 77, 5, 2, TT_BOUND_LOWER);
    tt_store(&tt, 11, MOVE_NONE, -5, 3, TT_BOUND_UPPER);
    TTEntry e;
    CHECK(tt_probe(&tt, 11, &e));
    CHECK_EQ_U64(e.move, 77);
    CHECK_EQ_INT(e.depth, 3);
    tt_free(&tt);
}

/* Keys that all land in bucket 0 of a table (multiply-shift indexing). */
static uint64_t key_in_first_bucket(int i) { return (uint64_t)(i + 1) * 16; }

static void test_tt_full_bucket_replaces_older_search_first(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    tt_store(&tt, key_in_first_bucket(0), 1, 0, 20, TT_BOUND_EXACT); /* old but deep */
    tt_new_search(&tt);
    for (int i = 1; i < 4; i++)
        tt_store(&tt, key_in_first_bucket(i), 1, 0, 2, TT_BOUND_EXACT);
    tt_store(&tt, key_in_first_bucket(4), 1, 0, 2, TT_BOUND_EXACT);
    TTEntry e;
    CHECK(!tt_probe(&tt, key_in_first_bucket(0), &e));
    for (int i = 1; i <= 4; i++)
        CHECK(tt_probe(&tt, key_in_first_bucket(i), &e));
    tt_free(&tt);
}

static void test_tt_hashfull_counts_this_search_only(void)
{
    TransTable tt;
    CHECK(tt_allocate(&tt, 1));
    CHECK_EQ_INT(tt_hashfull(&tt), 0);
    for (uint64_t k = 1; k < 200000; k++)
        tt_store(&tt, k * 0x9E3779B97F4A7C15ULL, 1, 0, 1, TT_BOUND_EXACT);
    CHECK(tt_hashfull(&tt) > 300);
    tt_new_search(&tt);
    CHECK_EQ_INT(tt_hashfull(&tt), 0);
    tt_clear(&tt);
    TTEntry e;
    CHECK(!tt_probe(&tt, 0x9E3779B97F4A7C15ULL, &e));
    tt_free(&tt);
}

/* ---- the proof search's table ---- */

static void test_proof_table_numbers_read_back(void)
{
    ProofTable pt;
    CHECK(pt_allocate(&pt, 1));
    pt_store(&pt, 0xABCDEF0123456789ULL, (ProofNumbers){3, 17, 0}, 40);
    pt_store(&pt, 5, (ProofNumbers){0, PROOF_INFINITE, 9}, 2);
    ProofNumbers n;
    CHECK(pt_probe(&pt, 0xABCDEF0123456789ULL, &n));
    CHECK_EQ_INT((int)n.proof, 3);
    CHECK_EQ_INT((int)n.disproof, 17);
    CHECK(pt_probe(&pt, 5, &n));
    CHECK_EQ_INT((int)n.proof, 0);
    CHECK_EQ_INT((int)n.turns, 9);
    CHECK(!pt_probe(&pt, 6, &n));
    pt_store(&pt, 5, (ProofNumbers){PROOF_INFINITE, 0, 4}, 3); /* the same position again */
    CHECK(pt_probe(&pt, 5, &n));
    CHECK_EQ_INT((int)n.disproof, 0);
    pt_clear(&pt);
    CHECK(!pt_probe(&pt, 5, &n));
    pt_free(&pt);
}

static void test_proof_table_key_zero_is_no_free_slot(void)
{
    ProofTable pt;
    CHECK(pt_allocate(&pt, 1));
    ProofNumbers n;
    CHECK(!pt_probe(&pt, 0, &n));
    pt_store(&pt, 0, (ProofNumbers){1, 2, 0}, 1);
    CHECK(pt_probe(&pt, 0, &n));
    CHECK_EQ_INT((int)n.disproof, 2);
    pt_free(&pt);
}

static void test_proof_table_full_bucket_drops_least_work(void)
{
    ProofTable pt;
    CHECK(pt_allocate(&pt, 1));
    /* Four slots a bucket: the fifth key pushes out the one with least work. */
    for (int i = 0; i < 4; i++)
        pt_store(&pt, key_in_first_bucket(i), (ProofNumbers){1, 1, 0}, i == 2 ? 5 : 1000);
    pt_store(&pt, key_in_first_bucket(4), (ProofNumbers){1, 1, 0}, 1);
    ProofNumbers n;
    CHECK(!pt_probe(&pt, key_in_first_bucket(2), &n));
    for (int i = 0; i < 5; i++)
        if (i != 2)
            CHECK(pt_probe(&pt, key_in_first_bucket(i), &n));
    pt_free(&pt);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_tt_stored_entry_reads_back);
    RUN(test_tt_other_key_misses);
    RUN(test_tt_cleared_entry_misses_even_after_the_clears_wrap);
    RUN(test_tt_torn_entry_reads_as_miss);
    RUN(test_tt_proven_result_survives_shallower_store);
    RUN(test_tt_keeps_old_move_when_new_result_has_none);
    RUN(test_tt_full_bucket_replaces_older_search_first);
    RUN(test_tt_hashfull_counts_this_search_only);
    RUN(test_proof_table_numbers_read_back);
    RUN(test_proof_table_key_zero_is_no_free_slot);
    RUN(test_proof_table_full_bucket_drops_least_work);
    return harness_end();
}
