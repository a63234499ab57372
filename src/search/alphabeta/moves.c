/*
 * alphabeta/moves.c - the children of a node and the order they are searched in.
 *
 * Whole-turn lists are bounded: a Qawale tall stack has millions of
 * sowings and most of them give the same board, so once a list grows past
 * a few dozen moves its children are told apart by the resulting hash, and
 * the stream is cut when the list is full or too many moves went by.
 * A game that hands each child's hash over with the move (Qawale) spares
 * the play per child that telling them apart costs otherwise.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "nn/evaluation.h"
#include "nn/policy_head.h"

#include "search/alphabeta/clock.h"
#include "search/alphabeta/position.h"

#define DEDUPE_FROM 64        /* lists this long start comparing children */
#define SEEN_SLOTS 1024       /* open-addressing set of child hashes, > AB_MAX_CHILDREN */
#define STREAM_LIMIT 50000    /* moves looked at before the list is declared cut */

typedef struct {
    MoveSink sink;
    HashedMoveSink hashed_sink;
    const AbShared *shared;
    AbWorker *worker; /* charged per move streamed; NULL: never cut */
    const Position *pos;
    AbChildList *list;
    uint64_t seen[SEEN_SLOTS]; /* child hashes, 0 = free */
    bool hashed; /* the game hands each child's hash over (kept in list->key) */
    bool deduping;
    long streamed;
} Collector;

/* 0 marks a free slot of the set. */
static uint64_t set_key(uint64_t h) { return h ? h : 1; }

static uint64_t child_hash(const Collector *c, Move move)
{
    Position child = *c->pos;
    c->shared->game->play(&child, move);
    return set_key(c->shared->game->hash(&child));
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
        if (remember(c, c->hashed ? list->key[i] : child_hash(c, list->child[i].move))) {
            list->key[kept] = list->key[i];
            list->child[kept++] = list->child[i];
        }
    list->count = kept;
}

/* One move of the stream; known_hash is its child's set key when c->hashed. */
static bool take(Collector *c, Move move, uint64_t known_hash)
{
    AbChildList *list = c->list;
    if (++c->streamed > STREAM_LIMIT || (c->worker && ab_charge(c->worker, 1))) {
        list->truncated = true;
        return false;
    }
    if (!c->deduping && list->count == DEDUPE_FROM)
        start_deduping(c);
    if (c->deduping && !remember(c, c->hashed ? known_hash : child_hash(c, move)))
        return true;
    if (list->count == AB_MAX_CHILDREN) {
        list->truncated = true;
        return false;
    }
    list->key[list->count] = known_hash;
    list->child[list->count++] = (AbChild){move, 0};
    return true;
}

static bool collect(MoveSink *sink, Move move) { return take((Collector *)sink, move, 0); }

static bool collect_hashed(HashedMoveSink *sink, Move move, uint64_t child_hash)
{
    Collector *c = (Collector *)(void *)((char *)sink - offsetof(Collector, hashed_sink));
    return take(c, move, set_key(child_hash));
}

void ab_list_children(const AbShared *s, AbWorker *w, const Position *pos, AbChildList *list)
{
    list->count = 0;
    list->truncated = false;
    list->keys_known = false;
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
    c.hashed_sink.emit = collect_hashed;
    c.shared = s;
    c.worker = w;
    c.pos = pos;
    c.list = list;
    c.hashed = s->game->generate_hashed_moves != NULL;
    list->keys_known = c.hashed;
    c.deduping = false;
    c.streamed = 0;
    if (c.hashed)
        s->game->generate_hashed_moves(pos, &c.hashed_sink);
    else
        s->game->generate_moves(pos, &c.sink);
}

static bool stage_if_legal(const Game *g, const Position *pos, Move move, int order, AbChild *first,
                           int *staged)
{
    if (move == MOVE_NONE || ab_was_staged(first, *staged, move) || !g->move_is_legal(pos, move))
        return false;
    first[(*staged)++] = (AbChild){move, order};
    return true;
}

