/* test_arena_pgn.c - PGN records written and read back, tallies of pairs
 * and standings, and merge of PGN files. */
#include <unistd.h>

#include "harness.h"
#include "filetest.h"

#include "arena/merge.h"
#include "arena/pgn.h"
#include "arena/pgn_move.h"
#include "arena/report.h"
#include "arena/results.h"
#include "games/registry.h"
#include "util/rng.h"

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

/* Reads the games of path into records, zeroed first so that the first
 * record of round 0 ends the list (collect_one fills the first free one);
 * *end is where the last whole game ends. */
static bool read_games(const char *path, PgnRecord *records, size_t count, long *end)
{
    char err[256] = "";
    memset(records, 0, count * sizeof *records);
    FILE *f = fopen(path, "r");
    const bool ok = f && pgn_read(f, path, collect_one, records, end, err, sizeof err);
    if (f)
        fclose(f);
    return ok;
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
    CHECK_CONTAINS(text, "[Termination \"crash\"]");
    /* Export format: the seven tag roster, then the others by name. */
    CHECK_CONTAINS(text, "[Result \"1-0\"]\n[BlackTimeControl \"st=1\"]\n[FEN ");
    CHECK_CONTAINS(text, "[Variant \"roomandpillar\"]\n[WhiteTimeControl \"10+0.1\"]\n\n");
    /* p2's moves follow a comment (the think time), so they are numbered. */
    CHECK_CONTAINS(text, "1. d4 {1.234s} 1... swap {2.468s} 2. e4 {3.702s}");
    /* Lines stay under 80 columns: the comment wraps. */
    CHECK_CONTAINS(text, " {crash: Beta (p2) killed by\nsignal 11} 1-0\n\n");
}

/* The sample game's movetext with these three think times (ms), as
 * pgn_write_game writes it to path_a. */
static void movetext_with_times(const int32_t think_ms[3], char *text, size_t size)
{
    static MatchResult r;
    char err[256];
    sample_result(&r, TERM_NORMAL, RESULT_DRAW, "agreed");
    memcpy(r.think_ms, think_ms, 3 * sizeof *think_ms);
    FILE *f = fopen(path_a, "w");
    PgnGame g = {"test", "2024.01.02", 1, "Alpha", "Beta", "10+0.1", "10+0.1", &r};
    CHECK(f && pgn_write_game(f, &g, err, sizeof err));
    if (f)
        fclose(f);
    file_read_text(path_a, text, size);
}

/* A think time keeps every digit of its milliseconds: 7 ms is {0.007s},
 * never {0.7s}, whatever the thousands before it. */
static void test_think_times_keep_their_milliseconds(void)
{
    static const struct {
        int32_t ms[3];
        const char *movetext;
    } cases[] = {
        {{0, 1, 7}, "1. d4 {0.000s} 1... swap {0.001s} 2. e4 {0.007s}"},
        {{70, 700, 1000}, "1. d4 {0.070s} 1... swap {0.700s} 2. e4 {1.000s}"},
        {{1234, 12000, 1007}, "1. d4 {1.234s} 1... swap {12.000s} 2. e4 {1.007s}"},
        {{10, 999, 60070}, "1. d4 {0.010s} 1... swap {0.999s} 2. e4 {60.070s}"},
    };
    char text[8192];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        movetext_with_times(cases[i].ms, text, sizeof text);
        CHECK_CONTAINS(text, cases[i].movetext);
    }
}

/* Every move of every game becomes a PGN symbol that starts with a letter
 * (one starting with a digit reads as a move number), and reads back as
 * the game's own text: random games of each, from the start (Territoire
 * also from random deals). */
typedef struct {
    MoveSink sink;
    Move moves[4096];
    int count;
} MoveList;

static bool collect_move(MoveSink *sink, Move move)
{
    MoveList *list = (MoveList *)sink;
    if (list->count < 4096)
        list->moves[list->count++] = move;
    return true;
}

static bool is_symbol_starting_with_a_letter(const char *token)
{
    if (!((token[0] >= 'a' && token[0] <= 'z') || (token[0] >= 'A' && token[0] <= 'Z')))
        return false;
    for (const char *p = token; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("_+#=:-", *p)))
            return false;
    return true;
}

