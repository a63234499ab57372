/*
 * uci.c - the protocol loop.
 *
 * Every command that fails prints exactly one `info string error ...` line
 * and leaves the engine's state as it was: commands build their result in a
 * scratch value and commit it only when everything parsed.
 */
#include "protocol/uci.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "nn/evaluation.h"
#include "protocol/eval_options.h"
#include "protocol/go_params.h"
#include "protocol/info_line.h"
#include "protocol/options.h"
#include "protocol/perft_job.h"
#include "protocol/printable.h"
#include "protocol/searcher.h"
#include "protocol/table_maker.h"
#include "search/backends.h"
#include "search/strength/strength.h"
#include "search/timeman.h"
#include "util/clock.h"
#include "util/huge_alloc.h"
#include "util/output.h"
#include "util/parse_number.h"
#include "util/version.h"

#define MAX_TOKENS 4096
#define MAX_BACKENDS 16

/* The session: what the GUI has set up so far. */
static struct {
    const Game *game;
    const Backend *backend;
    BackendEngine *engines[MAX_BACKENDS]; /* one per backend, made at start: options write into them */
    int active_backend;                   /* the index of session.backend */
    GameRecord record;
    int game_choice, backend_choice;
    int threads, hash_mb, seed, move_overhead_ms, multipv, ponder;
    int show_wdl; /* UCI_ShowWDL */
    int proven_book; /* ProvenBook */
    int limit_strength, uci_elo, skill_level; /* strength/strength.h */
    TimeShares time_shares; /* TimeShare, ... (search/timeman.h) */
} session;

static const char *game_ids[16];
static const char *backend_ids[MAX_BACKENDS];

static void error_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void error_line(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    out_line("info string error %s", msg);
}

static void start_position_of(const Game *game, Position *pos)
{
    char err[ERROR_TEXT_MAX];
    if (!game->parse_position(game->start_fen, pos, err, sizeof err))
        error_line("internal: start position of %s rejected: %s", game->id, err);
}

static void reset_to_start(void)
{
    Position start;
    start_position_of(session.game, &start);
    record_start(&session.record, session.game, &start);
}

/* The search settings take the game's defaults, less those setoption set. */
static void on_game_change(void)
{
    session.game = all_games[session.game_choice];
    options_use_game(session.game);
    reset_to_start();
}

static BackendEngine *session_engine(void) { return session.engines[session.active_backend]; }

/* The backends the session offers (the combo's list ends with a NULL). */
static int backend_count(void)
{
    int n = 0;
    while (all_backends[n] && n < MAX_BACKENDS - 1)
        n++;
    return n;
}

#define DEFAULT_HASH_MB 64

/* The megabytes the engine's tables are made at: Hash, or the default
 * where the machine could not hold it (table_maker.h). */
static size_t table_megabytes(void) { return table_maker_megabytes((size_t)session.hash_mb, DEFAULT_HASH_MB); }

/* What a search of the session needs (tables, threads) is made now,
 * outside any clock (protocol/table_maker.h): at start-up and when Hash,
 * Threads or Backend change. */
static void make_engine_memory(void)
{
    table_maker_start(session.backend, session_engine(), table_megabytes(), session.threads);
}

static void on_hash_change(void)
{
    if (table_megabytes() != (size_t)session.hash_mb)
        out_line("info string Hash %d MB is more than this machine's %zu MB of memory: tables of %d MB are used",
                 session.hash_mb, huge_machine_mb(), DEFAULT_HASH_MB);
    make_engine_memory();
}

/* The engine left keeps its settings but gives its memory back. */
static void on_backend_change(void)
{
    if (session.backend_choice != session.active_backend)
        session.backend->release(session_engine());
    session.active_backend = session.backend_choice;
    session.backend = all_backends[session.active_backend];
    make_engine_memory();
}

static void on_show_wdl_change(void) { info_line_show_wdl(session.show_wdl); }
static void on_proven_book_change(void) { searcher_use_proven_book(session.proven_book); }

/* Search settings (a backend's, the time manager's) as per-game spin
 * options that write into settings at each row's offset. */
static void add_search_settings(const BackendParam *rows, int count, void *settings)
{
    for (int i = 0; i < count; i++) {
        const BackendParam *p = &rows[i];
        Option o = {.name = p->name, .type = OPTION_SPIN, .default_value = p->default_value, .min = p->min,
                    .max = p->max, .value = (int *)((char *)settings + p->offset), .per_game = true};
        options_add(&o);
    }
}

