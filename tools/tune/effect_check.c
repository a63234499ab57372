/* effect_check.c - whether each tuned parameter changes what the engine
 * does, by searches at its two ends against searches at its start. */
#include "tune/effect_check.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arena/engine.h"
#include "arena/opening.h"
#include "arena/replays.h"
#include "arena/uci_option.h"
#include "games/gameutil.h"
#include "util/rng.h"

/* The games: the seed of their random plies, their length cap, and how
 * many of a ply's moves a random one is drawn from (a Qawale turn streams
 * millions; any will do). */
#define EFFECT_SEED 0x5EEDE77EC7ULL
#define EFFECT_PLIES_MAX 400
#define EFFECT_SAMPLE_CAP 4096
#define EFFECT_COMMAND_MAX (POSITION_TEXT_MAX + 16 + EFFECT_PLIES_MAX * (MOVE_TEXT_MAX + 1))
#define EFFECT_ANSWER_MAX 1024
#define EFFECT_GAMES 4
#define EFFECT_POSITIONS_PER_GAME (EFFECT_POSITIONS / EFFECT_GAMES)

/* What a search decided, its bestmove and score (the last info line's
 * `score` words), apart from what it cost, its depth and node count: a
 * parameter that only orders moves changes the cost, not the decision. */
typedef struct {
    char decided[EFFECT_ANSWER_MAX];
    long long depth, nodes;
    char move[MOVE_TEXT_MAX];
} Answer;

/* How far a search at other values went from the base; ordered. */
typedef enum { PROBE_SAME, PROBE_COST, PROBE_DECIDED, PROBE_FAILED } ProbeResult;

typedef struct {
    Engine engine;
    char go[96];
    char *position[EFFECT_POSITIONS]; /* position commands */
    int count;
    Answer base[EFFECT_POSITIONS]; /* the answers at the start values */
    char why[400];                 /* why a search failed */
} Probe;

/* The run's own depth= or nodes= when nothing else limits it (the search
 * it plays, and one that repeats itself), else a node limit. */
static void probe_go(const TimeControl *tc, char *out, size_t out_size)
{
    if (tc->has_clock || tc->movetime_ms || (!tc->depth && !tc->nodes)) {
        snprintf(out, out_size, "go nodes %d", EFFECT_PROBE_NODES);
        return;
    }
    int len = snprintf(out, out_size, "go");
    if (tc->depth)
        len += snprintf(out + len, out_size - (size_t)len, " depth %d", tc->depth);
    if (tc->nodes)
        snprintf(out + len, out_size - (size_t)len, " nodes %lld", (long long)tc->nodes);
}

/* The score words of an info line ("score cp 12", "score mate -3
 * lowerbound") into out, after its text. */
static void score_words(const char *info, char *out, size_t out_size)
{
    const char *score = strstr(info, " score ");
    if (!score)
        return;
    const char *end = score + 1;
    for (int word = 0; word < 3 && *end; word++) { /* score, cp or mate, the value */
        end += strcspn(end, " ");
        end += *end == ' ';
    }
    if (strncmp(end, "lowerbound", 10) == 0 || strncmp(end, "upperbound", 10) == 0)
        end += 10;
    size_t len = strlen(out);
    snprintf(out + len, out_size - len, " %.*s", (int)(end - score - 1), score + 1);
}

/* The number after key (" nodes ") in an info line; -1 when none. */
static long long info_number(const char *info, const char *key)
{
    const char *at = strstr(info, key);
    return at ? atoll(at + strlen(key)) : -1;
}

/* Position i searched afresh (ucinewgame: no table or tree of an earlier
 * search) with the values set now. */
static bool answer(Probe *p, const char *position, Answer *out)
{
    char info[EFFECT_ANSWER_MAX];
    EngineReply reply = {out->move, sizeof out->move, NULL, 0, info, sizeof info};
    int64_t elapsed;
    EngineStatus status = engine_new_game(&p->engine, p->why, sizeof p->why);
    if (status == ENGINE_OK)
        status = engine_think(&p->engine, position, p->go, p->engine.spec->timeout_ms, &reply, &elapsed, p->why,
                              sizeof p->why);
    if (status != ENGINE_OK)
        return false;
    snprintf(out->decided, sizeof out->decided, "bestmove %s", out->move);
    score_words(info, out->decided, sizeof out->decided);
    out->depth = info_number(info, " depth ");
    out->nodes = info_number(info, " nodes ");
    return true;
}