static void test_moves_of_every_game_are_pgn_symbols_that_read_back(void)
{
    static MoveList list;
    Rng rng;
    rng_seed(&rng, 5);
    int failures = 0, checked = 0;
    for (int g = 0; all_games[g]; g++) {
        const Game *game = all_games[g];
        for (int playout = 0; playout < 20 && failures < 3; playout++) {
            Position pos;
            char err[256], text[MOVE_TEXT_MAX], token[MOVE_TEXT_MAX + 2], back[MOVE_TEXT_MAX];
            if (game->random_start && playout % 2)
                game->random_start(&pos, rng_next(&rng));
            else
                CHECK(game->parse_position(game->start_fen, &pos, err, sizeof err));
            for (int ply = 0; ply < 200 && game->outcome(&pos) == OUTCOME_ONGOING; ply++) {
                list.sink.emit = collect_move;
                list.count = 0;
                game->generate_moves(&pos, &list.sink);
                if (list.count == 0)
                    break;
                Move move = list.moves[rng_below(&rng, (uint64_t)list.count)];
                game->format_move(&pos, move, text, sizeof text);
                bool right = pgn_move_encode(text, token, sizeof token) && is_symbol_starting_with_a_letter(token) &&
                             pgn_move_decode(token, back, sizeof back) && strcmp(back, text) == 0;
                checked++;
                if (!right && failures++ < 3) {
                    char what[600];
                    snprintf(what, sizeof what, "%s move '%s' -> '%s' -> '%s'", game->id, text, token, back);
                    harness_fail(__FILE__, __LINE__, what);
                }
                game->play(&pos, move);
            }
        }
    }
    CHECK(checked > 1000);
}

/* The encoding, as pgn_move.h states it; a token of the old files (the
 * game's own text) reads back as itself. */
static void test_move_encoding_examples(void)
{
    const char *pairs[][2] = {{"b2b3,c4c5", "b2b3:c4c5"}, {"c4c5", "c4c5"}, {"17,3,x4", "M17:3:x4"},
                              {"17", "M17"},               {"x4,17,3", "x4:17:3"}, {"d4", "d4"},
                              {"swap", "swap"},             {"a1a2b2b1", "a1a2b2b1"}, {"Mx", "MMx"}};
    char token[64], back[64];
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        CHECK(pgn_move_encode(pairs[i][0], token, sizeof token));
        CHECK_STR(token, pairs[i][1]);
        CHECK(pgn_move_decode(token, back, sizeof back));
        CHECK_STR(back, pairs[i][0]);
    }
    const char *old[] = {"b2b3,c4c5", "17,3,x4", "17", "d4", "swap"};
    for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
        CHECK(pgn_move_decode(old[i], back, sizeof back));
        CHECK_STR(back, old[i]);
    }
    CHECK(!pgn_move_encode("a1 a2", token, sizeof token)); /* no symbol holds a blank */
    CHECK(!pgn_move_encode("a1:a2", token, sizeof token)); /* ':' would not read back */
    CHECK(!pgn_move_encode("b2b3,c4c5", token, 9));       /* does not fit */
}

/* A file the arena wrote before moves were PGN symbols (Territoire's
 * turns starting with a digit, commas, no "N...") reads as before. */
static void test_old_movetext_reads_back(void)
{
    FILE *f = fopen(path_a, "w");
    fputs("% tessera-arena run\n% game=territoire\n% seed=1\n\n"
          "[Event \"tessera-arena territoire\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n"
          "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Game \"territoire\"]\n[Termination \"normal\"]\n\n"
          "1. 8,23,24 {0.001s} 10,19,x4 {0.003s} 2. 3,12,31 {0.000s} {normal: B (p2) wins\nby the rules} 0-1\n\n",
          f);
    fclose(f);
    PgnRecord records[4];
    long end;
    CHECK(read_games(path_a, records, 4, &end));
    CHECK_EQ_INT(records[0].round, 3);
    CHECK_EQ_INT(records[0].result, RESULT_P2_WINS);
    CHECK_STR(records[0].game_id, "territoire");
    CHECK_EQ_INT(records[1].round, 0);
}

