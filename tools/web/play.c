/* play.c - a session's game through its engine: every change is checked
 * by the engine first and kept only when the engine accepted it. */
#include "web/play.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "util/clock.h"
#include "web/termination.h"

#define STOP_ANSWER_MS 5000

static const char *const GAME_IDS[] = {"roomandpillar", "columna", "qawale", "territoire"};

/* What one synchronous command printed that the state needs. */
typedef struct {
    char error[512];
    char fen[4096];
    char status[128];
    char side[128];
    TextBuf legal;
    bool has_legal;
    bool legal_too_long;
} Answer;

static void answer_init(Answer *a)
{
    memset(a, 0, sizeof *a);
    text_init(&a->legal);
}

static void read_answer(void *context, const char *line)
{
    Answer *a = context;
    if (strncmp(line, "info string error ", 18) == 0 && a->error[0] == '\0')
        snprintf(a->error, sizeof a->error, "%s", line + 18);
    else if (strncmp(line, "Fen: ", 5) == 0)
        snprintf(a->fen, sizeof a->fen, "%s", line + 5);
    else if (strncmp(line, "Status: ", 8) == 0)
        snprintf(a->status, sizeof a->status, "%s", line + 8);
    else if (strncmp(line, "Side to move: ", 14) == 0)
        snprintf(a->side, sizeof a->side, "%s", line + 14);
    else if (strcmp(line, ENGINE_LINE_TOO_LONG) == 0)
        a->legal_too_long = true;
    else if (strcmp(line, "moves") == 0 || strncmp(line, "moves ", 6) == 0) {
        a->has_legal = true;
        const char *list = line[5] ? line + 6 : "";
        text_append(&a->legal, list, strlen(list));
    }
}

bool play_protocol_safe(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return false;
    return true;
}

static void position_line(const Session *s, const char *extra_move, TextBuf *out)
{
    text_printf(out, "position %s", s->start);
    if (s->move_count > 0 || extra_move)
        text_append(out, " moves", 6);
    for (int i = 0; i < s->move_count; i++)
        text_printf(out, " %s", s->moves[i]);
    if (extra_move)
        text_printf(out, " %s", extra_move);
}

static void publish_state(Session *s)
{
    TextBuf state;
    text_init(&state);
    play_state_json(s, &state);
    if (!state.failed)
        events_publish(&s->events, "state", state.text);
    text_free(&state);
}

static void publish_text(Session *s, const char *type, const char *key, const char *value)
{
    TextBuf data;
    text_init(&data);
    text_printf(&data, "{\"%s\":", key);
    text_json_string(&data, value);
    text_append(&data, "}", 1);
    if (!data.failed)
        events_publish(&s->events, type, data.text);
    text_free(&data);
}

/* Sets the engine up from the session's record: options, game, position;
 * fills a with what the engine says about it.  False when the engine
 * fails on the way. */
static bool set_up_engine(Session *s, Answer *a, char *why, size_t why_size)
{
    TextBuf lowered;
    text_init(&lowered);
    option_policy_lower_defaults(s->engine.option_lines.text, &s->config->caps, &lowered);
    for (const char *p = lowered.text ? lowered.text : ""; *p;) {
        char line[200];
        size_t len = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        p += len + (p[len] == '\n');
        if (!engine_send(&s->engine, line, why, why_size)) {
            text_free(&lowered);
            return false;
        }
    }
    text_free(&lowered);
    for (int i = 0; i < s->option_count; i++) {
        char line[400];
        snprintf(line, sizeof line, "setoption name %s value %s", s->options[i].name, s->options[i].value);
        if (!engine_send(&s->engine, line, why, why_size))
            return false;
    }
    char game_line[80];
    snprintf(game_line, sizeof game_line, "setoption name Game value %s", s->game);
    TextBuf position;
    text_init(&position);
    position_line(s, NULL, &position);
    const char *lines[] = {game_line, "ucinewgame", position.failed ? "" : position.text, "d", "moves"};
    bool ok = !position.failed && engine_command(&s->engine, lines, 5, read_answer, a, why, why_size);
    text_free(&position);
    return ok;
}

