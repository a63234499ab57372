/* test_arena_match.c - one game between engine processes (the fakes in
 * tests/fakes): normal play, and every way an engine can lose by its own
 * fault, with the termination recorded and the engine restarted after. */
#include <libgen.h>
#include <unistd.h>

#include "harness.h"

#include "arena/match.h"
#include "games/registry.h"

static char fakes_dir[512];

/* The fakes live in build/<variant>/fakes, next to build/<variant>/tests. */
static void find_fakes(const char *argv0)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", argv0);
    snprintf(fakes_dir, sizeof fakes_dir, "%s/../fakes", dirname(copy));
}

static void make_spec(EngineSpec *spec, const char *name, const char *fake, const char *args,
                      const char *limits)
{
    char err[256], token[1200];
    spec_init(spec);
    snprintf(token, sizeof token, "cmd=%s/%s", fakes_dir, fake);
    CHECK(spec_apply_token(spec, token, err, sizeof err));
    snprintf(token, sizeof token, "name=%s", name);
    CHECK(spec_apply_token(spec, token, err, sizeof err));
    snprintf(token, sizeof token, "args=%s", args);
    CHECK(spec_apply_token(spec, token, err, sizeof err));
    char words[256];
    snprintf(words, sizeof words, "%s", limits);
    for (char *word = strtok(words, " "); word; word = strtok(NULL, " "))
        CHECK(spec_apply_token(spec, word, err, sizeof err));
    CHECK(spec_finish(spec, err, sizeof err));
}

typedef struct {
    EngineSpec spec[2];
    Engine engine[2];
    MatchSetup setup;
    MatchResult result;
} Table;

static Table *set_table(const char *fake1, const char *args1, const char *fake2, const char *args2,
                        const char *limits)
{
    static Table t;
    char err[256];
    make_spec(&t.spec[0], "P1", fake1, args1, limits);
    make_spec(&t.spec[1], "P2", fake2, args2, limits);
    for (int i = 0; i < 2; i++)
        engine_init(&t.engine[i], &t.spec[i], NULL, NULL, "test");
    t.setup = (MatchSetup){.game = &roomandpillar_game, .players = {&t.engine[0], &t.engine[1]}};
    CHECK(roomandpillar_game.parse_position(roomandpillar_game.start_fen, &t.setup.opening, err, sizeof err));
    return &t;
}

/* "NAME=S" with S seconds: ms on an idle machine, times the load that
 * tests/run.sh measured (a fake engine may be slow to start or to answer
 * on a loaded machine: 300 ms failed there under ThreadSanitizer). */
static const char *seconds_token(char *buf, size_t size, const char *name, int64_t ms)
{
    snprintf(buf, size, "%s=%.3f", name, (double)harness_scaled_ms(ms) / 1000.0);
    return buf;
}

static void clear_table(Table *t)
{
    engine_quit(&t->engine[0]);
    engine_quit(&t->engine[1]);
}

static void test_legal_engines_play_to_the_end(void)
{
    Table *t = set_table("fake_engine", "--seed 1", "fake_engine", "--seed 2", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_NORMAL);
    CHECK(t->result.result == RESULT_P1_WINS || t->result.result == RESULT_P2_WINS);
    CHECK_EQ_INT(t->result.result, record_result(&t->result.record));
    CHECK(t->result.record.move_count > 10);
    CHECK_EQ_INT(roomandpillar_game.outcome(&t->result.record.current) != OUTCOME_ONGOING, 1);
    /* The engines stay up for the next game, which replays the same moves. */
    CHECK(engine_is_ready(&t->engine[0]) && engine_is_ready(&t->engine[1]));
    GameRecord first = t->result.record;
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.record.move_count, first.move_count);
    CHECK(memcmp(t->result.record.moves, first.moves, sizeof(Move) * (size_t)first.move_count) == 0);
    clear_table(t);
}

/* Crashing at its third go: mid-game, p2 loses, and is restarted for the
 * next game (which it reaches the third go of again). */
