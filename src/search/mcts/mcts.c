/*
 * mcts/mcts.c - the `mcts` backend: PUCT (or UCT) with implicit minimax backups
 * and MCTS-Solver over a fixed node pool.
 *
 * Each iteration walks from the root by PUCT (priors and minimax values
 * from the evaluation of each child), expands a leaf (a uniform,
 * deduplicated sample of its actions, best-first by the evaluation), plays a
 * random playout (optionally cut off to the evaluation) and backs the reward
 * up, flipping it at every change of player.  Proven results propagate up
 * and end the search when they reach the root.  Threads share the tree
 * (visits are counted on the way down, a virtual loss while a playout is in
 * flight).  The tree survives between searches for reuse.
 *
 * Threads meet as little as they can (issue 14): each claims its playouts
 * in batches and adds its counts to the shared ones once per batch (the
 * search's, and the visits and rewards of the top of the tree:
 * mcts/local_stats.h), takes nodes from a chunk of the pool of its own, and
 * what they write apart lives on cache lines apart.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/evaluation.h"
#include "search/backends.h"
#include "search/mate.h"
#include "search/proof/mate_shortening.h"
#include "search/mcts/mcts.h"
#include "search/mcts/actions.h"
#include "search/mcts/local_stats.h"
#include "search/mcts/params.h"
#include "search/mcts/playout.h"
#include "search/mcts/reuse.h"
#include "search/mcts/select.h"
#include "search/mcts/tree.h"
#include "search/thread_pool.h"
#include "search/timeman.h"
#include "util/clock.h"

#define MAX_PATH 1024
#define CACHE_LINE 64
/* Playouts a thread claims at a time.  A playout limit stays exact: a
 * claim never goes past it, so the threads together play exactly the
 * limit (unless the search ends otherwise first). */
#define PLAYOUT_BATCH 64
_Static_assert((uint64_t)PLAYOUT_BATCH * REWARD_ONE <= UINT32_MAX, "a batch's rewards fit LocalCounts");
#define REPORT_EVERY_MS 1000
/* A leaf becomes a node with children on its second visit: a first playout
 * is cheap, and most leaves are never visited again. */
#define EXPAND_VISITS 2
#define WORKER_STACK_BYTES (8u << 20) /* what a thread gets by default */

/* ---- one engine: its settings and the tree kept between searches ---- */

typedef struct {
    MctsParams params;
    NodePool pool;
    size_t pool_mb; /* the Hash the pool and the mate table were made for */
    MateTable mates; /* the mate shortening's: an eighth of Hash */
    const Game *tree_game;
    bool tree_steps;
    GameRecord tree_record; /* its current position is node 0 */
    bool tree_valid;
    MctsSummary last_summary;
    ThreadPool threads; /* parked between searches */
} MctsEngine;

static MctsEngine *mcts_engine(BackendEngine *engine) { return (MctsEngine *)engine; }

/* ---- one search ---- */

typedef struct {
    SearchJob *job;
    const Game *game;
    NodePool *pool;            /* the engine's */
    const MctsParams *params;  /* &resolved */
    MctsParams resolved;       /* the engine's, automatic MctsEvalScale and MctsPriorTemp made this root's */
    int prior_scale;           /* mcts_eval_scale of the priors' evaluation */
    bool steps;
    bool settle_lines; /* MultiPV: a proven root ends the search once the shown lines are proven */
    TimeManager tm;
    uint64_t playout_limit; /* 0: none */
    int64_t next_report_ms; /* the first worker's alone */
    /* Read by every thread at every playout, written once. */
    _Alignas(CACHE_LINE) atomic_bool done;
    /* Written by the threads, once per batch each. */
    _Alignas(CACHE_LINE) _Atomic uint64_t claimed;
    _Alignas(CACHE_LINE) _Atomic uint64_t playouts;
    _Atomic uint64_t depth_sum;
    _Atomic int max_depth;
} Search;

/* One thread's, on cache lines of its own: its generator's state and
 * scratch are written at every playout. */
typedef struct {
    _Alignas(CACHE_LINE) Search *search;
    ActionSource source;
    PoolChunk chunk;
    int index;
    LocalStats *local; /* &own_stats with other threads, else NULL */
    LocalStats own_stats; /* its counts at the top of the tree, not yet shared */
} Worker;

/* What one thread did since it last told the search. */
typedef struct {
    uint64_t playouts;
    uint64_t depth_sum;
    int max_depth;
} BatchCounts;

static void note_playout(BatchCounts *counts, int depth)
{
    counts->playouts++;
    counts->depth_sum += (uint64_t)depth;
    if (depth > counts->max_depth)
        counts->max_depth = depth;
}

