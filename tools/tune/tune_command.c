/* tune_command.c - set up, run and conclude a tuning run. */
#include "tune/tune_command.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "arena/preflight.h"
#include "tune/effect_check.h"
#include "tune/engine_options.h"
#include "tune/param_source.h"
#include "tune/run_record.h"
#include "tune/theta_csv.h"
#include "tune/tune_report.h"
#include "tune/tune_run.h"

/* The parameters the flags name, checked against the engine's list. */
static bool choose_params(const TuneOptions *o, SpsaParam *params, int *count, char *err,
                          size_t err_size)
{
    const TournamentConfig *c = &o->arena.run;
    SpinOptionList *list = malloc(sizeof *list);
    if (!list) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool ok = tune_engine_spin_options(&c->engines[0], c->game->id, list, err, err_size);
    if (ok)
        ok = o->tune_patterns
                 ? params_from_patterns(list, o->tune_patterns, &o->steps, params, count, err, err_size)
                 : params_load_file(o->params_path, list, &o->steps, params, count, err, err_size);
    free(list);
    return ok;
}

/* A tuned option must not be fixed by option.NAME= too, and all of them
 * must fit in one engine spec. */
static bool check_spec_room(const TuneOptions *o, const Spsa *spsa, char *err, size_t err_size)
{
    const EngineSpec *spec = &o->arena.run.engines[0];
    for (int i = 0; i < spsa->count; i++)
        for (int j = 0; j < spec->option_count; j++)
            if (strcasecmp(spec->options[j].name, spsa->param[i].name) == 0) {
                snprintf(err, err_size, "%s is tuned: do not also set it with option.%s=",
                         spsa->param[i].name, spec->options[j].name);
                return false;
            }
    if (spec->option_count + spsa->count > SPEC_MAX_OPTIONS) {
        snprintf(err, err_size, "%d tuned and %d fixed options: an engine takes at most %d",
                 spsa->count, spec->option_count, SPEC_MAX_OPTIONS);
        return false;
    }
    return true;
}

/* With -launcher-hosts, the engine on every host a pair thread uses
 * (choose_params started it on the first): a host that cannot run it is
 * named now, not when its first pair fails. */
static bool check_hosts(const TuneOptions *o, char *err, size_t err_size)
{
    const TournamentConfig *c = &o->arena.run;
    const EngineSpec *spec = &c->engines[0];
    if (!spec->hosts || !launcher_uses_host(spec->launcher) || spec->hosts->count < 2 || c->concurrency < 2)
        return true;
    return preflight_engines(spec, 1, c->concurrency, c->game->id, NULL, NULL, stderr, err, err_size) == PREFLIGHT_OK;
}

/* A new run: the CSV claimed (created empty, or emptied with -force), the
 * record of the run written beside it, then the CSV's header and row 0.
 * So a run killed while starting leaves a CSV without a row, which
 * -resume refuses, never rows without their record. */
static FILE *start_new(const TuneOptions *o, const Spsa *spsa, const char *record, char *err, size_t err_size)
{
    FILE *csv = theta_csv_open_new(o->csv_path, o->force, err, err_size);
    if (!csv)
        return NULL;
    if (!run_record_write(o->csv_path, record, err, err_size) ||
        !theta_csv_start(csv, o->csv_path, spsa, err, err_size)) {
        fclose(csv);
        unlink(o->csv_path); /* empty, or emptied by -force: nothing lost */
        return NULL;
    }
    return csv;
}

/* A new run tunes only parameters that change what the engine does
 * (effect_check.h), unless told -skip-effect-check; a resumed run was
 * checked when it started. */
static bool check_effect(const TuneOptions *o, const Spsa *spsa, FILE *out, char *err, size_t err_size)
{
    if (o->resume || o->skip_effect_check)
        return true;
    char source[SPEC_TEXT_MAX + 16];
    snprintf(source, sizeof source, "%s %s", o->tune_patterns ? "-tune" : "-params",
             o->tune_patterns ? o->tune_patterns : o->params_path);
    return effect_check(&o->arena.run, spsa, source, out, err, err_size);
}

/* SPSA from the flags; the CSV created, or resumed into spsa once the
 * run's record says that the flags are the ones it was started with. */