int ab_stage_first(const AbWorker *w, const Position *pos, Move tt_move, int ply, int depth,
                   AbChild first[AB_MAX_STAGED])
{
    const AbShared *s = w->shared;
    const Game *g = s->game;
    int staged = 0;
    if (ply == 0 || s->steps || !g->move_is_legal)
        return 0;
    stage_if_legal(g, pos, tt_move, AB_ORDER_TT_MOVE, first, &staged);
    if (depth < s->settings->eval_order_depth) {
        stage_if_legal(g, pos, w->killers[ply][0], AB_ORDER_KILLER + 1, first, &staged);
        stage_if_legal(g, pos, w->killers[ply][1], AB_ORDER_KILLER, first, &staged);
    }
    return staged;
}

bool ab_was_staged(const AbChild *first, int staged, Move move)
{
    for (int i = 0; i < staged; i++)
        if (first[i].move == move)
            return true;
    return false;
}

uint64_t ab_history_slot(Move move) { return (move * 0x9E3779B97F4A7C15ULL) >> (64 - AB_HISTORY_BITS); }

#define GUESS_WIN (AB_ORDER_KILLER / 16) /* x 16 reaches the killers' keys */

/* What the table knows of a child, as a guess for the player choosing it:
 * a proven result first of all (a proven win sorts first, so the search
 * cuts off at once, like an enhanced transposition cutoff), else the
 * stored score when it is at least as good as the evaluation's guess. */
static bool table_guess(const AbShared *s, uint64_t child_key, bool same_player, int *guess)
{
    TTEntry e;
    if (!tt_probe(s->tt, child_key, &e))
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

/* Children past AbEvalOrderWidth go below every evaluated
 * one (whose keys are at least -EVAL_BOUND * 16 - 256), above proven losses. */
#define UNEVALUATED_BAND (-(EVAL_BOUND * 16 + 512))
_Static_assert(UNEVALUATED_BAND - 256 > -GUESS_WIN * 16, "the band must stay above proven losses");

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
    /* The child's table entry is fetched while it is evaluated: the
     * probe, the node's one random access, missed the cache most times. */
    const uint64_t key = s->game->hash(&child);
    tt_prefetch(s->tt, key);
    const int eval = ab_ordering_eval(s->game, &child);
    if (table_guess(s, key, kind == CHILD_SAME_PLAYER, &guess))
        return guess;
    return kind == CHILD_SAME_PLAYER ? eval : -eval;
}

/* The policy head's priors of the list's children, as order keys in the
 * evaluations' units (log-prior x 100, a hundredth of a logit as a
 * centi-unit); false where no head covers pos. */
static bool policy_keys(const AbShared *s, const Position *pos, const AbChildList *list, int *keys)
{
    int entries[AB_MAX_CHILDREN];
    float priors[AB_MAX_CHILDREN], acc[NN_MAX_HIDDEN];
    const Network *head = evaluation_policy_head(s->game, pos, acc);
    if (!head)
        return false;
    for (int i = 0; i < list->count; i++)
        entries[i] = s->game->policy_index(pos, list->child[i].move);
    nn_policy_priors_of(head, acc, entries, list->count, 1.0f, priors);
    for (int i = 0; i < list->count; i++)
        keys[i] = (int)lroundf(logf(fmaxf(priors[i], 1e-30f)) * 100.0f);
    return true;
}

