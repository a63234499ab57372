/* wdl_command.c - the wdl subcommand: flags, the data, the fit, the report. */
#include "tune/wdl_command.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "data/data_reader.h"
#include "games/registry.h"
#include "search/wdl.h"
#include "tune/texel_data.h"
#include "tune/tune_cli.h"
#include "tune/wdl_fit.h"

/* The calibration goal of issue 13: every decile within 10 points. */
#define WDL_GOAL_POINTS 10.0

typedef struct {
    bool help;
    bool check; /* measure the game's own constants instead of fitting */
    const Game *game;
    const char *data_path;
} WdlOptions;

static bool read_game(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if ((((WdlOptions *)target)->game = game_by_id(value)))
        return true;
    snprintf(err, err_size, "%s needs a game id (roomandpillar, columna, qawale, territoire), not '%s'", flag, value);
    return false;
}

static bool read_data(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "%s needs a file, not ''", flag);
        return false;
    }
    ((WdlOptions *)target)->data_path = value;
    return true;
}

static bool set_check(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((WdlOptions *)target)->check = true;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((WdlOptions *)target)->help = true;
    return true;
}

static const Flag wdl_flags[] = {
    {"-game", .on_value = read_game},  {"-data", .on_value = read_data}, {"-check", .on_switch = set_check},
    {"-help", .on_switch = set_help},  {"--help", .on_switch = set_help}, {.name = NULL},
};

static bool parse_options(int argc, char *const *argv, WdlOptions *o, char *err, size_t err_size)
{
    *o = (WdlOptions){0};
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(wdl_flags, argv[i]);
        char why[200] = "";
        if (!row || flag_read(row, o, argc, argv, &i, 1, why, sizeof why) != 0) {
            if (!row)
                snprintf(why, sizeof why, "unknown flag '%s'", argv[i]);
            snprintf(err, err_size, "wdl: %s", why);
            return false;
        }
        if (o->help)
            return true;
    }
    if (!o->game || !o->data_path) {
        snprintf(err, err_size, "wdl: -game ID and -data FILE are required");
        return false;
    }
    return true;
}

/* The data as samples, and what the proven positions say. */
typedef struct {
    WdlSample *samples;
    size_t count, capacity;
    size_t held_out_count;
    size_t draws;                        /* draw results anywhere in the file */
    size_t proven, proven_held_out, proven_contradicted;
    int fewest_turns_left, most_turns_left; /* over the scored positions */
    const DataHeader *header;
    const Game *game;
} WdlData;

static bool grow(WdlData *data, char *err, size_t err_size)
{
    size_t capacity = data->capacity ? data->capacity * 2 : 4096;
    WdlSample *grown = realloc(data->samples, capacity * sizeof *grown);
    if (!grown) {
        snprintf(err, err_size, "out of memory at %zu positions", data->count);
        return false;
    }
    data->samples = grown;
    data->capacity = capacity;
    return true;
}

/* A proof's result is certain: it must be the game's result. */
static void count_proof(WdlData *data, const DataRecord *record, bool held_out)
{
    data->proven++;
    data->proven_held_out += held_out;
    if ((record->score > 0) != (record->result == DATA_WIN))
        data->proven_contradicted++;
}

static bool add_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    WdlData *data = context;
    if (strcmp(data->header->game_id, data->game->id) != 0) {
        snprintf(err, err_size, "the data is of game %s, not %s", data->header->game_id, data->game->id);
        return false;
    }
    bool held_out = texel_validation_game(record->game_number);
    data->draws += record->result == DATA_DRAW;
    if (record->proven) {
        count_proof(data, record, held_out);
        return true;
    }
    Position position;
    char why[ERROR_TEXT_MAX];
    if (!data->game->parse_position(record->position, &position, why, sizeof why)) {
        snprintf(err, err_size, "position does not parse as %s: %s", data->game->id, why);
        return false;
    }
    if (data->count == data->capacity && !grow(data, err, err_size))
        return false;
    WdlContext where = wdl_context_of(data->game, &position);
    if (data->count == 0 || where.turns_left < data->fewest_turns_left)
        data->fewest_turns_left = where.turns_left;
    if (data->count == 0 || where.turns_left > data->most_turns_left)
        data->most_turns_left = where.turns_left;
    data->samples[data->count++] = (WdlSample){record->score, where, record->result, held_out};
    data->held_out_count += held_out;
    return true;
}