static void flush_counts(Search *s, const BatchCounts *counts)
{
    atomic_fetch_add_explicit(&s->depth_sum, counts->depth_sum, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->playouts, counts->playouts, memory_order_relaxed);
    int seen = atomic_load_explicit(&s->max_depth, memory_order_relaxed);
    while (counts->max_depth > seen &&
           !atomic_compare_exchange_weak_explicit(&s->max_depth, &seen, counts->max_depth, memory_order_relaxed,
                                                  memory_order_relaxed)) {
    }
}

/* How many playouts this thread may play next: a batch, less where the
 * limit is closer, 0 once the limit is reached. */
static uint64_t claim_playouts(Search *s)
{
    uint64_t first = atomic_fetch_add_explicit(&s->claimed, PLAYOUT_BATCH, memory_order_relaxed);
    if (!s->playout_limit)
        return PLAYOUT_BATCH;
    if (first >= s->playout_limit)
        return 0;
    uint64_t left = s->playout_limit - first;
    return left < PLAYOUT_BATCH ? left : PLAYOUT_BATCH;
}

static uint32_t proof_reward(int kind)
{
    return kind == PROOF_WIN ? REWARD_ONE : kind == PROOF_LOSS ? 0 : REWARD_ONE / 2;
}

static void play_action(const Search *s, Position *pos, Move action)
{
    if (s->steps)
        s->game->play_step(pos, action);
    else
        s->game->play(pos, action);
}

/* Fresh children with their evaluations as minimax values (mapped with
 * scale) and a softmax of them as PUCT priors. */
static void set_priors(const MctsParams *params, int scale, const Candidate *cands, int count, Node *children)
{
    double temp = params->prior_temp, total = 0, top = cands[0].prior;
    for (int i = 1; i < count; i++)
        if (cands[i].prior > top)
            top = cands[i].prior;
    for (int i = 0; i < count; i++)
        total += exp((cands[i].prior - top) / temp);
    for (int i = 0; i < count; i++) {
        node_init(&children[i], cands[i].action, cands[i].turn_ends);
        children[i].prior = (uint16_t)lround(PRIOR_ONE * exp((cands[i].prior - top) / temp) / total);
        atomic_init(&children[i].minimax, (float)eval_reward(cands[i].prior, scale) / REWARD_ONE);
    }
}

/* Fresh children with the policy head's priors, their values unknown
 * until their first visits (first_visit_value), or with
 * MCTS_POLICY_PRIORS_ONLY their evaluations as set_priors gives them. */
static void set_policy_priors(const MctsParams *params, int scale, const Candidate *cands, int count, Node *children)
{
    const bool evaluated = params->policy == MCTS_POLICY_PRIORS_ONLY;
    for (int i = 0; i < count; i++) {
        node_init(&children[i], cands[i].action, cands[i].turn_ends);
        children[i].prior = (uint16_t)lround(PRIOR_ONE * (double)cands[i].policy);
        const float value = evaluated ? (float)eval_reward(cands[i].prior, scale) / REWARD_ONE : MINIMAX_UNKNOWN;
        atomic_init(&children[i].minimax, value);
    }
}

/* Gives node its children; false when another thread holds it, the pool is
 * full or the position offers nothing. */
static bool expand(Worker *w, Node *node, const Position *pos)
{
    NodePool *pool = w->search->pool;
    if (atomic_load_explicit(&pool->full, memory_order_relaxed))
        return false;
    uint8_t expected = NODE_LEAF;
    if (!atomic_compare_exchange_strong(&node->state, &expected, NODE_EXPANDING))
        return false;
    bool complete = true;
    const SearchJob *job = w->search->job;
    int count = node == &pool->nodes[0] && job->root_move_count > 0
                    ? list_given_children(&w->source, pos, job->root_moves, job->root_move_count)
                    : list_children(&w->source, pos, &complete);
    uint32_t first = count > 0 ? pool_take_from_chunk(pool, &w->chunk, (uint32_t)count) : UINT32_MAX;
    if (first == UINT32_MAX) {
        atomic_store(&node->state, NODE_LEAF);
        return false;
    }
    int chooser = w->search->game->side_to_move(pos);
    if (w->source.listed_by_policy)
        set_policy_priors(w->search->params, w->search->prior_scale, w->source.candidates, count, &pool->nodes[first]);
    else
        set_priors(w->search->params, w->search->prior_scale, w->source.candidates, count, &pool->nodes[first]);
    for (int i = 0; i < count; i++) {
        const Candidate *c = &w->source.candidates[i];
        Node *child = &pool->nodes[first + (uint32_t)i];
        if (c->outcome != OUTCOME_ONGOING) {
            uint32_t r = outcome_reward(c->outcome, chooser);
            int kind = r == REWARD_ONE ? PROOF_WIN : r == 0 ? PROOF_LOSS : PROOF_DRAW;
            atomic_store(&child->proof, make_proof(kind, 1));
        }
    }
    node->first_child = first;
    node->child_count = (uint16_t)count;
    node->complete = complete;
    atomic_store_explicit(&node->state, NODE_EXPANDED, memory_order_release);
    return true;
}