/* Export format: movetext lines shorter than 80 characters, none starting
 * or ending with a blank; a long closing comment is wrapped too, a word
 * longer than a line cut into pieces. */
static void test_movetext_lines_stay_under_80_columns(void)
{
    static MatchResult r;
    static char text[16384];
    char err[256], detail[1200];
    char word[121];
    memset(word, 'w', 120);
    word[120] = '\0';
    /* Words that must not start a line: '%' (an escape line) and '['. */
    char quirks[400] = "";
    for (int i = 0; i < 25; i++)
        strcat(quirks, i % 2 ? " ab [cd]" : " e %fg");
    snprintf(detail, sizeof detail, "Beta (p2)  played {an} illegal move '%s' and then,   for good measure, "
             "a long explanation of why it thought that was a fine idea,%s which goes on and on and on", word,
             quirks);
    sample_result(&r, TERM_ILLEGAL_MOVE, RESULT_P1_WINS, detail);
    FILE *f = fopen(path_a, "w");
    PgnGame g = {"tessera-arena roomandpillar", "2024.01.02", 1, "Alpha", "Beta", "10+0.1", "10+0.1", &r};
    CHECK(pgn_write_game(f, &g, err, sizeof err));
    fclose(f);
    file_read_text(path_a, text, sizeof text);
    const char *movetext = strstr(text, "\n\n") + 2;
    for (const char *line = movetext; *line && *line != '\n';) {
        size_t len = strcspn(line, "\n");
        CHECK(len < 80);
        CHECK(line[0] != ' ' && line[len - 1] != ' ');
        CHECK(line[0] != '%' && line[0] != '[');
        line += len + 1;
    }
    /* Read with its line ends as blanks, the comment says what it said
     * (blanks collapsed, braces made parentheses). */
    static char joined[16384];
    snprintf(joined, sizeof joined, "%s", movetext);
    for (char *p = joined; *p; p++)
        if (*p == '\n')
            *p = ' ';
    CHECK_CONTAINS(joined, "{illegal move: Beta (p2) played (an) illegal move 'www");
    CHECK_CONTAINS(joined, "www' and then, for good measure, a long explanation");
    CHECK_CONTAINS(joined, "on and on} 1-0  ");
}

static void test_games_read_back(void)
{
    FILE *f = fopen(path_a, "w");
    CHECK(write_game(f, 1, "A", "B", RESULT_P2_WINS));
    CHECK(write_game(f, 2, "B \"quoted\"", "A", RESULT_DRAW));
    fclose(f);
    PgnRecord records[4];
    long end;
    CHECK(read_games(path_a, records, 4, &end));
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
    long end;
    CHECK(read_games(path_a, records, 4, &end));
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
    size_t length = file_read_text(path_all, whole, sizeof whole);
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
        PgnFile pgn;
        bool ok = pgn_file_open(&pgn, path_cut, err, sizeof err) &&
                  pgn_recover(&pgn, count_visit, rounds_seen, &kept_end, err, sizeof err);
        pgn_file_close(&pgn);
        size_t kept = file_read_text(path_cut, recovered, sizeof recovered);
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

/* A result table of engines named A, B, C... (engines of them, so that
 * engine i has index i in the outcomes). */
static void table_of_engines(ResultTable *t, int engines)
{
    static const char *const names[] = {"A", "B", "C"};
    results_init(t);
    for (int i = 0; i < engines; i++)
        results_engine(t, names[i]);
}

/* Rounds 1+2 and 3+4 are pairs; 5 is alone.  From A's (0) side: round 1
 * won and 2 lost (WL), round 3 drawn and 4 won (WD), round 5 lost. */
static void test_pairs_and_pentanomial_counts(void)
{
    ResultTable t;
    table_of_engines(&t, 2);
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
    table_of_engines(&t, 2);
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
    table_of_engines(&t, 3);
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
    RUN(test_think_times_keep_their_milliseconds);
    RUN(test_moves_of_every_game_are_pgn_symbols_that_read_back);
    RUN(test_move_encoding_examples);
    RUN(test_old_movetext_reads_back);
    RUN(test_movetext_lines_stay_under_80_columns);
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
