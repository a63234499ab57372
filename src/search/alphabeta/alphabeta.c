/*
 * alphabeta/alphabeta.c - the `alphabeta` backend: iterative deepening over
 * ab_search, aspiration windows, Lazy SMP threads sharing one table.
 *
 * The main thread (worker 0) deepens one ply at a time, reports each
 * completed iteration and decides when to stop; helper threads search the
 * same root at staggered depths, share the table, and hand the main thread
 * the iterations they complete deeper than its own (alphabeta/smp.c).
 * With one thread and a depth or node limit the search is deterministic.
 */
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "search/alphabeta/internal.h"
#include "search/mate.h"
#include "search/backends.h"
#include "search/thread_pool.h"

#define WORKER_STACK_BYTES (64u << 20) /* deep step searches keep a move list per ply */

/* One engine: its settings and the tables its searches share.  The proof
 * and mate tables (a quarter and an eighth of Hash) are made with the main
 * one by make_tables and new_game, or else when first needed. */
struct AbEngine {
    AbSettings settings;
    TransTable table;
    size_t table_mb;
    ProofTable proofs;
    size_t proofs_mb;
    MateTable mates; /* the mate shortening's: an eighth of Hash, made when first needed */
    size_t mates_mb;
    /* The searches' threads' state (about 600 KB each), kept: made anew
     * per search, its pages were faulted in and given back every move. */
    AbWorker *workers;
    int worker_capacity;
    ThreadPool threads; /* the search's threads, parked between searches */
};

static AbEngine *ab_engine(BackendEngine *engine) { return (AbEngine *)engine; }

/* Hash is split: five eighths for the main table, a quarter for the proof
 * search's (an eighth made it thrash: the 8x8 Room and Pillar start took
 * 36 s instead of 3 at Hash 64), an eighth for the mate shortening's (at
 * least 1 MB each). */
static size_t main_table_mb(size_t hash_mb)
{
    size_t megabytes = hash_mb - hash_mb / 4 - hash_mb / 8;
    return megabytes ? megabytes : 1;
}

static size_t proof_table_mb(size_t hash_mb) { return hash_mb / 4 ? hash_mb / 4 : 1; }

static size_t mate_table_mb(size_t hash_mb) { return hash_mb / 8 ? hash_mb / 8 : 1; }

/* The shortening's table, made with the others (make_tables), else when
 * a proof first needs it; NULL when out of memory (the proof's own
 * distance then stands). */
static MateTable *ensure_mate_table(AbEngine *e, size_t hash_mb)
{
    size_t megabytes = mate_table_mb(hash_mb);
    if (e->mates.slots && e->mates_mb == megabytes)
        return &e->mates;
    mate_table_free(&e->mates);
    e->mates_mb = 0;
    if (!mate_table_allocate(&e->mates, megabytes))
        return NULL;
    e->mates_mb = megabytes;
    return &e->mates;
}

static bool ensure_table(AbEngine *e, size_t hash_mb)
{
    size_t megabytes = main_table_mb(hash_mb);
    if (e->table.words && e->table_mb == megabytes)
        return true;
    tt_free(&e->table);
    e->table_mb = 0;
    if (!tt_allocate(&e->table, megabytes))
        return false;
    e->table_mb = megabytes;
    return true;
}

/* The proof search's table: a quarter of Hash, made with the others
 * (make_tables), else when a proof is first tried. */
static bool ensure_proof_table(AbEngine *e, size_t hash_mb)
{
    size_t megabytes = proof_table_mb(hash_mb);
    if (e->proofs.slots && e->proofs_mb == megabytes)
        return true;
    pt_free(&e->proofs);
    e->proofs_mb = 0;
    if (!pt_allocate(&e->proofs, megabytes))
        return false;
    e->proofs_mb = megabytes;
    return true;
}

/* `count` workers for a search, each as a fresh one would start (its
 * kept part aside); NULL when out of memory. */