static void back_up(Worker *w, Node **path, int length, uint32_t reward)
{
    const Search *s = w->search;
    NodePool *pool = s->pool;
    for (int i = length - 1; i >= 1; i--) {
        count_reward(w->local, pool, path[i], reward);
        if (path[i]->turn_ends)
            reward = REWARD_ONE - reward;
    }
    /* Solver: a proof climbs as far as the rules allow. */
    for (int i = length - 2; i >= 0; i--)
        if (!try_prove(pool, path[i]))
            break;
    /* Implicit minimax: the new leaf's siblings may change the best value;
     * higher nodes only matter while it keeps changing. */
    if (s->params->minimax_mix > 0 || s->params->puct)
        for (int i = length - 2; i >= 0; i--)
            if (!update_minimax(pool, path[i]))
                break;
}

/* The leaf's reward for its mover: a proof, a terminal, or a playout. */
static uint32_t leaf_reward(Worker *w, Node *leaf, const Position *pos, int mover_colour)
{
    const Game *g = w->search->game;
    uint32_t proof = atomic_load(&leaf->proof);
    if (proof_kind(proof) != PROOF_NONE)
        return proof_reward(proof_kind(proof));
    Outcome o = g->outcome(pos);
    if (o != OUTCOME_ONGOING) {
        uint32_t r = outcome_reward(o, mover_colour);
        int kind = r == REWARD_ONE ? PROOF_WIN : r == 0 ? PROOF_LOSS : PROOF_DRAW;
        atomic_store(&leaf->proof, make_proof(kind, 1));
        return r;
    }
    return playout(&w->source, *pos, mover_colour, !leaf->turn_ends);
}

/* A child listed by the policy gets its evaluation, as its mover's
 * chance, when a playout first reaches it: the one evaluation that
 * listing its parent's children no longer made. */
static void first_visit_value(const Search *s, Node *leaf, const Position *pos)
{
    float unknown = MINIMAX_UNKNOWN;
    if (atomic_load_explicit(&leaf->minimax, memory_order_relaxed) != unknown ||
        s->game->outcome(pos) != OUTCOME_ONGOING)
        return;
    const int v = evaluate_position(s->game, pos);
    const float chance = (float)eval_reward(leaf->turn_ends ? -v : v, s->prior_scale) / REWARD_ONE;
    atomic_compare_exchange_strong(&leaf->minimax, &unknown, chance);
}

/* One playout from the root; returns its depth in the tree. */
static int iterate(Worker *w)
{
    Search *s = w->search;
    NodePool *pool = s->pool;
    Node *path[MAX_PATH];
    Position pos = s->job->record.current;
    Node *node = &pool->nodes[0];
    int length = 0, mover_colour = s->game->side_to_move(&pos);
    count_visit(w->local, pool, node);
    path[length++] = node;
    while (length < MAX_PATH) {
        if (length > 1 && proof_kind(atomic_load(&node->proof)) != PROOF_NONE)
            break;
        uint8_t state = atomic_load_explicit(&node->state, memory_order_acquire);
        if (state != NODE_EXPANDED) {
            bool ripe = length == 1 || seen_visits(w->local, pool, node) >= EXPAND_VISITS;
            if (state == NODE_EXPANDING || !ripe || s->game->outcome(&pos) != OUTCOME_ONGOING ||
                !expand(w, node, &pos))
                break;
        }
        int i = select_child(pool, node, s->params, w->local, length == 1 && s->settle_lines);
        if (i < 0)
            break;
        mover_colour = s->game->side_to_move(&pos);
        node = node_child(pool, node, i);
        play_action(s, &pos, node->action);
        count_visit(w->local, pool, node);
        path[length++] = node;
    }
    if (length > 1)
        first_visit_value(s, node, &pos);
    uint32_t reward = length > 1 ? leaf_reward(w, node, &pos, mover_colour) : REWARD_ONE / 2;
    back_up(w, path, length, reward);
    return length - 1;
}

/* ---- the principal variation and the move to play ---- */

/* Completes a turn outside the tree with the best-first step (only bestmove
 * ever needs this, after very short searches). */
