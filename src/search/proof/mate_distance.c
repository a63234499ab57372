/* proof/mate_distance.c - the exact distance of a proven result (see
 * proof/mate_distance.h).
 *
 * Two questions per position, each monotone in the distance d: "wins
 * within d" stays true for every longer d, "does not" for every shorter.
 * A table slot keeps, per question, the shortest distance shown true and
 * the distance below which it was shown false; a question inside what is
 * known needs no search.  Answers are the distances found (0: no), so a
 * win found within 9 that takes 7 is stored as 7.
 *
 * Several threads may search with one table: every fact it holds is
 * true whoever stored it, so a thread may answer from another's work, and
 * the first yes at the root is the exact distance whichever thread finds
 * it (each no before it is a true no).  A slot is four words stored with
 * relaxed atomics, the first the key xor the distances, so that distances
 * torn by two writers read as another position (the move and the work,
 * hints, are not checked); two writers' merges of one slot may lose one's
 * facts (a fact lost is searched again, never made false). */
#include "search/proof/mate_distance.h"

#include <stdlib.h>

#include "games/gameutil.h"
#include "util/huge_alloc.h"

#define SLOTS_PER_BUCKET 4
#define NOT_SHOWN UINT16_MAX
#define POLL_MASK 255u
/* Below this distance the children are tried in list order: their
 * questions cost about what ordering them would. */
#define ORDER_FROM_PLIES 3
/* Positions with this many plies left or more are marked busy while a
 * thread searches them, and their parents defer them (the smaller ones
 * cost less than the marking). */
#define BUSY_FROM_PLIES 3
_Static_assert(BUSY_FROM_PLIES >= ORDER_FROM_PLIES, "a deferred child's key is the ordering's");

struct MateSlot {
    _Atomic uint64_t check;  /* key ^ bounds; 0 with bounds 0: free */
    _Atomic uint64_t bounds; /* win_at, no_win_below, loss_at, no_loss_below: 16 bits each */
    _Atomic uint64_t best;   /* a hint (move ordering, the root's first candidate): not checked */
    _Atomic uint64_t work;
};
#define BUCKET_BYTES (SLOTS_PER_BUCKET * sizeof(MateSlot))

/* The four distances of a slot's bounds word, by their shift in it. */
enum { WIN_AT = 0, NO_WIN_BELOW = 16, LOSS_AT = 32, NO_LOSS_BELOW = 48 };
/* A position of which nothing is known yet. */
#define EMPTY_BOUNDS ((uint64_t)NOT_SHOWN << WIN_AT | (uint64_t)NOT_SHOWN << LOSS_AT)

static int distance(uint64_t bounds, int field) { return (int)(uint16_t)(bounds >> field); }

static uint64_t with_distance(uint64_t bounds, int field, int value)
{
    return (bounds & ~((uint64_t)UINT16_MAX << field)) | (uint64_t)(uint16_t)value << field;
}

bool mate_table_allocate(MateTable *table, size_t megabytes)
{
    table->slots = huge_table_alloc(megabytes, BUCKET_BYTES, &table->bucket_count);
    return table->slots != NULL;
}

void mate_table_free(MateTable *table)
{
    huge_table_free(table->slots, table->bucket_count, BUCKET_BYTES);
    table->slots = NULL;
    table->bucket_count = 0;
}

void mate_table_clear(MateTable *table)
{
    for (size_t i = 0; table->slots && i < table->bucket_count * SLOTS_PER_BUCKET; i++) {
        MateSlot *slot = &table->slots[i];
        atomic_store_explicit(&slot->check, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->bounds, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->best, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->work, 0, memory_order_relaxed);
    }
}

static uint64_t stored_key(uint64_t key) { return key ? key : 1; }

static MateSlot *bucket_of(const MateTable *table, uint64_t key)
{
    size_t index = (size_t)(((unsigned __int128)key * table->bucket_count) >> 64);
    return table->slots + index * SLOTS_PER_BUCKET;
}

static uint64_t load(_Atomic uint64_t *word) { return atomic_load_explicit(word, memory_order_relaxed); }

/* The slot holding key (a stored key), its distances in *bounds; NULL
 * when the table has none. */
static inline MateSlot *find_slot(const MateTable *table, uint64_t key, uint64_t *bounds)
{
    MateSlot *bucket = bucket_of(table, key);
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        uint64_t b = load(&bucket[i].bounds);
        if ((load(&bucket[i].check) ^ b) == key) {
            *bounds = b;
            return &bucket[i];
        }
    }
    return NULL;
}

