/* test_arena_pgn.c - PGN records written and read back, tallies of pairs
 * and standings, and merge of PGN files. */
#include <unistd.h>

#include "harness.h"

#include "arena/merge.h"
#include "arena/pgn.h"
#include "arena/report.h"
#include "arena/results.h"
#include "games/registry.h"

static char path_a[64], path_b[64], path_all[64], path_cut[64];

static void make_paths(void)
{
    /* The cut test rewrites a file some two thousand times: in memory
     * (tmpfs) where there is one, since a disk makes truncate-and-rewrite
     * wait for the device. */
    snprintf(path_cut, sizeof path_cut, "%s/tessera_pgn_cut_%ld.pgn", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
             (long)getpid());
    snprintf(path_a, sizeof path_a, "/tmp/tessera_pgn_a_%ld.pgn", (long)getpid());
    snprintf(path_b, sizeof path_b, "/tmp/tessera_pgn_b_%ld.pgn", (long)getpid());
    snprintf(path_all, sizeof path_all, "/tmp/tessera_pgn_all_%ld.pgn", (long)getpid());
}

/* A short Room and Pillar game: d4, swap, e4 ... ended by a crash. */
static void sample_result(MatchResult *r, Termination termination, PlayerResult result, const char *detail)
{
    const Game *g = &roomandpillar_game;
    Position start;
    char err[256];
    g->parse_position(g->start_fen, &start, err, sizeof err);
    record_start(&r->record, g, &start);
    const char *moves[] = {"d4", "swap", "e4", NULL};
    for (int i = 0; moves[i]; i++) {
        CHECK(record_play_text(&r->record, moves[i], err, sizeof err));
        r->think_ms[i] = 1234 * (i + 1);
    }
    r->termination = termination;
    r->result = result;
    r->culprit = -1;
    snprintf(r->detail, sizeof r->detail, "%s", detail);
}

static bool write_game(FILE *f, int64_t round, const char *white, const char *black, PlayerResult result)
{
    static MatchResult r;
    char err[256];
    sample_result(&r, TERM_NORMAL, result, "detail {with braces} and 1-0 inside");
    PgnGame g = {"test", "2024.01.02", round, white, black, "10+0.1", "10+0.1", &r};
    return pgn_write_game(f, &g, err, sizeof err);
}

/* A PGN file begun by a run with this seed and -repeat setting. */
static FILE *open_run(const char *path, const char *mode, int seed, bool repeat)
{
    char config[200], err[256];
    FILE *f = fopen(path, mode);
    snprintf(config, sizeof config, "game=roomandpillar\nseed=%d\nrepeat=%s\n", seed, repeat ? "on" : "off");
    CHECK(f && pgn_write_config(f, config, err, sizeof err));
    return f;
}

static bool collect_one(const PgnRecord *record, void *ctx, char *err, size_t err_size)
{
    (void)err;
    (void)err_size;
    PgnRecord *list = ctx;
    int i = 0;
    while (list[i].round)
        i++;
    list[i] = *record;
    return true;
}

