/* tournament.c - game threads, PGN appends, progress, resume, SPRT stop. */
#include "arena/tournament.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena/arena_log.h"
#include "arena/match.h"
#include "util/clock.h"
#include "arena/pgn.h"
#include "arena/preflight.h"
#include "arena/replays.h"
#include "arena/report.h"
#include "arena/runconfig.h"

#define PROGRESS_INTERVAL_MS 1000

typedef struct {
    const TournamentConfig *config;
    atomic_int *abort;
    FILE *out;
    ArenaLog log;
    pthread_mutex_t show_lock;

    pthread_mutex_t lock; /* guards everything below */
    uint64_t next;        /* next game number to hand out */
    unsigned char *done;  /* one byte per game number of the range */
    uint64_t total, finished;
    ResultTable *table;
    PgnFile pgn_file; /* -pgnout, held for the whole run */
    FILE *pgn;        /* its writer, NULL when nothing is written */
    int64_t last_progress_ms;
    uint64_t last_progress_games; /* games counted by the last progress line */
    bool sprt_concluded, failed, engine_stopped;
    Replays replays; /* games whose launcher failed: replayed, never scored */
    int start_failures[ARENA_MAX_ENGINES]; /* games in a row each engine failed to start */
    char error[1400];
    char date[16];
    char tc_text[ARENA_MAX_ENGINES][96];
    RunConfig run_config; /* what this run measures, recorded in the PGN */
} Tournament;

typedef struct {
    Tournament *t;
    int id;
    pthread_t thread;
} Worker;

/* Raises the stop flag unless an interrupt already did. */
static void stop_all(Tournament *t)
{
    int expected = 0;
    atomic_compare_exchange_strong(t->abort, &expected, TOURNAMENT_ABORT_STOP);
}

/* Hands out the next game not yet played; false when none is left. */
static bool take_game(Tournament *t, uint64_t *number)
{
    const TournamentConfig *c = t->config;
    bool found = false;
    pthread_mutex_lock(&t->lock);
    while (!found && t->next <= c->last && !atomic_load(t->abort)) {
        uint64_t n = t->next++;
        if (!t->done[n - c->first]) {
            *number = n;
            found = true;
        }
    }
    pthread_mutex_unlock(&t->lock);
    return found;
}

static void opening_text(const TournamentConfig *c, uint64_t number, Position *pos, char *fen,
                         size_t fen_size)
{
    ScheduledGame sg;
    schedule_game(&c->schedule, number - 1, &sg);
    opening_for(&c->openings, sg.opening_index, pos);
    c->game->format_position(pos, fen, fen_size);
}

/* Whether the games counted so far decide the SPRT. */
static bool sprt_decided(const Tournament *t)
{
    const SprtSettings *sprt = &t->config->sprt;
    if (!sprt->on)
        return false;
    PairTally tally;
    double lower, upper;
    results_pair(t->table, 0, 1, &tally);
    sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
    return sprt_verdict(report_llr(&tally, sprt), lower, upper) != SPRT_CONTINUE;
}

static void check_sprt(Tournament *t)
{
    if (!t->sprt_concluded && sprt_decided(t)) {
        t->sprt_concluded = true;
        stop_all(t);
    }
}

/* Stops the run when an engine has failed to start for
 * TOURNAMENT_START_FAILURES_MAX of its games in a row.  Called under the
 * lock. */
static void count_start_failures(Tournament *t, const ScheduledGame *sg, const MatchResult *r)
{
    const TournamentConfig *c = t->config;
    int players[2] = {sg->p1, sg->p2};
    for (int i = 0; i < 2; i++) {
        int *count = &t->start_failures[players[i]];
        *count = r->start_failed[i] ? *count + 1 : 0;
        if (*count < TOURNAMENT_START_FAILURES_MAX || t->engine_stopped)
            continue;
        const EngineSpec *spec = &c->engines[players[i]];
        snprintf(t->error, sizeof t->error,
                 "engine %s (cmd=%.300s) failed to start for %d games in a row, the last time: %.700s; "
                 "the run stops (finished games are kept%s)",
                 spec->name, spec->cmd, *count, r->detail, c->pgn_path ? ", -resume continues" : "");
        t->engine_stopped = true;
        stop_all(t);
    }
}

