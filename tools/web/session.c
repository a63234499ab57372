/* session.c - the table of sessions: create, find, reference, expire.
 * It sits below play.c and never calls into it (session.h says why). */
#include "web/session.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/clock.h"

#define SESSIONS_LIMIT 256

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static Session *table[SESSIONS_LIMIT];
static SessionConfig config;
static int64_t (*clock_now)(void) = now_ms;

void sessions_set_clock(int64_t (*clock)(void)) { clock_now = clock ? clock : now_ms; }

void sessions_init(const SessionConfig *given)
{
    config = *given;
    if (config.max_sessions > SESSIONS_LIMIT)
        config.max_sessions = SESSIONS_LIMIT;
}

/* 128 random bits from the kernel: ids are what keeps one page out of
 * another's session. */
static bool random_id(char *out)
{
    unsigned char bytes[16];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    bool ok = fd >= 0 && read(fd, bytes, sizeof bytes) == (ssize_t)sizeof bytes;
    if (fd >= 0)
        close(fd);
    for (int i = 0; ok && i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", bytes[i]);
    return ok;
}

/* Ends the engine for good (s->lock held): ending keeps a failing
 * engine from being restarted, and a request waiting for the search
 * wakes up instead of waiting for a bestmove that cannot come. */
static void end_engine(Session *s)
{
    s->ending = true;
    s->searching = false;
    pthread_cond_broadcast(&s->search_ended);
    engine_end(&s->engine);
}

static void session_free(Session *s)
{
    pthread_mutex_lock(&s->lock);
    end_engine(s);
    for (int i = 0; i < s->move_count; i++)
        free(s->moves[i]);
    free(s->legal);
    pthread_mutex_unlock(&s->lock);
    events_close(&s->events);
    events_destroy(&s->events);
    pthread_cond_destroy(&s->search_ended);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* Takes s out of the table (table_lock held); true if it was there. */
static bool unlink_session(Session *s)
{
    for (int i = 0; i < SESSIONS_LIMIT; i++)
        if (table[i] == s) {
            table[i] = NULL;
            s->in_table = false;
            return true;
        }
    return false;
}

/* Nothing uses it now: no request, no stream (a search's reader does
 * not count). */
static bool unused(const Session *s) { return s->refs == s->background_refs; }

/* The session whose page went longest ago (table_lock held), or NULL. */
static Session *left_longest_ago(void)
{
    Session *oldest = NULL;
    for (int i = 0; i < SESSIONS_LIMIT; i++) {
        Session *s = table[i];
        bool gone = s && ((s->page && unused(s)) || s->left);
        if (gone && (!oldest || s->last_seen < oldest->last_seen))
            oldest = s;
    }
    return oldest;
}

/* Puts s into a free slot (table_lock held); when the table holds
 * max_sessions, the session a page left longest ago gives its slot up
 * and is returned in *evicted (the caller ends it).  False when none can. */
static bool claim_slot(Session *s, Session **evicted)
{
    int count = 0, free_slot = -1;
    *evicted = NULL;
    for (int i = 0; i < SESSIONS_LIMIT; i++) {
        if (table[i])
            count++;
        else if (free_slot < 0)
            free_slot = i;
    }
    if (count >= config.max_sessions) {
        *evicted = left_longest_ago();
        if (!*evicted)
            return false;
        unlink_session(*evicted);
        (*evicted)->refs++; /* held while ending it */
        free_slot = -1;
        for (int i = 0; i < SESSIONS_LIMIT && free_slot < 0; i++)
            if (!table[i])
                free_slot = i;
    }
    if (free_slot < 0)
        return false;
    table[free_slot] = s;
    return true;
}

static void end_session(Session *s);

Session *session_create(int *status, char *why, size_t why_size)
{
    Session *s = calloc(1, sizeof *s);
    if (!s || !random_id(s->id)) {
        free(s);
        *status = 500;
        snprintf(why, why_size, "cannot make a session");
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->search_ended, NULL);
    events_init(&s->events);
    /* No engine yet: its pipes are -1, not descriptor 0 (freeing a
     * refused session must not write to the server's own input). */
    child_init(&s->engine.child, NULL, NULL, NULL);
    s->config = &config;
    s->refs = 1;
    s->in_table = true;
    s->last_seen = clock_now();
    /* The slot is taken before the engine starts (play_begin, once this
     * returns), so that the cap holds while several engines start at once. */
    Session *evicted;
    pthread_mutex_lock(&table_lock);
    bool placed = claim_slot(s, &evicted);
    pthread_mutex_unlock(&table_lock);
    if (evicted) {
        end_session(evicted);
        session_release(evicted);
    }
    if (!placed) {
        session_free(s);
        *status = 503;
        snprintf(why, why_size, "too many sessions (at most %d) in use; close a tab or wait for one to time out",
                 config.max_sessions);
        return NULL;
    }
    return s;
}

Session *session_find(const char *id)
{
    Session *found = NULL;
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < SESSIONS_LIMIT && !found; i++)
        if (table[i] && strcmp(table[i]->id, id) == 0)
            found = table[i];
    if (found) {
        found->refs++;
        found->last_seen = clock_now();
        found->left = false;
    }
    pthread_mutex_unlock(&table_lock);
    return found;
}

void session_retain_background(Session *s)
{
    pthread_mutex_lock(&table_lock);
    s->refs++;
    s->background_refs++;
    pthread_mutex_unlock(&table_lock);
}

void session_release_background(Session *s)
{
    pthread_mutex_lock(&table_lock);
    s->background_refs--;
    pthread_mutex_unlock(&table_lock);
    session_release(s);
}

void session_touch(Session *s)
{
    pthread_mutex_lock(&table_lock);
    s->last_seen = clock_now();
    pthread_mutex_unlock(&table_lock);
}

void session_shown(Session *s)
{
    pthread_mutex_lock(&table_lock);
    s->page = true;
    pthread_mutex_unlock(&table_lock);
}

void session_leave(Session *s)
{
    pthread_mutex_lock(&table_lock);
    s->page = true;
    s->left = true;
    s->last_seen = clock_now();
    pthread_mutex_unlock(&table_lock);
}

void session_release(Session *s)
{
    pthread_mutex_lock(&table_lock);
    bool last = --s->refs == 0 && !s->in_table;
    pthread_mutex_unlock(&table_lock);
    if (last)
        session_free(s);
}

/* Ends what the session runs now, so that its engine does not outlive
 * its removal while a stream still holds a reference; its streams end. */
static void end_session(Session *s)
{
    pthread_mutex_lock(&s->lock);
    end_engine(s);
    pthread_mutex_unlock(&s->lock);
    events_close(&s->events);
}

void session_remove(Session *s)
{
    pthread_mutex_lock(&table_lock);
    bool removed = unlink_session(s);
    s->refs += removed; /* held while ending it */
    pthread_mutex_unlock(&table_lock);
    if (removed) {
        end_session(s);
        session_release(s);
    }
}

/* Takes the sessions chosen out of the table and ends them; returns how
 * many. */
static int end_sessions(bool (*chosen)(const Session *s, int64_t now))
{
    Session *picked[SESSIONS_LIMIT];
    int count = 0;
    int64_t now = clock_now();
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < SESSIONS_LIMIT; i++) {
        Session *s = table[i];
        if (s && chosen(s, now)) {
            unlink_session(s);
            s->refs++; /* held while ending it */
            picked[count++] = s;
        }
    }
    pthread_mutex_unlock(&table_lock);
    for (int i = 0; i < count; i++) {
        end_session(picked[i]);
        session_release(picked[i]);
    }
    return count;
}

/* Idle: nothing uses it, and no request came for the timeout, or for the
 * grace once a page has shown it. */
static bool idle(const Session *s, int64_t now)
{
    int timeout = s->page && SESSION_PAGE_GRACE_MS < config.timeout_ms ? SESSION_PAGE_GRACE_MS : config.timeout_ms;
    return unused(s) && now - s->last_seen > timeout;
}

static bool every(const Session *s, int64_t now)
{
    (void)s;
    (void)now;
    return true;
}

int sessions_expire(void) { return end_sessions(idle); }

void sessions_shutdown(void) { end_sessions(every); }

int sessions_count(void)
{
    pthread_mutex_lock(&table_lock);
    int count = 0;
    for (int i = 0; i < SESSIONS_LIMIT; i++)
        count += table[i] != NULL;
    pthread_mutex_unlock(&table_lock);
    return count;
}
