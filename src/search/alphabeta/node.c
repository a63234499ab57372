/*
 * alphabeta/node.c - the negamax itself: principal variation search with a
 * transposition table, killers, history and late move reductions.
 *
 * Scores are fail-soft and every score outside +-SCORE_PROVEN comes from
 * finished games only (evaluations stay within +-EVAL_BOUND and nothing
 * prunes unsoundly), so a proven score found at any depth is a real proof
 * and is stored as such.
 */
#include "search/alphabeta/clock.h"
#include "search/alphabeta/position.h"

/* Proven scores are stored relative to the node, so that a transposition
 * reached after a different number of turns reads its own distance. */
static int score_to_tt(int score, int turns)
{
    return score >= SCORE_PROVEN ? score + turns : score <= -SCORE_PROVEN ? score - turns : score;
}

static int score_from_tt(int score, int turns)
{
    return score >= SCORE_PROVEN ? score - turns : score <= -SCORE_PROVEN ? score + turns : score;
}

static bool tt_cuts(const TTEntry *e, int depth, int alpha, int beta, int score)
{
    if (e->depth < depth)
        return false;
    return e->bound == TT_BOUND_EXACT || (e->bound == TT_BOUND_LOWER && score >= beta) ||
           (e->bound == TT_BOUND_UPPER && score <= alpha);
}

static void update_pv(AbWorker *w, int ply, Move move)
{
    Move *row = w->pv[ply];
    const Move *below = w->pv[ply + 1];
    int n = w->pv_length[ply + 1];
    if (n > AB_PV_MAX - 1)
        n = AB_PV_MAX - 1;
    row[0] = move;
    for (int i = 0; i < n; i++)
        row[i + 1] = below[i];
    w->pv_length[ply] = n + 1;
}

static void add_history(int16_t *slot, int bonus)
{
    int h = *slot;
    h += bonus - h * (bonus < 0 ? -bonus : bonus) / AB_HISTORY_MAX;
    *slot = (int16_t)h;
}

/* A quiet cutoff: remember the move as a killer and credit its history,
 * debiting the children tried before it (the `before` first of tried). */
static void reward_cutoff(AbWorker *w, int mover, int ply, int depth, Move move, const AbChild *tried,
                          int before)
{
    if (w->killers[ply][0] != move) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = move;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    add_history(&w->history[mover][ab_history_slot(move)], bonus);
    for (int i = 0; i < before; i++)
        add_history(&w->history[mover][ab_history_slot(tried[i].move)], -bonus);
}

/* The child's score from the view of the player acting at the parent. */
static int child_score(AbWorker *w, const Position *child, ChildKind kind, int alpha, int beta, int depth,
                       int ply, int turns, bool pv_node)
{
    if (kind == CHILD_SAME_PLAYER)
        return ab_search(w, child, alpha, beta, depth, ply + 1, turns, pv_node);
    return -ab_search(w, child, -beta, -alpha, depth, ply + 1, turns + 1, pv_node);
}

static int reduction(const AbSettings *settings, int depth, int index, int order)
{
    if (settings->late_move_reduction <= 0 || depth < settings->reduction_depth ||
        index < settings->reduction_index || order >= AB_ORDER_KILLER)
        return 0;
    int r = settings->late_move_reduction + (index >= settings->reduction_late_index && depth >= 6);
    return r < depth - 1 ? r : depth - 2;
}

/* MultiPV ranks the root's moves by their scores: a root move reduced
 * was searched less deep than the others, and one that its reduced
 * search undervalued was never searched again to show it was better
 * (Qawale at depth 4: line 1 scored 291 and line 3, that move searched
 * whole, 323).  So with several lines no root move is reduced, and each
 * line's score is its move's own at the depth searched. */
static bool root_moves_ranked(const AbShared *s, int ply) { return ply == 0 && search_line_count(s->job) > 1; }

/* A node's window and what its children gave so far. */
typedef struct {
    const Position *pos;
    int alpha, beta, depth, ply, turns, mover;
    bool pv_node;
    int best;
    Move best_move;
} Node;

/* Searches the child tried index-th at the node: the first with the full
 * window, the others with a null window first, late quiet ones reduced.
 * True when it cuts the node off; the caller looks at w->stopped. */
