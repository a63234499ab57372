/* match.c - the game loop: clocks, go commands, move checking, results. */
#include "arena/match.h"

#include <stdlib.h>
#include <string.h>

#include "arena/job_signal.h"

static const char *const termination_names[TERM_COUNT] = {
    "normal", "time forfeit", "illegal move", "malformed output",
    "crash",  "no handshake", "move limit",   "aborted", "launcher failure"};

const char *termination_name(Termination termination) { return termination_names[termination]; }

bool termination_parse(const char *name, Termination *out)
{
    for (int i = 0; i < TERM_COUNT; i++)
        if (strcmp(name, termination_names[i]) == 0) {
            *out = (Termination)i;
            return true;
        }
    return false;
}

static Termination termination_of(EngineStatus status)
{
    switch (status) {
    case ENGINE_TIMEOUT:
        return TERM_TIME_FORFEIT;
    case ENGINE_MALFORMED:
        return TERM_MALFORMED;
    case ENGINE_ABORTED:
        return TERM_ABORTED;
    default:
        return TERM_CRASH;
    }
}

/* Player `loser` loses (or the game is aborted, which has no loser).  An
 * engine that broke a rule of play (an illegal move, its time, nonsense,
 * a crash, no handshake) is killed, so that a fresh process plays its
 * next game: one that answered an illegal move in time would otherwise
 * play on in whatever state made it fail. */
static void lose(MatchResult *r, const MatchSetup *s, int loser, Termination termination,
                 const char *what)
{
    Engine *engine = s->players[loser];
    if ((termination == TERM_CRASH || termination == TERM_NO_HANDSHAKE) &&
        engine_killed_with_run(engine, termination == TERM_CRASH))
        termination = TERM_ABORTED;
    if (termination != TERM_ABORTED && engine->launcher_failed)
        termination = TERM_LAUNCHER;
    r->termination = termination;
    if (termination == TERM_ABORTED) {
        r->result = RESULT_NONE;
        snprintf(r->detail, sizeof r->detail, "aborted");
        return;
    }
    if (termination == TERM_LAUNCHER) { /* the engine did nothing wrong: no loser */
        r->result = RESULT_NONE;
        engine_launcher_target(engine, r->launcher_target, sizeof r->launcher_target);
        snprintf(r->launcher_reason, sizeof r->launcher_reason, "%s", engine->launcher_reason);
        snprintf(r->detail, sizeof r->detail, "%s (p%d): launcher failure on %.200s: %.900s", engine->spec->name,
                 loser + 1, r->launcher_target, r->launcher_reason);
        engine_kill(engine);
        return;
    }
    r->culprit = loser;
    r->result = loser == 0 ? RESULT_P2_WINS : RESULT_P1_WINS;
    /* The engine's own last complaint often explains its failure. */
    snprintf(r->detail, sizeof r->detail, "%s (p%d) %s%s%s%s", engine->spec->name, loser + 1, what,
             engine->last_error[0] ? " [it said: " : "", engine->last_error,
             engine->last_error[0] ? "]" : "");
    engine_kill(engine);
}

/* Starts (or restarts) a player and tells it a game begins. */
static EngineStatus get_ready(const MatchSetup *s, int player, char *why, size_t why_size)
{
    Engine *engine = s->players[player];
    bool was_ready = engine_is_ready(engine);
    EngineStatus status = was_ready ? engine_new_game(engine, why, why_size)
                                    : engine_start(engine, s->game->id, why, why_size);
    /* An engine that died quietly since its last game gets one restart. */
    if (was_ready && status != ENGINE_OK && status != ENGINE_ABORTED)
        status = engine_start(engine, s->game->id, why, why_size);
    if (!was_ready && status == ENGINE_OK)
        status = engine_new_game(engine, why, why_size);
    return status;
}

/* False when the game is over before it began (result filled). */
static bool prepare_players(const MatchSetup *s, MatchResult *r)
{
    char why[2][300];
    EngineStatus status[2];
    for (int i = 0; i < 2; i++) {
        status[i] = get_ready(s, i, why[i], sizeof why[i]);
        /* A launcher that failed is no start failure of the engine's. */
        r->start_failed[i] = status[i] != ENGINE_OK && status[i] != ENGINE_ABORTED &&
                             !s->players[i]->launcher_failed;
    }
    for (int i = 0; i < 2; i++)
        if (status[i] == ENGINE_ABORTED || (status[i] != ENGINE_OK && s->players[i]->launcher_failed)) {
            lose(r, s, i, status[i] == ENGINE_ABORTED ? TERM_ABORTED : TERM_LAUNCHER, "");
            return false;
        }
    if (status[0] != ENGINE_OK && status[1] != ENGINE_OK) {
        r->termination = TERM_NO_HANDSHAKE;
        r->result = RESULT_DRAW;
        snprintf(r->detail, sizeof r->detail, "neither engine started: %s %s; %s %s",
                 s->players[0]->spec->name, why[0], s->players[1]->spec->name, why[1]);
        return false;
    }
    for (int i = 0; i < 2; i++)
        if (status[i] != ENGINE_OK) {
            char what[640];
            snprintf(what, sizeof what, "failed to start: %s", why[i]);
            lose(r, s, i, TERM_NO_HANDSHAKE, what);
            return false;
        }
    return true;
}