static void test_game_is_written_with_its_tags(void)
{
    static MatchResult r;
    char text[8192], err[256];
    sample_result(&r, TERM_CRASH, RESULT_P1_WINS, "Beta (p2) killed by signal 11");
    FILE *f = fopen(path_a, "w");
    PgnGame g = {"tessera-arena roomandpillar", "2024.01.02", 7, "Alpha", "Beta", "10+0.1", "st=1", &r};
    CHECK(pgn_write_game(f, &g, err, sizeof err));
    fclose(f);
    f = fopen(path_a, "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    CHECK_CONTAINS(text, "[Round \"7\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n");
    CHECK_CONTAINS(text, "[Game \"roomandpillar\"]");
    CHECK_CONTAINS(text, "[FEN \"wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw b -\"]");
    CHECK_CONTAINS(text, "[P1Colour \"b\"]");
    CHECK_CONTAINS(text, "[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"st=1\"]");
    CHECK_CONTAINS(text, "[Termination \"crash\"]");
    CHECK_CONTAINS(text, "1. d4 {1.234s} swap {2.468s} 2. e4 {3.702s}");
    CHECK_CONTAINS(text, "{crash: Beta (p2) killed by signal 11} 1-0\n");
}

static void test_games_read_back(void)
{
    FILE *f = fopen(path_a, "w");
    CHECK(write_game(f, 1, "A", "B", RESULT_P2_WINS));
    CHECK(write_game(f, 2, "B \"quoted\"", "A", RESULT_DRAW));
    fclose(f);
    PgnRecord records[4];
    memset(records, 0, sizeof records);
    char err[256];
    long end;
    f = fopen(path_a, "r");
    CHECK(pgn_read(f, path_a, collect_one, records, &end, err, sizeof err));
    fclose(f);
    CHECK_EQ_INT(records[0].round, 1);
    CHECK_EQ_INT(records[0].result, RESULT_P2_WINS);
    CHECK_STR(records[0].game_id, "roomandpillar");
    CHECK_EQ_INT(records[1].round, 2);
    CHECK_STR(records[1].white, "B \"quoted\"");
    CHECK_EQ_INT(records[1].result, RESULT_DRAW);
    CHECK_EQ_INT(records[2].round, 0);
}

/* A kill in the middle of writing leaves a game without its result: it is
 * not read, and complete_end points just past the last whole game. */
static void test_game_cut_short_is_not_counted(void)
{
    FILE *f = fopen(path_a, "w");
    CHECK(write_game(f, 1, "A", "B", RESULT_P1_WINS));
    long whole = ftell(f);
    fprintf(f, "[Event \"test\"]\n[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n1. d4 {0.1s}");
    fclose(f);
    PgnRecord records[4];
    memset(records, 0, sizeof records);
    char err[256];
    long end;
    f = fopen(path_a, "r");
    CHECK(pgn_read(f, path_a, collect_one, records, &end, err, sizeof err));
    fclose(f);
    CHECK_EQ_INT(records[0].round, 1);
    CHECK_EQ_INT(records[1].round, 0);
    CHECK_EQ_INT(end, whole);
}

static bool count_visit(const PgnRecord *record, void *ctx, char *err, size_t err_size)
{
    (void)err;
    (void)err_size;
    int *rounds_seen = ctx;
    rounds_seen[record->round]++;
    return true;
}

static size_t read_whole(const char *path, char *text, size_t size)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, size - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    return n;
}

/* The file a run of three games writes: its configuration, then the
 * games; ends[k] is the offset just past game k+1 (after its blank line). */
#define CUT_GAMES 3
static const PlayerResult cut_results[CUT_GAMES] = {RESULT_P1_WINS, RESULT_DRAW, RESULT_P2_WINS};

static void write_games_from(FILE *f, int first, long *ends)
{
    for (int k = first; k < CUT_GAMES; k++) {
        CHECK(write_game(f, k + 1, k % 2 ? "B" : "A", k % 2 ? "A" : "B", cut_results[k]));
        if (ends)
            ends[k] = ftell(f);
    }
}

/* A kill can cut the file at any byte: inside the configuration, inside a
 * tag line, mid-movetext, right after a result before its newline.
 * Recovery keeps exactly the games whose result was written and leaves
 * the file ending on the blank line after the last of them (or empty), so
 * that the run that continues, writing the rest as an uninterrupted run
 * would, writes the very file an uninterrupted run writes. */