static void test_crash_mid_game_loses_and_restarts(void)
{
    Table *t = set_table("fake_engine", "", "fake_crash", "--after 3", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_CRASH);
    CHECK_EQ_INT(t->result.result, RESULT_P1_WINS);
    CHECK_EQ_INT(t->result.culprit, 1);
    CHECK_EQ_INT(t->result.record.move_count, 5);
    CHECK_CONTAINS(t->result.detail, "P2 (p2) killed by signal");
    CHECK(!engine_is_ready(&t->engine[1]));
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_CRASH);
    CHECK_EQ_INT(t->result.record.move_count, 5);
    clear_table(t);
}

static void test_hang_loses_on_time(void)
{
    char tc[64], limits[128];
    snprintf(limits, sizeof limits, "%s+0", seconds_token(tc, sizeof tc, "tc", 300));
    Table *t = set_table("fake_hang", "--after 2", "fake_engine", "", limits);
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_TIME_FORFEIT);
    CHECK_EQ_INT(t->result.result, RESULT_P2_WINS);
    CHECK_CONTAINS(t->result.detail, "P1 (p1) lost on time: no bestmove within");
    CHECK_EQ_INT(t->result.record.move_count, 2);
    clear_table(t);
}

/* A hang under depth= alone is bounded by timeout=. */
static void test_hang_without_clock_hits_the_timeout(void)
{
    char timeout[64], limits[128], detail[64];
    snprintf(limits, sizeof limits, "depth=1 %s", seconds_token(timeout, sizeof timeout, "timeout", 300));
    Table *t = set_table("fake_hang", "", "fake_engine", "", limits);
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_TIME_FORFEIT);
    snprintf(detail, sizeof detail, "no bestmove within %lld ms", (long long)harness_scaled_ms(300));
    CHECK_CONTAINS(t->result.detail, detail);
    clear_table(t);
}

static void test_illegal_move_loses(void)
{
    Table *t = set_table("fake_engine", "", "fake_illegal", "", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_ILLEGAL_MOVE);
    CHECK_EQ_INT(t->result.result, RESULT_P1_WINS);
    CHECK_CONTAINS(t->result.detail, "P2 (p2) played an illegal move");
    CHECK_EQ_INT(t->result.record.move_count, 1);
    clear_table(t);
}

static void test_garbage_output_loses(void)
{
    Table *t = set_table("fake_garbage", "", "fake_engine", "", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_MALFORMED);
    CHECK_EQ_INT(t->result.result, RESULT_P2_WINS);
    CHECK_CONTAINS(t->result.detail, "control characters");
    clear_table(t);
}

static void test_exit_during_handshake_loses(void)
{
    Table *t = set_table("fake_engine", "", "fake_noshake", "", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_NO_HANDSHAKE);
    CHECK_EQ_INT(t->result.result, RESULT_P1_WINS);
    CHECK_CONTAINS(t->result.detail, "exited with status 3 during the handshake");
    CHECK_EQ_INT(t->result.record.move_count, 0);
    clear_table(t);
}

static void test_silent_handshake_loses_after_timeout(void)
{
    char timeout[64], limits[128];
    snprintf(limits, sizeof limits, "tc=5+0.1 %s", seconds_token(timeout, sizeof timeout, "timeout", 300));
    Table *t = set_table("fake_mute", "", "fake_engine", "", limits);
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_NO_HANDSHAKE);
    CHECK_EQ_INT(t->result.result, RESULT_P2_WINS);
    CHECK_CONTAINS(t->result.detail, "did not answer in time during the handshake");
    clear_table(t);
}

/* Decided here: when neither engine starts, the game is a draw. */
static void test_neither_engine_starting_is_a_draw(void)
{
    Table *t = set_table("fake_noshake", "", "fake_noshake", "", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_NO_HANDSHAKE);
    CHECK_EQ_INT(t->result.result, RESULT_DRAW);
    CHECK_CONTAINS(t->result.detail, "neither engine started");
    clear_table(t);
}

