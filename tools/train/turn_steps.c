/* turn_steps.c - the positions along a played turn's steps (turn_steps.h). */
#include "train/turn_steps.h"

#include "games/gameutil.h"

/* Depth-first over the steps from pos, steps[0..depth) played so far:
 * the number of steps of a sequence that completes the turn as move (out
 * then holds the positions after each step but the last), or -1. */
static int find_path(const Game *game, const Position *pos, Move move, Move *steps, int depth, Position *out)
{
    if (depth == TURN_STEPS_MAX)
        return -1;
    Move next[MAX_STEPS_PER_NODE];
    const int count = game->generate_steps(pos, next, MAX_STEPS_PER_NODE);
    for (int i = 0; i < count; i++) {
        Position child = *pos;
        game->play_step(&child, next[i]);
        steps[depth] = next[i];
        if (!game->turn_in_progress(&child)) {
            if (game->join_steps(steps, depth + 1) == move)
                return depth + 1;
            continue;
        }
        out[depth] = child;
        const int length = find_path(game, &child, move, steps, depth + 1, out);
        if (length > 0)
            return length;
    }
    return -1;
}

int turn_steps_of(const Game *game, const Position *pos, Move move, Move *steps, Position *inner)
{
    if (!has_step_hooks(game))
        return 0;
    const int length = find_path(game, pos, move, steps, 0, inner);
    return length > 0 ? length : 0;
}

int turn_inner_positions(const Game *game, const Position *pos, Move move, Position *out)
{
    Move steps[TURN_STEPS_MAX];
    const int length = turn_steps_of(game, pos, move, steps, out);
    return length > 1 ? length - 1 : 0;
}
