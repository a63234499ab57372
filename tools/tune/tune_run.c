/* tune_run.c - game-pair threads feeding SPSA updates. */
#include "tune/tune_run.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena/arena_log.h"
#include "arena/engine.h"
#include "arena/match.h"
#include "arena/replays.h"
#include "util/clock.h"
#include "tune/theta_csv.h"

/* Engine faults are reported one by one up to this many, then only counted. */
#define FAULTS_SHOWN 10

/* How far pairs may finish ahead of the oldest unfinished one: their
 * results wait in a ring of this many slots until it finishes.  A pair
 * starts only once the iteration its theta builds on is applied (spsa.h),
 * so it is at most the delay ahead. */
#define COMMIT_WINDOW (SPSA_MAX_DELAY + 1)

/* A finished pair's two game scores for the + side, waiting for its turn. */
typedef struct {
    bool finished;
    int scores[2];
} PendingPair;

typedef struct {
    const TuneRunConfig *config;
    Spsa *spsa;
    atomic_int *abort;
    ArenaLog log;

    pthread_mutex_t lock;    /* guards everything below and *spsa */
    pthread_cond_t settled;  /* a pair was applied, or a thread stopped */
    int next;                /* next iteration to hand out */
    PendingPair pending[COMMIT_WINDOW]; /* iteration k in slot k % COMMIT_WINDOW */
    int zero_pairs, zero_pair_draws;    /* the latest pairs that scored 0 */
    bool warned_no_signal;
    TuneTally tally;
    int64_t start_ms;
    bool failed;
    Replays replays; /* games whose launcher failed */
    char error[1400];
} TuneShared;

typedef struct {
    TuneShared *shared;
    int id;
    pthread_t thread;
    EngineSpec spec[2]; /* [0] theta+delta, [1] theta-delta */
    Engine engine[2];
    MatchResult game;
} TuneWorker;

void tune_format_values(const Spsa *spsa, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < spsa->count && used < out_size; i++)
        used += (size_t)snprintf(out + used, out_size - used, "%s%s=%.2f", i ? " " : "",
                                 spsa->param[i].name, spsa->param[i].theta);
}

/* Raises the stop flag unless an interrupt already did. */
static void stop_all(TuneShared *s)
{
    int expected = 0;
    atomic_compare_exchange_strong(s->abort, &expected, TOURNAMENT_ABORT_STOP);
}

/* Hands out the next iteration k, once the theta it perturbs is known:
 * the one after iteration k - P (P = -concurrency), which is then
 * applied, so that what k plays depends on the results before it and not
 * on which pairs happened to finish first.  Waits a second at a time, to
 * see an interrupt. */
static bool take_iteration(TuneShared *s, SpsaProbe *probe)
{
    pthread_mutex_lock(&s->lock);
    bool taken = !atomic_load(s->abort) && s->next < s->spsa->schedule.iterations;
    int k = taken ? s->next++ : 0;
    while (taken && !spsa_can_draw(s->spsa, k)) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&s->settled, &s->lock, &until);
        taken = !atomic_load(s->abort);
    }
    if (taken)
        spsa_draw(s->spsa, k, probe);
    pthread_mutex_unlock(&s->lock);
    return taken;
}

/* Gives both engines the probe's values: into the specs (for a restart)
 * and, to a running engine, by setoption at once. */
static void apply_values(TuneWorker *w, const SpsaProbe *probe)
{
    const Spsa *spsa = w->shared->spsa;
    for (int side = 0; side < 2; side++) {
        const double *values = side == 0 ? probe->plus : probe->minus;
        for (int i = 0; i < spsa->count; i++) {
            char value[32], line[SPSA_NAME_MAX + 64], ignored[64];
            snprintf(value, sizeof value, "%ld", spsa_engine_value(values[i]));
            spec_set_option(&w->spec[side], spsa->param[i].name, value, ignored, sizeof ignored);
            if (!engine_is_ready(&w->engine[side]))
                continue;
            snprintf(line, sizeof line, "setoption name %s value %s", spsa->param[i].name, value);
            /* A failure kills the engine; match_play then restarts it. */
            engine_send(&w->engine[side], line, ignored, sizeof ignored);
        }
    }
}