static bool try_child(AbWorker *w, Node *n, Move move, int order, int index)
{
    const AbShared *s = w->shared;
    Position child = *n->pos;
    ab_play(s, &child, move);
    ChildKind kind = ab_child_kind(s, &child);
    int score, alpha = n->alpha, depth = n->depth, ply = n->ply, turns = n->turns;
    if (kind == CHILD_GAME_OVER) {
        score = ab_game_over_score(s->game, &child, n->mover, turns + 1);
        w->pv_length[ply + 1] = 0;
    } else if (index == 0) {
        score = child_score(w, &child, kind, alpha, n->beta, depth - 1, ply, turns, n->pv_node);
    } else {
        int r = root_moves_ranked(s, ply) ? 0 : reduction(s->settings, depth, index, order);
        score = child_score(w, &child, kind, alpha, alpha + 1, depth - 1 - r, ply, turns, false);
        if (score > alpha && r > 0)
            score = child_score(w, &child, kind, alpha, alpha + 1, depth - 1, ply, turns, false);
        /* A null window's fail-high is only a bound: inside a wider
         * window it is searched again with that window.  Only PV nodes
         * get one from the search itself, but a caller may pass any. */
        if (score > alpha && score < n->beta)
            score = child_score(w, &child, kind, alpha, n->beta, depth - 1, ply, turns, n->pv_node);
    }
    if (w->stopped || score <= n->best)
        return false;
    n->best = score;
    n->best_move = move;
    if (score <= alpha)
        return false;
    n->alpha = score;
    update_pv(w, ply, move);
    if (ply == 0)
        w->root_score = score;
    return score >= n->beta;
}

/* The children of a node that another thread was searching when this one
 * came to them, by their index in the node's loop (staged ones negative:
 * a child list's positions below the next pick never move). */
typedef struct {
    bool on; /* several threads, and the node deep enough (AB_DEFER_DEPTH) */
    uint64_t node_key;
    int count;
    int16_t index[AB_MAX_STAGED + AB_MAX_CHILDREN];
} Deferred;

static bool defer_if_busy(const AbShared *s, Deferred *d, Move move, int index)
{
    if (!d->on || !ab_defer_is_busy(s, ab_defer_key(d->node_key, move)))
        return false;
    d->index[d->count++] = (int16_t)index;
    return true;
}

/* try_child, with the move marked busy for other threads meanwhile. */
static bool try_child_marked(AbWorker *w, Node *n, const Deferred *d, AbChild child, int index)
{
    if (!d->on)
        return try_child(w, n, child.move, child.order, index);
    const uint64_t move_key = ab_defer_key(d->node_key, child.move);
    ab_defer_mark(w->shared, move_key);
    bool cut = try_child(w, n, child.move, child.order, index);
    ab_defer_unmark(w->shared, move_key);
    return cut;
}

static void store_result(AbWorker *w, uint64_t key, Move move, int best, int alpha0, int beta, int depth,
                         int turns)
{
    int bound = best >= beta ? TT_BOUND_LOWER : best > alpha0 ? TT_BOUND_EXACT : TT_BOUND_UPPER;
    /* A win found is a proof at any depth, as is a loss against every move. */
    if (best >= SCORE_PROVEN && bound != TT_BOUND_UPPER) {
        bound = TT_BOUND_LOWER;
        depth = TT_DEPTH_PROVEN;
    } else if (best <= -SCORE_PROVEN && bound != TT_BOUND_LOWER) {
        bound = TT_BOUND_UPPER;
        depth = TT_DEPTH_PROVEN;
    }
    tt_store(w->shared->tt, key, move, score_to_tt(best, turns), depth, bound);
}

/* MultiPV: the root moves of the lines already found are left out. */
static void leave_out_excluded(const AbWorker *w, AbChildList *list)
{
    int kept = 0;
    for (int i = 0; i < list->count; i++) {
        bool excluded = false;
        for (int k = 0; k < w->excluded_count; k++)
            excluded |= list->child[i].move == w->excluded[k];
        if (!excluded)
            list->child[kept++] = list->child[i];
    }
    list->count = kept;
    list->keys_known = false; /* the hashes were not moved along */
}

/* The root's children under `go searchmoves`: the turns named, no more. */
static void list_root_moves(const SearchJob *job, AbChildList *list)
{
    list->count = job->root_move_count;
    list->truncated = false;
    list->keys_known = false;
    for (int i = 0; i < list->count; i++)
        list->child[i] = (AbChild){job->root_moves[i], 0};
}