static void add_params(const GameParam *params, int count)
{
    for (int i = 0; i < count; i++) {
        Option o = {.name = params[i].name, .type = OPTION_SPIN, .default_value = params[i].default_value,
                    .min = params[i].min, .max = params[i].max, .value = params[i].value};
        options_add(&o);
    }
}

/* Playing below full strength (strength/strength.h): off by default. */
static void add_strength_options(void)
{
    options_add(&(Option){.name = "UCI_LimitStrength", .type = OPTION_CHECK, .default_value = 0, .min = 0,
                          .max = 1, .value = &session.limit_strength});
    options_add(&(Option){.name = "UCI_Elo", .type = OPTION_SPIN, .default_value = STRENGTH_ELO_FULL,
                          .min = STRENGTH_ELO_MIN, .max = STRENGTH_ELO_FULL, .value = &session.uci_elo});
    options_add(&(Option){.name = "Skill Level", .type = OPTION_SPIN, .default_value = STRENGTH_FULL_SKILL,
                          .min = 0, .max = STRENGTH_FULL_SKILL, .value = &session.skill_level});
}

static void register_options(void)
{
    int n = 0;
    for (; all_games[n] && n < 15; n++)
        game_ids[n] = all_games[n]->id;
    game_ids[n] = NULL;
    for (n = 0; n < backend_count(); n++)
        backend_ids[n] = all_backends[n]->id;
    backend_ids[n] = NULL;

    options_clear();
    options_add(&(Option){.name = "Game", .type = OPTION_COMBO, .choices = game_ids,
                          .choice = &session.game_choice, .on_change = on_game_change});
    options_add(&(Option){.name = "Backend", .type = OPTION_COMBO, .choices = backend_ids,
                          .choice = &session.backend_choice, .on_change = on_backend_change});
    options_add(&(Option){.name = "Threads", .type = OPTION_SPIN, .default_value = 1, .min = 1,
                          .max = SEARCH_MAX_THREADS,
                          .value = &session.threads, .on_change = make_engine_memory});
    options_add(&(Option){.name = "Hash", .type = OPTION_SPIN, .default_value = DEFAULT_HASH_MB, .min = 1,
                          .max = 65536, .value = &session.hash_mb, .on_change = on_hash_change});
    options_add(&(Option){.name = "Seed", .type = OPTION_SPIN, .default_value = 0, .min = 0, .max = INT_MAX,
                          .value = &session.seed});
    options_add(&(Option){.name = "MoveOverhead", .type = OPTION_SPIN, .default_value = 30, .min = 0,
                          .max = 5000, .value = &session.move_overhead_ms});
    add_search_settings(tm_share_params, TM_SHARE_COUNT, &session.time_shares);
    options_add(&(Option){.name = "Ponder", .type = OPTION_CHECK, .default_value = 0, .min = 0, .max = 1,
                          .value = &session.ponder});
    options_add(&(Option){.name = "MultiPV", .type = OPTION_SPIN, .default_value = 1, .min = 1,
                          .max = SEARCH_MAX_MULTIPV, .value = &session.multipv});
    options_add(&(Option){.name = "UCI_ShowWDL", .type = OPTION_CHECK, .default_value = 0, .min = 0, .max = 1,
                          .value = &session.show_wdl, .on_change = on_show_wdl_change});
    options_add(&(Option){.name = "ProvenBook", .type = OPTION_CHECK, .default_value = 1, .min = 0, .max = 1,
                          .value = &session.proven_book, .on_change = on_proven_book_change});
    add_strength_options();
    eval_options_register();
    for (int b = 0; backend_ids[b]; b++)
        add_search_settings(all_backends[b]->params, all_backends[b]->param_count,
                            all_backends[b]->settings(session.engines[b]));
    for (int g = 0; all_games[g]; g++)
        add_params(all_games[g]->params, all_games[g]->param_count);
}

/* ---- handshake and options ---- */

static void cmd_handshake(int argc, char **argv)
{
    (void)argc;
    out_line("id name Tessera %s", TESSERA_VERSION);
    out_line("id author the Tessera developers");
    options_print();
    out_line("%s", strcmp(argv[0], "ugi") == 0 ? "ugiok" : "uciok");
}

/* A GUI sends isready after its options and waits: the memory made at
 * start-up or at the last change of Hash, Threads or Backend is ready by
 * then (every command but the handshake waits for it), and what an
 * earlier failure left missing is tried again here.  Never while a
 * search runs. */