static Move finish_turn(Worker *w, Position *pos, Move *steps, int count)
{
    const Game *g = w->search->game;
    while (count < 8 && g->outcome(pos) == OUTCOME_ONGOING && g->turn_in_progress(pos)) {
        bool complete;
        if (list_children(&w->source, pos, &complete) == 0)
            break;
        steps[count++] = w->source.candidates[0].action;
        g->play_step(pos, steps[count - 1]);
    }
    return g->join_steps(steps, count);
}

/* Whole turns along the final choices below node; stops at the edge of
 * the tree. */
static int line_below(const Search *s, const Node *node, Move *line, int capacity)
{
    const NodePool *pool = s->pool;
    Move steps[64];
    int length = 0, step_count = 0;
    while (length < capacity && atomic_load_explicit(&node->state, memory_order_acquire) == NODE_EXPANDED) {
        int i = final_child(pool, node);
        if (i < 0)
            break;
        node = node_child(pool, node, i);
        if (atomic_load(&node->visits) == 0 && proof_kind(atomic_load(&node->proof)) == PROOF_NONE)
            break;
        if (!s->steps) {
            line[length++] = node->action;
            continue;
        }
        if (step_count == 64)
            break;
        steps[step_count++] = node->action;
        if (node->turn_ends) {
            line[length++] = s->game->join_steps(steps, step_count);
            step_count = 0;
        }
    }
    return length;
}

static int principal_line(const Search *s, Move *line, int capacity)
{
    return line_below(s, &s->pool->nodes[0], line, capacity);
}

static Move best_move(Worker *w)
{
    Search *s = w->search;
    const NodePool *pool = s->pool;
    Position pos = s->job->record.current;
    const Node *node = &pool->nodes[0];
    Move steps[64];
    int count = 0;
    while (atomic_load_explicit(&node->state, memory_order_acquire) == NODE_EXPANDED && count < 64) {
        int i = final_child(pool, node);
        if (i < 0)
            break;
        node = node_child(pool, node, i);
        if (!s->steps)
            return node->action;
        steps[count++] = node->action;
        s->game->play_step(&pos, node->action);
        if (node->turn_ends)
            return s->game->join_steps(steps, count);
    }
    if (!s->steps)
        return MOVE_NONE; /* the searcher then plays the first legal move */
    return finish_turn(w, &pos, steps, count);
}

/* ---- reporting ---- */

/* A proof as a score on the SCORE_ scale: its whole turns of both players
 * to the end are plies there (mate.h turns them into `mate N`). */
static int proof_score(uint32_t proof)
{
    int kind = proof_kind(proof);
    if (kind != PROOF_WIN && kind != PROOF_LOSS)
        return 0;
    return score_of_proof(kind == PROOF_WIN, proof_turns(proof));
}

/* The largest score reported for an unproven root, well inside EVAL_BOUND:
 * a near-certain chance says "decided", not how decided. */
#define REPORTED_CP_MAX 9000

/* A win chance back to centi-units: the inverse of eval_reward's logistic. */
static int chance_to_cp(double chance, int eval_scale)
{
    if (chance <= 0.0005)
        return -REPORTED_CP_MAX;
    if (chance >= 0.9995)
        return REPORTED_CP_MAX;
    double cp = -eval_scale * log(1.0 / chance - 1.0);
    return cp > REPORTED_CP_MAX ? REPORTED_CP_MAX : cp < -REPORTED_CP_MAX ? -REPORTED_CP_MAX : (int)lround(cp);
}

/* The score the search believes: the root's best child valued as selection
 * values it (its mover is the side to move); 0 before the root expands. */
static int root_cp(const Search *s)
{
    const NodePool *pool = s->pool;
    const Node *root = &pool->nodes[0];
    if (atomic_load_explicit(&root->state, memory_order_acquire) != NODE_EXPANDED)
        return 0;
    int best = final_child(pool, root);
    return best < 0 ? 0 : chance_to_cp(child_q(node_child(pool, root, best), s->params), s->params->eval_scale);
}

/* What the search believes now: the line, the score (a proof's distance
 * once proven, on the SCORE_ scale) and the counts. */
static void snapshot(const Search *s, SearchResult *r)
{
    const NodePool *pool = s->pool;
    uint64_t playouts = atomic_load(&s->playouts);
    r->depth = playouts ? (int)(atomic_load(&s->depth_sum) / playouts) : 0;
    r->seldepth = atomic_load(&s->max_depth);
    r->nodes = playouts;
    r->hashfull = (int)((uint64_t)atomic_load(&pool->used) * 1000 / pool->capacity);
    if (r->hashfull > 1000)
        r->hashfull = 1000;
    uint32_t proof = proof_for_actor(&pool->nodes[0]);
    int kind = proof_kind(proof);
    r->score = kind == PROOF_WIN || kind == PROOF_LOSS ? proof_score(proof) : kind == PROOF_DRAW ? 0 : root_cp(s);
    r->mate_turns = mate_turns_of_score(r->score);
    r->draw_proven = kind == PROOF_DRAW;
    r->pv_length = principal_line(s, r->pv, MAX_REPORTED_PV);
}