/* The node's children, listed and ordered; false when the search stopped. */
static bool list_node_children(AbWorker *w, const Position *pos, AbChildList *list, Move tt_move, int ply,
                               int depth)
{
    const AbShared *s = w->shared;
    if (ply == 0 && s->job->root_move_count > 0)
        list_root_moves(s->job, list);
    else
        ab_list_children(s, w, pos, list);
    if (ply == 0 && w->excluded_count > 0)
        leave_out_excluded(w, list);
    if (w->stopped)
        return false;
    if (list->count == 0)
        return true;
    ab_order_children(w, pos, list, tt_move, ply, depth);
    return !w->stopped;
}

int ab_search(AbWorker *w, const Position *pos, int alpha, int beta, int depth, int ply, int turns,
              bool pv_node)
{
    const AbShared *s = w->shared;
    const Game *g = s->game;
    w->pv_length[ply] = 0;
    nn_stack_enter(&w->nn_stack, ply, pos);
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (ab_out_of_time(w))
        return 0;
    if (depth <= 0 || ply >= AB_MAX_PLY - 1) {
        w->horizon_met = true;
        return ab_line_eval(w, pos, ply);
    }

    uint64_t key = g->hash(pos);
    TTEntry entry;
    Move tt_move = MOVE_NONE;
    if (tt_probe(s->tt, key, &entry)) {
        tt_move = entry.move;
        int score = score_from_tt(entry.score, turns);
        if (ply > 0 && (!pv_node || entry.depth == TT_DEPTH_PROVEN) && tt_cuts(&entry, depth, alpha, beta, score)) {
            w->horizon_met |= entry.depth != TT_DEPTH_PROVEN;
            return score;
        }
    }

    Node n = {pos, alpha, beta, depth, ply, turns, g->side_to_move(pos), pv_node, -SCORE_INFINITE, MOVE_NONE};
    /* Staged: the table's move and the killers go first (as children
     * -staged..-1), before the children are listed and ordered, which a
     * cutoff by one of them spares (Qawale lists ~180); one loop, so that
     * try_child is made inline. */
    AbChild first[AB_MAX_STAGED];
    const int staged = ab_stage_first(w, pos, tt_move, ply, depth, first);
    bool restricted_root = ply == 0 && (s->job->root_move_count > 0 || w->excluded_count > 0);
    AbChildList list;
    list.count = 0;
    list.truncated = false;
    Deferred deferred; /* its index array left as it is: most nodes defer nothing */
    deferred.on = s->busy_moves && depth >= AB_DEFER_DEPTH;
    deferred.node_key = key;
    deferred.count = 0;
    int tried = 0;
    bool listed = false, cut = false;
    for (int i = -staged; !listed || i < list.count; i++) {
        if (i == 0) { /* reached once: after the staged children, if any */
            listed = true;
            if (!list_node_children(w, pos, &list, tt_move, ply, depth))
                return 0;
            if (list.count == 0) {
                if (staged == 0)
                    return ab_line_eval(w, pos, ply);
                break;
            }
        }
        AbChild child;
        if (i < 0) {
            child = first[staged + i];
        } else {
            ab_pick_child(&list, i);
            child = list.child[i];
            if (ab_was_staged(first, staged, child.move))
                continue; /* searched already */
        }
        if (tried > 0 && defer_if_busy(s, &deferred, child.move, i))
            continue;
        cut = try_child_marked(w, &n, &deferred, child, tried++);
        if (w->stopped)
            return 0;
        if (cut) {
            if (i < 0)
                reward_cutoff(w, n.mover, ply, depth, child.move, first, staged + i);
            else
                reward_cutoff(w, n.mover, ply, depth, child.move, list.child, i);
            break;
        }
    }
    /* What other threads were searching, now that they may have stored it. */
    for (int k = 0; !cut && k < deferred.count; k++) {
        const int i = deferred.index[k];
        const AbChild child = i < 0 ? first[staged + i] : list.child[i];
        cut = try_child(w, &n, child.move, child.order, tried++);
        if (w->stopped)
            return 0;
        if (cut)
            reward_cutoff(w, n.mover, ply, depth, child.move, NULL, 0);
    }
    int best = n.best;
    /* A cut list proves nothing about the moves it left out. */
    if (list.truncated && best <= -SCORE_PROVEN)
        best = -EVAL_BOUND;
    /* A root restricted by searchmoves or MultiPV is not the position's value. */
    if (!restricted_root)
        store_result(w, key, n.best_move, best, alpha, beta, depth, turns);
    return best;
}
