/* prove_command.c - `tessera prove GAME [POSITION] [threads N] [hash MB]
 * [time S] [progress S] -out FILE`: proves the position with the alpha-beta engine's
 * proof search and writes its certificate, which build/tessera-proof-check
 * confirms.  Every mistake on the command line is one error line and exit
 * status 2. */
#include "prove/prove_command.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "prove/certificate_writer.h"
#include "prove/whole_file.h"
#include "search/search.h"
#include "util/huge_alloc.h"
#include "util/parse_number.h"

#define PROVE_USAGE                                                                                     \
    "usage: tessera prove GAME [POSITION] [threads N] [hash MB] [time S] [progress S] -out FILE\n"     \
    "\n"                                                                                               \
    "Proves POSITION (a position string as one argument, or startpos: the default) of GAME\n"         \
    "(roomandpillar, columna, qawale or territoire) and writes its certificate, which\n"             \
    "build/tessera-proof-check FILE confirms.  The words after POSITION, in any order:\n"             \
    "\n"                                                                                               \
    "  threads N      search threads, all of them proving: 1 to %d (1)\n"                              \
    "  hash MB        MB of tables, 1 to %d (sized from the root's legal moves, at most\n"          \
    "                 1024 or half the memory available)\n"                                                   \
    "  time S         seconds to give up after, 0 = never (0)\n"                                       \
    "  progress S     seconds between progress lines on standard error (the root's proof and\n"      \
    "                 disproof numbers), 0 = none (10)\n"                                              \
    "  -out FILE      the certificate (required); - writes it to standard output\n"                   \
    "  --help / -h    this text\n"                                                                     \
    "\n"                                                                                               \
    "The certificate format: src/prove/certificate_format.h.  FILE is written under a temporary\n"    \
    "name beside it and renamed once whole; an older FILE is kept until then.  Exit status:\n"       \
    "0 proven and written; 1 not proven (time, draws, a finished game, beyond the move lists),\n"     \
    "out of memory or not writable, no file left; 2 bad arguments.  Ended by SIGINT, SIGTERM\n"   \
    "or SIGHUP, it leaves no file and dies of the signal.\n"
#define PROVE_MAX_HASH_MB 65536
#define PROVE_MIN_DEFAULT_HASH_MB 4
#define PROVE_MAX_DEFAULT_HASH_MB 1024

typedef struct {
    const Game *game;
    const char *position;
    const char *out_path;
    CertifyOptions options;
} ProveArgs;

static int usage_error(const char *message, const char *word)
{
    fprintf(stderr, "tessera prove: %s%s%s%s (try tessera prove --help)\n", message, word ? " '" : "",
            word ? word : "", word ? "'" : "");
    return 2;
}

/* A keyword's number: *value in [min, max], else an error. */
static bool keyword_number(int argc, char **argv, int *i, int64_t min, int64_t max, int64_t *value)
{
    if (*i + 1 >= argc || parse_int64(argv[*i + 1], min, max, value) != NUMBER_OK) {
        fprintf(stderr, "tessera prove: %s needs a number from %lld to %lld (try tessera prove --help)\n", argv[*i],
                (long long)min, (long long)max);
        return false;
    }
    (*i)++;
    return true;
}

/* 0 when args are filled, else the exit status. */
static int parse_args(int argc, char **argv, ProveArgs *args)
{
    /* hash_mb 0: sized from the root (default_hash_mb) */
    *args = (ProveArgs){.options = {.threads = 1, .hash_mb = 0, .time_limit_ms = 0, .progress_every_ms = 10000,
                                    .progress_to = stderr}};
    if (argc < 1)
        return usage_error("a game is needed", NULL);
    args->game = game_by_id(argv[0]);
    if (!args->game)
        return usage_error("unknown game", argv[0]);
    for (int i = 1; i < argc; i++) {
        int64_t n;
        if (strcmp(argv[i], "threads") == 0) {
            if (!keyword_number(argc, argv, &i, 1, SEARCH_MAX_THREADS, &n))
                return 2;
            args->options.threads = (int)n;
        } else if (strcmp(argv[i], "hash") == 0) {
            if (!keyword_number(argc, argv, &i, 1, PROVE_MAX_HASH_MB, &n))
                return 2;
            args->options.hash_mb = (size_t)n;
        } else if (strcmp(argv[i], "time") == 0) {
            if (!keyword_number(argc, argv, &i, 0, 1000000, &n))
                return 2;
            args->options.time_limit_ms = n * 1000;
        } else if (strcmp(argv[i], "progress") == 0) {
            if (!keyword_number(argc, argv, &i, 0, 1000000, &n))
                return 2;
            args->options.progress_every_ms = n * 1000;
        } else if (strcmp(argv[i], "-out") == 0) {
            if (i + 1 >= argc)
                return usage_error("-out needs a file name", NULL);
            args->out_path = argv[++i];
        } else if (i == 1) {
            args->position = argv[i];
        } else {
            return usage_error("unexpected", argv[i]);
        }
    }
    if (!args->out_path)
        return usage_error("-out FILE is needed", NULL);
    return 0;
}