/* Records a finished game: table, PGN, messages.  Called under the lock. */
static void record_game(Tournament *t, uint64_t number, const ScheduledGame *sg, const MatchResult *r)
{
    const TournamentConfig *c = t->config;
    char fen[POSITION_TEXT_MAX], err[300];
    c->game->format_position(&r->record.start, fen, sizeof fen);
    GameOutcome outcome = {(int64_t)number, sg->p1,     sg->p2,  r->result, r->termination,
                           results_opening_key(fen), c->seed, c->schedule.repeat};
    if (!results_add(t->table, &outcome)) {
        snprintf(t->error, sizeof t->error, "out of memory");
        t->failed = true;
        stop_all(t);
        return;
    }
    t->done[number - c->first] = 1;
    t->finished++;
    if (t->pgn) {
        char event[128];
        snprintf(event, sizeof event, "tessera-arena %s", c->game->id);
        PgnGame g = {event, t->date, (int64_t)number, c->engines[sg->p1].name, c->engines[sg->p2].name,
                     t->tc_text[sg->p1], t->tc_text[sg->p2], r};
        if (!pgn_write_game(t->pgn, &g, err, sizeof err)) {
            snprintf(t->error, sizeof t->error, "%s: %s", c->pgn_path, err);
            t->failed = true;
            stop_all(t);
        }
    }
    if (r->termination != TERM_NORMAL || c->show)
        fprintf(t->out, "Game %llu (%s vs %s): %s, %s: %s\n", (unsigned long long)number,
                c->engines[sg->p1].name, c->engines[sg->p2].name, pgn_result_token(r->result),
                termination_name(r->termination), r->detail);
    count_start_failures(t, sg, r);
    check_sprt(t);
}

/* A game whose launcher failed: says so, and whether it is played again
 * (else the run stops).  Called under the lock. */
static bool replay_game(Tournament *t, uint64_t number, const ScheduledGame *sg, int replayed,
                        const MatchResult *r)
{
    const TournamentConfig *c = t->config;
    char what[64];
    snprintf(what, sizeof what, "game %llu", (unsigned long long)number);
    ReplayVerdict verdict = replays_note(&t->replays, what, replayed, r, t->error, sizeof t->error);
    fprintf(t->out, "Game %llu (%s vs %s): not scored: %s; %s\n", (unsigned long long)number,
            c->engines[sg->p1].name, c->engines[sg->p2].name, r->detail,
            verdict == REPLAY_AGAIN ? "played again" : "not played again");
    if (verdict == REPLAY_STOP)
        stop_all(t);
    return verdict == REPLAY_AGAIN;
}

