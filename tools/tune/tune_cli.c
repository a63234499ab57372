/* tune_cli.c - the tuner's flags; the arena's flags go to the arena. */
#include "tune/tune_cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "util/parse_number.h"

static const char help_text[] =
    "tessera-tune - SPSA tuning of an engine's spin options by playing games\n"
    "\n"
    "Usage:\n"
    "  tessera-tune -engine cmd=PATH [KEY=VALUE ...] (-tune NAMES | -params FILE)\n"
    "               -iterations N [FLAGS]\n"
    "  tessera-tune verify -engine cmd=PATH [KEY=VALUE ...] -csv FILE [-games N] [FLAGS]\n"
    "               (the tuned values against the defaults: tessera-tune verify -help)\n"
    "  tessera-tune texel -game ID -data FILE [-lambda L] [-threads N] [-out CSV]\n"
    "               (Texel fit to tessera-datagen data: tessera-tune texel -help)\n"
    "  tessera-tune wdl -game ID -data FILE\n"
    "               (the UCI_ShowWDL model fitted to tessera-datagen data: tessera-tune wdl -help)\n"
    "  tessera-tune -help\n"
    "\n"
    "Each iteration plays one game pair (same opening, colours reversed) between\n"
    "the engine with theta+c_k*flip and with theta-c_k*flip (flip a random +-1 per\n"
    "parameter), then moves theta by (a_k/c_k) * (wins - losses of the + side) * flip,\n"
    "as fishtest does.  Values go to the engine rounded, by setoption.\n"
    "\n"
    "Engine and games (the arena's flags, as in tessera-arena -help):\n"
    "  -engine cmd=PATH [KEY=VALUE ...]\n"
    "                          the engine, exactly once: the tuner plays it against\n"
    "                          itself; keys cmd= args= proto= option.NAME= tc= st=\n"
    "                          depth= nodes= timemargin= timeout= launcher=\n"
    "  -each KEY=VALUE ...     the same keys for both copies (e.g. -each tc=2+0.02)\n"
    "  -game ID                roomandpillar (default), columna, qawale or territoire\n"
    "  -openings file=PATH [order=sequential|random]\n"
    "  -openings random plies=N\n"
    "                          the openings (default: the start position)\n"
    "  -concurrency P          pairs played at once (default 1, at most 256), each\n"
    "                          game with its own engine processes (see below)\n"
    "  -seed S                 seeds the openings and the perturbations (default 1)\n"
    "  -log FILE               append every line sent to and received from the engines\n"
    "  -loglimit MB            log at most MB mebibytes (decimals allowed) of each\n"
    "                          engine's output (default 64, 0: no limit), as the arena\n"
    "  -launcher WORDS         start each engine as WORDS followed by its cmd and\n"
    "                          args: 'srun --exclusive -n1 -c1' in a Slurm\n"
    "                          allocation, 'ssh -o BatchMode=yes {host}'; split at\n"
    "                          blanks only (no quotes, no shell).  It changes no\n"
    "                          result: a -resume may give another launcher\n"
    "  -launcher-hosts FILE    the hosts for {host}: one a line, '#' comments; pair\n"
    "                          thread k (0 to P-1) runs both its engines on line\n"
    "                          k mod N; the engine is checked on each before the run\n"
    "  -launcher-retries N     a game whose engine's launcher failed (a lost\n"
    "                          connection: ssh's exit 255, srun's own error) never\n"
    "                          reaches the gradient: the same game of the pair is\n"
    "                          played again, up to N times (default 3)\n"
    "  -launcher-retries-total M\n"
    "                          at most M such replays in the run (default 30);\n"
    "                          past either bound the run stops (exit 5)\n"
    "  The arena's match-only flags (such as -sprt, -pgnout, -rounds and -show) are\n"
    "  refused here: they are verify's.  An engine that loses a game by its own\n"
    "  fault (crash, time forfeit, illegal move, ...) is killed at once, and a\n"
    "  fresh process plays its next game.\n"
    "\n"
    "Parameters:\n"
    "  -tune NAMES             spin options of the engine's uci list, comma-separated,\n"
    "                          case-insensitive; NAME* takes every name with that\n"
    "                          prefix.  start/min/max = the option's default/min/max\n"
    "  -params FILE            fishtest's lines 'name, start, min, max, c_end, r_end'\n"
    "                          (# comments; a line with only a name takes the\n"
    "                          engine's values and the default steps)\n"
    "  -c-end-fraction F       default c_end = max(1, F * |default|) (F 0.1 unless\n"
    "                          given): each value is perturbed on its own scale,\n"
    "                          whatever its option range; a -params line sets\n"
    "                          c_end per parameter\n"
    "  -r-end R                default r_end (default 0.002)\n"
    "  -skip-effect-check      tune even what the check before a new run saw change\n"
    "                          nothing.  The check: the engine as the run\n"
    "                          configures it, one thread, searches a few positions\n"
    "                          with each parameter at its low and its high end; a\n"
    "                          parameter that changes no bestmove, score or node\n"
    "                          count is refused (exit 2).  For a parameter that\n"
    "                          acts only under a clock, which the check's\n"
    "                          node-limited searches never see\n"
    "\n"
    "Schedule (c_k = c / (k+1)^gamma, a_k = a / (A+k+1)^alpha, with c = c_end *\n"
    "N^gamma and a = r_end * c_end^2 * (A+N)^alpha, so that the last of the N\n"
    "iterations perturbs by c_end and learns at rate r_end):\n"
    "  -iterations N           game pairs to play (N)\n"
    "  -games 2N               the same length in games (an even number)\n"
    "  -A X                    stability constant (default N/10, rounded down)\n"
    "  -alpha X                (default 0.602)\n"
    "  -gamma X                (default 0.101)\n"
    "\n"
    "Progress and results:\n"
    "  -progress N             a line with the current values every N iterations\n"
    "                          (default 10)\n"
    "  -csv FILE               theta after every iteration, one row each (default\n"
    "                          tune.csv), and beside it FILE.run, the settings that\n"
    "                          change the run's result.  An existing FILE is another\n"
    "                          run's history: the run refuses it (exit 2) unless\n"
    "                          given -resume or -force.  FILE is locked for the\n"
    "                          run: a second run on it is refused (exit 2)\n"
    "  -force                  start afresh, overwriting an existing -csv FILE and\n"
    "                          its FILE.run\n"
    "  -resume FILE            go on from the last row of FILE, appending to it.\n"
    "                          Every setting that changes the result (game, engine\n"
    "                          and its keys, openings, seed, -concurrency, schedule,\n"
    "                          parameters) must be the one FILE.run records: a\n"
    "                          difference, or a missing or damaged FILE.run, is\n"
    "                          refused (exit 2).  What changes no result may\n"
    "                          change: -launcher, -launcher-hosts,\n"
    "                          -launcher-retries, -launcher-retries-total,\n"
    "                          -progress, -log, and -loglimit\n"
    "  -help / --help / -h     this text\n"
    "  -version / --version    the version\n"
    "  Pairs are applied and written in iteration order (with -concurrency a pair\n"
    "  that finishes early waits for the earlier ones), so row k means iterations\n"
    "  0..k-1, each once; pairs that finished after an unfinished one when a run\n"
    "  stopped are not applied, and -resume plays them again.\n"
    "  With -concurrency P the run is asynchronous SPSA with a fixed delay P-1:\n"
    "  iteration k perturbs theta as it stood after iterations 0..k-P (row k-P+1;\n"
    "  the start for k < P), starts once iteration k-P is applied, and its update\n"
    "  is applied in iteration order.  So the same command gives the same CSV\n"
    "  whatever the timing, the result depends on P (P = 1 is sequential SPSA),\n"
    "  and a -resume with another -concurrency is refused (-resume restores the\n"
    "  P-1 rows before the last too).\n"
    "  A 'warning:' line says when the games carry no signal: 50 pairs in a row\n"
    "  each scored 0 for the + side (theta stood still), or a run of 50 or more\n"
    "  iterations left every value at its start.\n"
    "  At the end (or on Ctrl-C) the tuner prints a setoption block to paste and\n"
    "  the verify and tessera-arena command lines that check the result, with the\n"
    "  next -seed: other openings than the run tuned on, which verify refuses.\n"
    "\n"
    "Exit status: 0 done; 1 the run could not go on (CSV not writable, the engine\n"
    "stopped starting, PGN trouble in verify); 2 bad arguments or set-up (flags,\n"
    "parameter file, an engine that does not start or lacks an option, a tuned\n"
    "parameter that changes nothing the engine does, a CSV that does not fit the\n"
    "run, an existing CSV without -resume or -force, a CSV another run holds, a\n"
    "-resume whose settings differ from FILE.run or without a whole FILE.run); 5\n"
    "a launcher kept failing (-launcher-retries; the message names its host and\n"
    "what it said; -resume continues); 130 interrupted (Ctrl-C; -resume\n"
    "continues).\n";