static AbWorker *ready_workers(AbEngine *e, int count)
{
    if (e->worker_capacity < count) {
        free(e->workers);
        e->workers = malloc((size_t)count * sizeof *e->workers);
        e->worker_capacity = e->workers ? count : 0;
        if (!e->workers)
            return NULL;
    }
    for (int i = 0; i < count; i++) {
        memset(&e->workers[i], 0, offsetof(AbWorker, pv));
        /* No killer yet: a zero would be a move (Room and Pillar's a1),
         * promoted to killer at every node until a real one came. */
        for (int ply = 0; ply < AB_MAX_PLY; ply++)
            e->workers[i].killers[ply][0] = e->workers[i].killers[ply][1] = MOVE_NONE;
        nn_stack_clear(&e->workers[i].nn_stack);
    }
    return e->workers;
}

static uint64_t total_nodes(const AbShared *s)
{
    uint64_t sum = s->workers[0].nodes;
    for (int i = 1; i < s->worker_count; i++)
        sum += atomic_load_explicit(&s->workers[i].published_nodes, memory_order_relaxed);
    return sum;
}

/* The line the main thread's last root search found, as a result:
 * fallback stands in for a pv that is empty (a proven loss has none). */
static void fill_line(AbWorker *w, int depth, int score, Move fallback, SearchResult *r)
{
    AbShared *s = w->shared;
    int n = ab_pv_turns(s, &s->job->record.current, w->pv[0], w->pv_length[0], r->pv, MAX_REPORTED_PV);
    if (n == 0 && fallback != MOVE_NONE)
        r->pv[n++] = fallback;
    r->pv_length = n;
    r->depth = depth;
    r->seldepth = w->seldepth;
    r->score = score;
    r->mate_turns = mate_turns_of_score(score);
    r->draw_proven = false; /* the proof search proves wins and losses only */
    r->nodes = total_nodes(s);
    r->hashfull = tt_hashfull(s->tt);
}

/* The iteration becomes the result so far, and is reported. */
static void report_iteration(AbWorker *w, int depth, int score)
{
    AbShared *s = w->shared;
    fill_line(w, depth, score, w->best_turn, s->result);
    search_progress_result(s->job, s->result);
}

/* One iteration, its window widened until the score falls inside. */
static int aspirated_search(AbWorker *w, int depth, int previous)
{
    const Position *root = &w->shared->job->record.current;
    int window = w->shared->settings->aspiration_window;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (window > 0 && depth >= 4 && abs(previous) < SCORE_PROVEN) {
        alpha = previous - window;
        beta = previous + window;
    }
    for (;;) {
        w->horizon_met = false;
        int score = ab_search(w, root, alpha, beta, depth, 0, 0, true);
        if (w->stopped)
            return score;
        if (score <= alpha && alpha > -SCORE_INFINITE)
            alpha = window > 500 ? -SCORE_INFINITE : alpha - window;
        else if (score >= beta && beta < SCORE_INFINITE)
            beta = window > 500 ? SCORE_INFINITE : beta + window;
        else
            return score;
        window *= 2;
    }
}

static int depth_limit(const AbShared *s)
{
    int d = s->job->limits.depth;
    return d > 0 && d < AB_MAX_PLY - 2 ? d : AB_MAX_PLY - 2;
}

/* How many plies the game may still last, roughly: both players' turns,
 * and up to three steps a turn when steps are plies. */
static int plies_left_estimate(const AbShared *s)
{
    return 2 * s->game->turns_left(&s->job->record.current) * (s->steps ? 3 : 1);
}

/* Near enough to the end of the game that a proof may be within reach:
 * the iterations reach a quarter of the plies left (a depth-limited go
 * keeps to plain iterations, so that bench and tests see only those). */
