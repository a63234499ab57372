/* wdl.c - scores to win/draw/loss per mille (see wdl.h). */
#include "search/wdl.h"

#include <math.h>

bool wdl_model_known(const WdlModel *model) { return model->scale > 0.0 && model->draw_margin >= 0.0; }

WdlContext wdl_context_of(const Game *game, const Position *pos)
{
    return (WdlContext){game->side_to_move(pos), game->turns_left(pos)};
}

/* The logistic, written so that exp never overflows into inf/inf. */
static double logistic(double t) { return t >= 0.0 ? 1.0 / (1.0 + exp(-t)) : exp(t) / (1.0 + exp(t)); }

/* The form of game.h at x, the score less the side's bias. */
static void chances_at(const WdlModel *model, int turns_left, double x, double *win, double *draw, double *loss)
{
    double scale = model->scale * exp(model->scale_growth * turns_left);
    *win = logistic((x - model->draw_margin) / scale);
    *loss = logistic((-x - model->draw_margin) / scale);
    /* With draw_margin >= 0 the two never sum past 1 but for rounding. */
    double rest = 1.0 - *win - *loss;
    *draw = rest > 0.0 ? rest : 0.0;
    if (rest < 0.0)
        *loss = 1.0 - *win;
}

void wdl_chances(const WdlModel *model, WdlContext context, double score, double *win, double *draw,
                 double *loss)
{
    chances_at(model, context.turns_left, score - model->bias[context.side == BLACK], win, draw, loss);
}

/* Computed for |x| and mirrored, so that bias - d is exactly bias + d
 * with win and loss swapped; the draw takes what rounding left, so the
 * sum is 1000. */
WdlPerMille wdl_of_score(const WdlModel *model, WdlContext context, int score)
{
    long x = (long)score - model->bias[context.side == BLACK];
    double win, draw, loss;
    chances_at(model, context.turns_left, fabs((double)x), &win, &draw, &loss);
    int w = (int)lround(win * 1000.0);
    int l = (int)lround(loss * 1000.0);
    if (model->draw_margin == 0.0 || w + l > 1000)
        l = 1000 - w; /* no draw mass: a drawless game, or rounding */
    WdlPerMille r = {w, 1000 - w - l, l};
    if (x < 0)
        r = (WdlPerMille){r.loss, r.draw, r.win};
    return r;
}

WdlPerMille wdl_of_info(const WdlModel *model, WdlContext context, const SearchInfo *info)
{
    if (info->mate_turns > 0)
        return (WdlPerMille){1000, 0, 0};
    if (info->mate_turns < 0)
        return (WdlPerMille){0, 0, 1000};
    if (info->draw_proven)
        return (WdlPerMille){0, 1000, 0};
    return wdl_of_score(model, context, info->score);
}
