/*
 * test_web_limits.c - the web server's limits at their exact sizes: one
 * address may hold its share of event streams and not one more (while
 * another address is still served), eight addresses that fill their
 * shares leave room for a ninth, and a request body of exactly
 * HTTP_BODY_MAX bytes is read whole, one byte more is refused with 413.
 */
#include "harness.h"

#include "web/admission.h"
#include "web/http.h"

static char why[256];

/* A worker that becomes a stream from peer; false (the worker ended) when refused. */
static bool open_stream(unsigned long peer)
{
    if (!admission_worker_begin())
        return false;
    if (admission_stream_begin(peer, why, sizeof why))
        return true;
    admission_worker_end();
    return false;
}

static void close_stream(unsigned long peer)
{
    admission_stream_end(peer);
    admission_worker_end();
}

static void test_an_address_gets_its_streams_and_no_more(void)
{
    const unsigned long flooder = 0x0a000001ul, other = 0x0a000002ul;
    int opened = 0;
    const int share = admission_streams_share();
    CHECK_EQ_INT(share, STREAMS_MAX_DEFAULT / STREAMS_SHARE_DIVISOR);
    while (opened < share + 5 && open_stream(flooder))
        opened++;
    CHECK_EQ_INT(opened, share);
    CHECK_EQ_INT(admission_streams_of(flooder), share);
    CHECK_CONTAINS(why, "this address has its share");
    CHECK(open_stream(other)); /* another address is still served */
    CHECK_EQ_INT(admission_streams_of(other), 1);
    close_stream(other);
    /* One closed, one more may open, and again no more. */
    close_stream(flooder);
    CHECK(open_stream(flooder));
    CHECK(!open_stream(flooder));
    for (int i = 0; i < opened; i++)
        close_stream(flooder);
    CHECK_EQ_INT(admission_streams_of(flooder), 0);
    /* Every worker was given back. */
    int workers = 0;
    while (workers < WORKERS_MAX + 1 && admission_worker_begin())
        workers++;
    CHECK_EQ_INT(workers, WORKERS_MAX);
    for (int i = 0; i < workers; i++)
        admission_worker_end();
}

/* Opens streams from peer until refused (at most most); how many opened. */
static int fill(unsigned long peer, int most)
{
    int opened = 0;
    while (opened < most && open_stream(peer))
        opened++;
    return opened;
}

static void test_addresses_that_fill_their_shares_leave_room_for_others(void)
{
    /* Eight addresses each open as many as they may: the eighth is
     * stopped short of its share, the streams still free kept for others. */
    const int cap = admission_streams_max(), share = admission_streams_share();
    int held[8], total = 0;
    for (int a = 0; a < 8; a++) {
        held[a] = fill(0x0a000100ul + (unsigned long)a, share + 1);
        total += held[a];
    }
    CHECK_EQ_INT(held[0], share);
    CHECK_EQ_INT(held[6], share);
    CHECK_EQ_INT(held[7], share / 2); /* it stops where it holds as many as are free */
    CHECK_CONTAINS(why, "kept for other addresses");
    CHECK(total < cap);
    /* A ninth address still opens a stream; many more with one each fill
     * the cap, and then the refusal names the server's cap. */
    int newcomers = 0;
    while (newcomers < cap && open_stream(0x0a000200ul + (unsigned long)newcomers))
        newcomers++;
    CHECK(newcomers >= 1);
    CHECK_EQ_INT(total + newcomers, cap);
    CHECK_CONTAINS(why, "are all open");
    for (int i = 0; i < newcomers; i++)
        close_stream(0x0a000200ul + (unsigned long)i);
    for (int a = 0; a < 8; a++)
        for (int i = 0; i < held[a]; i++)
            close_stream(0x0a000100ul + (unsigned long)a);
    CHECK(open_stream(0x0a000100ul));
    close_stream(0x0a000100ul);
}

/* A POST whose body is length bytes of 'x' (the header says so). */
static int parse_post(size_t length, HttpRequest *req)
{
    char head[128];
    int n = snprintf(head, sizeof head, "POST /api/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: %zu\r\n\r\n", length);
    char *bytes = malloc((size_t)n + length);
    CHECK(bytes != NULL);
    if (!bytes)
        return -1;
    memcpy(bytes, head, (size_t)n);
    memset(bytes + n, 'x', length);
    memset(req, 0, sizeof *req);
    int status = http_parse_request(bytes, (size_t)n + length, req, why, sizeof why);
    free(bytes);
    return status;
}

static void test_a_body_of_the_largest_size_is_read(void)
{
    HttpRequest req;
    CHECK_EQ_INT(parse_post(HTTP_BODY_MAX, &req), 0);
    CHECK_EQ_INT((long long)req.body_len, HTTP_BODY_MAX);
    CHECK(req.body && req.body[0] == 'x' && req.body[HTTP_BODY_MAX - 1] == 'x' && req.body[HTTP_BODY_MAX] == '\0');
    http_request_free(&req);
    CHECK_EQ_INT(parse_post(HTTP_BODY_MAX - 1, &req), 0);
    CHECK_EQ_INT((long long)req.body_len, HTTP_BODY_MAX - 1);
    http_request_free(&req);
    CHECK_EQ_INT(parse_post(HTTP_BODY_MAX + 1, &req), 413);
    http_request_free(&req);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_an_address_gets_its_streams_and_no_more);
    RUN(test_addresses_that_fill_their_shares_leave_room_for_others);
    RUN(test_a_body_of_the_largest_size_is_read);
    return harness_end();
}
