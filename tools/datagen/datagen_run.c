/* datagen_run.c - self-play workers, the shared file, the progress line. */
#include "datagen/datagen_run.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "datagen/datagen_file.h"
#include "datagen/pending_games.h"
#include "datagen/rp_board.h"
#include "datagen/selfplay.h"
#include "search/search.h"
#include "util/clock.h"

/* Games in a row that add no new position before the run gives up: the
 * openings are exhausted (a deterministic engine replays the same game
 * from the same opening), and more games would only spin. */
#define EXHAUSTED_AFTER_GAMES 200
/* Finished games held at most while an earlier one is still played; a
 * worker with one more waits for its turn to write. */
#define PENDING_MAX 256

/* What every worker shares; the lock guards everything but config and halt.
 * Games are written in their numbers' order (pending_games.h): a finished
 * game waits in pending until next_to_write reaches it. */
typedef struct {
    const DatagenOptions *options;
    SelfPlayConfig config;
    DatagenFile data;
    pthread_mutex_t lock;
    pthread_cond_t turn_came; /* next_to_write moved, or halt was raised */
    atomic_int halt; /* raised on interruption or failure: games in flight stop */
    uint64_t next_to_write;
    uint64_t last_number; /* the last game to play (UINT64_MAX: until -positions) */
    PendingGames pending;
    uint64_t games_started, games_finished, first_positions;
    uint64_t new_positions, duplicates, proven;
    uint64_t white_wins, black_wins, draws;
    int workers_done;
    int games_without_new; /* in a row */
    bool failed;
    char error[ERROR_TEXT_MAX + 64];
} Run;

/* -positions is met: later games are not written. */
static bool target_reached(const Run *run)
{
    return run->options->positions && run->data.positions >= run->options->positions;
}

static bool wants_more_games(const Run *run)
{
    if (atomic_load(&run->halt))
        return false;
    if (run->data.next_game + run->games_started > run->last_number)
        return false;
    return !target_reached(run);
}

static void fail(Run *run, const char *message)
{
    if (!run->failed)
        snprintf(run->error, sizeof run->error, "%s", message);
    run->failed = true;
    atomic_store(&run->halt, 1);
    pthread_cond_broadcast(&run->turn_came);
}

static void count_outcome(Run *run, Outcome outcome)
{
    run->games_finished++;
    if (outcome == OUTCOME_WHITE_WINS)
        run->white_wins++;
    else if (outcome == OUTCOME_BLACK_WINS)
        run->black_wins++;
    else
        run->draws++;
}

/* Appends the game's positions not seen before; the caller holds the lock. */
static void append_game(Run *run, const DataRecord *records, const uint64_t *hashes, int count, Outcome outcome)
{
    char line[DATA_LINE_MAX];
    uint64_t new_before = run->new_positions;
    for (int i = 0; i < count; i++) {
        bool out_of_memory;
        if (!position_set_add(&run->data.seen, hashes[i], &out_of_memory)) {
            if (out_of_memory)
                return fail(run, "out of memory for the seen positions");
            run->duplicates++;
            continue;
        }
        if (!data_record_format(&records[i], line, sizeof line))
            return fail(run, "a record does not fit the data format");
        fputs(line, run->data.file);
        run->data.positions++;
        run->new_positions++;
        run->proven += records[i].proven;
    }
    /* Flushed per game, so an interruption loses at most one game's lines
     * (and a cut-short last line, which a resume removes). */
    if (fflush(run->data.file) != 0 || ferror(run->data.file))
        return fail(run, "cannot write the data file");
    count_outcome(run, outcome);
    run->games_without_new = run->new_positions > new_before ? 0 : run->games_without_new + 1;
    if (run->games_without_new == EXHAUSTED_AFTER_GAMES) {
        char message[160];
        snprintf(message, sizeof message, "%d games in a row added no new position: the openings "
                 "are exhausted (more -plies, or a bigger -board)", EXHAUSTED_AFTER_GAMES);
        fail(run, message);
    }
}

/* The next game's turn to be written (game NULL: nothing to keep), then
 * the held games that follow it without a gap. */
static void write_in_turn(Run *run, const SelfPlayGame *game)
{
    if (game)
        append_game(run, game->records, game->hashes, game->count, game->outcome);
    run->next_to_write++;
    for (PendingGame *held; (held = pending_take(&run->pending, run->next_to_write)); free(held)) {
        if (held->kept && !target_reached(run) && !run->failed)
            append_game(run, held->records, held->hashes, held->count, held->outcome);
        run->next_to_write++;
    }
    pthread_cond_broadcast(&run->turn_came);
}