/* The slot of key (a stored key), its distances in *bounds: the one
 * holding it (found), else the one it takes (a free one, else the least
 * worked, its distances then EMPTY_BOUNDS). */
static MateSlot *slot_for(const MateTable *table, uint64_t key, uint64_t *bounds, bool *found)
{
    MateSlot *bucket = bucket_of(table, key);
    MateSlot *victim = NULL;
    bool victim_free = false;
    uint64_t victim_work = 0;
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        uint64_t b = load(&bucket[i].bounds), slot_key = load(&bucket[i].check) ^ b;
        if (slot_key == key) {
            *bounds = b;
            *found = true;
            return &bucket[i];
        }
        if (victim_free)
            continue; /* the first free slot is taken */
        uint64_t work = slot_key ? load(&bucket[i].work) : 0;
        if (!victim || !slot_key || work < victim_work) {
            victim = &bucket[i];
            victim_free = !slot_key;
            victim_work = work;
        }
    }
    *bounds = EMPTY_BOUNDS;
    *found = false;
    return victim;
}

typedef enum { SHOW_WIN, SHOW_LOSS } Question;

/* Stores what a question found at pos: shown within found plies (found >
 * 0), or not within plies (found == 0); best is the move behind it. */
static void remember(MateSearch *ms, uint64_t key, Question q, int plies, int found, Move best, uint64_t work)
{
    key = stored_key(key);
    uint64_t bounds;
    bool found_slot;
    MateSlot *slot = slot_for(ms->table, key, &bounds, &found_slot);
    Move old_best = MOVE_NONE;
    if (found_slot) {
        old_best = load(&slot->best);
        work += load(&slot->work);
    }
    int at = q == SHOW_WIN ? WIN_AT : LOSS_AT, below = q == SHOW_WIN ? NO_WIN_BELOW : NO_LOSS_BELOW;
    if (found > 0 && found < distance(bounds, at))
        bounds = with_distance(bounds, at, found);
    if (found == 0 && plies + 1 > distance(bounds, below))
        bounds = with_distance(bounds, below, plies + 1);
    atomic_store_explicit(&slot->bounds, bounds, memory_order_relaxed);
    atomic_store_explicit(&slot->best, best != MOVE_NONE ? best : old_best, memory_order_relaxed);
    atomic_store_explicit(&slot->work, work, memory_order_relaxed);
    atomic_store_explicit(&slot->check, key ^ bounds, memory_order_relaxed);
}

/* What the table knows of the question at plies: the distance shown, -1
 * when shown false, 0 when unknown; *best (unless best is NULL) the
 * slot's move. */
static int known(const MateSearch *ms, uint64_t key, Question q, int plies, Move *best)
{
    uint64_t bounds;
    MateSlot *slot = find_slot(ms->table, stored_key(key), &bounds);
    if (!slot)
        return 0;
    if (best)
        *best = load(&slot->best);
    int at = distance(bounds, q == SHOW_WIN ? WIN_AT : LOSS_AT);
    int below = distance(bounds, q == SHOW_WIN ? NO_WIN_BELOW : NO_LOSS_BELOW);
    if (at <= plies)
        return at;
    return plies < below ? -1 : 0;
}

/* After this many polls in which another thread's node count stood
 * still, it is taken to be suspended (about a thousand nodes: a quarter
 * of a millisecond, where a scheduler's turn lasts milliseconds). */
#define STILL_POLLS 4

/* A thread of several publishes its node count and looks at the others'. */
static void poll_peers(MateSearch *ms)
{
    MateBusy *busy = ms->busy;
    atomic_store_explicit(&busy->progress[ms->thread].nodes, ms->nodes, memory_order_relaxed);
    MatePeers *peers = ms->peers;
    for (int t = 0; t < ms->threads; t++) {
        uint64_t nodes = atomic_load_explicit(&busy->progress[t].nodes, memory_order_relaxed);
        if (nodes != peers->nodes[t]) {
            peers->nodes[t] = nodes;
            peers->still[t] = 0;
        } else if (peers->still[t] < STILL_POLLS) {
            peers->still[t]++;
        }
    }
}

/* Counts a node; true when the search must stop. */
static bool out_of_time(MateSearch *ms)
{
    if (ms->stopped)
        return true;
    if ((++ms->nodes & POLL_MASK) == 0) {
        if (ms->busy)
            poll_peers(ms);
        if (ms->must_stop && ms->must_stop(ms->context))
            ms->stopped = true;
    }
    return ms->stopped;
}