static void test_cut_at_every_offset_resumes_exactly(void)
{
    static char whole[16384], recovered[16384];
    long ends[CUT_GAMES];
    FILE *f = open_run(path_all, "w", 1, true);
    write_games_from(f, 0, ends);
    fclose(f);
    size_t length = read_whole(path_all, whole, sizeof whole);
    CHECK(length > 0 && length < sizeof whole - 1);
    int failures = 0;
    for (size_t cut = 0; cut <= length && failures < 3; cut++) {
        f = fopen(path_cut, "w");
        fwrite(whole, 1, cut, f);
        fclose(f);
        int rounds_seen[CUT_GAMES + 2] = {0}, expected = 0;
        while (expected < CUT_GAMES && (size_t)ends[expected] - 2 <= cut)
            expected++; /* the result token ends two bytes before ends[] */
        long kept_end;
        char err[256] = "";
        bool ok = pgn_recover(path_cut, count_visit, rounds_seen, &kept_end, err, sizeof err);
        size_t kept = read_whole(path_cut, recovered, sizeof recovered);
        bool seen_right = true;
        for (int k = 1; k <= CUT_GAMES; k++)
            seen_right = seen_right && rounds_seen[k] == (k <= expected);
        long expected_end = expected ? ends[expected - 1] : 0;
        bool right = ok && seen_right && kept_end == expected_end && kept == (size_t)expected_end &&
                     memcmp(recovered, whole, kept) == 0;
        if (!right) {
            char what[400];
            snprintf(what, sizeof what, "cut at %zu of %zu: ok %d (%s), kept %ld bytes (%ld expected), %d games expected",
                     cut, length, ok, err, kept_end, expected_end, expected);
            harness_fail(__FILE__, __LINE__, what);
            failures++;
        }
    }
}

static GameOutcome outcome(int64_t round, int p1, int p2, PlayerResult result)
{
    return (GameOutcome){round, p1, p2, result, TERM_NORMAL, 77, 1, true};
}

/* Rounds 1+2 and 3+4 are pairs; 5 is alone.  From A's (0) side: round 1
 * won and 2 lost (WL), round 3 drawn and 4 won (WD), round 5 lost. */
static void test_pairs_and_pentanomial_counts(void)
{
    ResultTable t;
    results_init(&t);
    results_engine(&t, "A");
    results_engine(&t, "B");
    GameOutcome games[] = {outcome(4, 1, 0, RESULT_P2_WINS), outcome(1, 0, 1, RESULT_P1_WINS),
                           outcome(2, 1, 0, RESULT_P1_WINS), outcome(3, 0, 1, RESULT_DRAW),
                           outcome(5, 0, 1, RESULT_P2_WINS)};
    for (int i = 0; i < 5; i++)
        results_add(&t, &games[i]);
    PairTally tally;
    results_pair(&t, 0, 1, &tally);
    CHECK_EQ_INT(tally.wdl.wins, 2);
    CHECK_EQ_INT(tally.wdl.draws, 1);
    CHECK_EQ_INT(tally.wdl.losses, 2);
    CHECK_EQ_INT(tally.penta.wl, 1);
    CHECK_EQ_INT(tally.penta.wd, 1);
    CHECK_EQ_INT(penta_pairs(tally.penta), 2);
    results_free(&t);
}

/* Consecutive games from different openings are not a pair. */
static void test_different_openings_do_not_pair(void)
{
    ResultTable t;
    results_init(&t);
    results_engine(&t, "A");
    results_engine(&t, "B");
    GameOutcome first = outcome(1, 0, 1, RESULT_P1_WINS), second = outcome(2, 1, 0, RESULT_P1_WINS);
    second.opening_key = 78;
    results_add(&t, &first);
    results_add(&t, &second);
    PairTally tally;
    results_pair(&t, 0, 1, &tally);
    CHECK_EQ_INT(penta_pairs(tally.penta), 0);
    CHECK_EQ_INT(wdl_games(tally.wdl), 2);
    results_free(&t);
}

