/* searcher.c - the search thread of the protocol, and its bestmove line. */
#include "protocol/searcher.h"

#include <pthread.h>
#include <stdlib.h>

#include "games/gameutil.h"
#include "protocol/info_line.h"
#include "protocol/perft_job.h"
#include "search/backends.h"
#include "search/book/proven_answer.h"
#include "search/strength/strength.h"
#include "util/clock.h"
#include "util/output.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t stopped = PTHREAD_COND_INITIALIZER;
static pthread_t thread;
static bool thread_live;          /* a thread exists that nobody joined yet */
static atomic_bool running;       /* between start and bestmove */
static SearchJob *current_job;    /* owned by the search thread while running */
static const Backend *current_backend;
static BackendEngine *current_engine;
static bool with_ponder_move;     /* the Ponder option: bestmove names the reply expected */
static bool current_is_search;    /* the running job is a search, not a perft */
/* The running job's limits as `go` gave them: the search thread may
 * narrow its job's own for a while (a weakened search's node budget). */
static SearchLimits current_limits;
static atomic_bool proven_book = true; /* the ProvenBook option */

/* The backend's answer, checked: a backend bug must not make us send an
 * illegal move to a GUI that would forfeit the game for it. */
static Move checked_move(const SearchJob *job, Move move)
{
    const Game *g = job->game;
    const Position *root = &job->record.current;
    if (is_legal_move(g, root, move) && search_root_allows(job, move))
        return move;
    if (move != MOVE_NONE)
        out_line("info string error backend %s returned a move it may not play; playing the first allowed one",
                 current_backend->id);
    if (job->root_move_count > 0)
        return job->root_moves[0];
    Move first = MOVE_NONE;
    collect_moves(g, root, &first, 1, NULL);
    return first;
}

/* The reply the search expects to best, when it is legal there. */
static Move checked_ponder_move(const SearchJob *job, Move best, const SearchResult *result)
{
    if (best == MOVE_NONE || best != result->best || result->ponder == MOVE_NONE)
        return MOVE_NONE;
    Position after = job->record.current;
    job->game->play(&after, best);
    if (job->game->outcome(&after) != OUTCOME_ONGOING || !is_legal_move(job->game, &after, result->ponder))
        return MOVE_NONE;
    return result->ponder;
}

/* `bestmove M` or, when the GUI asked for ponder moves, `bestmove M ponder P`. */
static void print_bestmove(const SearchJob *job, Move best, Move ponder)
{
    char text[MOVE_TEXT_MAX] = "(none)", reply[MOVE_TEXT_MAX];
    if (best != MOVE_NONE)
        job->game->format_move(&job->record.current, best, text, sizeof text);
    if (ponder == MOVE_NONE || !with_ponder_move) {
        out_line("bestmove %s", text);
        return;
    }
    Position after = job->record.current;
    job->game->play(&after, best);
    job->game->format_move(&after, ponder, reply, sizeof reply);
    out_line("bestmove %s ponder %s", text, reply);
}

void searcher_use_proven_book(bool on) { atomic_store(&proven_book, on); }

/* ProvenBook: the proven table's move where it has one, said so in an
 * `info string` and reported as a search's line (depth 1, no nodes).  Not
 * for the random mover, whose moves are random by design. */
static bool table_answer(SearchJob *job, SearchResult *result)
{
    bool asked = atomic_load(&proven_book) && current_backend != &random_backend;
    const ProvenBookEntry *entry = asked ? proven_answer(job, result) : NULL;
    if (!entry)
        return false;
    out_line("info string ProvenBook: %s %s wins within %d plies (the proof tools/proof/table/%s.proof.gz)",
             entry->board, entry->move, entry->plies, entry->board);
    SearchInfo info = {.depth = result->depth, .seldepth = result->seldepth, .multipv = 1,
                       .mate_turns = result->mate_turns, .hashfull = -1, .pv = result->pv,
                       .pv_length = result->pv_length};
    print_info(job, &info);
    return true;
}

