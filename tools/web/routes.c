/* routes.c - request paths to the page's files, the sessions and the
 * watched files. */
#include "web/routes.h"

#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "util/clock.h"
#include "util/parse_number.h"
#include "web/admission.h"
#include "web/asset_dir.h"
#include "web/assets.h"
#include "web/draw_offer.h"
#include "web/json.h"
#include "web/play.h"
#include "web/session.h"

#define STREAM_PING_MS 10000
#define STREAM_CHECK_MS 1000
#define CLOCK_MS_MAX 86400000L
#define WATCH_CHUNK_MAX (1 << 20)

static RoutesConfig routes;

void routes_init(const RoutesConfig *config) { routes = *config; }

static const char *content_type(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (dot && strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (dot && strcmp(dot, ".js") == 0)
        return "text/javascript; charset=utf-8";
    if (dot && strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (dot && strcmp(dot, ".png") == 0)
        return "image/png";
    if (dot && strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    return "application/octet-stream";
}

/* The file name a page's path asks for ("/" is index.html). */
static const char *asset_name(const char *path) { return strcmp(path, "/") == 0 ? "index.html" : path + 1; }

/* The page's file at path, or NULL. */
static const WebAsset *find_asset(const char *path)
{
    const char *name = asset_name(path);
    for (size_t i = 0; i < web_asset_count; i++)
        if (strcmp(web_assets[i].name, name) == 0)
            return &web_assets[i];
    return NULL;
}

/* The page's file (its headers alone for HEAD). */
static void serve_asset(int fd, const WebAsset *asset, bool head_only)
{
    if (head_only)
        http_respond_head(fd, 200, content_type(asset->name), asset->size);
    else
        http_respond(fd, 200, content_type(asset->name), (const char *)asset->data, asset->size);
}

/* Whether method is one of allow's ("GET, DELETE"). */
static bool method_in(const char *method, const char *allow)
{
    size_t len = strlen(method);
    for (const char *p = allow; *p;) {
        size_t word = strcspn(p, ", ");
        if (word == len && strncmp(p, method, len) == 0)
            return true;
        p += word;
        p += strspn(p, ", ");
    }
    return false;
}

static void respond_text(int fd, int status, TextBuf *body)
{
    if (body->failed)
        http_respond_error(fd, 500, "out of memory");
    else
        http_respond(fd, status, "application/json", body->text ? body->text : "{}", body->text ? body->len : 2);
}

static void respond_state(int fd, int status, Session *s)
{
    TextBuf body;
    text_init(&body);
    pthread_mutex_lock(&s->lock);
    play_state_json(s, &body);
    pthread_mutex_unlock(&s->lock);
    respond_text(fd, status, &body);
    text_free(&body);
}

/* A string member, "" when absent; false (answered 400) when of another type. */
static bool string_member(int fd, const JsonObject *body, const char *key, const char **out)
{
    const JsonMember *m = json_member(body, key);
    *out = "";
    if (!m)
        return true;
    if (m->type != JSON_STRING) {
        char why[120];
        snprintf(why, sizeof why, "\"%s\" must be a string", key);
        http_respond_error(fd, 400, why);
        return false;
    }
    *out = m->text;
    return true;
}

/* An integer member in [min, max], 0 when absent; false (answered 400)
 * otherwise. */
static bool integer_member(int fd, const JsonObject *body, const char *key, long min, long max, long *out)
{
    const JsonMember *m = json_member(body, key);
    *out = 0;
    if (!m)
        return true;
    if (m->type != JSON_NUMBER || m->number != floor(m->number) || m->number < (double)min || m->number > (double)max) {
        char why[160];
        snprintf(why, sizeof why, "\"%s\" must be a whole number from %ld to %ld", key, min, max);
        http_respond_error(fd, 400, why);
        return false;
    }
    *out = (long)m->number;
    return true;
}

static bool bool_member(int fd, const JsonObject *body, const char *key, bool *out)
{
    const JsonMember *m = json_member(body, key);
    *out = false;
    if (!m)
        return true;
    if (m->type != JSON_BOOL) {
        char why[120];
        snprintf(why, sizeof why, "\"%s\" must be true or false", key);
        http_respond_error(fd, 400, why);
        return false;
    }
    *out = m->boolean;
    return true;
}

/* Runs one play_* result: the state on success, the refusal otherwise. */
static void answer(int fd, Session *s, int status, const char *why)
{
    if (status == 0)
        respond_state(fd, 200, s);
    else
        http_respond_error(fd, status, why);
}

static void route_move(int fd, Session *s, const JsonObject *body)
{
    const char *move;
    if (!string_member(fd, body, "move", &move))
        return;
    if (move[0] == '\0') {
        http_respond_error(fd, 400, "expected {\"move\": \"...\"}");
        return;
    }
    char why[1024];
    pthread_mutex_lock(&s->lock);
    int status = play_move(s, move, why, sizeof why);
    pthread_mutex_unlock(&s->lock);
    answer(fd, s, status, why);
}

static void route_undo(int fd, Session *s, const JsonObject *body)
{
    long count;
    if (!integer_member(fd, body, "count", 1, SESSION_MOVES_MAX, &count))
        return;
    char why[1024];
    pthread_mutex_lock(&s->lock);
    int status = play_undo(s, count ? (int)count : 1, why, sizeof why);
    pthread_mutex_unlock(&s->lock);
    answer(fd, s, status, why);
}

static int new_game(Session *s, const char *game, const char *start, const char *moves, char *why, size_t why_size)
{
    pthread_mutex_lock(&s->lock);
    int status = play_new_game(s, game[0] ? game : s->game, start[0] ? start : "startpos", moves, why, why_size);
    pthread_mutex_unlock(&s->lock);
    return status;
}

static void route_new(int fd, Session *s, const JsonObject *body)
{
    const char *game, *start, *moves;
    if (!string_member(fd, body, "game", &game) || !string_member(fd, body, "start", &start) ||
        !string_member(fd, body, "moves", &moves))
        return;
    char why[1024];
    answer(fd, s, new_game(s, game, start, moves, why, sizeof why), why);
}

static int set_option(Session *s, const char *name, const char *value, char *why, size_t why_size)
{
    pthread_mutex_lock(&s->lock);
    int status = play_set_option(s, name, value, why, why_size);
    pthread_mutex_unlock(&s->lock);
    return status;
}

static void route_option(int fd, Session *s, const JsonObject *body)
{
    const char *name, *value;
    if (!string_member(fd, body, "name", &name) || !string_member(fd, body, "value", &value))
        return;
    char why[1024];
    answer(fd, s, set_option(s, name, value, why, sizeof why), why);
}

static void route_go(int fd, Session *s, const JsonObject *body)
{
    GoRequest go = {0};
    const char *purpose;
    bool wait;
    if (!integer_member(fd, body, "movetime", 1, 3600000, &go.movetime) ||
        !integer_member(fd, body, "depth", 1, 200, &go.depth) ||
        !integer_member(fd, body, "nodes", 1, 2000000000L, &go.nodes) ||
        !integer_member(fd, body, "p1time", 0, CLOCK_MS_MAX, &go.p1time) ||
        !integer_member(fd, body, "p2time", 0, CLOCK_MS_MAX, &go.p2time) ||
        !integer_member(fd, body, "p1inc", 0, CLOCK_MS_MAX, &go.p1inc) ||
        !integer_member(fd, body, "p2inc", 0, CLOCK_MS_MAX, &go.p2inc) ||
        !bool_member(fd, body, "infinite", &go.infinite) || !bool_member(fd, body, "wait", &wait) ||
        !string_member(fd, body, "purpose", &purpose))
        return;
    bool p1 = json_member(body, "p1time") != NULL, p2 = json_member(body, "p2time") != NULL;
    bool incs = json_member(body, "p1inc") || json_member(body, "p2inc");
    if (p1 != p2 || (incs && !p1)) {
        http_respond_error(fd, 400, "clocks are \"p1time\" and \"p2time\" together (and \"p1inc\", \"p2inc\")");
        return;
    }
    go.clock = p1;
    if (strcmp(purpose, "play") != 0 && strcmp(purpose, "analyse") != 0 && purpose[0] != '\0') {
        http_respond_error(fd, 400, "\"purpose\" is \"play\" (the engine moves) or \"analyse\"");
        return;
    }
    if (go.infinite && wait) {
        http_respond_error(fd, 400, "an infinite search cannot be waited for");
        return;
    }
    go.purpose = strcmp(purpose, "analyse") == 0 ? SEARCH_ANALYSE : SEARCH_PLAY;
    long timeout_ms = go.movetime > 0 ? go.movetime + 10000 : 120000;
    if (go.clock)
        timeout_ms = (go.p1time > go.p2time ? go.p1time : go.p2time) + 10000;
    char why[1024];
    pthread_mutex_lock(&s->lock);
    int status = play_go(s, &go, wait, timeout_ms, why, sizeof why);
    pthread_mutex_unlock(&s->lock);
    answer(fd, s, status, why);
}

static void route_end(int fd, Session *s, const JsonObject *body)
{
    const char *result, *reason;
    if (!string_member(fd, body, "result", &result) || !string_member(fd, body, "reason", &reason))
        return;
    char why[1024];
    pthread_mutex_lock(&s->lock);
    int status = play_adjudicate(s, result, reason, why, sizeof why);
    pthread_mutex_unlock(&s->lock);
    answer(fd, s, status, why);
}

/* A draw offer, answered for the engine (draw_offer.h): the answer and the
 * state after it. */
static void route_draw(int fd, Session *s, const JsonObject *body)
{
    const char *by;
    if (!string_member(fd, body, "by", &by))
        return;
    char why[1024];
    DrawAnswer draw;
    TextBuf text;
    text_init(&text);
    pthread_mutex_lock(&s->lock);
    int status = draw_offer_answer(s, by, &draw, why, sizeof why);
    if (status == 0) {
        text_printf(&text, "{\"draw\":{\"accepted\":%s,\"evaluation\":", draw.accepted ? "true" : "false");
        if (draw.evaluated)
            text_printf(&text, "%ld", draw.evaluation);
        else
            text_append(&text, "null", 4);
        text_json_member(&text, "why", draw.why);
        text_append(&text, "},\"state\":", 10);
        play_state_json(s, &text);
        text_append(&text, "}\n", 2);
    }
    pthread_mutex_unlock(&s->lock);
    if (status == 0)
        respond_text(fd, 200, &text);
    else
        http_respond_error(fd, status, why);
    text_free(&text);
}

static void route_stop(int fd, Session *s)
{
    pthread_mutex_lock(&s->lock);
    play_stop(s);
    pthread_mutex_unlock(&s->lock);
    respond_state(fd, 200, s);
}

/* True while the browser keeps the stream open: a closed connection
 * reads as the end of input (anything it sends is read and dropped). */
static bool still_open(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0)
        return true;
    char sink[512];
    return recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0;
}

/* The event stream: the state at once, then every event, with a ping
 * now and then; a page that closed is noticed within STREAM_CHECK_MS. */
static void stream_events(int fd, Session *s)
{
    static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" HTTP_SAFETY_HEADERS
                               "X-Accel-Buffering: no\r\nConnection: close\r\n\r\n";
    uint64_t after = events_last_id(&s->events);
    TextBuf text;
    text_init(&text);
    text_append(&text, head, sizeof head - 1);
    text_append(&text, "event: state\ndata: ", 19);
    pthread_mutex_lock(&s->lock);
    play_state_json(s, &text);
    pthread_mutex_unlock(&s->lock);
    text_append(&text, "\n\n", 2);
    bool open = true;
    int64_t next_ping = now_ms() + STREAM_PING_MS;
    while (open && !text.failed && !atomic_load(routes.stopping)) {
        if (text.len > 0 && !http_write_all(fd, text.text, text.len))
            break;
        session_touch(s);
        text.len = 0;
        open = events_wait(&s->events, &after, STREAM_CHECK_MS, &text) && still_open(fd);
        if (text.len == 0 && !text.failed && now_ms() >= next_ping) {
            text_append(&text, ": ping\n\n", 8);
            next_ping = now_ms() + STREAM_PING_MS;
        }
    }
    text_free(&text);
}

/* A stream is counted apart from the requests (admission.h). */
static void route_events(int fd, const HttpRequest *req, Session *s)
{
    char why[200];
    if (!admission_stream_begin(req->peer, why, sizeof why)) {
        http_respond_error(fd, 503, why);
        return;
    }
    session_shown(s);
    stream_events(fd, s);
    admission_stream_end(req->peer);
}

/* A new session with its engine started and the default game set up (a
 * reference is held), or NULL with *status and why filled; a session
 * whose engine cannot start leaves the table at once. */
static Session *start_session(int *status, char *why, size_t why_size)
{
    Session *s = session_create(status, why, why_size);
    if (!s)
        return NULL;
    pthread_mutex_lock(&s->lock);
    *status = play_begin(s, why, why_size);
    pthread_mutex_unlock(&s->lock);
    if (*status != 0) {
        session_remove(s);
        session_release(s);
        return NULL;
    }
    return s;
}

static void route_create(int fd, const JsonObject *body)
{
    const char *game, *start, *backend;
    if (!string_member(fd, body, "game", &game) || !string_member(fd, body, "start", &start) ||
        !string_member(fd, body, "backend", &backend))
        return;
    char why[1024];
    int status;
    Session *s = start_session(&status, why, sizeof why);
    if (!s) {
        http_respond_error(fd, status, why);
        return;
    }
    status = backend[0] ? set_option(s, "Backend", backend, why, sizeof why) : 0;
    if (status == 0 && (game[0] || start[0]))
        status = new_game(s, game, start, "", why, sizeof why);
    if (status == 0) {
        respond_state(fd, 201, s);
    } else {
        http_respond_error(fd, status, why);
        session_remove(s);
    }
    session_release(s);
}

static bool parse_body(int fd, const HttpRequest *req, JsonObject *body)
{
    char why[200];
    if (req->body_len == 0) {
        body->count = 0;
        return true;
    }
    if (json_parse_object(req->body, req->body_len, body, why, sizeof why))
        return true;
    http_respond_error(fd, 400, why);
    return false;
}

/* The methods a session's path takes (its Allow header), by the verb
 * after its id; NULL for no such path. */
static const char *session_methods(const char *verb)
{
    static const char *const posts[] = {"move", "undo", "new", "option", "go", "stop", "end", "draw", "leave"};
    if (verb[0] == '\0')
        return "GET, DELETE";
    if (strcmp(verb, "events") == 0)
        return "GET";
    for (size_t i = 0; i < sizeof posts / sizeof posts[0]; i++)
        if (strcmp(verb, posts[i]) == 0)
            return "POST";
    return NULL;
}

/* The request on a session's path, its method already one the path takes. */
static void route_session_verb(int fd, const HttpRequest *req, const char *verb, Session *s, JsonObject *body)
{
    if (verb[0] == '\0' && strcmp(req->method, "GET") == 0) {
        respond_state(fd, 200, s);
    } else if (verb[0] == '\0') {
        session_remove(s);
        http_respond(fd, 200, "application/json", "{\"ended\":true}\n", 15);
    } else if (strcmp(verb, "events") == 0) {
        route_events(fd, req, s);
    } else if (strcmp(verb, "move") == 0) {
        route_move(fd, s, body);
    } else if (strcmp(verb, "undo") == 0) {
        route_undo(fd, s, body);
    } else if (strcmp(verb, "new") == 0) {
        route_new(fd, s, body);
    } else if (strcmp(verb, "option") == 0) {
        route_option(fd, s, body);
    } else if (strcmp(verb, "go") == 0) {
        route_go(fd, s, body);
    } else if (strcmp(verb, "stop") == 0) {
        route_stop(fd, s);
    } else if (strcmp(verb, "end") == 0) {
        route_end(fd, s, body);
    } else if (strcmp(verb, "draw") == 0) {
        route_draw(fd, s, body);
    } else {
        session_leave(s);
        http_respond(fd, 200, "application/json", "{\"leaving\":true}\n", 17);
    }
}

static void route_session(int fd, const HttpRequest *req, const char *rest, JsonObject *body)
{
    char id[64];
    size_t id_len = strcspn(rest, "/");
    const char *verb = rest[id_len] == '/' ? rest + id_len + 1 : "";
    const char *allow = session_methods(verb);
    if (id_len == 0 || id_len >= sizeof id || !allow) {
        http_respond_error(fd, 404, id_len == 0 || id_len >= sizeof id ? "no such session" : "no such path");
        return;
    }
    memcpy(id, rest, id_len);
    id[id_len] = '\0';
    Session *s = session_find(id);
    if (!s) {
        http_respond_error(fd, 404, "no such session (it may have timed out)");
        return;
    }
    if (method_in(req->method, allow))
        route_session_verb(fd, req, verb, s, body);
    else
        http_respond_not_allowed(fd, allow);
    session_release(s);
}

static void route_watch_list(int fd)
{
    TextBuf body;
    text_init(&body);
    text_append(&body, "{\"files\":[", 10);
    for (int i = 0; i < routes.watch_count; i++) {
        const char *dot = strrchr(routes.watch[i], '.');
        const char *slash = strrchr(routes.watch[i], '/');
        text_printf(&body, "%s{\"id\":%d,\"kind\":\"%s\",\"path\":", i ? "," : "", i,
                    dot && strcmp(dot, ".csv") == 0 ? "csv" : "pgn");
        /* The name alone: where the server's files lie is not the page's business. */
        text_json_string(&body, slash ? slash + 1 : routes.watch[i]);
        text_append(&body, "}", 1);
    }
    text_append(&body, "]}\n", 3);
    respond_text(fd, 200, &body);
    text_free(&body);
}

/* Bytes from offset on, cut after the last line end (a line still being
 * written comes whole next time); a file that shrank (a resumed arena
 * run cuts a torn game) is read again from 0. */
static void route_watch_file(int fd, const char *rest, const char *query)
{
    int id;
    if (!parse_int_range(rest, 0, routes.watch_count - 1, &id)) {
        http_respond_error(fd, 404, "no such watched file");
        return;
    }
    char value[32] = "0";
    http_query_value(query, "offset", value, sizeof value);
    int64_t asked;
    if (parse_int64(value, 0, INT64_MAX, &asked) != NUMBER_OK) {
        http_respond_error(fd, 400, "offset must be a byte count");
        return;
    }
    long long offset = asked;
    FILE *file = fopen(routes.watch[id], "rb");
    if (!file) {
        http_respond_error(fd, 404, "the watched file cannot be read (not written yet?)");
        return;
    }
    fseek(file, 0, SEEK_END);
    long long size = ftell(file);
    bool reset = offset > size;
    if (reset)
        offset = 0;
    fseek(file, (long)offset, SEEK_SET);
    char *chunk = malloc(WATCH_CHUNK_MAX + 1);
    size_t got = chunk ? fread(chunk, 1, WATCH_CHUNK_MAX, file) : 0;
    fclose(file);
    size_t keep = got;
    while (keep > 0 && chunk[keep - 1] != '\n')
        keep--;
    if (keep == 0 && got == WATCH_CHUNK_MAX)
        keep = got; /* one line longer than a chunk: send it in pieces */
    TextBuf body;
    text_init(&body);
    text_printf(&body, "{\"size\":%lld,\"offset\":%lld,\"next\":%lld,\"reset\":%s,\"text\":", size, offset,
                offset + (long long)keep, reset ? "true" : "false");
    if (chunk)
        chunk[keep] = '\0';
    /* NUL bytes would end the text early: a watched file is text. */
    text_json_string(&body, chunk ? chunk : "");
    text_append(&body, "}\n", 2);
    respond_text(fd, 200, &body);
    text_free(&body);
    free(chunk);
}

/* A page's file: the embedded copy, or with --assets the folder's (the
 * same headers either way; only names asset_dir.h allows). */
static void route_page(int fd, const char *path, bool readable, bool head)
{
    WebAsset from_dir = {asset_name(path), NULL, 0};
    char *data = routes.assets_dir ? asset_dir_read(routes.assets_dir, from_dir.name, &from_dir.size) : NULL;
    from_dir.data = (const unsigned char *)data;
    const WebAsset *asset = routes.assets_dir ? (data ? &from_dir : NULL) : find_asset(path);
    if (!asset)
        http_respond_error(fd, 404, "no such page");
    else if (readable)
        serve_asset(fd, asset, head);
    else
        http_respond_not_allowed(fd, "GET, HEAD");
    free(data);
}

void routes_handle(int fd, const HttpRequest *req)
{
    bool get = strcmp(req->method, "GET") == 0, head = strcmp(req->method, "HEAD") == 0;
    if (!host_allowed(&routes.host_rules, req->host)) {
        http_respond_error(fd, 403, "the Host header must name this server (localhost or 127.0.0.1, with its port)");
        return;
    }
    if (!origin_allowed(&routes.host_rules, req->origin, !get && !head)) {
        http_respond_error(fd, 403, "requests from pages of other sites are refused");
        return;
    }
    if (strncmp(req->path, "/api/", 5) != 0) {
        route_page(fd, req->path, get || head, head);
        return;
    }
    JsonObject *body = malloc(sizeof *body);
    if (!body) {
        http_respond_error(fd, 500, "out of memory");
        return;
    }
    bool watch = strcmp(req->path, "/api/watch") == 0 || strncmp(req->path, "/api/watch/", 11) == 0;
    if (!parse_body(fd, req, body)) {
        /* answered */
    } else if (strcmp(req->path, "/api/sessions") == 0) {
        if (strcmp(req->method, "POST") == 0)
            route_create(fd, body);
        else
            http_respond_not_allowed(fd, "POST");
    } else if (strncmp(req->path, "/api/sessions/", 14) == 0) {
        route_session(fd, req, req->path + 14, body);
    } else if (watch && !get) {
        http_respond_not_allowed(fd, "GET");
    } else if (watch && req->path[10] == '\0') {
        route_watch_list(fd);
    } else if (watch) {
        route_watch_file(fd, req->path + 11, req->query);
    } else {
        http_respond_error(fd, 404, "no such path");
    }
    free(body);
}
