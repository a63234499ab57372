/*
 * position.c - what the alpha-beta files ask of a position: play a move
 * (a step, or a whole turn), what kind of child it makes, the score of a
 * finished game, and the evaluations.  Below the node search and the move
 * ordering alike, which both use it and which it never calls.
 */
#include "nn/evaluation.h"
#include "search/alphabeta/position.h"

void ab_play(const AbShared *s, Position *pos, Move move)
{
    if (s->steps)
        s->game->play_step(pos, move);
    else
        s->game->play(pos, move);
}

ChildKind ab_child_kind(const AbShared *s, const Position *child)
{
    if (s->game->outcome(child) != OUTCOME_ONGOING)
        return CHILD_GAME_OVER;
    if (s->steps && s->game->turn_in_progress(child))
        return CHILD_SAME_PLAYER;
    return CHILD_OTHER_PLAYER;
}

int ab_game_over_score(const Game *g, const Position *child, int mover, int turn_number)
{
    Outcome o = g->outcome(child);
    if (o == OUTCOME_DRAW)
        return 0;
    int winner = o == OUTCOME_WHITE_WINS ? WHITE : BLACK;
    int win = SCORE_WIN - turn_number;
    return winner == mover ? win : -win;
}

static int within_bound(int v) { return v > EVAL_BOUND ? EVAL_BOUND : v < -EVAL_BOUND ? -EVAL_BOUND : v; }

int ab_static_eval(const Game *g, const Position *pos)
{
    return g->evaluate ? within_bound(evaluate_position(g, pos)) : 0;
}

int ab_line_eval(AbWorker *w, const Position *pos, int ply)
{
    const Game *g = w->shared->game;
    return g->evaluate ? within_bound(evaluate_on_line(g, &w->nn_stack, ply, pos)) : 0;
}

/* Ordering looks at every child of a node: the hand-written evaluation,
 * whatever Eval says, since a network there costs its price once per
 * child (Territoire at Eval=nn: about 1.5x the nodes per second). */
int ab_ordering_eval(const Game *g, const Position *pos)
{
    return g->evaluate ? within_bound(g->evaluate(pos)) : 0;
}
