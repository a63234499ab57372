/*
 * test_web_requests.c - what tessera-web reads from a browser before anything
 * reaches an engine: JSON bodies (tools/web/json.c) and HTTP requests
 * (tools/web/http.c), each refusal with a message that says why.
 */
#include "harness.h"

#include <sys/socket.h>
#include <unistd.h>

#include "web/host_check.h"
#include "web/http.h"
#include "web/json.h"
#include "web/option_policy.h"

static JsonObject object;
static char why[256];

static bool parse(const char *text) { return json_parse_object(text, strlen(text), &object, why, sizeof why); }

static void test_members_of_every_kind_are_read(void)
{
    CHECK(parse(" {\"move\": \"b2b3,c4c5\", \"depth\": 12, \"wait\": true, \"x\": null, \"n\": [1, {\"a\": []}]} "));
    CHECK_EQ_INT(object.count, 5);
    CHECK_STR(json_member(&object, "move")->text, "b2b3,c4c5");
    CHECK(json_member(&object, "depth")->type == JSON_NUMBER && json_member(&object, "depth")->number == 12);
    CHECK(json_member(&object, "wait")->type == JSON_BOOL && json_member(&object, "wait")->boolean);
    CHECK(json_member(&object, "x")->type == JSON_NULL);
    CHECK(json_member(&object, "n")->type == JSON_NESTED);
    CHECK(json_member(&object, "absent") == NULL);
    CHECK(parse("{}"));
    CHECK_EQ_INT(object.count, 0);
}

static void test_escapes_are_decoded_to_utf8(void)
{
    CHECK(parse("{\"s\": \"a\\\"b\\\\c\\n\\u00e9\\ud83d\\ude00\"}"));
    CHECK_STR(json_member(&object, "s")->text, "a\"b\\c\n\xc3\xa9\xf0\x9f\x98\x80");
}

static void test_malformed_bodies_are_refused_with_where(void)
{
    const char *bad[] = {
        "",                         /* nothing */
        "[1, 2]",                   /* not an object */
        "{\"move\": }",             /* no value */
        "{\"move\": \"d4\",}",      /* trailing comma */
        "{\"move\": \"d4\"",        /* not closed */
        "{\"move\": \"d4}",         /* string not closed */
        "{\"n\": 01}",              /* leading zero */
        "{\"n\": 1.}",              /* no fraction digits */
        "{\"n\": tru}",             /* a broken literal */
        "{\"s\": \"\\ud800\"}",     /* a lone high surrogate */
        "{\"s\": \"\\q\"}",         /* unknown escape */
        "{\"s\": \"a\tb\"}",        /* a raw control character */
        "{\"a\": 1, \"a\": 2}",     /* the same name twice */
        "{\"a\": 1} x",             /* text after the object */
        "{\"s\": \"\\u0000\"}",     /* NUL would cut the text short */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        CHECK(!parse(bad[i]));
        CHECK_CONTAINS(why, "malformed JSON at byte");
    }
}

static void test_deep_nesting_is_refused_not_recursed(void)
{
    char deep[2000];
    strcpy(deep, "{\"a\": ");
    for (int i = 0; i < 1000; i++)
        strcat(deep, "[");
    CHECK(!parse(deep));
    CHECK_CONTAINS(why, "nested too deeply");
}

static void test_json_strings_are_written_escaped(void)
{
    TextBuf buf;
    text_init(&buf);
    text_json_string(&buf, "say \"hi\"\\\n\x01");
    CHECK_STR(buf.text, "\"say \\\"hi\\\"\\\\\\u000a\\u0001\"");
    text_free(&buf);
}

