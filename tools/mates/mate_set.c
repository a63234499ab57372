/* mate_set.c - random Room and Pillar positions with exact distances (see
 * mate_set.h). */
#include "mates/mate_set.h"

#include <stdlib.h>

#include "datagen/rp_board.h"
#include "games/gameutil.h"
#include "games/registry.h"
#include "mates/exact_mate.h"
#include "search/mate.h"
#include "search/search.h"
#include "util/rng.h"

#define MAX_GAME_PLIES 512

/* A game of uniformly random moves from start; returns its positions
 * (the unfinished ones) in order. */
static int random_game(const Game *g, const Position *start, Rng *rng, Position *line)
{
    Position pos = *start;
    int n = 0;
    Move moves[512];
    while (n < MAX_GAME_PLIES && g->outcome(&pos) == OUTCOME_ONGOING) {
        int count = collect_moves(g, &pos, moves, 512, NULL);
        if (count == 0)
            break;
        line[n++] = pos;
        g->play(&pos, moves[rng_below(rng, (uint64_t)count)]);
    }
    return n;
}

/* The protocol's `mate N` of an exact value (search/mate.h converts). */
static int mate_of(ExactValue v) { return mate_turns_of_score(score_of_proof(v.result > 0, v.plies)); }

/* Keys of the positions written, so that a position two games share is
 * written once. */
typedef struct {
    uint64_t *keys;
    int count, capacity;
} Written;

static bool written_before(Written *w, uint64_t key)
{
    for (int i = 0; i < w->count; i++)
        if (w->keys[i] == key)
            return true;
    if (w->count < w->capacity)
        w->keys[w->count++] = key;
    return false;
}

static int keep_from_game(const MateSetPlan *plan, const Game *g, const Position *line, int length, Written *written,
                          FILE *out)
{
    ExactSolver *solver = exact_solver_new(g, plan->budget);
    if (!solver)
        return 0;
    /* Backwards from the end while the solve stays in budget. */
    int earliest = length;
    ExactValue values[MAX_GAME_PLIES];
    for (int i = length - 1; i >= 0; i--) {
        if (!exact_solve(solver, &line[i], &values[i]))
            break;
        earliest = i;
    }
    int kept = 0;
    for (int i = earliest; i < length && kept < plan->per_game; i++) {
        if (values[i].result == 0 || values[i].plies < plan->min_plies || written_before(written, g->hash(&line[i])))
            continue;
        char text[POSITION_TEXT_MAX];
        g->format_position(&line[i], text, sizeof text);
        fprintf(out, "%s\t%d\tmate %d\n", text, values[i].plies, mate_of(values[i]));
        kept++;
    }
    exact_solver_free(solver);
    return kept;
}

int mate_set_write(const MateSetPlan *plan, FILE *out, char *err, size_t err_size)
{
    const Game *g = &roomandpillar_game;
    char fen[POSITION_TEXT_MAX];
    Position start;
    if (!rp_board_start(plan->width, plan->height, fen, sizeof fen) ||
        !g->parse_position(fen, &start, err, err_size))
        return -1;
    Position *line = malloc(MAX_GAME_PLIES * sizeof *line);
    Written written = {malloc((size_t)plan->games * (size_t)plan->per_game * sizeof(uint64_t)), 0,
                       plan->games * plan->per_game};
    if (!line || !written.keys) {
        free(line);
        free(written.keys);
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    Rng rng;
    rng_seed(&rng, plan->seed);
    int total = 0;
    for (int game = 0; game < plan->games; game++) {
        int length = random_game(g, &start, &rng, line);
        total += keep_from_game(plan, g, line, length, &written, out);
    }
    free(line);
    free(written.keys);
    return total;
}
