/* test_tune_csv.c - theta over time in a CSV, and resuming from it. */
#include "harness.h"
#include "spsatest.h"

#include <math.h>
#include <unistd.h>

#include "tune/text_file.h"
#include "tune/theta_csv.h"

static char dir[64];

static const char *temp_path(const char *name)
{
    static char path[128];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/test_tune_csv_XXXXXX");
        if (!mkdtemp(dir))
            dir[0] = '\0';
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Two parameters of Room and Pillar under a default schedule of 100
 * iterations with delay pairs in flight, seed 1. */
static void two_params_with_delay(Spsa *spsa, int delay)
{
    SpsaParam p[2] = {spsa_test_param("RoomAndPillarMobility", 6, 0, 200, 2, 0.002),
                      spsa_test_param("RoomAndPillarTempo", -10, -200, 200, 2, 0.002)};
    SpsaSchedule s = spsa_default_schedule(100);
    s.delay = delay;
    char err[256] = "";
    CHECK(spsa_init(spsa, &s, p, 2, 1, err, sizeof err));
}

static void two_params(Spsa *spsa) { two_params_with_delay(spsa, 0); }

/* Runs whole for iterations (results cycling through -spread..spread so
 * that theta moves both ways) with its thetas in csv_name, then resumes
 * resumed from that file: it must have done as many iterations. */
static void run_then_resume(Spsa *whole, Spsa *resumed, const char *csv_name, int iterations, int spread)
{
    const char *path = temp_path(csv_name);
    char err[256] = "";
    FILE *f = theta_csv_create(path, true, whole, err, sizeof err);
    SpsaProbe probe;
    for (int k = 0; k < iterations; k++) {
        spsa_draw(whole, k, &probe);
        spsa_update(whole, &probe, k % (2 * spread + 1) - spread);
        if (f)
            theta_csv_append(f, whole);
    }
    if (f)
        fclose(f);
    f = theta_csv_resume(path, resumed, err, sizeof err);
    if (f)
        fclose(f);
    CHECK_EQ_INT(resumed->done, iterations);
}

static void test_csv_starts_with_header_and_start_values(void)
{
    static Spsa spsa;
    two_params(&spsa);
    char err[256] = "";
    FILE *f = theta_csv_create(temp_path("start.csv"), true, &spsa, err, sizeof err);
    CHECK(f != NULL);
    if (f)
        fclose(f);
    char *text = text_file_read(temp_path("start.csv"), 4096, NULL, err, sizeof err);
    CHECK_STR(text, "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,6,-10\n");
    free(text);
}

static void test_csv_has_one_row_per_iteration(void)
{
    static Spsa spsa;
    two_params(&spsa);
    char err[256] = "";
    FILE *f = theta_csv_create(temp_path("rows.csv"), true, &spsa, err, sizeof err);
    for (int k = 0; k < 3 && f; k++) {
        SpsaProbe probe;
        spsa_draw(&spsa, k, &probe);
        spsa_update(&spsa, &probe, 2);
        CHECK(theta_csv_append(f, &spsa));
    }
    if (f)
        fclose(f);
    ThetaRow row;
    CHECK(theta_csv_load_last_row(temp_path("rows.csv"), &row, err, sizeof err));
    CHECK_EQ_INT(row.iteration, 3);
    CHECK_EQ_INT(row.count, 2);
    CHECK_STR(row.name[1], "RoomAndPillarTempo");
    /* Every bit: a resumed run goes on from the very same doubles. */
    CHECK(row.value[0] == spsa.param[0].theta);
    CHECK(row.value[1] == spsa.param[1].theta);
}

/* Resumes spsa from a file csv_name holding text, checks that it resumed
 * after done iterations, then appends the next row as the run would. */
static void resume_and_append(Spsa *spsa, const char *csv_name, const char *text, int done)
{
    const char *path = temp_path(csv_name);
    write_text(path, text);
    char err[256] = "";
    FILE *f = theta_csv_resume(path, spsa, err, sizeof err);
    CHECK(f != NULL);
    CHECK_EQ_INT(spsa->done, done);
    if (f) {
        spsa->done = done + 1;
        CHECK(theta_csv_append(f, spsa));
        fclose(f);
    }
}

/* A resumed run takes theta from the last row and goes on appending to the
 * same file. */
static void test_resume_takes_the_last_complete_row(void)
{
    static Spsa spsa;
    two_params(&spsa);
    resume_and_append(&spsa, "resume.csv",
                      "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n"
                      "0,6.000000,-10.000000\n"
                      "1,6.500000,-9.000000\n"
                      "2,7.250000,-8.500000\n",
                      2);
    CHECK(spsa.param[0].theta == 7.25);
    CHECK(spsa.param[1].theta == -8.5);
    ThetaRow row;
    char err[256] = "";
    CHECK(theta_csv_load_last_row(temp_path("resume.csv"), &row, err, sizeof err));
    CHECK_EQ_INT(row.iteration, 3);
}

/* A row cut short by a crash (no newline) is dropped from the file, so the
 * next row does not glue onto it. */
static void test_resume_drops_a_row_cut_short(void)
{
    static Spsa spsa;
    two_params(&spsa);
    resume_and_append(&spsa, "cut.csv",
                      "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n"
                      "0,6.000000,-10.000000\n"
                      "1,6.500000,-9.000000\n"
                      "2,7.2",
                      1);
    CHECK(spsa.param[0].theta == 6.5);
    char err[256] = "";
    char *text = text_file_read(temp_path("cut.csv"), 4096, NULL, err, sizeof err);
    CHECK_STR(text, "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n"
                    "0,6.000000,-10.000000\n"
                    "1,6.500000,-9.000000\n"
                    "2,6.5,-9\n");
    free(text);
}

static void test_resume_refuses_other_parameters(void)
{
    static Spsa spsa;
    two_params(&spsa);
    const char *path = temp_path("other.csv");
    write_text(path, "iteration,RoomAndPillarMobility,RoomAndPillarSafe\n0,6,14\n");
    char err[256] = "";
    CHECK(theta_csv_resume(path, &spsa, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "header does not list this run's 2 parameters");
    write_text(path, "iteration,RoomAndPillarTempo,RoomAndPillarMobility\n0,-10,6\n");
    CHECK(theta_csv_resume(path, &spsa, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "in its order");
}

static void test_resume_refuses_broken_rows(void)
{
    static Spsa spsa;
    two_params(&spsa);
    char err[256] = "";
    size_t kept;
    CHECK(!theta_csv_restore("iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,6,-10\n2,6,-10\n",
                             &spsa, &kept, err, sizeof err));
    CHECK_CONTAINS(err, "line 3: iteration 2 follows 0");
    CHECK(!theta_csv_restore("iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,6\n", &spsa, &kept,
                             err, sizeof err));
    CHECK_CONTAINS(err, "line 2: 2 fields, expected 3");
    CHECK(!theta_csv_restore("iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,six,-10\n", &spsa,
                             &kept, err, sizeof err));
    CHECK_CONTAINS(err, "RoomAndPillarMobility value 'six' is not a number");
    CHECK(!theta_csv_restore("iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,6,-300\n", &spsa,
                             &kept, err, sizeof err));
    CHECK_CONTAINS(err, "RoomAndPillarTempo = -300 is outside -200..200");
    CHECK(!theta_csv_restore("iteration,RoomAndPillarMobility,RoomAndPillarTempo\n", &spsa, &kept, err,
                             sizeof err));
    CHECK_CONTAINS(err, "no complete row");
}

static void test_resume_of_a_missing_file_says_so(void)
{
    static Spsa spsa;
    two_params(&spsa);
    char err[256] = "";
    CHECK(theta_csv_resume("/nonexistent/tune.csv", &spsa, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "-resume /nonexistent/tune.csv");
}

/* Resumed at iteration k, a run draws the same perturbations as the run
 * that was interrupted there (the flips depend on seed and k only). */
static void test_resumed_run_draws_the_same_perturbations(void)
{
    static Spsa whole, resumed;
    two_params(&whole);
    two_params(&resumed);
    run_then_resume(&whole, &resumed, "same.csv", 5, 1);
    SpsaProbe a, b;
    spsa_draw(&whole, 5, &a);
    spsa_draw(&resumed, 5, &b);
    CHECK(a.flip[0] == b.flip[0] && a.flip[1] == b.flip[1]);
    CHECK(fabs(a.plus[0] - b.plus[0]) < 1e-5 && fabs(a.minus[1] - b.minus[1]) < 1e-5);
}

/* Under -concurrency P (delay P-1) the pairs in flight perturb thetas of
 * earlier rows: a resumed run restores them from the CSV and draws what
 * the uninterrupted run draws. */
static void test_resumed_run_with_a_delay_draws_the_same_perturbations(void)
{
    static Spsa whole, resumed;
    two_params_with_delay(&whole, 3);
    two_params_with_delay(&resumed, 3);
    run_then_resume(&whole, &resumed, "delay.csv", 9, 2);
    /* Iterations 9..12 perturb the thetas after 6..9 iterations. */
    for (int k = 9; k < 13; k++) {
        SpsaProbe a, b;
        CHECK(spsa_can_draw(&resumed, k));
        spsa_draw(&whole, k, &a);
        spsa_draw(&resumed, k, &b);
        for (int i = 0; i < 2; i++)
            CHECK(fabs(a.plus[i] - b.plus[i]) < 1e-5 && fabs(a.minus[i] - b.minus[i]) < 1e-5);
    }
}

/* A new run does not overwrite another run's history unless told to. */
static void test_new_csv_refuses_an_existing_file_unless_overwrite(void)
{
    static Spsa spsa;
    two_params(&spsa);
    const char *path = temp_path("exists.csv");
    write_text(path, "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,7,-9\n");
    char err[256] = "";
    FILE *f = theta_csv_create(path, false, &spsa, err, sizeof err);
    CHECK(f == NULL);
    if (f)
        fclose(f);
    CHECK_CONTAINS(err, "exists already: -resume ");
    CHECK_CONTAINS(err, "-force overwrites it");
    char *text = text_file_read(path, 4096, NULL, err, sizeof err);
    CHECK_STR(text, "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,7,-9\n");
    free(text);
    f = theta_csv_create(path, true, &spsa, err, sizeof err);
    CHECK(f != NULL);
    if (f)
        fclose(f);
    text = text_file_read(path, 4096, NULL, err, sizeof err);
    CHECK_STR(text, "iteration,RoomAndPillarMobility,RoomAndPillarTempo\n0,6,-10\n");
    free(text);
}

static void cleanup(void)
{
    const char *names[] = {"start.csv", "rows.csv", "resume.csv", "cut.csv",
                           "other.csv", "same.csv", "delay.csv", "exists.csv"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        unlink(temp_path(names[i]));
    if (dir[0])
        rmdir(dir);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_csv_starts_with_header_and_start_values);
    RUN(test_csv_has_one_row_per_iteration);
    RUN(test_resume_takes_the_last_complete_row);
    RUN(test_resume_drops_a_row_cut_short);
    RUN(test_resume_refuses_other_parameters);
    RUN(test_resume_refuses_broken_rows);
    RUN(test_resume_of_a_missing_file_says_so);
    RUN(test_resumed_run_draws_the_same_perturbations);
    RUN(test_resumed_run_with_a_delay_draws_the_same_perturbations);
    RUN(test_new_csv_refuses_an_existing_file_unless_overwrite);
    cleanup();
    return harness_end();
}
