/*
 * test_web_security.c - tessera-web left running and opened by anyone who
 * can reach it, over real HTTP on 127.0.0.1: refused sessions, Host and
 * Origin checks, the options a page may set, slow and idle clients, the
 * sessions of pages that went, HEAD, bare LF line ends, the safety
 * headers, the watched files' names, and memory over many requests.
 *
 * It starts the tessera-web of its own build (build/<variant>/tessera-web,
 * which runs that build's engine) with --port 0 and reads the port from
 * the line it prints.  Request counts are bounded; no check is a tight
 * clock bound: a slow machine waits longer, it does not fail.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <signal.h>

#include "webtest.h"
#include "web/http.h"

static Server main_server;

/* The same, asked again while refused, for up to seconds. */
static void create_session_within(int port, int seconds, char *id, size_t id_size)
{
    create_session(port, id, id_size);
    for (int i = 0; i < seconds * 10 && !id[0]; i++) {
        usleep(100000);
        create_session(port, id, id_size);
    }
}

/* A process this test did not start lingers as a zombie until the
 * server reaps it; /proc tells the two apart. */
static bool process_running(long pid)
{
    char path[64], state = 0;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    int got = fscanf(f, "%*d (%*[^)]) %c", &state);
    fclose(f);
    return got == 1 && state != 'Z';
}

static bool wait_process_gone(long pid, int seconds)
{
    for (int i = 0; i < seconds * 10 && process_running(pid); i++)
        usleep(100000);
    return !process_running(pid);
}

/* --- 1. a refused session must not touch the server's descriptor 0 */

static void test_refused_sessions_are_answered_503_every_time(void)
{
    Server server;
    const char *flags[] = {"--max-sessions", "1", NULL};
    CHECK(start_server(&server, "refused", flags));
    char id[64];
    create_session(server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    for (int i = 0; i < 4; i++) {
        Response r;
        CHECK_EQ_INT(call(server.port, "POST", "/api/sessions", "{}", &r), 503);
        CHECK_CONTAINS(r.body, "too many sessions");
        response_free(&r);
    }
    Response r;
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(server.port, "GET", path, "", &r), 200);
    response_free(&r);
    CHECK_EQ_INT(stop_server(&server), 0);
    CHECK(log_is_clean(server.log));
}

/* --- 2. Host and Origin */

static void expect_host(const char *host, int status)
{
    char raw[512];
    snprintf(raw, sizeof raw, "GET /api/watch HTTP/1.1\r\nHost: %s\r\n\r\n", host);
    Response r;
    int got = raw_request(main_server.port, raw, &r);
    if (got != status) {
        char what[300];
        snprintf(what, sizeof what, "Host: %s answered %d, expected %d", host, got, status);
        harness_fail(__FILE__, __LINE__, what);
    }
    response_free(&r);
}

static void test_only_this_servers_names_pass_the_host_check(void)
{
    int port = main_server.port;
    char host[128];
    const char *names[] = {"127.0.0.1", "localhost", "LocalHost", "[::1]"};
    for (int i = 0; i < 4; i++) {
        snprintf(host, sizeof host, "%s:%d", names[i], port);
        expect_host(host, 200);
    }
    const char *rebound[] = {"127.evil.example", "localhost.evil.example", "127.0.0.1.evil.example",
                             "evil.example", "127.0.0.2", "0.0.0.0", "[::2]"};
    for (int i = 0; i < 7; i++) {
        snprintf(host, sizeof host, "%s:%d", rebound[i], port);
        expect_host(host, 403);
        expect_host(rebound[i], 403);
    }
    snprintf(host, sizeof host, "127.0.0.1:%d", port == 65535 ? 1 : port + 1);
    expect_host(host, 403);
    expect_host("127.0.0.1", 403); /* port 80 implied */
    snprintf(host, sizeof host, "127.0.0.1:%dx", port);
    expect_host(host, 403);
}