static bool load_root(const ProveArgs *args, Position *root)
{
    char err[ERROR_TEXT_MAX];
    const char *text = args->position && strcmp(args->position, "startpos") != 0 ? args->position
                                                                                 : args->game->start_fen;
    if (args->game->parse_position(text, root, err, sizeof err))
        return true;
    fprintf(stderr, "tessera prove: position rejected: %s\n", err);
    return false;
}

/* With no `hash`, the tables grow with the proof's likely size, which the
 * root's legal moves tell: 2^(moves / 4) MB (Room and Pillar: 8 MB for the
 * 6x4 start's 12 moves, 256 MB for the 8x8 start's 32, 1 GB, the former
 * default, for the 10x8 start's 40), at least 4 MB and at most 1 GB (a
 * bigger table is asked for: Columna's start, 664 moves, would otherwise
 * take half the machine) or half the memory available now.  A table far
 * too big costs its pages before the search starts (1 GB took 5 s on a
 * 2-core machine for a proof of 1 s); one too small costs nodes (the 10x6
 * start: 23 M at 4 MB, 8.6 M at its default 128: tools/proof/README.md).
 * Says in why how the size was chosen. */
static size_t default_hash_mb(const Game *g, const Position *root, char *why, size_t why_size)
{
    uint64_t moves = count_legal_moves(g, root);
    size_t wanted = moves / 4 >= 10 ? PROVE_MAX_DEFAULT_HASH_MB : (size_t)1 << (moves / 4);
    if (wanted < PROVE_MIN_DEFAULT_HASH_MB)
        wanted = PROVE_MIN_DEFAULT_HASH_MB;
    size_t available = huge_available_mb(), half = available / 2 ? available / 2 : 1;
    if (available > 0 && wanted > half) {
        snprintf(why, why_size, "half the memory available; the root's %llu legal moves would want %zu MB",
                 (unsigned long long)moves, wanted);
        return half;
    }
    snprintf(why, why_size, "from the root's %llu legal moves", (unsigned long long)moves);
    return wanted;
}

static void report(const ProveArgs *args, const CertifyResult *r, FILE *to)
{
    struct stat st;
    long long bytes = strcmp(args->out_path, "-") != 0 && stat(args->out_path, &st) == 0 ? (long long)st.st_size : -1;
    fprintf(to, "proven: the %s player wins; %llu nodes in %lld ms\n", r->first_wins ? "first" : "second",
            (unsigned long long)r->search_nodes, (long long)r->prove_ms);
    fprintf(to, "certificate: %llu positions, %llu moves, %lld bytes, written in %lld ms to %s\n",
            (unsigned long long)r->positions, (unsigned long long)r->moves, bytes, (long long)r->write_ms,
            args->out_path);
}

int prove_main(int argc, char **argv)
{
    if (argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        printf(PROVE_USAGE, SEARCH_MAX_THREADS, PROVE_MAX_HASH_MB);
        return 0;
    }
    ProveArgs args;
    int status = parse_args(argc, argv, &args);
    Position root;
    if (status != 0)
        return status;
    if (!load_root(&args, &root))
        return 2;
    bool to_stdout = strcmp(args.out_path, "-") == 0;
    char err[512];
    WholeFile out;
    if (!whole_file_open(&out, args.out_path, err, sizeof err)) {
        fprintf(stderr, "tessera prove: %s\n", err);
        return 1;
    }
    char why[160];
    snprintf(why, sizeof why, "hash %zu", args.options.hash_mb);
    if (args.options.hash_mb == 0)
        args.options.hash_mb = default_hash_mb(args.game, &root, why, sizeof why);
    /* Before the search: a long proof's memory is known from its start. */
    fprintf(to_stdout ? stderr : stdout, "tables: %zu MB (%s)\n", args.options.hash_mb, why);
    fflush(to_stdout ? stderr : stdout);
    CertifyResult result;
    bool ok = certify(args.game, &root, &args.options, out.file, &result, err, sizeof err);
    if (ok)
        ok = whole_file_commit(&out, err, sizeof err);
    else
        whole_file_discard(&out); /* no certificate rather than a partial one */
    if (!ok) {
        fprintf(stderr, "tessera prove: %s\n", err);
        return 1;
    }
    report(&args, &result, to_stdout ? stderr : stdout);
    return 0;
}
