/* cli.c - command line parsing and help. */
#include "arena/cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena/arena_log.h"
#include "cli/flags.h"
#include "games/registry.h"
#include "util/parse_number.h"

static const char help_text[] =
    "tessera-arena - plays games between engines and measures their strength\n"
    "\n"
    "Usage:\n"
    "  tessera-arena -engine cmd=PATH [KEY=VALUE ...] -engine ... [FLAGS]\n"
    "  tessera-arena merge [-sprt ...] FILE.pgn ...   (its flags: tessera-arena merge -help)\n"
    "  tessera-arena repair FILE.pgn   a file two runs appended to (repair -help)\n"
    "  tessera-arena -help\n"
    "\n"
    "Engines (at least two; each -engine takes KEY=VALUE words up to the next flag):\n"
    "  -engine cmd=PATH        engine program (looked up in PATH without a '/')\n"
    "          name=NAME       name in reports and PGN (default: file name of cmd);\n"
    "                          unique, without control characters\n"
    "          args=\"A B\"      arguments, split like a shell would\n"
    "          proto=uci|ugi   protocol (default uci); ugi sends p1time/p2time clocks\n"
    "          option.NAME=V   setoption name NAME value V after the Game option;\n"
    "                          NAME must be an option the engine lists (any case),\n"
    "                          V a value it allows (spin range, true/false, a var)\n"
    "          tc=MOVES/SECONDS+INC or tc=SECONDS+INC   clock (e.g. tc=40/60+0.6, tc=8+0.08)\n"
    "          st=SECONDS      fixed time per move (go movetime), 500 ms of grace\n"
    "                          unless timemargin= is given\n"
    "          depth=N         go depth N\n"
    "          nodes=N         go nodes N\n"
    "          timemargin=MS   grace in milliseconds before a flag falls (default 0;\n"
    "                          500 with st=)\n"
    "          timeout=SECONDS limit for the handshake, readyok, and a move that no\n"
    "                          clock or st bounds (depth/nodes only); default 10\n"
    "          ponder=on|off   think on the opponent's time (go ponder, ponderhit or\n"
    "                          stop), as cutechess's ponder; sets option Ponder\n"
    "          launcher=WORDS  start this engine through WORDS (as -launcher)\n"
    "  -each KEY=VALUE ...     the same keys for every engine (an engine's own keys win)\n"
    "  Every engine needs a limit: tc=, st=, depth= or nodes= (they combine).\n"
    "\n"
    "Games:\n"
    "  -game ID                roomandpillar (default), columna, qawale or territoire\n"
    "  -games N                play games 1..N (plain decimal: 010 and 0x10 are refused)\n"
    "  -games A..B             play only games A..B (a slice; see merge)\n"
    "  -rounds N               N rounds; a round is one opening for every pairing\n"
    "                          (two games each with -repeat); default 1\n"
    "  -tournament roundrobin|gauntlet   with more than two engines (default\n"
    "                          roundrobin; gauntlet: the first engine against each other)\n"
    "  -concurrency N          games played at once, each with its own engine\n"
    "                          processes (default 1)\n"
    "  -seed S                 seed of the openings (default 1); game k's opening and\n"
    "                          colours depend only on S and k\n"
    "  -openings file=PATH [order=sequential|random]\n"
    "                          one opening per line: a position string or startpos,\n"
    "                          optionally followed by 'moves m1 m2 ...'; '#' comments\n"
    "  -openings random plies=N\n"
    "                          N random legal plies from the start (after a random\n"
    "                          deal for Territoire); default: the start position\n"
    "  -repeat / -norepeat     play each opening twice with colours reversed (default on)\n"
    "\n"
    "Engines on other machines:\n"
    "  -launcher WORDS         start each engine as WORDS followed by its cmd and\n"
    "                          args: 'srun --exclusive -n1 -c1' in a Slurm\n"
    "                          allocation, 'ssh -o BatchMode=yes {host}'; WORDS are\n"
    "                          split at blanks only (no quotes, no shell); an\n"
    "                          engine's own launcher= wins; not recorded in the\n"
    "                          PGN (a -resume may use another launcher)\n"
    "  -launcher-hosts FILE    the hosts for {host}: one a line, '#' comments; game\n"
    "                          thread k (0 to -concurrency - 1) runs both its\n"
    "                          engines on line k mod N; each engine is checked on\n"
    "                          each host used before the first game\n"
    "  -launcher-retries N     a game whose engine's launcher failed (ssh's exit\n"
    "                          255, srun's own error, a launcher that ended or\n"
    "                          stayed silent before the handshake) is not scored\n"
    "                          but played again, up to N times (default 3; 0: the\n"
    "                          first failure stops the run); the same for each\n"
    "                          start of the check before the first game\n"
    "  -launcher-retries-total M\n"
    "                          at most M such replays in the whole run (default\n"
    "                          30); past either bound the run stops (exit 5)\n"
    "\n"
    "Statistics and output:\n"
    "  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]\n"
    "                          generalised SPRT (two engines only; alpha and beta\n"
    "                          default 0.05): bounds in normalized Elo (default, as\n"
    "                          fishtest and fastchess) or logistic Elo; pentanomial\n"
    "                          with -repeat, trinomial (per game) without; the run\n"
    "                          stops when the LLR leaves its bounds\n"
    "  -ratinginterval N       print the full report every N games (default: at the end)\n"
    "  -pgnout FILE            append every finished game to FILE at once (fsync'ed);\n"
    "                          White is p1 (to move in the FEN), Black p2; FILE is\n"
    "                          locked for the run: a second run on it is refused\n"
    "  -resume                 continue the run whose games are in the -pgnout FILE:\n"
    "                          play only the missing games; the configuration\n"
    "                          recorded in FILE must match (engines, options, limits,\n"
    "                          game, seed, openings, -repeat, -sprt), else exit 1\n"
    "                          naming what differs; a longer -games range continues\n"
    "  -log FILE               append every line sent and received, engines' stderr too\n"
    "  -loglimit MB            log at most MB mebibytes (decimals allowed) of each\n"
    "                          engine's output, stdout and stderr of all its processes\n"
    "                          together (default 64, 0: no limit); past it the log\n"
    "                          says 'log limit reached' and keeps the rest out\n"
    "  -show                   print the board and the move after every move\n"
    "  -help / --help / -h     this text\n"
    "  -version / --version    the version\n"
    "\n"
    "Before the first game every engine is started once and checked: it must run,\n"
    "complete the handshake and accept every option.NAME= (else exit 4, no game).\n"
    "An engine that loses a game by its own fault (an illegal move, a time forfeit,\n"
    "malformed output, a crash, a failed handshake; the PGN Termination says which)\n"
    "is killed with its process group at once, and a fresh process plays its next\n"
    "game.  One that fails to start for 3 of its games in a row stops the run\n"
    "(exit 4; finished games are kept).  Before each go the arena sends isready and\n"
    "drops everything up to readyok (on the mover's clock).  Engines run in their\n"
    "own process group, killed after quit; on Linux each also gets SIGKILL when the\n"
    "arena dies, even by kill -9.  Through a launcher, these signals reach the\n"
    "launcher (killed with SIGTERM first, which srun passes on, SIGKILL 2 s later);\n"
    "ending the remote engine is then up to it (see the README).  A -resume with\n"
    "nothing left to play only reports (its PGN is not written).  Progress is\n"
    "printed at most once a second.  The report ends each pairing with a\n"
    "'Meaning:' line: its numbers in words.\n"
    "\n"
    "Exit status:\n"
    "  0    the run completed (every game played, or the SPRT concluded)\n"
    "  1    the run could not go on (PGN or log file trouble, a -pgnout another run\n"
    "       holds, PGN of another run or configuration); merge: unreadable, empty or\n"
    "       mixed files; repair: a file it cannot repair (nothing changed)\n"
    "  2    bad arguments (flags, engine keys, game, openings file, launcher or its\n"
    "       hosts file)\n"
    "  3    the SPRT could not start (bad -sprt values, not exactly two engines)\n"
    "  4    an engine cannot be used: not found, not executable, no handshake or a\n"
    "       refused option (before any game), or it stopped starting mid-run\n"
    "  5    a launcher kept failing (see -launcher-retries): the message names its\n"
    "       host and what it said; no such game is scored, finished games are in\n"
    "       the PGN, -resume continues\n"
    "  130  interrupted (Ctrl-C); finished games are in the PGN, -resume continues\n";