/* +1, 0 or -1 for the + engine, which was p1 when plus_first. */
static int plus_score(PlayerResult result, bool plus_first)
{
    if (result == RESULT_DRAW)
        return 0;
    bool p1_won = result == RESULT_P1_WINS;
    return p1_won == plus_first ? 1 : -1;
}

static void note_fault(TuneShared *s, int iteration, const MatchResult *game)
{
    if (s->tally.faults++ < FAULTS_SHOWN)
        fprintf(s->config->out, "iteration %d: %s: %s%s\n", iteration + 1,
                termination_name(game->termination), game->detail,
                s->tally.faults == FAULTS_SHOWN ? " (further faults are only counted)" : "");
}

static void print_progress(TuneShared *s)
{
    const Spsa *spsa = s->spsa;
    char values[SPSA_MAX_PARAMS * (SPSA_NAME_MAX + 16)];
    tune_format_values(spsa, values, sizeof values);
    double seconds = (double)(now_ms() - s->start_ms) / 1000.0;
    fprintf(s->config->out, "iteration %d/%d  +side %lld-%lld-%lld  %.0fs  %s\n", spsa->done,
            spsa->schedule.iterations, (long long)s->tally.plus_wins, (long long)s->tally.draws,
            (long long)s->tally.plus_losses, seconds, values);
    fflush(s->config->out);
}

/* Counts the pairs in a row that moved nothing, and warns once when there
 * are TUNE_NO_SIGNAL_PAIRS of them. */
static void watch_for_signal(TuneShared *s, const int scores[2])
{
    if (scores[0] + scores[1] != 0) {
        s->zero_pairs = s->zero_pair_draws = 0;
        return;
    }
    s->zero_pairs++;
    s->zero_pair_draws += (scores[0] == 0) + (scores[1] == 0);
    if (s->zero_pairs < TUNE_NO_SIGNAL_PAIRS || s->warned_no_signal)
        return;
    s->warned_no_signal = true;
    fprintf(s->config->out,
            "warning: the last %d pairs each scored 0 for the + side (%d of their %d games "
            "drawn, the others won once by each engine): SPSA moves nothing on them, so the "
            "games carry no signal.  Longer games, varied openings (-openings random "
            "plies=N) or a larger c_end may give them one.\n",
            s->zero_pairs, s->zero_pair_draws, 2 * s->zero_pairs);
}

/* Applies iteration spsa->done, finished with these scores: update, CSV
 * row, tallies, progress.  Called with the lock held. */
static void apply_iteration(TuneShared *s, const int scores[2])
{
    /* The update needs the iteration's flips and c_k only, which depend
     * on the seed and k alone: drawn again here. */
    SpsaProbe probe;
    spsa_draw(s->spsa, s->spsa->done, &probe);
    spsa_update(s->spsa, &probe, scores[0] + scores[1]);
    watch_for_signal(s, scores);
    for (int g = 0; g < 2; g++) {
        s->tally.plus_wins += scores[g] > 0;
        s->tally.draws += scores[g] == 0;
        s->tally.plus_losses += scores[g] < 0;
    }
    if (s->config->csv && !theta_csv_append(s->config->csv, s->spsa) && !s->failed) {
        s->failed = true;
        snprintf(s->error, sizeof s->error, "cannot write the CSV");
        stop_all(s);
    }
    int every = s->config->progress_every;
    if (every > 0 && (s->spsa->done % every == 0 || s->spsa->done == s->spsa->schedule.iterations))
        print_progress(s);
}

/* Records a finished pair, then applies every finished pair that is next
 * in iteration order.  Pairs are applied (and written to the CSV) in order
 * only, so the CSV's last row k always means "iterations 0..k-1 applied,
 * each once", whatever order concurrent pairs finish in: a run killed
 * with iteration 84 in flight and 85 finished resumes at 84, and plays 85
 * again rather than skipping 84. */
