/*
 * http.h - HTTP/1.1 on a connected socket: read one request, write one
 * answer.  Every connection carries one request and is then closed
 * (answers say "Connection: close"), which HTTP/1.1 allows and which keeps
 * a server thread per connection simple.
 *
 * The request must be well formed as RFC 9112 says: the version exactly
 * HTTP/1.x (400; another major version 505), exactly one non-empty Host
 * in HTTP/1.1 (400 when missing, empty or repeated; HTTP/1.0 may leave it
 * out, never repeat it or leave it empty), and each header name a token
 * right before its ':' (400 for `Host : x`, which a lenient reader would
 * take for another header).
 *
 * Limits are what keep bad input harmless: the request line and headers
 * together at most HTTP_HEAD_MAX bytes (431 beyond), a body at most
 * HTTP_BODY_MAX bytes (413 beyond), and a client that stalls is dropped
 * after HTTP_READ_TIMEOUT_MS.  Lines may end in CRLF or a bare LF (RFC
 * 9112 lets a server accept both).
 *
 * A request is read in pieces as its bytes arrive (HttpReader), so that
 * the server can wait on many slow clients at once without a thread each.
 */
#ifndef TESSERA_WEB_HTTP_H
#define TESSERA_WEB_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#define HTTP_HEAD_MAX 8192
#define HTTP_BODY_MAX 65536
#define HTTP_READ_TIMEOUT_MS 5000

typedef struct {
    char method[16];
    char path[1024];  /* without the query */
    char query[1024]; /* after '?', "" when none */
    char host[256];   /* the Host header, "" when none (HTTP/1.0 only) */
    char origin[256]; /* the Origin header (a browser's page), "" when none */
    char *body;       /* NUL-terminated; body_len bytes */
    size_t body_len;
    unsigned long peer; /* the client's IPv4 address (host order); 0 when unknown */
    bool http10;        /* the request said HTTP/1.0 (which may come without Host) */
} HttpRequest;

/* The bytes of one request as they arrive. */
typedef struct {
    char *bytes;
    size_t len, cap;
} HttpReader;

#define HTTP_INCOMPLETE (-2)

void http_reader_init(HttpReader *reader);
void http_reader_free(HttpReader *reader);

/* Reads what fd has now (it must be readable, or the read blocks) and
 * parses what arrived so far.  HTTP_INCOMPLETE: call again when fd is
 * readable; 0: req filled (free its body with http_request_free); -1: the
 * client closed before sending anything; else the HTTP status to answer
 * (400, 411, 413, 431, 501, 505) with why filled. */
int http_reader_feed(HttpReader *reader, int fd, HttpRequest *req, char *why, size_t why_size);

/* Parses a whole request held in bytes[0..len): HTTP_INCOMPLETE when
 * more bytes are needed, else as http_reader_feed. */
int http_parse_request(const char *bytes, size_t len, HttpRequest *req, char *why, size_t why_size);

/* Reads one request from fd.  Returns 0 with req filled (free its body
 * with http_request_free), -1 when the client sent nothing and closed,
 * or the HTTP status to answer (400, 408, 411, 413, 431, 501, 505) with
 * why filled. */
int http_read_request(int fd, HttpRequest *req, char *why, size_t why_size);
void http_request_free(HttpRequest *req);

/* Writes all of len bytes; false when the peer has gone. */
bool http_write_all(int fd, const char *bytes, size_t len);

/* The headers every answer carries: no caching, no sniffing, no framing
 * by other sites, scripts and styles from this server only. */
#define HTTP_SAFETY_HEADERS                                                                                  \
    "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"               \
    "Referrer-Policy: no-referrer\r\n"                                                                      \
    "Content-Security-Policy: default-src 'self'; style-src 'self'; "                                       \
    "img-src 'self' data: blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'\r\n"

/* One whole answer with Content-Length and Connection: close. */
bool http_respond(int fd, int status, const char *content_type, const char *body, size_t len);
/* The same headers without the body (an answer to HEAD). */
bool http_respond_head(int fd, int status, const char *content_type, size_t len);
/* The JSON answer {"error": message} with status. */
bool http_respond_error(int fd, int status, const char *message);

/* 405 for a method the path does not take, with the Allow header that
 * lists those it does ("GET, HEAD"). */
bool http_respond_not_allowed(int fd, const char *allow);

const char *http_reason(int status);

/* The value of parameter name in a query string (no %-decoding: the
 * API's parameters are numbers).  False when it is absent. */
bool http_query_value(const char *query, const char *name, char *out, size_t out_size);

#endif
