/* texel_command.c - the texel subcommand: flags, the fit, the report. */
#include "tune/texel_command.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/flags.h"
#include "games/registry.h"
#include "tune/texel_data.h"
#include "tune/theta_csv.h"
#include "tune/tune_cli.h"
#include "util/parse_number.h"

#define TEXEL_DEFAULT_CSV "texel.csv"
#define TEXEL_DEFAULT_PASSES 100
#define TEXEL_MAX_THREADS_FLAG 256

typedef struct {
    bool help;
    const Game *game;
    const char *data_path;
    const char *csv_path;
    double lambda;
    int threads;
    int passes;
    bool force;
} TexelOptions;

static bool parse_lambda(const char *text, double *out)
{
    if (!text || ((text[0] < '0' || text[0] > '9') && text[0] != '.'))
        return false;
    char *end;
    double value = strtod(text, &end);
    if (*end != '\0' || !(value >= 0.0 && value <= 1.0))
        return false;
    *out = value;
    return true;
}

static bool read_game(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if ((((TexelOptions *)target)->game = game_by_id(value)))
        return true;
    snprintf(err, err_size, "%s needs a game id (roomandpillar, columna, qawale, territoire), not '%s'", flag, value);
    return false;
}

static bool read_file(const char *flag, const char *value, const char **out, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "%s needs a file, not ''", flag);
        return false;
    }
    *out = value;
    return true;
}

static bool read_data(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_file(flag, value, &((TexelOptions *)target)->data_path, err, err_size);
}

static bool read_out(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_file(flag, value, &((TexelOptions *)target)->csv_path, err, err_size);
}

static bool read_lambda(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (parse_lambda(value, &((TexelOptions *)target)->lambda))
        return true;
    snprintf(err, err_size, "%s needs a number from 0 to 1, not '%s'", flag, value);
    return false;
}

static bool read_count(const char *flag, const char *value, int max, int *out, char *err, size_t err_size)
{
    if (parse_int_range(value, 1, max, out))
        return true;
    snprintf(err, err_size, "%s needs a whole number from 1 to %d, not '%s'", flag, max, value);
    return false;
}

static bool read_threads(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_count(flag, value, TEXEL_MAX_THREADS_FLAG, &((TexelOptions *)target)->threads, err, err_size);
}

static bool read_passes(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_count(flag, value, 100000, &((TexelOptions *)target)->passes, err, err_size);
}

static bool set_force(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((TexelOptions *)target)->force = true;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((TexelOptions *)target)->help = true;
    return true;
}

static const Flag texel_flags[] = {
    {"-game", .on_value = read_game},       {"-data", .on_value = read_data},
    {"-out", .on_value = read_out},         {"-lambda", .on_value = read_lambda},
    {"-threads", .on_value = read_threads}, {"-passes", .on_value = read_passes},
    {"-force", .on_switch = set_force},     {"-help", .on_switch = set_help},
    {"--help", .on_switch = set_help},      {.name = NULL},
};

static bool parse_options(int argc, char *const *argv, TexelOptions *o, char *err,
                          size_t err_size)
{
    *o = (TexelOptions){false, NULL, NULL, TEXEL_DEFAULT_CSV, 0.0, 1, TEXEL_DEFAULT_PASSES, false};
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(texel_flags, argv[i]);
        char why[200] = "";
        if (!row || flag_read(row, o, argc, argv, &i, 1, why, sizeof why) != 0) {
            if (!row)
                snprintf(why, sizeof why, "unknown flag '%s'", argv[i]);
            snprintf(err, err_size, "texel: %s", why);
            return false;
        }
        if (o->help)
            return true;
    }
    if (!o->game || !o->data_path) {
        snprintf(err, err_size, "texel: -game ID and -data FILE are required");
        return false;
    }
    if (!o->game->evaluate || o->game->param_count < 1 || o->game->param_count > SPSA_MAX_PARAMS) {
        snprintf(err, err_size, "texel: game %s has no evaluation weights to fit", o->game->id);
        return false;
    }
    return true;
}

static void print_values(FILE *out, const Game *game, const int *values)
{
    for (int i = 0; i < game->param_count; i++)
        fprintf(out, " %s=%d", game->params[i].name, values[i]);
    fprintf(out, "\n");
}

static void report_pass(void *context, int pass, double loss, const int *values)
{
    TexelData *data = context;
    fprintf(stdout, "texel: pass %d: training loss %.6f", pass, loss);
    print_values(stdout, data->game, values);
}

/* The start and the fitted values as a theta CSV, which verify reads. */
static bool write_csv(const TexelOptions *o, const int *start, const int *fitted, char *err,
                      size_t err_size)
{
    Spsa *spsa = calloc(1, sizeof *spsa);
    if (!spsa) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    spsa->count = o->game->param_count;
    for (int i = 0; i < spsa->count; i++) {
        snprintf(spsa->param[i].name, sizeof spsa->param[i].name, "%s", o->game->params[i].name);
        spsa->param[i].theta = start[i];
    }
    FILE *file = theta_csv_create(o->csv_path, o->force, spsa, err, err_size);
    bool ok = file != NULL;
    if (ok) {
        spsa->done = 1;
        for (int i = 0; i < spsa->count; i++)
            spsa->param[i].theta = fitted[i];
        ok = theta_csv_append(file, spsa);
        ok = (fclose(file) == 0) && ok;
        if (!ok)
            snprintf(err, err_size, "-out %s: cannot write", o->csv_path);
    }
    free(spsa);
    return ok;
}

static void print_losses(FILE *out, const char *when, const TexelData *data, double k,
                         size_t validation_count)
{
    fprintf(out, "texel: loss %s: training %.6f", when, texel_loss(data, k, false));
    if (validation_count)
        fprintf(out, ", validation %.6f\n", texel_loss(data, k, true));
    else
        fprintf(out, ", validation (no held-out games)\n");
}