/* The moves of pos, the ones that end the game listed apart.  A list too
 * long to refute stops the search (its questions cannot be answered). */
typedef struct {
    Move move[MATE_MAX_MOVES];
    int order[MATE_MAX_MOVES];          /* sort key: lower first */
    uint64_t child_key[MATE_MAX_MOVES]; /* the position each move leads to */
    signed char ending[MATE_MAX_MOVES]; /* ending_for_mover of each move */
    int count;
    bool keyed; /* child_key filled (by order_moves) */
} MoveList;

static int ending_for_mover(const Game *g, const Position *pos, Move move);

static bool list_moves(MateSearch *ms, const Position *pos, MoveList *list)
{
    bool overflow = false;
    list->count = collect_moves(ms->game, pos, list->move, MATE_MAX_MOVES, &overflow);
    if (overflow)
        ms->stopped = true;
    for (int i = 0; !overflow && i < list->count; i++)
        list->ending[i] = (signed char)ending_for_mover(ms->game, pos, list->move[i]);
    return !overflow;
}

/* The mover's result when move ends the game: 1 win, 0 draw, -1 loss;
 * 2 when the game goes on. */
static int ending_for_mover(const Game *g, const Position *pos, Move move)
{
    Position child = *pos;
    g->play(&child, move);
    Outcome o = g->outcome(&child);
    if (o == OUTCOME_ONGOING)
        return 2;
    if (o == OUTCOME_DRAW)
        return 0;
    int winner = o == OUTCOME_WHITE_WINS ? WHITE : BLACK;
    return winner == g->side_to_move(pos) ? 1 : -1;
}

/* What the table already says of the child's question (the opponent's
 * loss within plies - 1 where q asks for a win, its win where q asks for
 * a loss): ANSWERS_Q when it settles q at once, SETTLED_AGAINST when it
 * cannot help q, else 0. */
enum { ANSWERS_Q = -1000, SETTLED_AGAINST = 2 * MATE_MAX_MOVES };

static int child_known(const MateSearch *ms, uint64_t child_key, Question q, int plies)
{
    int k = known(ms, child_key, q == SHOW_WIN ? SHOW_LOSS : SHOW_WIN, plies - 1, NULL);
    bool child_yes = k > 0, child_no = k < 0;
    if (q == SHOW_WIN)
        return child_yes ? ANSWERS_Q : child_no ? SETTLED_AGAINST : 0;
    return child_no ? ANSWERS_Q : child_yes ? SETTLED_AGAINST : 0;
}

/* Orders the moves that keep the game going: a child the table already
 * shows to settle the question first (looking ahead one move in the table
 * finds it wherever it is listed), then the table's move, then the ones
 * that leave the opponent fewest replies (in these games a player with few
 * moves is close to losing, whichever side is asking); children the table
 * shows useless last (they cost a probe). */
static void order_moves(const MateSearch *ms, const Position *pos, MoveList *list, Move table_move, Question q,
                        int plies)
{
    list->keyed = plies >= ORDER_FROM_PLIES;
    if (!list->keyed) {
        for (int i = 0; i < list->count; i++)
            list->order[i] = list->move[i] == table_move ? -1 : i;
        return;
    }
    /* The children's table slots are fetched all at once: probing them one
     * by one waited on a cache miss each (most of the search's time). */
    for (int i = 0; i < list->count; i++) {
        Position child = *pos;
        ms->game->play(&child, list->move[i]);
        list->child_key[i] = ms->game->hash(&child);
        const MateSlot *bucket = bucket_of(ms->table, stored_key(list->child_key[i]));
        __builtin_prefetch(bucket);
        __builtin_prefetch(bucket + SLOTS_PER_BUCKET - 1);
    }
    for (int i = 0; i < list->count; i++) {
        int settled = child_known(ms, list->child_key[i], q, plies);
        if (settled) {
            list->order[i] = settled;
        } else if (list->move[i] == table_move) {
            list->order[i] = -1;
        } else {
            Position child = *pos;
            ms->game->play(&child, list->move[i]);
            uint64_t replies = count_legal_moves(ms->game, &child);
            list->order[i] = replies > MATE_MAX_MOVES ? MATE_MAX_MOVES : (int)replies;
        }
    }
}

/* The i-th move in order (selection sort, a step per move tried); its
 * child's key moves with it. */
