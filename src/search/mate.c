/* mate.c - proven scores to UCI's `mate N` (see mate.h). */
#include "search/mate.h"

#include "search/search.h"

bool score_is_proven(int score) { return score >= SCORE_PROVEN || score <= -SCORE_PROVEN; }

int score_of_proof(bool side_to_move_wins, int plies)
{
    /* A distance beyond what the scale holds still reads as a proof. */
    int max_plies = SCORE_WIN - SCORE_PROVEN;
    int p = plies < 1 ? 1 : plies > max_plies ? max_plies : plies;
    return side_to_move_wins ? SCORE_WIN - p : -(SCORE_WIN - p);
}

int proof_plies(int score)
{
    if (score >= SCORE_PROVEN)
        return SCORE_WIN - score;
    if (score <= -SCORE_PROVEN)
        return SCORE_WIN + score;
    return 0;
}

int mate_turns_of_score(int score)
{
    if (!score_is_proven(score))
        return 0;
    int own_turns = (proof_plies(score) + 1) / 2;
    if (own_turns < 1)
        own_turns = 1; /* a proof is never `mate 0` */
    return score > 0 ? own_turns : -own_turns;
}
