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

/* The LLR line; returns the SPRT's verdict. */
static SprtVerdict print_sprt(FILE *out, const PairTally *t, const SprtSettings *sprt)
{
    double lower, upper, llr = report_llr(t, sprt);
    sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
    SprtVerdict verdict = sprt_verdict(llr, lower, upper);
    fprintf(out, "LLR: %.2f (%.2f, %.2f) [%.2f, %.2f] %s%s\n", llr, lower, upper, sprt->elo0, sprt->elo1,
            sprt_model_name(sprt->model),
            verdict == SPRT_ACCEPT_H1   ? " - H1 accepted"
            : verdict == SPRT_ACCEPT_H0 ? " - H0 accepted"
                                        : "");
    return verdict;
}

/* The SPRT's verdict in words, under the estimate's. */
static void print_sprt_meaning(FILE *out, const SprtSettings *sprt, SprtVerdict verdict)
{
    double lower, upper;
    sprt_bounds(sprt->alpha, sprt->beta, &lower, &upper);
    if (verdict == SPRT_CONTINUE)
        fprintf(out, "Meaning: the SPRT has not decided yet: its LLR must leave (%.2f, %.2f) for a verdict\n",
                lower, upper);
    else
        fprintf(out, "Meaning: the SPRT is decided: the games favour %s Elo %.2f (%s) over %.2f (%s)\n",
                sprt_model_name(sprt->model), verdict == SPRT_ACCEPT_H1 ? sprt->elo1 : sprt->elo0,
                verdict == SPRT_ACCEPT_H1 ? "elo1, H1" : "elo0, H0",
                verdict == SPRT_ACCEPT_H1 ? sprt->elo0 : sprt->elo1,
                verdict == SPRT_ACCEPT_H1 ? "elo0" : "elo1");
}

static double ratio(double a, double b) { return b > 0 ? a / b : (a > 0 ? INFINITY : 0.0); }

/* An interval's half-width as printed: "n/a" where the samples have no
 * spread to measure (one sample, or all of them alike: every pair 1.5 of
 * 2, say), which the normal approximation would print as an exact 0. */
static const char *interval_text(const EloEstimate *e, double half_width, int decimals, char *text, size_t size)
{
    if (e->samples < 2 || e->variance == 0.0)
        snprintf(text, size, "n/a");
    else
        snprintf(text, size, "%.*f", decimals, half_width);
    return text;
}

/* Fewer samples (pairs, or games without pairs) than this are too few for
 * the normal approximation behind the interval to say anything. */
#define MEANING_MIN_SAMPLES 10
/* An interval wider than this either way (in Elo) tells little. */
#define MEANING_WIDE_ELO 100.0

/* The estimate in words, for a reader new to Elo intervals: one line
 * under the numbers it explains.  Significance is the score's 95%
 * interval leaving out 1/2 (as the Elo interval leaves out 0). */
static void print_meaning(FILE *out, const char *a, const char *b, const PairTally *t, const EloEstimate *e)
{
    bool pairs = penta_pairs(t->penta) > 0;
    double half = e->samples > 0 ? STATS_Z95 * sqrt(e->variance / (double)e->samples) : INFINITY;
    bool a_ahead = e->score - half > 0.5, b_ahead = e->score + half < 0.5;
    bool wide = !isfinite(e->elo_error) || e->elo_error > MEANING_WIDE_ELO;
    const char *ahead = a_ahead ? a : b, *behind = a_ahead ? b : a;
    fputs("Meaning: ", out);
    if (e->variance == 0.0 && e->score == 0.5)
        fprintf(out, "%s: no difference was measured (Elo 0 means that, not that the engines are equal)\n",
                pairs ? "every pair of games split 1-1" : "every game was drawn");
    else if (e->samples < MEANING_MIN_SAMPLES)
        fprintf(out, "too few games to tell (%lld %s): play more (-games) or use -sprt\n", (long long)e->samples,
                pairs ? (e->samples == 1 ? "pair" : "pairs") : (e->samples == 1 ? "game" : "games"));
    else if ((a_ahead || b_ahead) && e->variance == 0.0)
        fprintf(out, "%s is stronger than %s (95%% confidence); it won every %s, so the Elo cannot say by how much\n",
                ahead, behind, pairs ? "pair" : "game");
    else if ((a_ahead || b_ahead) && wide)
        fprintf(out, "%s is stronger than %s (95%% confidence), but by how much is still vague: play more "
                "(-games)\n", ahead, behind);
    else if (a_ahead || b_ahead)
        fprintf(out, "%s is stronger than %s (95%% confidence: the interval leaves out 0)\n", ahead, behind);
    else if (wide)
        fputs("too few games to tell (the 95% interval is very wide): play more (-games) or use -sprt\n", out);
    else
        fputs("no significant difference yet (the 95% interval spans 0): play more (-games) or use -sprt\n", out);
}

