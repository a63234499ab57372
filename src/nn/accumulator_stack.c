/* accumulator_stack.c - accumulators along the searched line (accumulator_stack.h). */
#include "nn/accumulator_stack.h"

#include "nn/accumulator.h"

static void forget_sums(NnPly *entry) { entry->sums_known[WHITE] = entry->sums_known[BLACK] = false; }

void nn_stack_clear(NnStack *stack)
{
    stack->net = NULL;
    for (int p = 0; p < NN_STACK_PLIES; p++) {
        stack->ply[p].pos = NULL;
        stack->ply[p].features_known = false;
        forget_sums(&stack->ply[p]);
    }
}

static int input_words(const Game *game) { return (game->nn_input_count + 63) / 64; }

static void list_features(const Game *game, NnPly *entry)
{
    entry->count = game->nn_features(entry->pos, entry->active);
    entry->mover = game->side_to_move(entry->pos);
    entry->features_known = true;
    for (int w = 0; w < input_words(game); w++)
        entry->bits[w] = 0;
    for (int k = 0; k < entry->count; k++)
        entry->bits[entry->active[k] / 64] |= 1ULL << (entry->active[k] % 64);
}

static bool features_of(const Game *game, NnPly *entry)
{
    if (!entry->features_known)
        list_features(game, entry);
    return entry->count >= 0;
}

/* ---- games that list their inputs only (compared list to list) ---- */

/* The nearest earlier ply on the line whose inputs are from the same
 * player's view; -1 when there is none. */
static int base_of(NnStack *stack, const Game *game, int ply)
{
    const int mover = stack->ply[ply].mover;
    for (int p = ply - 1; p >= 0; p--) {
        NnPly *entry = &stack->ply[p];
        if (!entry->pos)
            return -1;
        if (features_of(game, entry) && entry->mover == mover)
            return p;
    }
    return -1;
}

/* The inputs to take off base's sums and put on to make entry's, in
 * ascending order, from the two sets' exclusive or. */
static void inputs_changed(const Game *game, const NnPly *base, const NnPly *entry, uint16_t *removed,
                           int *removed_count, uint16_t *added, int *added_count)
{
    int r = 0, a = 0;
    for (int w = 0; w < input_words(game); w++) {
        const uint64_t differ = base->bits[w] ^ entry->bits[w];
        for (uint64_t left = differ & base->bits[w]; left; left &= left - 1)
            removed[r++] = (uint16_t)(w * 64 + __builtin_ctzll(left));
        for (uint64_t came = differ & entry->bits[w]; came; came &= came - 1)
            added[a++] = (uint16_t)(w * 64 + __builtin_ctzll(came));
    }
    *removed_count = r;
    *added_count = a;
}

/* The sums of ply seen by its mover, the only view kept for these games. */
static const int32_t *listed_sums_at(NnStack *stack, const Game *game, int ply)
{
    NnPly *entry = &stack->ply[ply];
    if (!features_of(game, entry))
        return NULL;
    if (entry->sums_known[entry->mover])
        return entry->sums[entry->mover];
    const int base = base_of(stack, game, ply);
    uint16_t removed[NN_MAX_ACTIVE], added[NN_MAX_ACTIVE];
    int removed_count = 0, added_count = 0;
    if (base >= 0)
        inputs_changed(game, &stack->ply[base], entry, removed, &removed_count, added, &added_count);
    /* The base's sums are made first where not known yet (recursively,
     * bounded by the line: each ply's are made once); search threads have
     * deep stacks for the lists kept on the way. */
    const bool worth_it = base >= 0 && removed_count + added_count < entry->count;
    const int32_t *from = worth_it ? listed_sums_at(stack, game, base) : NULL;
    int32_t *sums = entry->sums[entry->mover];
    if (from)
        nn_quant_update(stack->net, from, sums, removed, removed_count, added, added_count);
    else
        nn_quant_refresh(stack->net, entry->active, entry->count, sums);
    entry->sums_known[entry->mover] = true;
    return sums;
}

/* ---- games that tell what a move changed (Game.nn_feature_changes) ---- */

/* The most pairs taken from the game for one move (19 on average in
 * Qawale); a move that changes more (a sowing over most of the board)
 * leaves its position to be summed whole, where its mover sees it. */
#define CHANGES_MAX (NN_MAX_ACTIVE / 4)

static const int32_t *view_sums_at(NnStack *stack, const Game *game, int ply, int view);

/* The parent's sums seen by view plus what the move changed in that view;
 * false where the changes are too many or the parent has no such sums. */
static bool sums_from_parent(NnStack *stack, const Game *game, int ply, int view)
{
    NnPly *entry = &stack->ply[ply];
    uint16_t removed[CHANGES_MAX], added[CHANGES_MAX];
    const int pairs = game->nn_feature_changes(stack->ply[ply - 1].pos, entry->pos, view, removed, added, CHANGES_MAX);
    const int32_t *from = pairs >= 0 ? view_sums_at(stack, game, ply - 1, view) : NULL;
    if (!from)
        return false;
    nn_quant_update(stack->net, from, entry->sums[view], removed, pairs, added, pairs);
    return true;
}

/* The sums of ply seen by view, made from the parent's in the same view
 * (each ply's recursively, once per entering); where that fails, summed
 * whole if view moves there, else none (NULL). */
static const int32_t *view_sums_at(NnStack *stack, const Game *game, int ply, int view)
{
    NnPly *entry = &stack->ply[ply];
    if (entry->sums_known[view])
        return entry->sums[view];
    const bool from_parent = ply > 0 && stack->ply[ply - 1].pos && sums_from_parent(stack, game, ply, view);
    if (!from_parent) {
        if (game->side_to_move(entry->pos) != view || !features_of(game, entry))
            return NULL;
        nn_quant_refresh(stack->net, entry->active, entry->count, entry->sums[view]);
    }
    entry->sums_known[view] = true;
    return entry->sums[view];
}

const int32_t *nn_stack_sums(NnStack *stack, const QuantNet *net, const Game *game, int ply)
{
    if (ply >= NN_STACK_PLIES || !stack->ply[ply].pos || input_words(game) > NN_STACK_INPUT_WORDS)
        return NULL;
    if (stack->net != net) { /* another net: every sum kept is stale */
        for (int p = 0; p < NN_STACK_PLIES; p++)
            forget_sums(&stack->ply[p]);
        stack->net = net;
    }
    if (game->nn_feature_changes)
        return view_sums_at(stack, game, ply, game->side_to_move(stack->ply[ply].pos));
    return listed_sums_at(stack, game, ply);
}