/* ---- MultiPV: the most visited root children after the chosen one ---- */

/* A root child's value for the side to move: its proof (stored from the
 * chooser's view, in plies from the root) or its Q in centi-units. */
static int root_child_score(const Search *s, const Node *child)
{
    uint32_t proof = atomic_load(&child->proof);
    int kind = proof_kind(proof);
    if (kind == PROOF_WIN || kind == PROOF_LOSS)
        return proof_score(proof);
    if (kind == PROOF_DRAW)
        return 0;
    return chance_to_cp(child_q(child, s->params), s->params->eval_scale);
}

/* Where a root child's line ranks: proven wins first (the fastest
 * first), then the open and drawn ones, most visited first, then the
 * proven losses (the slowest first), as a player would list them. */
static bool ranks_before(const Node *a, const Node *b)
{
    uint32_t pa = atomic_load(&a->proof), pb = atomic_load(&b->proof);
    int ka = proof_kind(pa), kb = proof_kind(pb);
    int class_a = ka == PROOF_WIN ? 0 : ka == PROOF_LOSS ? 2 : 1;
    int class_b = kb == PROOF_WIN ? 0 : kb == PROOF_LOSS ? 2 : 1;
    if (class_a != class_b)
        return class_a < class_b;
    if (class_a == 0)
        return proof_turns(pa) < proof_turns(pb);
    if (class_a == 2)
        return proof_turns(pa) > proof_turns(pb);
    return atomic_load(&a->visits) > atomic_load(&b->visits);
}

/* Root children other than the chosen one, best ranked first. */
static int runners_up(const Search *s, int chosen, int *order, int capacity)
{
    const NodePool *pool = s->pool;
    const Node *root = &pool->nodes[0];
    int count = 0;
    for (int i = 0; i < root->child_count; i++) {
        if (i == chosen)
            continue;
        const Node *child = node_child(pool, root, i);
        int at = count < capacity ? count++ : capacity;
        while (at > 0 && ranks_before(child, node_child(pool, root, order[at - 1]))) {
            if (at < capacity)
                order[at] = order[at - 1];
            at--;
        }
        if (at < capacity)
            order[at] = i;
    }
    return count;
}

/* Lines 2..N, after line 1 (the result) was reported: each a root child
 * with its value and the line below it; the counts are line 1's. */
static void report_other_lines(const Search *s, const SearchResult *first)
{
    int lines = search_line_count(s->job);
    const Node *root = &s->pool->nodes[0];
    if (lines < 2 || atomic_load_explicit(&root->state, memory_order_acquire) != NODE_EXPANDED)
        return;
    int order[SEARCH_MAX_MULTIPV];
    int count = runners_up(s, final_child(s->pool, root), order, lines - 1);
    for (int k = 0; k < count; k++) {
        const Node *child = node_child(s->pool, root, order[k]);
        SearchResult line = *first;
        line.score = root_child_score(s, child);
        line.mate_turns = mate_turns_of_score(line.score);
        line.draw_proven = proof_kind(atomic_load(&child->proof)) == PROOF_DRAW;
        line.pv[0] = child->action;
        line.pv_length = 1 + line_below(s, child, line.pv + 1, MAX_REPORTED_PV - 1);
        search_progress_line(s->job, &line, k + 2);
    }
}

static void report_now(const Search *s)
{
    SearchResult now;
    snapshot(s, &now);
    search_progress_result(s->job, &now);
    report_other_lines(s, &now);
}

/* ---- limits ---- */

/* Whether every line a MultiPV search shows is proven, the root being
 * proven: as many proven wins as lines, or no child left unproven (a
 * shown line can be an open one only while one is). */
static bool lines_settled(const Search *s)
{
    if (!s->settle_lines)
        return true;
    const Node *root = &s->pool->nodes[0];
    int wins = 0, open = 0;
    for (int i = 0; i < root->child_count; i++) {
        int kind = proof_kind(atomic_load_explicit(&node_child(s->pool, root, i)->proof, memory_order_relaxed));
        wins += kind == PROOF_WIN;
        open += kind == PROOF_NONE;
    }
    return open == 0 || wins >= search_line_count(s->job);
}