static void store_answer(Session *s, Answer *a)
{
    snprintf(s->fen, sizeof s->fen, "%s", a->fen);
    snprintf(s->status, sizeof s->status, "%s", a->status);
    snprintf(s->side, sizeof s->side, "%s", a->side);
    free(s->legal);
    s->legal = a->legal.failed || !a->legal.text ? strdup("") : strdup(a->legal.text);
    s->legal_complete = !a->legal_too_long && a->has_legal;
}

/* The engine failed (why): it is ended, the page told, and a new one
 * started and set up, unless the session is ending. */
static void recover_engine(Session *s, const char *why)
{
    s->searching = false;
    pthread_cond_broadcast(&s->search_ended);
    engine_end(&s->engine);
    if (s->ending)
        return;
    s->restarts++;
    snprintf(s->engine_error, sizeof s->engine_error, "%s", why);
    char reason[512];
    Answer a;
    answer_init(&a);
    if (!engine_start(&s->engine, s->config->engine_path, reason, sizeof reason) ||
        !set_up_engine(s, &a, reason, sizeof reason)) {
        s->engine_broken = true;
        snprintf(s->engine_error, sizeof s->engine_error, "%.200s; restarting it failed: %.250s", why, reason);
        engine_end(&s->engine);
    } else {
        store_answer(s, &a);
    }
    text_free(&a.legal);
    TextBuf data;
    text_init(&data);
    text_printf(&data, "{\"restarted\":%s,\"restarts\":%d,\"why\":", s->engine_broken ? "false" : "true", s->restarts);
    text_json_string(&data, s->engine_error);
    text_append(&data, "}", 1);
    if (!data.failed)
        events_publish(&s->events, "engine", data.text);
    text_free(&data);
    publish_state(s);
}

/* Runs lines on the engine; 502 when it failed (it was restarted). */
static int command(Session *s, const char *const *lines, int count, Answer *a, char *why, size_t why_size)
{
    if (s->engine_broken) {
        snprintf(why, why_size, "the engine is not running: %s", s->engine_error);
        return 502;
    }
    char reason[400];
    if (engine_command(&s->engine, lines, count, read_answer, a, reason, sizeof reason))
        return 0;
    snprintf(why, why_size, "%s; it was restarted, try again", reason);
    recover_engine(s, reason);
    return 502;
}

/* Asks the engine about the recorded position plus extra_move (or none). */
static int describe(Session *s, const char *extra_move, Answer *a, char *why, size_t why_size)
{
    TextBuf position;
    text_init(&position);
    position_line(s, extra_move, &position);
    if (position.failed) {
        snprintf(why, why_size, "out of memory");
        return 500;
    }
    const char *lines[] = {position.text, "d", "moves"};
    int status = command(s, lines, 3, a, why, why_size);
    text_free(&position);
    return status;
}

bool play_game_over(const Session *s) { return s->adjudicated[0] || strncmp(s->status, "over", 4) == 0; }

/* The status the page sees: the engine's, or the page's ending. */
static void status_text(const Session *s, char *out, size_t out_size)
{
    if (s->adjudicated[0])
        snprintf(out, out_size, "over, %s", s->adjudicated);
    else
        snprintf(out, out_size, "%s", s->status);
}

/* Plays move after the engine accepted it. */
static int apply_move(Session *s, const char *move, char *why, size_t why_size)
{
    if (s->move_count == SESSION_MOVES_MAX) {
        snprintf(why, why_size, "a game of more than %d moves is not kept", SESSION_MOVES_MAX);
        return 409;
    }
    Answer a;
    answer_init(&a);
    int status = describe(s, move, &a, why, why_size);
    if (status == 0 && a.error[0]) {
        snprintf(why, why_size, "illegal move '%s': %s", move, a.error);
        status = 422;
    }
    char *kept = status == 0 ? strdup(move) : NULL;
    if (status == 0 && !kept) {
        snprintf(why, why_size, "out of memory");
        status = 500;
    }
    if (status == 0) {
        s->moves[s->move_count++] = kept;
        store_answer(s, &a);
        publish_state(s);
    }
    text_free(&a.legal);
    return status;
}

static void handle_search_line(Session *s, const char *line);