static bool proof_worth_trying(const AbWorker *w, int depth)
{
    const AbShared *s = w->shared;
    /* The proof search knows no searchmoves (it would prove the whole root)
     * and finds one line, not MultiPV's several. */
    return s->settings->proof_share > 0 && !s->job->limits.depth && !s->job->root_move_count &&
           search_line_count(s->job) == 1 && !atomic_load(&s->proof_too_long) && depth >= 4 &&
           4 * depth >= plies_left_estimate(s);
}

/* Who proves: the main thread alone, in slices between its iterations;
 * with more threads every helper, with all of its time once a proof is
 * worth trying, on the one shared proof table (the main thread keeps to
 * its iterations, unless AbProofShare gives the proof all of its time, as
 * `tessera prove` does: then every thread proves).  Helpers that went on
 * with Lazy SMP iterations instead made proofs slower with more threads
 * (issue 14: one helper proving in slices, its iterations and the others'
 * competing for the cores). */
static bool main_thread_proves(const AbShared *s)
{
    return s->worker_count == 1 || s->settings->proof_share >= 100;
}

static bool proves_here(const AbWorker *w) { return w->id > 0 || main_thread_proves(w->shared); }

static int prover_count(const AbShared *s) { return main_thread_proves(s) ? s->worker_count : s->worker_count - 1; }

/* After an iteration that cost iteration_nodes, the proof search gets its
 * share of them (all of the thread's time at 100%, and always on a
 * helper).  The first proof found ends the search of every thread. */
static bool prove_slice(AbWorker *w, uint64_t iteration_nodes)
{
    AbShared *s = w->shared;
    if (!ensure_proof_table(s->engine, s->job->hash_mb))
        return false;
    int share = w->id > 0 ? 100 : s->settings->proof_share;
    uint64_t budget = share >= 100 ? 0 : iteration_nodes * (uint64_t)share / (uint64_t)(100 - share) + 1;
    AbProof proof;
    if (!ab_prove(w, budget, &proof))
        return false;
    /* Under `go mate N` a longer win does not end the search: the
     * iterations, which find the shortest mate within their depth, go on. */
    if (!search_proof_ends_search(s->job, proof.score)) {
        atomic_store(&s->proof_too_long, true);
        return false;
    }
    if (atomic_exchange(&s->proof_claimed, true))
        return true; /* another prover published its proof first */
    s->proof = proof;
    atomic_store_explicit(&s->proof_ready, true, memory_order_release);
    atomic_store(&s->abort, true);
    return true;
}

static void record_iteration(AbWorker *w, int depth, int score)
{
    w->best_score = score;
    w->completed_depth = depth;
    Move turn = ab_line_turn(w);
    if (turn != MOVE_NONE)
        w->best_turn = turn;
    report_iteration(w, depth, score);
}

/* An iteration the clock stopped: a root move it searched to the end and
 * found better than the last iteration's move (searched first) is the
 * better guess, as in Stockfish.  Its depth stays the last completed one:
 * a helper's completed iteration of this depth still comes first.  Proven
 * scores are left to whole iterations and the proof search. */
static bool take_partial_iteration(AbWorker *w, int depth)
{
    AbShared *s = w->shared;
    if (w->superseded || search_line_count(s->job) > 1 || score_is_proven(w->root_score))
        return false;
    Move turn = ab_line_turn(w);
    if (turn == MOVE_NONE || turn == w->best_turn)
        return false;
    w->best_turn = turn;
    w->best_score = w->root_score;
    report_iteration(w, depth, w->root_score);
    return true;
}

/* A search the clock or `stop` ended, its last iteration unfinished: the
 * last completed one is reported again with the nodes and time of the
 * whole search, as Stockfish does on stop, so that the last info line
 * says how long the search ran. */
static void report_stopped(AbWorker *w)
{
    AbShared *s = w->shared;
    if (search_line_count(s->job) > 1 || w->completed_depth == 0)
        return;
    s->result->nodes = total_nodes(s);
    s->result->hashfull = tt_hashfull(s->tt);
    search_progress_result(s->job, s->result);
}