static const char verify_help_text[] =
    "tessera-tune verify - a tuning run's result measured in a match\n"
    "\n"
    "Usage:\n"
    "  tessera-tune verify -engine cmd=PATH [KEY=VALUE ...] -csv FILE [-games N] [FLAGS]\n"
    "\n"
    "Plays the values of FILE's last row (engine 'tuned') against the engine's\n"
    "defaults (engine 'default') with the arena's tournament, prints the same\n"
    "match as a tessera-arena command line, the arena's report, and a closing\n"
    "'verify: tuned - default = ... Elo +/- ...' line.  FILE is the CSV of a\n"
    "tuning run or of a Texel fit.  Every flag but -csv is the arena's, with the\n"
    "meaning it has in tessera-arena -help.\n"
    "\n"
    "  -csv FILE               the CSV whose last row is played (required)\n"
    "  -engine cmd=PATH [KEY=VALUE ...]\n"
    "                          the engine, exactly once (both sides run it)\n"
    "  -each KEY=VALUE ...     the same keys for both sides\n"
    "  -game ID                roomandpillar (default), columna, qawale or territoire\n"
    "  -games N                games of the match (default 400), or A..B\n"
    "  -rounds N               or N rounds (a pair each with -repeat)\n"
    "  -openings file=PATH [order=sequential|random]\n"
    "  -openings random plies=N\n"
    "                          the openings (default: the start position)\n"
    "  -repeat / -norepeat     play each opening twice with colours reversed (default on)\n"
    "  -tournament roundrobin|gauntlet   as in the arena (the same with two engines)\n"
    "  -concurrency N          games played at once (default 1)\n"
    "  -seed S                 the openings' seed (default 1)\n"
    "  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]\n"
    "                          stop as soon as the SPRT concludes\n"
    "  -ratinginterval N       the full report every N games\n"
    "  -pgnout FILE            append every finished game to FILE\n"
    "  -resume                 continue the match in the -pgnout FILE\n"
    "  -log FILE               append every line sent to and received from the engines\n"
    "  -loglimit MB            log at most MB mebibytes of each engine's output\n"
    "                          (default 64, 0: no limit)\n"
    "  -launcher WORDS         start each engine through WORDS, as in the arena\n"
    "  -launcher-hosts FILE    the hosts for the launcher's {host}, as in the arena\n"
    "  -launcher-retries N     replays of a game whose launcher failed (as the arena)\n"
    "  -launcher-retries-total M\n"
    "                          replays in the whole match, as in the arena\n"
    "  -show                   print the board and the move after every move\n"
    "  -help / --help / -h     this text\n"
    "\n"
    "Put tuned values into the engine's defaults only when the interval is\n"
    "clearly above zero.  A tuning CSV whose record (FILE.run) shows the same\n"
    "openings as this match (random ones with the same -seed, or the same\n"
    "file's positions in the same order) is refused: a match on the openings\n"
    "the run tuned on measures the values where they were fitted.\n"
    "\n"
    "Exit status: 0 the match completed (or its SPRT concluded); 1 the match could\n"
    "not go on (PGN or log trouble); 2 bad arguments (flags, an engine that does\n"
    "not start or refuses the values, a CSV that does not fit it or whose run\n"
    "tuned on these openings); 3 bad -sprt\n"
    "values; 5 a launcher kept failing (as in the arena); 130 interrupted (Ctrl-C;\n"
    "-resume continues).\n";

