/* datagen_cli.c - tessera-datagen's flags: every one checked, none guessed. */
#include "datagen/datagen_cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "datagen/rp_board.h"
#include "games/registry.h"
#include "nn/evaluation.h"
#include "search/backends.h"
#include "util/parse_number.h"

/* A whole number flag value (seeds too stop at INT64_MAX). */
static bool parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    int64_t value;
    if (parse_int64(text, (int64_t)min, max > INT64_MAX ? INT64_MAX : (int64_t)max, &value) != NUMBER_OK)
        return false;
    *out = (uint64_t)value;
    return true;
}

static bool parse_seconds(const char *text, double *out)
{
    if (!text || text[0] < '0' || text[0] > '9')
        return false;
    char *end;
    double value = strtod(text, &end);
    if (*end != '\0' || !(value > 0) || value > 86400)
        return false;
    *out = value;
    return true;
}

static void set_defaults(DatagenOptions *o)
{
    *o = (DatagenOptions){0};
    o->backend = &alphabeta_backend;
    o->threads = 1;
    o->nodes = 5000;
    o->plies = 4;
    o->seed = 1;
    o->hash_mb = 16;
    o->progress_seconds = 10;
}

/* A numeric flag: its value within min..max, else a message. */
static bool number_flag(const char *flag, const char *value, uint64_t min, uint64_t max,
                        uint64_t *out, char *err, size_t err_size)
{
    if (parse_u64(value, min, max, out))
        return true;
    snprintf(err, err_size, "%s needs a whole number from %" PRIu64 " to %" PRIu64 ", not '%s'",
             flag, min, max, value ? value : "");
    return false;
}

static bool read_game(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    DatagenOptions *o = target;
    o->game = game_by_id(value);
    if (!o->game)
        snprintf(err, err_size, "%s: unknown game '%s'", flag, value);
    return o->game != NULL;
}

static bool read_backend(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    DatagenOptions *o = target;
    o->backend = backend_by_id(value);
    if (!o->backend)
        snprintf(err, err_size, "%s: unknown backend '%s'", flag, value);
    return o->backend != NULL;
}

static bool read_out(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    ((DatagenOptions *)target)->out_path = value;
    if (!value[0])
        snprintf(err, err_size, "%s needs a file name", flag);
    return value[0] != '\0';
}

static bool read_board(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    DatagenOptions *o = target;
    if (rp_board_parse_size(value, &o->board_width, &o->board_height))
        return true;
    snprintf(err, err_size, "%s needs WxH (e.g. 12x12), not '%s'", flag, value);
    return false;
}

static bool read_progress(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (parse_seconds(value, &((DatagenOptions *)target)->progress_seconds))
        return true;
    snprintf(err, err_size, "%s needs seconds above 0, not '%s'", flag, value);
    return false;
}

#define GAME_NUMBER_MAX (UINT64_MAX / 4)

bool datagen_parse_range(const char *text, uint64_t *first, uint64_t *last)
{
    const char *dots = strstr(text, "..");
    char head[32];
    size_t len = dots ? (size_t)(dots - text) : 0;
    if (!dots || len == 0 || len >= sizeof head)
        return false;
    memcpy(head, text, len);
    head[len] = '\0';
    return parse_u64(head, 0, GAME_NUMBER_MAX, first) && parse_u64(dots + 2, 0, GAME_NUMBER_MAX, last) &&
           *first <= *last;
}

const char *datagen_range_in(const char *configuration, uint64_t *first, uint64_t *last)
{
    const char *at = strstr(configuration, " games=");
    return at && datagen_parse_range(at + 7, first, last) ? at : NULL;
}

void datagen_complete_line(uint64_t first, uint64_t last, char *out, size_t out_size)
{
    snprintf(out, out_size, "# complete: games %" PRIu64 "..%" PRIu64, first, last);
}

/* -games N (the games numbered 0 to N - 1, a file that grows to N games)
 * or -games A..B (the games numbered A to B, a slice). */
static bool read_games(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    DatagenOptions *o = target;
    o->game_range = strstr(value, "..") != NULL;
    if (!o->game_range) {
        if (!number_flag(flag, value, 1, GAME_NUMBER_MAX, &o->games, err, err_size))
            return false;
        o->first_game = 0;
        o->last_game = o->games - 1;
        return true;
    }
    if (datagen_parse_range(value, &o->first_game, &o->last_game))
        return true;
    snprintf(err, err_size, "%s needs N or A..B (game numbers from 0 to %" PRIu64 ", A <= B), not '%s'", flag,
             (uint64_t)GAME_NUMBER_MAX, value);
    return false;
}