static Move pick(MoveList *list, int i)
{
    int best = i;
    for (int j = i + 1; j < list->count; j++)
        if (list->order[j] < list->order[best])
            best = j;
    Move m = list->move[best];
    int o = list->order[best];
    list->move[best] = list->move[i];
    list->order[best] = list->order[i];
    list->move[i] = m;
    list->order[i] = o;
    if (list->keyed) {
        uint64_t key = list->child_key[best];
        list->child_key[best] = list->child_key[i];
        list->child_key[i] = key;
    }
    return m;
}

/* Drops the moves that end the game, keeping the others in list order. */
static void drop_endings(MoveList *list)
{
    int kept = 0;
    for (int i = 0; i < list->count; i++)
        if (list->ending[i] == 2)
            list->move[kept++] = list->move[i];
    list->count = kept;
}

/* ---- threads: ABDADA's deferral (as in search/alphabeta/defer.c) ----
 *
 * A thread that reaches a child another thread is searching now leaves it
 * for the end of its node and takes the next one first; coming back, it
 * usually finds the other's answer in the table.  Without this the
 * threads, starting together at the root with the same order, would walk
 * the same children one behind the other.  The busy slots are a hint: a
 * slot two positions share, or a race between mark and look, costs a
 * child searched twice or once too late, never a wrong answer. */

static _Atomic uint64_t *busy_slot(const MateSearch *ms, uint64_t key)
{
    return &ms->busy->position[key >> (64 - MATE_BUSY_BITS)];
}

/* A slot's value for key, less its searcher's number (never 0). */
static uint64_t busy_tag(uint64_t key) { return (key | 0x100u) & ~(uint64_t)0xFF; }

_Static_assert(MATE_MAX_THREADS <= 0x100, "a searcher's number fits the low byte of a busy slot");

/* Marks pos (key) busy while this thread searches it; false when it is
 * not marked (one thread, or too small to be worth it). */
static bool mark_busy(const MateSearch *ms, uint64_t key, int plies)
{
    if (!ms->busy || plies < BUSY_FROM_PLIES)
        return false;
    atomic_store_explicit(busy_slot(ms, key), busy_tag(key) | (uint64_t)ms->thread, memory_order_relaxed);
    return true;
}

static void unmark_busy(const MateSearch *ms, uint64_t key)
{
    uint64_t expected = busy_tag(key) | (uint64_t)ms->thread;
    atomic_compare_exchange_strong_explicit(busy_slot(ms, key), &expected, 0, memory_order_relaxed,
                                            memory_order_relaxed);
}

/* Is the i-th child (picked, with child_plies left) one that another
 * thread, running now, searches? */
static bool child_busy(const MateSearch *ms, const MoveList *list, int i, int child_plies)
{
    if (!ms->busy || child_plies < BUSY_FROM_PLIES || !list->keyed)
        return false;
    uint64_t key = list->child_key[i];
    uint64_t mark = atomic_load_explicit(busy_slot(ms, key), memory_order_relaxed);
    if ((mark & ~(uint64_t)0xFF) != busy_tag(key))
        return false;
    int searcher = (int)(mark & 0xFF);
    return searcher != ms->thread && searcher < ms->threads && ms->peers->still[searcher] < STILL_POLLS;
}

/* The next child to search of a node whose list is picked in order: the
 * picked ones first, each busy one (from the first where may_defer_first,
 * else from the second) put off to the end; MOVE_NONE after the last. */
typedef struct {
    int16_t deferred[MATE_MAX_MOVES];
    int deferred_count;
    int next;
} ChildWalk;

/* Not an initializer: that would clear the whole list of deferred ones
 * at every node. */
static void start_walk(ChildWalk *walk)
{
    walk->deferred_count = 0;
    walk->next = 0;
}

static Move next_child(const MateSearch *ms, MoveList *list, ChildWalk *walk, int child_plies, bool may_defer_first)
{
    if (!ms->busy) /* alone: nothing to defer */
        return walk->next < list->count ? pick(list, walk->next++) : MOVE_NONE;
    while (walk->next < list->count) {
        int i = walk->next++;
        Move m = pick(list, i);
        if ((i > 0 || may_defer_first) && child_busy(ms, list, i, child_plies)) {
            walk->deferred[walk->deferred_count++] = (int16_t)i;
            continue;
        }
        return m;
    }
    int back = walk->next++ - list->count;
    return back < walk->deferred_count ? list->move[walk->deferred[back]] : MOVE_NONE;
}

/* ---- the two questions ---- */