static void finish_iteration(TuneShared *s, const SpsaProbe *probe, const int scores[2])
{
    pthread_mutex_lock(&s->lock);
    PendingPair *pair = &s->pending[probe->iteration % COMMIT_WINDOW];
    pair->finished = true;
    pair->scores[0] = scores[0];
    pair->scores[1] = scores[1];
    for (;;) {
        PendingPair *next = &s->pending[s->spsa->done % COMMIT_WINDOW];
        if (!next->finished || s->spsa->done >= s->spsa->schedule.iterations)
            break;
        next->finished = false;
        apply_iteration(s, next->scores);
    }
    pthread_cond_broadcast(&s->settled);
    pthread_mutex_unlock(&s->lock);
}

/* Pairs that finished after one still unfinished when the run stopped:
 * not applied, and played again by a resumed run. */
static int64_t pairs_left_pending(const TuneShared *s)
{
    int64_t count = 0;
    for (int i = 0; i < COMMIT_WINDOW; i++)
        count += s->pending[i].finished;
    return count;
}

static void fail_run(TuneShared *s, const char *detail)
{
    pthread_mutex_lock(&s->lock);
    if (!s->failed) {
        s->failed = true;
        snprintf(s->error, sizeof s->error, "%s", detail);
    }
    pthread_mutex_unlock(&s->lock);
    stop_all(s);
}

/* A game of the pair whose launcher failed: said, and whether it is played
 * again (else the run stops). */
static bool replay_game(TuneShared *s, const SpsaProbe *probe, int g, int replayed, const MatchResult *game)
{
    char what[64], err[sizeof s->error];
    snprintf(what, sizeof what, "iteration %d game %d", probe->iteration + 1, g + 1);
    pthread_mutex_lock(&s->lock);
    ReplayVerdict verdict = replays_note(&s->replays, what, replayed, game, err, sizeof err);
    bool again = verdict == REPLAY_AGAIN;
    s->tally.launcher_failures++;
    fprintf(s->config->out, "%s: not scored: %s; %s\n", what, game->detail,
            again ? "played again" : "not played again");
    if (verdict == REPLAY_STOP && !s->failed)
        snprintf(s->error, sizeof s->error, "%s", err);
    pthread_mutex_unlock(&s->lock);
    if (verdict == REPLAY_STOP)
        stop_all(s);
    if (again)
        replays_pause(replayed, s->abort);
    return again && !atomic_load(s->abort);
}

/* Plays one game of the pair until it ends without a launcher failure;
 * false when the run must not count it (aborted, or the launcher kept
 * failing). */
static bool play_game(TuneWorker *w, MatchSetup *setup, const SpsaProbe *probe, int g)
{
    for (int replayed = 0;; replayed++) {
        match_play(setup, &w->game);
        if (w->game.termination == TERM_ABORTED)
            return false;
        if (w->game.termination != TERM_LAUNCHER)
            return true;
        if (!replay_game(w->shared, probe, g, replayed, &w->game))
            return false;
    }
}

/* Plays both games of the pair; false when the run must not count it. */
static bool play_pair(TuneWorker *w, const SpsaProbe *probe, int scores[2])
{
    TuneShared *s = w->shared;
    const TournamentConfig *arena = s->config->arena;
    MatchSetup setup;
    memset(&setup, 0, sizeof setup);
    setup.game = arena->game;
    opening_for(&arena->openings, (uint64_t)probe->iteration, &setup.opening);
    for (int g = 0; g < 2; g++) {
        setup.players[0] = &w->engine[g];
        setup.players[1] = &w->engine[1 - g];
        if (!play_game(w, &setup, probe, g))
            return false;
        /* An engine that cannot even start makes every game worthless. */
        if (w->game.termination == TERM_NO_HANDSHAKE) {
            fail_run(s, w->game.detail);
            return false;
        }
        if (w->game.termination != TERM_NORMAL && w->game.termination != TERM_MOVE_LIMIT) {
            pthread_mutex_lock(&s->lock);
            note_fault(s, probe->iteration, &w->game);
            pthread_mutex_unlock(&s->lock);
        }
        scores[g] = plus_score(w->game.result, g == 0);
    }
    return true;
}