/* Appends text at *len in a buffer of size, never past its end. */
static void append(char *buffer, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > size)
        return;
    memcpy(buffer + *len, text, n + 1);
    *len += n;
}

void match_go_command(const MatchSetup *s, const GameRecord *rec, const Clock clocks[2], int mover,
                      char *out, size_t out_size)
{
    const TimeControl *tc[2] = {&s->players[0]->spec->tc, &s->players[1]->spec->tc};
    bool ugi = s->players[mover]->spec->proto == PROTO_UGI;
    size_t len = 0;
    char part[96];
    out[0] = '\0';
    append(out, out_size, &len, "go");
    for (int pass = 0; pass < 2; pass++) /* times first, then increments */
        for (int i = 0; i < 2; i++) {
            if (!tc[i]->has_clock)
                continue;
            int colour = i == 0 ? rec->p1_colour : rec->p1_colour ^ 1;
            const char *who = ugi ? (i == 0 ? "p1" : "p2") : (colour == WHITE ? "w" : "b");
            long long value = pass == 0 ? (long long)clocks[i].left_ms : (long long)tc[i]->inc_ms;
            snprintf(part, sizeof part, " %s%s %lld", who, pass == 0 ? "time" : "inc", value);
            append(out, out_size, &len, part);
        }
    const TimeControl *own = tc[mover];
    int to_go = clock_moves_to_go(&clocks[mover], own);
    if (to_go) {
        snprintf(part, sizeof part, " movestogo %d", to_go);
        append(out, out_size, &len, part);
    }
    if (own->movetime_ms) {
        snprintf(part, sizeof part, " movetime %lld", (long long)own->movetime_ms);
        append(out, out_size, &len, part);
    }
    if (own->depth) {
        snprintf(part, sizeof part, " depth %d", own->depth);
        append(out, out_size, &len, part);
    }
    if (own->nodes) {
        snprintf(part, sizeof part, " nodes %lld", (long long)own->nodes);
        append(out, out_size, &len, part);
    }
}

static void show_position(const MatchSetup *s, const GameRecord *rec, const char *headline)
{
    if (!s->show)
        return;
    static const char colour_names[2] = {'w', 'b'};
    char board[DISPLAY_TEXT_MAX];
    s->game->display(&rec->current, board, sizeof board);
    if (s->show_lock)
        pthread_mutex_lock(s->show_lock);
    fprintf(s->show, "%s\n%s", headline, board);
    if (board[0] && board[strlen(board) - 1] != '\n')
        fputc('\n', s->show);
    if (s->game->outcome(&rec->current) == OUTCOME_ONGOING)
        fprintf(s->show, "(p%d to move, playing %c)\n", record_p1_to_move(rec) ? 1 : 2,
                colour_names[s->game->side_to_move(&rec->current)]);
    fputc('\n', s->show);
    fflush(s->show);
    if (s->show_lock)
        pthread_mutex_unlock(s->show_lock);
}

/* Size of the position command: the start position and every move. */
#define COMMAND_MAX (POSITION_TEXT_MAX + 32 + (size_t)RECORD_MAX_MOVES * (MOVE_TEXT_MAX + 1))

/* Pondering (the `ponder` key), as cutechess plays it: after its move a
 * player thinks on the position after the reply it expects; when that
 * reply comes it gets `ponderhit` and its clock runs from then, else
 * `stop` (its pondered bestmove is dropped) and a normal go. */
typedef struct {
    char expected[2][MOVE_TEXT_MAX]; /* the reply a player ponders on; empty: not pondering */
    char last_move[MOVE_TEXT_MAX];   /* the move just played, as the game writes it */
} PonderState;

/* The mover's answer: by ponderhit when it pondered on the move just
 * played, else by a normal go (after stopping a pondering on another). */
