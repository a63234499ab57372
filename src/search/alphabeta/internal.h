/*
 * alphabeta/internal.h - what the alphabeta backend's files share: the search of
 * one `go` (AbShared) and each thread's own state (AbWorker).
 *
 * A node is a position where one player acts.  Games with step hooks are
 * searched a step at a time: a step after which the same player acts again
 * is a ply without negation, and only a completed turn hands the move over.
 * Depth counts plies (steps, or whole turns for games without steps); mate
 * distances count whole turns.
 */
#ifndef TESSERA_AB_INTERNAL_H
#define TESSERA_AB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "nn/accumulator_stack.h"
#include "search/alphabeta/proof_table.h"
#include "search/proof/mate_distance.h"
#include "search/search.h"
#include "search/thread_pool.h"
#include "search/timeman.h"
#include "search/tt.h"

#define AB_MAX_PLY 512
#define AB_PV_MAX 128
#define AB_MAX_CHILDREN 256
_Static_assert(SEARCH_MAX_ROOT_MOVES <= AB_MAX_CHILDREN, "a searchmoves list must fit one child list");
#define AB_HISTORY_BITS 14
#define AB_BUSY_BITS 16 /* entries of AbShared.proof_busy: 1 << this */
#define AB_HISTORY_MAX 16384

/* Move-ordering bands: the table's move above the killers, the killers
 * above every other child (whose keys stay below AB_ORDER_KILLER), and
 * late move reductions spare the bands. */
#define AB_ORDER_TT_MOVE (1 << 30)
#define AB_ORDER_KILLER (1 << 29)

/* Tunable search settings (backend spin options), one set per engine;
 * defaults and ranges in alphabeta/settings.c. */
typedef struct {
    int aspiration_window; /* centi-units around the last score, 0 = off */
    int late_move_reduction; /* plies taken off late quiet moves, 0 = off */
    int reduction_depth;     /* ... at nodes with at least this depth left */
    int reduction_index;     /* ... after this many children tried */
    int reduction_late_index; /* one ply more after this many (at depth 6 and more) */
    int eval_order_depth;  /* order children by their evaluation from this depth on */
    int eval_order_width;  /* ... the first this many listed (the rest after them, by history); 0 = all */
    int proof_share;       /* per cent of the proving thread's nodes given to the proof search */
    int policy_order;      /* 1: where the net has a policy head, it orders instead of the evaluations */
} AbSettings;

#define AB_PARAM_COUNT 9
extern const AbSettings ab_default_settings;
extern const BackendParam ab_params[AB_PARAM_COUNT];

typedef struct AbWorker AbWorker;
typedef struct AbEngine AbEngine; /* one engine's settings and tables (alphabeta/alphabeta.c) */

/* A proven root: its score from the root player's view and the line. */
typedef struct {
    int score;
    Move plies[AB_PV_MAX];
    int length;
} AbProof;

/* Lazy SMP (alphabeta/smp.c): the deepest iteration a helper thread completed,
 * which the main thread adopts when it is deeper than its own, and the
 * depth the main thread searches now, which helpers keep ahead of. */
typedef struct {
    pthread_mutex_t lock; /* guards the line below; made by the search when it has helpers */
    _Atomic int depth;      /* of the line below; 0 before any */
    _Atomic int main_depth; /* the main thread's iteration in progress */
    int score;
    int seldepth;
    Move best_turn;
    Move pv[MAX_REPORTED_PV];
    int pv_length;
} AbDeepest;

typedef struct {
    SearchJob *job;
    const Game *game;
    const AbSettings *settings; /* the engine's */
    AbEngine *engine;           /* NULL in a search built by hand (tests): no proof table made */
    TransTable *tt;
    ProofTable *proofs; /* the proof search's; one thread uses it */
    TimeManager tm;
    bool steps; /* search steps of a turn as plies */
    uint64_t node_limit;
    atomic_bool abort; /* every thread stops as soon as it sees this */
    /* True until the main thread has a completed iteration (its own or a
     * helper's): until then `stop`, the clock and the node limit wait, so
     * that a bestmove is never a move no search looked at (as in
     * Stockfish).  False (zero) in a search built by hand. */
    atomic_bool unsearched;
    AbWorker *workers;
    int worker_count;
    AbProof proof;          /* written by the one prover that claimed it, before proof_ready */
    atomic_bool proof_claimed;
    atomic_bool proof_ready;
    atomic_bool proof_too_long; /* `go mate N` met a longer proof: the provers stop trying */
    /* With several provers (every helper thread), how many of them work
     * below each position now, by AB_BUSY_INDEX of its key: a prover
     * counts these as extra proof work (virtual proof numbers), so that
     * they spread over the tree instead of all running the same df-pn.
     * NULL with one prover. */
    _Atomic uint16_t *proof_busy;
    SearchResult *result;   /* the main thread's last completed iteration */
    AbDeepest deepest;      /* with helpers only */
    /* The moves threads are searching now (alphabeta/defer.c); NULL with one
     * thread, which never defers. */
    _Atomic uint64_t *busy_moves;
} AbShared;