static const char merge_help_text[] =
    "tessera-arena merge - the combined report of PGN files written with -pgnout\n"
    "\n"
    "Usage:\n"
    "  tessera-arena merge [-sprt elo0=E0 elo1=E1 ...] FILE.pgn ...\n"
    "  tessera-arena merge -help\n"
    "\n"
    "Reads the games of slices of one run (-games A..B) or of whole runs of one\n"
    "game, also with different seeds, and prints the report one run of all of\n"
    "them prints.  A game is its run's seed and its number: the same game twice,\n"
    "an empty file, a file without a recorded configuration, or two runs of one\n"
    "seed configured differently are refused.  Pairs never cross runs.\n"
    "\n"
    "  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]\n"
    "                          also compute the LLR of the merged games, as in a\n"
    "                          run; it comes before the files\n"
    "  -help / --help / -h     this text\n"
    "\n"
    "Exit status: 0 the report is printed; 1 a file cannot be read, is empty or\n"
    "mixes runs; 2 no file given; 3 bad -sprt values.\n";

void cli_print_help(FILE *out) { fputs(help_text, out); }

void cli_print_merge_help(FILE *out) { fputs(merge_help_text, out); }

static bool is_help_flag(const char *arg)
{
    return strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

bool cli_asks_for_help(int argc, char *const *argv, int from)
{
    for (int i = from; i < argc; i++)
        if (is_help_flag(argv[i]))
            return true;
    return false;
}

typedef struct {
    EngineSpec each;
    const char *launcher;       /* -launcher: for engines without launcher= */
    const char *launcher_hosts; /* -launcher-hosts FILE */
    bool have_games, have_rounds, have_tournament;
    uint64_t games_first, games_last, rounds;
    OpeningKind openings;
    const char *openings_file;
    bool random_order;
    int plies;
} CliState;

/* Numbers are decimal only (util/parse_number.h): `-games 010` and
 * `-games 0x10` are refused, never read as eight or sixteen. */
static bool parse_u64(const char *text, uint64_t *out)
{
    return parse_uint64(text, UINT64_MAX, out) == NUMBER_OK;
}

/* Plain decimal notation (digits, sign, point, exponent): strtod alone
 * would also take hex, inf and nan. */
static bool parse_double(const char *text, double *out)
{
    char *end;
    if (!*text || text[strspn(text, "0123456789+-.eE")] != '\0')
        return false;
    *out = strtod(text, &end);
    return *end == '\0' && isfinite(*out);
}

/* "N" or "A..B" */
static bool parse_games(const char *text, CliState *st, char *err, size_t err_size)
{
    const char *dots = strstr(text, "..");
    uint64_t a = 1, b = 0;
    bool ok;
    if (dots) {
        char first[32];
        size_t len = (size_t)(dots - text);
        ok = len < sizeof first;
        if (ok) {
            memcpy(first, text, len);
            first[len] = '\0';
            ok = parse_u64(first, &a) && parse_u64(dots + 2, &b) && a >= 1 && a <= b;
        }
    } else {
        ok = parse_u64(text, &b) && b >= 1;
    }
    if (!ok || b > (uint64_t)1 << 40) {
        snprintf(err, err_size, "-games %s: expected N or A..B with 1 <= A <= B", text ? text : "");
        return false;
    }
    st->have_games = true;
    st->games_first = a;
    st->games_last = b;
    return true;
}

/* Words after a flag up to the next flag. */
static int count_words(int argc, char *const *argv, int from)
{
    int n = 0;
    while (from + n < argc && argv[from + n][0] != '-')
        n++;
    return n;
}

static bool parse_engine(int argc, char *const *argv, int *i, EngineSpec *spec, char *err,
                         size_t err_size)
{
    int words = count_words(argc, argv, *i + 1);
    for (int w = 0; w < words; w++)
        if (!spec_apply_token(spec, argv[*i + 1 + w], err, err_size))
            return false;
    *i += words;
    return true;
}

static bool parse_openings(int argc, char *const *argv, int *i, CliState *st, char *err, size_t err_size)
{
    int words = count_words(argc, argv, *i + 1);
    for (int w = 0; w < words; w++) {
        const char *word = argv[*i + 1 + w];
        uint64_t n;
        if (strncmp(word, "file=", 5) == 0 && word[5]) {
            st->openings = OPENINGS_FILE;
            st->openings_file = word + 5;
        } else if (strcmp(word, "random") == 0) {
            st->openings = OPENINGS_RANDOM;
        } else if (strncmp(word, "plies=", 6) == 0 && parse_u64(word + 6, &n) && n <= 1000) {
            st->plies = (int)n;
        } else if (strcmp(word, "order=random") == 0 || strcmp(word, "order=sequential") == 0) {
            st->random_order = word[6] == 'r';
        } else {
            snprintf(err, err_size, "-openings: unknown or bad word '%s'", word);
            return false;
        }
    }
    *i += words;
    if (words == 0) {
        snprintf(err, err_size, "-openings: expected file=PATH or random plies=N");
        return false;
    }
    return true;
}

static bool parse_sprt_model(const char *value, SprtModel *model, char *err, size_t err_size)
{
    if (strcmp(value, "normalized") != 0 && strcmp(value, "logistic") != 0) {
        snprintf(err, err_size, "-sprt: model=%s: expected normalized or logistic", value);
        return false;
    }
    *model = value[0] == 'l' ? SPRT_LOGISTIC : SPRT_NORMALIZED;
    return true;
}

/* Returns ARENA_EXIT_OK or the exit code of the problem. */
static int parse_sprt(int argc, char *const *argv, int *i, SprtSettings *sprt, char *err, size_t err_size)
{
    /* KEY=VALUE words only: merge's file names may follow. */
    int words = 0;
    while (*i + 1 + words < argc && argv[*i + 1 + words][0] != '-' && strchr(argv[*i + 1 + words], '='))
        words++;
    bool have0 = false, have1 = false;
    sprt->on = true;
    sprt->alpha = sprt->beta = 0.05;
    sprt->model = SPRT_NORMALIZED; /* fastchess's default */
    for (int w = 0; w < words; w++) {
        const char *word = argv[*i + 1 + w];
        const char *eq = strchr(word, '=');
        double value;
        if (strncmp(word, "model=", 6) == 0) {
            if (!parse_sprt_model(word + 6, &sprt->model, err, err_size))
                return ARENA_EXIT_BAD_SPRT;
            continue;
        }
        if (!eq || !parse_double(eq + 1, &value)) {
            snprintf(err, err_size, "-sprt: '%s' is not KEY=NUMBER", word);
            return ARENA_EXIT_BAD_SPRT;
        }
        size_t len = (size_t)(eq - word);
        if (len == 4 && strncmp(word, "elo0", 4) == 0) {
            sprt->elo0 = value;
            have0 = true;
        } else if (len == 4 && strncmp(word, "elo1", 4) == 0) {
            sprt->elo1 = value;
            have1 = true;
        } else if (len == 5 && strncmp(word, "alpha", 5) == 0) {
            sprt->alpha = value;
        } else if (len == 4 && strncmp(word, "beta", 4) == 0) {
            sprt->beta = value;
        } else {
            snprintf(err, err_size, "-sprt: unknown key in '%s'", word);
            return ARENA_EXIT_BAD_SPRT;
        }
    }
    *i += words;
    const char *problem = have0 && have1 ? sprt_check(sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta)
                                         : "elo0= and elo1= are required";
    if (problem) {
        snprintf(err, err_size, "-sprt: %s", problem);
        return ARENA_EXIT_BAD_SPRT;
    }
    return ARENA_EXIT_OK;
}

static bool parse_number_flag(const char *flag, const char *value, uint64_t min, uint64_t max,
                              uint64_t *out, char *err, size_t err_size)
{
    if (!parse_u64(value, out) || *out < min || *out > max) {
        snprintf(err, err_size, "%s %s: expected a whole number from %llu to %llu", flag, value,
                 (unsigned long long)min, (unsigned long long)max);
        return false;
    }
    return true;
}

static bool parse_tournament_kind(const char *value, TournamentConfig *c, char *err, size_t err_size)
{
    if (strcmp(value, "gauntlet") != 0 && strcmp(value, "roundrobin") != 0) {
        snprintf(err, err_size, "-tournament %s: expected roundrobin or gauntlet", value);
        return false;
    }
    c->schedule.kind = value[0] == 'g' ? TOURNAMENT_GAUNTLET : TOURNAMENT_ROUNDROBIN;
    return true;
}

/* What the flag readers fill: the options and the facts checked at the end. */
typedef struct {
    ArenaOptions *o;
    CliState *st;
} CliTarget;

static TournamentConfig *run_of(void *target) { return &((CliTarget *)target)->o->run; }
static CliState *state_of(void *target) { return ((CliTarget *)target)->st; }

static bool read_game(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    TournamentConfig *c = run_of(target);
    c->game = game_by_id(value);
    if (!c->game)
        snprintf(err, err_size, "%s %s: unknown game", flag, value);
    return c->game != NULL;
}

static bool read_games(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    (void)flag;
    return parse_games(value, state_of(target), err, err_size);
}

static bool read_pgnout(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    run_of(target)->pgn_path = value;
    return true;
}

static bool read_log(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    run_of(target)->log_path = value;
    return true;
}

/* Mebibytes, decimals allowed (0.5), 0 for no limit. */
static bool read_log_limit(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    double mebibytes;
    if (!parse_decimal_range(value, 0, 1 << 20, &mebibytes)) {
        snprintf(err, err_size, "%s %s: expected mebibytes from 0 (no limit) to %d", flag, value, 1 << 20);
        return false;
    }
    run_of(target)->log_limit_bytes = (int64_t)(mebibytes * (1 << 20));
    return true;
}

static bool read_tournament(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    (void)flag;
    return parse_tournament_kind(value, run_of(target), err, err_size);
}

static bool read_seed(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_number_flag(flag, value, 0, UINT64_MAX, &run_of(target)->seed, err, err_size);
}

static bool read_rounds(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    state_of(target)->have_rounds = true;
    return parse_number_flag(flag, value, 1, (uint64_t)1 << 32, &state_of(target)->rounds, err, err_size);
}

static bool read_rating_interval(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return parse_number_flag(flag, value, 1, (uint64_t)1 << 40, &run_of(target)->rating_interval, err, err_size);
}

static bool read_concurrency(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    uint64_t n;
    if (!parse_number_flag(flag, value, 1, TOURNAMENT_MAX_CONCURRENCY, &n, err, err_size))
        return false;
    run_of(target)->concurrency = (int)n;
    return true;
}

static bool read_launcher(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (launcher_is_empty(value)) {
        snprintf(err, err_size, "%s '%s': empty: give the launcher's command and its words, e.g. %s 'srun -n1'",
                 flag, value, flag);
        return false;
    }
    if (strlen(value) >= SPEC_TEXT_MAX) {
        snprintf(err, err_size, "%s: longer than %d characters", flag, SPEC_TEXT_MAX - 1);
        return false;
    }
    state_of(target)->launcher = value;
    return true;
}

static bool read_launcher_retries(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    uint64_t n;
    if (!parse_number_flag(flag, value, 0, LAUNCHER_RETRIES_MAX, &n, err, err_size))
        return false;
    TournamentConfig *c = run_of(target);
    if (strcmp(flag, "-launcher-retries") == 0)
        c->launcher_retries = (int)n;
    else
        c->launcher_retries_total = (int)n;
    return true;
}

static bool read_launcher_hosts(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "%s needs a file name", flag);
        return false;
    }
    state_of(target)->launcher_hosts = value;
    return true;
}