/* How far the searches at the values set now go from the base, position
 * by position, stopping once they have gone as far as enough. */
static ProbeResult compare_with_base(Probe *p, ProbeResult enough)
{
    ProbeResult seen = PROBE_SAME;
    for (int i = 0; i < p->count && seen < enough; i++) {
        Answer now;
        if (!answer(p, p->position[i], &now))
            return PROBE_FAILED;
        if (strcmp(now.decided, p->base[i].decided) != 0)
            seen = PROBE_DECIDED;
        else if (now.depth != p->base[i].depth || now.nodes != p->base[i].nodes)
            seen = PROBE_COST;
    }
    return seen;
}

static bool set_value(Probe *p, const char *name, long value)
{
    char line[SPSA_NAME_MAX + 64];
    snprintf(line, sizeof line, "setoption name %s value %ld", name, value);
    return engine_send(&p->engine, line, p->why, sizeof p->why) == ENGINE_OK;
}

/* The engine's declaration of option name; NULL when it has none. */
static const char *declaration(const Engine *engine, const char *name)
{
    for (int i = 0; i < engine_option_count(engine); i++) {
        UciOption option;
        char ignored[200];
        const char *line = engine_option_line(engine, i);
        if (uci_option_parse(line, &option, ignored, sizeof ignored) == UCI_LINE_OPTION &&
            strcasecmp(option.name, name) == 0)
            return line;
    }
    return NULL;
}

/* The value the run gives option name: its option.NAME=, else the
 * declaration's default ("" when the engine has no such option). */
static void configured_value(const Engine *engine, const char *name, char *out, size_t out_size)
{
    out[0] = '\0';
    const EngineSpec *spec = engine->spec;
    for (int i = 0; i < spec->option_count; i++)
        if (strcasecmp(spec->options[i].name, name) == 0) {
            snprintf(out, out_size, "%s", spec->options[i].value);
            return;
        }
    const char *line = declaration(engine, name);
    const char *deflt = line ? strstr(line, " default ") : NULL;
    if (deflt) {
        deflt += strlen(" default ");
        const char *end = strstr(deflt, " var ");
        size_t len = end ? (size_t)(end - deflt) : strcspn(deflt, " ");
        snprintf(out, out_size, "%.*s", (int)len, deflt);
    }
}

static bool is_tuned(const Spsa *spsa, const char *name)
{
    for (int i = 0; i < spsa->count; i++)
        if (strcasecmp(spsa->param[i].name, name) == 0)
            return true;
    return false;
}

/* Appends a move to the position command line (`position fen START
 * moves ...`, plies moves in it so far). */
static size_t append_move(char *line, size_t len, int plies, const char *move)
{
    return len + (size_t)snprintf(line + len, EFFECT_COMMAND_MAX - len, "%s%s", plies ? " " : " moves ", move);
}

/* Game g from the run's opening g: g random plies (so that games differ
 * where every opening is the same), then the engine's own moves at the
 * start values, the positions the run's games pass through.  line holds
 * the game as a position command, ends[k] its length up to ply k.
 * Returns the plies, -1 when a search failed. */
static int play_game(Probe *p, const OpeningSet *openings, int g, char *line, size_t *ends)
{
    const Game *game = openings->game;
    Position pos;
    opening_for(openings, (uint64_t)g, &pos);
    int head = snprintf(line, EFFECT_COMMAND_MAX, "position fen ");
    game->format_position(&pos, line + head, EFFECT_COMMAND_MAX - (size_t)head);
    size_t len = ends[0] = strlen(line);
    Rng rng;
    rng_seed(&rng, EFFECT_SEED + (uint64_t)g);
    int plies = 0;
    while (plies < EFFECT_PLIES_MAX && game->outcome(&pos) == OUTCOME_ONGOING) {
        Move move = MOVE_NONE;
        Answer reply;
        char why[200];
        if (plies < g)
            sample_legal_move(game, &pos, &rng, EFFECT_SAMPLE_CAP, NULL, NULL, &move);
        else if (!answer(p, line, &reply))
            return -1;
        else if (!game->parse_move(&pos, reply.move, &move, why, sizeof why))
            break; /* an illegal move: the run's games will say so */
        if (move == MOVE_NONE)
            break;
        if (plies < g)
            game->format_move(&pos, move, reply.move, sizeof reply.move);
        len = append_move(line, len, plies, reply.move);
        game->play(&pos, move);
        ends[++plies] = len;
    }
    return plies;
}