static void cmd_isready(int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!searcher_busy())
        session.backend->make_tables(session_engine(), table_megabytes(), session.threads);
    out_line("readyok");
}

/* Joins argv[from..to) with single spaces. */
static void join_tokens(char **argv, int from, int to, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = from; i < to; i++)
        used += (size_t)snprintf(out + used, used < size ? size - used : 0, "%s%s", i > from ? " " : "", argv[i]);
}

static void cmd_setoption(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "name") != 0) {
        error_line("setoption: expected 'setoption name <name> value <value>'");
        return;
    }
    int value_at = argc;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "value") == 0) {
            value_at = i;
            break;
        }
    char name[256], value[256], err[ERROR_TEXT_MAX * 2];
    join_tokens(argv, 2, value_at, name, sizeof name);
    join_tokens(argv, value_at + 1 < argc ? value_at + 1 : argc, argc, value, sizeof value);
    if (value_at == argc || !value[0]) {
        error_line("setoption: option %s needs 'value <value>'", printable(name));
        return;
    }
    if (searcher_busy()) {
        error_line("setoption: cannot change %s while searching", printable(name));
        return;
    }
    if (!options_set(name, value, err, sizeof err))
        error_line("setoption: %s", err);
}

static void cmd_newgame(int argc, char **argv)
{
    (void)argc, (void)argv;
    searcher_stop();
    searcher_wait();
    session.backend->new_game(session_engine(), table_megabytes());
}

/* ---- position ---- */

static void cmd_position(int argc, char **argv)
{
    static GameRecord scratch; /* 8 KiB: kept off the stack */
    const Game *g = session.game;
    char err[ERROR_TEXT_MAX * 2];
    Position start;
    int i;
    if (argc >= 2 && strcmp(argv[1], "startpos") == 0) {
        start_position_of(g, &start);
        i = 2;
    } else if (argc >= 3 && strcmp(argv[1], "fen") == 0) {
        int end = 2;
        while (end < argc && strcmp(argv[end], "moves") != 0)
            end++;
        char fen[POSITION_TEXT_MAX * 2];
        join_tokens(argv, 2, end, fen, sizeof fen);
        if (!g->parse_position(fen, &start, err, sizeof err)) {
            error_line("position: bad %s position string '%s': %s", g->id, printable(fen), err);
            return;
        }
        i = end;
    } else if (argc >= 3 && strcmp(argv[1], "deal") == 0) {
        uint64_t seed;
        if (parse_uint64(argv[2], UINT64_MAX, &seed) != NUMBER_OK) {
            error_line("position deal: seed '%s' is not a non-negative integer", printable(argv[2]));
            return;
        }
        if (!g->random_start) {
            error_line("position deal: %s has no random setups; use startpos or fen", g->id);
            return;
        }
        g->random_start(&start, seed);
        i = 3;
    } else {
        error_line("position: expected 'startpos', 'fen <string>' or 'deal <seed>', then optionally 'moves ...'");
        return;
    }
    if (i < argc && strcmp(argv[i], "moves") != 0) {
        error_line("position: unexpected '%s' (expected 'moves')", printable(argv[i]));
        return;
    }
    record_start(&scratch, g, &start);
    for (int m = i + 1; m < argc; m++) {
        if (!record_play_text(&scratch, argv[m], err, sizeof err)) {
            error_line("position: move %d ('%s'): %s", m - i, printable(argv[m]), err);
            return;
        }
    }
    session.record = scratch;
}

/* ---- go ---- */

static int64_t given_or_unset(const GoRequest *r, int k) { return r->given[k] ? r->value[k] : -1; }

/* Clocks arrive by colour (wtime) or by player (p1time); the backends want
 * "mine" and "theirs".  After a Room and Pillar swap, colour and player part. */