void tune_cli_print_help(FILE *out) { fputs(help_text, out); }

void tune_cli_print_verify_help(FILE *out) { fputs(verify_help_text, out); }

/* Arena flags that mean nothing to a tuning run. */
static bool is_match_only_flag(const char *flag)
{
    static const char *const flags[] = {"-rounds", "-sprt", "-pgnout", "-ratinginterval",
                                        "-tournament", "-repeat", "-norepeat", "-show", NULL};
    for (int i = 0; flags[i]; i++)
        if (strcmp(flag, flags[i]) == 0)
            return true;
    return false;
}

static bool parse_int_flag(const char *flag, const char *value, long min, long max, long *out,
                           char *err, size_t err_size)
{
    int64_t n = 0;
    if (parse_int64(value, min, max, &n) != NUMBER_OK) {
        snprintf(err, err_size, "%s %s: expected a whole number from %ld to %ld", flag,
                 value ? value : "(nothing)", min, max);
        return false;
    }
    *out = (long)n;
    return true;
}

static bool parse_real_flag(const char *flag, const char *value, double min, double max,
                            bool min_allowed, double *out, char *err, size_t err_size)
{
    char *end;
    errno = 0;
    double x = value ? strtod(value, &end) : NAN;
    bool in_range = isfinite(x) && (min_allowed ? x >= min : x > min) && x <= max;
    if (!value || errno || end == value || *end || !in_range) {
        snprintf(err, err_size, "%s %s: expected a number %s %g and at most %g", flag,
                 value ? value : "(nothing)", min_allowed ? ">=" : ">", min, max);
        return false;
    }
    *out = x;
    return true;
}

