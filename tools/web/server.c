/* server.c - the accept loop: connections read with poll until their
 * request is whole, then answered on a worker thread. */
/* accept4 with SOCK_CLOEXEC: an engine forked by another thread between
 * accept and a later fcntl would inherit the connection and keep it open. */
#define _GNU_SOURCE
#include "web/server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/clock.h"
#include "web/admission.h"
#include "web/http.h"
#include "web/routes.h"
#include "web/session.h"

#define LOOP_TICK_MS 250

typedef struct {
    int fd;
    unsigned long peer;
    int64_t deadline;
    HttpReader reader;
} Pending;

/* A request (or the refusal of one) handed to a worker. */
typedef struct {
    int fd;
    int status; /* 0: answer req; else the error status to send */
    char why[200];
    HttpRequest req;
} Job;

static Pending pending[SERVER_PENDING_MAX];
static int pending_count;
static int pending_cap;

int server_listen(const char *host, int port, int *bound_port, char *why, size_t why_size)
{
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(why, why_size, "--host %s is not an IPv4 address like 127.0.0.1", host);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    int on = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(fd, 256) != 0) {
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

/* Waiting connections take at most half the descriptors this process may
 * open (the rest: streams, engine pipes), raising its soft limit first. */
static void size_pending(void)
{
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
        if (files.rlim_cur < files.rlim_max && files.rlim_cur < 4096) {
            files.rlim_cur = files.rlim_max < 4096 ? files.rlim_max : 4096;
            setrlimit(RLIMIT_NOFILE, &files);
            getrlimit(RLIMIT_NOFILE, &files);
        }
        pending_cap = files.rlim_cur / 2 < SERVER_PENDING_MAX ? (int)(files.rlim_cur / 2) : SERVER_PENDING_MAX;
    } else {
        pending_cap = 256;
    }
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

static void *serve_job(void *arg)
{
    Job *job = arg;
    if (job->status == 0)
        routes_handle(job->fd, &job->req);
    else {
        http_respond_error(job->fd, job->status, job->why);
        drain_input(job->fd);
    }
    http_request_free(&job->req);
    close(job->fd);
    free(job);
    admission_worker_end();
    return NULL;
}

/* A worker thread for job; false when none can be had. */
static bool start_worker(Job *job)
{
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    bool started = pthread_create(&thread, &attr, serve_job, job) == 0;
    pthread_attr_destroy(&attr);
    return started;
}

/* Answers on a worker thread; 503 at once when none can be had. */
static void dispatch(int fd, int status, const char *why, HttpRequest *req)
{
    if (admission_worker_begin()) {
        Job *job = malloc(sizeof *job);
        if (job) {
            *job = (Job){fd, status, "", *req};
            snprintf(job->why, sizeof job->why, "%s", why);
            if (start_worker(job))
                return;
            free(job);
        }
        admission_worker_end();
    }
    http_request_free(req);
    http_respond_error(fd, 503, "the server is busy; try again");
    close(fd);
}

static void drop_pending(int i)
{
    http_reader_free(&pending[i].reader);
    pending[i] = pending[--pending_count];
}

/* The waiting connection to give up for a newcomer from peer: the oldest
 * of peer's own when it has PENDING_PER_ADDRESS, else the oldest of all
 * when every place is taken; -1 when there is room. */
static int place_to_free(unsigned long peer)
{
    int own = 0, oldest_own = -1, oldest = -1;
    for (int i = 0; i < pending_count; i++) {
        if (oldest < 0 || pending[i].deadline < pending[oldest].deadline)
            oldest = i;
        if (pending[i].peer == peer) {
            own++;
            if (oldest_own < 0 || pending[i].deadline < pending[oldest_own].deadline)
                oldest_own = i;
        }
    }
    if (own >= PENDING_PER_ADDRESS)
        return oldest_own;
    return pending_count >= pending_cap ? oldest : -1;
}

static void time_out(int i)
{
    http_respond_error(pending[i].fd, 408, "the request did not arrive in time");
    close(pending[i].fd);
    drop_pending(i);
}

static void accept_connections(int listener)
{
    for (int round = 0; round < 64; round++) {
        struct sockaddr_in addr;
        socklen_t len = sizeof addr;
        int fd = accept4(listener, (struct sockaddr *)&addr, &len, SOCK_CLOEXEC);
        if (fd < 0)
            return;
        unsigned long peer = addr.sin_family == AF_INET ? ntohl(addr.sin_addr.s_addr) : 0;
        int give_up = place_to_free(peer);
        if (give_up >= 0)
            time_out(give_up);
        Pending *p = &pending[pending_count++];
        p->fd = fd;
        p->peer = peer;
        p->deadline = now_ms() + HTTP_READ_TIMEOUT_MS;
        http_reader_init(&p->reader);
    }
}

/* Reads what connection i sent; true when it left the waiting list. */
static bool read_pending(int i)
{
    Pending *p = &pending[i];
    HttpRequest req = {0};
    req.peer = p->peer;
    char why[200] = "";
    int status = http_reader_feed(&p->reader, p->fd, &req, why, sizeof why);
    if (status == HTTP_INCOMPLETE)
        return false;
    if (status < 0)
        close(p->fd);
    else
        dispatch(p->fd, status, why, &req);
    drop_pending(i);
    return true;
}

/* Waits for the listener and the waiting connections, at most until the
 * nearest deadline or the loop's tick. */
static void poll_once(int listener)
{
    static struct pollfd fds[SERVER_PENDING_MAX + 1];
    static int owner[SERVER_PENDING_MAX + 1];
    int n = 0;
    fds[n++] = (struct pollfd){listener, POLLIN, 0};
    int64_t now = now_ms(), wait = LOOP_TICK_MS;
    for (int i = 0; i < pending_count; i++) {
        owner[n] = pending[i].fd;
        fds[n++] = (struct pollfd){pending[i].fd, POLLIN, 0};
        if (pending[i].deadline - now < wait)
            wait = pending[i].deadline - now;
    }
    if (poll(fds, (nfds_t)n, wait > 0 ? (int)wait : 0) < 0)
        return;
    /* Read the waiting ones first: those accepted now are read next time. */
    for (int k = 1; k < n; k++) {
        if (!fds[k].revents)
            continue;
        for (int i = 0; i < pending_count; i++)
            if (pending[i].fd == owner[k]) {
                read_pending(i);
                break;
            }
    }
    if (fds[0].revents & POLLIN)
        accept_connections(listener);
    now = now_ms();
    for (int i = pending_count - 1; i >= 0; i--)
        if (pending[i].deadline <= now)
            time_out(i);
}

void server_run(int listener, const atomic_int *stopping)
{
    size_pending();
    int64_t next_expiry = 0;
    while (!atomic_load(stopping)) {
        poll_once(listener);
        if (now_ms() >= next_expiry) {
            sessions_expire();
            next_expiry = now_ms() + LOOP_TICK_MS;
        }
    }
    while (pending_count > 0) {
        close(pending[0].fd);
        drop_pending(0);
    }
}