static void report_after_game(Tournament *t)
{
    const TournamentConfig *c = t->config;
    int64_t now = now_ms();
    if (c->rating_interval && t->finished % c->rating_interval == 0 && t->finished < t->total) {
        report_print(t->out, t->table, &c->sprt);
        t->last_progress_ms = now;
    } else if (now - t->last_progress_ms >= PROGRESS_INTERVAL_MS) {
        report_progress(t->out, t->table, t->finished, t->total, &c->sprt);
        t->last_progress_ms = now;
        t->last_progress_games = t->finished;
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Tournament *t = w->t;
    const TournamentConfig *c = t->config;
    Engine *engines = calloc((size_t)c->engine_count, sizeof *engines);
    MatchResult *result = malloc(sizeof *result);
    if (!engines || !result) {
        pthread_mutex_lock(&t->lock);
        snprintf(t->error, sizeof t->error, "out of memory");
        t->failed = true;
        stop_all(t);
        pthread_mutex_unlock(&t->lock);
        free(engines);
        free(result);
        return NULL;
    }
    for (int i = 0; i < c->engine_count; i++) {
        char slot[16];
        snprintf(slot, sizeof slot, "t%d", w->id + 1);
        engine_init(&engines[i], &c->engines[i], &t->log, t->abort, slot);
        engine_set_slot(&engines[i], w->id); /* its launcher's host: w->id mod N */
    }
    uint64_t number;
    int replayed = 0; /* times the game in hand was played again */
    while (replayed > 0 || take_game(t, &number)) {
        ScheduledGame sg;
        schedule_game(&c->schedule, number - 1, &sg);
        MatchSetup setup = {.game = c->game,
                            .players = {&engines[sg.p1], &engines[sg.p2]},
                            .show = c->show ? t->out : NULL,
                            .show_lock = &t->show_lock};
        opening_for(&c->openings, sg.opening_index, &setup.opening);
        match_play(&setup, result);
        if (result->termination == TERM_ABORTED)
            break;
        pthread_mutex_lock(&t->lock);
        bool lost = result->termination == TERM_LAUNCHER;
        bool again = lost && replay_game(t, number, &sg, replayed, result);
        if (!lost) {
            record_game(t, number, &sg, result);
            report_after_game(t);
        }
        pthread_mutex_unlock(&t->lock);
        if (!lost) {
            replayed = 0;
            continue;
        }
        if (!again)
            break;
        replays_pause(replayed++, t->abort);
        if (atomic_load(t->abort))
            break;
    }
    for (int i = 0; i < c->engine_count; i++)
        engine_quit(&engines[i]);
    free(engines);
    free(result);
    return NULL;
}

/* ---- resume ---- */

typedef struct {
    Tournament *t;
} ResumeContext;

/* Accepts a game read back from the PGN only if this run would have
 * played exactly it: same game, range, players and opening. */
static bool resume_visit(const PgnRecord *rec, void *ctx, char *err, size_t err_size)
{
    Tournament *t = ((ResumeContext *)ctx)->t;
    const TournamentConfig *c = t->config;
    uint64_t number = (uint64_t)rec->round;
    char what[400];
    if (!rec->config[0]) {
        snprintf(err, err_size, "has no recorded run configuration, so this run cannot be checked against it");
        return false;
    }
    if (runconfig_differs(rec->config, t->run_config.text, what, sizeof what)) {
        snprintf(err, err_size, "was played with another configuration: %s", what);
        return false;
    }
    if (strcmp(rec->game_id, c->game->id) != 0) {
        snprintf(err, err_size, "is a game of %s, not %s", rec->game_id, c->game->id);
        return false;
    }
    if (number < c->first || number > c->last) {
        snprintf(err, err_size, "lies outside the games %llu..%llu of this run",
                 (unsigned long long)c->first, (unsigned long long)c->last);
        return false;
    }
    ScheduledGame sg;
    schedule_game(&c->schedule, number - 1, &sg);
    if (strcmp(rec->white, c->engines[sg.p1].name) != 0 || strcmp(rec->black, c->engines[sg.p2].name) != 0) {
        snprintf(err, err_size, "has %s vs %s where this run plays %s vs %s", rec->white, rec->black,
                 c->engines[sg.p1].name, c->engines[sg.p2].name);
        return false;
    }
    Position pos;
    char fen[POSITION_TEXT_MAX];
    opening_text(c, number, &pos, fen, sizeof fen);
    if (strcmp(fen, rec->fen) != 0) {
        snprintf(err, err_size, "started from another opening (was -seed or -openings changed?)");
        return false;
    }
    if (t->done[number - c->first]) {
        snprintf(err, err_size,
                 "appears twice: two runs wrote this file ('tessera-arena repair %s' keeps the first copy of each "
                 "game)",
                 c->pgn_path);
        return false;
    }
    GameOutcome outcome = {rec->round,   sg.p1, sg.p2, rec->result, rec->termination, results_opening_key(fen),
                           c->seed, c->schedule.repeat};
    if (!results_add(t->table, &outcome)) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    t->done[number - c->first] = 1;
    t->finished++;
    return true;
}

/* Reads the games already played; cuts off a game that a kill left
 * unfinished at the end of the file.  *kept_end 0: nothing was kept. */
static bool resume_from_pgn(Tournament *t, long *kept_end, char *err, size_t err_size)
{
    ResumeContext ctx = {t};
    return pgn_recover(&t->pgn_file, resume_visit, &ctx, kept_end, err, err_size);
}

/* Games of an earlier run in the file of a new run: kept as they are. */
static bool accept_any(const PgnRecord *rec, void *ctx, char *err, size_t err_size)
{
    (void)rec;
    (void)ctx;
    (void)err;
    (void)err_size;
    return true;
}

/* ---- set-up ---- */

static bool open_outputs(Tournament *t, char *err, size_t err_size)
{
    const TournamentConfig *c = t->config;
    if (c->log_path && !arena_log_open(&t->log, c->log_path, c->log_limit_bytes, err, err_size))
        return false;
    long kept_end = 0;
    /* The file is held before anything of it is read: a second run on it
     * is refused here, before it reads, cuts or appends anything.  A new
     * run appending to a file another run left torn first cuts the torn
     * tail: its games would be glued to (or swallowed by) it. */
    if (c->pgn_path && (!pgn_file_open(&t->pgn_file, c->pgn_path, err, err_size) ||
                        !(c->resume ? resume_from_pgn(t, &kept_end, err, err_size)
                                    : pgn_recover(&t->pgn_file, accept_any, NULL, &kept_end, err, err_size))))
        return false;
    /* A resumed run that has nothing left to play (every game is there, or
     * the SPRT was decided) only reports: its file, perhaps read-only, is
     * not opened for writing. */
    bool nothing_to_play = c->resume && (t->finished == t->total || sprt_decided(t));
    if (c->pgn_path && !nothing_to_play) {
        t->pgn = pgn_file_writer(&t->pgn_file, err, err_size);
        if (!t->pgn)
            return false;
        /* A resumed file already holds this configuration (resume_visit
         * checked every game against it); a new run starts its own block. */
        if ((!c->resume || kept_end == 0) && !pgn_write_config(t->pgn, t->run_config.text, err, err_size))
            return false;
    }
    return true;
}

/* The model and the bounds, so that a verdict can be read for what it is. */
static void describe_sprt(FILE *out, const SprtSettings *sprt)
{
    double lower, upper;
    sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
    fprintf(out, "SPRT: %s Elo, H0 elo0 %.2f, H1 elo1 %.2f, alpha %.3g, beta %.3g, LLR bounds (%.2f, %.2f)\n",
            sprt_model_name(sprt->model), sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta, lower, upper);
}

static void describe_start(Tournament *t)
{
    const TournamentConfig *c = t->config;
    fprintf(t->out, "Tessera arena: %s, games %llu..%llu, %d engines (%s%s), concurrency %d, seed %llu\n",
            c->game->id, (unsigned long long)c->first, (unsigned long long)c->last, c->engine_count,
            tournament_kind_name(c->schedule.kind), c->schedule.repeat ? ", openings repeated" : "",
            c->concurrency, (unsigned long long)c->seed);
    for (int i = 0; i < c->engine_count; i++) {
        const EngineSpec *e = &c->engines[i];
        char words[SPEC_TEXT_MAX];
        fprintf(t->out, "  %s: %s (%s, %s)\n", e->name, e->cmd, protocol_name(e->proto), t->tc_text[i]);
        launcher_expand(e->launcher, NULL, words, sizeof words);
        if (words[0] && e->hosts && launcher_uses_host(e->launcher))
            fprintf(t->out, "    through: %s (game thread k on host k mod %d of %s)\n", words, e->hosts->count,
                    e->hosts->path);
        else if (words[0])
            fprintf(t->out, "    through: %s\n", words);
    }
    if (c->sprt.on)
        describe_sprt(t->out, &c->sprt);
    if (t->finished)
        fprintf(t->out, "Resuming: %llu of %llu games already in %s\n", (unsigned long long)t->finished,
                (unsigned long long)t->total, c->pgn_path);
    fflush(t->out);
}

static bool tournament_init(Tournament *t, const TournamentConfig *c, atomic_int *abort, FILE *out,
                            ResultTable *results, char *err, size_t err_size)
{
    memset(t, 0, sizeof *t);
    t->config = c;
    t->abort = abort;
    t->out = out;
    t->table = results;
    t->next = c->first;
    t->total = c->last - c->first + 1;
    pthread_mutex_init(&t->lock, NULL);
    pthread_mutex_init(&t->show_lock, NULL);
    results_init(results);
    replays_init(&t->replays, c->launcher_retries, c->launcher_retries_total);
    for (int i = 0; i < c->engine_count; i++) {
        results_engine(results, c->engines[i].name);
        tc_format(&c->engines[i].tc, t->tc_text[i], sizeof t->tc_text[i]);
    }
    time_t now = time(NULL);
    struct tm local;
    localtime_r(&now, &local);
    strftime(t->date, sizeof t->date, "%Y.%m.%d", &local);
    t->done = calloc((size_t)t->total, 1);
    if (!t->done || !runconfig_describe(c, &t->run_config)) {
        snprintf(err, err_size, "out of memory for %llu games", (unsigned long long)t->total);
        return false;
    }
    return open_outputs(t, err, err_size);
}

static void tournament_close(Tournament *t)
{
    pgn_file_close(&t->pgn_file);
    arena_log_close(&t->log);
    free(t->done);
    runconfig_free(&t->run_config);
    pthread_mutex_destroy(&t->lock);
    pthread_mutex_destroy(&t->show_lock);
}

static TournamentStatus final_status(Tournament *t, char *err, size_t err_size)
{
    if (t->failed) {
        snprintf(err, err_size, "%s", t->error);
        return TOURNAMENT_FAILED;
    }
    if (t->engine_stopped) {
        snprintf(err, err_size, "%s", t->error);
        return TOURNAMENT_ENGINE_FAILED;
    }
    if (t->replays.stopped) {
        snprintf(err, err_size, "%s", t->error);
        return TOURNAMENT_LAUNCHER_FAILED;
    }
    if (t->sprt_concluded)
        return TOURNAMENT_SPRT_DONE;
    if (atomic_load(t->abort))
        return TOURNAMENT_INTERRUPTED;
    return TOURNAMENT_DONE;
}

TournamentStatus tournament_run(const TournamentConfig *c, atomic_int *abort, FILE *out,
                                ResultTable *results, char *err, size_t err_size)
{
    Tournament t;
    if (!tournament_init(&t, c, abort, out, results, err, err_size)) {
        tournament_close(&t);
        return TOURNAMENT_FAILED;
    }
    describe_start(&t);
    PreflightStatus checked = preflight_engines(c->engines, c->engine_count, c->concurrency, c->game->id, &t.log,
                                                abort, t.out, err, err_size);
    if (checked != PREFLIGHT_OK) {
        tournament_close(&t);
        return checked == PREFLIGHT_ABORTED ? TOURNAMENT_INTERRUPTED : TOURNAMENT_ENGINE_FAILED;
    }
    check_sprt(&t); /* a resumed run may have concluded already */
    int threads = c->concurrency < 1 ? 1 : c->concurrency;
    Worker *workers = calloc((size_t)threads, sizeof *workers);
    int started = 0;
    for (; workers && started < threads; started++) {
        workers[started] = (Worker){&t, started, 0};
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
            break;
    }
    for (int i = 0; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    free(workers);
    if (started == 0) {
        snprintf(t.error, sizeof t.error, "cannot start game threads");
        t.failed = true;
    }
    if (t.last_progress_games != t.finished || t.finished == 0)
        report_progress(out, results, t.finished, t.total, &c->sprt);
    report_print(out, results, &c->sprt);
    replays_print(out, &t.replays);
    TournamentStatus status = final_status(&t, err, err_size);
    tournament_close(&t);
    return status;
}
