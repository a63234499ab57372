/* report.c - progress line, pairing blocks, standings. */
#include "arena/report.h"

#include <math.h>

/* Pentanomial estimates need complete pairs, which exist only when the
 * schedule repeats openings (results_pair); without any the per-game
 * (trinomial) model is used. */
static bool elo_estimate(const PairTally *t, EloEstimate *e)
{
    if (penta_pairs(t->penta) > 0)
        return stats_elo_penta(t->penta, e);
    return stats_elo_wdl(t->wdl, e);
}

double report_llr(const PairTally *t, const SprtSettings *sprt)
{
    if (penta_pairs(t->penta) > 0)
        return sprt_llr_penta(t->penta, sprt->elo0, sprt->elo1, sprt->model);
    return sprt_llr_wdl(t->wdl, sprt->elo0, sprt->elo1, sprt->model);
}

static void print_sprt(FILE *out, const PairTally *t, const SprtSettings *sprt)
{
    double lower, upper, llr = report_llr(t, sprt);
    sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
    SprtVerdict verdict = sprt_verdict(llr, lower, upper);
    fprintf(out, "LLR: %.2f (%.2f, %.2f) [%.2f, %.2f] %s%s\n", llr, lower, upper, sprt->elo0, sprt->elo1,
            sprt_model_name(sprt->model),
            verdict == SPRT_ACCEPT_H1   ? " - H1 accepted"
            : verdict == SPRT_ACCEPT_H0 ? " - H0 accepted"
                                        : "");
}

static double ratio(double a, double b) { return b > 0 ? a / b : (a > 0 ? INFINITY : 0.0); }

static void print_pairing(FILE *out, const ResultTable *table, const PairTally *t,
                          const SprtSettings *sprt)
{
    EloEstimate e;
    elo_estimate(t, &e);
    int64_t games = wdl_games(t->wdl);
    double points = wdl_points(t->wdl);
    const Pentanomial *p = &t->penta;
    fprintf(out, "Results of %s vs %s (%lld games):\n", table->names[t->a], table->names[t->b],
            (long long)games);
    fprintf(out, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", e.elo, e.elo_error, e.nelo, e.nelo_error);
    fprintf(out, "LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: %.2f\n", e.los * 100.0,
            100.0 * ratio((double)t->wdl.draws, (double)games), ratio((double)(p->ww + p->wd), (double)(p->ld + p->ll)));
    fprintf(out, "Games: %lld, Wins: %lld, Losses: %lld, Draws: %lld, Points: %.1f (%.2f %%)\n",
            (long long)games, (long long)t->wdl.wins, (long long)t->wdl.losses, (long long)t->wdl.draws,
            points, 100.0 * ratio(points, (double)games));
    fprintf(out, "Ptnml(0-2): [%lld, %lld, %lld, %lld, %lld], WL/DD Ratio: %.2f\n", (long long)p->ll,
            (long long)p->ld, (long long)(p->wl + p->dd), (long long)p->wd, (long long)p->ww,
            ratio((double)p->wl, (double)p->dd));
    if (sprt && sprt->on && t->a == 0 && t->b == 1)
        print_sprt(out, t, sprt);
}

/* "Failures of X: 2 crash, 1 time forfeit" for an engine at fault. */
static void print_failures(FILE *out, const char *name, const Standing *s)
{
    bool first = true;
    for (int term = 0; term < TERM_COUNT; term++) {
        if (!s->failures[term])
            continue;
        if (first)
            fprintf(out, "Failures of %s:", name);
        fprintf(out, "%s %lld %s", first ? "" : ",", (long long)s->failures[term],
                termination_name((Termination)term));
        first = false;
    }
    if (!first)
        fputc('\n', out);
}

static void print_standings(FILE *out, const ResultTable *table)
{
    Standing standings[ARENA_MAX_ENGINES];
    results_standings(table, standings);
    fprintf(out, "Rank  %-24s %8s %8s %7s %8s %7s %7s\n", "Name", "Elo", "+/-", "Games", "Points", "Score",
            "Draw");
    for (int i = 0; i < table->engine_count; i++) {
        const Standing *s = &standings[i];
        EloEstimate e;
        int64_t games = wdl_games(s->wdl);
        stats_elo_wdl(s->wdl, &e);
        fprintf(out, "%4d  %-24s %8.1f %8.1f %7lld %8.1f %6.1f%% %6.1f%%\n", i + 1, table->names[s->engine],
                e.elo, e.elo_error, (long long)games, wdl_points(s->wdl),
                100.0 * ratio(wdl_points(s->wdl), (double)games),
                100.0 * ratio((double)s->wdl.draws, (double)games));
    }
    for (int i = 0; i < table->engine_count; i++)
        print_failures(out, table->names[standings[i].engine], &standings[i]);
}

void report_print(FILE *out, ResultTable *table, const SprtSettings *sprt)
{
    fprintf(out, "--------------------------------------------------\n");
    for (int a = 0; a < table->engine_count; a++)
        for (int b = a + 1; b < table->engine_count; b++) {
            PairTally t;
            results_pair(table, a, b, &t);
            if (wdl_games(t.wdl) == 0)
                continue;
            print_pairing(out, table, &t, sprt);
            fprintf(out, "--------------------------------------------------\n");
        }
    print_standings(out, table);
    fprintf(out, "--------------------------------------------------\n");
    fflush(out);
}

void report_progress(FILE *out, ResultTable *table, uint64_t done, uint64_t total,
                     const SprtSettings *sprt)
{
    fprintf(out, "Games %llu/%llu", (unsigned long long)done, (unsigned long long)total);
    if (table->engine_count == 2) {
        PairTally t;
        EloEstimate e;
        results_pair(table, 0, 1, &t);
        elo_estimate(&t, &e);
        fprintf(out, ": %s vs %s +%lld =%lld -%lld (%.1f%%), Elo %.1f +/- %.1f", table->names[0],
                table->names[1], (long long)t.wdl.wins, (long long)t.wdl.draws, (long long)t.wdl.losses,
                100.0 * ratio(wdl_points(t.wdl), (double)wdl_games(t.wdl)), e.elo, e.elo_error);
        if (sprt && sprt->on) {
            double lower, upper;
            sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
            fprintf(out, ", LLR %.2f (%.2f, %.2f)", report_llr(&t, sprt), lower, upper);
        }
    } else if (table->engine_count > 2) {
        Standing standings[ARENA_MAX_ENGINES];
        results_standings(table, standings);
        fprintf(out, ": leader %s %.1f/%lld", table->names[standings[0].engine], wdl_points(standings[0].wdl),
                (long long)wdl_games(standings[0].wdl));
    }
    fputc('\n', out);
    fflush(out);
}
