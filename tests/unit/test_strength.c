/*
 * test_strength.c - playing below full strength (src/search/strength/strength.h):
 * off is exactly the full search, a lower skill searches less and plays
 * among its best lines by a seeded draw, a proven win is still played, and
 * every game's UCI_Elo scale maps its measured points to their skills.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "searchtest.h"
#include "search/backends.h"
#include "search/strength/strength.h"
#include "util/clock.h"

#define NODE_LIMIT 5000
#define MAX_SEEN 64

/* What a search reported: every line's first move. */
typedef struct {
    int lines_seen, highest_line;
    Move first_moves[MAX_SEEN];
    Move last_moves[SEARCH_MAX_MULTIPV]; /* the last report's lines */
    int last_scores[SEARCH_MAX_MULTIPV], last_count;
} Seen;

static void remember_line(void *context, const SearchInfo *info)
{
    Seen *seen = context;
    if (info->multipv > seen->highest_line)
        seen->highest_line = info->multipv;
    if (info->pv_length > 0 && seen->lines_seen < MAX_SEEN)
        seen->first_moves[seen->lines_seen++] = info->pv[0];
    if (info->multipv == 1)
        seen->last_count = 0;
    if (info->pv_length > 0 && info->multipv == seen->last_count + 1 && !info->mate_turns) {
        seen->last_moves[seen->last_count] = info->pv[0];
        seen->last_scores[seen->last_count++] = info->score;
    }
}

static bool was_reported(const Seen *seen, Move move)
{
    for (int i = 0; i < seen->lines_seen; i++)
        if (seen->first_moves[i] == move)
            return true;
    return false;
}

static SearchJob job; /* a whole game record: kept off the stack */

/* A search of fen by a fresh engine at one thread, seed and strength as
 * given, NODE_LIMIT nodes. */
static SearchResult search_at(const Backend *backend, const Game *g, const char *fen, uint64_t seed,
                              SearchStrength strength, int multipv, Seen *seen)
{
    SearchResult result = {.best = MOVE_NONE};
    Position pos;
    if (!load_position(g, fen, &pos))
        return result;
    BackendEngine *engine = backend->create();
    if (!engine) {
        harness_fail(__FILE__, __LINE__, "create() failed");
        return result;
    }
    search_job_set_up(&job, g, &pos, NODE_LIMIT, 1, 4);
    job.seed = seed;
    job.multipv = multipv;
    job.strength = strength;
    job.progress = (SearchProgress){seen ? remember_line : NULL, seen};
    backend->new_game(engine, job.hash_mb);
    result = strength_search(backend, engine, &job);
    backend->destroy(engine);
    return result;
}

static const SearchStrength full_strength = {false, 0};

static SearchStrength at_skill(double skill) { return (SearchStrength){true, skill}; }

static const Backend *const weakened_backends[] = {&alphabeta_backend, &mcts_backend};

static void test_strength_off_searches_exactly_as_the_backend_alone(void)
{
    const Game *g = game_by_id("columna");
    for (int b = 0; b < 2; b++) {
        const Backend *backend = weakened_backends[b];
        SearchResult off = search_at(backend, g, g->start_fen, 7, full_strength, 1, NULL);
        SearchResult top = search_at(backend, g, g->start_fen, 7, at_skill(STRENGTH_FULL_SKILL), 1, NULL);
        /* The backend's own search, called directly. */
        BackendEngine *engine = backend->create();
        backend->new_game(engine, job.hash_mb);
        job.strength = full_strength;
        job.progress = (SearchProgress){NULL, NULL};
        SearchResult alone = backend->search(engine, &job);
        backend->destroy(engine);
        CHECK_EQ_U64(off.nodes, alone.nodes);
        CHECK_EQ_U64(top.nodes, alone.nodes);
        CHECK(off.best == alone.best && top.best == alone.best);
    }
}

static void test_lower_skill_searches_fewer_nodes(void)
{
    const Game *g = game_by_id("columna");
    for (int b = 0; b < 2; b++) {
        const Backend *backend = weakened_backends[b];
        SearchResult full = search_at(backend, g, g->start_fen, 7, full_strength, 1, NULL);
        SearchResult skill12 = search_at(backend, g, g->start_fen, 7, at_skill(12), 1, NULL);
        SearchResult skill4 = search_at(backend, g, g->start_fen, 7, at_skill(4), 1, NULL);
        CHECK(skill12.nodes < full.nodes);
        CHECK(skill4.nodes < skill12.nodes);
        CHECK(strength_node_budget(backend, 4) < strength_node_budget(backend, 12));
    }
    /* MCTS counts playouts: the budget exactly. */
    SearchResult mcts12 = search_at(&mcts_backend, g, g->start_fen, 7, at_skill(12), 1, NULL);
    CHECK_EQ_U64(mcts12.nodes, strength_node_budget(&mcts_backend, 12));
}

