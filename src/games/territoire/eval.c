/*
 * territoire/eval.c - Territoire's heuristic value for the side to move.
 *
 * The final score is board pawns + captures + the golden bonus, so the
 * evaluation starts from the current score difference and the pawns each side
 * still holds (future points), then corrects for what the next placements are
 * likely to change: series one placement away from capture, pawns that will
 * find no square of their group's size, the free golden square, and how many
 * squares each side can use right now.  What lasts is read too (issue 15
 * item 4): pawns in a series that touches a dead square can never be
 * taken, pawns held on one side by the opponent are half taken, and the
 * score difference counts for more the fewer pawns are left to place.
 */
#include "games/territoire/territoire.h"
#include "util/bits.h"

/* Proven results own the band beyond this (game.h). */
#define EVAL_LIMIT (EVAL_BOUND - 1)

/* Texel fit (issue 15 item 4) of 60 000 self-play positions (tessera-datagen
 * -game territoire -positions 100000 -threads 2 -seed 2, the first 60 000
 * lines): validation loss 0.1711 -> 0.1162 (the seven older terms alone
 * reach 0.1359; the searches' own scores 0.0904); against the former
 * defaults (42/107/62/61/0/54/9, from SPSA) +57.0 +/- 25.4 Elo at st=0.05
 * and +50.7 +/- 21.1 at 20 000 nodes, 400 games each from
 * tools/books/territoire.txt (README, "What the loop found so far"). */
#define TERRITOIRE_WEIGHTS(X)                                    \
    X(score_weight, "TerritoireScore", 12, 0, 1000)               \
    X(in_hand_weight, "TerritoireInHand", 56, 0, 1000)            \
    X(stranded_weight, "TerritoireStranded", 62, 0, 1000)         \
    X(threat_weight, "TerritoireThreat", 81, 0, 1000)             \
    X(danger_weight, "TerritoireDanger", 0, 0, 1000)              \
    X(golden_weight, "TerritoireGolden", 19, 0, 1000)             \
    X(mobility_weight, "TerritoireMobility", 24, 0, 100)          \
    X(safe_weight, "TerritoireSafe", 48, 0, 1000)                 \
    X(exposed_weight, "TerritoireExposed", 20, 0, 1000)           \
    X(late_score_weight, "TerritoireLateScore", 35, 0, 1000)

static struct {
    TERRITOIRE_WEIGHTS(GAME_WEIGHT_FIELD)
} weights = {TERRITOIRE_WEIGHTS(GAME_WEIGHT_DEFAULT)};

const GameParam territoire_params[TERRITOIRE_PARAM_COUNT] = {TERRITOIRE_WEIGHTS(GAME_WEIGHT_ROW)};
_Static_assert(sizeof territoire_params / sizeof territoire_params[0] == TERRITOIRE_PARAM_COUNT,
               "one row per weight");

static int golden_access(const TerritoireState *st, uint64_t mover_targets, uint64_t opponent_targets)
{
    uint64_t golden = 1ULL << st->golden;
    if (mover_targets & golden)
        return 1; /* the mover places first */
    return (opponent_targets & golden) ? -1 : 0;
}

static int clamp_value(long value)
{
    if (value > EVAL_LIMIT)
        return EVAL_LIMIT;
    return value < -EVAL_LIMIT ? -EVAL_LIMIT : (int)value;
}

int territoire_evaluate(const Position *pos)
{
    const TerritoireState *st = territoire_state(pos);
    int mover = st->side, opponent = !mover;
    uint64_t mover_targets = territoire_placeable_squares(st, mover);
    uint64_t opponent_targets = territoire_placeable_squares(st, opponent);
    long value = (long)weights.score_weight * (territoire_score(st, mover) - territoire_score(st, opponent));
    if (territoire_pawns_in_hand(st, mover) == 0)
        return clamp_value(value); /* finished: the score is final */
    value += (long)weights.in_hand_weight * (territoire_pawns_in_hand(st, mover) - territoire_pawns_in_hand(st, opponent));
    TerritoireSupply supply;
    territoire_supply(st, &supply);
    value -= (long)weights.stranded_weight *
             (territoire_stranded_pawns(st, mover, &supply) - territoire_stranded_pawns(st, opponent, &supply));
    TerritoireStanding mine, theirs;
    territoire_standing(st, mover, opponent_targets, &mine);
    territoire_standing(st, opponent, mover_targets, &theirs);
    value += (long)weights.threat_weight * theirs.pawns[TERRITOIRE_SERIES_TAKEABLE];
    value -= (long)weights.danger_weight * mine.pawns[TERRITOIRE_SERIES_TAKEABLE];
    value += (long)weights.golden_weight * golden_access(st, mover_targets, opponent_targets);
    value += (long)weights.mobility_weight *
             (popcount64(mover_targets) - popcount64(opponent_targets));
    value += (long)weights.safe_weight * (mine.pawns[TERRITOIRE_SERIES_SAFE] - theirs.pawns[TERRITOIRE_SERIES_SAFE]);
    value += (long)weights.exposed_weight * (territoire_exposed_pawns(&theirs) - territoire_exposed_pawns(&mine));
    /* Per pawn placed so far (of both sides' 36): the score settles. */
    int placed = 2 * TERRITOIRE_PAWNS - territoire_pawns_in_hand(st, mover) - territoire_pawns_in_hand(st, opponent);
    value += (long)weights.late_score_weight * (territoire_score(st, mover) - territoire_score(st, opponent)) *
             placed / (2 * TERRITOIRE_PAWNS);
    return clamp_value(value);
}
