/* test_mate_shortening.c - a proven result shortened on the search's
 * threads (search/proof/mate_shortening.c): at every thread count the distance
 * is the exact one of the full solve (tools/mates/exact_mate.c, which
 * shares no code with it), the same in every run, the move keeps it (a
 * move another thread left in the root's entry is checked, not trusted),
 * a stopped shortening never understates, and every thread asked for does
 * part of the work. */
#include <pthread.h>
#include <time.h>

#include "harness.h"
#include "gametest.h"
#include "games/gameutil.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "search/mate.h"
#include "search/proof/mate_shortening.h"
#include "search/thread_pool.h"

#define SOLVE_BUDGET 3000000
#define STACK_BYTES (8u << 20)

static MateTable table;
static ThreadPool pool;
static SearchJob job; /* a whole game record: kept off the stack */

/* Room and Pillar positions of tools/bench/mates_rp.txt (random games,
 * their exact distances from tessera-mates' full solve), wins and losses,
 * from a few hundred nodes of shortening to a few tens of thousands.  The
 * full solve of the heavy ones, which checks each move, takes half a
 * minute under the sanitizers: there they are left out. */
typedef struct {
    const char *fen;
    int plies;  /* whole turns to the end, exact */
    bool wins;  /* for the side to move */
    bool heavy; /* only where slow checks are allowed */
} ProvenPosition;

static const ProvenPosition proven[] = {
    {"wbwb/bwbw/wbwb/bwbw b -", 12, false, false},
    {"wbw./bwbw/wbwb/bwbw w s", 7, true, false},
    {"..wbwb/b.bwbw/w.wbwb/bwbwbw/wbwbwb/bwbwbw b -", 22, false, false},
    {"wbwbwb/...wbw/wb.bwb/bwbwbw/wbwbwb/bwbwbw b -", 18, false, true},
    {"w.wbwb/..bwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw w -", 21, true, true},
    {"wbwbwbwb/bwbwbwbw/wbwbwbwb/b..wbwbw/.b...bw./...w.... b -", 17, true, true},
};
#define PROVEN_COUNT ((int)(sizeof proven / sizeof proven[0]))
#define LARGEST_LIGHT 2 /* the 6x6 loss in 22: 20 to 30 thousand nodes */

/* Is the i-th position checked in this build? */
static bool checked_here(int i) { return !proven[i].heavy || harness_slow_allowed(); }

/* Threads that polled must_stop, and a stop after a number of polls. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t another_seen;
    pthread_t seen[8];
    int seen_count;
    long polls_left;  /* < 0: never stop */
    bool stopped;     /* every poll from the one that ran out on */
    int wait_for;     /* a poll waits (a minute at most) until this many threads polled */
} Polls;

/* Holds the polling thread until wait_for threads have polled: on a busy
 * machine one thread may otherwise finish before another is scheduled,
 * and the test would see one thread where the code started two. */
static struct timespec a_minute_from_now(void)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60;
    return until;
}

static void wait_for_threads(Polls *p)
{
    struct timespec until = a_minute_from_now();
    while (p->seen_count < p->wait_for)
        if (pthread_cond_timedwait(&p->another_seen, &p->lock, &until) != 0)
            break;
}

static bool note_poll(void *context)
{
    Polls *p = context;
    pthread_mutex_lock(&p->lock);
    bool known = false;
    for (int i = 0; i < p->seen_count; i++)
        known |= pthread_equal(p->seen[i], pthread_self()) != 0;
    if (!known && p->seen_count < 8) {
        p->seen[p->seen_count++] = pthread_self();
        pthread_cond_broadcast(&p->another_seen);
    }
    wait_for_threads(p);
    if (p->polls_left >= 0 && p->polls_left-- == 0)
        p->stopped = true;
    bool stop = p->stopped;
    pthread_mutex_unlock(&p->lock);
    return stop;
}

/* Shortens pos, proven (wins) within bound plies, on threads threads;
 * result as the search left it: the bound and a first legal move. */
static SearchResult shorten(const Game *g, const Position *pos, bool wins, int bound, int threads, Polls *polls)
{
    record_start(&job.record, g, pos);
    job.game = g;
    job.threads = threads;
    atomic_store(&job.stop, false);
    SearchResult r = {.best = MOVE_NONE, .ponder = MOVE_NONE, .hashfull = -1};
    Move first[512];
    if (collect_moves(g, pos, first, 512, NULL) > 0)
        r.best = first[0];
    r.score = score_of_proof(wins, bound);
    r.mate_turns = mate_turns_of_score(r.score);
    mate_shorten_result(&job, &table, &pool, polls ? note_poll : NULL, polls, &r);
    return r;
}