static void test_foreign_and_null_origins_cannot_change_anything(void)
{
    int port = main_server.port;
    char origin[160];
    Response r;
    CHECK_EQ_INT(call_with(port, "POST", "/api/sessions", "{}", "Origin: null\r\n", &r), 403);
    response_free(&r);
    CHECK_EQ_INT(call_with(port, "POST", "/api/sessions", "{}", "Origin: http://evil.example\r\n", &r), 403);
    response_free(&r);
    snprintf(origin, sizeof origin, "Origin: http://127.evil.example:%d\r\n", port);
    CHECK_EQ_INT(call_with(port, "GET", "/api/watch", "", origin, &r), 403);
    response_free(&r);
    snprintf(origin, sizeof origin, "Origin: https://127.0.0.1:%d\r\n", port);
    CHECK_EQ_INT(call_with(port, "POST", "/api/sessions", "{}", origin, &r), 403);
    response_free(&r);
    /* The page's own origin passes. */
    snprintf(origin, sizeof origin, "Origin: http://localhost:%d\r\n", port);
    CHECK_EQ_INT(call_with(port, "POST", "/api/sessions", "{}", origin, &r), 201);
    char id[64], path[128];
    field(r.body, "id", id, sizeof id);
    response_free(&r);
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

/* --- 3. the options a page may set */

static int set_option(const char *id, const char *name, const char *value, Response *r)
{
    char path[128], body[256];
    snprintf(path, sizeof path, "/api/sessions/%s/option", id);
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"value\":\"%s\"}", name, value);
    return call(main_server.port, "POST", path, body, r);
}