/* EFFECT_POSITIONS_PER_GAME positions of each of EFFECT_GAMES games,
 * spread evenly from the first up to the one before the last move (some
 * terms, such as pawns left without a square, only arise at the end).
 * False with p->why when a search failed, or out of memory. */
static bool build_positions(Probe *p, const OpeningSet *openings)
{
    char *line = malloc(EFFECT_COMMAND_MAX);
    size_t *ends = malloc((EFFECT_PLIES_MAX + 1) * sizeof *ends);
    bool ok = line && ends;
    snprintf(p->why, sizeof p->why, "out of memory");
    for (int g = 0; g < EFFECT_GAMES && ok; g++) {
        int plies = play_game(p, openings, g, line, ends);
        ok = plies >= 0;
        for (int i = 0, last = -1; i < EFFECT_POSITIONS_PER_GAME && ok; i++) {
            int ply = plies > 0 ? i * (plies - 1) / (EFFECT_POSITIONS_PER_GAME - 1) : 0;
            if (ply == last)
                continue;
            last = ply;
            ok = (p->position[p->count++] = strndup(line, ends[ply])) != NULL;
        }
    }
    free(line);
    free(ends);
    return ok;
}

/* One thread (unless tuned) and every tuned value at its start. */
static bool set_start_values(Probe *p, const Spsa *spsa)
{
    bool ok = true;
    if (declaration(&p->engine, "Threads") && !is_tuned(spsa, "Threads"))
        ok = set_value(p, "Threads", 1);
    for (int i = 0; i < spsa->count && ok; i++)
        ok = set_value(p, spsa->param[i].name, spsa_engine_value(spsa->param[i].start));
    return ok;
}

/* At the start values: the positions, then every one searched twice, the
 * base and whether the engine repeats itself. */
static ProbeResult probe_base(Probe *p, const OpeningSet *openings, const Spsa *spsa)
{
    bool ok = set_start_values(p, spsa) && build_positions(p, openings);
    for (int i = 0; i < p->count && ok; i++)
        ok = answer(p, p->position[i], &p->base[i]);
    return ok ? compare_with_base(p, PROBE_COST) : PROBE_FAILED;
}

/* How far a parameter at its high, then its low end goes from the base
 * (stopping at enough); it is back at its start afterwards. */
static ProbeResult probe_param(Probe *p, const SpsaParam *param, ProbeResult enough)
{
    long start = spsa_engine_value(param->start);
    long ends[2] = {spsa_engine_value(param->max), spsa_engine_value(param->min)};
    ProbeResult result = PROBE_SAME;
    for (int e = 0; e < 2 && result < enough; e++)
        if (ends[e] != start) {
            ProbeResult seen = set_value(p, param->name, ends[e]) ? compare_with_base(p, enough) : PROBE_FAILED;
            result = seen > result ? seen : result;
        }
    if (result != PROBE_FAILED && !set_value(p, param->name, start))
        result = PROBE_FAILED;
    return result;
}

static bool is_weight(const Game *game, const char *name)
{
    for (int j = 0; j < game->param_count; j++)
        if (strcasecmp(game->params[j].name, name) == 0)
            return true;
    return false;
}

/* The refusal: every parameter without effect, what was compared, and
 * what to do instead.  net: all are evaluation weights and a net
 * evaluates; cost: some changed a search's depth or node count. */