/* The proof search's answer, once a thread has published one, replaces
 * the iterations' (it needs no horizon).  A prover that claimed the proof
 * stores it next: the main thread, itself a prover that lost the claim
 * (AbProofShare 100), waits for that instead of ending unproven. */
static void take_proof(AbWorker *w)
{
    AbShared *s = w->shared;
    if (!atomic_load(&s->proof_claimed))
        return;
    while (!atomic_load_explicit(&s->proof_ready, memory_order_acquire))
        sched_yield();
    const AbProof *proof = &s->proof;
    for (int i = 0; i < proof->length; i++)
        w->pv[0][i] = proof->plies[i];
    w->pv_length[0] = proof->length;
    if (proof->length > w->seldepth)
        w->seldepth = proof->length;
    record_iteration(w, w->completed_depth > 0 ? w->completed_depth : 1, proof->score);
}

/* MultiPV: the lines of one iteration, best first, line 1 the result.
 * The searches that found them each return the best of the moves they
 * were left, so line k can outscore line k-1 where the search is not
 * exact (late move reductions below the root, the table's bounds); sorted,
 * the lines come best first and line 1 is always the move played. */
static void report_lines(AbWorker *w, SearchResult *lines, int count)
{
    AbShared *s = w->shared;
    /* Insertion, so that equal scores keep the order they were found in. */
    for (int i = 1; i < count; i++) {
        SearchResult line = lines[i];
        int j = i;
        for (; j > 0 && lines[j - 1].score < line.score; j--)
            lines[j] = lines[j - 1];
        lines[j] = line;
    }
    uint64_t nodes = total_nodes(s);
    int hashfull = tt_hashfull(s->tt);
    for (int k = 0; k < count; k++) {
        lines[k].nodes = nodes;
        lines[k].hashfull = hashfull;
    }
    w->best_score = lines[0].score;
    if (lines[0].pv_length > 0)
        w->best_turn = lines[0].pv[0]; /* several lines search whole turns */
    *s->result = lines[0];
    for (int k = 0; k < count; k++)
        search_progress_line(s->job, &lines[k], k + 1);
}

/* MultiPV: line 1 is the iteration's root search (score); lines 2..N are
 * each a root search with the first moves of the lines above it left
 * out, each aspirated around its own line's last score (line_scores, by
 * rank).  The iteration is then reported, best first; a search stopped
 * among them reports the lines it completed. */
static void search_lines(AbWorker *w, int depth, int score, int *line_scores)
{
    AbShared *s = w->shared;
    int wanted = search_line_count(s->job);
    SearchResult lines[SEARCH_MAX_MULTIPV];
    w->completed_depth = depth;
    fill_line(w, depth, score, w->best_turn, &lines[0]);
    int count = 1;
    w->excluded_count = 0;
    if (w->pv_length[0] > 0)
        w->excluded[w->excluded_count++] = w->pv[0][0];
    for (int k = 2; k <= wanted && w->excluded_count == count; k++) {
        int line_score = aspirated_search(w, depth, line_scores[k - 1]);
        if (w->stopped || w->pv_length[0] == 0)
            break; /* out of time, or out of root moves */
        fill_line(w, depth, line_score, MOVE_NONE, &lines[count++]);
        w->excluded[w->excluded_count++] = w->pv[0][0];
    }
    w->excluded_count = 0;
    report_lines(w, lines, count);
    for (int k = 0; k < count; k++)
        line_scores[k] = lines[k].score;
}

/* A helper's iteration deeper than the main thread's last becomes the
 * result so far, and is reported; false when there is none. */
static bool adopt_deeper(AbWorker *w)
{
    AbShared *s = w->shared;
    if (s->worker_count < 2 || !ab_smp_adopt(w, s->result))
        return false;
    s->result->nodes = total_nodes(s);
    s->result->hashfull = tt_hashfull(s->tt);
    search_progress_result(s->job, s->result);
    return true;
}

