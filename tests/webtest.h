/*
 * webtest.h - the web server's tests over real HTTP (include after
 * harness.h): start the build's tessera-web on a free port, send it
 * requests from any address of 127/8, read its answers.
 *
 * Each test program begins with webtest_begin (web_path, from its
 * argv[0], and temp_dir, where the servers' logs go) and ends with
 * webtest_end.
 */
#ifndef TESSERA_WEBTEST_H
#define TESSERA_WEBTEST_H

#include <arpa/inet.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/clock.h"

typedef struct {
    pid_t pid;
    int port;
    char log[PATH_MAX + 64];
} Server;

typedef struct {
    int status;
    char head[4096];
    char *body;
} Response;

static char web_path[PATH_MAX + 32];
static char temp_dir[256];

/* build/<variant>/tests/test_web_security -> build/<variant>/tessera-web */
static inline void find_server(const char *argv0)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", argv0);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(web_path, sizeof web_path, "%s/../tessera-web", dir);
}

/* Starts tessera-web --port 0 with extra flags (NULL-terminated), its
 * input /dev/null as in the report of the refused-session bug. */
static inline bool start_server(Server *server, const char *name, const char *const *flags)
{
    snprintf(server->log, sizeof server->log, "%s/%s.log", temp_dir, name);
    const char *argv[32] = {web_path, "--port", "0"};
    int argc = 3;
    for (int i = 0; flags[i] && argc < 31; i++)
        argv[argc++] = flags[i];
    argv[argc] = NULL;
    server->pid = fork();
    if (server->pid == 0) {
        int null = open("/dev/null", O_RDONLY);
        int log = open(server->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(null, 0);
        dup2(log, 1);
        dup2(log, 2);
        execv(web_path, (char *const *)argv);
        _exit(127);
    }
    for (int tries = 0; tries < 200 * harness_load_factor(); tries++) { /* 10 s idle */
        FILE *f = fopen(server->log, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            const char *at = strstr(line, "listening on http://127.0.0.1:");
            if (at && sscanf(at, "listening on http://127.0.0.1:%d/", &server->port) == 1) {
                fclose(f);
                return true;
            }
        }
        if (f)
            fclose(f);
        usleep(50000);
    }
    return false;
}

static inline int stop_server(Server *server)
{
    kill(server->pid, SIGINT);
    int status = 0;
    waitpid(server->pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* No sanitizer report in a server's log (its error or leak report). */
static inline bool log_is_clean(const char *path)
{
    FILE *log = fopen(path, "r");
    char line[512];
    bool clean = log != NULL;
    while (log && fgets(line, sizeof line, log))
        clean = clean && strstr(line, "Sanitizer") == NULL && strstr(line, "runtime error") == NULL;
    if (log)
        fclose(log);
    return clean;
}

/* A connection to the server from source (an address of 127/8). */
static inline int connect_from(int port, const char *source)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    if (source) {
        inet_pton(AF_INET, source, &addr.sin_addr);
        if (bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
            close(fd);
            return -1;
        }
    }
    addr.sin_port = htons((unsigned short)port);
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static inline bool send_text(int fd, const char *text)
{
    size_t len = strlen(text);
    while (len > 0) {
        ssize_t n = send(fd, text, len, MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        text += n;
        len -= (size_t)n;
    }
    return true;
}

/* Reads the whole answer (the server closes every connection). */
static inline void read_response(int fd, Response *r)
{
    size_t cap = 1 << 16, len = 0;
    char *all = malloc(cap + 1);
    int64_t deadline = now_ms() + 60000;
    for (;;) {
        struct pollfd p = {fd, POLLIN, 0};
        int64_t left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        if (len == cap) {
            cap *= 2;
            all = realloc(all, cap + 1);
        }
        ssize_t n = read(fd, all + len, cap - len);
        if (n <= 0)
            break;
        len += (size_t)n;
    }
    all[len] = '\0';
    r->status = 0;
    sscanf(all, "HTTP/1.1 %d", &r->status);
    char *end = strstr(all, "\r\n\r\n");
    size_t head_len = end ? (size_t)(end - all) : len;
    snprintf(r->head, sizeof r->head, "%.*s", (int)(head_len < sizeof r->head ? head_len : sizeof r->head - 1), all);
    r->body = strdup(end ? end + 4 : "");
    free(all);
}

/* Sends raw as one request and reads the answer. */
static inline int raw_request(int port, const char *raw, Response *r)
{
    int fd = connect_from(port, NULL);
    if (fd < 0 || !send_text(fd, raw)) {
        r->status = 0;
        r->body = strdup("");
        r->head[0] = '\0';
        if (fd >= 0)
            close(fd);
        return 0;
    }
    read_response(fd, r);
    close(fd);
    return r->status;
}

/* A request as the page sends it: Host this server, extra headers (each
 * ending in CRLF) added. */
static inline int call_with(int port, const char *method, const char *path, const char *body, const char *headers,
                     Response *r)
{
    char raw[70000];
    snprintf(raw, sizeof raw, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sContent-Length: %zu\r\n\r\n%s", method,
             path, port, headers, strlen(body), body);
    return raw_request(port, raw, r);
}

static inline int call(int port, const char *method, const char *path, const char *body, Response *r)
{
    return call_with(port, method, path, body, "", r);
}

static inline void response_free(Response *r)
{
    free(r->body);
    r->body = NULL;
}

/* The string member key of a JSON answer ("" when absent). */
static inline void field(const char *json, const char *key, char *out, size_t out_size)
{
    char pattern[80];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *at = strstr(json, pattern);
    out[0] = '\0';
    if (at) {
        at += strlen(pattern);
        size_t len = strcspn(at, "\"");
        snprintf(out, out_size, "%.*s", (int)(len < out_size ? len : out_size - 1), at);
    }
}

static inline long number_field(const char *json, const char *key)
{
    char pattern[80];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    return at ? strtol(at + strlen(pattern), NULL, 10) : -1;
}

/* A new session's id ("" when refused). */
static inline void create_session(int port, char *id, size_t id_size)
{
    Response r;
    call(port, "POST", "/api/sessions", "{}", &r);
    field(r.body, "id", id, id_size);
    if (r.status != 201)
        id[0] = '\0';
    response_free(&r);
}

/* Opens an event stream of session id from source (NULL: 127.0.0.1) and
 * waits for its first bytes: its descriptor when answered 200; else -1,
 * with the refusal in *refused when given (free it with response_free). */
static inline int open_stream_from(int port, const char *id, const char *source, Response *refused)
{
    int fd = connect_from(port, source);
    char request[256];
    snprintf(request, sizeof request, "GET /api/sessions/%s/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", id, port);
    struct pollfd p = {fd, POLLIN, 0};
    char head[16] = "";
    if (fd >= 0 && send_text(fd, request) && poll(&p, 1, (int)harness_scaled_ms(20000)) == 1 &&
        recv(fd, head, 12, MSG_PEEK) == 12 && strncmp(head, "HTTP/1.1 200", 12) == 0)
        return fd;
    if (refused && fd >= 0)
        read_response(fd, refused);
    else if (refused)
        *refused = (Response){0};
    if (fd >= 0)
        close(fd);
    return -1;
}

static inline int open_stream(int port, const char *id) { return open_stream_from(port, id, NULL, NULL); }

/* The start each test program shares: the harness, SIGPIPE ignored (a
 * server that closes first must not end the test), the server found and
 * a fresh temp_dir /tmp/tessera-web-NAME-XXXXXX; false, said, when the
 * folder cannot be made. */
static inline bool webtest_begin(int argc, char **argv, const char *name)
{
    harness_begin(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    find_server(argv[0]);
    snprintf(temp_dir, sizeof temp_dir, "/tmp/tessera-web-%s-XXXXXX", name);
    if (!mkdtemp(temp_dir)) {
        printf("cannot make a temporary folder\n");
        return false;
    }
    return true;
}

/* temp_dir removed; the harness's exit status. */
static inline int webtest_end(void)
{
    char command[PATH_MAX + 16];
    snprintf(command, sizeof command, "rm -rf %s", temp_dir);
    if (system(command) != 0)
        printf("could not remove %s\n", temp_dir);
    return harness_end();
}

#endif
