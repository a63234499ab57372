/* strength/strength.c - a weakened search: a smaller budget, several root lines, and
 * a seeded draw among them (the method is described in strength/strength.h). */
#include "search/strength/strength.h"

#include <math.h>
#include <stdlib.h>

#include "games/gameutil.h"
#include "util/rng.h"

typedef struct {
    int score, mate_turns;
    Move pv[MAX_REPORTED_PV];
    int pv_length;
} StrengthLine;

/* The lines of one report, line 1 first. */
typedef struct {
    StrengthLine line[SEARCH_MAX_MULTIPV];
    int count;
} LineSet;

/* Sits between the backend and the caller's progress: keeps the lines,
 * passes on those the caller asked for. */
typedef struct {
    SearchProgress shown;
    int shown_lines;
    LineSet latest;  /* the report in progress */
    LineSet fullest; /* the last earlier report with at least as many lines */
} LineWatch;

static void copy_set(LineSet *to, const LineSet *from)
{
    for (int i = 0; i < from->count; i++)
        to->line[i] = from->line[i];
    to->count = from->count;
}

static void watch_info(void *context, const SearchInfo *info)
{
    LineWatch *watch = context;
    if (info->multipv == 1) {
        /* A new report: an iteration stopped part way keeps the last one
         * that scored every line. */
        if (watch->latest.count >= watch->fullest.count)
            copy_set(&watch->fullest, &watch->latest);
        watch->latest.count = 0;
    }
    LineSet *set = &watch->latest;
    if (info->multipv == set->count + 1 && set->count < SEARCH_MAX_MULTIPV && info->pv_length > 0) {
        StrengthLine *line = &set->line[set->count++];
        line->score = info->score;
        line->mate_turns = info->mate_turns;
        line->pv_length = info->pv_length < MAX_REPORTED_PV ? info->pv_length : MAX_REPORTED_PV;
        for (int i = 0; i < line->pv_length; i++)
            line->pv[i] = info->pv[i];
    }
    if (info->multipv <= watch->shown_lines && watch->shown.on_info)
        watch->shown.on_info(watch->shown.context, info);
}

static const LineSet *final_set(const LineWatch *watch)
{
    return watch->latest.count >= watch->fullest.count ? &watch->latest : &watch->fullest;
}

/* A line's worth for the draw: proofs at the ends of the evaluation range. */
static double line_value(const StrengthLine *line)
{
    if (line->mate_turns != 0)
        return line->mate_turns > 0 ? EVAL_BOUND : -EVAL_BOUND;
    return line->score > EVAL_BOUND ? EVAL_BOUND : line->score < -EVAL_BOUND ? -EVAL_BOUND : line->score;
}

static bool line_playable(const SearchJob *job, const StrengthLine *line)
{
    return search_root_allows(job, line->pv[0]) && is_legal_move(job->game, &job->record.current, line->pv[0]);
}

/* Line k with probability proportional to exp(value_k / T); -1 when no line
 * can be played. */
static int draw_line(const SearchJob *job, const LineSet *set, double temperature)
{
    double best = -INFINITY, weight[SEARCH_MAX_MULTIPV], total = 0;
    for (int k = 0; k < set->count; k++)
        if (line_playable(job, &set->line[k]) && line_value(&set->line[k]) > best)
            best = line_value(&set->line[k]);
    for (int k = 0; k < set->count; k++) {
        weight[k] = line_playable(job, &set->line[k]) ? exp((line_value(&set->line[k]) - best) / temperature) : 0;
        total += weight[k];
    }
    if (total <= 0)
        return -1;
    Rng rng;
    rng_seed(&rng, job->seed ^ job->game->hash(&job->record.current) ^ 0x5354524E47544855ULL);
    double at = (double)(rng_next(&rng) >> 11) / 9007199254740992.0 * total;
    int chosen = -1;
    for (int k = 0; k < set->count && at >= 0; k++)
        if (weight[k] > 0) {
            chosen = k;
            at -= weight[k];
        }
    return chosen;
}

static void play_line(SearchResult *result, const StrengthLine *line)
{
    if (line->pv[0] == result->best)
        return;
    result->best = line->pv[0];
    result->ponder = line->pv_length >= 2 ? line->pv[1] : MOVE_NONE;
    result->score = line->mate_turns ? 0 : line->score;
    result->mate_turns = line->mate_turns;
    result->pv_length = line->pv_length;
    for (int i = 0; i < line->pv_length; i++)
        result->pv[i] = line->pv[i];
}

/* The search under the weakened limits.  An alpha-beta search that its
 * small budget ended before its first iteration had found nothing but a
 * fallback move: it searches that first iteration whole instead. */
static SearchResult budgeted_search(const Backend *backend, BackendEngine *engine, SearchJob *job,
                                    const LineWatch *watch, uint64_t budget)
{
    SearchLimits asked = job->limits;
    if (budget && (!asked.nodes || budget < asked.nodes))
        job->limits.nodes = budget;
    SearchResult result = backend->search(engine, job);
    bool budget_ended = job->limits.nodes && result.nodes >= job->limits.nodes;
    if (final_set(watch)->count == 0 && budget_ended && !atomic_load(&job->stop)) {
        uint64_t spent = result.nodes;
        job->limits = asked;
        job->limits.depth = 1;
        result = backend->search(engine, job);
        result.nodes += spent;
    }
    job->limits = asked;
    return result;
}

SearchResult strength_search(const Backend *backend, BackendEngine *engine, SearchJob *job)
{
    double skill = job->strength.skill;
    LineWatch *watch = search_is_weakened(job) ? malloc(sizeof *watch) : NULL;
    if (!watch)
        return backend->search(engine, job);
    /* The backend searches search_line_count(job) lines, STRENGTH_LINES at
     * least; the caller sees those its MultiPV asked for. */
    SearchProgress asked_progress = job->progress;
    watch->shown = asked_progress;
    watch->shown_lines = job->multipv < 1 ? 1 : job->multipv;
    watch->latest.count = watch->fullest.count = 0;
    job->progress = (SearchProgress){watch_info, watch};

    SearchResult result = budgeted_search(backend, engine, job, watch, strength_node_budget(backend, skill));
    const LineSet *set = final_set(watch);
    int chosen = draw_line(job, set, strength_temperature(skill));
    if (chosen >= 0)
        play_line(&result, &set->line[chosen]);

    job->progress = asked_progress;
    free(watch);
    return result;
}

uint64_t strength_node_budget(const Backend *backend, double skill)
{
    if (skill >= STRENGTH_FULL_SKILL || !backend->strength_nodes)
        return 0;
    double budget = (double)backend->strength_nodes * pow(2.0, (skill - STRENGTH_FULL_SKILL) / 2.0);
    return budget < 1 ? 1 : (uint64_t)budget;
}

double strength_temperature(double skill)
{
    double below = STRENGTH_FULL_SKILL - skill;
    /* A tiny floor keeps exp() finite at the top of the range. */
    return below > 0 ? STRENGTH_TEMPERATURE * below * below : 1e-3;
}

SearchStrength strength_of_options(const Game *game, const Backend *backend, bool limit_strength, int uci_elo,
                                   int skill_level)
{
    double skill = limit_strength ? strength_skill_of_elo(game, backend, uci_elo) : (double)skill_level;
    if (skill >= STRENGTH_FULL_SKILL)
        return (SearchStrength){false, STRENGTH_FULL_SKILL};
    return (SearchStrength){true, skill < 0 ? 0 : skill};
}