/* After an iteration scoring score: proven, every line reached the end of
 * the game (no horizon met), or the time is spent, and deeper iterations
 * could only repeat this one or overrun. */
static bool iterations_end(const AbShared *s, int score, bool horizon_met)
{
    return (score_is_proven(score) && search_proof_ends_search(s->job, score)) || !horizon_met ||
           tm_past_soft(&s->tm);
}

static void *main_worker(void *arg)
{
    AbWorker *w = arg;
    AbShared *s = w->shared;
    int previous = 0;
    int line_scores[SEARCH_MAX_MULTIPV] = {0};
    for (int depth = 1; depth <= depth_limit(s); depth++) {
        atomic_store(&s->deepest.main_depth, depth);
        uint64_t before = w->nodes;
        w->iteration_depth = s->worker_count > 1 && search_line_count(s->job) == 1 ? depth : 0;
        int score = aspirated_search(w, depth, previous);
        w->iteration_depth = 0;
        if (w->superseded && !atomic_load(&s->abort)) {
            /* A helper completed this depth first: the rest of this
             * iteration would repeat its work.  Take its line, go deeper. */
            w->stopped = w->superseded = false;
            adopt_deeper(w);
            atomic_store(&s->unsearched, false);
            depth = w->completed_depth;
            previous = w->best_score;
            if (iterations_end(s, previous, true)) /* the helper's horizon: assume met */
                break;
            continue;
        }
        if (w->stopped) {
            if (!take_partial_iteration(w, depth))
                report_stopped(w);
            break;
        }
        bool horizon_met = w->horizon_met;
        if (search_line_count(s->job) > 1) {
            search_lines(w, depth, score, line_scores);
            score = w->best_score;
        } else {
            record_iteration(w, depth, score);
        }
        atomic_store(&s->unsearched, false);
        if (adopt_deeper(w)) {
            depth = w->completed_depth;
            score = w->best_score;
        }
        previous = score;
        if (iterations_end(s, score, horizon_met))
            break;
        if (proves_here(w) && proof_worth_trying(w, depth) &&
            (prove_slice(w, w->nodes - before) || w->stopped))
            break;
    }
    adopt_deeper(w);
    take_proof(w);
    atomic_store(&s->abort, true);
    return NULL;
}

/* Helpers start one ply apart so that the threads spread over depths,
 * and keep up with the main thread (ab_smp_helper_depth).  The first to
 * complete the depth limit ends the search. */
static void *helper_worker(void *arg)
{
    AbWorker *w = arg;
    AbShared *s = w->shared;
    int previous = 0;
    for (int depth = 1 + w->id % 2; depth <= depth_limit(s); depth++) {
        depth = ab_smp_helper_depth(w, depth, depth_limit(s));
        if (depth > depth_limit(s))
            break;
        uint64_t before = w->nodes;
        int score = aspirated_search(w, depth, previous);
        if (w->stopped)
            break;
        previous = score;
        ab_smp_publish(w, depth, score);
        if (atomic_load(&s->deepest.depth) >= depth_limit(s)) { /* published: the main thread takes it */
            atomic_store(&s->abort, true);
            break;
        }
        if (!w->horizon_met)
            break;
        if (proves_here(w) && proof_worth_trying(w, depth) &&
            (prove_slice(w, w->nodes - before) || w->stopped))
            break;
    }
    atomic_store_explicit(&w->published_nodes, w->nodes, memory_order_relaxed);
    return NULL;
}

/* Something legal to play should the search find no line at depth 1
 * (no thread to be had, or a proof's stop). */
static Move fallback_turn(const AbShared *s)
{
    const Position *root = &s->job->record.current;
    if (s->job->root_move_count > 0)
        return s->job->root_moves[0];
    if (s->steps)
        return ab_finish_turn(s, root, NULL, 0);
    AbChildList *list = malloc(sizeof *list);
    Move first = MOVE_NONE;
    if (list) {
        ab_list_children(s, NULL, root, list);
        if (list->count > 0)
            first = list->child[0].move;
        free(list);
    }
    return first;
}

