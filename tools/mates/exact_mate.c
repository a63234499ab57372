/* exact_mate.c - a full, memoised solve (see exact_mate.h). */
#include "mates/exact_mate.h"

#include <stdlib.h>

#include "games/gameutil.h"

#define MAX_MOVES 4096

typedef struct {
    uint64_t key; /* 0 = free (a key of 0 is stored as 1) */
    int16_t result;
    int16_t plies;
} Entry;

struct ExactSolver {
    const Game *game;
    Entry *entries;
    size_t capacity; /* a power of two */
    size_t used;
    uint64_t budget;
};

ExactSolver *exact_solver_new(const Game *game, uint64_t position_budget)
{
    ExactSolver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->game = game;
    s->capacity = 1u << 16;
    s->entries = calloc(s->capacity, sizeof *s->entries);
    s->budget = position_budget;
    if (!s->entries) {
        free(s);
        return NULL;
    }
    return s;
}

void exact_solver_free(ExactSolver *s)
{
    if (!s)
        return;
    free(s->entries);
    free(s);
}

static uint64_t key_of(const ExactSolver *s, const Position *pos)
{
    uint64_t k = s->game->hash(pos);
    return k ? k : 1;
}

static Entry *find(const ExactSolver *s, uint64_t key)
{
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (s->capacity - 1);
    while (s->entries[i].key && s->entries[i].key != key)
        i = (i + 1) & (s->capacity - 1);
    return &s->entries[i];
}

static bool grow(ExactSolver *s)
{
    Entry *old = s->entries;
    size_t old_capacity = s->capacity;
    Entry *bigger = calloc(old_capacity * 2, sizeof *bigger);
    if (!bigger)
        return false;
    s->entries = bigger;
    s->capacity = old_capacity * 2;
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].key)
            *find(s, old[i].key) = old[i];
    free(old);
    return true;
}

static bool store(ExactSolver *s, uint64_t key, ExactValue v)
{
    if ((s->used + 1) * 10 > s->capacity * 7 && !grow(s))
        return false;
    Entry *e = find(s, key);
    if (!e->key)
        s->used++;
    *e = (Entry){key, (int16_t)v.result, (int16_t)v.plies};
    return true;
}

/* Better for the side to move: a win before a draw before a loss, a
 * shorter win, a longer loss. */
static bool better(ExactValue a, ExactValue b)
{
    if (a.result != b.result)
        return a.result > b.result;
    return a.result > 0 ? a.plies < b.plies : a.result < 0 ? a.plies > b.plies : false;
}

/* The value for the mover of playing move at pos. */
static bool value_of_move(ExactSolver *s, const Position *pos, Move move, ExactValue *out)
{
    Position child = *pos;
    s->game->play(&child, move);
    Outcome o = s->game->outcome(&child);
    if (o == OUTCOME_DRAW) {
        *out = (ExactValue){0, 0};
        return true;
    }
    if (o != OUTCOME_ONGOING) {
        int winner = o == OUTCOME_WHITE_WINS ? WHITE : BLACK;
        *out = (ExactValue){winner == s->game->side_to_move(pos) ? 1 : -1, 1};
        return true;
    }
    ExactValue v;
    if (!exact_solve(s, &child, &v))
        return false;
    *out = (ExactValue){-v.result, v.result ? v.plies + 1 : 0};
    return true;
}

bool exact_solve(ExactSolver *s, const Position *pos, ExactValue *out)
{
    uint64_t key = key_of(s, pos);
    Entry *e = find(s, key);
    if (e->key) {
        *out = (ExactValue){e->result, e->plies};
        return true;
    }
    if (s->used >= s->budget)
        return false;
    Move *moves = malloc(MAX_MOVES * sizeof *moves);
    if (!moves)
        return false;
    bool overflow = false;
    int n = collect_moves(s->game, pos, moves, MAX_MOVES, &overflow);
    bool solved = !overflow && n > 0;
    ExactValue best = {-2, 0};
    for (int i = 0; solved && i < n; i++) {
        ExactValue v;
        solved = value_of_move(s, pos, moves[i], &v);
        if (solved && (best.result == -2 || better(v, best)))
            best = v;
    }
    free(moves);
    if (!solved || !store(s, key, best))
        return false;
    *out = best;
    return true;
}

bool exact_is_best_move(ExactSolver *s, const Position *pos, Move move)
{
    ExactValue root, v;
    if (!exact_solve(s, pos, &root) || !value_of_move(s, pos, move, &v))
        return false;
    return v.result == root.result && v.plies == root.plies;
}
