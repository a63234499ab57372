/*
 * alphabeta/proof_search.c - the proof search: depth-first proof-number search (df-pn,
 * Nagai) with the 1+epsilon threshold trick (Pawlewicz and Lew), over the
 * same plies as ab_search.
 *
 * It asks one yes/no question, "does the root's player win?", and has no
 * depth limit: every leaf is a finished game.  Proof numbers steer it to
 * the cheapest-looking line: a child is first valued by how many moves its
 * player has, so lines that leave the opponent few replies come first, and
 * the search widens only where a proof turns out harder than it looked.
 * Where alpha-beta with any order pays for every reply of every node, this
 * finds the thin proofs of games such as Room and Pillar: the 8x8 start,
 * pie rule included, takes about half a million expansions (a couple of
 * seconds), where a null-window alpha-beta proof did not finish in a minute.
 *
 * Numbers are from the view of the player acting at a node: proof = work
 * to show that it reaches its goal, disproof = work to show that it fails.
 * The root's player (the attacker) aims at a win; the defender at a win or
 * a draw, so the two goals are each other's opposite and one side's proof
 * is the other's disproof.  The same position asks a different question
 * with the defender to act, hence a different key.
 *
 * Several provers (the helper threads) may run it at once on one table:
 * each counts itself, while it works below a position, in the busy counts,
 * and reads the others' there as virtual proof numbers (a busy child's
 * proof number doubled for each prover under it) when it chooses a child,
 * so that the provers spread over the tree.  The numbers a node stores
 * stay its true ones.
 */
#include "search/alphabeta/clock.h"
#include "search/alphabeta/position.h"

#define DEFENDER_KEY 0x6a09e667f3bcc909ULL
/* A child's first disproof estimate is its move count, up to this. */
#define REPLIES_CAP 1000

/* A child as the parent sees it: proof = work to reach the parent's goal
 * through it, disproof = its share of the work to show the parent fails,
 * turns = whole turns from the parent to the end of the game along it. */
typedef struct {
    Move move;
    uint64_t key; /* 0 for a finished game */
    ChildKind kind;
    ProofNumbers view;
    uint32_t busy; /* other provers working below it now (several provers only) */
} ProofChild;

typedef struct {
    ProofChild child[AB_MAX_CHILDREN];
    int count;
    bool truncated;
} ProofFrame;

static const ProofNumbers UNKNOWABLE = {PROOF_INFINITE - 1, PROOF_INFINITE - 1, 0};

static uint32_t saturate(uint64_t n) { return n >= PROOF_INFINITE ? PROOF_INFINITE : (uint32_t)n; }

uint64_t ab_proof_key(const Game *g, const Position *pos)
{
    return g->proof_key ? g->proof_key(pos) : g->hash(pos);
}

static uint64_t node_key(const AbShared *s, const Position *pos, bool attacker)
{
    return ab_proof_key(s->game, pos) ^ (attacker ? 0 : DEFENDER_KEY);
}

/* The child's own numbers turned to its parent's view. */
static ProofNumbers parent_view(ProofNumbers own, ChildKind kind)
{
    if (kind == CHILD_SAME_PLAYER)
        return own;
    return (ProofNumbers){own.disproof, own.proof, own.turns + 1};
}

/* Whether the game ending at child meets the goal of mover, who just moved. */
static bool goal_met(AbShared *s, const Position *child, int mover, bool attacker)
{
    int result = ab_game_over_score(s->game, child, mover, 1);
    if (result == 0) {
        atomic_store_explicit(&s->proofs->draw_seen, true, memory_order_relaxed);
        return !attacker;
    }
    return result > 0;
}

static uint32_t replies_estimate(const AbShared *s, const Position *child)
{
    if (s->steps || !s->game->count_moves)
        return 1;
    uint64_t n = s->game->count_moves(child);
    return n < 1 ? 1 : n > REPLIES_CAP ? REPLIES_CAP : (uint32_t)n;
}

/* What is known of a child before it is searched: its result when the
 * game is over, else the table's numbers, else a first estimate. */