static void *run_worker(void *arg)
{
    AbWorker *w = arg;
    return w->id == 0 ? main_worker(w) : helper_worker(w);
}

static void run_workers(AbShared *s)
{
    void *args[SEARCH_MAX_THREADS];
    for (int i = 0; i < s->worker_count; i++)
        args[i] = &s->workers[i];
    if (thread_pool_run(&s->engine->threads, s->worker_count, run_worker, args) == 0)
        main_worker(&s->workers[0]); /* no thread to be had: search on this one */
}

/* The answer: the main thread's last completed iteration (or the
 * fallback), with the reply its pv expects. */
static void finish_result(const AbShared *s, SearchResult *r)
{
    const AbWorker *main_thread = &s->workers[0];
    r->best = main_thread->best_turn;
    r->score = main_thread->best_score;
    r->mate_turns = mate_turns_of_score(r->score);
    r->depth = main_thread->completed_depth;
    r->nodes = total_nodes(s);
    r->ponder = r->pv_length >= 2 && r->pv[0] == r->best ? r->pv[1] : MOVE_NONE;
}

static int threads_in_range(int threads)
{
    return threads < 1 ? 1 : threads > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : threads;
}

static int worker_count(const SearchJob *job) { return threads_in_range(job->threads); }

/* Several provers share the proof table and the busy counts: both are
 * made before the threads start. */
static bool prepare_provers(AbShared *s, AbEngine *e)
{
    if (s->worker_count < 2)
        return true;
    if (!ensure_proof_table(e, s->job->hash_mb))
        return false;
    if (prover_count(s) > 1)
        s->proof_busy = calloc((size_t)1 << AB_BUSY_BITS, sizeof *s->proof_busy);
    return true;
}

static SearchResult alphabeta_search(BackendEngine *engine, SearchJob *job)
{
    AbEngine *e = ab_engine(engine);
    SearchResult result = {.best = MOVE_NONE, .ponder = MOVE_NONE, .hashfull = -1};
    AbShared s = {.job = job, .game = job->game, .settings = &e->settings, .engine = e, .tt = &e->table,
                  .proofs = &e->proofs, .result = &result};
    atomic_init(&s.abort, false);
    atomic_init(&s.unsearched, true);
    atomic_init(&s.proof_ready, false);
    atomic_init(&s.proof_claimed, false);
    atomic_init(&s.proof_too_long, false);
    tm_plan(&s.tm, job);
    /* searchmoves and MultiPV name whole turns: the root's children must be turns. */
    s.steps = has_step_hooks(job->game) && !search_wants_whole_turns(job);
    s.node_limit = job->limits.nodes;
    if (!ensure_table(e, job->hash_mb))
        ensure_table(e, 1);
    tt_new_search(&e->table);

    Move fallback = fallback_turn(&s);
    s.worker_count = worker_count(job);
    s.workers = ready_workers(e, s.worker_count);
    if (!s.workers) {
        result.best = fallback;
        return result;
    }
    for (int i = 0; i < s.worker_count; i++) {
        s.workers[i].shared = &s;
        s.workers[i].id = i;
        s.workers[i].best_turn = fallback;
    }
    if (!prepare_provers(&s, e))
        atomic_store(&s.proof_too_long, true); /* no memory for the provers' table: no proofs */
    if (s.worker_count > 1 && !ab_smp_begin(&s))
        s.worker_count = 1; /* no lock to be had: the main thread alone */
    if (s.worker_count > 1)
        ab_defer_begin(&s); /* none to be had: the threads do not defer */
    run_workers(&s);
    if (s.worker_count > 1) {
        ab_defer_end(&s);
        ab_smp_end(&s);
    }
    /* A proven answer is made exact by every thread of the search, once
     * they are back in the pool (the main thread alone took minutes). */
    if (score_is_proven(s.workers[0].best_score))
        ab_shorten_proven(&s.workers[0], ensure_mate_table(e, job->hash_mb), &e->threads);
    finish_result(&s, &result);
    free(s.proof_busy);
    return result;
}