static bool read_positions(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return number_flag(flag, value, 1, UINT64_MAX / 2, &((DatagenOptions *)target)->positions, err, err_size);
}

static bool read_nodes(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return number_flag(flag, value, 0, UINT64_MAX / 2, &((DatagenOptions *)target)->nodes, err, err_size);
}

static bool read_seed(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return number_flag(flag, value, 0, INT64_MAX, &((DatagenOptions *)target)->seed, err, err_size);
}

/* A small whole number into an int field. */
static bool read_small(const char *flag, const char *value, uint64_t min, uint64_t max, int *out, char *err,
                       size_t err_size)
{
    uint64_t n;
    if (!number_flag(flag, value, min, max, &n, err, err_size))
        return false;
    *out = (int)n;
    return true;
}

static bool read_threads(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_small(flag, value, 1, DATAGEN_MAX_THREADS, &((DatagenOptions *)target)->threads, err, err_size);
}

static bool read_depth(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_small(flag, value, 0, 100, &((DatagenOptions *)target)->depth, err, err_size);
}

static bool read_plies(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_small(flag, value, 0, 200, &((DatagenOptions *)target)->plies, err, err_size);
}

static bool read_hash(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    uint64_t n;
    if (!number_flag(flag, value, 1, 4096, &n, err, err_size))
        return false;
    ((DatagenOptions *)target)->hash_mb = (size_t)n;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((DatagenOptions *)target)->help = true;
    return true;
}

/* A network file, loaded now (src/nn/evaluation.h) and selected: the
 * loop's next generation is played by the last one's net. */
static bool read_eval(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    const Game *game = NULL;
    char why[600];
    /* The loop's first generation, whatever nets are shipped (a file of
     * that name is ./classic). */
    if (strcmp(value, "classic") == 0) {
        evaluation_select(EVALUATION_CLASSIC, why, sizeof why);
        ((DatagenOptions *)target)->eval_path = value;
        ((DatagenOptions *)target)->eval_game = NULL;
        return true;
    }
    if (!evaluation_load_file(value, &game, why, sizeof why) || !evaluation_select(EVALUATION_NN, why, sizeof why)) {
        snprintf(err, err_size, "%s %.400s", flag, why);
        return false;
    }
    ((DatagenOptions *)target)->eval_path = value;
    ((DatagenOptions *)target)->eval_game = game;
    return true;
}

static const Flag datagen_flags[] = {
    {"-eval", .on_value = read_eval},
    {"-game", .on_value = read_game},
    {"-backend", .on_value = read_backend},
    {"-out", .on_value = read_out},
    {"-board", .on_value = read_board},
    {"-progress", .on_value = read_progress},
    {"-games", .on_value = read_games},
    {"-positions", .on_value = read_positions},
    {"-nodes", .on_value = read_nodes},
    {"-seed", .on_value = read_seed},
    {"-threads", .on_value = read_threads},
    {"-depth", .on_value = read_depth},
    {"-plies", .on_value = read_plies},
    {"-hash", .on_value = read_hash},
    {"-help", .on_switch = set_help},
    {"--help", .on_switch = set_help},
    {.name = NULL},
};

static bool check_options(const DatagenOptions *o, char *err, size_t err_size)
{
    if (!o->game)
        snprintf(err, err_size, "-game is required");
    else if (!o->out_path)
        snprintf(err, err_size, "-out is required");
    else if (!o->games && !o->game_range && !o->positions)
        snprintf(err, err_size, "-games N or -positions N is required (how much to generate)");
    else if (o->game_range && o->positions)
        snprintf(err, err_size, "-games A..B plays exactly those games: -positions is for a run of its own, not a slice");
    else if (!o->nodes && !o->depth)
        snprintf(err, err_size, "-nodes 0 needs -depth N: every move needs a limit");
    else if (o->board_width && o->game != &roomandpillar_game)
        snprintf(err, err_size, "-board is for roomandpillar only");
    else if (o->eval_game && o->eval_game != o->game)
        snprintf(err, err_size, "-eval %s is not a network of %s", o->eval_path, o->game->id);
    else if (!o->game->evaluate && o->backend == &alphabeta_backend)
        snprintf(err, err_size, "game '%s' has no evaluation for alphabeta", o->game->id);
    else
        return true;
    return false;
}

