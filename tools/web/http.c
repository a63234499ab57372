/* http.c - one HTTP/1.1 request in, one answer out, within fixed limits. */
#include "web/http.h"

#include <ctype.h>
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

/* Where the head ends: the byte after its blank line (CRLF CRLF, or bare
 * LFs), or 0 when it has not arrived yet. */
static size_t head_length(const char *bytes, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (bytes[i] != '\n')
            continue;
        if (bytes[i + 1] == '\n')
            return i + 2;
        if (bytes[i + 1] == '\r' && i + 2 < len && bytes[i + 2] == '\n')
            return i + 3;
    }
    return 0;
}

/* The version: exactly HTTP/DIGIT.DIGIT (RFC 9112 2.3), else 400; a
 * major version other than 1 (HTTP/2, HTTP/3.0) is 505; 1.0 is HTTP/1.0,
 * any other 1.x is taken as 1.1 (RFC 9110 2.5: the highest minor version
 * spoken). */
static int parse_version(const char *version, HttpRequest *req, char *why, size_t why_size)
{
    bool http = strncmp(version, "HTTP/", 5) == 0 && isdigit((unsigned char)version[5]);
    if (http && version[5] != '1')
        return refuse(505, why, why_size, "only HTTP/1.1 and HTTP/1.0 are spoken here");
    if (!http || strlen(version) != 8 || version[6] != '.' || !isdigit((unsigned char)version[7]))
        return refuse(400, why, why_size, "malformed HTTP version (HTTP/1.1 or HTTP/1.0)");
    req->http10 = version[7] == '0';
    return 0;
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
    int status = parse_version(version, req, why, why_size);
    if (status != 0)
        return status;
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

/* A header field name: a token (RFC 9110 5.1), so no blank in it or
 * before its ':' and no folded line (RFC 9112 5.1, 5.2). */
static bool field_name(const char *name)
{
    if (!*name)
        return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("!#$%&'*+-.^_`|~", *p))
            return false;
    return true;
}

/* Host, once (RFC 9112 3.2): more than one, or an empty one, is 400. */
static int read_host(const char *value, HttpRequest *req, bool *seen, char *why, size_t why_size)
{
    if (*seen)
        return refuse(400, why, why_size, "more than one Host header");
    if (!*value)
        return refuse(400, why, why_size, "an empty Host header");
    *seen = true;
    snprintf(req->host, sizeof req->host, "%s", value);
    return 0;
}

/* Reads the headers: Host (exactly one in HTTP/1.1), Origin and
 * Content-Length (chunked bodies are refused: the API never needs them).
 * *length is -1 when no header gives one. */