/* Sends stop and reads until the bestmove, which purpose decides about. */
static void stop_search(Session *s, SearchPurpose purpose)
{
    if (!s->searching)
        return;
    s->purpose = purpose;
    char why[300];
    if (!engine_send(&s->engine, "stop", why, sizeof why)) {
        recover_engine(s, why);
        return;
    }
    int64_t deadline = now_ms() + STOP_ANSWER_MS;
    while (s->searching) {
        if (child_read_line(&s->engine.child, deadline, why, sizeof why) != CHILD_OK) {
            recover_engine(s, why);
            return;
        }
        handle_search_line(s, s->engine.child.line);
    }
}

static const char *purpose_name(SearchPurpose purpose)
{
    return purpose == SEARCH_PLAY ? "play" : purpose == SEARCH_ANALYSE ? "analyse" : "discard";
}

/* Keeps the score of an info line on the first (best) line. */
static void keep_score(Session *s, const char *line)
{
    const char *multipv = strstr(line, " multipv ");
    const char *score = strstr(line, " score ");
    long value;
    if (!score || (multipv && atoi(multipv + 9) != 1))
        return;
    if (sscanf(score, " score cp %ld", &value) == 1)
        s->score_cp = value;
    else if (sscanf(score, " score mate %ld", &value) == 1)
        s->score_cp = value > 0 ? SCORE_MATE_CP : -SCORE_MATE_CP;
    else
        return;
    s->scored = true;
}

static void handle_search_line(Session *s, const char *line)
{
    if (strncmp(line, "info ", 5) == 0) {
        if (strncmp(line, "info string", 11) != 0) {
            snprintf(s->last_info, sizeof s->last_info, "%s", line);
            keep_score(s, line);
        }
        publish_text(s, "info", "line", line);
        return;
    }
    if (strncmp(line, "bestmove", 8) != 0)
        return;
    char move[256] = "";
    sscanf(line, "bestmove %255s", move);
    s->searching = false;
    pthread_cond_broadcast(&s->search_ended);
    TextBuf data;
    text_init(&data);
    text_append(&data, "{\"move\":", 8);
    text_json_string(&data, move);
    text_printf(&data, ",\"purpose\":\"%s\"}", purpose_name(s->purpose));
    if (!data.failed)
        events_publish(&s->events, "bestmove", data.text);
    text_free(&data);
    if (s->purpose == SEARCH_PLAY && move[0] && strcmp(move, "(none)") != 0) {
        char why[600];
        if (apply_move(s, move, why, sizeof why) != 0)
            publish_text(s, "message", "error", why);
    }
}

/* Reads what the engine has printed so far (the lock is held). */
static void pump_search_output(Session *s)
{
    char why[300];
    while (s->searching) {
        ChildStatus status = child_read_line(&s->engine.child, now_ms() + 1, why, sizeof why);
        if (status == CHILD_TIMEOUT)
            return;
        if (status != CHILD_OK) {
            recover_engine(s, why);
            return;
        }
        handle_search_line(s, s->engine.child.line);
    }
}

/* A search's reader: waits for output without the lock, reads it with
 * the lock, until the search it was started for has ended. */
static void *search_reader(void *arg)
{
    Session *s = arg;
    pthread_mutex_lock(&s->lock);
    unsigned generation = s->search_generation;
    while (s->searching && s->search_generation == generation) {
        struct pollfd output = {s->engine.child.from_child, POLLIN, 0};
        pthread_mutex_unlock(&s->lock);
        poll(&output, 1, 100);
        pthread_mutex_lock(&s->lock);
        if (s->searching && s->search_generation == generation)
            pump_search_output(s);
    }
    pthread_mutex_unlock(&s->lock);
    session_release_background(s);
    return NULL;
}

int play_begin(Session *s, char *why, size_t why_size)
{
    snprintf(s->game, sizeof s->game, "roomandpillar");
    snprintf(s->start, sizeof s->start, "startpos");
    Answer a;
    answer_init(&a);
    int status = 0;
    if (!engine_start(&s->engine, s->config->engine_path, why, why_size) || !set_up_engine(s, &a, why, why_size)) {
        engine_end(&s->engine);
        status = 502;
    } else {
        store_answer(s, &a);
    }
    text_free(&a.legal);
    return status;
}

static int refuse_over(const Session *s, char *why, size_t why_size)
{
    char status[160];
    status_text(s, status, sizeof status);
    snprintf(why, why_size, "the game is over (%s%s%s)", status, s->reason[0] ? ": " : "", s->reason);
    return 409;
}