static void fill_limits(const GoRequest *p, SearchLimits *lim)
{
    const GameRecord *rec = &session.record;
    int me_by_colour = session.game->side_to_move(&rec->current) == WHITE ? 0 : 1;
    int me_by_player = record_p1_to_move(rec) ? 0 : 1;
    int64_t time[2], inc[2];
    int me;
    if (p->given[GO_P1TIME] || p->given[GO_P2TIME] || p->given[GO_P1INC] || p->given[GO_P2INC]) {
        time[0] = given_or_unset(p, GO_P1TIME), time[1] = given_or_unset(p, GO_P2TIME);
        inc[0] = given_or_unset(p, GO_P1INC), inc[1] = given_or_unset(p, GO_P2INC);
        me = me_by_player;
    } else {
        time[0] = given_or_unset(p, GO_WTIME), time[1] = given_or_unset(p, GO_BTIME);
        inc[0] = given_or_unset(p, GO_WINC), inc[1] = given_or_unset(p, GO_BINC);
        me = me_by_colour;
    }
    *lim = (SearchLimits){
        .my_time = time[me], .my_inc = inc[me], .their_time = time[!me], .their_inc = inc[!me],
        .movestogo = p->given[GO_MOVESTOGO] ? (int)p->value[GO_MOVESTOGO] : 0,
        .movetime = given_or_unset(p, GO_MOVETIME),
        .depth = p->given[GO_DEPTH] ? (int)p->value[GO_DEPTH] : 0,
        .nodes = p->given[GO_NODES] ? (uint64_t)p->value[GO_NODES] : 0,
        .mate = p->given[GO_MATE] ? (int)p->value[GO_MATE] : 0,
        .infinite = p->infinite,
    };
}

/* The moves of `go searchmoves`, legal and each once, into job. */
static bool read_searchmoves(const GoRequest *request, char **argv, SearchJob *job)
{
    job->root_move_count = 0;
    const Position *root = &session.record.current;
    for (int i = 0; i < request->searchmoves_count; i++) {
        const char *text = argv[request->searchmoves_at + i];
        char err[ERROR_TEXT_MAX];
        Move move;
        if (!session.game->parse_move(root, text, &move, err, sizeof err)) {
            error_line("go: searchmoves: '%s': %s", printable(text), err);
            return false;
        }
        if (search_root_allows(job, move) && job->root_move_count > 0)
            continue; /* named twice */
        if (job->root_move_count == SEARCH_MAX_ROOT_MOVES) {
            error_line("go: searchmoves: more than %d moves", SEARCH_MAX_ROOT_MOVES);
            return false;
        }
        job->root_moves[job->root_move_count++] = move;
    }
    return true;
}

/* The job of a go or perft on the session's position. */
static void fill_job(SearchJob *job, int64_t go_time)
{
    job->game = session.game;
    job->record = session.record;
    job->threads = session.threads;
    job->hash_mb = table_megabytes();
    job->seed = (uint64_t)session.seed;
    job->move_overhead_ms = session.move_overhead_ms;
    job->time_shares = session.time_shares;
    job->start_ms = go_time;
    job->root_move_count = 0;
    job->multipv = session.multipv;
    job->strength = strength_of_options(session.game, session.backend, session.limit_strength != 0,
                                        session.uci_elo, session.skill_level);
}

static void start_perft(int depth)
{
    if (searcher_busy()) {
        error_line("perft: busy searching (send stop first)");
        return;
    }
    static SearchJob job; /* copied by searcher_start_perft */
    fill_job(&job, now_ms());
    job.limits = (SearchLimits){.depth = depth};
    if (!searcher_start_perft(&job))
        error_line("perft: could not start its thread");
}

static void cmd_go(int argc, char **argv)
{
    int64_t go_time = now_ms();
    GoRequest request;
    char err[ERROR_TEXT_MAX];
    if (!go_parse(argc, argv, &request, err, sizeof err)) {
        error_line("go%s: %s", request.perft ? " perft" : "", err);
        return;
    }
    if (request.perft) {
        start_perft((int)request.value[GO_DEPTH]);
        return;
    }
    if (searcher_busy()) {
        error_line("go: already searching (send stop first)");
        return;
    }
    if (is_game_over(session.game, &session.record.current)) {
        out_line("bestmove (none)");
        return;
    }
    static SearchJob job; /* copied by searcher_start */
    fill_job(&job, go_time);
    fill_limits(&request, &job.limits);
    if (!read_searchmoves(&request, argv, &job))
        return;
    atomic_init(&job.pondering, request.ponder);
    if (!searcher_start(session.backend, session_engine(), &job, session.ponder != 0))
        error_line("go: could not start the search thread");
}

static void cmd_ponderhit(int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!searcher_ponderhit())
        error_line("ponderhit: no search is pondering");
}

static void cmd_stop(int argc, char **argv)
{
    (void)argc, (void)argv;
    searcher_stop();
}

/* ---- inspection: perft, moves, d, query, eval ---- */

static void cmd_perft(int argc, char **argv)
{
    int depth;
    char err[ERROR_TEXT_MAX];
    if (!perft_parse_depth(argc - 1, argv + 1, &depth, err, sizeof err))
        error_line("perft: %s", err);
    else
        start_perft(depth);
}

