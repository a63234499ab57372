/* tune_report.c - the tuner's plan, result block and command lines. */
#include "tune/tune_report.h"

#include <string.h>

#include "tune/tune_run.h"

void tune_row_from_spsa(const Spsa *spsa, ThetaRow *row)
{
    memset(row, 0, sizeof *row);
    row->count = spsa->count;
    row->iteration = spsa->done;
    for (int i = 0; i < spsa->count; i++) {
        snprintf(row->name[i], SPSA_NAME_MAX, "%s", spsa->param[i].name);
        row->value[i] = spsa->param[i].theta;
    }
}

void tune_print_plan(FILE *out, const Spsa *spsa)
{
    const SpsaSchedule *s = &spsa->schedule;
    int last = s->iterations - 1;
    fprintf(out, "SPSA: %d iterations (game pairs), A %g, alpha %g, gamma %g, seed %llu, delay %d\n",
            s->iterations, s->A, s->alpha, s->gamma, (unsigned long long)spsa->seed, s->delay);
    fprintf(out, "%-28s %9s %9s %9s %8s %8s %9s %9s %10s %10s\n", "parameter", "start", "min",
            "max", "c_end", "r_end", "c_0", "c_last", "r_0", "r_last");
    for (int i = 0; i < spsa->count; i++) {
        const SpsaParam *p = &spsa->param[i];
        double c0 = spsa_c_k(spsa, i, 0), cl = spsa_c_k(spsa, i, last);
        fprintf(out, "%-28s %9.2f %9.2f %9.2f %8.3f %8.5f %9.3f %9.3f %10.3e %10.3e\n", p->name,
                p->start, p->min, p->max, p->c_end, p->r_end, c0, cl,
                spsa_a_k(spsa, i, 0) / (c0 * c0), spsa_a_k(spsa, i, last) / (cl * cl));
    }
    fflush(out);
}

void tune_print_unmoved_warning(FILE *out, const Spsa *spsa)
{
    if (spsa->done < TUNE_NO_SIGNAL_PAIRS)
        return;
    for (int i = 0; i < spsa->count; i++)
        if (spsa_engine_value(spsa->param[i].theta) != spsa_engine_value(spsa->param[i].start))
            return;
    fprintf(out, "warning: after %d iterations every value is still its start as the engine "
                 "receives it (rounded): the tuning has changed nothing.  The games carry no "
                 "signal, or r_end is too small to move theta in this many pairs.\n",
            spsa->done);
}

void tune_print_setoption_block(FILE *out, const ThetaRow *row)
{
    for (int i = 0; i < row->count; i++)
        fprintf(out, "setoption name %s value %ld\n", row->name[i], spsa_engine_value(row->value[i]));
}

/* dir/name where tool is dir/tessera-tune, else name alone (from PATH). */
static void print_sibling(FILE *out, const char *tool, const char *name)
{
    const char *slash = strrchr(tool, '/');
    char path[4096];
    if (slash)
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - tool), tool, name);
    else
        snprintf(path, sizeof path, "%s", name);
    tune_cli_print_quoted(out, path);
}

static void print_arg(FILE *out, const char *arg)
{
    fputc(' ', out);
    tune_cli_print_quoted(out, arg);
}

/* Arena argument i, unless it is -seed or its value and seed replaces
 * them. */
static void print_arena_arg(FILE *out, const TuneOptions *o, int i, const char *seed)
{
    bool is_seed = strcmp(o->arena_args[i], "-seed") == 0 ||
                   (i > 0 && strcmp(o->arena_args[i - 1], "-seed") == 0);
    if (!seed || !is_seed)
        print_arg(out, o->arena_args[i]);
}

static void print_seed(FILE *out, const char *seed)
{
    if (seed)
        fprintf(out, " -seed %s", seed);
}

static bool has_length_flag(const TuneOptions *o)
{
    for (int i = 0; i < o->arena_arg_count; i++)
        if (strcmp(o->arena_args[i], "-games") == 0 || strcmp(o->arena_args[i], "-rounds") == 0)
            return true;
    return false;
}

void tune_print_arena_command(FILE *out, const char *tool, const TuneOptions *o,
                              const ThetaRow *row, const char *seed)
{
    int engine_end = o->engine_at + 1 + o->engine_words;
    print_sibling(out, tool, "tessera-arena");
    for (int i = 0; i <= o->arena_arg_count; i++) {
        if (i == engine_end) {
            print_arg(out, "name=tuned");
            for (int p = 0; p < row->count; p++) {
                char token[SPSA_NAME_MAX + 48];
                snprintf(token, sizeof token, "option.%s=%ld", row->name[p],
                         spsa_engine_value(row->value[p]));
                print_arg(out, token);
            }
        }
        if (i < o->arena_arg_count)
            print_arena_arg(out, o, i, seed);
    }
    for (int i = o->engine_at; i < engine_end; i++)
        print_arg(out, o->arena_args[i]);
    print_arg(out, "name=default");
    print_seed(out, seed);
    if (!has_length_flag(o))
        fprintf(out, " -games %d", TUNE_VERIFY_GAMES);
    fputc('\n', out);
}

void tune_print_verify_command(FILE *out, const char *tool, const TuneOptions *o, const char *seed)
{
    tune_cli_print_quoted(out, tool);
    fputs(" verify", out);
    for (int i = 0; i < o->arena_arg_count; i++)
        print_arena_arg(out, o, i, seed);
    print_seed(out, seed);
    fputs(" -csv", out);
    print_arg(out, o->csv_path);
    if (!has_length_flag(o))
        fprintf(out, " -games %d", TUNE_VERIFY_GAMES);
    fputc('\n', out);
}