/* Flags read before they can be checked against each other. */
typedef struct {
    long games, iterations;
    const char *csv_path, *resume_path;
} CountFlags;

/* What the flag readers fill. */
typedef struct {
    TuneOptions *o;
    CountFlags *n;
} TuneTarget;

static TuneOptions *options_of(void *target) { return ((TuneTarget *)target)->o; }
static CountFlags *counts_of(void *target) { return ((TuneTarget *)target)->n; }

/* A path or pattern: any word but an empty one. */
static bool read_text(const char *flag, const char *value, const char **out, char *err, size_t err_size)
{
    if (!*value) {
        snprintf(err, err_size, "%s needs a value", flag);
        return false;
    }
    *out = value;
    return true;
}

static bool read_tune(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_text(flag, value, &options_of(target)->tune_patterns, err, err_size);
}

static bool read_params(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_text(flag, value, &options_of(target)->params_path, err, err_size);
}

static bool read_csv(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_text(flag, value, &counts_of(target)->csv_path, err, err_size);
}

static bool read_resume(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_text(flag, value, &counts_of(target)->resume_path, err, err_size);
}

static bool read_iterations(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_int_flag(flag, value, 1, 100000000, &counts_of(target)->iterations, err, err_size);
}

static bool read_games(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_int_flag(flag, value, 2, 200000000, &counts_of(target)->games, err, err_size);
}

static bool read_progress(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    long every = 0;
    bool ok = parse_int_flag(flag, value, 1, 100000000, &every, err, err_size);
    options_of(target)->progress_every = (int)every;
    return ok;
}

static bool read_A(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    options_of(target)->have_A = true;
    return parse_real_flag(flag, value, 0, 1e9, true, &options_of(target)->A, err, err_size);
}

static bool read_alpha(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_real_flag(flag, value, 0, 10, false, &options_of(target)->alpha, err, err_size);
}

static bool read_gamma(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_real_flag(flag, value, 0, 10, false, &options_of(target)->gamma, err, err_size);
}

static bool read_r_end(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_real_flag(flag, value, 0, 1e6, true, &options_of(target)->steps.r_end, err, err_size);
}

static bool read_c_end_fraction(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_real_flag(flag, value, 0, 1, false, &options_of(target)->steps.c_end_fraction, err, err_size);
}

static bool set_force(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    options_of(target)->force = true;
    return true;
}

static bool set_skip_effect_check(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    options_of(target)->skip_effect_check = true;
    return true;
}

/* The tuning run's own flags; every other word goes to the arena. */
static const Flag tune_flags[] = {
    {"-tune", .on_value = read_tune},
    {"-params", .on_value = read_params},
    {"-csv", .on_value = read_csv},
    {"-resume", .on_value = read_resume},
    {"-iterations", .on_value = read_iterations},
    {"-games", .on_value = read_games},
    {"-progress", .on_value = read_progress},
    {"-A", .on_value = read_A},
    {"-alpha", .on_value = read_alpha},
    {"-gamma", .on_value = read_gamma},
    {"-r-end", .on_value = read_r_end},
    {"-c-end-fraction", .on_value = read_c_end_fraction},
    {"-force", .on_switch = set_force},
    {"-skip-effect-check", .on_switch = set_skip_effect_check},
    {.name = NULL},
};

