/*
 * test_web_sessions.c - the web server's table of sessions on a clock the
 * test moves: when --max-sessions is full, a new session takes the place
 * of the one whose page went longest ago (a reloading user's, which went
 * just now, stays), never one whose page is still open; a page that went
 * ends after the grace, not before.  No engine is started (play_begin is
 * the server's), so ending a session ends nothing but its place.
 *
 * Pages are played as the server's routes drive the table: a request
 * finds its session and releases it when answered; an event stream finds
 * it, marks it shown and holds it, touched, until the page closes it; the
 * leave beacon is a request that marks it left.
 */
#include "harness.h"

#include "web/session.h"

static int64_t fake_now = 1000;

static int64_t fake_clock(void) { return fake_now; }

static void start_table(int max_sessions)
{
    static SessionConfig config;
    config.max_sessions = max_sessions;
    config.timeout_ms = 60000;
    sessions_set_clock(fake_clock);
    sessions_init(&config);
}

/* A new session as a page's first request makes it; its id in id.  The
 * status is the request's: 0 when made, else 503 or 500. */
static int create(char id[33])
{
    int status = 0;
    char why[256];
    Session *s = session_create(&status, why, sizeof why);
    id[0] = '\0';
    if (!s)
        return status;
    snprintf(id, 33, "%s", s->id);
    session_release(s);
    return 0;
}

/* The page opens its event stream: held until close_stream. */
static Session *open_stream(const char *id)
{
    Session *s = session_find(id);
    CHECK(s != NULL);
    if (s)
        session_shown(s);
    return s;
}

static void close_stream(Session *s)
{
    session_touch(s); /* the stream's last write */
    session_release(s);
}

/* The page's leave beacon, a request of its own. */
static void leave(const char *id)
{
    Session *s = session_find(id);
    CHECK(s != NULL);
    if (s) {
        session_leave(s);
        session_release(s);
    }
}

/* Whether a request for id still finds its session (which marks it seen). */
static bool alive(const char *id)
{
    Session *s = session_find(id);
    if (s)
        session_release(s);
    return s != NULL;
}

static void test_a_full_table_ends_the_page_that_went_longest_ago(void)
{
    char a[33], b[33], c[33], d[33], e[33], f[33], g[33];
    start_table(3);
    CHECK_EQ_INT(create(a), 0);
    CHECK_EQ_INT(create(b), 0);
    CHECK_EQ_INT(create(c), 0);
    Session *stream_a = open_stream(a), *stream_b = open_stream(b), *stream_c = open_stream(c);
    /* The pages go in another order than they came: b (with its beacon),
     * then c (its stream closed, no beacon), then a, whose beacon came
     * while its stream is still closing: a reloading user's. */
    fake_now = 2000;
    leave(b);
    close_stream(stream_b);
    fake_now = 3000;
    close_stream(stream_c);
    fake_now = 4000;
    leave(a);
    /* Each new session ends the page that went longest ago. */
    fake_now = 5000;
    CHECK_EQ_INT(create(d), 0);
    CHECK_EQ_INT(sessions_count(), 3);
    CHECK(!alive(b));
    fake_now = 6000;
    CHECK_EQ_INT(create(e), 0);
    CHECK(!alive(c));
    /* The last one to go, its stream still open after its beacon. */
    fake_now = 7000;
    CHECK_EQ_INT(create(f), 0);
    session_release(stream_a); /* the stream ends with its session */
    CHECK(!alive(a));
    /* d, e and f have no page that went: the next one is refused. */
    CHECK_EQ_INT(create(g), 503);
    CHECK(alive(d) && alive(e) && alive(f));
    CHECK_EQ_INT(sessions_count(), 3);
    sessions_shutdown();
    CHECK_EQ_INT(sessions_count(), 0);
}

/* A page still showing its session keeps it, however long ago the page
 * came: only the page that went gives its place up. */
static void test_an_open_page_keeps_its_session(void)
{
    char open_page[33], gone_page[33], next[33], refused[33];
    start_table(2);
    fake_now = 10000;
    CHECK_EQ_INT(create(open_page), 0);
    Session *stream = open_stream(open_page);
    fake_now = 20000;
    CHECK_EQ_INT(create(gone_page), 0);
    close_stream(open_stream(gone_page));
    fake_now = 30000;
    CHECK_EQ_INT(create(next), 0);
    CHECK(!alive(gone_page));
    CHECK(alive(open_page));
    CHECK_EQ_INT(create(refused), 503);
    close_stream(stream);
    sessions_shutdown();
}

/* A page that went ends once SESSION_PAGE_GRACE_MS have passed since it
 * went, not before; a session no page showed waits for the timeout. */
static void test_a_page_that_went_ends_after_the_grace(void)
{
    char shown[33], unshown[33];
    start_table(4);
    fake_now = 100000;
    CHECK_EQ_INT(create(shown), 0);
    CHECK_EQ_INT(create(unshown), 0);
    close_stream(open_stream(shown));
    fake_now += SESSION_PAGE_GRACE_MS - 1;
    CHECK_EQ_INT(sessions_expire(), 0);
    fake_now += 2;
    CHECK_EQ_INT(sessions_expire(), 1);
    CHECK_EQ_INT(sessions_count(), 1);
    fake_now = 100000 + 60000 - 1;
    CHECK_EQ_INT(sessions_expire(), 0);
    fake_now += 2;
    CHECK_EQ_INT(sessions_expire(), 1);
    CHECK_EQ_INT(sessions_count(), 0);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_a_full_table_ends_the_page_that_went_longest_ago);
    RUN(test_an_open_page_keeps_its_session);
    RUN(test_a_page_that_went_ends_after_the_grace);
    sessions_set_clock(NULL);
    return harness_end();
}