static void test_missing_program_fails_to_start(void)
{
    Table *t = set_table("no_such_fake", "", "fake_engine", "", "tc=5+0.1");
    match_play(&t->setup, &t->result);
    CHECK_EQ_INT(t->result.termination, TERM_NO_HANDSHAKE);
    CHECK_CONTAINS(t->result.detail, "cannot run");
    clear_table(t);
}

static void test_handshake_keeps_option_lines(void)
{
    Table *t = set_table("fake_engine", "", "fake_engine", "", "tc=5+0.1");
    Engine *engine = &t->engine[0];
    char why[256];
    for (int start = 0; start < 2; start++) { /* a restart starts the list afresh */
        CHECK_EQ_INT(engine_start(engine, "roomandpillar", why, sizeof why), ENGINE_OK);
        CHECK_EQ_INT(engine_new_game(engine, why, sizeof why), ENGINE_OK);
        CHECK_EQ_INT(engine_option_count(engine), 2);
        CHECK_STR(engine_option_line(engine, 0),
                  "option name Game type combo default roomandpillar var roomandpillar");
        CHECK_STR(engine_option_line(engine, 1), "option name Hash type spin default 16 min 1 max 1024");
    }
    clear_table(t);
}

/* An engine that lists count spin options O0, O1, ... and answers isready. */
static void start_lister(Engine *engine, EngineSpec *spec, int count, char *why, size_t why_size)
{
    char err[256], token[600];
    spec_init(spec);
    CHECK(spec_apply_token(spec, "cmd=/bin/sh", err, sizeof err));
    snprintf(token, sizeof token,
             "args=-c 'read l; i=0; while [ $i -lt %d ]; do "
             "echo \"option name O$i type spin default 1 min 0 max 9\"; i=$((i+1)); done; "
             "echo uciok; while read l; do [ \"$l\" = isready ] && echo readyok; "
             "[ \"$l\" = quit ] && exit 0; done'",
             count);
    CHECK(spec_apply_token(spec, token, err, sizeof err));
    CHECK(spec_apply_token(spec, "tc=5+0.1", err, sizeof err));
    CHECK(spec_finish(spec, err, sizeof err));
    engine_init(engine, spec, NULL, NULL, "test");
    CHECK_EQ_INT(engine_start(engine, NULL, why, why_size), ENGINE_OK);
}

static void test_option_lines_are_bounded(void)
{
    static EngineSpec spec;
    static Engine engine;
    char why[256];
    start_lister(&engine, &spec, ENGINE_OPTION_LINES_MAX, why, sizeof why);
    CHECK_EQ_INT(engine_option_count(&engine), ENGINE_OPTION_LINES_MAX);
    char last[80];
    snprintf(last, sizeof last, "option name O%d type spin default 1 min 0 max 9", ENGINE_OPTION_LINES_MAX - 1);
    CHECK_STR(engine_option_line(&engine, ENGINE_OPTION_LINES_MAX - 1), last);
    engine_quit(&engine);
    start_lister(&engine, &spec, ENGINE_OPTION_LINES_MAX + 1, why, sizeof why);
    CHECK_EQ_INT(engine_option_count(&engine), -1);
    engine_quit(&engine);
}

/* UCI clocks go by the colour each player holds now: after p2's swap in
 * Room and Pillar, p1 plays white. */
static void test_uci_clocks_follow_colours_after_swap(void)
{
    Table *t = set_table("fake_engine", "", "fake_engine", "", "tc=10+0.1");
    GameRecord rec;
    Clock clocks[2] = {{7000, 1}, {9000, 1}};
    char err[256], go[256];
    record_start(&rec, &roomandpillar_game, &t->setup.opening);
    CHECK_EQ_INT(rec.p1_colour, BLACK);
    match_go_command(&t->setup, &rec, clocks, 0, go, sizeof go);
    CHECK_STR(go, "go btime 7000 wtime 9000 binc 100 winc 100");
    CHECK(record_play_text(&rec, "d4", err, sizeof err));
    CHECK(record_play_text(&rec, "swap", err, sizeof err));
    CHECK_EQ_INT(rec.p1_colour, WHITE);
    match_go_command(&t->setup, &rec, clocks, 0, go, sizeof go);
    CHECK_STR(go, "go wtime 7000 btime 9000 winc 100 binc 100");
}