static int wins_within(MateSearch *ms, const Position *pos, int plies);
static int loses_within(MateSearch *ms, const Position *pos, int plies);

/* loses_within's search, once the table had no answer (start: the node
 * count before this node, whose work it counts). */
static int search_loss(MateSearch *ms, const Position *pos, uint64_t key, int plies, Move table_move, uint64_t start)
{
    MoveList list;
    if (!list_moves(ms, pos, &list) || list.count == 0)
        return 0; /* stopped, or an unfinished game with no move: nothing to show */
    int longest = 0;
    for (int i = 0; i < list.count; i++) {
        int ending = list.ending[i];
        bool survives = ending == 1 || ending == 0 || (ending == 2 && plies == 1);
        if (survives) {
            remember(ms, key, SHOW_LOSS, ending == 2 ? plies : MATE_MAX_PLIES, 0, list.move[i], 1);
            return 0;
        }
        if (ending == -1)
            longest = 1;
    }
    drop_endings(&list);
    order_moves(ms, pos, &list, table_move, SHOW_LOSS, plies);
    /* Every child must be shown here: any of them may be put off. */
    ChildWalk walk;
    start_walk(&walk);
    for (Move m; (m = next_child(ms, &list, &walk, plies - 1, true)) != MOVE_NONE;) {
        Position child = *pos;
        ms->game->play(&child, m);
        int win = wins_within(ms, &child, plies - 1);
        if (ms->stopped)
            return 0;
        if (win == 0) {
            remember(ms, key, SHOW_LOSS, plies, 0, m, ms->nodes - start);
            return 0;
        }
        if (win + 1 > longest)
            longest = win + 1;
    }
    remember(ms, key, SHOW_LOSS, plies, longest, MOVE_NONE, ms->nodes - start);
    return longest;
}

/* wins_within's search, once the table had no answer (start as above). */
static int search_win(MateSearch *ms, const Position *pos, uint64_t key, int plies, Move table_move, uint64_t start)
{
    MoveList list;
    if (!list_moves(ms, pos, &list))
        return 0;
    for (int i = 0; i < list.count; i++)
        if (list.ending[i] == 1) {
            remember(ms, key, SHOW_WIN, plies, 1, list.move[i], 1);
            return 1;
        }
    if (plies > 1) {
        drop_endings(&list);
        order_moves(ms, pos, &list, table_move, SHOW_WIN, plies);
        /* The first in order, the likeliest win, is searched by every
         * thread that comes here (ABDADA's eldest brother). */
        ChildWalk walk;
        start_walk(&walk);
        for (Move m; (m = next_child(ms, &list, &walk, plies - 1, false)) != MOVE_NONE;) {
            Position child = *pos;
            ms->game->play(&child, m);
            int loss = loses_within(ms, &child, plies - 1);
            if (ms->stopped)
                return 0;
            if (loss > 0) {
                remember(ms, key, SHOW_WIN, plies, loss + 1, m, ms->nodes - start);
                return loss + 1;
            }
        }
    }
    remember(ms, key, SHOW_WIN, plies, 0, MOVE_NONE, ms->nodes - start);
    return 0;
}

/* Does the side to move win (question SHOW_WIN) or lose (SHOW_LOSS)
 * within plies?  A win: one move that wins at once, or after which the
 * opponent loses within plies - 1.  A loss: every move loses, and one that
 * ends the game without losing, or that the opponent cannot beat within
 * plies - 1, refutes it.  Returns the distance found (the win, or the
 * longest loss), or 0.  The table answers first; a node being searched
 * is marked busy for the other threads meanwhile. */
static int within(MateSearch *ms, const Position *pos, int plies, Question question)
{
    if (plies < 1)
        return 0;
    uint64_t key = ms->game->hash(pos), start = ms->nodes;
    Move table_move = MOVE_NONE;
    int k = known(ms, key, question, plies, &table_move);
    if (k != 0)
        return k > 0 ? k : 0;
    if (out_of_time(ms))
        return 0;
    bool marked = mark_busy(ms, key, plies);
    int found = question == SHOW_WIN ? search_win(ms, pos, key, plies, table_move, start)
                                     : search_loss(ms, pos, key, plies, table_move, start);
    if (marked)
        unmark_busy(ms, key);
    return found;
}

static int wins_within(MateSearch *ms, const Position *pos, int plies) { return within(ms, pos, plies, SHOW_WIN); }

static int loses_within(MateSearch *ms, const Position *pos, int plies) { return within(ms, pos, plies, SHOW_LOSS); }