static EngineStatus get_answer(const MatchSetup *s, PonderState *p, int mover, const char *command,
                               const char *go, int64_t allowance, const EngineReply *reply, int64_t *elapsed,
                               char *why, size_t why_size)
{
    Engine *engine = s->players[mover];
    bool pondered = p->expected[mover][0] != '\0';
    bool hit = pondered && strcmp(p->expected[mover], p->last_move) == 0;
    p->expected[mover][0] = '\0';
    if (hit)
        return engine_ponderhit(engine, allowance, reply, elapsed, why, why_size);
    *elapsed = 0;
    EngineStatus status = pondered ? engine_stop_pondering(engine, why, why_size) : ENGINE_OK;
    if (status == ENGINE_OK)
        status = engine_think(engine, command, go, allowance, reply, elapsed, why, why_size);
    return status;
}

/* Asks the mover for a move within its allowance and charges its clock.
 * False when it lost on the way (result set). */
static bool ask_move(const MatchSetup *s, MatchResult *r, Clock clocks[2], PonderState *p, int mover,
                     const char *command, const EngineReply *reply, int64_t *elapsed)
{
    Engine *engine = s->players[mover];
    const TimeControl *tc = &engine->spec->tc;
    char go[256], why[300], what[600];
    match_go_command(s, &r->record, clocks, mover, go, sizeof go);
    int64_t allowance = clock_allowance_ms(&clocks[mover], tc, engine->spec->timeout_ms);
    EngineStatus status = get_answer(s, p, mover, command, go, allowance, reply, elapsed, why, sizeof why);
    if (status == ENGINE_TIMEOUT) {
        snprintf(what, sizeof what, "lost on time: no bestmove within %lld ms", (long long)allowance);
        lose(r, s, mover, TERM_TIME_FORFEIT, what);
        return false;
    }
    if (status != ENGINE_OK) {
        lose(r, s, mover, termination_of(status), why);
        return false;
    }
    if (!clock_spend(&clocks[mover], tc, *elapsed)) {
        snprintf(what, sizeof what, "lost on time: took %lld ms, %lld ms allowed", (long long)*elapsed,
                 (long long)allowance);
        lose(r, s, mover, TERM_TIME_FORFEIT, what);
        return false;
    }
    return true;
}

/* After its move, a pondering player thinks on the position after the
 * reply it named, if that reply is legal there (a wrong guess is no
 * fault: it is not a move).  False when the engine failed (result set). */
static bool start_pondering(const MatchSetup *s, MatchResult *r, const Clock clocks[2], PonderState *p,
                            int mover, const char *command, const char *reply_text)
{
    Engine *engine = s->players[mover];
    const Position *now = &r->record.current;
    Move reply;
    char err[ERROR_TEXT_MAX], text[MOVE_TEXT_MAX], why[300];
    if (!engine->spec->ponder || !reply_text[0] || s->game->outcome(now) != OUTCOME_ONGOING ||
        !s->game->parse_move(now, reply_text, &reply, err, sizeof err))
        return true;
    s->game->format_move(now, reply, text, sizeof text);
    size_t length = strlen(command);
    char *position = malloc(length + sizeof text + 8);
    if (!position)
        return true; /* no memory to ponder with: play without */
    snprintf(position, length + sizeof text + 8, "%s%s%s", command, r->record.move_count == 0 ? " moves " : " ",
             text);
    char go[256], go_ponder[272];
    match_go_command(s, &r->record, clocks, mover, go, sizeof go);
    snprintf(go_ponder, sizeof go_ponder, "go ponder%s", go + 2);
    EngineStatus status = engine_ponder(engine, position, go_ponder, why, sizeof why);
    free(position);
    if (status != ENGINE_OK) {
        lose(r, s, mover, termination_of(status), why);
        return false;
    }
    snprintf(p->expected[mover], sizeof p->expected[mover], "%s", text);
    return true;
}

/* The game is over: a player still pondering is stopped, so that it is
 * quiet for the next game (a failure here changes no result). */
static void end_pondering(const MatchSetup *s, PonderState *p)
{
    char ignored[300];
    for (int i = 0; i < 2; i++)
        if (p->expected[i][0]) {
            engine_stop_pondering(s->players[i], ignored, sizeof ignored);
            p->expected[i][0] = '\0';
        }
}

