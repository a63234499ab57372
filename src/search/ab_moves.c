/*
 * ab_moves.c - the children of a node and the order they are searched in.
 *
 * Whole-turn lists are bounded: a Qawale tall stack has millions of
 * sowings and most of them give the same board, so once a list grows past
 * a few dozen moves its children are told apart by the resulting hash, and
 * the stream is cut when the list is full or too many moves went by.
 */
#include <string.h>

#include "search/ab_internal.h"

#define DEDUPE_FROM 64        /* lists this long start comparing children */
#define SEEN_SLOTS 1024       /* open-addressing set of child hashes, > AB_MAX_CHILDREN */
#define STREAM_LIMIT 50000    /* moves looked at before the list is declared cut */

typedef struct {
    MoveSink sink;
    const AbShared *shared;
    AbWorker *worker; /* charged per move streamed; NULL: never cut */
    const Position *pos;
    AbChildList *list;
    uint64_t seen[SEEN_SLOTS]; /* child hashes, 0 = free */
    bool deduping;
    long streamed;
} Collector;

static uint64_t child_hash(const Collector *c, Move move)
{
    Position child = *c->pos;
    c->shared->game->play(&child, move);
    uint64_t h = c->shared->game->hash(&child);
    return h ? h : 1;
}

/* Returns false when h was already in the set. */
static bool remember(Collector *c, uint64_t h)
{
    size_t slot = (size_t)(h >> 54) & (SEEN_SLOTS - 1);
    while (c->seen[slot]) {
        if (c->seen[slot] == h)
            return false;
        slot = (slot + 1) & (SEEN_SLOTS - 1);
    }
    c->seen[slot] = h;
    return true;
}

static void start_deduping(Collector *c)
{
    memset(c->seen, 0, sizeof c->seen);
    c->deduping = true;
    AbChildList *list = c->list;
    int kept = 0;
    for (int i = 0; i < list->count; i++)
        if (remember(c, child_hash(c, list->child[i].move)))
            list->child[kept++] = list->child[i];
    list->count = kept;
}

static bool collect(MoveSink *sink, Move move)
{
    Collector *c = (Collector *)sink;
    AbChildList *list = c->list;
    if (++c->streamed > STREAM_LIMIT || (c->worker && ab_charge(c->worker, 1))) {
        list->truncated = true;
        return false;
    }
    if (!c->deduping && list->count == DEDUPE_FROM)
        start_deduping(c);
    if (c->deduping && !remember(c, child_hash(c, move)))
        return true;
    if (list->count == AB_MAX_CHILDREN) {
        list->truncated = true;
        return false;
    }
    list->child[list->count++] = (AbChild){move, 0};
    return true;
}

void ab_list_children(const AbShared *s, AbWorker *w, const Position *pos, AbChildList *list)
{
    list->count = 0;
    list->truncated = false;
    if (s->steps) {
        Move steps[MAX_STEPS_PER_NODE];
        int n = s->game->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
        if (n > AB_MAX_CHILDREN)
            n = AB_MAX_CHILDREN;
        for (int i = 0; i < n; i++)
            list->child[i] = (AbChild){steps[i], 0};
        list->count = n;
        if (w)
            ab_charge(w, (uint64_t)n);
        return;
    }
    /* The collector is large; it lives on this frame only while listing. */
    Collector c;
    c.sink.emit = collect;
    c.shared = s;
    c.worker = w;
    c.pos = pos;
    c.list = list;
    c.deduping = false;
    c.streamed = 0;
    s->game->generate_moves(pos, &c.sink);
}

uint64_t ab_history_slot(Move move) { return (move * 0x9E3779B97F4A7C15ULL) >> (64 - AB_HISTORY_BITS); }

#define GUESS_WIN (AB_ORDER_KILLER / 16) /* x 16 reaches the killers' keys */

/* What the table knows of a child, as a guess for the player choosing it:
 * a proven result first of all (a proven win sorts first, so the search
 * cuts off at once, like an enhanced transposition cutoff), else the
 * stored score when it is at least as good as the evaluation's guess. */
static bool table_guess(const AbShared *s, const Position *child, bool same_player, int *guess)
{
    TTEntry e;
    if (!tt_probe(s->tt, s->game->hash(child), &e))
        return false;
    int score = same_player ? e.score : -e.score;
    bool lower = same_player ? e.bound != TT_BOUND_UPPER : e.bound != TT_BOUND_LOWER;
    bool upper = same_player ? e.bound != TT_BOUND_LOWER : e.bound != TT_BOUND_UPPER;
    if (score >= SCORE_PROVEN && lower) {
        *guess = GUESS_WIN + 1;
        return true;
    }
    if (score <= -SCORE_PROVEN && upper) {
        *guess = -GUESS_WIN;
        return true;
    }
    return false;
}

/* A child's value to the player choosing it, by one look ahead. */
static int child_guess(const AbShared *s, const Position *pos, Move move, int mover)
{
    Position child = *pos;
    ab_play(s, &child, move);
    ChildKind kind = ab_child_kind(s, &child);
    int guess;
    if (kind == CHILD_GAME_OVER) {
        int result = ab_game_over_score(s->game, &child, mover, 1);
        return result > 0 ? GUESS_WIN + 1 : result < 0 ? -GUESS_WIN : 0;
    }
    if (table_guess(s, &child, kind == CHILD_SAME_PLAYER, &guess))
        return guess;
    return kind == CHILD_SAME_PLAYER ? ab_ordering_eval(s->game, &child) : -ab_ordering_eval(s->game, &child);
}

void ab_order_children(AbWorker *w, const Position *pos, AbChildList *list, Move tt_move,
                       int ply, int depth)
{
    const AbShared *s = w->shared;
    int mover = s->game->side_to_move(pos);
    bool by_eval = depth >= s->settings->eval_order_depth;
    for (int i = 0; i < list->count; i++) {
        AbChild *c = &list->child[i];
        if (c->move == tt_move)
            c->order = AB_ORDER_TT_MOVE;
        else if (c->move == w->killers[ply][0])
            c->order = AB_ORDER_KILLER + 1;
        else if (c->move == w->killers[ply][1])
            c->order = AB_ORDER_KILLER;
        else {
            int history = w->history[mover][ab_history_slot(c->move)];
            if (by_eval && ab_charge(w, 1))
                return; /* the caller sees w->stopped */
            c->order = by_eval ? child_guess(s, pos, c->move, mover) * 16 + history / 64 : history;
        }
    }
}

void ab_pick_child(AbChildList *list, int from)
{
    int best = from;
    for (int i = from + 1; i < list->count; i++)
        if (list->child[i].order > list->child[best].order)
            best = i;
    if (best != from) {
        AbChild t = list->child[from];
        list->child[from] = list->child[best];
        list->child[best] = t;
    }
}