static void describe_inert(const Probe *p, const Game *game, const Spsa *spsa, const bool *inert,
                           const char *eval, bool net, bool cost, const char *source, char *err, size_t err_size)
{
    size_t len = (size_t)snprintf(err, err_size, "%s: moving ", source);
    bool first = true;
    for (int i = 0; i < spsa->count && len < err_size; i++)
        if (inert[i]) {
            const SpsaParam *param = &spsa->param[i];
            len += (size_t)snprintf(err + len, err_size - len, "%s%s from %ld to %ld", first ? "" : ", ",
                                    spsa->count == 1 ? "it" : param->name, spsa_engine_value(param->min),
                                    spsa_engine_value(param->max));
            first = false;
        }
    char under[256];
    if (net)
        snprintf(under, sizeof under, "under Eval=%s (the net does not read it%s)", eval,
                 cost ? "; only the searches' depths or node counts changed, as moves were ordered" : "");
    else
        snprintf(under, sizeof under, "as this run configures it%s",
                 cost ? "" : ", nor a depth or a node count");
    if (len < err_size)
        snprintf(err + len, err_size - len,
                 " changes no move and no score the engine gives %s, in %d positions of %s at '%s'; %s", under, p->count, game->id, p->go,
                 net ? "tune the classic evaluation with option.Eval=classic, or a search parameter"
                     : "tune what this engine reads, or, for what acts only under a clock, give "
                       "-skip-effect-check");
}

/* A check that showed nothing: the run goes on, saying so. */
static bool not_checked(FILE *out, const char *why)
{
    fprintf(out, "note: %s: the tuned parameters' effect is not checked\n", why);
    return true;
}

/* Probes every parameter; false with err when one has no effect: an
 * evaluation weight while a net evaluates must change a move or a score
 * (ordering moves alone is not what it is tuned for), anything else at
 * least a depth or a node count (a search parameter may act on speed). */
static bool probe_params(Probe *p, const OpeningSet *openings, const Spsa *spsa, const char *source,
                         FILE *out, char *err, size_t err_size)
{
    const Game *game = openings->game;
    char why[600];
    ProbeResult result = probe_base(p, openings, spsa);
    if (result == PROBE_COST || result == PROBE_DECIDED) {
        snprintf(why, sizeof why, "two searches of one position with the same values differed (the engine "
                                  "does not repeat itself at '%s')", p->go);
        return not_checked(out, why);
    }
    char eval[64];
    configured_value(&p->engine, "Eval", eval, sizeof eval);
    bool net_evaluates = eval[0] && strcasecmp(eval, "classic") != 0;
    bool inert[SPSA_MAX_PARAMS] = {false}, any = false, all_weights = true, cost = false;
    for (int i = 0; i < spsa->count && result != PROBE_FAILED; i++) {
        bool weight = net_evaluates && is_weight(game, spsa->param[i].name);
        ProbeResult enough = weight ? PROBE_DECIDED : PROBE_COST;
        result = probe_param(p, &spsa->param[i], enough);
        inert[i] = result < enough;
        any = any || inert[i];
        all_weights = all_weights && (!inert[i] || weight);
        cost = cost || (inert[i] && result == PROBE_COST);
    }
    if (result == PROBE_FAILED) {
        snprintf(why, sizeof why, "the effect check's search failed (%s)", p->why);
        return not_checked(out, why);
    }
    if (any)
        describe_inert(p, game, spsa, inert, eval, all_weights, cost, source, err, err_size);
    return !any;
}

bool effect_check(const TournamentConfig *arena, const Spsa *spsa, const char *source, FILE *out,
                  char *err, size_t err_size)
{
    Probe *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    const EngineSpec *spec = &arena->engines[0];
    probe_go(&spec->tc, p->go, sizeof p->go);
    engine_init(&p->engine, spec, NULL, NULL, "effect");
    bool ok = replays_start(&p->engine, arena->game->id, NULL, p->why, sizeof p->why) == ENGINE_OK;
    if (ok)
        ok = probe_params(p, &arena->openings, spsa, source, out, err, err_size);
    else
        snprintf(err, err_size, "engine %s did not start for the effect check: %s", spec->name, p->why);
    engine_quit(&p->engine);
    for (int i = 0; i < p->count; i++)
        free(p->position[i]);
    free(p);
    return ok;
}