static bool load(const char *path, WdlData *data, DataHeader *header, char *err, size_t err_size)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, err_size, "-data %s: %s", path, strerror(errno));
        return false;
    }
    data->header = header;
    long kept;
    char why[ERROR_TEXT_MAX + 64];
    bool ok = data_read(file, header, add_record, data, &kept, why, sizeof why);
    fclose(file);
    if (ok && strcmp(header->game_id, data->game->id) != 0) {
        snprintf(why, sizeof why, "the data is of game %s, not %s", header->game_id, data->game->id);
        ok = false;
    }
    if (!ok)
        snprintf(err, err_size, "-data %s: %s", path, why);
    return ok;
}

static void print_summary(FILE *out, const WdlOptions *o, const WdlData *data)
{
    fprintf(out, "wdl: %s from %s, made with: %s\n", o->game->id, o->data_path, data->header->configuration);
    fprintf(out, "wdl: %zu scored positions (%zu training, %zu held out: one game in ten), %zu draw results\n",
            data->count, data->count - data->held_out_count, data->held_out_count, data->draws);
    fprintf(out, "wdl: %zu proven positions (%zu held out) left out of the fit: they map to 1000/0/0 or "
            "0/0/1000; %zu of them contradict the game's result\n",
            data->proven, data->proven_held_out, data->proven_contradicted);
}

/* The table; returns the largest gap between predicted and observed win. */
static double print_deciles(FILE *out, const WdlDecile *deciles, bool with_draws)
{
    double worst = 0.0;
    fprintf(out, "wdl: held-out calibration, deciles of predicted win (per mille):\n");
    fprintf(out, "wdl: decile  count  predicted-win  observed-win  gap%s\n",
            with_draws ? "  predicted-draw  observed-draw" : "");
    for (int d = 0; d < WDL_DECILES; d++) {
        const WdlDecile *c = &deciles[d];
        double gap = 1000.0 * (c->observed_win - c->predicted_win);
        worst = fabs(gap) > worst ? fabs(gap) : worst;
        fprintf(out, "wdl: %6d %6zu %14.0f %13.0f %4.0f", d + 1, c->count, 1000.0 * c->predicted_win,
                1000.0 * c->observed_win, gap);
        if (with_draws)
            fprintf(out, " %15.0f %14.0f", 1000.0 * c->predicted_draw, 1000.0 * c->observed_draw);
        fprintf(out, "\n");
    }
    return worst / 10.0; /* per mille to points */
}

static void print_model_at(FILE *out, const WdlModel *m, WdlContext context)
{
    fprintf(out, "wdl: model at cp 0, 100, 300, %s to move, %d turns left: ", context.side == WHITE ? "w" : "b",
            context.turns_left);
    for (int i = 0; i < 3; i++) {
        WdlPerMille w = wdl_of_score(m, context, (int[]){0, 100, 300}[i]);
        fprintf(out, "%s%d/%d/%d", i ? ", " : "", w.win, w.draw, w.loss);
    }
    fprintf(out, "\n");
}