static void print_pairing(FILE *out, const ResultTable *table, const PairTally *t,
                          const SprtSettings *sprt)
{
    EloEstimate e;
    elo_estimate(t, &e);
    int64_t games = wdl_games(t->wdl);
    double points = wdl_points(t->wdl);
    const Pentanomial *p = &t->penta;
    char elo_error[32], nelo_error[32];
    fprintf(out, "Results of %s vs %s (%lld %s):\n", table->names[t->a], table->names[t->b], (long long)games,
            games == 1 ? "game" : "games");
    fprintf(out, "Elo: %.2f +/- %s, nElo: %.2f +/- %s\n", e.elo,
            interval_text(&e, e.elo_error, 2, elo_error, sizeof elo_error), e.nelo,
            interval_text(&e, e.nelo_error, 2, nelo_error, sizeof nelo_error));
    fprintf(out, "LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: %.2f\n", e.los * 100.0,
            100.0 * ratio((double)t->wdl.draws, (double)games), ratio((double)(p->ww + p->wd), (double)(p->ld + p->ll)));
    fprintf(out, "Games: %lld, Wins: %lld, Losses: %lld, Draws: %lld, Points: %.1f (%.2f %%)\n",
            (long long)games, (long long)t->wdl.wins, (long long)t->wdl.losses, (long long)t->wdl.draws,
            points, 100.0 * ratio(points, (double)games));
    fprintf(out, "Ptnml(0-2): [%lld, %lld, %lld, %lld, %lld], WL/DD Ratio: %.2f\n", (long long)p->ll,
            (long long)p->ld, (long long)(p->wl + p->dd), (long long)p->wd, (long long)p->ww,
            ratio((double)p->wl, (double)p->dd));
    bool with_sprt = sprt && sprt->on && t->a == 0 && t->b == 1;
    SprtVerdict verdict = with_sprt ? print_sprt(out, t, sprt) : SPRT_CONTINUE;
    print_meaning(out, table->names[t->a], table->names[t->b], t, &e);
    if (with_sprt)
        print_sprt_meaning(out, sprt, verdict);
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

/* The standings count each engine's games one by one (an engine's games
 * against several others make no pairs); with pairs, the blocks above
 * count those, a narrower interval where the colours matter: one line
 * says so under the table, so that two intervals of one match are never
 * left unexplained. */
static void print_standings(FILE *out, const ResultTable *table, bool pairs)
{
    Standing standings[ARENA_MAX_ENGINES];
    results_standings(table, standings);
    fprintf(out, "Rank  %-24s %8s %8s %7s %8s %7s %7s\n", "Name", "Elo", "+/-", "Games", "Points", "Score",
            "Draw");
    for (int i = 0; i < table->engine_count; i++) {
        const Standing *s = &standings[i];
        EloEstimate e;
        char error[32];
        int64_t games = wdl_games(s->wdl);
        stats_elo_wdl(s->wdl, &e);
        fprintf(out, "%4d  %-24s %8.1f %8s %7lld %8.1f %6.1f%% %6.1f%%\n", i + 1, table->names[s->engine],
                e.elo, interval_text(&e, e.elo_error, 1, error, sizeof error), (long long)games,
                wdl_points(s->wdl), 100.0 * ratio(wdl_points(s->wdl), (double)games),
                100.0 * ratio((double)s->wdl.draws, (double)games));
    }
    if (pairs)
        fputs("(The table's +/- counts games one by one; a pairing's above counts its pairs of games, "
              "the pentanomial model.)\n", out);
    for (int i = 0; i < table->engine_count; i++)
        print_failures(out, table->names[standings[i].engine], &standings[i]);
}

void report_print(FILE *out, ResultTable *table, const SprtSettings *sprt)
{
    bool pairs = false;
    fprintf(out, "--------------------------------------------------\n");
    for (int a = 0; a < table->engine_count; a++)
        for (int b = a + 1; b < table->engine_count; b++) {
            PairTally t;
            results_pair(table, a, b, &t);
            if (wdl_games(t.wdl) == 0)
                continue;
            pairs = pairs || penta_pairs(t.penta) > 0;
            print_pairing(out, table, &t, sprt);
            fprintf(out, "--------------------------------------------------\n");
        }
    print_standings(out, table, pairs);
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
        char error[32];
        results_pair(table, 0, 1, &t);
        elo_estimate(&t, &e);
        fprintf(out, ": %s vs %s +%lld =%lld -%lld (%.1f%%), Elo %.1f +/- %s", table->names[0],
                table->names[1], (long long)t.wdl.wins, (long long)t.wdl.draws, (long long)t.wdl.losses,
                100.0 * ratio(wdl_points(t.wdl), (double)wdl_games(t.wdl)), e.elo,
                interval_text(&e, e.elo_error, 1, error, sizeof error));
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