/* One full solve per position, kept: what it solved answers the next
 * question about the same position at once. */
static ExactSolver *solvers[PROVEN_COUNT];

static bool move_keeps_exact_value(const Game *g, const Position *pos, const ProvenPosition *p, Move move)
{
    ExactSolver **solver = &solvers[p - proven];
    if (!*solver)
        *solver = exact_solver_new(g, SOLVE_BUDGET);
    return *solver && exact_is_best_move(*solver, pos, move);
}

/* The result is exact: the solve's distance, a move that keeps it, a
 * legal line that starts with it. */
static void check_exact(const Game *g, const Position *pos, const ProvenPosition *p, const SearchResult *r)
{
    CHECK_EQ_INT(r->score, score_of_proof(p->wins, p->plies));
    CHECK_EQ_INT(r->mate_turns, mate_turns_of_score(score_of_proof(p->wins, p->plies)));
    CHECK(is_legal_move(g, pos, r->best));
    CHECK(move_keeps_exact_value(g, pos, p, r->best));
    CHECK(r->pv_length >= 1 && r->pv[0] == r->best);
    Position line = *pos;
    for (int i = 0; i < r->pv_length && g->outcome(&line) == OUTCOME_ONGOING; i++) {
        CHECK(is_legal_move(g, &line, r->pv[i]));
        g->play(&line, r->pv[i]);
    }
}

/* 1, 2 and 3 threads, each from a fresh table and from a bound twice the
 * truth: the same exact distance every time. */
static void test_every_thread_count_gives_the_exact_distance(void)
{
    const Game *g = &roomandpillar_game;
    for (int i = 0; i < PROVEN_COUNT; i++) {
        Position pos;
        if (!checked_here(i) || !load_position(g, proven[i].fen, &pos))
            continue;
        for (int threads = 1; threads <= 3; threads++) {
            mate_table_clear(&table);
            SearchResult r = shorten(g, &pos, proven[i].wins, 2 * proven[i].plies, threads, NULL);
            check_exact(g, &pos, &proven[i], &r);
        }
    }
}

/* Two threads, run after run, on a fresh table and on the one the runs
 * before left (whose facts the threads answer from): the distance never
 * changes (the move may: any fastest win is right). */
static void test_two_threads_give_the_same_distance_every_run(void)
{
    const Game *g = &roomandpillar_game;
    int runs = harness_slow_allowed() ? 8 : 3;
    for (int i = LARGEST_LIGHT; i < PROVEN_COUNT; i++) {
        Position pos;
        if (!checked_here(i) || !load_position(g, proven[i].fen, &pos))
            continue;
        for (int run = 0; run < runs; run++) {
            if (run % 2 == 0)
                mate_table_clear(&table);
            SearchResult r = shorten(g, &pos, proven[i].wins, proven[i].plies + 6, 2, NULL);
            check_exact(g, &pos, &proven[i], &r);
        }
    }
}

/* A table far too small for the work (evictions, and two threads
 * writing the same slots all the time): still exact. */
static void test_two_threads_on_a_small_table_stay_exact(void)
{
    const Game *g = &roomandpillar_game;
    MateTable small;
    if (!mate_table_allocate(&small, 0)) {
        CHECK(!"out of memory");
        return;
    }
    MateTable saved = table;
    table = small;
    for (int i = LARGEST_LIGHT; i < PROVEN_COUNT; i++) {
        Position pos;
        if (!checked_here(i) || !load_position(g, proven[i].fen, &pos))
            continue;
        mate_table_clear(&table);
        SearchResult r = shorten(g, &pos, proven[i].wins, proven[i].plies + 10, 2, NULL);
        check_exact(g, &pos, &proven[i], &r);
    }
    table = saved;
    mate_table_free(&small);
}

/* With Threads 2 the work is shared: both threads search (each polls the
 * clock), where the shortening ran on one thread alone before. */