static FILE *set_up(const TuneOptions *o, Spsa *spsa, FILE *out, char *err, size_t err_size)
{
    SpsaParam params[SPSA_MAX_PARAMS];
    int count = 0;
    SpsaSchedule schedule = tune_cli_schedule(o);
    if (!choose_params(o, params, &count, err, err_size) || !check_hosts(o, err, err_size) ||
        !spsa_init(spsa, &schedule, params, count, o->arena.run.seed, err, err_size) ||
        !check_spec_room(o, spsa, err, err_size) || !check_effect(o, spsa, out, err, err_size))
        return NULL;
    char *record = run_record_describe(&o->arena.run, spsa);
    if (!record) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    FILE *csv = NULL;
    if (!o->resume)
        csv = start_new(o, spsa, record, err, err_size);
    else if (run_record_check(o->csv_path, record, err, err_size))
        csv = theta_csv_resume(o->csv_path, spsa, err, err_size);
    free(record);
    if (csv && spsa->done > schedule.iterations) {
        snprintf(err, err_size, "-resume %s: %d iterations done already, more than -iterations %d",
                 o->csv_path, spsa->done, schedule.iterations);
        fclose(csv);
        return NULL;
    }
    return csv;
}

static void conclude(FILE *out, const char *tool, const TuneOptions *o, const Spsa *spsa,
                     const TuneTally *tally)
{
    ThetaRow *row = malloc(sizeof *row);
    if (!row)
        return;
    tune_row_from_spsa(spsa, row);
    fprintf(out, "\nafter %d of %d iterations (this session: +side %lld-%lld-%lld, %lld games "
                 "decided by an engine fault, %lld launcher failures not scored):\n",
            spsa->done, spsa->schedule.iterations, (long long)tally->plus_wins,
            (long long)tally->draws, (long long)tally->plus_losses, (long long)tally->faults,
            (long long)tally->launcher_failures);
    if (tally->pairs_not_applied > 0)
        fprintf(out, "  %lld pairs finished after iteration %d, which did not: not applied, "
                     "-resume plays them again\n",
                (long long)tally->pairs_not_applied, spsa->done + 1);
    for (int i = 0; i < spsa->count; i++)
        fprintf(out, "  %-28s %10.3f  (start %g)\n", spsa->param[i].name, spsa->param[i].theta,
                spsa->param[i].start);
    tune_print_unmoved_warning(out, spsa);
    fprintf(out, "\nsetoption block:\n");
    tune_print_setoption_block(out, row);
    /* Another seed: the run's own openings would measure the values where
     * they were fitted (verify refuses them). */
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)(o->arena.run.seed + 1));
    fprintf(out, "\nverify (tuned against default values, on other openings than the run's: -seed %s, the run "
                 "played -seed %llu):\n  ",
            seed, (unsigned long long)o->arena.run.seed);
    tune_print_verify_command(out, tool, o, seed);
    fprintf(out, "or with the arena:\n  ");
    tune_print_arena_command(out, tool, o, row, seed);
    free(row);
}

int tune_command(const TuneOptions *o, const char *tool, atomic_int *abort, FILE *out,
                 FILE *errout)
{
    char err[1400];
    Spsa *spsa = malloc(sizeof *spsa);
    FILE *csv = spsa ? set_up(o, spsa, out, err, sizeof err) : NULL;
    if (!csv) {
        fprintf(errout, "tessera-tune: %s\n", spsa ? err : "out of memory");
        free(spsa);
        return TUNE_EXIT_BAD_ARGS;
    }
    fprintf(out, "tuning %s (game %s)%s\n", o->arena.run.engines[0].cmd, o->arena.run.game->id,
            o->resume ? ", resumed" : "");
    tune_print_plan(out, spsa);
    if (o->resume)
        fprintf(out, "resuming after iteration %d of %s\n", spsa->done, o->csv_path);
    TuneRunConfig config = {&o->arena.run, out, csv, o->progress_every};
    TuneTally tally;
    TuneRunStatus status = tune_run(&config, spsa, abort, &tally, err, sizeof err);
    fclose(csv);
    conclude(out, tool, o, spsa, &tally);
    free(spsa);
    if (status == TUNE_RUN_FAILED) {
        fprintf(errout, "tessera-tune: %s\n", err);
        return TUNE_EXIT_FAILED;
    }
    if (status == TUNE_RUN_LAUNCHER_FAILED) {
        fprintf(errout, "tessera-tune: %s (-resume %s continues)\n", err, o->csv_path);
        return TUNE_EXIT_LAUNCHER;
    }
    if (status == TUNE_RUN_INTERRUPTED) {
        fprintf(errout, "tessera-tune: interrupted; -resume %s continues\n", o->csv_path);
        return TUNE_EXIT_INTERRUPTED;
    }
    return TUNE_EXIT_OK;
}
