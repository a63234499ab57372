/* mate_distance.c - the exact distance of a proven result (see
 * mate_distance.h).
 *
 * Two questions per position, each monotone in the distance d: "wins
 * within d" stays true for every longer d, "does not" for every shorter.
 * A table slot keeps, per question, the shortest distance shown true and
 * the distance below which it was shown false; a question inside what is
 * known needs no search.  Answers are the distances found (0: no), so a
 * win found within 9 that takes 7 is stored as 7. */
#include "search/mate_distance.h"

#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "util/huge_alloc.h"

#define SLOTS_PER_BUCKET 4
#define NOT_SHOWN UINT16_MAX
#define POLL_MASK 255u
/* Below this distance the children are tried in list order: their
 * questions cost about what ordering them would. */
#define ORDER_FROM_PLIES 3

struct MateSlot {
    uint64_t key; /* 0 = free (a key of 0 is stored as 1) */
    Move best;    /* the move that won, or that survived a question */
    uint32_t work;
    uint16_t win_at;         /* wins within this (shortest shown); NOT_SHOWN */
    uint16_t no_win_below;   /* does not win within any d below this */
    uint16_t loss_at;        /* loses within this (shortest shown); NOT_SHOWN */
    uint16_t no_loss_below;  /* does not lose within any d below this */
};

bool mate_table_allocate(MateTable *table, size_t megabytes)
{
    size_t bytes = (megabytes ? megabytes : 1) << 20;
    size_t buckets = bytes / (SLOTS_PER_BUCKET * sizeof(MateSlot));
    table->slots = huge_zeroed_alloc(buckets * SLOTS_PER_BUCKET * sizeof(MateSlot));
    table->bucket_count = table->slots ? buckets : 0;
    return table->slots != NULL;
}

void mate_table_free(MateTable *table)
{
    huge_free(table->slots, table->bucket_count * SLOTS_PER_BUCKET * sizeof(MateSlot));
    table->slots = NULL;
    table->bucket_count = 0;
}

void mate_table_clear(MateTable *table)
{
    if (table->slots)
        memset(table->slots, 0, table->bucket_count * SLOTS_PER_BUCKET * sizeof(MateSlot));
}

static uint64_t stored_key(uint64_t key) { return key ? key : 1; }

static MateSlot *bucket_of(const MateTable *table, uint64_t key)
{
    size_t index = (size_t)(((unsigned __int128)key * table->bucket_count) >> 64);
    return table->slots + index * SLOTS_PER_BUCKET;
}

static const MateSlot *probe(const MateTable *table, uint64_t key)
{
    key = stored_key(key);
    const MateSlot *bucket = bucket_of(table, key);
    for (int i = 0; i < SLOTS_PER_BUCKET; i++)
        if (bucket[i].key == key)
            return &bucket[i];
    return NULL;
}

/* The slot of key, made when absent: a free one, else the least worked. */
static MateSlot *slot_for(MateTable *table, uint64_t key)
{
    key = stored_key(key);
    MateSlot *bucket = bucket_of(table, key);
    MateSlot *victim = bucket;
    for (int i = 0; i < SLOTS_PER_BUCKET; i++) {
        if (bucket[i].key == key)
            return &bucket[i];
        if (victim->key && (!bucket[i].key || bucket[i].work < victim->work))
            victim = &bucket[i];
    }
    *victim = (MateSlot){.key = key, .best = MOVE_NONE, .win_at = NOT_SHOWN, .loss_at = NOT_SHOWN};
    return victim;
}

static void add_work(MateSlot *slot, uint64_t work)
{
    uint64_t sum = slot->work + work;
    slot->work = sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}

typedef enum { SHOW_WIN, SHOW_LOSS } Question;

/* Stores what a question found at pos: shown within found plies (found >
 * 0), or not within plies (found == 0); best is the move behind it. */