static bool out_of_budget(Search *s)
{
    SearchJob *job = s->job;
    if (atomic_load_explicit(&job->stop, memory_order_relaxed))
        return true;
    uint32_t root_proof = proof_for_actor(&s->pool->nodes[0]);
    if (proof_kind(root_proof) != PROOF_NONE && search_proof_ends_search(job, proof_score(root_proof)) &&
        lines_settled(s))
        return true;
    return tm_past_share(&s->tm) || tm_past_hard(&s->tm);
}

/* The mate shortening after a proven root: until the soft limit (or `stop`). */
static bool shortening_must_stop(void *context)
{
    const Search *s = context;
    return atomic_load(&s->job->stop) || tm_past_soft(&s->tm);
}

/* Plays up to `batch` playouts; false once the search must end. */
static bool play_batch(Worker *w, uint64_t batch)
{
    Search *s = w->search;
    BatchCounts counts = {0, 0, 0};
    bool go_on = true;
    for (uint64_t played = 0; played < batch && go_on; played++) {
        note_playout(&counts, iterate(w));
        go_on = !out_of_budget(s) && !atomic_load_explicit(&s->done, memory_order_relaxed);
        if (go_on && w->index == 0 && s->job->progress.on_info && now_ms() >= s->next_report_ms) {
            flush_counts(s, &counts); /* the report counts this batch so far */
            counts = (BatchCounts){0, 0, 0};
            local_stats_publish(w->local, s->pool);
            report_now(s);
            s->next_report_ms = now_ms() + REPORT_EVERY_MS;
        }
    }
    flush_counts(s, &counts);
    local_stats_publish(w->local, s->pool);
    return go_on;
}

static void *work(void *arg)
{
    Worker *w = arg;
    Search *s = w->search;
    while (!atomic_load_explicit(&s->done, memory_order_relaxed)) {
        uint64_t batch = claim_playouts(s);
        if (batch == 0)
            break; /* the others play out what they claimed */
        if (!play_batch(w, batch)) {
            atomic_store(&s->done, true);
            break;
        }
    }
    return NULL;
}

/* ---- the tree between searches ---- */

static bool same_history(const GameRecord *old, const GameRecord *now)
{
    if (old->game != now->game || memcmp(&old->start, &now->start, sizeof(Position)) != 0 ||
        old->move_count > now->move_count)
        return false;
    for (int i = 0; i < old->move_count; i++)
        if (old->moves[i] != now->moves[i])
            return false;
    return true;
}

/* Hash is split: seven eighths for the node pool, an eighth (at least
 * 1 MB) for the mate shortening's table, which keeps what it learnt for
 * the searches of one game. */
static bool prepare_memory(MctsEngine *e, size_t hash_mb)
{
    if (e->pool.nodes && e->pool_mb == hash_mb)
        return true;
    pool_free(&e->pool);
    mate_table_free(&e->mates);
    e->tree_valid = false;
    size_t mates_mb = hash_mb / 8 ? hash_mb / 8 : 1;
    size_t pool_mb = hash_mb - hash_mb / 8;
    if (!pool_init(&e->pool, pool_mb ? pool_mb : 1))
        return false;
    mate_table_allocate(&e->mates, mates_mb); /* without it, proofs keep their own distance */
    e->pool_mb = hash_mb;
    return true;
}

static bool prepare_tree(MctsEngine *e, const SearchJob *job, bool steps)
{
    if (!prepare_memory(e, job->hash_mb))
        return false;
    uint32_t keep = UINT32_MAX;
    /* A searchmoves root has only the named children: it starts a tree of
     * its own and leaves none to reuse. */
    if (e->tree_valid && e->params.reuse && !job->root_move_count && e->tree_game == job->game && e->tree_steps == steps &&
        same_history(&e->tree_record, &job->record)) {
        int played = job->record.move_count - e->tree_record.move_count;
        keep = find_descendant(&e->pool, job->game, steps, &e->tree_record.current,
                               job->record.moves + e->tree_record.move_count, played);
    }
    if (keep == UINT32_MAX || !pool_keep_subtree(&e->pool, keep))
        pool_clear(&e->pool);
    e->tree_game = job->game;
    e->tree_steps = steps;
    e->tree_record = job->record;
    e->tree_valid = !job->root_move_count;
    return true;
}

/* ---- the backend ---- */