/* The rules, not the engine, decide whether the move stands. */
static bool check_move(const MatchSetup *s, MatchResult *r, int mover, const char *move_text, Move *move)
{
    char err[ERROR_TEXT_MAX], what[600];
    if (s->game->parse_move(&r->record.current, move_text, move, err, sizeof err))
        return true;
    /* The game's message usually quotes the move already; it starts with
     * "illegal move" or, for text that is no move at all, with "move". */
    if (strncmp(err, "illegal move", 12) == 0)
        snprintf(what, sizeof what, "played an %s", err);
    else if (strstr(err, move_text))
        snprintf(what, sizeof what, "played a move the rules refuse: %s", err);
    else
        snprintf(what, sizeof what, "played an illegal move '%s': %s", move_text, err);
    lose(r, s, mover, TERM_ILLEGAL_MOVE, what);
    return false;
}

/* One turn of the player to move; false when the game ended on it (result set). */
static bool play_turn(const MatchSetup *s, MatchResult *r, Clock clocks[2], PonderState *p, char *command,
                      size_t *command_len)
{
    GameRecord *rec = &r->record;
    int mover = record_p1_to_move(rec) ? 0 : 1;
    char move_text[MOVE_TEXT_MAX], reply_text[MOVE_TEXT_MAX];
    int64_t elapsed;
    Move move;
    EngineReply reply = {move_text, sizeof move_text, reply_text, sizeof reply_text, NULL, 0};
    if (!ask_move(s, r, clocks, p, mover, command, &reply, &elapsed) || !check_move(s, r, mover, move_text, &move))
        return false;
    s->game->format_move(&rec->current, move, move_text, sizeof move_text);
    if (!record_play(rec, move)) {
        r->termination = TERM_MOVE_LIMIT;
        r->result = RESULT_DRAW;
        snprintf(r->detail, sizeof r->detail, "more than %d moves: adjudicated a draw", RECORD_MAX_MOVES);
        return false;
    }
    r->think_ms[rec->move_count - 1] = elapsed > INT32_MAX ? INT32_MAX : (int32_t)elapsed;
    append(command, COMMAND_MAX, command_len, rec->move_count == 1 ? " moves " : " ");
    append(command, COMMAND_MAX, command_len, move_text);
    snprintf(p->last_move, sizeof p->last_move, "%s", move_text);
    if (s->show) {
        char headline[SPEC_NAME_MAX + MOVE_TEXT_MAX + 96];
        snprintf(headline, sizeof headline, "%d. %s (p%d) plays %s  [%lld ms]", rec->move_count,
                 s->players[mover]->spec->name, mover + 1, move_text, (long long)elapsed);
        show_position(s, rec, headline);
    }
    return start_pondering(s, r, clocks, p, mover, command, reply_text);
}

void match_play(const MatchSetup *s, MatchResult *r)
{
    r->result = RESULT_NONE;
    r->termination = TERM_NORMAL;
    r->culprit = -1;
    r->start_failed[0] = r->start_failed[1] = false;
    r->detail[0] = '\0';
    record_start(&r->record, s->game, &s->opening);
    if (s->show) {
        char headline[2 * SPEC_NAME_MAX + 64];
        snprintf(headline, sizeof headline, "%s (p1) vs %s (p2)", s->players[0]->spec->name,
                 s->players[1]->spec->name);
        show_position(s, &r->record, headline);
    }
    if (!prepare_players(s, r))
        return;
    char *command = malloc(COMMAND_MAX);
    if (!command) {
        r->termination = TERM_ABORTED;
        snprintf(r->detail, sizeof r->detail, "out of memory");
        return;
    }
    size_t len = 0;
    char fen[POSITION_TEXT_MAX];
    s->game->format_position(&s->opening, fen, sizeof fen);
    command[0] = '\0';
    append(command, COMMAND_MAX, &len, "position fen ");
    append(command, COMMAND_MAX, &len, fen);
    Clock clocks[2];
    clock_start(&clocks[0], &s->players[0]->spec->tc);
    clock_start(&clocks[1], &s->players[1]->spec->tc);
    PonderState ponder = {{"", ""}, ""};
    while (s->game->outcome(&r->record.current) == OUTCOME_ONGOING)
        if (!play_turn(s, r, clocks, &ponder, command, &len))
            break;
    end_pondering(s, &ponder);
    free(command);
    if (r->result == RESULT_NONE && r->termination == TERM_NORMAL) {
        r->result = record_result(&r->record);
        if (r->result == RESULT_DRAW)
            snprintf(r->detail, sizeof r->detail, "drawn by the rules");
        else
            snprintf(r->detail, sizeof r->detail, "%s (p%d) wins by the rules",
                     s->players[r->result == RESULT_P1_WINS ? 0 : 1]->spec->name,
                     r->result == RESULT_P1_WINS ? 1 : 2);
    }
}