static ProofChild first_view(AbShared *s, const Position *pos, Move move, bool attacker)
{
    Position child = *pos;
    ab_play(s, &child, move);
    ProofChild c = {.move = move, .kind = ab_child_kind(s, &child)};
    if (c.kind == CHILD_GAME_OVER) {
        bool met = goal_met(s, &child, s->game->side_to_move(pos), attacker);
        c.view = met ? (ProofNumbers){0, PROOF_INFINITE, 1} : (ProofNumbers){PROOF_INFINITE, 0, 1};
        return c;
    }
    bool same = c.kind == CHILD_SAME_PLAYER;
    c.key = node_key(s, &child, same ? attacker : !attacker);
    ProofNumbers own;
    if (!pt_probe(s->proofs, c.key, &own))
        own = (ProofNumbers){1, replies_estimate(s, &child), 0};
    c.view = parent_view(own, c.kind);
    return c;
}

/* False when the search was stopped while listing (only a counted listing
 * looks at the clock: reading a proof back must not be cut). */
static bool expand(AbWorker *w, const Position *pos, bool attacker, ProofFrame *frame, bool counted)
{
    AbShared *s = w->shared;
    AbChildList list;
    ab_list_children(s, counted ? w : NULL, pos, &list);
    if (counted && w->stopped)
        return false;
    frame->count = list.count;
    frame->truncated = list.truncated;
    for (int i = 0; i < list.count; i++) {
        if (counted && ab_out_of_time(w))
            return false;
        frame->child[i] = first_view(s, pos, list.child[i].move, attacker);
    }
    return true;
}

static _Atomic uint16_t *busy_count(const AbShared *s, uint64_t key)
{
    return &s->proof_busy[key >> (64 - AB_BUSY_BITS)];
}

/* Newer numbers from the table (a transposition, or another prover, may
 * have moved them); a child pushed out of the table keeps what the frame
 * last saw. */
static void refresh(const AbShared *s, ProofFrame *frame)
{
    for (int i = 0; i < frame->count; i++) {
        ProofChild *c = &frame->child[i];
        ProofNumbers own;
        if (c->key && pt_probe(s->proofs, c->key, &own))
            c->view = parent_view(own, c->kind);
        if (c->key && s->proof_busy)
            c->busy = atomic_load_explicit(busy_count(s, c->key), memory_order_relaxed);
    }
}

/* The proof number a child is chosen by: with other provers below it,
 * doubled for each (SPDFPN's virtual proof numbers, Kaneko; Hoki et al.),
 * but never past the node's threshold, so that the child chosen always
 * has work left under it. */
static uint32_t virtual_proof(const ProofChild *c, uint32_t max_proof)
{
    uint32_t p = c->view.proof;
    if (!c->busy || p == 0 || p + 1 >= max_proof)
        return p;
    uint64_t v = (uint64_t)p * (1u + c->busy) + c->busy;
    return v >= max_proof - 1 ? max_proof - 1 : (uint32_t)v;
}

typedef struct {
    ProofNumbers node;
    int best;        /* the child with the least proof number */
    uint32_t second; /* the next least proof number */
} Summary;

static Summary summarise(const ProofFrame *frame, uint32_t max_proof)
{
    Summary sum = {.node = {PROOF_INFINITE, 0, 0}, .best = -1, .second = PROOF_INFINITE};
    uint64_t disproof = frame->truncated ? PROOF_INFINITE - 1 : 0; /* a cut list is never refuted */
    uint32_t win_turns = UINT32_MAX, longest = 0, best_virtual = PROOF_INFINITE;
    for (int i = 0; i < frame->count; i++) {
        ProofNumbers v = frame->child[i].view;
        uint32_t chosen_by = virtual_proof(&frame->child[i], max_proof);
        if (sum.best < 0 || chosen_by < best_virtual) {
            sum.second = best_virtual;
            best_virtual = chosen_by;
            sum.best = i;
        } else if (chosen_by < sum.second) {
            sum.second = chosen_by;
        }
        if (v.proof < sum.node.proof)
            sum.node.proof = v.proof;
        disproof += v.disproof;
        if (v.proof == 0 && v.turns < win_turns)
            win_turns = v.turns;
        if (v.turns > longest)
            longest = v.turns;
    }
    if (sum.node.proof == 0)
        sum.node = (ProofNumbers){0, PROOF_INFINITE, win_turns};
    else if (disproof == 0)
        sum.node = (ProofNumbers){PROOF_INFINITE, 0, longest};
    else
        sum.node.disproof = disproof >= PROOF_INFINITE ? PROOF_INFINITE - 1 : (uint32_t)disproof;
    return sum;
}