typedef struct {
    MoveSink sink;
    const Game *game;
    const Position *pos;
} PrintSink;

static bool print_emit(MoveSink *sink, Move move)
{
    PrintSink *ps = (PrintSink *)sink;
    char text[MOVE_TEXT_MAX + 1] = " ";
    ps->game->format_move(ps->pos, move, text + 1, sizeof text - 1);
    out_piece(text);
    return true;
}

/* Streams: a tall Qawale stack has millions of moves and no list is built. */
static void cmd_moves(int argc, char **argv)
{
    (void)argc, (void)argv;
    PrintSink ps = {{print_emit}, session.game, &session.record.current};
    out_begin_line();
    out_piece("moves");
    session.game->generate_moves(&session.record.current, &ps.sink);
    out_end_line();
}

static const char *status_text(void)
{
    static char text[64];
    PlayerResult r = record_result(&session.record);
    if (r == RESULT_NONE)
        snprintf(text, sizeof text, "ongoing, %s to move", record_p1_to_move(&session.record) ? "p1" : "p2");
    else
        snprintf(text, sizeof text, "over, %s", player_result_name(r));
    return text;
}

static void cmd_display(int argc, char **argv)
{
    (void)argc, (void)argv;
    const Game *g = session.game;
    const Position *pos = &session.record.current;
    char board[DISPLAY_TEXT_MAX], fen[POSITION_TEXT_MAX];
    g->display(pos, board, sizeof board);
    g->format_position(pos, fen, sizeof fen);
    out_line("%s", board);
    out_line("Game: %s", g->id);
    out_line("Fen: %s", fen);
    out_line("Side to move: %c (p1 plays %c)", g->side_to_move(pos) == WHITE ? 'w' : 'b',
             session.record.p1_colour == WHITE ? 'w' : 'b');
    out_line("Key: %016" PRIx64, g->hash(pos));
    out_line("Status: %s", status_text());
}

/* A query we cannot answer still gets a `response` line: a UGI client
 * waits for one after every query and would otherwise block for good. */
static void answer_bad_query(const char *why)
{
    error_line("query: %s", why);
    out_line("response unknown");
}

static void cmd_query(int argc, char **argv)
{
    char why[160];
    if (argc != 2) {
        if (argc < 2)
            snprintf(why, sizeof why, "expected gameover, p1turn or result");
        else
            snprintf(why, sizeof why, "unexpected '%s' after the query", printable(argv[2]));
        answer_bad_query(why);
        return;
    }
    PlayerResult r = record_result(&session.record);
    if (strcmp(argv[1], "gameover") == 0)
        out_line("response %s", r != RESULT_NONE ? "true" : "false");
    else if (strcmp(argv[1], "p1turn") == 0)
        out_line("response %s", record_p1_to_move(&session.record) ? "true" : "false");
    else if (strcmp(argv[1], "result") == 0)
        out_line("response %s", player_result_name(r));
    else {
        snprintf(why, sizeof why, "unknown query '%s' (expected gameover, p1turn or result)", printable(argv[1]));
        answer_bad_query(why);
    }
}

static void cmd_eval(int argc, char **argv)
{
    (void)argc, (void)argv;
    const Game *g = session.game;
    if (is_game_over(g, &session.record.current))
        out_line("info string eval: the game is over (%s)", player_result_name(record_result(&session.record)));
    else if (!g->evaluate)
        error_line("eval: %s has no evaluation", g->id);
    else
        out_line("info string eval %d (centi-units, side to move's view)",
                 evaluate_position(g, &session.record.current));
}

static void cmd_options(int argc, char **argv)
{
    (void)argc, (void)argv;
    options_print_values();
}

/* ---- dispatch ---- */

static bool quitting;

static void cmd_quit(int argc, char **argv)
{
    (void)argc, (void)argv;
    quitting = true;
}

/* A command is its name, what runs it and whether words may follow it:
 * those that take none refuse a trailing word as any other malformed
 * command (`quit now` does not quit).  No GUI of UCI or UGI sends them
 * with words. */
typedef struct {
    const char *name;
    void (*run)(int argc, char **argv);
    bool takes_words;
} Command;