static bool set_repeat(void *target, const char *flag, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    run_of(target)->schedule.repeat = strcmp(flag, "-repeat") == 0;
    return true;
}

static bool set_resume(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    run_of(target)->resume = true;
    return true;
}

static bool set_show(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    run_of(target)->show = true;
    return true;
}

static int read_engine(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    TournamentConfig *c = run_of(target);
    if (c->engine_count == ARENA_MAX_ENGINES) {
        snprintf(err, err_size, "more than %d engines", ARENA_MAX_ENGINES);
        return ARENA_EXIT_BAD_ARGS;
    }
    EngineSpec *spec = &c->engines[c->engine_count++];
    spec_init(spec);
    return parse_engine(argc, argv, i, spec, err, err_size) ? ARENA_EXIT_OK : ARENA_EXIT_BAD_ARGS;
}

static int read_each(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    return parse_engine(argc, argv, i, &state_of(target)->each, err, err_size) ? ARENA_EXIT_OK : ARENA_EXIT_BAD_ARGS;
}

static int read_openings(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    return parse_openings(argc, argv, i, state_of(target), err, err_size) ? ARENA_EXIT_OK : ARENA_EXIT_BAD_ARGS;
}

static int read_sprt(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    return parse_sprt(argc, argv, i, &run_of(target)->sprt, err, err_size);
}