/* A game that ended (game NULL: one with nothing to keep, which only takes
 * its turn) is written once every game numbered before it is, and held
 * until then; the caller holds the lock. */
static void keep_in_order(Run *run, uint64_t number, const SelfPlayGame *game)
{
    while (number != run->next_to_write && run->pending.count >= PENDING_MAX && !atomic_load(&run->halt))
        pthread_cond_wait(&run->turn_came, &run->lock);
    if (atomic_load(&run->halt) || target_reached(run))
        return;
    if (number == run->next_to_write)
        write_in_turn(run, game);
    else if (!pending_add(&run->pending, number, game))
        fail(run, "out of memory for the games waiting their turn");
}

typedef struct {
    Run *run;
    BackendEngine *engine;
    SearchJob *job;
    SelfPlayGame *game;
} Worker;

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Run *run = w->run;
    char err[ERROR_TEXT_MAX];
    for (;;) {
        pthread_mutex_lock(&run->lock);
        bool more = wants_more_games(run);
        uint64_t number = run->data.next_game + run->games_started;
        run->games_started += more;
        run->workers_done += !more;
        pthread_mutex_unlock(&run->lock);
        if (!more)
            return NULL;
        SelfPlayStatus status =
            selfplay_game(&run->config, w->engine, w->job, number, w->game, &run->halt, err,
                          sizeof err);
        pthread_mutex_lock(&run->lock);
        if (status == SELFPLAY_BAD_MOVE)
            fail(run, err);
        else if (status != SELFPLAY_STOPPED) /* a stopped game leaves a gap: nothing after it is written */
            keep_in_order(run, number, status == SELFPLAY_FINISHED ? w->game : NULL);
        pthread_mutex_unlock(&run->lock);
    }
}

static void print_progress(Run *run, FILE *out, int64_t start_ms)
{
    pthread_mutex_lock(&run->lock);
    double seconds = (double)(now_ms() - start_ms) / 1000.0;
    double rate = seconds > 0 ? (double)run->new_positions / seconds : 0;
    uint64_t games = run->games_finished ? run->games_finished : 1;
    fprintf(out,
            "datagen: %" PRIu64 " positions in file (+%" PRIu64 " new, %" PRIu64
            " duplicates skipped, %.1f%% proven), %.0f positions/s (%.0f per thread), %" PRIu64
            " games: white %.1f%% draw %.1f%% black %.1f%%, %.1f s\n",
            run->data.positions, run->new_positions, run->duplicates,
            run->new_positions ? 100.0 * (double)run->proven / (double)run->new_positions : 0.0,
            rate, rate / run->options->threads, run->games_finished,
            100.0 * (double)run->white_wins / (double)games,
            100.0 * (double)run->draws / (double)games,
            100.0 * (double)run->black_wins / (double)games, seconds);
    pthread_mutex_unlock(&run->lock);
}

static bool make_config(const DatagenOptions *o, SelfPlayConfig *c, char *err, size_t err_size)
{
    *c = (SelfPlayConfig){o->game, o->backend, {0}, o->nodes, o->depth, o->hash_mb, o->seed};
    if (!o->board_width)
        return opening_init_random(&c->openings, o->game, o->plies, o->seed, err, err_size);
    char text[POSITION_TEXT_MAX], why[ERROR_TEXT_MAX];
    Position start;
    if (!rp_board_start(o->board_width, o->board_height, text, sizeof text) ||
        !o->game->parse_position(text, &start, why, sizeof why)) {
        snprintf(err, err_size, "-board %dx%d: the game refuses that size", o->board_width,
                 o->board_height);
        return false;
    }
    return opening_init_random_from(&c->openings, o->game, &start, o->plies, o->seed, err,
                                    err_size);
}

/* The last game number to play: -games A..B's B, -games N's N - 1. */
static uint64_t last_number(const DatagenOptions *o)
{
    return o->game_range || o->games ? o->last_game : UINT64_MAX;
}

/* A file whose every asked game is written (a slice, or -games N) ends
 * with their completion line, so that the same command run again plays
 * nothing. */
static void mark_complete(Run *run)
{
    const DatagenOptions *o = run->options;
    char line[80];
    if (!(o->game_range || o->games) || run->next_to_write <= o->last_game)
        return;
    datagen_complete_line(o->first_game, o->last_game, line, sizeof line);
    if (fprintf(run->data.file, "%s\n", line) < 0 || fflush(run->data.file) != 0)
        fail(run, "cannot write the data file");
}

/* Runs the workers; the calling thread prints progress and watches for
 * Ctrl-C. */
