/* mcts/select.c - UCT selection, the final choice, and MCTS-Solver proofs. */
#include "search/mcts/select.h"

#include <math.h>


static double mean_of(uint32_t visits, uint64_t reward)
{
    return visits == 0 ? 0.5 : (double)reward / ((double)visits * REWARD_ONE);
}

double node_mean(const Node *node)
{
    return mean_of(atomic_load_explicit(&node->visits, memory_order_relaxed),
                   atomic_load_explicit(&node->reward, memory_order_relaxed));
}

/* Progressive widening: children are best-first, so opening them as the
 * visits grow spends the first playouts on the likely moves. */
static int open_children(const Node *node, uint32_t visits, const MctsParams *params)
{
    if (params->widen_percent == 0)
        return node->child_count;
    double open = params->widen_base * pow((double)visits + 1, params->widen_percent / 100.0);
    return open >= node->child_count ? node->child_count : (int)open;
}

/* A child's backed-up evaluation, or unknown's stand-in where the child
 * has none yet (listed by the policy, not yet reached). */
static double minimax_or(const Node *child, double unknown)
{
    const float m = atomic_load_explicit(&child->minimax, memory_order_relaxed);
    return m == MINIMAX_UNKNOWN ? unknown : m;
}

/* What the actor expects from a visited child: its playouts, mixed with
 * the backed-up evaluation when implicit minimax is on. */
static double child_value(const Node *child, double mean, double mix)
{
    return mix > 0 ? (1 - mix) * mean + mix * minimax_or(child, mean) : mean;
}

/* PUCT's Q for an unproven (or drawn) child with these counts. */
static double open_q(const Node *child, int kind, uint32_t visits, uint64_t reward, double mix)
{
    if (kind == PROOF_DRAW)
        return 0.5;
    return visits == 0 ? minimax_or(child, 0.5) : child_value(child, mean_of(visits, reward), mix);
}

/* What an untried child of node that no evaluation has valued yet counts
 * as (first-play urgency): node's playout mean for the player choosing
 * there, less MctsFpuReduction, so that the policy's favourites are tried
 * first and the others once the tried ones disappoint.  The mean, not the
 * minimax value: that one is the best of the few children tried so far,
 * and along a narrow line of favourites it swings from one extreme to the
 * other, shutting the alternatives out (a Qawale search of 5000 playouts
 * scored -4315 centi-units that way, where every other setting said -80
 * to -550).  The root keeps no reward (no one chose it), so its untried
 * children count as wins there: each is tried once, as when every child
 * was evaluated on expansion. */
static double first_play_value(const Node *node, const MctsParams *params)
{
    const double mean = node_mean(node);
    const double chooser = node->turn_ends ? 1 - mean : mean;
    return chooser - params->fpu_reduction / 100.0;
}

double child_q(const Node *child, const MctsParams *params)
{
    int kind = proof_kind(atomic_load_explicit(&child->proof, memory_order_relaxed));
    if (kind == PROOF_WIN || kind == PROOF_LOSS)
        return kind == PROOF_WIN ? 1 : 0;
    return open_q(child, kind, atomic_load_explicit(&child->visits, memory_order_relaxed),
                  atomic_load_explicit(&child->reward, memory_order_relaxed), params->minimax_mix / 100.0);
}

/* The thread's own counts for the first *hot children of node: those
 * of its block that lie at the top of the tree (none on one thread). */
static const LocalCounts *own_counts(const LocalStats *local, const Node *node, int *hot)
{
    *hot = 0;
    if (!local || node->first_child >= LOCAL_STAT_NODES)
        return NULL;
    uint32_t room = LOCAL_STAT_NODES - node->first_child;
    *hot = room < node->child_count ? (int)room : node->child_count;
    return &local->counts[node->first_child];
}

/* Selection's score for a child proven won: taken at once, unless the
 * search is settling other lines, where it is settled and comes just above
 * the lost ones (taken only when every child is proven). */
#define SETTLED_WIN_SCORE (-0.5)