static bool prove_node(AbWorker *w, const Position *pos, bool attacker, uint32_t max_proof,
                       uint32_t max_disproof, int ply, ProofNumbers *out);

/* Searches the best child under thresholds that send the search back up as
 * soon as another child (or an ancestor's sibling) looks cheaper.  The 1+e
 * margin over the second best (e = 1/2, the best of 0 to 1 measured on
 * Room and Pillar boards) keeps it from bouncing between two children. */
static bool prove_best_child(AbWorker *w, const Position *pos, bool attacker, ProofFrame *frame,
                             const Summary *sum, uint32_t max_proof, uint32_t max_disproof, int ply)
{
    ProofChild *c = &frame->child[sum->best];
    uint64_t second = sum->second;
    uint32_t proof_limit = saturate(second >= PROOF_INFINITE ? max_proof : second + second / 2 + 1);
    if (proof_limit > max_proof)
        proof_limit = max_proof;
    uint32_t disproof_limit = max_disproof >= PROOF_INFINITE
                                  ? PROOF_INFINITE
                                  : saturate((uint64_t)max_disproof - sum->node.disproof + c->view.disproof);
    bool same = c->kind == CHILD_SAME_PLAYER;
    Position child = *pos;
    ab_play(w->shared, &child, c->move);
    ProofNumbers own;
    bool done = same ? prove_node(w, &child, attacker, proof_limit, disproof_limit, ply + 1, &own)
                     : prove_node(w, &child, !attacker, disproof_limit, proof_limit, ply + 1, &own);
    if (done)
        c->view = parent_view(own, c->kind);
    return done;
}

/* Works on pos until its numbers reach a threshold; false when stopped. */
static bool work_on_node(AbWorker *w, const Position *pos, bool attacker, uint32_t max_proof,
                         uint32_t max_disproof, int ply, ProofNumbers *out)
{
    AbShared *s = w->shared;
    if (ab_out_of_time(w))
        return false;
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (ply >= AB_MAX_PLY - 1) {
        *out = UNKNOWABLE;
        return true;
    }
    uint64_t key = node_key(s, pos, attacker), start = w->nodes;
    ProofFrame frame;
    if (!expand(w, pos, attacker, &frame, true))
        return false;
    if (frame.count == 0) { /* an unfinished game nobody can move in: nothing to show */
        *out = UNKNOWABLE;
        return true;
    }
    for (;;) {
        if (ab_charge(w, (uint64_t)frame.count)) /* the refresh probes every child */
            return false;
        refresh(s, &frame);
        Summary sum = summarise(&frame, max_proof);
        /* A node past cut lists ends at once: no threshold would end it, and
         * its parent, whose numbers it sets at the mark, is beyond in turn
         * (or goes on through another child). */
        if (sum.node.proof >= max_proof || sum.node.disproof >= max_disproof || pt_beyond(sum.node)) {
            pt_store(s->proofs, key, sum.node, w->nodes - start);
            *out = sum.node;
            return true;
        }
        if (ply == 0) /* the root's numbers so far, for progress lines (src/prove/progress.h) */
            pt_store(s->proofs, key, sum.node, w->nodes - start);
        if (!prove_best_child(w, pos, attacker, &frame, &sum, max_proof, max_disproof, ply))
            return false;
    }
}

/* work_on_node, counted in the busy counts while it runs when several
 * provers share the table. */
