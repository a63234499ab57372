/* http.c - one HTTP/1.1 request in, one answer out, within fixed limits. */
#include "web/http.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/parse_number.h"
#include "web/json.h"

const char *http_reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 422: return "Unprocessable Content";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Status";
    }
}

static int refuse(int status, char *why, size_t why_size, const char *text)
{
    snprintf(why, why_size, "%s", text);
    return status;
}

/* Reads what is there into buf[*len..cap), waiting until deadline.
 * 1: read something, 0: the peer closed, -1: error or time out. */
static int read_more(int fd, char *buf, size_t *len, size_t cap, int64_t deadline)
{
    for (;;) {
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return -1;
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, (int)left);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return -1;
        ssize_t n = read(fd, buf + *len, cap - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n == 0 ? 0 : -1;
        *len += (size_t)n;
        return 1;
    }
}

static char *find_head_end(char *buf, size_t len)
{
    for (size_t i = 0; i + 3 < len; i++)
        if (memcmp(buf + i, "\r\n\r\n", 4) == 0)
            return buf + i;
    return NULL;
}

/* The request line: METHOD SP target SP HTTP/1.x */
static int parse_request_line(char *line, HttpRequest *req, char *why, size_t why_size)
{
    char *save;
    char *method = strtok_r(line, " ", &save);
    char *target = strtok_r(NULL, " ", &save);
    char *version = strtok_r(NULL, " ", &save);
    if (!method || !target || !version || strtok_r(NULL, " ", &save))
        return refuse(400, why, why_size, "malformed request line");
    if (strncmp(version, "HTTP/1.", 7) != 0)
        return refuse(505, why, why_size, "only HTTP/1.x is spoken here");
    if (strlen(method) >= sizeof req->method)
        return refuse(501, why, why_size, "unknown method");
    snprintf(req->method, sizeof req->method, "%s", method);
    if (target[0] != '/')
        return refuse(400, why, why_size, "the request target must start with '/'");
    char *question = strchr(target, '?');
    if (question)
        *question = '\0';
    if (strlen(target) >= sizeof req->path || (question && strlen(question + 1) >= sizeof req->query))
        return refuse(431, why, why_size, "the request target is too long");
    snprintf(req->path, sizeof req->path, "%s", target);
    snprintf(req->query, sizeof req->query, "%s", question ? question + 1 : "");
    return 0;
}

/* Finds Content-Length (and refuses chunked bodies, which the API never
 * needs).  *length is -1 when no header gives one. */
static int parse_headers(char *headers, HttpRequest *req, long *length, char *why, size_t why_size)
{
    *length = -1;
    char *save;
    for (char *line = strtok_r(headers, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
        char *colon = strchr(line, ':');
        if (!colon)
            return refuse(400, why, why_size, "a header line without ':'");
        *colon = '\0';
        char *value = colon + 1;
        while (*value == ' ' || *value == '\t')
            value++;
        if (strcasecmp(line, "Host") == 0) {
            snprintf(req->host, sizeof req->host, "%s", value);
        } else if (strcasecmp(line, "Origin") == 0) {
            snprintf(req->origin, sizeof req->origin, "%s", value);
        } else if (strcasecmp(line, "Content-Length") == 0) {
            int64_t n;
            if (parse_int64(value, 0, INT64_MAX, &n) != NUMBER_OK)
                return refuse(400, why, why_size, "Content-Length is not a number");
            if (*length >= 0 && *length != n)
                return refuse(400, why, why_size, "two different Content-Length headers");
            *length = n;
        } else if (strcasecmp(line, "Transfer-Encoding") == 0) {
            return refuse(501, why, why_size, "Transfer-Encoding is not supported; send Content-Length");
        }
    }
    return 0;
}

int http_read_request(int fd, HttpRequest *req, char *why, size_t why_size)
{
    memset(req, 0, sizeof *req);
    char head[HTTP_HEAD_MAX + 1];
    size_t len = 0;
    int64_t deadline = now_ms() + HTTP_READ_TIMEOUT_MS;
    char *end;
    while ((end = find_head_end(head, len)) == NULL) {
        if (len == HTTP_HEAD_MAX)
            return refuse(431, why, why_size, "request line and headers exceed 8192 bytes");
        int got = read_more(fd, head, &len, HTTP_HEAD_MAX, deadline);
        if (got == 0 && len == 0)
            return -1;
        if (got <= 0)
            return refuse(got == 0 ? 400 : 408, why, why_size,
                          got == 0 ? "the request ended before its headers did" : "the request did not arrive in time");
    }
    *end = '\0';
    size_t body_start = (size_t)(end - head) + 4;
    char *first_end = strstr(head, "\r\n");
    char *headers = first_end ? first_end + 2 : head + strlen(head);
    if (first_end)
        *first_end = '\0';
    int status = parse_request_line(head, req, why, why_size);
    long length;
    if (status == 0)
        status = parse_headers(headers, req, &length, why, why_size);
    if (status != 0)
        return status;
    if (length < 0)
        length = 0;
    if (length > HTTP_BODY_MAX)
        return refuse(413, why, why_size, "the request body exceeds 65536 bytes");
    req->body = malloc((size_t)length + 1);
    if (!req->body)
        return refuse(500, why, why_size, "out of memory");
    size_t have = len - body_start;
    if (have > (size_t)length)
        have = (size_t)length; /* no pipelining: what follows is ignored */
    memcpy(req->body, head + body_start, have);
    while (have < (size_t)length) {
        int got = read_more(fd, req->body, &have, (size_t)length, deadline);
        if (got <= 0) {
            http_request_free(req);
            return refuse(got == 0 ? 400 : 408, why, why_size, "the body is shorter than its Content-Length");
        }
    }
    req->body[length] = '\0';
    req->body_len = (size_t)length;
    return 0;
}

void http_request_free(HttpRequest *req)
{
    free(req->body);
    req->body = NULL;
    req->body_len = 0;
}

bool http_write_all(int fd, const char *bytes, size_t len)
{
    while (len > 0) {
        ssize_t n = send(fd, bytes, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes += n;
        len -= (size_t)n;
    }
    return true;
}

bool http_respond(int fd, int status, const char *content_type, const char *body, size_t len)
{
    char head[512];
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
                     status, http_reason(status), content_type, len);
    return http_write_all(fd, head, (size_t)n) && http_write_all(fd, body, len);
}

bool http_respond_error(int fd, int status, const char *message)
{
    TextBuf body;
    text_init(&body);
    text_append(&body, "{\"error\":", 9);
    text_json_string(&body, message);
    text_append(&body, "}\n", 2);
    bool sent = !body.failed && http_respond(fd, status, "application/json", body.text, body.len);
    text_free(&body);
    return sent;
}

bool http_query_value(const char *query, const char *name, char *out, size_t out_size)
{
    size_t name_len = strlen(name);
    for (const char *p = query; *p;) {
        const char *amp = strchr(p, '&');
        size_t part = amp ? (size_t)(amp - p) : strlen(p);
        if (part > name_len && strncmp(p, name, name_len) == 0 && p[name_len] == '=') {
            size_t value_len = part - name_len - 1;
            if (value_len >= out_size)
                return false;
            memcpy(out, p + name_len + 1, value_len);
            out[value_len] = '\0';
            return true;
        }
        p += part + (amp ? 1 : 0);
    }
    return false;
}