struct AbWorker {
    AbShared *shared;
    int id;
    uint64_t nodes;
    uint64_t work;      /* nodes plus moves streamed and children looked at: what the clock polls follow */
    uint64_t next_poll; /* work at which the clock is read next */
    uint64_t budget_end; /* a solve attempt gives up at this node count; 0 = none */
    _Atomic uint64_t published_nodes; /* nodes, as other threads may read them */
    int seldepth;
    bool stopped;
    /* The main thread's iteration in progress (0: none), which it drops
     * (stopped and superseded) once a helper completed that depth. */
    int iteration_depth;
    bool superseded;
    bool horizon_met; /* this iteration scored a leaf by evaluation, not by the rules */
    Move killers[AB_MAX_PLY][2];
    int16_t history[2][1 << AB_HISTORY_BITS];
    int pv_length[AB_MAX_PLY + 1];
    int root_score; /* the score of pv[0], set as a root child raises alpha */
    /* MultiPV: root moves the main thread's next root search leaves out. */
    Move excluded[SEARCH_MAX_MULTIPV];
    int excluded_count;
    /* The main thread's answer so far (the last completed iteration). */
    Move best_turn;
    int best_score;
    int completed_depth;
    /* Everything above starts each search zeroed; what follows is kept
     * from one search to the next (the engine keeps its workers), and is
     * read only where written this search: a pv row up to its pv_length,
     * the accumulators where their flags (cleared per search) say so. */
    Move pv[AB_MAX_PLY + 1][AB_PV_MAX];
    /* Network accumulators along the line this thread searches. */
    NnStack nn_stack;
};

/* ---- children of a node (alphabeta/moves.c) ---- */

typedef struct {
    Move move;
    int order;
} AbChild;

typedef struct {
    AbChild child[AB_MAX_CHILDREN];
    int count;
    bool truncated; /* more (distinct) moves existed than the list holds */
    /* ab_pick_child's heap of the children not yet picked, each as its
     * order and position in child[] packed in one key, valid while
     * heap_next is the next pick; -1 before. */
    int heap_next, heap_size;
    int64_t heap[AB_MAX_CHILDREN];
    uint8_t slot_of[AB_MAX_CHILDREN]; /* by position: its index in heap[] */
    /* Each child's hash, as listed (before any pick), when the game hands
     * them over: the ordering fetches their table entries ahead. */
    bool keys_known;
    uint64_t key[AB_MAX_CHILDREN];
} AbChildList;
_Static_assert(AB_MAX_CHILDREN <= 256, "positions are bytes (slot_of, heap keys)");

/* Steps of the turn in progress, or whole turns (distinct by resulting
 * position once the list grows long, and bounded).  With a worker, every
 * move streamed is charged to it and the listing ends early (truncated)
 * once it must stop; w is NULL where a listing must not be cut. */
void ab_list_children(const AbShared *s, AbWorker *w, const Position *pos, AbChildList *list);

/* The children searched before the node's list is made, since a cutoff by
 * one of them spares the listing: the table's move, and where children
 * are ordered without their evaluation (depth below eval_order_depth) the
 * killers, which come next in that order anyway.  Only legal moves, with
 * the order keys the list would give them; none at the root, for games
 * searched by steps or without move_is_legal.  Returns how many. */
#define AB_MAX_STAGED 3
int ab_stage_first(const AbWorker *w, const Position *pos, Move tt_move, int ply, int depth,
                   AbChild first[AB_MAX_STAGED]);
bool ab_was_staged(const AbChild *first, int staged, Move move);

/* Fills each child's order key: TT move, killers, history and, from
 * the settings' eval_order_depth on, the child's evaluation, or with
 * policy_order the policy head's prior where the net has a head. */
void ab_order_children(AbWorker *w, const Position *pos, AbChildList *list, Move tt_move,
                       int ply, int depth);