static bool prove_node(AbWorker *w, const Position *pos, bool attacker, uint32_t max_proof,
                       uint32_t max_disproof, int ply, ProofNumbers *out)
{
    AbShared *s = w->shared;
    if (!s->proof_busy)
        return work_on_node(w, pos, attacker, max_proof, max_disproof, ply, out);
    _Atomic uint16_t *busy = busy_count(s, node_key(s, pos, attacker));
    atomic_fetch_add_explicit(busy, 1, memory_order_relaxed);
    bool done = work_on_node(w, pos, attacker, max_proof, max_disproof, ply, out);
    atomic_fetch_sub_explicit(busy, 1, memory_order_relaxed);
    return done;
}

/* The proof's line: the quickest win where the player wins, the longest
 * resistance where it loses, as far as the table still holds it.  Returns
 * the plies written; *turns_to_end is the whole turns the line takes when
 * it reaches the end of the game, else 0. */
static int proof_line(AbWorker *w, Position pos, Move *plies, int capacity, uint32_t *turns_to_end)
{
    AbShared *s = w->shared;
    bool attacker = true;
    uint32_t turns = 0;
    int n = 0;
    *turns_to_end = 0;
    while (n < capacity) {
        ProofNumbers here;
        if (!pt_probe(s->proofs, node_key(s, &pos, attacker), &here) || (here.proof && here.disproof))
            break;
        ProofFrame frame;
        if (!expand(w, &pos, attacker, &frame, false))
            break;
        int chosen = -1;
        for (int i = 0; i < frame.count; i++) {
            ProofNumbers v = frame.child[i].view;
            bool fits = here.proof == 0 ? v.proof == 0 : v.disproof == 0;
            if (!fits || (chosen >= 0 && (here.proof == 0 ? v.turns >= frame.child[chosen].view.turns
                                                           : v.turns <= frame.child[chosen].view.turns)))
                continue;
            chosen = i;
        }
        if (chosen < 0)
            break;
        const ProofChild *c = &frame.child[chosen];
        plies[n++] = c->move;
        turns += c->kind != CHILD_SAME_PLAYER;
        if (c->kind == CHILD_GAME_OVER) {
            *turns_to_end = turns;
            break;
        }
        ab_play(s, &pos, c->move);
        attacker = c->kind == CHILD_SAME_PLAYER ? attacker : !attacker;
    }
    return n;
}

bool ab_prove_position(AbWorker *w, const Position *pos, bool attacker, ProofNumbers *out)
{
    return prove_node(w, pos, attacker, PROOF_INFINITE, PROOF_INFINITE, 0, out);
}

bool ab_proof_probe(const AbShared *s, const Position *pos, bool attacker, ProofNumbers *out)
{
    return pt_probe(s->proofs, node_key(s, pos, attacker), out);
}

bool ab_prove(AbWorker *w, uint64_t budget, AbProof *proof)
{
    AbShared *s = w->shared;
    const Position *root = &s->job->record.current;
    w->budget_end = budget ? w->nodes + budget : 0;
    ProofNumbers numbers;
    bool done = prove_node(w, root, true, PROOF_INFINITE, PROOF_INFINITE, 0, &numbers);
    w->budget_end = 0;
    if (!done) {
        w->stopped = atomic_load(&s->abort);
        return false;
    }
    bool won = numbers.proof == 0;
    if (!won && pt_beyond(numbers)) {
        /* No more tries: they would end the same.  `tessera prove` stops
         * (it reads the root's numbers and says why). */
        atomic_store(&s->proof_too_long, true);
        if (s->job->proof_is_enough)
            atomic_store(&s->abort, true);
        return false;
    }
    if (!won && (numbers.disproof != 0 || atomic_load(&s->proofs->draw_seen)))
        return false;
    /* The distance is the root's proven one, a bound on the truth (the
     * quickest win its proof saw; where it loses, the longest of its
     * children's bounds).  The line's own length is none: the loser's
     * child with the longest bound need not be its longest defence, and
     * the line may end sooner than the truth. */
    uint32_t line_turns;
    proof->length = proof_line(w, *root, proof->plies, AB_PV_MAX, &line_turns);
    int win = SCORE_WIN - (int)numbers.turns;
    proof->score = won ? win : -win;
    return true;
}