static void play(Run *run, atomic_int *interrupted, FILE *out)
{
    int threads = run->options->threads;
    Worker *workers = calloc((size_t)threads, sizeof *workers);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    int started = 0;
    for (; workers && ids && started < threads; started++) {
        Worker *w = &workers[started];
        *w = (Worker){run, run->options->backend->create(), calloc(1, sizeof *w->job),
                      calloc(1, sizeof *w->game)};
        if (w->engine) /* the game's own search defaults, as the engine's `Game` option gives them */
            backend_defaults_for_game(run->options->backend, w->engine, run->options->game);
        if (!w->engine || !w->job || !w->game ||
            pthread_create(&ids[started], NULL, worker_main, w) != 0) {
            pthread_mutex_lock(&run->lock);
            fail(run, "cannot start a worker (memory or threads)");
            pthread_mutex_unlock(&run->lock);
            break;
        }
    }
    int64_t start_ms = now_ms(), next_report = start_ms;
    int64_t every_ms = (int64_t)(run->options->progress_seconds * 1000);
    for (int done = 0; done < started;) {
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
        if (atomic_load(interrupted) && !atomic_load(&run->halt)) {
            pthread_mutex_lock(&run->lock);
            atomic_store(&run->halt, 1);
            pthread_cond_broadcast(&run->turn_came);
            pthread_mutex_unlock(&run->lock);
        }
        if (now_ms() >= next_report + every_ms) {
            next_report = now_ms();
            print_progress(run, out, start_ms);
        }
        pthread_mutex_lock(&run->lock);
        done = run->workers_done;
        pthread_mutex_unlock(&run->lock);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    print_progress(run, out, start_ms);
    for (int i = 0; workers && i < threads; i++) {
        if (workers[i].engine)
            run->options->backend->destroy(workers[i].engine);
        free(workers[i].job);
        free(workers[i].game);
    }
    free(workers);
    free(ids);
}

int datagen_run(const DatagenOptions *options, atomic_int *interrupted, FILE *out,
                FILE *errout)
{
    Run *run = calloc(1, sizeof *run);
    char configuration[DATA_HEADER_MAX], err[ERROR_TEXT_MAX * 4];
    if (!run) {
        fprintf(errout, "tessera-datagen: out of memory\n");
        return DATAGEN_EXIT_FAILED;
    }
    run->options = options;
    datagen_configuration(options, configuration, sizeof configuration);
    const DatagenFileSpec spec = {options->game, configuration, options->game_range,
                                  options->game_range || options->games, options->first_game, options->last_game};
    int code = DATAGEN_EXIT_OK;
    DatagenFileStatus status = DATAGEN_FILE_FAILED;
    if (!make_config(options, &run->config, err, sizeof err))
        code = DATAGEN_EXIT_BAD_ARGS;
    else if ((status = datagen_file_open(&run->data, options->out_path, &spec, err, sizeof err)) !=
             DATAGEN_FILE_OK)
        code = status == DATAGEN_FILE_MISMATCH ? DATAGEN_EXIT_BAD_ARGS : DATAGEN_EXIT_FAILED;
    if (code != DATAGEN_EXIT_OK) {
        fprintf(errout, "tessera-datagen: %s\n", err);
    } else if (run->data.complete) {
        fprintf(out, "datagen: %s already holds every game of %" PRIu64 "..%" PRIu64 " (%" PRIu64
                " positions): nothing to play\n", options->out_path, options->first_game, options->last_game,
                run->data.positions);
    } else {
        pthread_mutex_init(&run->lock, NULL);
        pthread_cond_init(&run->turn_came, NULL);
        run->next_to_write = run->data.next_game;
        run->last_number = last_number(options);
        if (run->data.replaying)
            fprintf(out, "datagen: resuming %s at game %" PRIu64 ", its last, played again (an interruption may "
                    "have cut it short)\n", options->out_path, run->data.next_game);
        play(run, interrupted, out);
        if (!run->failed && !atomic_load(interrupted))
            mark_complete(run);
        pending_clear(&run->pending);
        pthread_cond_destroy(&run->turn_came);
        pthread_mutex_destroy(&run->lock);
        if (run->failed) {
            fprintf(errout, "tessera-datagen: %s\n", run->error);
            code = DATAGEN_EXIT_FAILED;
        } else if (atomic_load(interrupted)) {
            code = DATAGEN_EXIT_INTERRUPTED;
        }
    }
    datagen_file_close(&run->data);
    opening_free(&run->config.openings);
    free(run);
    return code;
}
