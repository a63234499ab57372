/*
 * qawale/eval.c - Qawale's heuristic, from the side to move's view.
 *
 * Only top pebbles make lines, and one sowing rewrites up to 25 tops, so the
 * board is read as "which lines could close next": lines free of enemy tops
 * count for their owner, and three own tops whose fourth square some sowing
 * can end on is a threat (the last drop is always the mover's own pebble).
 */
#include "games/qawale/qawale.h"
#include "util/bits.h"

/* A decided game, scored well inside +-EVAL_BOUND (game.h), beyond which
 * are proven results. */
#define DECIDED_SCORE 10000
#define SCORE_LIMIT 9000

/* SPSA-tuned (tools/tune/params/qawale.txt): +102.8 +/- 20.5 Elo over 800 games vs 10/40/400/150/6/4. */
/* Rows: X(field, option name, default, min, max). */
#define QAWALE_WEIGHTS(X)                                                                                    \
    X(open_line, "QawaleOpenLine", 15, 0, 200)            /* per own top in a line without enemy tops */   \
    X(three_tops, "QawaleThreeTops", 20, 0, 500)          /* extra for three own tops in such a line */    \
    X(threat_to_move, "QawaleThreatToMove", 119, 0, 2000) /* side to move can sow onto a fourth square */  \
    X(threat_against, "QawaleThreatAgainst", 2, 0, 2000)  /* the opponent could, on its next turn */       \
    X(top_control, "QawaleTopControl", 6, 0, 200)         /* per top of one's colour */                    \
    X(reserve_lead, "QawaleReserve", 10, 0, 200)          /* per reserve pebble more than the opponent */

static struct {
    QAWALE_WEIGHTS(GAME_WEIGHT_FIELD)
} weights = {QAWALE_WEIGHTS(GAME_WEIGHT_DEFAULT)};

const GameParam qawale_params[QAWALE_PARAM_COUNT] = {QAWALE_WEIGHTS(GAME_WEIGHT_ROW)};
_Static_assert(sizeof qawale_params / sizeof qawale_params[0] == QAWALE_PARAM_COUNT, "one row per weight");

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

static int popcount16(uint16_t bits) { return popcount64(bits); }

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
        score += weights.open_line * tops + (tops == 3 ? weights.three_tops : 0);
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
    score += my_threat ? weights.threat_to_move : 0;
    score -= their_threat ? weights.threat_against : 0;
    score += weights.top_control * (popcount16(st->top_mask[me]) - popcount16(st->top_mask[them]));
    score += weights.reserve_lead * (st->reserve[me] - st->reserve[them]);
    if (score > SCORE_LIMIT)
        return SCORE_LIMIT;
    return score < -SCORE_LIMIT ? -SCORE_LIMIT : score;
}