static void *worker_main(void *arg)
{
    TuneWorker *w = arg;
    SpsaProbe probe;
    while (take_iteration(w->shared, &probe)) {
        apply_values(w, &probe);
        int scores[2];
        if (!play_pair(w, &probe, scores))
            break;
        finish_iteration(w->shared, &probe, scores);
    }
    /* A thread waiting for room must see that this one plays no more. */
    pthread_mutex_lock(&w->shared->lock);
    pthread_cond_broadcast(&w->shared->settled);
    pthread_mutex_unlock(&w->shared->lock);
    for (int side = 0; side < 2; side++)
        engine_quit(&w->engine[side]);
    return NULL;
}

static void worker_init(TuneWorker *w, TuneShared *s, int id)
{
    const TournamentConfig *arena = s->config->arena;
    w->shared = s;
    w->id = id;
    for (int side = 0; side < 2; side++) {
        char slot[16];
        w->spec[side] = arena->engines[side];
        snprintf(slot, sizeof slot, "t%d", id + 1);
        engine_init(&w->engine[side], &w->spec[side], &s->log, s->abort, slot);
        /* Both engines of the pair on one host: host id mod N of -launcher-hosts. */
        engine_set_slot(&w->engine[side], id);
    }
}

static TuneRunStatus run_workers(TuneShared *s, TuneWorker *workers, int count, char *err,
                                 size_t err_size)
{
    int started = 0;
    for (; started < count; started++) {
        worker_init(&workers[started], s, started);
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0) {
            fail_run(s, "cannot start a thread");
            break;
        }
    }
    for (int i = 0; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    if (s->failed || s->replays.stopped) {
        snprintf(err, err_size, "%s", s->error);
        return s->failed ? TUNE_RUN_FAILED : TUNE_RUN_LAUNCHER_FAILED;
    }
    return atomic_load(s->abort) ? TUNE_RUN_INTERRUPTED : TUNE_RUN_DONE;
}

TuneRunStatus tune_run(const TuneRunConfig *config, Spsa *spsa, atomic_int *abort,
                       TuneTally *tally, char *err, size_t err_size)
{
    memset(tally, 0, sizeof *tally);
    TuneShared *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_size, "out of memory");
        return TUNE_RUN_FAILED;
    }
    s->config = config;
    s->spsa = spsa;
    s->abort = abort;
    s->next = spsa->done;
    s->start_ms = now_ms();
    replays_init(&s->replays, config->arena->launcher_retries, config->arena->launcher_retries_total);
    if (config->arena->log_path &&
        !arena_log_open(&s->log, config->arena->log_path, config->arena->log_limit_bytes, err, err_size)) {
        free(s);
        return TUNE_RUN_FAILED;
    }
    int count = config->arena->concurrency > 0 ? config->arena->concurrency : 1;
    int pending = spsa->schedule.iterations - spsa->done;
    if (count > pending)
        count = pending > 0 ? pending : 1;
    TuneWorker *workers = calloc((size_t)count, sizeof *workers);
    if (!workers) {
        arena_log_close(&s->log);
        free(s);
        snprintf(err, err_size, "out of memory");
        return TUNE_RUN_FAILED;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->settled, NULL);
    TuneRunStatus status = run_workers(s, workers, count, err, err_size);
    s->tally.pairs_not_applied = pairs_left_pending(s);
    replays_print(config->out, &s->replays);
    pthread_cond_destroy(&s->settled);
    pthread_mutex_destroy(&s->lock);
    free(workers);
    arena_log_close(&s->log);
    *tally = s->tally;
    free(s);
    return status;
}