static const Flag arena_flags[] = {
    {"-engine", .on_words = read_engine},
    {"-each", .on_words = read_each},
    {"-openings", .on_words = read_openings},
    {"-sprt", .on_words = read_sprt},
    {"-game", .on_value = read_game},
    {"-games", .on_value = read_games},
    {"-rounds", .on_value = read_rounds},
    {"-concurrency", .on_value = read_concurrency},
    {"-tournament", .on_value = read_tournament},
    {"-seed", .on_value = read_seed},
    {"-pgnout", .on_value = read_pgnout},
    {"-log", .on_value = read_log},
    {"-loglimit", .on_value = read_log_limit},
    {"-ratinginterval", .on_value = read_rating_interval},
    {"-launcher", .on_value = read_launcher},
    {"-launcher-hosts", .on_value = read_launcher_hosts},
    {"-launcher-retries", .on_value = read_launcher_retries},
    {"-launcher-retries-total", .on_value = read_launcher_retries},
    {"-repeat", .on_switch = set_repeat},
    {"-norepeat", .on_switch = set_repeat},
    {"-resume", .on_switch = set_resume},
    {"-show", .on_switch = set_show},
    {.name = NULL},
};

/* One flag at argv[*i]; returns an exit code (ARENA_EXIT_OK to go on). */
static int parse_flag(int argc, char *const *argv, int *i, ArenaOptions *o, CliState *st, char *err,
                      size_t err_size)
{
    const Flag *row = flag_find(arena_flags, argv[*i]);
    if (!row) {
        snprintf(err, err_size, "unknown flag '%s'", argv[*i]);
        return ARENA_EXIT_BAD_ARGS;
    }
    CliTarget target = {o, st};
    return flag_read(row, &target, argc, argv, i, ARENA_EXIT_BAD_ARGS, err, err_size);
}

