/* client.c - one request, the answer to stdout. */
#include "web/client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/parse_number.h"
#include "web/http.h"
#include "web/json.h"

typedef struct {
    const char *host;
    int port;
    long max_time_ms;
    int raw;
    const char *method, *path, *body;
} ClientArgs;

#define CLIENT_USAGE                                                                                 \
    "usage: tessera-web --client --port P [--host H] [--max-time MS] METHOD PATH [BODY]\n"            \
    "       tessera-web --client --port P [--host H] --raw < request\n"

static int usage(const char *why)
{
    fprintf(stderr, "tessera-web --client: %s\n", why);
    fprintf(stderr, CLIENT_USAGE "(tessera-web --client --help lists the flags)\n");
    return 2;
}

/* Exits with status 0 after it: parse's caller tells it from an error. */
#define CLIENT_HELP_SHOWN (-1)

static int help(void)
{
    printf("tessera-web --client: one request to a running tessera-web, the answer (headers\n"
           "and body) on standard output; the tests use it, no curl needed\n"
           "\n" CLIENT_USAGE
           "\n"
           "  --port P              the server's port (required)\n"
           "  --host H              the server's IPv4 address (default 127.0.0.1)\n"
           "  --max-time MS         how long to wait for the answer (default 30000)\n"
           "  --raw                 send standard input as the whole request, unchanged\n"
           "  --help / -h           this text\n"
           "\n"
           "Exit status: 0 an answer came, whatever its HTTP status; 1 cannot connect, or\n"
           "no answer came; 2 bad arguments.\n");
    return CLIENT_HELP_SHOWN;
}

static int parse(int argc, char **argv, ClientArgs *a)
{
    *a = (ClientArgs){"127.0.0.1", 0, 30000, 0, NULL, NULL, ""};
    int positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool valued = strcmp(arg, "--host") == 0 || strcmp(arg, "--port") == 0 || strcmp(arg, "--max-time") == 0;
        if (valued && i + 1 >= argc)
            return usage("a flag without its value");
        if (strcmp(arg, "--client") == 0)
            continue;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
            return help();
        if (strcmp(arg, "--host") == 0)
            a->host = argv[++i];
        else if (strcmp(arg, "--port") == 0) {
            if (!parse_int_range(argv[++i], 1, 65535, &a->port))
                return usage("--port needs a number from 1 to 65535");
        } else if (strcmp(arg, "--max-time") == 0) {
            int ms;
            if (!parse_int_range(argv[++i], 1, INT32_MAX, &ms))
                return usage("--max-time needs milliseconds from 1 on");
            a->max_time_ms = ms;
        } else if (strcmp(arg, "--raw") == 0)
            a->raw = 1;
        else if (arg[0] == '-' && arg[1] == '-')
            return usage("unknown flag");
        else if (positional == 0 && ++positional)
            a->method = arg;
        else if (positional == 1 && ++positional)
            a->path = arg;
        else if (positional == 2 && ++positional)
            a->body = arg;
        else
            return usage("too many arguments");
    }
    if (a->port <= 0 || a->port > 65535)
        return usage("--port is needed");
    if (!a->raw && (!a->method || !a->path))
        return usage("METHOD and PATH are needed");
    return 0;
}

static int connect_to(const ClientArgs *a)
{
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)a->port);
    if (inet_pton(AF_INET, a->host, &addr.sin_addr) != 1)
        return -1;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void read_stdin(TextBuf *out)
{
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        text_append(out, chunk, n);
}

/* Copies the answer to stdout until the server closes or max_time. */
static int copy_answer(int fd, long max_time_ms)
{
    int64_t deadline = now_ms() + max_time_ms;
    size_t total = 0;
    for (;;) {
        int64_t left = deadline - now_ms();
        struct pollfd p = {fd, POLLIN, 0};
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        char chunk[8192];
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        fwrite(chunk, 1, (size_t)n, stdout);
        fflush(stdout);
        total += (size_t)n;
    }
    return total > 0 ? 0 : 1;
}

int client_main(int argc, char **argv)
{
    ClientArgs a;
    int bad = parse(argc, argv, &a);
    if (bad == CLIENT_HELP_SHOWN)
        return 0;
    if (bad)
        return bad;
    int fd = connect_to(&a);
    if (fd < 0) {
        fprintf(stderr, "tessera-web --client: cannot connect to %s:%d\n", a.host, a.port);
        return 1;
    }
    TextBuf request;
    text_init(&request);
    if (a.raw)
        read_stdin(&request);
    else
        text_printf(&request, "%s %s HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                              "Content-Length: %zu\r\n\r\n%s",
                    a.method, a.path, a.host, a.port, strlen(a.body), a.body);
    /* The server may answer (413, 431) and close before reading it all. */
    bool sent = !request.failed && http_write_all(fd, request.text ? request.text : "", request.len);
    (void)sent;
    text_free(&request);
    int status = copy_answer(fd, a.max_time_ms);
    close(fd);
    return status;
}