static void print_model(FILE *out, const WdlOptions *o, const WdlModel *m, const WdlData *data)
{
    fprintf(out, "wdl: mean log-likelihood: training %.5f, held out %.5f\n",
            wdl_mean_log_likelihood(m, data->samples, data->count, false),
            wdl_mean_log_likelihood(m, data->samples, data->count, true));
    /* At both ends of the data's phases, for each colour to move. */
    int ends[2] = {data->most_turns_left, data->fewest_turns_left};
    for (int side = WHITE; side <= BLACK; side++)
        for (int e = 0; e < (ends[0] == ends[1] ? 1 : 2); e++)
            print_model_at(out, m, (WdlContext){side, ends[e]});
    if (o->check) {
        fprintf(out, "wdl: the constants of src/games/%s/%s.c, measured (no fit)\n", o->game->id, o->game->id);
        return;
    }
    fprintf(out, "wdl: paste into the Game of src/games/%s/%s.c:\n", o->game->id, o->game->id);
    fprintf(out, "    .wdl = {.draw_margin = %.1f, .scale = %.1f, .scale_growth = %.4f, .bias = {%d, %d}},\n",
            m->draw_margin, m->scale, m->scale_growth, m->bias[WHITE], m->bias[BLACK]);
}

/* Loads, fits on the training games (or, with -check, takes the game's
 * own constants), measures on the held-out ones. */
static int fit(const WdlOptions *o, FILE *out, FILE *errout)
{
    WdlData data = {.game = o->game};
    DataHeader header;
    char err[1024];
    int code = TUNE_EXIT_BAD_ARGS;
    WdlModel model;
    WdlDecile deciles[WDL_DECILES];
    if (!load(o->data_path, &data, &header, err, sizeof err))
        goto done;
    print_summary(out, o, &data);
    /* No draw in the whole file: a drawless game, whose model has no draw mass. */
    bool with_draws = data.draws > 0;
    code = TUNE_EXIT_FAILED;
    if (o->check)
        model = o->game->wdl;
    if ((!o->check && !wdl_fit(data.samples, data.count, with_draws, &model, err, sizeof err)) ||
        !wdl_calibration(&model, data.samples, data.count, deciles, err, sizeof err))
        goto done;
    double worst = print_deciles(out, deciles, with_draws);
    fprintf(out, "wdl: largest gap %.1f points: %s the goal of %.0f\n", worst,
            worst <= WDL_GOAL_POINTS ? "within" : "OUTSIDE", WDL_GOAL_POINTS);
    print_model(out, o, &model, &data);
    code = TUNE_EXIT_OK;
done:
    if (code != TUNE_EXIT_OK)
        fprintf(errout, "tessera-tune: wdl: %s\n", err);
    free(data.samples);
    return code;
}

int wdl_command(int argc, char *const *argv, FILE *out, FILE *errout)
{
    WdlOptions o;
    char err[512];
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(errout, "tessera-tune: %s\n(tessera-tune wdl -help lists the flags)\n", err);
        return TUNE_EXIT_BAD_ARGS;
    }
    if (o.help) {
        wdl_print_help(out);
        return TUNE_EXIT_OK;
    }
    return fit(&o, out, errout);
}

void wdl_print_help(FILE *out)
{
    fputs("usage: tessera-tune wdl -game ID -data FILE [-check]\n"
          "\n"
          "Fits the game's win/draw/loss model (UCI_ShowWDL; protocol.md) to self-play\n"
          "data from tessera-datagen: win = 1/(1+exp((m-x)/s)), loss = 1/(1+exp((m+x)/s)),\n"
          "draw the rest, x the search's score in centi-units less the bias of the colour\n"
          "to move, s = scale * exp(growth * turns left); m is 0 when the data holds no\n"
          "draw.  Maximum likelihood on 9 games in 10 (proven positions left out: they\n"
          "map exactly); the tenth is held out: the calibration per decile of predicted\n"
          "win, then the constants to paste into the game's file.\n"
          "\n"
          "  -game ID       the game (its data file must be of the same game)\n"
          "  -data FILE     the data file (tools/data/data_record.h)\n"
          "  -check         no fit: measure the game's own constants (the engine's\n"
          "                 UCI_ShowWDL) on the held-out games\n"
          "  -help / --help this text\n"
          "\n"
          "Exit status: 0 done; 1 a fit that cannot be made (training results of one\n"
          "kind, a fit out of its plausible range, fewer than 200 held-out positions);\n"
          "2 bad flags, data of another game, a malformed line.\n",
          out);
}