/* Swaps the best-ordered child of [from, count) to from (the first of
 * equals by position); picks made in turn from 0 after ab_order_children
 * cost a heap step each, not a scan. */
void ab_pick_child(AbChildList *list, int from);
uint64_t ab_history_slot(Move move);

/* ---- one ply (alphabeta/node.c) ---- */

/* Negamax with PVS from the view of the player acting at pos (ongoing). */
int ab_search(AbWorker *w, const Position *pos, int alpha, int beta, int depth, int ply, int turns,
              bool pv_node);

/* ---- the proof search (alphabeta/proof_search.c) ---- */

/* Depth-first proof-number search from the root in s->proofs for up to
 * budget nodes (0 = until stopped); what it learns stays in the table for
 * the next call.  True when the root is proven won or lost. */
bool ab_prove(AbWorker *w, uint64_t budget, AbProof *proof);

/* The proof search from pos, where the player to act is the root's player
 * (attacker) or its opponent, until pos is settled; false when stopped.
 * The certificate writer re-proves with it what the table let go. */
bool ab_prove_position(AbWorker *w, const Position *pos, bool attacker, ProofNumbers *out);

/* The proof table's key of pos where the attacker (the root's player) is
 * to act: the game's proof_key (shared with the position's mirror images)
 * where it has one, else its hash. */
uint64_t ab_proof_key(const Game *g, const Position *pos);

/* The table's numbers for pos, from the view of the player to act there. */
bool ab_proof_probe(const AbShared *s, const Position *pos, bool attacker, ProofNumbers *out);

/* The proof table of an alphabeta engine (alphabeta/alphabeta.c), NULL before its
 * first new_game: a certificate is read from it after a search. */
ProofTable *ab_engine_proof_table(BackendEngine *engine);

/* ---- the exact distance of a proof (alphabeta/mate_shortening.c) ---- */

/* When the main thread's answer is a proven score, spends the time left
 * (its soft limit, or until `stop`) shortening it with table on the
 * search's threads of pool (once the search's own threads have returned),
 * and makes the exact distance, its fastest (slowest-losing) turn and
 * line the result. */
void ab_shorten_proven(AbWorker *w, MateTable *table, ThreadPool *pool);

/* ---- Lazy SMP: what helpers share with the main thread (alphabeta/smp.c) ---- */

bool ab_smp_begin(AbShared *s);
void ab_smp_end(AbShared *s);
/* A helper's completed iteration (its pv in w->pv[0]) becomes the deepest
 * when it is deeper than any before. */
void ab_smp_publish(AbWorker *w, int depth, int score);
/* The main thread takes the deepest helper iteration when it is deeper
 * than its own last one: its answer, score and line (into r, whose counts
 * the caller fills).  False when there is none deeper. */
bool ab_smp_adopt(AbWorker *w, SearchResult *r);
/* The depth a helper searches next, next at the least: one ply ahead of the
 * main thread's (odd helpers), or level with it (even helpers), but not
 * past limit. */
int ab_smp_helper_depth(const AbWorker *w, int next, int limit);

/* ---- deferring what another thread searches now (alphabeta/defer.c) ---- */

/* Nodes this deep or deeper defer: below, a move is searched sooner than
 * the table of busy moves is worth looking at. */
#define AB_DEFER_DEPTH 3

bool ab_defer_begin(AbShared *s);
void ab_defer_end(AbShared *s);
uint64_t ab_defer_key(uint64_t node_key, Move move);
bool ab_defer_is_busy(const AbShared *s, uint64_t move_key);
void ab_defer_mark(const AbShared *s, uint64_t move_key);
void ab_defer_unmark(const AbShared *s, uint64_t move_key);

/* ---- whole turns from steps (alphabeta/turns.c) ---- */

/* The whole turn that starts with steps[0..count) at root, finished by the
 * table's moves or else greedily by evaluation when the steps run out. */
Move ab_finish_turn(const AbShared *s, const Position *root, const Move *steps, int count);

/* The whole turn a thread's root line (pv[0]) starts with; MOVE_NONE when
 * the line is empty. */
Move ab_line_turn(const AbWorker *w);

/* Groups a pv of plies into whole turns (the first one finished as above,
 * a trailing unfinished one dropped); returns how many turns it wrote. */
int ab_pv_turns(const AbShared *s, const Position *root, const Move *plies, int count, Move *turns,
                int capacity);

#endif