/* verify's own flag: the run's CSV; the rest are the match's. */
static const Flag verify_flags[] = {
    {"-csv", .on_value = read_csv},
    {.name = NULL},
};

static bool add_arena_arg(TuneOptions *o, const char *arg, char *err, size_t err_size)
{
    if (o->arena_arg_count == TUNE_MAX_ARGS) {
        snprintf(err, err_size, "more than %d arguments", TUNE_MAX_ARGS);
        return false;
    }
    o->arena_args[o->arena_arg_count++] = arg;
    return true;
}

/* Sorts argv into the tuner's flags and the arena's arguments. */
static bool split_args(int argc, char *const *argv, int from, TuneOptions *o, CountFlags *n,
                       char *err, size_t err_size)
{
    bool verify = o->command == TUNE_COMMAND_VERIFY;
    TuneTarget target = {o, n};
    for (int i = from; i < argc; i++) {
        const char *arg = argv[i];
        const Flag *row = arg[0] == '-' ? flag_find(verify ? verify_flags : tune_flags, arg) : NULL;
        if (row) {
            if (flag_read(row, &target, argc, argv, &i, 1, err, err_size) != 0)
                return false;
            continue;
        }
        if (!verify && is_match_only_flag(arg)) {
            snprintf(err, err_size, "%s is for matches: use it with 'tessera-tune verify' or tessera-arena", arg);
            return false;
        }
        if (!add_arena_arg(o, arg, err, err_size))
            return false;
    }
    return true;
}

/* Finds the one -engine and its KEY=VALUE words. */
static bool find_engine(TuneOptions *o, char *err, size_t err_size)
{
    o->engine_at = -1;
    for (int i = 0; i < o->arena_arg_count; i++) {
        if (strcmp(o->arena_args[i], "-engine") != 0)
            continue;
        if (o->engine_at >= 0) {
            snprintf(err, err_size, "give exactly one -engine: the tuner plays it against itself");
            return false;
        }
        o->engine_at = i;
        o->engine_words = 0;
        while (i + 1 + o->engine_words < o->arena_arg_count &&
               o->arena_args[i + 1 + o->engine_words][0] != '-')
            o->engine_words++;
    }
    if (o->engine_at < 0) {
        snprintf(err, err_size, "give the engine to tune: -engine cmd=PATH [KEY=VALUE ...]");
        return false;
    }
    return true;
}

static bool has_arena_flag(const TuneOptions *o, const char *flag)
{
    for (int i = 0; i < o->arena_arg_count; i++)
        if (strcmp(o->arena_args[i], flag) == 0)
            return true;
    return false;
}

/* The arena's argv: everything but the tuner's flags, the -engine words
 * named first_name, and the same -engine again named second_name. */
static int arena_parse(TuneOptions *o, const char *first_name, const char *second_name, char *err,
                       size_t err_size)
{
    const char *args[TUNE_MAX_ARGS + 8];
    int count = 0;
    args[count++] = "tessera-tune";
    int engine_end = o->engine_at + 1 + o->engine_words;
    for (int i = 0; i < o->arena_arg_count; i++) {
        if (i == engine_end)
            args[count++] = first_name;
        args[count++] = o->arena_args[i];
    }
    if (engine_end == o->arena_arg_count)
        args[count++] = first_name;
    for (int i = o->engine_at; i < engine_end; i++)
        args[count++] = o->arena_args[i];
    args[count++] = second_name;
    if (o->command == TUNE_COMMAND_VERIFY && !has_arena_flag(o, "-games") &&
        !has_arena_flag(o, "-rounds")) {
        snprintf(o->verify_games, sizeof o->verify_games, "%d", TUNE_VERIFY_GAMES);
        args[count++] = "-games";
        args[count++] = o->verify_games;
    }
    return cli_parse(count, (char *const *)args, &o->arena, err, err_size);
}

