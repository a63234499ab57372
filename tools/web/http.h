/*
 * http.h - HTTP/1.1 on a connected socket: read one request, write one
 * answer.  Every connection carries one request and is then closed
 * (answers say "Connection: close"), which HTTP/1.1 allows and which keeps
 * a server thread per connection simple.
 *
 * Limits are what keep bad input harmless: the request line and headers
 * together at most HTTP_HEAD_MAX bytes (431 beyond), a body at most
 * HTTP_BODY_MAX bytes (413 beyond), and a client that stalls is dropped
 * after HTTP_READ_TIMEOUT_MS.
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
    char host[256];   /* the Host header, "" when none */
    char origin[256]; /* the Origin header (a browser's page), "" when none */
    char *body;       /* NUL-terminated; body_len bytes */
    size_t body_len;
} HttpRequest;

/* Reads one request from fd.  Returns 0 with req filled (free its body
 * with http_request_free), -1 when the client sent nothing and closed,
 * or the HTTP status to answer (400, 408, 411, 413, 431, 501, 505) with
 * why filled. */
int http_read_request(int fd, HttpRequest *req, char *why, size_t why_size);
void http_request_free(HttpRequest *req);

/* Writes all of len bytes; false when the peer has gone. */
bool http_write_all(int fd, const char *bytes, size_t len);

/* One whole answer with Content-Length and Connection: close. */
bool http_respond(int fd, int status, const char *content_type, const char *body, size_t len);
/* The JSON answer {"error": message} with status. */
bool http_respond_error(int fd, int status, const char *message);

const char *http_reason(int status);

/* The value of parameter name in a query string (no %-decoding: the
 * API's parameters are numbers).  False when it is absent. */
bool http_query_value(const char *query, const char *name, char *out, size_t out_size);

#endif