static BackendEngine *alphabeta_create(void)
{
    AbEngine *e = calloc(1, sizeof *e);
    if (e) {
        e->settings = ab_default_settings;
        thread_pool_init(&e->threads, WORKER_STACK_BYTES);
    }
    return (BackendEngine *)e;
}

ProofTable *ab_engine_proof_table(BackendEngine *engine)
{
    AbEngine *e = ab_engine(engine);
    return e->proofs.slots ? &e->proofs : NULL;
}

static void *alphabeta_settings(BackendEngine *engine) { return &ab_engine(engine)->settings; }

/* Makes the tables a search at megabytes needs where they are missing;
 * those it has are kept.  Their pages are made when a table is
 * (util/huge_alloc.h).  Tables of another size are given back before any
 * is made, so that a new Hash never holds the old tables too. */
static void make_tables_at(AbEngine *e, size_t megabytes)
{
    if (e->table.words && e->table_mb != main_table_mb(megabytes)) {
        tt_free(&e->table);
        e->table_mb = 0;
    }
    if (e->proofs.slots && e->proofs_mb != proof_table_mb(megabytes)) {
        pt_free(&e->proofs);
        e->proofs_mb = 0;
    }
    if (e->mates.slots && e->mates_mb != mate_table_mb(megabytes)) {
        mate_table_free(&e->mates);
        e->mates_mb = 0;
    }
    ensure_table(e, megabytes);
    ensure_proof_table(e, megabytes);
    ensure_mate_table(e, megabytes);
}

/* The tables, the threads' state and the threads themselves, parked. */
static void alphabeta_make_tables(BackendEngine *engine, size_t megabytes, int threads)
{
    AbEngine *e = ab_engine(engine);
    make_tables_at(e, megabytes);
    ready_workers(e, threads_in_range(threads));
    thread_pool_start(&e->threads, threads_in_range(threads));
}

/* The tables made here, outside any clock, and cleared (those that could
 * be made); the main table is cleared by epoch, as writing every page
 * here cost a ThreadSanitizer build 150 ms a game. */
static void alphabeta_new_game(BackendEngine *engine, size_t megabytes)
{
    AbEngine *e = ab_engine(engine);
    make_tables_at(e, megabytes);
    if (e->table.words)
        tt_clear(&e->table);
    if (e->proofs.slots)
        pt_clear(&e->proofs);
    if (e->mates.slots)
        mate_table_clear(&e->mates);
}

static void alphabeta_release(BackendEngine *engine)
{
    AbEngine *e = ab_engine(engine);
    tt_free(&e->table);
    e->table_mb = 0;
    pt_free(&e->proofs);
    e->proofs_mb = 0;
    mate_table_free(&e->mates);
    e->mates_mb = 0;
    free(e->workers);
    e->workers = NULL;
    e->worker_capacity = 0;
    thread_pool_stop(&e->threads);
}

static void alphabeta_destroy(BackendEngine *engine)
{
    if (!engine)
        return;
    alphabeta_release(engine);
    free(engine);
}

const Backend alphabeta_backend = {
    .id = "alphabeta",
    .params = ab_params,
    .param_count = AB_PARAM_COUNT,
    .strength_nodes = 20000, /* the full engine of the UCI_Elo scales (strength/strength.h) */
    .create = alphabeta_create,
    .settings = alphabeta_settings,
    .search = alphabeta_search,
    .new_game = alphabeta_new_game,
    .make_tables = alphabeta_make_tables,
    .release = alphabeta_release,
    .destroy = alphabeta_destroy,
};