static void test_two_threads_both_search(void)
{
    const Game *g = &roomandpillar_game;
    const ProvenPosition *p = &proven[LARGEST_LIGHT];
    Position pos;
    if (!load_position(g, p->fen, &pos))
        return;
    Polls polls = {.lock = PTHREAD_MUTEX_INITIALIZER, .another_seen = PTHREAD_COND_INITIALIZER, .polls_left = -1,
                   .wait_for = 2};
    mate_table_clear(&table);
    SearchResult r = shorten(g, &pos, p->wins, p->plies + 4, 2, &polls);
    check_exact(g, &pos, p, &r);
    CHECK_EQ_INT(polls.seen_count, 2);
    pthread_cond_destroy(&polls.another_seen);
    pthread_mutex_destroy(&polls.lock);
}

/* Stopped after any number of polls, on two threads: the result is the
 * exact one or the proof's own (its bound and move), never shorter. */
static void test_stopped_threads_never_understate(void)
{
    const Game *g = &roomandpillar_game;
    const ProvenPosition *p = &proven[LARGEST_LIGHT];
    Position pos;
    if (!load_position(g, p->fen, &pos))
        return;
    int bound = p->plies + 6;
    Move first[512];
    CHECK(collect_moves(g, &pos, first, 512, NULL) > 0);
    bool stopped_once = false, exact_once = false;
    for (long polls_left = 0; polls_left < 400; polls_left = polls_left * 2 + 1) {
        Polls polls = {.lock = PTHREAD_MUTEX_INITIALIZER, .another_seen = PTHREAD_COND_INITIALIZER,
                       .polls_left = polls_left};
        mate_table_clear(&table);
        SearchResult r = shorten(g, &pos, p->wins, bound, 2, &polls);
        bool exact = r.score == score_of_proof(p->wins, p->plies);
        CHECK(exact || (r.score == score_of_proof(p->wins, bound) && r.best == first[0]));
        stopped_once |= !exact;
        exact_once |= exact;
        pthread_cond_destroy(&polls.another_seen);
        pthread_mutex_destroy(&polls.lock);
    }
    CHECK(stopped_once);
    CHECK(exact_once);
}

/* ---- the root's entry overwritten by another thread ----
 *
 * The root's table slot holds a move beside its distances, a hint that
 * any thread writes: a thread still in an earlier, shorter question of the
 * root may store its move there after the thread that found the exact
 * distance stored the root's last fact, and before that thread reads the
 * slot for its move.  Here the writer asks "loses within 1?", refuted by
 * the first move that does not lose at once: of a lost root, the first
 * question every thread asks; of a won one, a move the slot may hold all
 * the same.  The move read must be checked: the one planted here keeps
 * no exact result, so a thread that trusts it reports a move that loses
 * faster (or wins slower) than the distance it reports, and one that does
 * not try the others after it reports no exact distance.
 *
 * The order is forced: the writer's question starts on an empty table and
 * waits at its first node (its count set to poll there) until the root's
 * result is in the table and a shortening thread hashes the root again
 * (through a game whose hash is watched), then stores its move while
 * that thread waits. */
typedef struct {
    const Game *inner;
    Position root;
    uint64_t root_key;
    bool wins;
    int plies;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    enum { WRITER_STARTING, WRITER_WAITING, WRITER_RELEASED, WRITER_DONE } stage;
} Overwrite;

static Overwrite overwrite = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};
static Game watched_game; /* the inner game with hash_watched */

/* Waits (a minute at most: never hangs the test) for a stage. */
static void wait_for_stage(int stage)
{
    struct timespec until = a_minute_from_now();
    while ((int)overwrite.stage < stage)
        if (pthread_cond_timedwait(&overwrite.changed, &overwrite.lock, &until) != 0)
            break;
}

static void set_stage(int stage)
{
    overwrite.stage = stage;
    pthread_cond_broadcast(&overwrite.changed);
}

/* The writer's poll: it waits, once, until released. */
static bool writer_waits(void *context)
{
    (void)context;
    pthread_mutex_lock(&overwrite.lock);
    if (overwrite.stage == WRITER_STARTING) {
        set_stage(WRITER_WAITING);
        wait_for_stage(WRITER_RELEASED);
    }
    pthread_mutex_unlock(&overwrite.lock);
    return false;
}

static void *writer(void *arg)
{
    (void)arg;
    /* Its first node polls, whatever the poll interval. */
    MateSearch search = {.game = overwrite.inner, .table = &table, .must_stop = writer_waits, .nodes = UINT64_MAX};
    mate_loses_within(&search, &overwrite.root, 1);
    pthread_mutex_lock(&overwrite.lock);
    set_stage(WRITER_DONE);
    pthread_mutex_unlock(&overwrite.lock);
    return NULL;
}