static int check_tune_flags(TuneOptions *o, const CountFlags *n, char *err, size_t err_size)
{
    if (n->resume_path && n->csv_path && strcmp(n->resume_path, n->csv_path) != 0) {
        snprintf(err, err_size, "-resume %s: the run appends to that file, so no other -csv",
                 n->resume_path);
        return TUNE_EXIT_BAD_ARGS;
    }
    o->resume = n->resume_path != NULL;
    if (o->resume && o->force) {
        snprintf(err, err_size, "-resume %s appends to that file and -force overwrites it: "
                 "give one of them", n->resume_path);
        return TUNE_EXIT_BAD_ARGS;
    }
    if (n->resume_path || n->csv_path)
        o->csv_path = n->resume_path ? n->resume_path : n->csv_path;
    if (!o->tune_patterns == !o->params_path) {
        snprintf(err, err_size, "say what to tune: -tune NAMES or -params FILE (one of them)");
        return TUNE_EXIT_BAD_ARGS;
    }
    if (n->games && n->iterations) {
        snprintf(err, err_size, "give -iterations or -games, not both");
        return TUNE_EXIT_BAD_ARGS;
    }
    if (n->games % 2) {
        snprintf(err, err_size, "-games %ld: a tuning run plays pairs, give an even number", n->games);
        return TUNE_EXIT_BAD_ARGS;
    }
    o->iterations = (int)(n->iterations ? n->iterations : n->games / 2);
    if (o->iterations == 0) {
        snprintf(err, err_size, "say how long to tune: -iterations N (game pairs) or -games 2N");
        return TUNE_EXIT_BAD_ARGS;
    }
    return TUNE_EXIT_OK;
}

int tune_cli_parse(int argc, char *const *argv, TuneOptions *o, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    o->alpha = SPSA_DEFAULT_ALPHA;
    o->gamma = SPSA_DEFAULT_GAMMA;
    o->steps = step_defaults();
    o->csv_path = TUNE_DEFAULT_CSV;
    o->progress_every = TUNE_DEFAULT_PROGRESS;
    int from = 1;
    if (argc > 1 && strcmp(argv[1], "verify") == 0) {
        o->command = TUNE_COMMAND_VERIFY;
        from = 2;
    }
    if (cli_asks_for_help(argc, argv, from)) {
        o->command = o->command == TUNE_COMMAND_VERIFY ? TUNE_COMMAND_VERIFY_HELP : TUNE_COMMAND_HELP;
        return TUNE_EXIT_OK;
    }
    CountFlags n = {0, 0, NULL, NULL};
    if (!split_args(argc, argv, from, o, &n, err, err_size) || !find_engine(o, err, err_size))
        return TUNE_EXIT_BAD_ARGS;
    if (o->command == TUNE_COMMAND_VERIFY) {
        o->csv_path = n.csv_path;
        if (!o->csv_path) {
            snprintf(err, err_size, "verify: give -csv FILE, the tuning run's CSV");
            return TUNE_EXIT_BAD_ARGS;
        }
        int code = arena_parse(o, "name=tuned", "name=default", err, err_size);
        return code == ARENA_EXIT_OK ? TUNE_EXIT_OK : code;
    }
    int code = check_tune_flags(o, &n, err, err_size);
    if (code != TUNE_EXIT_OK)
        return code;
    code = arena_parse(o, "name=plus", "name=minus", err, err_size);
    return code == ARENA_EXIT_OK ? TUNE_EXIT_OK : TUNE_EXIT_BAD_ARGS;
}

void tune_cli_free(TuneOptions *o) { cli_free(&o->arena); }

SpsaSchedule tune_cli_schedule(const TuneOptions *o)
{
    SpsaSchedule schedule = spsa_default_schedule(o->iterations);
    if (o->have_A)
        schedule.A = o->A;
    schedule.alpha = o->alpha;
    schedule.gamma = o->gamma;
    /* P pairs at once: iteration k perturbs theta after iteration k - P. */
    schedule.delay = o->arena.run.concurrency > 1 ? o->arena.run.concurrency - 1 : 0;
    return schedule;
}

void tune_cli_print_quoted(FILE *out, const char *text)
{
    bool plain = *text != '\0';
    for (const char *p = text; *p && plain; p++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/=:+@%",
                       *p) != NULL;
    if (plain) {
        fputs(text, out);
        return;
    }
    fputc('\'', out);
    for (const char *p = text; *p; p++) {
        if (*p == '\'')
            fputs("'\\''", out);
        else
            fputc(*p, out);
    }
    fputc('\'', out);
}
