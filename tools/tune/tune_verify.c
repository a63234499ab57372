/* tune_verify.c - tuned against default through the arena's tournament. */
#include "tune/tune_verify.h"

#include <stdlib.h>
#include <string.h>

#include "arena/results.h"
#include "arena/runconfig.h"
#include "arena/stats.h"
#include "arena/tournament.h"
#include "tune/engine_options.h"
#include "tune/run_record.h"
#include "tune/theta_csv.h"
#include "tune/tune_report.h"

/* Gives the tuned engine (engines[0]) the row's values, after checking
 * that the engine has every one of them as a spin option. */
static bool give_values(TuneOptions *o, const ThetaRow *row, char *err, size_t err_size)
{
    TournamentConfig *c = &o->arena.run;
    SpinOptionList *list = malloc(sizeof *list);
    if (!list) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool ok = tune_engine_spin_options(&c->engines[1], c->game->id, list, err, err_size);
    for (int i = 0; ok && i < row->count; i++) {
        const SpinOption *option = spin_options_find(list, row->name[i]);
        long value = spsa_engine_value(row->value[i]);
        char text[32];
        if (!option || value < option->min || value > option->max) {
            snprintf(err, err_size, "-csv %s: %s = %ld is no value of a spin option of the engine",
                     o->csv_path, row->name[i], value);
            ok = false;
            break;
        }
        snprintf(text, sizeof text, "%ld", value);
        ok = spec_set_option(&c->engines[0], option->name, text, err, err_size);
    }
    free(list);
    return ok;
}

/* The value of key in text, "" when absent. */
static void value_of(const char *text, const char *key, char *out, size_t out_size)
{
    if (!runconfig_value(text, key, out, out_size))
        out[0] = '\0';
}

/* A match on the openings the run tuned on measures the values where
 * they were fitted, not whether they play better: refused when the CSV's
 * record (FILE.run) shows the same openings (random ones from the same
 * seed, or the same file's positions in the same order, whatever the
 * seed).  Every game from the start position is no choice of openings. */
static bool openings_are_new(const TuneOptions *o, char *err, size_t err_size)
{
    char *recorded = run_record_read(o->csv_path);
    RunConfig now = {NULL, 0, 0};
    if (!recorded || !runconfig_describe(&o->arena.run, &now)) {
        free(recorded);
        return true;
    }
    char run_openings[256], openings[256], run_seed[32], seed[32];
    value_of(recorded, "openings", run_openings, sizeof run_openings);
    value_of(now.text, "openings", openings, sizeof openings);
    value_of(recorded, "seed", run_seed, sizeof run_seed);
    value_of(now.text, "seed", seed, sizeof seed);
    bool file = strncmp(openings, "file", 4) == 0;
    bool same = strcmp(openings, "start") != 0 && strcmp(openings, run_openings) == 0 &&
                (file || strcmp(seed, run_seed) == 0);
    if (same)
        snprintf(err, err_size,
                 "-csv %s: the run tuned on these openings (%s, -seed %s), so a match on them measures the "
                 "values where they were fitted: %s",
                 o->csv_path, openings, seed,
                 file ? "give other openings (another file, or order=random with another -seed)"
                      : "give another -seed (the tuner's closing lines print one)");
    runconfig_free(&now);
    free(recorded);
    return !same;
}

static void print_elo(FILE *out, ResultTable *results)
{
    PairTally tally;
    EloEstimate e;
    results_sort(results);
    results_pair(results, 0, 1, &tally);
    bool by_pairs = penta_pairs(tally.penta) > 0;
    if (!(by_pairs ? stats_elo_penta(tally.penta, &e) : stats_elo_wdl(tally.wdl, &e))) {
        fprintf(out, "verify: no games finished, no Elo\n");
        return;
    }
    fprintf(out, "verify: tuned - default = %+.1f Elo +/- %.1f (95%%, %s), %lld games "
                 "(+%lld =%lld -%lld), LOS %.1f%%\n",
            e.elo, e.elo_error, by_pairs ? "pentanomial" : "trinomial",
            (long long)wdl_games(tally.wdl), (long long)tally.wdl.wins, (long long)tally.wdl.draws,
            (long long)tally.wdl.losses, 100.0 * e.los);
}

int tune_verify(TuneOptions *o, const char *tool, atomic_int *abort, FILE *out, FILE *errout)
{
    char err[1400];
    ThetaRow *row = malloc(sizeof *row);
    if (!row || !openings_are_new(o, err, sizeof err) ||
        !theta_csv_load_last_row(o->csv_path, row, err, sizeof err) || !give_values(o, row, err, sizeof err)) {
        fprintf(errout, "tessera-tune verify: %s\n", row ? err : "out of memory");
        free(row);
        return TUNE_EXIT_BAD_ARGS;
    }
    fprintf(out, "verify: values of iteration %d of %s against the defaults:\n", row->iteration,
            o->csv_path);
    tune_print_setoption_block(out, row);
    fprintf(out, "the same match with tessera-arena:\n");
    tune_print_arena_command(out, tool, o, row, NULL);
    fflush(out);
    free(row);
    ResultTable results;
    TournamentStatus status = tournament_run(&o->arena.run, abort, out, &results, err, sizeof err);
    if (status != TOURNAMENT_FAILED)
        print_elo(out, &results);
    results_free(&results);
    switch (status) {
    case TOURNAMENT_FAILED:
        fprintf(errout, "tessera-tune verify: %s\n", err);
        return TUNE_EXIT_FAILED;
    case TOURNAMENT_INTERRUPTED:
        fprintf(errout, "tessera-tune verify: interrupted\n");
        return TUNE_EXIT_INTERRUPTED;
    case TOURNAMENT_LAUNCHER_FAILED:
        fprintf(errout, "tessera-tune verify: %s\n", err);
        return TUNE_EXIT_LAUNCHER;
    default:
        return TUNE_EXIT_OK;
    }
}
