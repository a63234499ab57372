/* mcts/params.h - the mcts backend's tunable settings, each a spin option
 * (Backend.params); every engine has its own set.  Integers only: the protocol's spins are integers, so
 * fractions are given in hundredths. */
#ifndef TESSERA_MCTS_PARAMS_H
#define TESSERA_MCTS_PARAMS_H

#include "search/search.h"

typedef struct {
    int exploration;      /* UCT constant c, in hundredths */
    int max_children;     /* children kept per node (a uniform sample beyond) */
    int stream_cap_k;     /* moves read from one stream, in thousands */
    int widen_base;       /* progressive widening: children open at first */
    int widen_percent;    /* ... then base * visits^(percent/100); 0 = all open */
    int prior_order;      /* 1: open children best-first by the game's evaluation */
    int cutoff_turns;     /* playout turns before the evaluation decides */
    int eval_scale;       /* centi-units per logistic unit when mapping to a win chance; 0: mcts_eval_scale */
    int step_tree;        /* 1: one tree ply per step of a compound turn */
    int reuse;            /* 1: keep the subtree of the moves played since */
    int playout_actions;  /* hard cap on actions in one playout */
    int depth_playouts;   /* `go depth N` means N times this many playouts */
    int minimax_mix;      /* percent of the implicit minimax value in a child's score */
    int puct;             /* 1: PUCT with priors from the evaluation instead of UCT */
    int prior_temp;       /* softmax temperature of the priors, in centi-units; 0: mcts_prior_temp */
    int prior_classic;    /* 1: priors from the classic evaluation whatever Eval says (as alpha-beta orders) */
    /* MCTS_POLICY_LAZY: priors from the policy head of the net that
     * evaluates the root, where it has one: no child is evaluated when its
     * node expands, each on its first visit instead (until then it counts
     * at its parent's mean less fpu_reduction).  MCTS_POLICY_PRIORS_ONLY:
     * the head's priors, every child evaluated as before (to measure the
     * priors apart from the evaluations saved).  0, or a net without a
     * head: priors and first values from every child's evaluation. */
    int policy;
    int policy_temp;      /* the head's softmax temperature, in hundredths */
    int fpu_reduction;    /* an unvisited child's value under the parent's, hundredths of a win */
} MctsParams;

enum { MCTS_POLICY_OFF, MCTS_POLICY_LAZY, MCTS_POLICY_PRIORS_ONLY };

extern const MctsParams mcts_default_params;

/* The scale of a classic evaluation never fitted (Game.eval_scale 0). */
#define MCTS_CLASSIC_EVAL_SCALE 150

/* The scale a search from root maps evaluations with: MctsEvalScale where
 * set, else (0, the default) the evaluation's own (evaluation_scale), so
 * that the mapped chance is the evaluation's own estimate of winning: a
 * network's scale where one evaluates root, else the classic evaluation's,
 * as when classic says the values are the classic evaluation's whatever
 * Eval is (MctsPriorClassic's priors); MCTS_CLASSIC_EVAL_SCALE where that
 * was never fitted.  (Room and Pillar's evaluations speak in about 20
 * centi-units per unit: at 150 their values all mapped near one half.) */
int mcts_eval_scale(const MctsParams *params, const Game *game, const Position *root, bool classic);

/* The priors' softmax temperature as a share of their evaluation's scale:
 * a third (Room and Pillar's 7 against two thirds' 13: +37.1 in 432
 * games; Columna's 22 against 44: +6.9, neutral; README "MCTS priors") ... */
#define MCTS_PRIOR_TEMP_PER_SCALE (1.0 / 3.0)
/* ... and never flatter than 100: flatter priors lost in Territoire (151
 * against 100 at its net's scale of 226: -20.9 in two runs of 400 games),
 * and sharper ones than its third were no better (50 against 100: -12.2). */
#define MCTS_PRIOR_TEMP_MAX 100

/* The temperature a search's priors take: MctsPriorTemp where set, else
 * (0, the default) MCTS_PRIOR_TEMP_PER_SCALE of prior_scale (the
 * mcts_eval_scale of the priors' evaluation), from 1 to
 * MCTS_PRIOR_TEMP_MAX.  A fixed 100 is 5 logistic units of Room and
 * Pillar's evaluation (scale 20): its priors were all but uniform, and
 * 13 gained about 100 Elo there, 7 about 37 more. */
int mcts_prior_temp(const MctsParams *params, int prior_scale);

#define MCTS_PARAM_COUNT 19
extern const BackendParam mcts_param_table[MCTS_PARAM_COUNT];

#endif