/* Did best score less than the best line of the last report? */
static bool below_the_best_line(const Seen *seen, Move best)
{
    int top = -SCORE_INFINITE, played = SCORE_INFINITE;
    for (int k = 0; k < seen->last_count; k++) {
        if (seen->last_scores[k] > top)
            top = seen->last_scores[k];
        if (seen->last_moves[k] == best)
            played = seen->last_scores[k];
    }
    return played < top;
}

/* Skill 0 at several seeds: every move played is legal and one of the
 * lines the search reported, the same seed plays the same move, and some
 * seed plays a line that scored less than the best. */
static void test_weak_play_draws_among_the_reported_lines(void)
{
    const Game *g = game_by_id("columna");
    /* The first opening of tools/books/columna.txt: lines of different
     * scores (at the start they tie). */
    const char *fen = "11b0011/1131w11b/213w011/010111/11w1b1b1w1/111111 b p";
    Position root;
    if (!load_position(g, fen, &root))
        return;
    for (int b = 0; b < 2; b++) {
        const Backend *backend = weakened_backends[b];
        int not_the_best = 0;
        for (uint64_t seed = 1; seed <= 8; seed++) {
            Seen seen = {0};
            SearchResult weak = search_at(backend, g, fen, seed, at_skill(0), STRENGTH_LINES, &seen);
            SearchResult again = search_at(backend, g, fen, seed, at_skill(0), STRENGTH_LINES, NULL);
            CHECK(is_legal_move(g, &root, weak.best));
            CHECK(was_reported(&seen, weak.best));
            CHECK(weak.best == again.best);
            CHECK_EQ_INT(seen.highest_line, STRENGTH_LINES);
            if (below_the_best_line(&seen, weak.best))
                not_the_best++;
        }
        CHECK(not_the_best > 0);
    }
}

/* A weakened search shows the lines MultiPV asked for, not the ones it
 * searches for its draw. */
static void test_weak_play_reports_only_the_asked_lines(void)
{
    const Game *g = game_by_id("columna");
    for (int b = 0; b < 2; b++) {
        Seen seen = {0};
        search_at(weakened_backends[b], g, g->start_fen, 3, at_skill(8), 1, &seen);
        CHECK_EQ_INT(seen.highest_line, 1);
    }
}

/* Room and Pillar: a5 wins with the 2nd own turn, a1 loses after one. */
static void test_weak_play_still_plays_a_proven_win(void)
{
    const Game *g = game_by_id("roomandpillar");
    Position root;
    Move win;
    char err[ERROR_TEXT_MAX];
    const char *fen = "w.w.w./b...../.bw.w./....../.b.b.b/b....w b -";
    if (!load_position(g, fen, &root) || !g->parse_move(&root, "a5", &win, err, sizeof err)) {
        harness_fail(__FILE__, __LINE__, "position or move rejected");
        return;
    }
    for (int b = 0; b < 2; b++)
        for (uint64_t seed = 1; seed <= 6; seed++)
            CHECK(search_at(weakened_backends[b], g, fen, seed, at_skill(12), 1, NULL).best == win);
}

/* Every game's scale with every backend: never decreasing, below the full
 * engine, and each measured point (the weakest of equal ones) maps to its
 * skill; the mapping never decreases over the range. */