static int parse_headers(char *headers, HttpRequest *req, int64_t *length, char *why, size_t why_size)
{
    *length = -1;
    bool host_seen = false;
    int status = 0;
    char *save;
    for (char *line = strtok_r(headers, "\r\n", &save); line && status == 0; line = strtok_r(NULL, "\r\n", &save)) {
        char *colon = strchr(line, ':');
        if (!colon)
            return refuse(400, why, why_size, "a header line without ':'");
        *colon = '\0';
        if (!field_name(line))
            return refuse(400, why, why_size, "a header name is a token, with no blank in it or before its ':'");
        char *value = colon + 1;
        while (*value == ' ' || *value == '\t')
            value++;
        size_t value_len = strlen(value);
        while (value_len > 0 && (value[value_len - 1] == ' ' || value[value_len - 1] == '\t'))
            value[--value_len] = '\0';
        if (strcasecmp(line, "Host") == 0) {
            status = read_host(value, req, &host_seen, why, why_size);
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
    if (status == 0 && !host_seen && !req->http10)
        return refuse(400, why, why_size, "HTTP/1.1 requires a Host header");
    return status;
}

/* The request line and headers of head (head_len bytes, blank line
 * included); *body_length filled. */
static int parse_head(const char *bytes, size_t head_len, HttpRequest *req, int64_t *body_length, char *why,
                      size_t why_size)
{
    char head[HTTP_HEAD_MAX + 1];
    memcpy(head, bytes, head_len);
    head[head_len] = '\0';
    char *first_end = strchr(head, '\n');
    char *headers = first_end + 1;
    *first_end = '\0';
    if (first_end > head && first_end[-1] == '\r')
        first_end[-1] = '\0';
    int status = parse_request_line(head, req, why, why_size);
    if (status == 0)
        status = parse_headers(headers, req, body_length, why, why_size);
    if (status == 0 && *body_length > HTTP_BODY_MAX)
        status = refuse(413, why, why_size, "the request body exceeds 65536 bytes");
    return status;
}

int http_parse_request(const char *bytes, size_t len, HttpRequest *req, char *why, size_t why_size)
{
    unsigned long peer = req->peer;
    memset(req, 0, sizeof *req);
    req->peer = peer;
    size_t limit = len < HTTP_HEAD_MAX ? len : HTTP_HEAD_MAX;
    size_t head_len = head_length(bytes, limit);
    if (head_len == 0)
        return len >= HTTP_HEAD_MAX ? refuse(431, why, why_size, "request line and headers exceed 8192 bytes")
                                    : HTTP_INCOMPLETE;
    int64_t length;
    int status = parse_head(bytes, head_len, req, &length, why, why_size);
    if (status != 0)
        return status;
    if (length < 0)
        length = 0;
    if (len - head_len < (size_t)length)
        return HTTP_INCOMPLETE;
    req->body = malloc((size_t)length + 1);
    if (!req->body)
        return refuse(500, why, why_size, "out of memory");
    /* No pipelining: what follows the body is ignored. */
    memcpy(req->body, bytes + head_len, (size_t)length);
    req->body[length] = '\0';
    req->body_len = (size_t)length;
    return 0;
}

void http_reader_init(HttpReader *reader) { memset(reader, 0, sizeof *reader); }

void http_reader_free(HttpReader *reader)
{
    free(reader->bytes);
    http_reader_init(reader);
}

int http_reader_feed(HttpReader *reader, int fd, HttpRequest *req, char *why, size_t why_size)
{
    enum { MOST = HTTP_HEAD_MAX + HTTP_BODY_MAX };
    if (reader->len == reader->cap) {
        size_t cap = reader->cap ? reader->cap * 2 : 2048;
        char *grown = reader->len < MOST ? realloc(reader->bytes, cap < MOST ? cap : MOST) : NULL;
        if (!grown)
            return refuse(413, why, why_size, "the request is larger than any this server takes");
        reader->bytes = grown;
        reader->cap = cap < MOST ? cap : MOST;
    }
    ssize_t n = read(fd, reader->bytes + reader->len, reader->cap - reader->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
        return HTTP_INCOMPLETE;
    if (n <= 0 && reader->len == 0)
        return -1;
    if (n <= 0) {
        int status = http_parse_request(reader->bytes, reader->len, req, why, why_size);
        if (status != HTTP_INCOMPLETE)
            return status;
        return refuse(400, why, why_size,
                      head_length(reader->bytes, reader->len) ? "the body is shorter than its Content-Length"
                                                              : "the request ended before its headers did");
    }
    reader->len += (size_t)n;
    return http_parse_request(reader->bytes, reader->len, req, why, why_size);
}

int http_read_request(int fd, HttpRequest *req, char *why, size_t why_size)
{
    HttpReader reader;
    http_reader_init(&reader);
    int64_t deadline = now_ms() + HTTP_READ_TIMEOUT_MS;
    int status = HTTP_INCOMPLETE;
    while (status == HTTP_INCOMPLETE) {
        int64_t left = deadline - now_ms();
        struct pollfd p = {fd, POLLIN, 0};
        int ready = left > 0 ? poll(&p, 1, (int)left) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            status = refuse(408, why, why_size, "the request did not arrive in time");
            break;
        }
        status = http_reader_feed(&reader, fd, req, why, why_size);
    }
    http_reader_free(&reader);
    return status;
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

/* The head of an answer, extra (header lines ending in CRLF) added. */
static bool respond_head_with(int fd, int status, const char *content_type, size_t len, const char *extra)
{
    char head[1024];
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n" HTTP_SAFETY_HEADERS
                     "%sConnection: close\r\n\r\n",
                     status, http_reason(status), content_type, len, extra);
    return n > 0 && (size_t)n < sizeof head && http_write_all(fd, head, (size_t)n);
}

bool http_respond_head(int fd, int status, const char *content_type, size_t len)
{
    return respond_head_with(fd, status, content_type, len, "");
}

bool http_respond(int fd, int status, const char *content_type, const char *body, size_t len)
{
    return http_respond_head(fd, status, content_type, len) && http_write_all(fd, body, len);
}

/* The JSON {"error": message} with status, extra headers added. */
static bool respond_error_with(int fd, int status, const char *message, const char *extra)
{
    TextBuf body;
    text_init(&body);
    text_append(&body, "{\"error\":", 9);
    text_json_string(&body, message);
    text_append(&body, "}\n", 2);
    bool sent = !body.failed && respond_head_with(fd, status, "application/json", body.len, extra) &&
                http_write_all(fd, body.text, body.len);
    text_free(&body);
    return sent;
}

bool http_respond_error(int fd, int status, const char *message) { return respond_error_with(fd, status, message, ""); }

bool http_respond_not_allowed(int fd, const char *allow)
{
    char message[160], extra[120];
    snprintf(message, sizeof message, "wrong method for this path: it takes %s", allow);
    snprintf(extra, sizeof extra, "Allow: %s\r\n", allow);
    return respond_error_with(fd, 405, message, extra);
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