static bool game_is_playable(const Game *g)
{
    return g->parse_position && g->format_position && g->parse_move && g->format_move && g->generate_moves &&
           g->play && g->side_to_move && g->outcome && g->display && g->start_fen;
}

static bool finish_engines(TournamentConfig *c, const CliState *st, char *err, size_t err_size)
{
    if (c->engine_count < 2) {
        snprintf(err, err_size, "give at least two -engine");
        return false;
    }
    for (int i = 0; i < c->engine_count; i++) {
        spec_merge_each(&c->engines[i], &st->each);
        if (!spec_finish(&c->engines[i], err, err_size))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(c->engines[i].name, c->engines[j].name) == 0) {
                snprintf(err, err_size, "two engines are named '%s': give them name=", c->engines[i].name);
                return false;
            }
    }
    return true;
}

/* The run's -launcher for engines without launcher=, then the hosts:
 * {host} needs a hosts file, and a hosts file needs a {host}; srun needs
 * an allocation to start its steps in. */
static bool finish_launchers(TournamentConfig *c, const CliState *st, char *err, size_t err_size)
{
    bool uses_host = false;
    for (int i = 0; i < c->engine_count; i++) {
        EngineSpec *spec = &c->engines[i];
        spec->launcher_retries = c->launcher_retries;
        if (!spec->launcher[0] && st->launcher)
            snprintf(spec->launcher, sizeof spec->launcher, "%s", st->launcher);
        if (launcher_srun_outside_allocation(spec->launcher)) {
            snprintf(err, err_size, "launcher '%s': srun outside a Slurm allocation (SLURM_JOB_ID is not set): "
                     "each engine would be a job of its own, queued apart on a node of its own; start this "
                     "inside one (salloc, or an sbatch script)", spec->launcher);
            return false;
        }
        if (!launcher_uses_host(spec->launcher))
            continue;
        uses_host = true;
        if (st->launcher_hosts)
            continue;
        if (st->launcher && strcmp(spec->launcher, st->launcher) == 0)
            snprintf(err, err_size, "-launcher '%s' names %s: give the hosts with -launcher-hosts FILE",
                     spec->launcher, LAUNCHER_PLACEHOLDER);
        else
            snprintf(err, err_size, "engine %s: launcher='%s' names %s: give the hosts with -launcher-hosts FILE",
                     spec->name, spec->launcher, LAUNCHER_PLACEHOLDER);
        return false;
    }
    if (!st->launcher_hosts)
        return true;
    if (!uses_host) {
        snprintf(err, err_size,
                 "-launcher-hosts %s: no launcher names %s, so no host would be used: give e.g. -launcher 'ssh %s'",
                 st->launcher_hosts, LAUNCHER_PLACEHOLDER, LAUNCHER_PLACEHOLDER);
        return false;
    }
    c->launcher_hosts = malloc(sizeof *c->launcher_hosts);
    if (!c->launcher_hosts) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    if (!launcher_hosts_load(st->launcher_hosts, c->launcher_hosts, err, err_size)) {
        free(c->launcher_hosts);
        c->launcher_hosts = NULL;
        return false;
    }
    for (int i = 0; i < c->engine_count; i++)
        c->engines[i].hosts = c->launcher_hosts;
    return true;
}