static void remember(MateSearch *ms, uint64_t key, Question q, int plies, int found, Move best, uint64_t work)
{
    MateSlot *slot = slot_for(ms->table, key);
    uint16_t *at = q == SHOW_WIN ? &slot->win_at : &slot->loss_at;
    uint16_t *below = q == SHOW_WIN ? &slot->no_win_below : &slot->no_loss_below;
    if (found > 0 && found < *at)
        *at = (uint16_t)found;
    if (found == 0 && plies + 1 > *below)
        *below = (uint16_t)(plies + 1);
    if (best != MOVE_NONE)
        slot->best = best;
    add_work(slot, work);
}

/* What the table knows of the question at plies: the distance shown, -1
 * when shown false, 0 when unknown. */
static int known(const MateSearch *ms, uint64_t key, Question q, int plies, Move *best)
{
    const MateSlot *slot = probe(ms->table, key);
    if (!slot)
        return 0;
    *best = slot->best;
    int at = q == SHOW_WIN ? slot->win_at : slot->loss_at;
    int below = q == SHOW_WIN ? slot->no_win_below : slot->no_loss_below;
    if (at <= plies)
        return at;
    return plies < below ? -1 : 0;
}

/* Counts a node; true when the search must stop. */
static bool out_of_time(MateSearch *ms)
{
    if (ms->stopped)
        return true;
    if ((++ms->nodes & POLL_MASK) == 0 && ms->must_stop && ms->must_stop(ms->context))
        ms->stopped = true;
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
    Move unused;
    int k = known(ms, child_key, q == SHOW_WIN ? SHOW_LOSS : SHOW_WIN, plies - 1, &unused);
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
    if (plies < ORDER_FROM_PLIES) {
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

/* The i-th move in order (selection sort, a step per move tried). */
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

static int wins_within(MateSearch *ms, const Position *pos, int plies);

/* Does the side to move lose within plies?  Only if every move loses:
 * one that ends the game without losing, or that the opponent cannot beat
 * within plies - 1, refutes it.  Returns the longest loss found, or 0. */
static int loses_within(MateSearch *ms, const Position *pos, int plies)
{
    if (plies < 1)
        return 0;
    uint64_t key = ms->game->hash(pos), start = ms->nodes;
    Move table_move = MOVE_NONE;
    int k = known(ms, key, SHOW_LOSS, plies, &table_move);
    if (k != 0)
        return k > 0 ? k : 0;
    if (out_of_time(ms))
        return 0;
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
    for (int i = 0; i < list.count; i++) {
        Move m = pick(&list, i);
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

/* Does the side to move win within plies?  One move that wins at once, or
 * after which the opponent loses within plies - 1, shows it.  Returns the
 * distance of the win found, or 0. */
static int wins_within(MateSearch *ms, const Position *pos, int plies)
{
    if (plies < 1)
        return 0;
    uint64_t key = ms->game->hash(pos), start = ms->nodes;
    Move table_move = MOVE_NONE;
    int k = known(ms, key, SHOW_WIN, plies, &table_move);
    if (k != 0)
        return k > 0 ? k : 0;
    if (out_of_time(ms))
        return 0;
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
        for (int i = 0; i < list.count; i++) {
            Move m = pick(&list, i);
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

bool mate_wins_within(MateSearch *ms, const Position *pos, int plies) { return wins_within(ms, pos, plies) > 0; }

bool mate_loses_within(MateSearch *ms, const Position *pos, int plies)
{
    return loses_within(ms, pos, plies) > 0;
}

/* The root's move once its distance is exact: the table's winning move,
 * or the move that survived the last refuted distance (the slowest loss). */
static Move root_move(const MateSearch *ms, const Position *root)
{
    const MateSlot *slot = probe(ms->table, ms->game->hash(root));
    return slot ? slot->best : MOVE_NONE;
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
        const MateSlot *slot = probe(ms->table, ms->game->hash(&child));
        int needed = plies - 1;
        if (slot && (wins ? slot->loss_at == needed : slot->win_at == needed))
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
            d.plies = found;
            d.exact = true;
            d.move = root_move(ms, root);
            read_line(ms, root, wins, &d);
            return d;
        }
    }
    return d;
}