/* Does the table hold the root's result already?  Asked of the table
 * alone: a stopped search answers from it and searches nothing. */
static bool root_result_stored(void)
{
    MateSearch probe = {.game = overwrite.inner, .table = &table, .stopped = true};
    return overwrite.wins ? mate_wins_within(&probe, &overwrite.root, overwrite.plies)
                          : mate_loses_within(&probe, &overwrite.root, overwrite.plies);
}

/* The shortening's hash: the root hashed once its result is stored lets
 * the writer store its move, and waits for it. */
static uint64_t hash_watched(const Position *pos)
{
    uint64_t key = overwrite.inner->hash(pos);
    if (key != overwrite.root_key)
        return key;
    pthread_mutex_lock(&overwrite.lock);
    if (overwrite.stage == WRITER_WAITING && root_result_stored()) {
        set_stage(WRITER_RELEASED);
        wait_for_stage(WRITER_DONE);
    }
    pthread_mutex_unlock(&overwrite.lock);
    return key;
}

/* The first move that does not lose at once: what the writer stores. */
static Move first_surviving_move(const Game *g, const Position *pos)
{
    Move moves[512];
    int count = collect_moves(g, pos, moves, 512, NULL);
    for (int i = 0; i < count; i++) {
        Position child = *pos;
        g->play(&child, moves[i]);
        Outcome o = g->outcome(&child);
        if (o == OUTCOME_ONGOING || o == OUTCOME_DRAW ||
            (o == OUTCOME_WHITE_WINS) == (g->side_to_move(pos) == WHITE))
            return moves[i];
    }
    return MOVE_NONE;
}

/* Losses and a win, on 1 and 2 threads: the planted move keeps no exact
 * result (else the test would prove nothing), the writer stored it where
 * the shortening read its move, and the result is the exact one. */
static void test_root_entry_overwritten_stays_exact(void)
{
    const Game *g = &roomandpillar_game;
    const int cases[] = {0, 1, 3}; /* whose first surviving move is no best one */
    watched_game = *g;
    watched_game.hash = hash_watched;
    overwrite.inner = g;
    for (int c = 0; c < (int)(sizeof cases / sizeof cases[0]); c++) {
        const ProvenPosition *p = &proven[cases[c]];
        if (!checked_here(cases[c]) || !load_position(g, p->fen, &overwrite.root))
            continue;
        CHECK(!move_keeps_exact_value(g, &overwrite.root, p, first_surviving_move(g, &overwrite.root)));
        overwrite.root_key = g->hash(&overwrite.root);
        overwrite.wins = p->wins;
        overwrite.plies = p->plies;
        for (int threads = 1; threads <= 2; threads++) {
            mate_table_clear(&table);
            overwrite.stage = WRITER_STARTING;
            pthread_t thread;
            if (pthread_create(&thread, NULL, writer, NULL) != 0) {
                CHECK(!"no thread for the writer");
                return;
            }
            pthread_mutex_lock(&overwrite.lock);
            wait_for_stage(WRITER_WAITING);
            pthread_mutex_unlock(&overwrite.lock);
            SearchResult r = shorten(&watched_game, &overwrite.root, p->wins, p->plies + 4, threads, NULL);
            pthread_mutex_lock(&overwrite.lock);
            CHECK_EQ_INT(overwrite.stage, WRITER_DONE); /* it wrote between the last fact and the read */
            if (overwrite.stage == WRITER_WAITING)
                set_stage(WRITER_RELEASED); /* never released: it ends all the same */
            pthread_mutex_unlock(&overwrite.lock);
            pthread_join(thread, NULL);
            check_exact(g, &overwrite.root, p, &r);
        }
    }
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    thread_pool_init(&pool, STACK_BYTES);
    if (!mate_table_allocate(&table, 4)) {
        printf("out of memory\n");
        return 1;
    }
    RUN(test_every_thread_count_gives_the_exact_distance);
    RUN(test_two_threads_give_the_same_distance_every_run);
    RUN(test_two_threads_on_a_small_table_stay_exact);
    RUN(test_two_threads_both_search);
    RUN(test_stopped_threads_never_understate);
    RUN(test_root_entry_overwritten_stays_exact);
    for (int i = 0; i < PROVEN_COUNT; i++)
        exact_solver_free(solvers[i]);
    mate_table_free(&table);
    thread_pool_stop(&pool);
    return harness_end();
}