int select_child(const NodePool *pool, const Node *node, const MctsParams *params, const LocalStats *local,
                 bool settle_lines)
{
    uint32_t parent_visits = seen_visits(local, pool, node);
    int open = open_children(node, parent_visits, params), hot;
    const LocalCounts *own = own_counts(local, node, &hot);
    bool puct = params->puct;
    /* One of the two, per formula: log was a few percent of a playout. */
    double parent = (double)(parent_visits > 1 ? parent_visits : 1);
    double log_parent = puct ? 0 : log(parent), sqrt_parent = puct ? sqrt(parent) : 0;
    double c = params->exploration / 100.0, mix = params->minimax_mix / 100.0;
    /* Only a policy's listing leaves children unvalued (or a tree kept
     * from such a search): the others need not pay for the mean. */
    const double unvalued = params->policy ? first_play_value(node, params) : 0.5;
    int best = -1;
    double best_score = -INFINITY;
    for (int i = 0; i < open; i++) {
        const Node *child = node_child(pool, node, i);
        int kind = proof_kind(atomic_load_explicit(&child->proof, memory_order_relaxed));
        if (kind == PROOF_WIN && !settle_lines)
            return i;
        uint32_t v = atomic_load_explicit(&child->visits, memory_order_relaxed) + (i < hot ? own[i].visits : 0);
        double score;
        if (kind == PROOF_WIN)
            score = SETTLED_WIN_SCORE;
        else if (kind == PROOF_LOSS)
            score = -1.0; /* only when everything else is lost too */
        else if (kind == PROOF_DRAW)
            score = puct ? 0.5 + c * (child->prior / (double)PRIOR_ONE) * sqrt_parent / (1.0 + v)
                  : v == 0 ? 1e9 - i
                           : 0.5 + c * sqrt(log_parent / v);
        else if (v == 0)
            /* PUCT: an untried child is worth its evaluation until tried;
             * UCT: untried children first, in prior order. */
            score = puct ? minimax_or(child, unvalued) + c * (child->prior / (double)PRIOR_ONE) * sqrt_parent : 1e9 - i;
        else {
            uint64_t r = atomic_load_explicit(&child->reward, memory_order_relaxed) + (i < hot ? own[i].reward : 0);
            double explore = puct ? c * (child->prior / (double)PRIOR_ONE) * sqrt_parent / (1.0 + v)
                                  : c * sqrt(log_parent / v);
            score = child_value(child, mean_of(v, r), mix) + explore;
        }
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return best;
}

/* A child's backed-up evaluation for the actor, proofs as the extremes. */
static float child_minimax(const Node *child)
{
    switch (proof_kind(atomic_load_explicit(&child->proof, memory_order_relaxed))) {
    case PROOF_WIN:
        return 1;
    case PROOF_LOSS:
        return 0;
    case PROOF_DRAW:
        return 0.5f;
    default:
        return atomic_load_explicit(&child->minimax, memory_order_relaxed);
    }
}

bool update_minimax(const NodePool *pool, Node *node)
{
    if (atomic_load_explicit(&node->state, memory_order_acquire) != NODE_EXPANDED || node->child_count == 0)
        return false;
    float best = MINIMAX_UNKNOWN;
    for (int i = 0; i < node->child_count; i++) {
        float v = child_minimax(node_child(pool, node, i));
        if (v > best)
            best = v;
    }
    if (best == MINIMAX_UNKNOWN)
        return false; /* no child valued yet */
    float value = node->turn_ends ? 1 - best : best;
    if (atomic_load_explicit(&node->minimax, memory_order_relaxed) == value)
        return false;
    atomic_store_explicit(&node->minimax, value, memory_order_relaxed);
    return true;
}

int final_child(const NodePool *pool, const Node *node)
{
    int best = -1, best_win = -1, best_loss = -1;
    int win_turns = 0, loss_turns = 0;
    uint32_t best_visits = 0;
    double best_mean = -1;
    for (int i = 0; i < node->child_count; i++) {
        const Node *child = node_child(pool, node, i);
        uint32_t proof = atomic_load(&child->proof);
        int kind = proof_kind(proof), turns = proof_turns(proof);
        if (kind == PROOF_WIN) {
            if (best_win < 0 || turns < win_turns)
                best_win = i, win_turns = turns;
            continue;
        }
        if (kind == PROOF_LOSS) {
            if (best_loss < 0 || turns > loss_turns)
                best_loss = i, loss_turns = turns;
            continue;
        }
        uint32_t v = atomic_load(&child->visits);
        double mean = kind == PROOF_DRAW ? 0.5 : node_mean(child);
        if (best < 0 || v > best_visits || (v == best_visits && mean > best_mean))
            best = i, best_visits = v, best_mean = mean;
    }
    return best_win >= 0 ? best_win : best >= 0 ? best : best_loss;
}

static int flip_kind(int kind)
{
    return kind == PROOF_WIN ? PROOF_LOSS : kind == PROOF_LOSS ? PROOF_WIN : kind;
}

uint32_t proof_for_actor(const Node *node)
{
    uint32_t proof = atomic_load(&node->proof);
    int kind = proof_kind(proof);
    if (kind == PROOF_NONE)
        return proof;
    return node->turn_ends ? make_proof(flip_kind(kind), proof_turns(proof) - 1) : proof;
}

/* The actor's best proven result among the children, or PROOF_NONE while
 * an unproven child (or a child left out of the list) could still do better. */
static uint32_t children_verdict(const NodePool *pool, const Node *node)
{
    bool all_proven = node->complete;
    int win = -1, draw = -1, loss = -1;
    for (int i = 0; i < node->child_count; i++) {
        uint32_t proof = atomic_load(&node_child(pool, node, i)->proof);
        int kind = proof_kind(proof), turns = proof_turns(proof);
        if (kind == PROOF_WIN && (win < 0 || turns < win))
            win = turns;
        else if (kind == PROOF_DRAW && turns > draw)
            draw = turns;
        else if (kind == PROOF_LOSS && turns > loss)
            loss = turns;
        else if (kind == PROOF_NONE)
            all_proven = false;
    }
    if (win >= 0)
        return make_proof(PROOF_WIN, win);
    if (!all_proven)
        return PROOF_NONE;
    return draw >= 0 ? make_proof(PROOF_DRAW, draw) : make_proof(PROOF_LOSS, loss);
}

bool try_prove(const NodePool *pool, Node *node)
{
    if (proof_kind(atomic_load(&node->proof)) != PROOF_NONE)
        return true;
    if (atomic_load_explicit(&node->state, memory_order_acquire) != NODE_EXPANDED)
        return false;
    uint32_t verdict = children_verdict(pool, node);
    if (proof_kind(verdict) == PROOF_NONE)
        return false;
    /* The children speak for the player acting here; the node's own proof
     * is for its mover, the same player only inside a turn. */
    int kind = proof_kind(verdict), turns = proof_turns(verdict);
    if (node->turn_ends)
        kind = flip_kind(kind), turns++;
    atomic_store(&node->proof, make_proof(kind, turns));
    return true;
}