/* The loser of a forfeit is charged with it; standings rank by points. */
static void test_standings_rank_by_points_and_charge_failures(void)
{
    ResultTable t;
    results_init(&t);
    results_engine(&t, "A");
    results_engine(&t, "B");
    results_engine(&t, "C");
    GameOutcome crash = {1, 0, 2, RESULT_P2_WINS, TERM_CRASH, 1, 1, true};
    GameOutcome win = outcome(2, 1, 2, RESULT_P1_WINS), draw = outcome(3, 0, 1, RESULT_DRAW);
    results_add(&t, &crash);
    results_add(&t, &win);
    results_add(&t, &draw);
    Standing s[3];
    results_standings(&t, s);
    CHECK_EQ_INT(s[0].engine, 1); /* B: 1.5 of 2 */
    CHECK_EQ_INT(s[1].engine, 2); /* C: 1 of 2 */
    CHECK_EQ_INT(s[2].engine, 0); /* A: 0.5 of 2 */
    CHECK_EQ_INT(s[2].failures[TERM_CRASH], 1);
    CHECK_EQ_INT(s[1].failures[TERM_CRASH], 0);
    results_free(&t);
}

static void report_text(ResultTable *t, char *text, size_t size)
{
    FILE *f = fmemopen(text, size, "w");
    report_print(f, t, NULL);
    fclose(f);
}

/* Two slices merged report exactly what the whole file reports. */
static void test_merge_of_slices_equals_the_whole(void)
{
    FILE *a = open_run(path_a, "w", 1, true), *b = open_run(path_b, "w", 1, true);
    FILE *all = open_run(path_all, "w", 1, true);
    PlayerResult results[6] = {RESULT_P1_WINS, RESULT_P1_WINS, RESULT_DRAW, RESULT_P2_WINS, RESULT_P2_WINS,
                               RESULT_DRAW};
    for (int k = 0; k < 6; k++) {
        const char *white = k % 2 ? "B" : "A", *black = k % 2 ? "A" : "B";
        CHECK(write_game(k < 3 ? a : b, k + 1, white, black, results[k]));
        CHECK(write_game(all, k + 1, white, black, results[k]));
    }
    fclose(a);
    fclose(b);
    fclose(all);
    ResultTable merged, whole;
    char err[256], text_merged[8192], text_whole[8192];
    results_init(&merged);
    results_init(&whole);
    char *slices[] = {path_b, path_a}, *one[] = {path_all};
    CHECK(merge_read(slices, 2, &merged, err, sizeof err));
    CHECK(merge_read(one, 1, &whole, err, sizeof err));
    CHECK_EQ_INT(merged.count, 6);
    CHECK_STR(merged.names[0], "A");
    report_text(&merged, text_merged, sizeof text_merged);
    report_text(&whole, text_whole, sizeof text_whole);
    CHECK_STR(text_merged, text_whole);
    /* From A's side: pairs (W, L), (D, W), (L, D). */
    CHECK_CONTAINS(text_whole, "Ptnml(0-2): [0, 1, 1, 1, 0]");
    results_free(&merged);
    results_free(&whole);
}

static void test_merge_refuses_a_game_twice(void)
{
    FILE *a = open_run(path_a, "w", 1, true);
    CHECK(write_game(a, 1, "A", "B", RESULT_DRAW));
    fclose(a);
    ResultTable t;
    char err[256];
    results_init(&t);
    char *twice[] = {path_a, path_a};
    CHECK(!merge_read(twice, 2, &t, err, sizeof err));
    CHECK_CONTAINS(err, "game 1 appears more than once");
    results_free(&t);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    make_paths();
    RUN(test_game_is_written_with_its_tags);
    RUN(test_games_read_back);
    RUN(test_game_cut_short_is_not_counted);
    RUN(test_cut_at_every_offset_resumes_exactly);
    RUN(test_pairs_and_pentanomial_counts);
    RUN(test_different_openings_do_not_pair);
    RUN(test_standings_rank_by_points_and_charge_failures);
    RUN(test_merge_of_slices_equals_the_whole);
    RUN(test_merge_refuses_a_game_twice);
    remove(path_a);
    remove(path_b);
    remove(path_all);
    remove(path_cut);
    return harness_end();
}