static const Command commands[] = {
    {"uci", cmd_handshake, false},      {"ugi", cmd_handshake, false},
    {"isready", cmd_isready, false},    {"setoption", cmd_setoption, true},
    {"ucinewgame", cmd_newgame, false}, {"uginewgame", cmd_newgame, false},
    {"position", cmd_position, true},   {"go", cmd_go, true},
    {"stop", cmd_stop, false},          {"ponderhit", cmd_ponderhit, false},
    {"quit", cmd_quit, false},          {"perft", cmd_perft, true},
    {"moves", cmd_moves, false},        {"d", cmd_display, false},
    {"query", cmd_query, true},         {"eval", cmd_eval, false},
    {"options", cmd_options, false},
};

static void run_command(int argc, char **argv)
{
    size_t k = 0;
    while (k < sizeof commands / sizeof commands[0] && strcmp(commands[k].name, argv[0]) != 0)
        k++;
    if (k == sizeof commands / sizeof commands[0])
        error_line("unknown command '%s'", printable(argv[0]));
    else if (argc > 1 && !commands[k].takes_words)
        error_line("%s: unexpected '%s' (%s takes no arguments)", argv[0], printable(argv[1]), argv[0]);
    else {
        /* The handshake reads no engine memory: it is answered while the
         * engine's tables are made; any other command waits for them. */
        if (commands[k].run != cmd_handshake)
            table_maker_wait();
        commands[k].run(argc, argv);
    }
}

static int tokenize(char *line, char **argv, int max)
{
    int argc = 0;
    for (char *tok = strtok(line, " \t\r\n\v\f"); tok; tok = strtok(NULL, " \t\r\n\v\f")) {
        if (argc == max)
            return -1;
        argv[argc++] = tok;
    }
    return argc;
}

typedef enum { LINE_OK, LINE_TOO_LONG, LINE_HAS_NUL, LINE_END_OF_INPUT } LineStatus;

/* Reads one line, as bytes up to the newline, into buf.  An overlong line
 * is consumed to its end and refused whole, and so is a line with a NUL
 * byte: read as a C string, a NUL would hide the rest of the line, or let
 * the tail of an overlong one run as a command of its own. */
static LineStatus read_line(FILE *in, char *buf, size_t size)
{
    size_t length = 0;
    bool too_long = false, has_nul = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (c == '\0')
            has_nul = true;
        if (length + 2 < size) /* room for the newline fgets once kept: the documented limit */
            buf[length++] = (char)c;
        else
            too_long = true;
    }
    buf[length] = '\0';
    if (c == EOF && length == 0 && !too_long && !has_nul)
        return LINE_END_OF_INPUT;
    return too_long ? LINE_TOO_LONG : has_nul ? LINE_HAS_NUL : LINE_OK;
}

/* False when an engine could not be made (out of memory). */
static bool make_engines(void)
{
    for (int b = 0; b < backend_count(); b++)
        if (!(session.engines[b] = all_backends[b]->create()))
            return false;
    return true;
}

static void destroy_engines(void)
{
    for (int b = 0; b < backend_count(); b++) {
        if (session.engines[b])
            all_backends[b]->destroy(session.engines[b]);
        session.engines[b] = NULL;
    }
}

static bool session_init(void)
{
    session.game = default_game();
    session.backend = default_backend();
    session.active_backend = 0; /* the default is the first */
    if (!make_engines())
        return false;
    register_options();
    eval_options_prepare();
    on_show_wdl_change(); /* the default, also for a second loop in one process */
    on_proven_book_change();
    on_game_change();
    make_engine_memory();
    return true;
}

int protocol_loop(FILE *in)
{
    static char line[MAX_COMMAND_LINE];
    static char *argv[MAX_TOKENS];
    if (!session_init()) {
        error_line("out of memory: could not make the search engines");
        destroy_engines();
        return 1;
    }
    LineStatus status;
    quitting = false;
    while (!quitting && (status = read_line(in, line, sizeof line)) != LINE_END_OF_INPUT) {
        if (status == LINE_TOO_LONG) {
            error_line("line longer than %d bytes ignored", MAX_COMMAND_LINE - 2);
            continue;
        }
        if (status == LINE_HAS_NUL) {
            error_line("line with a NUL byte ignored");
            continue;
        }
        int argc = tokenize(line, argv, MAX_TOKENS);
        if (argc < 0) {
            error_line("line with more than %d words ignored", MAX_TOKENS);
            continue;
        }
        if (argc > 0)
            run_command(argc, argv);
    }
    if (quitting)
        searcher_stop();
    searcher_finish();
    table_maker_wait();
    destroy_engines();
    return 0;
}
