/*
 * alphabeta/turns.c - whole turns out of searched steps.
 *
 * The protocol speaks whole turns, but a step search may stop (or its pv
 * may end) in the middle of one; the turn is then finished by the table's
 * moves, else by the step that evaluates best, so `bestmove` is always a
 * complete, legal turn.
 */
#include "search/alphabeta/position.h"

static bool is_legal_step(const AbShared *s, const Position *pos, Move step)
{
    Move steps[MAX_STEPS_PER_NODE];
    int n = s->game->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    for (int i = 0; i < n; i++)
        if (steps[i] == step)
            return true;
    return false;
}

static Move greedy_step(const AbShared *s, const Position *pos)
{
    Move steps[MAX_STEPS_PER_NODE];
    int n = s->game->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    int mover = s->game->side_to_move(pos);
    Move best = n > 0 ? steps[0] : MOVE_NONE;
    int best_value = -SCORE_INFINITE;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        s->game->play_step(&child, steps[i]);
        int value;
        switch (ab_child_kind(s, &child)) {
        case CHILD_GAME_OVER: value = ab_game_over_score(s->game, &child, mover, 1); break;
        case CHILD_SAME_PLAYER: value = ab_static_eval(s->game, &child); break;
        default: value = -ab_static_eval(s->game, &child); break;
        }
        if (value > best_value) {
            best_value = value;
            best = steps[i];
        }
    }
    return best;
}

static Move next_step(const AbShared *s, const Position *pos)
{
    TTEntry e;
    if (tt_probe(s->tt, s->game->hash(pos), &e) && e.move != MOVE_NONE && is_legal_step(s, pos, e.move))
        return e.move;
    return greedy_step(s, pos);
}

/* Plays steps from *pos until the turn is complete; *used counts the given
 * steps consumed.  Returns the joined turn, or MOVE_NONE if none exists. */
static Move finish_from(const AbShared *s, Position *pos, const Move *steps, int count, int *used)
{
    Move turn[AB_MAX_CHILDREN];
    int n = 0;
    *used = 0;
    while (n < AB_MAX_CHILDREN) {
        Move step;
        if (*used < count && is_legal_step(s, pos, steps[*used])) {
            step = steps[(*used)++];
        } else {
            *used = count; /* what follows an illegal step means nothing */
            step = next_step(s, pos);
        }
        if (step == MOVE_NONE)
            break;
        s->game->play_step(pos, step);
        turn[n++] = step;
        if (ab_child_kind(s, pos) != CHILD_SAME_PLAYER)
            break;
    }
    return n ? s->game->join_steps(turn, n) : MOVE_NONE;
}

Move ab_finish_turn(const AbShared *s, const Position *root, const Move *steps, int count)
{
    if (!s->steps)
        return count > 0 ? steps[0] : MOVE_NONE;
    Position pos = *root;
    int used;
    return finish_from(s, &pos, steps, count, &used);
}

Move ab_line_turn(const AbWorker *w)
{
    const AbShared *s = w->shared;
    return w->pv_length[0] > 0 ? ab_finish_turn(s, &s->job->record.current, w->pv[0], w->pv_length[0])
                               : MOVE_NONE;
}

/* How many plies from pos complete the turn (0 when they never do). */
static int plies_to_turn_end(const AbShared *s, Position pos, const Move *plies, int count)
{
    for (int i = 0; i < count; i++) {
        s->game->play_step(&pos, plies[i]);
        if (ab_child_kind(s, &pos) != CHILD_SAME_PLAYER)
            return i + 1;
    }
    return 0;
}

int ab_pv_turns(const AbShared *s, const Position *root, const Move *plies, int count, Move *turns,
                int capacity)
{
    if (!s->steps) {
        int n = count < capacity ? count : capacity;
        for (int i = 0; i < n; i++)
            turns[i] = plies[i];
        return n;
    }
    if (capacity <= 0)
        return 0;
    Position pos = *root;
    int used;
    turns[0] = finish_from(s, &pos, plies, count, &used);
    int n = turns[0] == MOVE_NONE ? 0 : 1;
    /* Past the first turn only the pv's own complete turns are shown. */
    while (n < capacity && used < count && ab_child_kind(s, &pos) != CHILD_GAME_OVER) {
        int len = plies_to_turn_end(s, pos, plies + used, count - used);
        if (len == 0)
            break;
        for (int i = 0; i < len; i++)
            s->game->play_step(&pos, plies[used + i]);
        turns[n++] = s->game->join_steps(plies + used, len);
        used += len;
    }
    return n;
}
