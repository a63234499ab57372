/* mcts/actions.c - children lists and random actions over the move stream. */
#include "search/mcts/actions.h"

#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "nn/evaluation.h"
#include "nn/policy_head.h"
#include "search/search.h"

/* A playout reads at most this much of one move stream: a tall Qawale
 * stack would otherwise cost a whole stream (millions) per random move. */
#define PLAYOUT_STREAM_CAP 4096

bool actions_use_steps(const Game *game, const MctsParams *params)
{
    return params->step_tree && has_step_hooks(game);
}

bool turn_goes_on(const Game *game, bool steps, const Position *after)
{
    return steps && game->outcome(after) == OUTCOME_ONGOING && game->turn_in_progress(after);
}

bool action_source_init(ActionSource *src, const Game *game, const MctsParams *params, bool steps,
                        uint64_t seed, const atomic_bool *stop)
{
    memset(src, 0, sizeof *src);
    src->game = game;
    src->params = params;
    src->steps = steps;
    src->max_children = params->max_children;
    src->stream_cap = (uint64_t)params->stream_cap_k * 1000;
    src->prior_order = params->prior_order && game->evaluate;
    src->policy = params->policy && game->policy_index;
    src->stop = stop;
    rng_seed(&src->rng, seed);
    /* Room for a sample, a node's steps and a searchmoves root alike. */
    int capacity = src->max_children;
    if (capacity < MAX_STEPS_PER_NODE)
        capacity = MAX_STEPS_PER_NODE;
    if (capacity < SEARCH_MAX_ROOT_MOVES)
        capacity = SEARCH_MAX_ROOT_MOVES;
    uint32_t table = 16;
    while (table < 2 * (uint32_t)capacity)
        table *= 2;
    src->seen_mask = table - 1;
    src->candidates = malloc(sizeof(Candidate) * (size_t)capacity);
    src->sample = malloc(sizeof(Move) * (size_t)capacity);
    src->seen_keys = malloc(sizeof(uint64_t) * table);
    src->entries = malloc(sizeof(int) * (size_t)capacity);
    src->priors = malloc(sizeof(float) * (size_t)capacity);
    if (!src->candidates || !src->sample || !src->seen_keys || !src->entries || !src->priors) {
        action_source_free(src);
        return false;
    }
    return true;
}

void action_source_free(ActionSource *src)
{
    free(src->candidates);
    free(src->sample);
    free(src->seen_keys);
    free(src->entries);
    free(src->priors);
    src->candidates = NULL;
    src->sample = NULL;
    src->seen_keys = NULL;
    src->entries = NULL;
    src->priors = NULL;
}

/* ---- sampling the move stream ---- */

typedef struct {
    MoveSink sink;
    ActionSource *src;
    Move *kept;
    uint64_t capacity, seen, limit;
    bool cut; /* the stream was stopped before its end */
} Reservoir;

static bool reservoir_emit(MoveSink *sink, Move move)
{
    Reservoir *r = (Reservoir *)sink;
    r->seen++;
    if (r->seen <= r->capacity) {
        r->kept[r->seen - 1] = move;
    } else {
        uint64_t j = rng_below(&r->src->rng, r->seen);
        if (j < r->capacity)
            r->kept[j] = move;
    }
    bool more = r->seen < r->limit;
    if ((r->seen & 0xFFF) == 0 && r->src->stop && atomic_load_explicit(r->src->stop, memory_order_relaxed))
        more = false;
    r->cut = !more;
    return more;
}

/* Up to max_children actions, uniform over (a capped prefix of) the stream. */
static int sample_moves(ActionSource *src, const Position *pos, bool *complete)
{
    Reservoir r = {{reservoir_emit}, src, src->sample, (uint64_t)src->max_children, 0, src->stream_cap, false};
    src->game->generate_moves(pos, &r.sink);
    *complete = r.seen <= r.capacity && !r.cut;
    return (int)(r.seen < r.capacity ? r.seen : r.capacity);
}

static int sample_steps(ActionSource *src, const Position *pos, bool *complete)
{
    int n = src->game->generate_steps(pos, src->sample, MAX_STEPS_PER_NODE);
    *complete = n <= src->max_children;
    /* Partial Fisher-Yates: the first max_children are a uniform subset. */
    for (int i = 0; i < n && i < src->max_children; i++) {
        int j = i + (int)rng_below(&src->rng, (uint64_t)(n - i));
        Move t = src->sample[i];
        src->sample[i] = src->sample[j];
        src->sample[j] = t;
    }
    return n < src->max_children ? n : src->max_children;
}

/* ---- building the children ---- */

static bool key_is_new(ActionSource *src, uint64_t key)
{
    uint32_t i = (uint32_t)(key ^ key >> 32) & src->seen_mask;
    while (src->seen_keys[i] != 0) {
        if (src->seen_keys[i] == key)
            return false;
        i = (i + 1) & src->seen_mask;
    }
    src->seen_keys[i] = key;
    return true;
}

static int chooser_view(Outcome outcome, int chooser)
{
    if (outcome == OUTCOME_DRAW)
        return 0;
    bool white_won = outcome == OUTCOME_WHITE_WINS;
    return white_won == (chooser == WHITE) ? 20000 : -20000;
}

