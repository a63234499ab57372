/* server.c - accept loop: one detached thread per connection, capped. */
/* accept4 with SOCK_CLOEXEC: an engine forked by another thread between
 * accept and a later fcntl would inherit the connection and keep it open. */
#define _GNU_SOURCE
#include "web/server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "web/http.h"
#include "web/routes.h"
#include "web/session.h"

static atomic_int connections;

int server_listen(const char *host, int port, int *bound_port, char *why, size_t why_size)
{
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(why, why_size, "--host %s is not an IPv4 address like 127.0.0.1", host);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(fd, 64) != 0) {
        snprintf(why, why_size, "cannot listen on %s:%d: %s", host, port, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *)&addr, &len);
    *bound_port = ntohs(addr.sin_port);
    return fd;
}

/* After refusing a request whose rest was not read (too large): closing
 * with unread input would reset the connection and lose the answer, so
 * the input is read and dropped for a moment first. */
static void drain_input(int fd)
{
    shutdown(fd, SHUT_WR);
    char sink[4096];
    for (int i = 0; i < 256; i++) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 200) <= 0 || read(fd, sink, sizeof sink) <= 0)
            return;
    }
}

static void *serve_connection(void *arg)
{
    int fd = (int)(intptr_t)arg;
    HttpRequest req;
    char why[200];
    int status = http_read_request(fd, &req, why, sizeof why);
    if (status == 0)
        routes_handle(fd, &req);
    else if (status > 0) {
        http_respond_error(fd, status, why);
        drain_input(fd);
    }
    http_request_free(&req);
    close(fd);
    atomic_fetch_sub(&connections, 1);
    return NULL;
}

static void start_connection(int fd)
{
    if (atomic_fetch_add(&connections, 1) >= SERVER_CONNECTIONS_MAX) {
        atomic_fetch_sub(&connections, 1);
        http_respond_error(fd, 503, "too many connections");
        close(fd);
        return;
    }
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, serve_connection, (void *)(intptr_t)fd) != 0) {
        atomic_fetch_sub(&connections, 1);
        http_respond_error(fd, 503, "cannot start a thread");
        close(fd);
    }
    pthread_attr_destroy(&attr);
}

void server_run(int listener, const atomic_int *stopping)
{
    while (!atomic_load(stopping)) {
        struct pollfd p = {listener, POLLIN, 0};
        if (poll(&p, 1, 250) > 0) {
            int fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
            if (fd >= 0)
                start_connection(fd);
        }
        sessions_expire();
    }
}