bool mate_wins_within(MateSearch *ms, const Position *pos, int plies) { return wins_within(ms, pos, plies) > 0; }

bool mate_loses_within(MateSearch *ms, const Position *pos, int plies)
{
    return loses_within(ms, pos, plies) > 0;
}

/* Does move keep the root's exact result of plies: a win in plies needs
 * the opponent to lose within plies - 1 after it (or the game won at once
 * with plies 1); the slowest loss needs the opponent not to win within
 * plies - 2 (so the game lasts plies), and with plies 1 every move loses
 * at once.  The shorter distances being refuted, "within" is "in". */
static bool keeps_exact_result(MateSearch *ms, const Position *root, Move move, int ending, bool wins, int plies)
{
    if (ending != 2)
        return plies == 1 && ending == (wins ? 1 : -1);
    if (wins && plies < 2)
        return false;
    Position child = *root;
    ms->game->play(&child, move);
    if (wins)
        return loses_within(ms, &child, plies - 1) > 0;
    return wins_within(ms, &child, plies - 2) == 0 && !ms->stopped;
}

/* The root's move once its distance is exact, checked by the questions
 * that define it (mostly answered by the table): the table's move first
 * (the winning move, or the one that survived the last refuted distance),
 * then the others in list order, since another thread may have left the
 * slot a move of a shorter question.  MOVE_NONE when stopped. */
static Move exact_root_move(MateSearch *ms, const Position *root, bool wins, int plies)
{
    MoveList list;
    if (!list_moves(ms, root, &list))
        return MOVE_NONE;
    uint64_t bounds;
    MateSlot *slot = find_slot(ms->table, stored_key(ms->game->hash(root)), &bounds);
    Move table_move = slot ? load(&slot->best) : MOVE_NONE;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < list.count; i++) {
            if ((list.move[i] == table_move) != (pass == 0))
                continue;
            if (keeps_exact_result(ms, root, list.move[i], list.ending[i], wins, plies))
                return list.move[i];
            if (ms->stopped)
                return MOVE_NONE;
        }
    return MOVE_NONE;
}

/* The child of pos that keeps to an exact result of plies for its side to
 * move (wins: a win in plies; else a loss in plies), as the table knows it. */
static Move line_move(const MateSearch *ms, const Position *pos, bool wins, int plies)
{
    MoveList list;
    bool overflow = false;
    list.count = collect_moves(ms->game, pos, list.move, MATE_MAX_MOVES, &overflow);
    for (int i = 0; i < list.count; i++) {
        Position child = *pos;
        ms->game->play(&child, list.move[i]);
        if (ms->game->outcome(&child) != OUTCOME_ONGOING) {
            if (plies == 1 && ending_for_mover(ms->game, pos, list.move[i]) == (wins ? 1 : -1))
                return list.move[i];
            continue;
        }
        uint64_t bounds;
        if (find_slot(ms->table, stored_key(ms->game->hash(&child)), &bounds) &&
            distance(bounds, wins ? LOSS_AT : WIN_AT) == plies - 1)
            return list.move[i];
    }
    return MOVE_NONE;
}

static void read_line(const MateSearch *ms, const Position *root, bool wins, MateDistance *d)
{
    Position pos = *root;
    int plies = d->plies;
    d->line_length = 0;
    while (plies > 0 && d->line_length < MATE_LINE_MAX) {
        Move m = d->line_length == 0 ? d->move : line_move(ms, &pos, wins, plies);
        if (m == MOVE_NONE)
            break;
        d->line[d->line_length++] = m;
        ms->game->play(&pos, m);
        if (ms->game->outcome(&pos) != OUTCOME_ONGOING)
            break;
        wins = !wins;
        plies--;
    }
}

MateDistance mate_distance_shorten(MateSearch *ms, const Position *root, bool wins, int bound_plies)
{
    MateDistance d = {.plies = bound_plies, .exact = false, .move = MOVE_NONE, .line_length = 0};
    for (int plies = 1; plies <= MATE_MAX_PLIES; plies++) {
        int found = wins ? wins_within(ms, root, plies) : loses_within(ms, root, plies);
        if (ms->stopped)
            return d;
        if (found) {
            Move move = exact_root_move(ms, root, wins, found);
            if (move == MOVE_NONE)
                return d; /* stopped before the move was checked: the bound stands */
            d.plies = found;
            d.exact = true;
            d.move = move;
            read_line(ms, root, wins, &d);
            return d;
        }
    }
    return d;
}