static void check_scale_maps_its_measured_points(const Game *g, const Backend *backend)
{
    StrengthScale scale = strength_scale_of(g, backend);
    const int *below = scale.elo_below_full;
    for (int p = 0; p < STRENGTH_SCALE_POINTS; p++) {
        CHECK(below[p] < 0);
        CHECK(p == 0 || below[p] >= below[p - 1]);
        if (p > 0 && below[p] == below[p - 1])
            continue;
        double skill = strength_skill_of_elo(g, backend, STRENGTH_ELO_FULL + below[p]);
        CHECK(skill > strength_scale_skills[p] - 1e-9 && skill < strength_scale_skills[p] + 1e-9);
    }
    double previous = -1;
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_FULL; elo += 10) {
        double skill = strength_skill_of_elo(g, backend, elo);
        CHECK(skill >= previous);
        previous = skill;
    }
    CHECK(strength_skill_of_elo(g, backend, STRENGTH_ELO_FULL) == STRENGTH_FULL_SKILL);
    /* Between the strongest measured point and the full engine: skill 19. */
    if (below[STRENGTH_SCALE_POINTS - 1] < -1)
        CHECK(strength_skill_of_elo(g, backend, STRENGTH_ELO_FULL - 1) ==
              strength_scale_skills[STRENGTH_SCALE_POINTS - 1]);
}

static void test_every_scale_maps_its_measured_points(void)
{
    for (int i = 0; all_games[i]; i++)
        for (int b = 0; all_backends[b]; b++)
            check_scale_maps_its_measured_points(all_games[i], all_backends[b]);
}

/* Each backend has its own measured rows (MCTS's skills are other
 * players than alpha-beta's); a backend without rows (random) reads
 * alpha-beta's, and a game without a row the mean of the backend's. */
static void test_scales_are_the_backends_own(void)
{
    for (int i = 0; all_games[i]; i++) {
        const Game *g = all_games[i];
        StrengthScale ab = strength_scale_of(g, &alphabeta_backend), mcts = strength_scale_of(g, &mcts_backend);
        StrengthScale random = strength_scale_of(g, &random_backend);
        CHECK(strcmp(ab.game_id, g->id) == 0 && strcmp(ab.backend_id, "alphabeta") == 0);
        CHECK(strcmp(mcts.game_id, g->id) == 0 && strcmp(mcts.backend_id, "mcts") == 0);
        CHECK(memcmp(ab.elo_below_full, mcts.elo_below_full, sizeof ab.elo_below_full) != 0);
        CHECK(memcmp(ab.elo_below_full, random.elo_below_full, sizeof ab.elo_below_full) == 0);
    }
    Game unmeasured = *all_games[0];
    unmeasured.id = "unmeasured";
    for (int b = 0; b < 2; b++) {
        const Backend *backend = weakened_backends[b];
        StrengthScale mean = strength_scale_of(&unmeasured, backend);
        CHECK(strcmp(mean.backend_id, backend->id) == 0);
        for (int p = 0; p < STRENGTH_SCALE_POINTS; p++) {
            int sum = 0, rows = 0;
            for (int i = 0; all_games[i]; i++, rows++)
                sum += strength_scale_of(all_games[i], backend).elo_below_full[p];
            CHECK(abs(mean.elo_below_full[p] * rows - sum) <= rows / 2);
        }
        check_scale_maps_its_measured_points(&unmeasured, backend);
    }
}

static void test_options_mean_elo_then_skill_level_then_full(void)
{
    const Game *g = game_by_id("qawale");
    const Backend *b = &alphabeta_backend;
    CHECK(!strength_of_options(g, b, false, STRENGTH_ELO_MIN, STRENGTH_FULL_SKILL).limited);
    CHECK(!strength_of_options(g, b, true, STRENGTH_ELO_FULL, 3).limited);
    SearchStrength level = strength_of_options(g, b, false, STRENGTH_ELO_FULL, 10);
    CHECK(level.limited && level.skill == 10);
    SearchStrength elo = strength_of_options(g, b, true, STRENGTH_ELO_MIN, STRENGTH_FULL_SKILL);
    CHECK(elo.limited && elo.skill == strength_skill_of_elo(g, b, STRENGTH_ELO_MIN));
    SearchStrength mcts = strength_of_options(g, &mcts_backend, true, 1850, STRENGTH_FULL_SKILL);
    CHECK(mcts.limited && mcts.skill == strength_skill_of_elo(g, &mcts_backend, 1850));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_strength_off_searches_exactly_as_the_backend_alone);
    RUN(test_lower_skill_searches_fewer_nodes);
    RUN(test_weak_play_draws_among_the_reported_lines);
    RUN(test_weak_play_reports_only_the_asked_lines);
    RUN(test_weak_play_still_plays_a_proven_win);
    RUN(test_every_scale_maps_its_measured_points);
    RUN(test_scales_are_the_backends_own);
    RUN(test_options_mean_elo_then_skill_level_then_full);
    return harness_end();
}