int play_move(Session *s, const char *move, char *why, size_t why_size)
{
    if (move[0] == '\0' || strchr(move, ' ') || !play_protocol_safe(move) || strlen(move) > 200) {
        snprintf(why, why_size, "a move is one word of the game's notation, like d4 or b2b3,c3c4");
        return 400;
    }
    stop_search(s, SEARCH_DISCARD);
    if (play_game_over(s))
        return refuse_over(s, why, why_size);
    return apply_move(s, move, why, why_size);
}

int play_undo(Session *s, int count, char *why, size_t why_size)
{
    if (count < 1 || count > s->move_count) {
        snprintf(why, why_size, "cannot take back %d moves: %d were played", count, s->move_count);
        return 409;
    }
    stop_search(s, SEARCH_DISCARD);
    int kept = s->move_count;
    s->move_count -= count;
    Answer a;
    answer_init(&a);
    int status = describe(s, NULL, &a, why, why_size);
    if (status == 0) {
        for (int i = s->move_count; i < kept; i++)
            free(s->moves[i]);
        s->adjudicated[0] = s->reason[0] = '\0';
        store_answer(s, &a);
        publish_state(s);
    } else {
        s->move_count = kept;
    }
    text_free(&a.legal);
    return status;
}

static bool known_game(const char *game)
{
    for (size_t i = 0; i < sizeof GAME_IDS / sizeof GAME_IDS[0]; i++)
        if (strcmp(game, GAME_IDS[i]) == 0)
            return true;
    return false;
}

/* Splits a space-separated move list into s->moves (none kept on failure). */
static bool split_moves(Session *s, const char *list)
{
    int count = 0;
    char *moves[SESSION_MOVES_MAX];
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len > 0) {
            char *move = count < SESSION_MOVES_MAX ? strndup(p, len) : NULL;
            if (!move) {
                while (count > 0)
                    free(moves[--count]);
                return false;
            }
            moves[count++] = move;
        }
        p += len + (p[len] == ' ');
    }
    for (int i = 0; i < s->move_count; i++)
        free(s->moves[i]);
    memcpy(s->moves, moves, (size_t)count * sizeof moves[0]);
    s->move_count = count;
    return true;
}

static int count_words(const char *list)
{
    int count = 0;
    for (const char *p = list; *p; p++)
        count += *p != ' ' && (p == list || p[-1] == ' ');
    return count;
}

int play_new_game(Session *s, const char *game, const char *start, const char *moves, char *why, size_t why_size)
{
    if (!known_game(game)) {
        snprintf(why, why_size, "unknown game '%.40s': one of roomandpillar, columna, qawale, territoire", game);
        return 400;
    }
    bool start_ok = strcmp(start, "startpos") == 0 || strncmp(start, "fen ", 4) == 0 || strncmp(start, "deal ", 5) == 0;
    if (!start_ok || !play_protocol_safe(start) || strlen(start) >= SESSION_START_MAX || strstr(start, " moves")) {
        snprintf(why, why_size, "a start is \"startpos\", \"fen <position string>\" or \"deal <seed>\"");
        return 400;
    }
    if (!play_protocol_safe(moves) || count_words(moves) > SESSION_MOVES_MAX) {
        snprintf(why, why_size, "moves are at most %d words of the game's notation, separated by spaces",
                 SESSION_MOVES_MAX);
        return 400;
    }
    stop_search(s, SEARCH_DISCARD);
    char game_line[80];
    snprintf(game_line, sizeof game_line, "setoption name Game value %s", game);
    TextBuf position;
    text_init(&position);
    text_printf(&position, "position %s%s%s", start, moves[0] ? " moves " : "", moves);
    const char *lines[] = {game_line, "ucinewgame", position.failed ? "" : position.text, "d", "moves"};
    Answer a;
    answer_init(&a);
    int status = position.failed ? 500 : command(s, lines, 5, &a, why, why_size);
    text_free(&position);
    if (status == 0 && a.error[0]) {
        snprintf(why, why_size, "%s", a.error);
        status = 422;
        /* The engine's Game option changed with the first line: put the
         * recorded game back. */
        Answer back;
        answer_init(&back);
        char reason[300];
        if (!set_up_engine(s, &back, reason, sizeof reason))
            recover_engine(s, reason);
        text_free(&back.legal);
    }
    if (status == 0 && !split_moves(s, moves)) {
        snprintf(why, why_size, "out of memory");
        status = 500;
    }
    if (status == 0) {
        snprintf(s->game, sizeof s->game, "%s", game);
        snprintf(s->start, sizeof s->start, "%s", start);
        s->adjudicated[0] = s->reason[0] = '\0';
        store_answer(s, &a);
        publish_state(s);
    }
    text_free(&a.legal);
    return status;
}

