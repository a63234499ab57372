/* tune_verify.c - tuned against default through the arena's tournament. */
#include "tune/tune_verify.h"

#include <stdlib.h>
#include <string.h>

#include "arena/results.h"
#include "arena/stats.h"
#include "arena/tournament.h"
#include "tune/engine_options.h"
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
    if (!row || !theta_csv_load_last_row(o->csv_path, row, err, sizeof err) ||
        !give_values(o, row, err, sizeof err)) {
        fprintf(errout, "tessera-tune verify: %s\n", row ? err : "out of memory");
        free(row);
        return TUNE_EXIT_BAD_ARGS;
    }
    fprintf(out, "verify: values of iteration %d of %s against the defaults:\n", row->iteration,
            o->csv_path);
    tune_print_setoption_block(out, row);
    fprintf(out, "the same match with tessera-arena:\n");
    tune_print_arena_command(out, tool, o, row);
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
    default:
        return TUNE_EXIT_OK;
    }
}
