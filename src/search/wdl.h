/* wdl.h - the one conversion from a search's score to the win/draw/loss
 * per mille of UCI's `wdl W D L` (the UCI_ShowWDL option).
 *
 * A proof is certain: a proven win is 1000 0 0, a proven loss 0 0 1000, a
 * proven draw (MCTS proves draws; alpha-beta proves wins and losses only)
 * 0 1000 0.  Any other score goes through the game's WdlModel (game.h),
 * fitted to self-play results by `tessera-tune wdl`. */
#ifndef TESSERA_WDL_H
#define TESSERA_WDL_H

#include <stdbool.h>

#include "games/game.h"
#include "search/search.h"

/* Per mille from the side to move's view; win + draw + loss = 1000. */
typedef struct {
    int win, draw, loss;
} WdlPerMille;

/* What the model reads of a position besides the score. */
typedef struct {
    int side;       /* to move: WHITE or BLACK */
    int turns_left; /* Game.turns_left */
} WdlContext;

/* Has the game a model?  (A game without one reports no wdl.) */
bool wdl_model_known(const WdlModel *model);

/* The context of pos in game. */
WdlContext wdl_context_of(const Game *game, const Position *pos);

/* The model's chances at score centi-units in context: each in [0, 1],
 * summing to 1. */
void wdl_chances(const WdlModel *model, WdlContext context, double score, double *win, double *draw,
                 double *loss);

/* The model's chances at score, per mille: symmetric about the side's
 * bias (bias + d and bias - d swap win and loss), win never falling and
 * loss never rising as score grows. */
WdlPerMille wdl_of_score(const WdlModel *model, WdlContext context, int score);

/* A reported line (its score, mate_turns and draw_proven) in context, as
 * per mille. */
WdlPerMille wdl_of_info(const WdlModel *model, WdlContext context, const SearchInfo *info);

#endif
