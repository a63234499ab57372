/* main.c - tessera-mates: Room and Pillar positions with their exact mate
 * distances, for tools/bench/mates.sh (see tools/mates/mate_set.h).
 *
 *   tessera-mates -board 6x6 -games 20 -per-game 2 -seed 1 -budget 2000000
 *   tessera-mates -fen POSITION [-best MOVE]
 *
 * With -fen it values that one position (same line format); with -best
 * too, it exits 0 when MOVE keeps the exact value (the fastest win, the
 * slowest loss) and 1 when it does not.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/flags.h"
#include "datagen/rp_board.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "mates/mate_set.h"
#include "search/mate.h"
#include "util/parse_number.h"
#include "util/version.h"

#define EXIT_BAD_ARGS 2

typedef struct {
    MateSetPlan plan;
    const char *fen;  /* NULL: a random set */
    const char *best; /* NULL: no move to judge */
} MatesOptions;

static MateSetPlan *plan_of(void *target) { return &((MatesOptions *)target)->plan; }

static bool read_board(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    MateSetPlan *p = plan_of(target);
    if (rp_board_parse_size(value, &p->width, &p->height))
        return true;
    snprintf(err, err_size, "%s needs a size WxH, not '%s'", flag, value);
    return false;
}

static bool read_int(const char *flag, const char *value, int min, int max, int *out, char *err, size_t err_size)
{
    if (parse_int_range(value, min, max, out))
        return true;
    snprintf(err, err_size, "%s needs a whole number from %d to %d, not '%s'", flag, min, max, value);
    return false;
}

static bool read_u64(const char *flag, const char *value, uint64_t *out, char *err, size_t err_size)
{
    if (parse_uint64(value, UINT64_MAX >> 1, out) == NUMBER_OK)
        return true;
    snprintf(err, err_size, "%s needs a whole number from 0 to %" PRIu64 ", not '%s'", flag, UINT64_MAX >> 1,
             value);
    return false;
}

static bool read_games(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_int(f, v, 1, 100000, &plan_of(t)->games, e, n);
}
static bool read_per_game(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_int(f, v, 1, 512, &plan_of(t)->per_game, e, n);
}
static bool read_min_plies(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_int(f, v, 1, 512, &plan_of(t)->min_plies, e, n);
}
static bool read_seed(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_u64(f, v, &plan_of(t)->seed, e, n);
}
static bool read_budget(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_u64(f, v, &plan_of(t)->budget, e, n);
}

static bool read_fen(void *t, const char *f, const char *v, char *e, size_t n)
{
    (void)f, (void)e, (void)n;
    ((MatesOptions *)t)->fen = v;
    return true;
}
static bool read_best(void *t, const char *f, const char *v, char *e, size_t n)
{
    (void)f, (void)e, (void)n;
    ((MatesOptions *)t)->best = v;
    return true;
}

/* -fen: the one position's line, and with -best whether the move keeps it. */
static int value_one(const MatesOptions *o)
{
    const Game *g = &roomandpillar_game;
    char err[ERROR_TEXT_MAX];
    Position pos;
    if (!g->parse_position(o->fen, &pos, err, sizeof err)) {
        fprintf(stderr, "tessera-mates: -fen: %s\n", err);
        return EXIT_BAD_ARGS;
    }
    Move move = MOVE_NONE;
    if (o->best && !g->parse_move(&pos, o->best, &move, err, sizeof err)) {
        fprintf(stderr, "tessera-mates: -best: %s\n", err);
        return EXIT_BAD_ARGS;
    }
    ExactSolver *solver = exact_solver_new(g, o->plan.budget);
    ExactValue v;
    if (!solver || g->outcome(&pos) != OUTCOME_ONGOING || !exact_solve(solver, &pos, &v)) {
        fprintf(stderr, "tessera-mates: cannot solve %s within %" PRIu64 " positions\n", o->fen, o->plan.budget);
        exact_solver_free(solver);
        return 1;
    }
    printf("%s\t%d\tmate %d\n", o->fen, v.plies, v.result ? mate_turns_of_score(score_of_proof(v.result > 0, v.plies)) : 0);
    bool keeps = !o->best || exact_is_best_move(solver, &pos, move);
    exact_solver_free(solver);
    return keeps ? 0 : 1;
}

static void print_help(void)
{
    printf("tessera-mates: Room and Pillar positions with their exact mate distances, by a full solve\n"
           "(the judge of the engine's shortest mates: tools/bench/mates.sh)\n"
           "\n"
           "usage: tessera-mates [-board WxH] [-games N] [-per-game N] [-min-plies N] [-seed S] [-budget POSITIONS]\n"
           "       tessera-mates -fen POSITION [-best MOVE] [-budget POSITIONS]\n"
           "\n"
           "  -board WxH            the board of the random games (default 6x6)\n"
           "  -games N              random games to draw positions from (default 10)\n"
           "  -per-game N           positions taken from each game (default 2)\n"
           "  -min-plies N          leave out positions decided in fewer plies (default 3)\n"
           "  -seed S               the random games' seed (default 1)\n"
           "  -budget POSITIONS     the most positions one solve may visit (default 2000000)\n"
           "  -fen POSITION         value this one position instead\n"
           "  -best MOVE            with -fen: exit 0 when MOVE keeps the exact value, 1 when not\n"
           "  -help / --help        this text\n"
           "  -version / --version  the version\n"
           "\n"
           "Each line written: POSITION <tab> plies to the end <tab> mate N (0: not a proven result).\n"
           "Exit status: 0 done; 1 a position could not be solved within the budget (or -best lost value);\n"
           "2 bad arguments.\n");
}

static const Flag mates_flags[] = {
    {"-board", .on_value = read_board},         {"-games", .on_value = read_games},
    {"-per-game", .on_value = read_per_game},   {"-min-plies", .on_value = read_min_plies},
    {"-seed", .on_value = read_seed},           {"-budget", .on_value = read_budget},
    {"-fen", .on_value = read_fen},             {"-best", .on_value = read_best},
    {.name = NULL},
};

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-mates", true))
        return 0;
    MatesOptions options = {.plan = {.width = 6, .height = 6, .games = 10, .per_game = 2, .min_plies = 3,
                                     .seed = 1, .budget = 2000000}};
    char err[512] = "";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-help") == 0 || strcmp(argv[i], "--help") == 0) {
            print_help();
            return 0;
        }
        const Flag *row = flag_find(mates_flags, argv[i]);
        if (!row) {
            fprintf(stderr, "tessera-mates: unknown flag '%s' (see --help)\n", argv[i]);
            return EXIT_BAD_ARGS;
        }
        if (flag_read(row, &options, argc, argv, &i, EXIT_BAD_ARGS, err, sizeof err) != 0) {
            fprintf(stderr, "tessera-mates: %s\n", err);
            return EXIT_BAD_ARGS;
        }
    }
    if (options.fen)
        return value_one(&options);
    if (options.best) {
        fprintf(stderr, "tessera-mates: -best needs -fen\n");
        return EXIT_BAD_ARGS;
    }
    int written = mate_set_write(&options.plan, stdout, err, sizeof err);
    if (written < 0) {
        fprintf(stderr, "tessera-mates: %s\n", err);
        return 1;
    }
    fprintf(stderr, "tessera-mates: %d positions\n", written);
    return 0;
}