static void remember_option(Session *s, const char *name, const char *value)
{
    int i = 0;
    while (i < s->option_count && strcasecmp(s->options[i].name, name) != 0)
        i++;
    if (i == SESSION_OPTIONS_MAX)
        return;
    if (i == s->option_count)
        s->option_count++;
    snprintf(s->options[i].name, sizeof s->options[i].name, "%s", name);
    snprintf(s->options[i].value, sizeof s->options[i].value, "%s", value);
}

int play_set_option(Session *s, const char *name, const char *value, char *why, size_t why_size)
{
    if (!play_protocol_safe(name) || !play_protocol_safe(value) || strlen(name) >= 64 || strlen(value) >= 256 ||
        name[0] == '\0' || strstr(name, " value") != NULL) {
        snprintf(why, why_size, "an option is a name (under 64 characters) and a value (under 256), on one line");
        return 400;
    }
    if (strcasecmp(name, "Game") == 0) {
        snprintf(why, why_size, "the game is chosen with a new game, not as an option");
        return 400;
    }
    int allowed = option_policy_check(name, value, &s->config->caps, &name, why, why_size);
    if (allowed != 0)
        return allowed;
    bool known = false;
    for (int i = 0; i < s->option_count; i++)
        known = known || strcasecmp(s->options[i].name, name) == 0;
    if (!known && s->option_count == SESSION_OPTIONS_MAX) {
        snprintf(why, why_size, "at most %d options can be set in one session", SESSION_OPTIONS_MAX);
        return 409;
    }
    stop_search(s, SEARCH_DISCARD);
    char line[400];
    snprintf(line, sizeof line, "setoption name %s value %s", name, value);
    const char *lines[] = {line};
    Answer a;
    answer_init(&a);
    int status = command(s, lines, 1, &a, why, why_size);
    if (status == 0 && a.error[0]) {
        snprintf(why, why_size, "%s", a.error);
        status = 422;
    }
    if (status == 0) {
        remember_option(s, name, value);
        publish_state(s);
    }
    text_free(&a.legal);
    return status;
}

static void go_line(const GoRequest *go, char *out, size_t out_size)
{
    if (go->clock)
        snprintf(out, out_size, "go p1time %ld p2time %ld p1inc %ld p2inc %ld", go->p1time, go->p2time, go->p1inc,
                 go->p2inc);
    else if (go->infinite)
        snprintf(out, out_size, "go infinite");
    else if (go->depth > 0)
        snprintf(out, out_size, "go depth %ld", go->depth);
    else if (go->nodes > 0)
        snprintf(out, out_size, "go nodes %ld", go->nodes);
    else
        snprintf(out, out_size, "go movetime %ld", go->movetime > 0 ? go->movetime : 1000);
}

static void wait_for_search(Session *s, unsigned generation, long timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (s->searching && s->search_generation == generation)
        if (pthread_cond_timedwait(&s->search_ended, &s->lock, &until) != 0)
            break;
}