static void test_pages_set_only_shown_options_within_caps(void)
{
    char id[64];
    create_session(main_server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    Response r;
    CHECK_EQ_INT(set_option(id, "Hash", "1024", &r), 422);
    CHECK_CONTAINS(r.body, "from 1 to 16");
    response_free(&r);
    CHECK_EQ_INT(set_option(id, "Threads", "256", &r), 422);
    response_free(&r);
    CHECK_EQ_INT(set_option(id, "EvalFile", "/etc/shadow", &r), 403);
    CHECK(strstr(r.body, "bytes") == NULL && strstr(r.body, "TSNN") == NULL);
    response_free(&r);
    CHECK_EQ_INT(set_option(id, "MctsExploration", "500", &r), 403);
    response_free(&r);
    CHECK_EQ_INT(set_option(id, "hash", "16", &r), 200);
    CHECK_CONTAINS(r.body, "\"set_options\":{\"Hash\":\"16\"}");
    /* The page is shown only what it may set, with the caps as maxima. */
    CHECK_CONTAINS(r.body, "option name Hash type spin default 64 min 1 max 16\"");
    CHECK_CONTAINS(r.body, "option name Threads type spin default 1 min 1 max 2\"");
    CHECK(strstr(r.body, "EvalFile") == NULL && strstr(r.body, "MoveOverhead") == NULL);
    response_free(&r);
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(main_server.port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

/* --- 4. slow and idle clients */

/* A slow client: a request head begun and never finished. */
static bool open_slow_client(int port, int *fd, int64_t *opened)
{
    *opened = now_ms();
    *fd = connect_from(port, NULL);
    return *fd >= 0 && send_text(*fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
}

static void test_slow_clients_and_open_streams_starve_nobody(void)
{
    /* LATE of the slow clients come after the streams are served, just
     * before the normal request: the server cuts a slow client off after
     * HTTP_READ_TIMEOUT_MS (fixed), which the first ones may have passed
     * by then on a loaded machine. */
    enum { SLOW = 200, LATE = 8, STREAMS = 64 };
    int port = main_server.port;
    char id[64];
    create_session(port, id, sizeof id);
    CHECK(id[0] != '\0');
    int slow[SLOW], streams[STREAMS], slow_open = 0, streams_open = 0;
    int64_t opened[SLOW];
    for (int i = 0; i < SLOW - LATE; i++)
        slow_open += open_slow_client(port, &slow[i], &opened[i]);
    char request[256];
    snprintf(request, sizeof request, "GET /api/sessions/%s/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", id, port);
    for (int i = 0; i < STREAMS; i++) {
        streams[i] = connect_from(port, NULL);
        streams_open += streams[i] >= 0 && send_text(streams[i], request);
    }
    CHECK_EQ_INT(streams_open, STREAMS);
    /* Each stream's first event arrives: they are all being served. */
    int serving = 0;
    for (int i = 0; i < STREAMS; i++) {
        struct pollfd p = {streams[i], POLLIN, 0};
        char buf[256];
        serving += poll(&p, 1, (int)harness_scaled_ms(20000)) == 1 && recv(streams[i], buf, sizeof buf, MSG_PEEK) > 0;
    }
    CHECK_EQ_INT(serving, STREAMS);
    for (int i = SLOW - LATE; i < SLOW; i++)
        slow_open += open_slow_client(port, &slow[i], &opened[i]);
    CHECK_EQ_INT(slow_open, SLOW);
    int64_t asked = now_ms();
    Response r;
    CHECK_EQ_INT(call(port, "GET", "/api/watch", "", &r), 200);
    int64_t answered = now_ms();
    response_free(&r);
    printf("[normal request answered in %lld ms beside %d slow clients and %d streams] ", (long long)(answered - asked),
           SLOW, STREAMS);
    /* It was answered while the slow clients still waited: the server did
     * not make room by dropping them.  Those whose time was not up (with a
     * second to spare) must all still wait, the late ones at least. */
    int still_waiting = 0, in_time = 0;
    for (int i = 0; i < SLOW; i++) {
        if (answered - opened[i] >= HTTP_READ_TIMEOUT_MS - 1000)
            continue;
        char c;
        ssize_t n = recv(slow[i], &c, 1, MSG_DONTWAIT);
        still_waiting += n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        in_time++;
    }
    CHECK(in_time >= LATE);
    CHECK_EQ_INT(still_waiting, in_time);
    for (int i = 0; i < SLOW; i++)
        close(slow[i]);
    for (int i = 0; i < STREAMS; i++)
        close(streams[i]);
    /* A slow client is cut off with 408 once its time is up. */
    int late = connect_from(port, NULL);
    CHECK(send_text(late, "GET / HTTP/1.1\r\n"));
    read_response(late, &r);
    CHECK_EQ_INT(r.status, 408);
    response_free(&r);
    close(late);
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

static void test_a_flood_from_one_address_leaves_another_served(void)
{
    enum { FLOOD = 300 };
    int port = main_server.port;
    int flood[FLOOD], opened = 0;
    for (int i = 0; i < FLOOD; i++) {
        flood[i] = connect_from(port, "127.0.0.2");
        opened += flood[i] >= 0 && send_text(flood[i], "GET / HTTP/1.1\r\n");
    }
    CHECK_EQ_INT(opened, FLOOD);
    int fd = connect_from(port, "127.0.0.3");
    char request[128];
    snprintf(request, sizeof request, "GET /api/watch HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", port);
    CHECK(send_text(fd, request));
    Response r;
    read_response(fd, &r);
    CHECK_EQ_INT(r.status, 200);
    response_free(&r);
    close(fd);
    /* Past its share, the flooding address's oldest waiting connections
     * were answered 408 and closed. */
    int cut = 0;
    for (int i = 0; i < FLOOD; i++) {
        char c;
        cut += recv(flood[i], &c, 1, MSG_DONTWAIT) >= 0;
        close(flood[i]);
    }
    CHECK(cut >= FLOOD - 256);
}

/* --- 5. sessions of pages that went */

static long engine_of(int port, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    Response r;
    call(port, "GET", path, "", &r);
    long pid = r.status == 200 ? number_field(r.body, "engine_pid") : -1;
    response_free(&r);
    return pid;
}

/* seconds on an idle machine, times the load tests/run.sh measured. */
static int scaled_seconds(int seconds)
{
    return (int)(harness_scaled_ms(seconds * 1000) / 1000);
}

static void test_a_user_who_reloads_is_never_locked_out(void)
{
    Server server;
    /* The session timeout is also the time a page has to open its stream
     * after making its session: 4 s on an idle machine, more under load
     * (a ThreadSanitizer server on a loaded machine took longer). */
    char session_timeout[16];
    snprintf(session_timeout, sizeof session_timeout, "%d", scaled_seconds(4));
    const char *flags[] = {"--max-sessions", "2", "--session-timeout", session_timeout, NULL};
    CHECK(start_server(&server, "reload", flags));
    int port = server.port;
    /* Eight reloads: each page opens a session and its stream, then goes:
     * its stream closes, and every other one also sends its leave beacon
     * (without the beacon the server finds the closed stream within a
     * second or so: the next page may wait that long, never more). */
    long engines[8];
    for (int reload = 0; reload < 8; reload++) {
        char id[64];
        create_session_within(port, scaled_seconds(20), id, sizeof id);
        CHECK(id[0] != '\0');
        engines[reload] = engine_of(port, id);
        int stream = open_stream(port, id);
        CHECK(stream >= 0);
        if (reload % 2) {
            char path[128];
            snprintf(path, sizeof path, "/api/sessions/%s/leave", id);
            Response r;
            CHECK_EQ_INT(call(port, "POST", path, "", &r), 200);
            response_free(&r);
        }
        close(stream);
    }
    /* The sessions given up for newer ones ended their engines. */
    for (int i = 0; i < 6; i++)
        CHECK(wait_process_gone(engines[i], scaled_seconds(10)));
    /* Two pages still open hold their places: a third is refused. */
    char a[64], b[64];
    create_session_within(port, scaled_seconds(20), a, sizeof a);
    create_session_within(port, scaled_seconds(20), b, sizeof b);
    CHECK(a[0] && b[0]);
    int stream_a = open_stream(port, a), stream_b = open_stream(port, b);
    CHECK(stream_a >= 0 && stream_b >= 0);
    Response r;
    CHECK_EQ_INT(call(port, "POST", "/api/sessions", "{}", &r), 503);
    response_free(&r);
    /* A page that went ends after the grace, with its engine. */
    long engine_a = engine_of(port, a);
    close(stream_a);
    CHECK(wait_process_gone(engine_a, scaled_seconds(30)));
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", a);
    CHECK_EQ_INT(call(port, "GET", path, "", &r), 404);
    response_free(&r);
    /* The page still open kept its session. */
    snprintf(path, sizeof path, "/api/sessions/%s", b);
    CHECK_EQ_INT(call(port, "GET", path, "", &r), 200);
    response_free(&r);
    close(stream_b);
    CHECK_EQ_INT(stop_server(&server), 0);
}

/* --- 7. HEAD, bare LF, headers, the watched files' names */

static void test_head_is_answered_with_the_headers_alone(void)
{
    char raw[128];
    snprintf(raw, sizeof raw, "HEAD / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", main_server.port);
    Response r;
    CHECK_EQ_INT(raw_request(main_server.port, raw, &r), 200);
    CHECK_CONTAINS(r.head, "Content-Type: text/html");
    CHECK(strstr(r.head, "Content-Length: 0\r") == NULL);
    CHECK_STR(r.body, "");
    response_free(&r);
}

static void test_bare_line_feeds_end_lines_too(void)
{
    char raw[160];
    snprintf(raw, sizeof raw, "POST /api/sessions HTTP/1.1\nHost: 127.0.0.1:%d\nContent-Length: 2\n\n{}",
             main_server.port);
    Response r;
    CHECK_EQ_INT(raw_request(main_server.port, raw, &r), 201);
    char id[64], path[128];
    field(r.body, "id", id, sizeof id);
    response_free(&r);
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(main_server.port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

static void test_answers_forbid_framing_sniffing_and_foreign_scripts(void)
{
    const char *paths[] = {"/", "/main.js", "/api/watch", "/no-such-page"};
    for (int i = 0; i < 4; i++) {
        Response r;
        call(main_server.port, "GET", paths[i], "", &r);
        CHECK_CONTAINS(r.head, "Content-Security-Policy: default-src 'self';");
        CHECK_CONTAINS(r.head, "frame-ancestors 'none'");
        CHECK_CONTAINS(r.head, "X-Frame-Options: DENY");
        CHECK_CONTAINS(r.head, "X-Content-Type-Options: nosniff");
        response_free(&r);
    }
}

static void test_watched_files_are_named_without_their_folders(void)
{
    Response r;
    CHECK_EQ_INT(call(main_server.port, "GET", "/api/watch", "", &r), 200);
    CHECK_CONTAINS(r.body, "\"path\":\"run.pgn\"");
    CHECK(strstr(r.body, temp_dir) == NULL);
    response_free(&r);
}

/* --- memory over many requests */

static long resident_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

/* Requests of every kind the page sends most: new games, moves, states. */
static void play_requests(int port, const char *id, int count)
{
    char path[128];
    for (int i = 0; i < count; i++) {
        Response r;
        const char *verb = i % 4 == 0 ? "new" : i % 4 == 1 ? "move" : "";
        const char *body = i % 4 == 0 ? "{\"game\":\"columna\"}" : i % 4 == 1 ? "{\"move\":\"b2b1,c3c4\"}" : "";
        snprintf(path, sizeof path, "/api/sessions/%s%s%s", id, verb[0] ? "/" : "", verb);
        call(port, verb[0] ? "POST" : "GET", path, body, &r);
        response_free(&r);
    }
}

static void test_memory_stays_flat_over_ten_thousand_requests(void)
{
    if (!harness_slow_allowed()) {
        printf("(sanitizers keep freed memory: measured in the release build) ");
        return;
    }
    char id[64];
    create_session(main_server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    play_requests(main_server.port, id, 2000);
    long warm = resident_kb(main_server.pid);
    play_requests(main_server.port, id, 8000);
    long after = resident_kb(main_server.pid);
    printf("[%ld kB after 2000 requests, %ld kB after 10000] ", warm, after);
    CHECK(warm > 0 && after > 0);
    /* A leak of one small allocation per request (the 8000 requests
     * between the two readings) would be well over 256 kB. */
    CHECK(after - warm < 256);
}

/* Every check above ran against a server that stops cleanly, and (in the
 * sanitizer builds) reported no error or leak on the way. */
static void test_ctrl_c_stops_the_server(void)
{
    CHECK_EQ_INT(stop_server(&main_server), 0);
    CHECK(log_is_clean(main_server.log));
}

int main(int argc, char **argv)
{
    if (!webtest_begin(argc, argv, "security"))
        return 1;
    char pgn[PATH_MAX + 16];
    snprintf(pgn, sizeof pgn, "%s/run.pgn", temp_dir);
    FILE *f = fopen(pgn, "w");
    if (f) {
        fputs("% tessera-arena run\n", f);
        fclose(f);
    }
    /* One malloc arena in the servers: how many glibc makes for their
     * threads depends on how their threads overlap, so on the machine's
     * load, and each new one adds to the resident memory measured below
     * (700-1400 kB more after 10000 requests on a loaded machine, without
     * a leak).  A leak still grows the one arena. */
    setenv("MALLOC_ARENA_MAX", "1", 0);
    const char *flags[] = {"--max-sessions", "4", "--max-hash", "16", "--watch", pgn, NULL};
    if (!start_server(&main_server, "main", flags)) {
        printf("tessera-web (%s) did not start\n", web_path);
        return 1;
    }
    RUN(test_refused_sessions_are_answered_503_every_time);
    RUN(test_only_this_servers_names_pass_the_host_check);
    RUN(test_foreign_and_null_origins_cannot_change_anything);
    RUN(test_pages_set_only_shown_options_within_caps);
    RUN(test_slow_clients_and_open_streams_starve_nobody);
    RUN(test_a_flood_from_one_address_leaves_another_served);
    RUN(test_a_user_who_reloads_is_never_locked_out);
    RUN(test_head_is_answered_with_the_headers_alone);
    RUN(test_bare_line_feeds_end_lines_too);
    RUN(test_answers_forbid_framing_sniffing_and_foreign_scripts);
    RUN(test_watched_files_are_named_without_their_folders);
    RUN(test_memory_stays_flat_over_ten_thousand_requests);
    RUN(test_ctrl_c_stops_the_server);
    return webtest_end();
}