/* Writes request to one end of a socket pair and reads it from the other. */
static int read_request(const char *request, HttpRequest *req)
{
    int fds[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
    CHECK(http_write_all(fds[0], request, strlen(request)));
    shutdown(fds[0], SHUT_WR);
    int status = http_read_request(fds[1], req, why, sizeof why);
    close(fds[0]);
    close(fds[1]);
    return status;
}

static void test_a_request_is_read_with_its_body(void)
{
    HttpRequest req;
    CHECK_EQ_INT(read_request("POST /api/sessions/ab/move?x=1 HTTP/1.1\r\nHost: h\r\ncontent-length: 13\r\n\r\n"
                              "{\"move\":\"d4\"}", &req), 0);
    CHECK_STR(req.method, "POST");
    CHECK_STR(req.path, "/api/sessions/ab/move");
    CHECK_STR(req.query, "x=1");
    CHECK_EQ_INT((int)req.body_len, 13);
    CHECK_STR(req.body, "{\"move\":\"d4\"}");
    http_request_free(&req);
}

static void test_bad_requests_get_their_status(void)
{
    HttpRequest req;
    CHECK_EQ_INT(read_request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 70000\r\n\r\n", &req), 413);
    CHECK_EQ_INT(read_request("GARBAGE\r\n\r\n", &req), 400);
    CHECK_EQ_INT(read_request("GET relative HTTP/1.1\r\n\r\n", &req), 400);
    CHECK_EQ_INT(read_request("GET / HTTP/2\r\n\r\n", &req), 505);
    CHECK_EQ_INT(read_request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 12x\r\n\r\n", &req), 400);
    CHECK_EQ_INT(read_request("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", &req), 501);
    CHECK_EQ_INT(read_request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nshort", &req), 400);
    CHECK_EQ_INT(read_request("", &req), -1);
    char big[HTTP_HEAD_MAX + 64];
    snprintf(big, sizeof big, "GET / HTTP/1.1\r\nX: %0*d\r\n\r\n", HTTP_HEAD_MAX, 0);
    CHECK_EQ_INT(read_request(big, &req), 431);
}

static void test_bare_line_feeds_and_pieces_are_read(void)
{
    HttpRequest req;
    CHECK_EQ_INT(read_request("POST /x HTTP/1.1\nHost: h:1\nContent-Length: 2\n\n{}", &req), 0);
    CHECK_STR(req.host, "h:1");
    CHECK_STR(req.body, "{}");
    http_request_free(&req);
    CHECK_EQ_INT(read_request("GET / HTTP/1.1\r\nHost: a\n\r\n", &req), 0);
    CHECK_STR(req.host, "a");
    http_request_free(&req);
    /* What arrived so far is not yet a request. */
    const char *whole = "POST /y HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello";
    for (size_t cut = 0; cut < strlen(whole); cut++) {
        memset(&req, 0, sizeof req);
        CHECK_EQ_INT(http_parse_request(whole, cut, &req, why, sizeof why), HTTP_INCOMPLETE);
    }
    CHECK_EQ_INT(http_parse_request(whole, strlen(whole), &req, why, sizeof why), 0);
    CHECK_STR(req.body, "hello");
    http_request_free(&req);
}

static void test_hosts_are_this_servers_names_with_its_port(void)
{
    HostRules local = {"127.0.0.1", 8080};
    CHECK(host_allowed(&local, "localhost:8080"));
    CHECK(host_allowed(&local, "127.0.0.1:8080"));
    CHECK(host_allowed(&local, "[::1]:8080"));
    CHECK(host_allowed(&local, "")); /* no browser's */
    CHECK(!host_allowed(&local, "127.evil.example:8080"));
    CHECK(!host_allowed(&local, "localhost.evil.example:8080"));
    CHECK(!host_allowed(&local, "localhost:8081"));
    CHECK(!host_allowed(&local, "localhost"));
    CHECK(!host_allowed(&local, "localhost:8080:1"));
    CHECK(!host_allowed(&local, "[::1"));
    HostRules named = {"192.168.1.5", 80};
    CHECK(host_allowed(&named, "192.168.1.5"));
    CHECK(host_allowed(&named, "localhost:80"));
    CHECK(!host_allowed(&named, "192.168.1.6"));
    HostRules any = {"0.0.0.0", 9000};
    CHECK(host_allowed(&any, "10.0.0.7:9000"));
    CHECK(!host_allowed(&any, "10.0.0.7.nip.io:9000"));
}

static void test_origins_must_be_this_server(void)
{
    HostRules local = {"127.0.0.1", 8080};
    CHECK(origin_allowed(&local, "", true));
    CHECK(origin_allowed(&local, "http://localhost:8080", true));
    CHECK(!origin_allowed(&local, "null", true));
    CHECK(origin_allowed(&local, "null", false));
    CHECK(!origin_allowed(&local, "http://evil.example", false));
    CHECK(!origin_allowed(&local, "https://localhost:8080", true));
    CHECK(!origin_allowed(&local, "http://localhost:8080/x", true));
}

static void test_only_shown_options_are_set_within_caps(void)
{
    OptionCaps caps = {2, 32};
    const char *name;
    CHECK_EQ_INT(option_policy_check("threads", "2", &caps, &name, why, sizeof why), 0);
    CHECK_STR(name, "Threads");
    CHECK_EQ_INT(option_policy_check("Threads", "3", &caps, &name, why, sizeof why), 422);
    CHECK_EQ_INT(option_policy_check("Hash", "33", &caps, &name, why, sizeof why), 422);
    CHECK_EQ_INT(option_policy_check("Hash", "0x10", &caps, &name, why, sizeof why), 422);
    CHECK_EQ_INT(option_policy_check("MultiPV", "9", &caps, &name, why, sizeof why), 422);
    CHECK_EQ_INT(option_policy_check("EvalFile", "/etc/passwd", &caps, &name, why, sizeof why), 403);
    CHECK_EQ_INT(option_policy_check("Skill Level", "3", &caps, &name, why, sizeof why), 0);
    const char *lines = "option name Game type combo default a var a\n"
                        "option name Hash type spin default 64 min 1 max 65536\n"
                        "option name EvalFile type string default <empty>\n"
                        "option name Backend type combo default alphabeta var alphabeta var mcts\n";
    TextBuf json;
    text_init(&json);
    option_policy_lines_json(lines, &caps, &json);
    CHECK_STR(json.text, "[\"option name Hash type spin default 64 min 1 max 32\","
                         "\"option name Backend type combo default alphabeta var alphabeta var mcts\"]");
    json.len = 0;
    option_policy_lower_defaults(lines, &caps, &json);
    CHECK_STR(json.text, "setoption name Hash value 32\n");
    text_free(&json);
}

static void test_query_values_are_found_by_name(void)
{
    char value[16];
    CHECK(http_query_value("a=1&offset=42", "offset", value, sizeof value));
    CHECK_STR(value, "42");
    CHECK(!http_query_value("offsets=1", "offset", value, sizeof value));
    CHECK(!http_query_value("", "offset", value, sizeof value));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_members_of_every_kind_are_read);
    RUN(test_escapes_are_decoded_to_utf8);
    RUN(test_malformed_bodies_are_refused_with_where);
    RUN(test_deep_nesting_is_refused_not_recursed);
    RUN(test_json_strings_are_written_escaped);
    RUN(test_a_request_is_read_with_its_body);
    RUN(test_bad_requests_get_their_status);
    RUN(test_bare_line_feeds_and_pieces_are_read);
    RUN(test_hosts_are_this_servers_names_with_its_port);
    RUN(test_origins_must_be_this_server);
    RUN(test_only_shown_options_are_set_within_caps);
    RUN(test_query_values_are_found_by_name);
    return harness_end();
}
