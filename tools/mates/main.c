/* main.c - tessera-mates: Room and Pillar positions with their exact mate
 * distances, for tools/bench/mates.sh (see tools/mates/mate_set.h).
 *
 *   tessera-mates -board 6x6 -games 20 -per-game 2 -seed 1 -budget 2000000
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/flags.h"
#include "datagen/rp_board.h"
#include "mates/mate_set.h"
#include "util/parse_number.h"

#define EXIT_BAD_ARGS 2

static bool read_board(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    MateSetPlan *p = target;
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
    return read_int(f, v, 1, 100000, &((MateSetPlan *)t)->games, e, n);
}
static bool read_per_game(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_int(f, v, 1, 512, &((MateSetPlan *)t)->per_game, e, n);
}
static bool read_min_plies(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_int(f, v, 1, 512, &((MateSetPlan *)t)->min_plies, e, n);
}
static bool read_seed(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_u64(f, v, &((MateSetPlan *)t)->seed, e, n);
}
static bool read_budget(void *t, const char *f, const char *v, char *e, size_t n)
{
    return read_u64(f, v, &((MateSetPlan *)t)->budget, e, n);
}

static const Flag mates_flags[] = {
    {"-board", .on_value = read_board},         {"-games", .on_value = read_games},
    {"-per-game", .on_value = read_per_game},   {"-min-plies", .on_value = read_min_plies},
    {"-seed", .on_value = read_seed},           {"-budget", .on_value = read_budget},
    {NULL},
};

int main(int argc, char **argv)
{
    MateSetPlan plan = {.width = 6, .height = 6, .games = 10, .per_game = 2, .min_plies = 3, .seed = 1,
                        .budget = 2000000};
    char err[512] = "";
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(mates_flags, argv[i]);
        if (!row) {
            fprintf(stderr, "tessera-mates: unknown flag '%s' (flags: -board WxH -games N -per-game N "
                            "-min-plies N -seed S -budget POSITIONS)\n", argv[i]);
            return EXIT_BAD_ARGS;
        }
        if (flag_read(row, &plan, argc, argv, &i, EXIT_BAD_ARGS, err, sizeof err) != 0) {
            fprintf(stderr, "tessera-mates: %s\n", err);
            return EXIT_BAD_ARGS;
        }
    }
    int written = mate_set_write(&plan, stdout, err, sizeof err);
    if (written < 0) {
        fprintf(stderr, "tessera-mates: %s\n", err);
        return 1;
    }
    fprintf(stderr, "tessera-mates: %d positions\n", written);
    return 0;
}