static bool finish_range(TournamentConfig *c, const CliState *st, char *err, size_t err_size)
{
    if (st->have_games && st->have_rounds) {
        snprintf(err, err_size, "give -games or -rounds, not both");
        return false;
    }
    uint64_t round_games = schedule_round_games(&c->schedule);
    c->first = st->have_games ? st->games_first : 1;
    c->last = st->have_games ? st->games_last : (st->have_rounds ? st->rounds : 1) * round_games;
    if (c->resume && !c->pgn_path) {
        snprintf(err, err_size, "-resume needs -pgnout FILE");
        return false;
    }
    return true;
}

static bool finish_openings(TournamentConfig *c, const CliState *st, char *err, size_t err_size)
{
    switch (st->openings) {
    case OPENINGS_FILE:
        return opening_load_file(&c->openings, c->game, st->openings_file, st->random_order, c->seed, err,
                                 err_size);
    case OPENINGS_RANDOM:
        return opening_init_random(&c->openings, c->game, st->plies, c->seed, err, err_size);
    default:
        return opening_init_start(&c->openings, c->game, err, err_size);
    }
}

static int parse_merge(int argc, char *const *argv, ArenaOptions *o, char *err, size_t err_size)
{
    o->command = COMMAND_MERGE;
    if (cli_asks_for_help(argc, argv, 2)) {
        o->command = COMMAND_MERGE_HELP;
        return ARENA_EXIT_OK;
    }
    int i = 2;
    if (i < argc && strcmp(argv[i], "-sprt") == 0) {
        int code = parse_sprt(argc, argv, &i, &o->run.sprt, err, err_size);
        if (code != ARENA_EXIT_OK)
            return code;
        i++;
    }
    o->merge_files = argv + i;
    o->merge_count = argc - i;
    if (o->merge_count == 0) {
        snprintf(err, err_size, "merge: give one or more PGN files");
        return ARENA_EXIT_BAD_ARGS;
    }
    return ARENA_EXIT_OK;
}

