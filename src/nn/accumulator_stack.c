/* accumulator_stack.c - accumulators along the searched line (accumulator_stack.h). */
#include "nn/accumulator_stack.h"

#include "nn/accumulator.h"

void nn_stack_clear(NnStack *stack)
{
    stack->net = NULL;
    for (int p = 0; p < NN_STACK_PLIES; p++) {
        stack->ply[p].pos = NULL;
        stack->ply[p].features_known = stack->ply[p].sums_known = false;
    }
}

static bool features_of(const Game *game, NnPly *entry)
{
    if (!entry->features_known) {
        entry->count = game->nn_features(entry->pos, entry->active);
        entry->mover = game->side_to_move(entry->pos);
        entry->features_known = true;
    }
    return entry->count >= 0;
}

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

/* The inputs to take off base's sums and put on to make entry's: the
 * cheap pairing when the counts agree and it is short, else the merge. */
static void inputs_changed(const NnPly *base, const NnPly *entry, uint16_t *removed, int *removed_count,
                           uint16_t *added, int *added_count)
{
    if (base->count == entry->count) {
        const int pairs = nn_feature_substitution(base->active, entry->active, entry->count, removed, added);
        if (2 * pairs < entry->count) {
            *removed_count = *added_count = pairs;
            return;
        }
    }
    nn_feature_difference(base->active, base->count, entry->active, entry->count, removed, removed_count, added,
                          added_count);
}

static const int32_t *sums_at(NnStack *stack, const Game *game, int ply);

/* The nearest earlier ply on the line where the same player moves, by
 * side_to_move alone (the inputs are not listed); -1 when there is none. */
static int base_by_mover(const NnStack *stack, const Game *game, int ply)
{
    const int mover = game->side_to_move(stack->ply[ply].pos);
    for (int p = ply - 1; p >= 0 && stack->ply[p].pos; p--)
        if (game->side_to_move(stack->ply[p].pos) == mover)
            return p;
    return -1;
}

/* Where the game tells the inputs that changed (Game.nn_feature_changes):
 * the base's sums with the pairs swapped, neither list made.  False where
 * that does not pay (or there is no base): the caller sums the usual way.
 * Pairs keep the count of active inputs, so the entry's is the base's. */
static bool sums_by_changes(NnStack *stack, const Game *game, int ply)
{
    NnPly *entry = &stack->ply[ply];
    const int base = base_by_mover(stack, game, ply);
    if (base < 0)
        return false;
    uint16_t removed[NN_MAX_ACTIVE / 2], added[NN_MAX_ACTIVE / 2];
    const int pairs = game->nn_feature_changes(stack->ply[base].pos, entry->pos, removed, added, NN_MAX_ACTIVE / 2);
    if (pairs < 0)
        return false;
    const int32_t *from = sums_at(stack, game, base);
    if (!from || 2 * pairs >= stack->ply[base].count)
        return false;
    nn_quant_update(stack->net, from, entry->sums, removed, pairs, added, pairs);
    entry->count = stack->ply[base].count;
    entry->sums_known = true;
    return true;
}

static const int32_t *sums_at(NnStack *stack, const Game *game, int ply)
{
    NnPly *entry = &stack->ply[ply];
    if (entry->sums_known)
        return entry->sums;
    if (game->nn_feature_changes && sums_by_changes(stack, game, ply))
        return entry->sums;
    if (!features_of(game, entry))
        return NULL;
    const int base = base_of(stack, game, ply);
    uint16_t removed[NN_MAX_ACTIVE], added[NN_MAX_ACTIVE];
    int removed_count = 0, added_count = 0;
    if (base >= 0)
        inputs_changed(&stack->ply[base], entry, removed, &removed_count, added, &added_count);
    /* The base's sums are made first where not known yet (recursively,
     * bounded by the line: each ply's are made once); search threads have
     * deep stacks for the lists kept on the way. */
    const bool worth_it = base >= 0 && removed_count + added_count < entry->count;
    const int32_t *from = worth_it ? sums_at(stack, game, base) : NULL;
    if (from)
        nn_quant_update(stack->net, from, entry->sums, removed, removed_count, added, added_count);
    else
        nn_quant_refresh(stack->net, entry->active, entry->count, entry->sums);
    entry->sums_known = true;
    return entry->sums;
}

const int32_t *nn_stack_sums(NnStack *stack, const QuantNet *net, const Game *game, int ply)
{
    if (ply >= NN_STACK_PLIES || !stack->ply[ply].pos)
        return NULL;
    if (stack->net != net) { /* another net: every sum kept is stale */
        for (int p = 0; p < NN_STACK_PLIES; p++)
            stack->ply[p].sums_known = false;
        stack->net = net;
    }
    return sums_at(stack, game, ply);
}