/* UGI clocks go by player; st, depth and nodes follow the mover's own
 * limits; movestogo counts the mover's period. */
static void test_ugi_clocks_and_own_limits(void)
{
    Table *t = set_table("fake_engine", "", "fake_engine", "", "tc=40/10+0 depth=3 nodes=500");
    t->spec[0].proto = PROTO_UGI;
    t->spec[1].tc = (TimeControl){.movetime_ms = 250};
    GameRecord rec;
    Clock clocks[2] = {{7000, 1}, {0, 0}};
    char go[256];
    record_start(&rec, &roomandpillar_game, &t->setup.opening);
    match_go_command(&t->setup, &rec, clocks, 0, go, sizeof go);
    CHECK_STR(go, "go p1time 7000 p1inc 0 movestogo 39 depth 3 nodes 500");
    match_go_command(&t->setup, &rec, clocks, 1, go, sizeof go);
    CHECK_STR(go, "go btime 7000 binc 0 movetime 250");
}

/* The spec's options are checked against the engine's option lines before
 * anything is set: a misspelt name or a value out of range is refused. */
static void test_start_refuses_options_the_engine_does_not_offer(void)
{
    static const char *const wrong[][2] = {{"Depht Limit", "5"}, {"Depth Limit", "65"}, {"Ponder", "on"}};
    char why[512], err[256];
    for (int i = 0; i < 3; i++) {
        Table *t = set_table("fake_engine", "--options", "fake_engine", "", "tc=5+0.1");
        CHECK(spec_set_option(&t->spec[0], wrong[i][0], wrong[i][1], err, sizeof err));
        CHECK_EQ_INT(engine_start(&t->engine[0], "roomandpillar", why, sizeof why), ENGINE_REFUSED);
        CHECK_CONTAINS(why, wrong[i][0]);
        CHECK(!engine_is_ready(&t->engine[0]));
        clear_table(t);
    }
    Table *t = set_table("fake_engine", "--options", "fake_engine", "", "tc=5+0.1");
    CHECK(spec_set_option(&t->spec[0], "depth limit", "64", err, sizeof err));
    CHECK_EQ_INT(engine_start(&t->engine[0], "roomandpillar", why, sizeof why), ENGINE_OK);
    CHECK_EQ_INT(engine_start(&t->engine[0], "qawale", why, sizeof why), ENGINE_REFUSED);
    CHECK_CONTAINS(why, "does not play qawale");
    clear_table(t);
}

static void test_missing_program_cannot_run(void)
{
    Table *t = set_table("no_such_fake", "", "fake_engine", "", "tc=5+0.1");
    char why[512];
    CHECK_EQ_INT(engine_start(&t->engine[0], "roomandpillar", why, sizeof why), ENGINE_CANNOT_RUN);
    CHECK_CONTAINS(why, "not found");
    clear_table(t);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    find_fakes(argv[0]);
    RUN(test_legal_engines_play_to_the_end);
    RUN(test_crash_mid_game_loses_and_restarts);
    RUN(test_hang_loses_on_time);
    RUN(test_hang_without_clock_hits_the_timeout);
    RUN(test_illegal_move_loses);
    RUN(test_garbage_output_loses);
    RUN(test_exit_during_handshake_loses);
    RUN(test_silent_handshake_loses_after_timeout);
    RUN(test_neither_engine_starting_is_a_draw);
    RUN(test_missing_program_fails_to_start);
    RUN(test_handshake_keeps_option_lines);
    RUN(test_option_lines_are_bounded);
    RUN(test_uci_clocks_follow_colours_after_swap);
    RUN(test_ugi_clocks_and_own_limits);
    RUN(test_start_refuses_options_the_engine_does_not_offer);
    RUN(test_missing_program_cannot_run);
    return harness_end();
}