static int parse_repair(int argc, char *const *argv, ArenaOptions *o, char *err, size_t err_size)
{
    o->command = cli_asks_for_help(argc, argv, 2) ? COMMAND_REPAIR_HELP : COMMAND_REPAIR;
    if (o->command == COMMAND_REPAIR && (argc != 3 || argv[2][0] == '-')) {
        snprintf(err, err_size, "repair: give one PGN file");
        return ARENA_EXIT_BAD_ARGS;
    }
    o->repair_file = argc == 3 ? argv[2] : NULL;
    return ARENA_EXIT_OK;
}

int cli_parse(int argc, char *const *argv, ArenaOptions *o, char *err, size_t err_size)
{
    CliState st;
    memset(o, 0, sizeof *o);
    memset(&st, 0, sizeof st);
    spec_init(&st.each);
    TournamentConfig *c = &o->run;
    c->concurrency = 1;
    c->seed = 1;
    c->log_limit_bytes = ARENA_LOG_LIMIT_DEFAULT;
    c->schedule.repeat = true;
    c->launcher_retries = LAUNCHER_RETRIES_DEFAULT;
    c->launcher_retries_total = LAUNCHER_RETRIES_TOTAL_DEFAULT;
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return parse_merge(argc, argv, o, err, err_size);
    if (argc > 1 && strcmp(argv[1], "repair") == 0)
        return parse_repair(argc, argv, o, err, err_size);
    for (int i = 1; i < argc; i++) {
        if (is_help_flag(argv[i])) {
            o->command = COMMAND_HELP;
            return ARENA_EXIT_OK;
        }
        if (argv[i][0] != '-') {
            snprintf(err, err_size, "unexpected '%s' (KEY=VALUE words follow -engine or -each)", argv[i]);
            return ARENA_EXIT_BAD_ARGS;
        }
        int code = parse_flag(argc, argv, &i, o, &st, err, err_size);
        if (code != ARENA_EXIT_OK)
            return code;
    }
    if (!c->game)
        c->game = default_game();
    if (!game_is_playable(c->game)) {
        snprintf(err, err_size, "game '%s' is not implemented yet", c->game->id);
        return ARENA_EXIT_BAD_ARGS;
    }
    if (!finish_engines(c, &st, err, err_size) || !finish_launchers(c, &st, err, err_size))
        return ARENA_EXIT_BAD_ARGS;
    c->schedule.engine_count = c->engine_count;
    if (c->sprt.on && c->engine_count != 2) {
        snprintf(err, err_size, "-sprt needs exactly two engines, not %d", c->engine_count);
        return ARENA_EXIT_BAD_SPRT;
    }
    if (!finish_range(c, &st, err, err_size) || !finish_openings(c, &st, err, err_size))
        return ARENA_EXIT_BAD_ARGS;
    return ARENA_EXIT_OK;
}

void cli_free(ArenaOptions *o)
{
    opening_free(&o->run.openings);
    if (o->run.launcher_hosts) {
        launcher_hosts_free(o->run.launcher_hosts);
        free(o->run.launcher_hosts);
        o->run.launcher_hosts = NULL;
    }
}