static void plan_search(Search *s, MctsEngine *e, SearchJob *job)
{
    memset(s, 0, sizeof *s);
    s->job = job;
    s->game = job->game;
    s->pool = &e->pool;
    s->resolved = e->params;
    s->resolved.policy = evaluation_has_policy(job->game, &job->record.current) ? e->params.policy : 0;
    s->resolved.eval_scale = mcts_eval_scale(&e->params, job->game, &job->record.current, false);
    /* With the policy, children are valued on their first visits by the
     * evaluation that plays, never the classic one. */
    if (s->resolved.policy)
        s->resolved.prior_classic = 0;
    s->prior_scale = mcts_eval_scale(&e->params, job->game, &job->record.current, s->resolved.prior_classic);
    s->resolved.prior_temp = mcts_prior_temp(&e->params, s->prior_scale);
    s->params = &s->resolved;
    /* searchmoves and MultiPV name whole turns: the root's children must be turns. */
    s->steps = actions_use_steps(job->game, &e->params) && !search_wants_whole_turns(job);
    s->settle_lines = search_line_count(job) > 1;
    atomic_init(&s->done, false);
    tm_plan(&s->tm, job);
    s->playout_limit = job->limits.nodes;
    /* MCTS has no iterations to count: a depth is a playout budget, so that
     * bench's fixed depths give a fixed, comparable amount of work. */
    if (!s->playout_limit && job->limits.depth > 0)
        s->playout_limit = (uint64_t)job->limits.depth * (uint64_t)e->params.depth_playouts;
    s->next_report_ms = now_ms() + REPORT_EVERY_MS;
}

/* Each worker's generator, seeded apart; returns how many are ready. */
static int start_sources(Search *s, Worker *workers, int threads)
{
    const SearchJob *job = s->job;
    int ready = 0;
    for (int t = 0; t < threads; t++) {
        workers[t].search = s;
        workers[t].index = t;
        workers[t].local = threads > 1 ? &workers[t].own_stats : NULL;
        uint64_t seed = job->seed ^ s->game->hash(&job->record.current) ^ (0x9E3779B97F4A7C15ULL * (uint64_t)t);
        if (!action_source_init(&workers[t].source, s->game, s->params, s->steps, seed, &s->done))
            break;
        ready++;
    }
    return ready;
}

/* The root's children before any thread runs: a thread that met the root
 * being expanded by another ended its playout there, and counted it, so
 * threads could spend a whole `go nodes` budget on playouts that went
 * nowhere while one thread expanded the root (a bench search of 115 000
 * playouts that built 257 nodes in 4 ms).  Below the root such a node is
 * a leaf to play out from. */
static void expand_root(Worker *w)
{
    Search *s = w->search;
    Node *root = &s->pool->nodes[0];
    const Position *pos = &s->job->record.current;
    if (atomic_load(&root->state) == NODE_LEAF && s->game->outcome(pos) == OUTCOME_ONGOING)
        expand(w, root, pos);
}

/* Runs the workers on the engine's threads; returns how many ran (the
 * sources of those that could not are given back). */
static int run_workers(MctsEngine *e, Worker *workers, int ready)
{
    void *args[SEARCH_MAX_THREADS];
    for (int t = 0; t < ready; t++)
        args[t] = &workers[t];
    int started = thread_pool_run(&e->threads, ready, work, args);
    if (started == 0) {
        work(&workers[0]); /* no thread to be had: search on this one */
        started = 1;
    }
    for (int t = started; t < ready; t++)
        action_source_free(&workers[t].source);
    return started;
}

static SearchResult mcts_search(BackendEngine *engine, SearchJob *job)
{
    MctsEngine *e = mcts_engine(engine);
    SearchResult result = {.best = MOVE_NONE, .ponder = MOVE_NONE, .hashfull = -1};
    Search s;
    plan_search(&s, e, job);
    if (!prepare_tree(e, job, s.steps))
        return result;
    uint32_t reused = atomic_load(&e->pool.nodes[0].visits);
    int threads = job->threads < 1 ? 1 : job->threads > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : job->threads;
    Worker *workers = aligned_alloc(CACHE_LINE, sizeof(Worker) * (size_t)threads);
    if (workers)
        memset(workers, 0, sizeof(Worker) * (size_t)threads);
    int ready = workers ? start_sources(&s, workers, threads) : 0;
    if (ready == 0) {
        free(workers);
        return result;
    }
    expand_root(&workers[0]);
    int started = run_workers(e, workers, ready);
    snapshot(&s, &result);
    search_progress_result(job, &result);
    report_other_lines(&s, &result);
    result.best = best_move(&workers[0]);
    result.ponder = result.pv_length >= 2 && result.pv[0] == result.best ? result.pv[1] : MOVE_NONE;
    if (score_is_proven(result.score))
        mate_shorten_result(job, e->mates.slots ? &e->mates : NULL, &e->threads, shortening_must_stop, &s,
                            &result);
    for (int t = 0; t < started; t++)
        action_source_free(&workers[t].source);
    free(workers);
    uint32_t proof = proof_for_actor(&e->pool.nodes[0]);
    e->last_summary = (MctsSummary){proof_kind(proof), result.mate_turns, result.mate_turns ? 0 : result.score,
                                    result.nodes, reused, atomic_load(&e->pool.used), e->pool.capacity,
                                    atomic_load(&s.max_depth), started};
    return result;
}

