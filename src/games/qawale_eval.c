/*
 * qawale_eval.c - Qawale's heuristic, from the side to move's view.
 *
 * Only top pebbles make lines, and one sowing rewrites up to 25 tops, so the
 * board is read as "which lines could close next": lines free of enemy tops
 * count for their owner, and three own tops whose fourth square some sowing
 * can end on is a threat (the last drop is always the mover's own pebble).
 */
#include "games/qawale.h"

/* A decided game, scored well inside +-EVAL_BOUND (game.h), beyond which
 * are proven results. */
#define DECIDED_SCORE 10000
#define SCORE_LIMIT 9000

/* SPSA-tuned (tools/tune/params/qawale.txt): +102.8 +/- 20.5 Elo over 800 games vs 10/40/400/150/6/4. */
static int open_line = 15;      /* per own top in a line without enemy tops */
static int three_tops = 20;     /* extra for three own tops in such a line */
static int threat_to_move = 119; /* side to move can sow onto its line's fourth square */
static int threat_against = 2;   /* the opponent could, on its next turn */
static int top_control = 6;     /* per top of one's colour */
static int reserve_lead = 10;   /* per reserve pebble more than the opponent */

const GameParam qawale_params[QAWALE_PARAM_COUNT] = {
    {"QawaleOpenLine", 15, 0, 200, &open_line},
    {"QawaleThreeTops", 20, 0, 500, &three_tops},
    {"QawaleThreatToMove", 119, 0, 2000, &threat_to_move},
    {"QawaleThreatAgainst", 2, 0, 2000, &threat_against},
    {"QawaleTopControl", 6, 0, 200, &top_control},
    {"QawaleReserve", 10, 0, 200, &reserve_lead},
};

/* Squares where a sowing that does not lift one of the line's own tops can
 * end (its last drop is the mover's pebble). */
static uint16_t sowing_ends(const QawaleState *st, uint16_t keep)
{
    uint16_t ends = 0;
    for (int sq = 0; sq < QAWALE_SQUARES; sq++)
        if (st->stack_height[sq] && !(keep & (1u << sq)))
            ends |= qawale_walk_ends(sq, st->stack_height[sq] + 1);
    return ends;
}

static int popcount16(uint16_t bits)
{
    int count = 0;
    for (; bits; bits &= (uint16_t)(bits - 1))
        count++;
    return count;
}

/* Line terms for one colour; *threat tells whether some line has three own
 * tops and a sowing can end on its fourth square (counted once).  The
 * fourth square may hold anything, an enemy top included: it gets covered. */
static int line_score(const QawaleState *st, int colour, bool *threat)
{
    uint16_t own = st->top_mask[colour], enemy = st->top_mask[colour ^ 1];
    int score = 0;
    *threat = false;
    for (int i = 0; i < 10; i++) {
        uint16_t line = qawale_lines[i];
        int tops = popcount16(line & own);
        if (tops == 3 && !*threat && st->reserve[colour])
            *threat = (sowing_ends(st, line & own) & line & (uint16_t)~own) != 0;
        if (line & enemy)
            continue;
        score += open_line * tops + (tops == 3 ? three_tops : 0);
    }
    return score;
}

int qawale_evaluate(const Position *pos)
{
    const QawaleState *st = qawale_state(pos);
    int me = st->side, them = st->side ^ 1;
    if (st->outcome == OUTCOME_DRAW)
        return 0;
    if (st->outcome != OUTCOME_ONGOING)
        return (st->outcome == OUTCOME_WHITE_WINS) == (me == WHITE) ? DECIDED_SCORE : -DECIDED_SCORE;
    bool my_threat, their_threat;
    int score = line_score(st, me, &my_threat) - line_score(st, them, &their_threat);
    score += my_threat ? threat_to_move : 0;
    score -= their_threat ? threat_against : 0;
    score += top_control * (popcount16(st->top_mask[me]) - popcount16(st->top_mask[them]));
    score += reserve_lead * (st->reserve[me] - st->reserve[them]);
    if (score > SCORE_LIMIT)
        return SCORE_LIMIT;
    return score < -SCORE_LIMIT ? -SCORE_LIMIT : score;
}