void ab_order_children(AbWorker *w, const Position *pos, AbChildList *list, Move tt_move,
                       int ply, int depth)
{
    const AbShared *s = w->shared;
    int mover = s->game->side_to_move(pos);
    list->heap_next = -1; /* new keys: the picks start over */
    bool by_eval = depth >= s->settings->eval_order_depth;
    int policy[AB_MAX_CHILDREN];
    const bool by_policy = by_eval && s->settings->policy_order && list->count > 0 && policy_keys(s, pos, list, policy);
    const int width = s->settings->eval_order_width;
    if (by_eval && list->keys_known)
        for (int i = 0; i < list->count; i++)
            tt_prefetch(s->tt, list->key[i]);
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
            if (by_policy) {
                c->order = policy[i] * 16 + history / 64;
                continue;
            }
            if (!by_eval || (width && i >= width)) {
                c->order = by_eval ? UNEVALUATED_BAND + history / 64 : history;
                continue;
            }
            if (ab_charge(w, 1))
                return; /* the caller sees w->stopped */
            c->order = child_guess(s, pos, c->move, mover) * 16 + history / 64;
        }
    }
}

/* Picking is a selection sort run lazily, since most nodes cut after a
 * child or two.  A node that goes on (an all node searches up to 256
 * children) would rescan the rest for every pick, so from PICK_HEAP_FROM on
 * the unpicked children sit in a binary heap keyed the same way (order,
 * then position), which makes the very same picks and swaps: the bench's
 * node counts hold it. */
#define PICK_HEAP_FROM 3

static void swap_children(AbChildList *list, int a, int b)
{
    AbChild t = list->child[a];
    list->child[a] = list->child[b];
    list->child[b] = t;
}

/* A heap entry: the child's order, then its position backwards, so that
 * a greater key is picked before (a higher order, or the same one at an
 * earlier position); compared without looking the children up. */
static int64_t heap_key(int order, int position) { return (int64_t)order * 256 + (255 - position); }

static int position_of(int64_t key) { return 255 - (int)(key & 255); }

static void heap_put(AbChildList *list, int slot, int64_t key)
{
    list->heap[slot] = key;
    list->slot_of[position_of(key)] = (uint8_t)slot;
}

/* The greater kid chosen by arithmetic, not a branch: which one wins is
 * a coin toss the processor would mispredict half the time. */
static void sift_down(AbChildList *list, int slot)
{
    const int64_t key = list->heap[slot];
    const int size = list->heap_size;
    for (int kid = 2 * slot + 1; kid < size; slot = kid, kid = 2 * slot + 1) {
        int64_t best = list->heap[kid];
        if (kid + 1 < size) {
            const int64_t right = list->heap[kid + 1];
            const int take_right = right > best;
            kid += take_right;
            best = take_right ? right : best;
        }
        if (best <= key)
            break;
        heap_put(list, slot, best);
    }
    heap_put(list, slot, key);
}

static void build_heap(AbChildList *list, int from)
{
    list->heap_size = list->count - from;
    for (int slot = 0; slot < list->heap_size; slot++)
        heap_put(list, slot, heap_key(list->child[from + slot].order, from + slot));
    for (int slot = list->heap_size / 2 - 1; slot >= 0; slot--)
        sift_down(list, slot);
}

/* The heap's best goes to from; the child that stood there takes its
 * place, a later position with the same order, so it can only sink. */
static void pick_from_heap(AbChildList *list, int from)
{
    const int best = position_of(list->heap[0]);
    if (--list->heap_size > 0) {
        heap_put(list, 0, list->heap[list->heap_size]);
        sift_down(list, 0);
    }
    if (best != from) {
        const int slot = list->slot_of[from];
        swap_children(list, from, best);
        heap_put(list, slot, heap_key(list->child[best].order, best));
        sift_down(list, slot);
    }
    list->heap_next = from + 1;
}

void ab_pick_child(AbChildList *list, int from)
{
    if (from == PICK_HEAP_FROM && list->heap_next != from) {
        build_heap(list, from);
        list->heap_next = from;
    }
    if (from >= PICK_HEAP_FROM && list->heap_next == from) {
        pick_from_heap(list, from);
        return;
    }
    int best = from;
    for (int i = from + 1; i < list->count; i++)
        if (list->child[i].order > list->child[best].order)
            best = i;
    if (best != from)
        swap_children(list, from, best);
}
