/*
 * test_web_rules.c - tessera-web's rules over real HTTP on 127.0.0.1:
 * each address's share of the event streams and the reason a refusal
 * gives, strict request heads (Host exactly once, header names without a
 * blank before their ':', the exact HTTP version), 405 with Allow for a
 * method a known path does not take, how a game ended in PGN's words, and
 * draw offers the server answers for the engine.
 *
 * The server runs with --max-streams 16 (a share of 2 streams an address)
 * so that the streams' rules are reached with a few connections.  Draw
 * offers are judged on a search of a fixed node count: the same answer on
 * a busy machine.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <signal.h>

#include "webtest.h"
#include "web/draw_offer.h"

static Server server;

/* --- the event streams: an address's share, room for the others */

/* Opens a stream from source; on a refusal, its body must say expected. */
static int stream_or_refusal(const char *id, const char *source, const char *expected)
{
    Response r;
    int fd = open_stream_from(server.port, id, source, &r);
    if (fd < 0) {
        CHECK_EQ_INT(r.status, 503);
        if (expected)
            CHECK_CONTAINS(r.body ? r.body : "", expected);
        response_free(&r);
    }
    return fd;
}

static void test_each_address_gets_a_share_and_others_find_room(void)
{
    char id[64];
    create_session(server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    int fds[32], open_count = 0;
    char source[32];
    /* Seven addresses take their share of 2 (an eighth of 16) and no more. */
    for (int a = 2; a <= 8; a++) {
        snprintf(source, sizeof source, "127.0.0.%d", a);
        for (int i = 0; i < 2; i++) {
            fds[open_count] = stream_or_refusal(id, source, NULL);
            CHECK(fds[open_count] >= 0);
            open_count += fds[open_count] >= 0;
        }
        CHECK_EQ_INT(stream_or_refusal(id, source, "this address has its share"), -1);
    }
    /* The eighth gets one: the last free ones are kept for others. */
    fds[open_count] = stream_or_refusal(id, "127.0.0.9", NULL);
    CHECK(fds[open_count] >= 0);
    open_count += fds[open_count] >= 0;
    CHECK_EQ_INT(stream_or_refusal(id, "127.0.0.9", "kept for other addresses"), -1);
    /* A ninth address still finds room, and then the server is full. */
    fds[open_count] = stream_or_refusal(id, "127.0.0.10", NULL);
    CHECK(fds[open_count] >= 0);
    open_count += fds[open_count] >= 0;
    CHECK_EQ_INT(open_count, 16);
    CHECK_EQ_INT(stream_or_refusal(id, "127.0.0.11", "16 event streams are all open"), -1);
    for (int i = 0; i < open_count; i++)
        close(fds[i]);
}

/* --- request heads */

/* The status of a GET / whose request line ends in version, with headers. */
static int head_status(const char *version, const char *headers)
{
    char raw[512];
    snprintf(raw, sizeof raw, "GET / %s\r\n%s\r\n", version, headers);
    Response r;
    int status = raw_request(server.port, raw, &r);
    response_free(&r);
    return status;
}

static void test_host_is_required_once_and_names_are_tokens(void)
{
    char host[64], two[128], spaced[64], chunked[128];
    snprintf(host, sizeof host, "Host: 127.0.0.1:%d\r\n", server.port);
    snprintf(two, sizeof two, "%s%s", host, host);
    snprintf(spaced, sizeof spaced, "Host : 127.0.0.1:%d\r\n", server.port);
    snprintf(chunked, sizeof chunked, "%sTransfer-Encoding : chunked\r\n", host);
    CHECK_EQ_INT(head_status("HTTP/1.1", host), 200);
    CHECK_EQ_INT(head_status("HTTP/1.1", ""), 400);           /* no Host */
    CHECK_EQ_INT(head_status("HTTP/1.1", "Host:\r\n"), 400);  /* an empty one */
    CHECK_EQ_INT(head_status("HTTP/1.1", "Host: \r\n"), 400);
    CHECK_EQ_INT(head_status("HTTP/1.1", two), 400);          /* two */
    CHECK_EQ_INT(head_status("HTTP/1.1", spaced), 400);       /* a blank before ':' */
    CHECK_EQ_INT(head_status("HTTP/1.1", chunked), 400);
    char folded[128];
    snprintf(folded, sizeof folded, "%s X-A: 1\r\n", host); /* a folded line */
    CHECK_EQ_INT(head_status("HTTP/1.1", folded), 400);
    /* HTTP/1.0 may leave Host out (RFC 9112 3.2 asks it of 1.1 only). */
    CHECK_EQ_INT(head_status("HTTP/1.0", ""), 200);
    CHECK_EQ_INT(head_status("HTTP/1.0", host), 200);
    CHECK_EQ_INT(head_status("HTTP/1.0", "Host:\r\n"), 400);
    CHECK_EQ_INT(head_status("HTTP/1.0", two), 400);
    /* The version exactly: HTTP/DIGIT.DIGIT, and major version 1. */
    CHECK_EQ_INT(head_status("HTTP/1.1x", host), 400);
    CHECK_EQ_INT(head_status("HTTP/1.", host), 400);
    CHECK_EQ_INT(head_status("http/1.1", host), 400);
    CHECK_EQ_INT(head_status("HTTP/2.0", host), 505);
    CHECK_EQ_INT(head_status("HTTP/1.2", host), 200); /* a later 1.x is read as 1.1 */
}

/* --- methods */

static void expect_405(const char *method, const char *path, const char *allow)
{
    Response r;
    int status = call(server.port, method, path, "", &r);
    char line[80];
    snprintf(line, sizeof line, "\r\nAllow: %s\r\n", allow);
    char head[4200];
    snprintf(head, sizeof head, "\r\n%s\r\n", r.head);
    if (status != 405 || !strstr(head, line)) {
        char what[4400];
        snprintf(what, sizeof what, "%s %s: %d, expected 405 with Allow: %s; head:\n%s", method, path, status, allow,
                 r.head);
        harness_fail(__FILE__, __LINE__, what);
    }
    response_free(&r);
}

static void test_a_wrong_method_is_405_with_allow(void)
{
    expect_405("DELETE", "/", "GET, HEAD");
    expect_405("POST", "/", "GET, HEAD");
    expect_405("TRACE", "/", "GET, HEAD");
    expect_405("PUT", "/style.css", "GET, HEAD");
    expect_405("GET", "/api/sessions", "POST");
    expect_405("POST", "/api/watch", "GET");
    char id[64], path[128];
    create_session(server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    expect_405("POST", path, "GET, DELETE");
    snprintf(path, sizeof path, "/api/sessions/%s/move", id);
    expect_405("GET", path, "POST");
    snprintf(path, sizeof path, "/api/sessions/%s/events", id);
    expect_405("POST", path, "GET");
    /* Unknown paths stay 404, whatever the method. */
    Response r;
    CHECK_EQ_INT(call(server.port, "POST", "/no-such-page", "", &r), 404);
    response_free(&r);
    snprintf(path, sizeof path, "/api/sessions/%s/nothing", id);
    CHECK_EQ_INT(call(server.port, "POST", path, "", &r), 404);
    response_free(&r);
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(server.port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

/* --- how a game ended */

/* POSTs body to the session's verb; the answer in r (free it). */
static int post(const char *id, const char *verb, const char *body, Response *r)
{
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s/%s", id, verb);
    return call(server.port, "POST", path, body, r);
}

/* Ends the game as the page does and checks the PGN words of the state. */
static void expect_ending(const char *id, const char *end, const char *termination, const char *ending)
{
    Response r;
    CHECK_EQ_INT(post(id, "new", "{\"game\":\"qawale\"}", &r), 200);
    response_free(&r);
    CHECK_EQ_INT(post(id, "end", end, &r), 200);
    char got[200];
    field(r.body, "termination", got, sizeof got);
    CHECK_STR(got, termination);
    field(r.body, "ending", got, sizeof got);
    CHECK_STR(got, ending);
    response_free(&r);
}

static void test_the_pgn_words_tell_a_resignation_from_a_game_played_out(void)
{
    char id[64];
    create_session(server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    Response r;
    CHECK_EQ_INT(post(id, "new", "{\"game\":\"qawale\"}", &r), 200);
    CHECK_CONTAINS(r.body, "\"termination\":\"unterminated\",\"ending\":\"\"");
    response_free(&r);
    expect_ending(id, "{\"result\":\"p2win\",\"reason\":\"Red (p1) resigns\"}", "normal", "White resigns");
    expect_ending(id, "{\"result\":\"p1win\",\"reason\":\"Blue (p2) resigns\"}", "normal", "Black resigns");
    expect_ending(id, "{\"result\":\"draw\",\"reason\":\"draw agreed\"}", "normal", "Draw agreed");
    expect_ending(id, "{\"result\":\"p1win\",\"reason\":\"Blue (p2) ran out of time\"}", "time forfeit",
                  "Black forfeits on time");
    expect_ending(id, "{\"result\":\"draw\",\"reason\":\"the players stopped\"}", "adjudication",
                  "the players stopped");
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(server.port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

/* --- draw offers */

/* A new game of game with moves, then a draw offer by side; the answer in r. */
static int offer(const char *id, const char *game, const char *moves, const char *by, Response *r)
{
    char body[600];
    snprintf(body, sizeof body, "{\"game\":\"%s\",\"moves\":\"%s\"}", game, moves);
    CHECK_EQ_INT(post(id, "new", body, r), 200);
    response_free(r);
    snprintf(body, sizeof body, "{\"by\":\"%s\"}", by);
    return post(id, "draw", body, r);
}

/* A game of Qawale the engine played against itself (3000 nodes a move):
 * a search of 20000 nodes (the draw offer's) scores it +2.43 for p1 to
 * move after 4 plies, and 0 (a drawn end) after 14. */
#define QAWALE_4 "a1a2b2c2 d1d2d3d4 d4d3c3b3b4 b3b4a4"
#define QAWALE_14                                                                                          \
    QAWALE_4 " a4b4b3b2c2 b4b3b2a2a1 b2a2a1b1c1 a2b2c2c1b1 b1b2c2c1 c2d2d3c3b3b4 a1a2a3b3 c1b1b2c2d2 "   \
             "c2c1d1 b2a2a1b1c1"

static void test_the_engine_takes_a_draw_only_when_level_after_both_moved(void)
{
    char id[64];
    create_session(server.port, id, sizeof id);
    CHECK(id[0] != '\0');
    Response r;
    /* Move 0 of Territoire: declined without a search, the game goes on. */
    CHECK_EQ_INT(offer(id, "territoire", "", "p1", &r), 200);
    CHECK_CONTAINS(r.body, "\"draw\":{\"accepted\":false,\"evaluation\":null");
    CHECK_CONTAINS(r.body, "after both sides moved");
    CHECK_CONTAINS(r.body, "\"status\":\"ongoing");
    response_free(&r);
    /* The engine ahead (+2.43 for p1, the offer p2's): declined. */
    CHECK_EQ_INT(offer(id, "qawale", QAWALE_4, "p2", &r), 200);
    CHECK_CONTAINS(r.body, "\"accepted\":false");
    CHECK_EQ_INT(number_field(r.body, "evaluation") > DRAW_LEVEL_CP, 1);
    CHECK_CONTAINS(r.body, "\"status\":\"ongoing");
    response_free(&r);
    /* Level (0): accepted, the game drawn by agreement. */
    CHECK_EQ_INT(offer(id, "qawale", QAWALE_14, "p2", &r), 200);
    CHECK_CONTAINS(r.body, "\"accepted\":true");
    long level = number_field(r.body, "evaluation");
    CHECK(level >= -DRAW_LEVEL_CP && level <= DRAW_LEVEL_CP);
    CHECK_CONTAINS(r.body, "\"status\":\"over, draw\"");
    CHECK_CONTAINS(r.body, "\"ending\":\"Draw agreed\"");
    response_free(&r);
    /* A game without draws, a game over, a bad side: refused. */
    CHECK_EQ_INT(post(id, "draw", "{\"by\":\"p1\"}", &r), 409);
    response_free(&r);
    CHECK_EQ_INT(offer(id, "columna", "", "p1", &r), 409);
    CHECK_CONTAINS(r.body, "no draws");
    response_free(&r);
    CHECK_EQ_INT(offer(id, "qawale", "", "white", &r), 400);
    response_free(&r);
    char path[128];
    snprintf(path, sizeof path, "/api/sessions/%s", id);
    CHECK_EQ_INT(call(server.port, "DELETE", path, "", &r), 200);
    response_free(&r);
}

static void test_ctrl_c_stops_the_server(void)
{
    CHECK_EQ_INT(stop_server(&server), 0);
    CHECK(log_is_clean(server.log));
}

int main(int argc, char **argv)
{
    if (!webtest_begin(argc, argv, "rules"))
        return 1;
    const char *flags[] = {"--max-streams", "16", NULL};
    if (!start_server(&server, "rules", flags)) {
        printf("tessera-web (%s) did not start\n", web_path);
        return 1;
    }
    RUN(test_each_address_gets_a_share_and_others_find_room);
    RUN(test_host_is_required_once_and_names_are_tokens);
    RUN(test_a_wrong_method_is_405_with_allow);
    RUN(test_the_pgn_words_tell_a_resignation_from_a_game_played_out);
    RUN(test_the_engine_takes_a_draw_only_when_level_after_both_moved);
    RUN(test_ctrl_c_stops_the_server);
    return webtest_end();
}