static int prior_of(const ActionSource *src, const Position *child, Outcome o, int chooser, bool turn_ends)
{
    if (o != OUTCOME_ONGOING)
        return chooser_view(o, chooser);
    /* Every child of a node gets a prior, so where a network costs more
     * than the classic evaluation the priors can stay classic (issue 16:
     * they were most of Territoire's MCTS time with its net). */
    int v = src->params->prior_classic ? src->game->evaluate(child) : evaluate_position(src->game, child);
    return turn_ends ? -v : v;
}

static int by_prior(const void *a, const void *b)
{
    const Candidate *x = a, *y = b;
    return (x->prior < y->prior) - (x->prior > y->prior);
}

static int by_policy(const void *a, const void *b)
{
    const Candidate *x = a, *y = b;
    return (x->policy < y->policy) - (x->policy > y->policy);
}

/* head's priors of the candidates[0..count) of pos, whose accumulator
 * src->head_acc holds; best first. */
static void policy_priors(ActionSource *src, const Network *head, const Position *pos, int count)
{
    for (int i = 0; i < count; i++)
        src->entries[i] = src->game->policy_index(pos, src->candidates[i].action);
    const float temperature = (float)src->params->policy_temp / 100.0f;
    nn_policy_priors_of(head, src->head_acc, src->entries, count, temperature, src->priors);
    for (int i = 0; i < count; i++)
        src->candidates[i].policy = src->priors[i];
    qsort(src->candidates, (size_t)count, sizeof(Candidate), by_policy);
}

/* The candidates of moves[0..n) at pos, distinct by the position they
 * lead to, best-first by the policy or the evaluation as the settings say. */
static int candidates_of(ActionSource *src, const Position *pos, const Move *moves, int n)
{
    const Game *g = src->game;
    const int chooser = g->side_to_move(pos);
    /* Where the head speaks for pos, no child is evaluated here (unless
     * MCTS_POLICY_PRIORS_ONLY asks for both). */
    const Network *head = src->policy && n > 0 ? evaluation_policy_head(g, pos, src->head_acc) : NULL;
    const bool by_policy = head != NULL;
    const bool evaluate = src->prior_order && (!by_policy || src->params->policy == MCTS_POLICY_PRIORS_ONLY);
    memset(src->seen_keys, 0, sizeof(uint64_t) * (src->seen_mask + 1));
    int kept = 0;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        if (src->steps)
            g->play_step(&child, moves[i]);
        else
            g->play(&child, moves[i]);
        uint64_t key = g->hash(&child) | 1; /* 0 marks a free slot */
        if (!key_is_new(src, key))
            continue;
        Candidate *c = &src->candidates[kept++];
        c->action = moves[i];
        c->key = key;
        c->outcome = g->outcome(&child);
        c->turn_ends = !turn_goes_on(g, src->steps, &child);
        c->prior = evaluate ? prior_of(src, &child, c->outcome, chooser, c->turn_ends) : 0;
        c->policy = 0;
    }
    src->listed_by_policy = by_policy;
    if (by_policy)
        policy_priors(src, head, pos, kept);
    else if (src->prior_order)
        qsort(src->candidates, (size_t)kept, sizeof(Candidate), by_prior);
    return kept;
}

int list_children(ActionSource *src, const Position *pos, bool *complete)
{
    int n = src->steps ? sample_steps(src, pos, complete) : sample_moves(src, pos, complete);
    return candidates_of(src, pos, src->sample, n);
}

int list_given_children(ActionSource *src, const Position *pos, const Move *moves, int count)
{
    return candidates_of(src, pos, moves, count);
}

/* ---- one random action ---- */

typedef struct {
    MoveSink sink;
    uint64_t wanted, seen;
    Move chosen;
} PickSink;

static bool pick_emit(MoveSink *sink, Move move)
{
    PickSink *p = (PickSink *)sink;
    if (p->seen++ == p->wanted) {
        p->chosen = move;
        return false;
    }
    return true;
}

/* Counting first (cheap where the game has count_moves) lets us stop the
 * stream at the chosen index instead of drawing a number per move. */
static Move random_move(ActionSource *src, const Position *pos)
{
    const Game *g = src->game;
    uint64_t total;
    if (g->count_moves) {
        total = g->count_moves(pos);
    } else {
        Reservoir r = {{reservoir_emit}, src, src->sample, 1, 0, PLAYOUT_STREAM_CAP, false};
        g->generate_moves(pos, &r.sink);
        return r.seen ? src->sample[0] : MOVE_NONE;
    }
    if (total == 0)
        return MOVE_NONE;
    if (total > PLAYOUT_STREAM_CAP)
        total = PLAYOUT_STREAM_CAP;
    PickSink p = {{pick_emit}, rng_below(&src->rng, total), 0, MOVE_NONE};
    g->generate_moves(pos, &p.sink);
    return p.chosen;
}

bool play_random_action(ActionSource *src, Position *pos, bool *turn_ends)
{
    const Game *g = src->game;
    if (src->steps) {
        int n = g->generate_steps(pos, src->sample, MAX_STEPS_PER_NODE);
        if (n <= 0)
            return false;
        g->play_step(pos, src->sample[rng_below(&src->rng, (uint64_t)n)]);
        *turn_ends = !turn_goes_on(g, true, pos);
        return true;
    }
    Move move = random_move(src, pos);
    if (move == MOVE_NONE)
        return false;
    g->play(pos, move);
    *turn_ends = true;
    return true;
}