MctsSummary mcts_summary(const BackendEngine *engine) { return ((const MctsEngine *)engine)->last_summary; }

/* The most entries a root's children give: MctsMaxChildren's top (a
 * searchmoves or step list is shorter). */
#define ROOT_ENTRIES_MAX 4096

/* Adds visits to entry's pair in entries/visits[0..*count), or a new pair
 * while there is room. */
static void add_visits(uint16_t entry, uint32_t n, uint16_t *entries, uint32_t *visits, int *count)
{
    for (int i = 0; i < *count; i++)
        if (entries[i] == entry) {
            visits[i] += n;
            return;
        }
    if (*count == ROOT_ENTRIES_MAX)
        return;
    entries[*count] = entry;
    visits[(*count)++] = n;
}

int mcts_root_visits(const BackendEngine *engine, const Game *game, const Position *root, uint16_t *entries,
                     uint32_t *visits, int capacity)
{
    const NodePool *pool = &((const MctsEngine *)engine)->pool;
    if (!game->policy_index || !pool->nodes || atomic_load(&pool->nodes[0].state) != NODE_EXPANDED)
        return 0;
    const Node *node = &pool->nodes[0];
    uint16_t all_entries[ROOT_ENTRIES_MAX];
    uint32_t all_visits[ROOT_ENTRIES_MAX];
    int count = 0;
    for (int i = 0; i < node->child_count; i++) {
        const Node *child = node_child(pool, node, i);
        const uint32_t n = atomic_load(&child->visits);
        if (n > 0)
            add_visits((uint16_t)game->policy_index(root, child->action), n, all_entries, all_visits, &count);
    }
    /* The most visited first: a selection of the top `capacity`. */
    int kept = 0;
    for (; kept < capacity && kept < count; kept++) {
        int top = kept;
        for (int i = kept + 1; i < count; i++)
            if (all_visits[i] > all_visits[top] ||
                (all_visits[i] == all_visits[top] && all_entries[i] < all_entries[top]))
                top = i;
        entries[kept] = all_entries[top], visits[kept] = all_visits[top];
        all_entries[top] = all_entries[kept], all_visits[top] = all_visits[kept];
    }
    return kept;
}

static BackendEngine *mcts_create(void)
{
    /* The pool's counters want their cache line: an aligned engine. */
    size_t size = (sizeof(MctsEngine) + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
    MctsEngine *e = aligned_alloc(CACHE_LINE, size);
    if (e) {
        memset(e, 0, size);
        e->params = mcts_default_params;
        thread_pool_init(&e->threads, WORKER_STACK_BYTES);
    }
    return (BackendEngine *)e;
}

static void *mcts_settings(BackendEngine *engine) { return &mcts_engine(engine)->params; }

static void mcts_new_game(BackendEngine *engine, size_t hash_mb)
{
    (void)hash_mb; /* the pool is sized by the next search's job */
    MctsEngine *e = mcts_engine(engine);
    e->tree_valid = false;
    mate_table_clear(&e->mates);
}

/* The node pool and the mate table at hash_mb, and the search's threads. */
static void mcts_make_tables(BackendEngine *engine, size_t hash_mb, int threads)
{
    MctsEngine *e = mcts_engine(engine);
    prepare_memory(e, hash_mb);
    thread_pool_start(&e->threads, threads);
}

static void mcts_release(BackendEngine *engine)
{
    MctsEngine *e = mcts_engine(engine);
    pool_free(&e->pool);
    mate_table_free(&e->mates);
    e->pool_mb = 0;
    e->tree_valid = false;
    thread_pool_stop(&e->threads);
}

static void mcts_destroy(BackendEngine *engine)
{
    if (!engine)
        return;
    mcts_release(engine);
    free(engine);
}

const Backend mcts_backend = {
    .id = "mcts",
    .params = mcts_param_table,
    .param_count = MCTS_PARAM_COUNT,
    .strength_nodes = 5000, /* playouts: the weakened budgets' reference (strength/strength.h) */
    .create = mcts_create,
    .settings = mcts_settings,
    .search = mcts_search,
    .new_game = mcts_new_game,
    .make_tables = mcts_make_tables,
    .release = mcts_release,
    .destroy = mcts_destroy,
};