int play_go(Session *s, const GoRequest *go, bool wait, long timeout_ms, char *why, size_t why_size)
{
    stop_search(s, SEARCH_DISCARD);
    if (s->engine_broken) {
        snprintf(why, why_size, "the engine is not running: %s", s->engine_error);
        return 502;
    }
    if (play_game_over(s))
        return refuse_over(s, why, why_size);
    char line[200];
    go_line(go, line, sizeof line);
    char reason[300];
    TextBuf position;
    text_init(&position);
    position_line(s, NULL, &position);
    bool sent = !position.failed && engine_send(&s->engine, position.text, reason, sizeof reason) &&
                engine_send(&s->engine, line, reason, sizeof reason);
    text_free(&position);
    if (!sent) {
        snprintf(why, why_size, "%s; it was restarted, try again", reason);
        recover_engine(s, reason);
        return 502;
    }
    s->searching = true;
    s->purpose = go->purpose;
    s->last_info[0] = '\0';
    s->scored = false;
    unsigned generation = ++s->search_generation;
    session_retain_background(s);
    pthread_t reader;
    if (pthread_create(&reader, NULL, search_reader, s) != 0) {
        session_release_background(s);
        stop_search(s, SEARCH_DISCARD);
        snprintf(why, why_size, "cannot start a thread");
        return 500;
    }
    pthread_detach(reader);
    publish_state(s);
    if (wait)
        wait_for_search(s, generation, timeout_ms);
    return 0;
}

void play_stop(Session *s) { stop_search(s, s->purpose); }

int play_adjudicate(Session *s, const char *result, const char *reason, char *why, size_t why_size)
{
    if (strcmp(result, "p1win") != 0 && strcmp(result, "p2win") != 0 && strcmp(result, "draw") != 0) {
        snprintf(why, why_size, "a result is \"p1win\", \"p2win\" or \"draw\"");
        return 400;
    }
    if (!play_protocol_safe(reason) || strlen(reason) >= sizeof s->reason) {
        snprintf(why, why_size, "a reason is under %zu printable characters", sizeof s->reason);
        return 400;
    }
    stop_search(s, SEARCH_DISCARD);
    if (play_game_over(s))
        return refuse_over(s, why, why_size);
    snprintf(s->adjudicated, sizeof s->adjudicated, "%s", result);
    snprintf(s->reason, sizeof s->reason, "%s", reason);
    publish_state(s);
    return 0;
}

static const char *option_value(const Session *s, const char *name)
{
    for (int i = 0; i < s->option_count; i++)
        if (strcasecmp(s->options[i].name, name) == 0)
            return s->options[i].value;
    return NULL;
}

static void append_moves_array(TextBuf *out, const char *list)
{
    text_append(out, "[", 1);
    const char *p = list;
    bool first = true;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (len == 0)
            break;
        char move[256];
        snprintf(move, sizeof move, "%.*s", (int)(len < 255 ? len : 255), p);
        if (!first)
            text_append(out, ",", 1);
        text_json_string(out, move);
        first = false;
        p += len;
    }
    text_append(out, "]", 1);
}

void play_state_json(Session *s, TextBuf *out)
{
    text_append(out, "{", 1);
    text_json_member(out, "id", s->id);
    text_json_member(out, "game", s->game);
    text_json_member(out, "start", s->start);
    text_json_member(out, "fen", s->fen);
    char status[160];
    status_text(s, status, sizeof status);
    text_json_member(out, "status", status);
    text_json_member(out, "reason", s->reason);
    termination_state_members(s, out);
    text_json_member(out, "side", s->side);
    text_printf(out, ",\"ply\":%d,\"moves\":[", s->move_count);
    for (int i = 0; i < s->move_count; i++) {
        if (i)
            text_append(out, ",", 1);
        text_json_string(out, s->moves[i]);
    }
    text_append(out, "],\"legal\":", 10);
    append_moves_array(out, s->legal ? s->legal : "");
    text_printf(out, ",\"legal_complete\":%s,\"searching\":%s,\"purpose\":\"%s\"", s->legal_complete ? "true" : "false",
                s->searching ? "true" : "false", purpose_name(s->purpose));
    text_json_member(out, "last_info", s->last_info);
    const char *backend = option_value(s, "Backend");
    text_json_member(out, "backend", backend ? backend : "");
    text_printf(out, ",\"engine_pid\":%ld,\"restarts\":%d,\"engine_broken\":%s", engine_pid(&s->engine), s->restarts,
                s->engine_broken ? "true" : "false");
    text_json_member(out, "engine_error", s->engine_error);
    text_append(out, ",\"set_options\":{", 16);
    for (int i = 0; i < s->option_count; i++)
        text_json_member(out, s->options[i].name, s->options[i].value);
    text_append(out, "},\"engine_options\":", 19);
    option_policy_lines_json(s->engine.option_lines.text, &s->config->caps, out);
    text_append(out, "}", 1);
}
