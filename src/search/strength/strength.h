/*
 * strength/strength.h - playing below full strength, for people: the options
 * UCI_LimitStrength with UCI_Elo, and Skill Level.
 *
 * The method is Stockfish's skill idea, one rule for every backend.  A
 * weakened search has a skill s in [0, 20) (Skill Level, or UCI_Elo mapped
 * through the game's measured scale below) and
 *  - a smaller budget: at most strength_nodes * 2^((s - 20) / 2) nodes a
 *    move (alpha-beta) or playouts (MCTS), strength_nodes being the
 *    backend's reference (Backend.strength_nodes); 2^-10 of it at s = 0;
 *  - STRENGTH_LINES root moves searched as MultiPV (alpha-beta: the best
 *    lines of its last iteration that scored them all; MCTS: its most
 *    visited root children with their values);
 *  - a draw among those lines: line k is played with probability
 *    proportional to exp(score_k / T), T = STRENGTH_TEMPERATURE * (20 - s)^2
 *    centi-units (400 at s = 0, 100 at 10, 25 at 15), from a generator seeded by the Seed option and the
 *    position, so that a run repeats.  Close alternatives are played
 *    often, clearly worse ones rarely; a proven win always is (its score
 *    dwarfs T) and a proven loss never while another line is on the list.
 * Every move played is one the search found among its best: natural moves
 * of a shallower player, never a random blunder.  Skill 20 (or more) is
 * the backend's own search, untouched.
 *
 * UCI_Elo is a game's scale with the backend, measured with tools/arena:
 * the backend's full engine at its reference control (strength_nodes) is
 * STRENGTH_ELO_FULL, and a skill's Elo is that plus the Elo it measured
 * against that full engine (a table, one row per game and backend, in
 * strength/scale.c; README.md has the measurements).
 */
#ifndef TESSERA_STRENGTH_H
#define TESSERA_STRENGTH_H

#include "search/search.h"

/* STRENGTH_FULL_SKILL and STRENGTH_LINES: search.h, whose jobs carry them. */
#define STRENGTH_TEMPERATURE 1 /* T, centi-units, per squared skill step below full */

/* UCI_Elo's range: the full engine at the reference control is the top. */
#define STRENGTH_ELO_FULL 2000
#define STRENGTH_ELO_MIN 800

/* The measured skills (strength/scale.c).  The last is the strongest
 * weakened one: a weakened search searches whole turns (MultiPV needs
 * them) without the proof search, so between it and the full engine
 * (skill 20, Elo 0) the scale jumps; UCI_Elo in that gap plays at it. */
#define STRENGTH_SCALE_POINTS 7
extern const double strength_scale_skills[STRENGTH_SCALE_POINTS];

/* A game's measured scale with a backend: the Elo against that backend's
 * full engine of each of strength_scale_skills, never decreasing (skills
 * measured alike share one value; an Elo there plays at the weakest of
 * them). */
typedef struct {
    const char *game_id;
    const char *backend_id;
    int elo_below_full[STRENGTH_SCALE_POINTS];
} StrengthScale;

/* The game's row for the backend; a game without one gets the mean of the
 * backend's rows, a backend without any alpha-beta's. */
StrengthScale strength_scale_of(const Game *game, const Backend *backend);

/* The skill whose measured Elo is elo on the game's scale with the
 * backend: linear between the measured skills; the weakest below the
 * scale, the strongest weakened one in the gap below the full engine, 20
 * (full strength) at STRENGTH_ELO_FULL. */
double strength_skill_of_elo(const Game *game, const Backend *backend, int elo);

/* The options' meaning: UCI_LimitStrength plays at UCI_Elo; else a Skill
 * Level below 20 weakens; else full strength. */
SearchStrength strength_of_options(const Game *game, const Backend *backend, bool limit_strength, int uci_elo,
                                   int skill_level);

/* The budget a move at skill (0 when the backend has no reference). */
uint64_t strength_node_budget(const Backend *backend, double skill);

/* The draw's temperature at skill, centi-units. */
double strength_temperature(double skill);

/* backend->search, weakened as job->strength says (untouched when it is
 * not limited).  The info lines stay those the job's MultiPV asked for. */
SearchResult strength_search(const Backend *backend, BackendEngine *engine, SearchJob *job);

#endif