static void *search_thread(void *arg)
{
    SearchJob *job = arg;
    SearchResult result;
    if (!table_answer(job, &result))
        result = strength_search(current_backend, current_engine, job);
    Move best = checked_move(job, result.best);
    Move ponder = checked_ponder_move(job, best, &result);

    /* UCI: under infinite, bestmove only after stop; while pondering, only
     * after stop or ponderhit (a search that ended early waits for it). */
    pthread_mutex_lock(&lock);
    while ((job->limits.infinite || atomic_load(&job->pondering)) && !atomic_load(&job->stop))
        pthread_cond_wait(&stopped, &lock);
    pthread_mutex_unlock(&lock);

    /* Not running before the line goes out: a client may send the next go
     * the moment it reads bestmove.  That go joins this thread first, so
     * the lines still come in order. */
    atomic_store(&running, false);
    print_bestmove(job, best, ponder);
    return NULL;
}

static void join_finished_thread(void)
{
    if (thread_live) {
        pthread_join(thread, NULL);
        thread_live = false;
        free(current_job);
        current_job = NULL;
    }
}

/* A perft run: the same thread and the same stop as a search, its own
 * closing lines instead of bestmove. */
static void *perft_thread(void *arg)
{
    SearchJob *job = arg;
    PerftCount count = perft_job_count(job);
    /* Not running before the last line goes out, as for bestmove. */
    atomic_store(&running, false);
    perft_job_print_total(count);
    return NULL;
}

/* Runs body on a copy of job on the one background thread. */
static bool start_job(const SearchJob *job, void *(*body)(void *))
{
    if (atomic_load(&running))
        return false;
    join_finished_thread();
    SearchJob *copy = malloc(sizeof *copy);
    if (!copy)
        return false;
    *copy = *job;
    atomic_init(&copy->stop, false);
    atomic_init(&copy->pondering, atomic_load(&job->pondering));
    atomic_init(&copy->ponderhit_ms, 0);
    copy->progress = (SearchProgress){print_info_of_job, copy};
    current_job = copy;
    current_limits = job->limits;
    atomic_store(&running, true);
    if (pthread_create(&thread, NULL, body, copy) != 0) {
        atomic_store(&running, false);
        free(copy);
        current_job = NULL;
        return false;
    }
    thread_live = true;
    return true;
}

bool searcher_start(const Backend *backend, BackendEngine *engine, const SearchJob *job, bool ponder_move)
{
    if (atomic_load(&running))
        return false;
    join_finished_thread(); /* the last search's thread still reads these */
    current_backend = backend;
    current_engine = engine;
    with_ponder_move = ponder_move;
    current_is_search = true;
    return start_job(job, search_thread);
}

bool searcher_start_perft(const SearchJob *job)
{
    if (atomic_load(&running))
        return false;
    current_is_search = false;
    return start_job(job, perft_thread);
}

void searcher_stop(void)
{
    pthread_mutex_lock(&lock);
    if (atomic_load(&running) && current_job) {
        atomic_store(&current_job->stop, true);
        pthread_cond_broadcast(&stopped);
    }
    pthread_mutex_unlock(&lock);
}

bool searcher_ponderhit(void)
{
    pthread_mutex_lock(&lock);
    bool pondering = atomic_load(&running) && current_job && atomic_load(&current_job->pondering);
    if (pondering) {
        atomic_store(&current_job->ponderhit_ms, now_ms());
        atomic_store(&current_job->pondering, false);
        pthread_cond_broadcast(&stopped);
    }
    pthread_mutex_unlock(&lock);
    return pondering;
}

void searcher_wait(void) { join_finished_thread(); }

/* A limit the search meets by itself: a depth, nodes, a movetime or our
 * clock.  `go infinite`, a ponder, `go mate N` alone or a bare `go` may
 * run for ever. */
static bool ends_by_itself(const SearchJob *job)
{
    const SearchLimits *l = &current_limits;
    if (l->infinite || atomic_load(&job->pondering))
        return false;
    return l->depth > 0 || l->nodes > 0 || l->movetime >= 0 || l->my_time >= 0;
}

void searcher_finish(void)
{
    pthread_mutex_lock(&lock);
    bool let_run = atomic_load(&running) && current_job && current_is_search && ends_by_itself(current_job);
    pthread_mutex_unlock(&lock);
    if (!let_run)
        searcher_stop();
    searcher_wait();
}

bool searcher_busy(void) { return atomic_load(&running); }