int datagen_cli_parse(int argc, char *const *argv, DatagenOptions *options, char *err,
                      size_t err_size)
{
    set_defaults(options);
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(datagen_flags, argv[i]);
        if (!row) {
            snprintf(err, err_size, "unknown flag '%s'", argv[i]);
            return DATAGEN_EXIT_BAD_ARGS;
        }
        if (flag_read(row, options, argc, argv, &i, DATAGEN_EXIT_BAD_ARGS, err, err_size) != DATAGEN_EXIT_OK)
            return DATAGEN_EXIT_BAD_ARGS;
        if (options->help)
            return DATAGEN_EXIT_OK;
    }
    return check_options(options, err, err_size) ? DATAGEN_EXIT_OK : DATAGEN_EXIT_BAD_ARGS;
}

void datagen_configuration(const DatagenOptions *o, char *out, size_t out_size)
{
    char board[32] = "default";
    if (o->board_width)
        snprintf(board, sizeof board, "%dx%d", o->board_width, o->board_height);
    snprintf(out, out_size,
             "game=%s backend=%s nodes=%" PRIu64 " depth=%d plies=%d seed=%" PRIu64
             " board=%s hash=%zu",
             o->game->id, o->backend->id, o->nodes, o->depth, o->plies, o->seed, board,
             o->hash_mb);
    /* Only with -eval, so that files made before it still resume. */
    if (o->eval_path) {
        const size_t used = strlen(out);
        snprintf(out + used, out_size - used, " eval=%s", o->eval_path);
    }
    /* Only for a slice: a whole run's file is what the merged slices give. */
    if (o->game_range) {
        const size_t used = strlen(out);
        snprintf(out + used, out_size - used, " games=%" PRIu64 "..%" PRIu64, o->first_game, o->last_game);
    }
}

void datagen_cli_print_help(FILE *out)
{
    fputs("usage: tessera-datagen -game ID -out FILE (-games N | -games A..B | -positions N) [flags]\n"
          "\n"
          "Self-play with the engine's own backends in-process: each game starts from\n"
          "random plies (after a random deal in Territoire), one engine searches every\n"
          "turn at a fixed node or depth limit, and every searched position is appended\n"
          "to FILE (format: tools/data/data_record.h, README 'Self-play data') with the\n"
          "search's score, the move, the ply and the game's result (and with -backend\n"
          "mcts how the search's visits spread over the root's policy entries, a\n"
          "policy head's target); positions already in FILE (same hash) are skipped.\n"
          "An existing FILE is resumed: its header must show the same configuration\n"
          "(game, backend, nodes, depth, plies, seed, board, hash) and the games go on\n"
          "after its last one, which is played again (an interruption may have cut it\n"
          "short); a FILE that already holds the asked games plays nothing, so the\n"
          "same command run again finishes an interrupted run or leaves FILE as it is.\n"
          "\n"
          "  -game ID        roomandpillar, columna, qawale or territoire\n"
          "  -out FILE       the data file (created, or appended to), locked for the run:\n"
          "                  a second run on FILE is refused (exit 1)\n"
          "  -games N        play the games numbered 0 to N-1 (FILE ends with N games)\n"
          "  -games A..B     or: play the games numbered A to B (a slice of a bigger run,\n"
          "                  the same games as there; tessera-datagen merge joins slices)\n"
          "  -positions N    stop once FILE holds N positions\n"
          "  -threads N      games played at once, an engine each (1)\n"
          "  -nodes N        nodes per move (5000; 0 with -depth)\n"
          "  -depth N        depth per move (none)\n"
          "  -plies N        random opening plies (4)\n"
          "  -board WxH      roomandpillar: the board size (default 8x8)\n"
          "  -backend ID     alphabeta (default), mcts or random\n"
          "  -seed S         seeds the openings and searches (1)\n"
          "  -hash MB        each engine's table (16)\n"
          "  -progress SEC   a progress line every SEC seconds (10)\n"
          "  -eval NET       search with this network (Eval=nn; tessera-train's output);\n"
          "                  -eval classic: the hand-written evaluation (a loop's first\n"
          "                  generation); without -eval: Eval=auto, the shipped nets\n"
          "                  where they won\n"
          "  -help / --help  this text\n"
          "  -version / --version  the version\n"
          "\n"
          "tessera-datagen book -data FILE -out BOOK [flags]: an arena opening file\n"
          "    of positions from FILE whose search score gives one side a small edge\n"
          "    (its flags: tessera-datagen book -help).\n"
          "tessera-datagen merge -out FILE PART...: joins the files of -games A..B slices\n"
          "    into the file one run of all their games writes (its flags:\n"
          "    tessera-datagen merge -help).\n"
          "\n"
          "Exit status: 0 done, 1 failed (file, another run holding it, memory, engine,\n"
          "openings exhausted: 200 games in a row without a new position), 2 bad\n"
          "arguments or a file made with another configuration, 130 interrupted\n"
          "(finished games kept).\n",
          out);
}