static void print_closing(FILE *out, const TexelOptions *o, const int *fitted)
{
    for (int i = 0; i < o->game->param_count; i++)
        fprintf(out, "setoption name %s value %d\n", o->game->params[i].name, fitted[i]);
    fprintf(out, "texel: wrote %s (row 0 the start values, row 1 the fit); measure it with\n"
            "  tessera-tune verify -engine cmd=build/tessera option.Backend=alphabeta -game %s "
            "-each st=0.1 -openings random plies=4 -concurrency 2 -games 400 -csv ",
            o->csv_path, o->game->id);
    tune_cli_print_quoted(out, o->csv_path);
    fprintf(out, "\n");
}

/* An existing -out is refused before any data is read or fitted (the
 * file is created with "wx" at the end all the same, so none is lost to
 * a race). */
static bool out_is_free(const TexelOptions *o, FILE *errout)
{
    if (o->force || access(o->csv_path, F_OK) != 0)
        return true;
    fprintf(errout, "tessera-tune: texel: -out %s exists already: -force overwrites it, or give another -out\n",
            o->csv_path);
    return false;
}

/* Loads, fits K then the weights, reports; the live weights are restored. */
static int fit(const TexelOptions *o, FILE *out, FILE *errout)
{
    TexelSet set;
    char err[1024];
    if (!out_is_free(o, errout))
        return TUNE_EXIT_BAD_ARGS;
    if (!texel_data_load(o->data_path, o->game, &set, err, sizeof err)) {
        fprintf(errout, "tessera-tune: texel: %s\n", err);
        return TUNE_EXIT_BAD_ARGS;
    }
    size_t training = set.count - set.validation_count;
    fprintf(out, "texel: %zu positions of %s (%zu training, %zu validation) from %s\n"
            "texel: data made with: %s\n", set.count, o->game->id, training,
            set.validation_count, o->data_path, set.configuration);
    if (training == 0) {
        fprintf(errout, "tessera-tune: texel: no training positions in %s\n", o->data_path);
        texel_data_free(&set);
        return TUNE_EXIT_BAD_ARGS;
    }
    TexelData data = {o->game, set.samples, set.count, o->threads, o->lambda};
    int start[SPSA_MAX_PARAMS], fitted[SPSA_MAX_PARAMS];
    texel_get_weights(o->game, start);
    double k = texel_fit_k(&data);
    if (k < TEXEL_K_MIN * 1.01 || k > TEXEL_K_MAX * 0.99) {
        fprintf(errout, "tessera-tune: texel: K went to its bound (%.2f): the evaluation with "
                "the start weights does not predict these results (too few positions, or "
                "results the positions do not decide, e.g. all draws); nothing fitted\n", k);
        texel_data_free(&set);
        return TUNE_EXIT_FAILED;
    }
    fprintf(out, "texel: K = %.2f (fitted first, to the results with the start weights), "
            "lambda %.2f\n", k, o->lambda);
    fprintf(out, "texel: the searches' own scores as predictions: training %.6f, validation "
            "%.6f\n", texel_search_loss(&data, k, false), texel_search_loss(&data, k, true));
    print_losses(out, "before", &data, k, set.validation_count);
    memcpy(fitted, start, sizeof start);
    int passes = texel_fit_weights(&data, k, fitted, o->passes, report_pass, &data);
    print_losses(out, "after", &data, k, set.validation_count);
    texel_set_weights(o->game, start);
    texel_data_free(&set);
    if (passes == 0 || !write_csv(o, start, fitted, err, sizeof err)) {
        fprintf(errout, "tessera-tune: texel: %s\n", passes ? err : "out of memory");
        return passes ? TUNE_EXIT_BAD_ARGS : TUNE_EXIT_FAILED;
    }
    print_closing(out, o, fitted);
    return TUNE_EXIT_OK;
}

int texel_command(int argc, char *const *argv, FILE *out, FILE *errout)
{
    TexelOptions o;
    char err[512];
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(errout, "tessera-tune: %s\n(tessera-tune texel -help lists the flags)\n", err);
        return TUNE_EXIT_BAD_ARGS;
    }
    if (o.help) {
        texel_print_help(out);
        return TUNE_EXIT_OK;
    }
    return fit(&o, out, errout);
}

void texel_print_help(FILE *out)
{
    fputs("usage: tessera-tune texel -game ID -data FILE [flags]\n"
          "\n"
          "Fits every evaluation weight of the game (its spin options) to self-play data\n"
          "from tessera-datagen: K of sigmoid(eval / K) first, to the results with the\n"
          "start (default) weights, then the weights by minimising the mean squared error\n"
          "between sigmoid(eval / K) and lambda * search + (1 - lambda) * result on 9 games\n"
          "in 10; the tenth is held out for validation.  Prints the losses before and\n"
          "after on both sets, the setoption block, and writes a CSV that verify plays.\n"
          "\n"
          "  -game ID       the game (its data file must be of the same game)\n"
          "  -data FILE     the data file (tools/data/data_record.h)\n"
          "  -lambda L      the search score's share of the target, 0..1 (0)\n"
          "  -threads N     threads evaluating the data (1)\n"
          "  -passes N      at most N passes over the weights (100)\n"
          "  -out FILE      the CSV written (texel.csv); an existing one is refused\n"
          "  -force         overwrite an existing -out FILE\n"
          "  -help / --help this text\n"
          "\n"
          "Exit status: 0 done; 1 data that cannot be fitted (K runs to its bound: too\n"
          "few positions, or results they do not decide); 2 bad flags, data of another\n"
          "game, a malformed line, an existing -out without -force.\n",
          out);
}
