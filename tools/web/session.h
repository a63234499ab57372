/*
 * session.h - one browser session: its engine process, its game, its
 * events; and the table of sessions, capped in number, from which idle
 * ones are removed (and their engines ended) after a timeout.
 *
 * A session's lock guards its engine and game.  The table counts the
 * references handed out (a request in progress, an open event stream, a
 * search's reader thread); a session is freed only when it has left the
 * table and its last reference is released.  An open event stream keeps
 * its session alive: the page is still showing it.
 *
 * A session a page has shown (an event stream opened, or the page said
 * it leaves) ends SESSION_PAGE_GRACE_MS after its page went: the stream
 * closed, or the page's `leave` beacon came, with no request since.  A
 * reload comes back within the grace and finds its session again.  When
 * the table is full, a new session takes the place of the one whose page
 * went longest ago (or said it leaves, even while its stream is still
 * closing), so a user who reloads is never locked out.
 *
 * The game itself is play.h's, built on this file: a new session's
 * engine is started there (play_begin), while this file ends engines
 * when their sessions go, so that it never calls into play.c.
 */
#ifndef TESSERA_WEB_SESSION_H
#define TESSERA_WEB_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "web/engine.h"
#include "web/events.h"
#include "web/option_policy.h"

#define SESSION_MOVES_MAX 2000
#define SESSION_OPTIONS_MAX 32
#define SESSION_START_MAX 4096
#define SESSION_PAGE_GRACE_MS 10000

typedef struct {
    char engine_path[4096];
    int max_sessions;
    int timeout_ms;
    OptionCaps caps;
} SessionConfig;

typedef enum { SEARCH_DISCARD, SEARCH_PLAY, SEARCH_ANALYSE } SearchPurpose;

typedef struct {
    char name[64];
    char value[256];
} SetOption;

typedef struct Session {
    char id[33];
    pthread_mutex_t lock;
    pthread_cond_t search_ended;
    EventQueue events;

    /* Guarded by the table's lock. */
    int refs;
    int background_refs; /* of refs, those of search readers: they do not keep it alive */
    int64_t last_seen;
    bool in_table;
    bool page; /* a page has shown it: it ends soon after the page goes */
    bool left; /* its page said it leaves, and no request came since */

    /* Guarded by lock from here on. */
    bool ending; /* being ended: no restart of a failing engine */
    const SessionConfig *config; /* the engine program, the option caps */
    Engine engine;
    bool engine_broken; /* a restart failed: every request answers 502 */
    char engine_error[512];
    int restarts;

    char game[32];
    char start[SESSION_START_MAX]; /* "startpos", "fen <string>" or "deal <seed>" */
    char *moves[SESSION_MOVES_MAX];
    int move_count;
    char adjudicated[16]; /* "p1win", "p2win" or "draw" when the page ended the game; "" */
    char reason[128];     /* why, as the page said it ("p2 resigns") */
    SetOption options[SESSION_OPTIONS_MAX]; /* what the page set, replayed on a restart */
    int option_count;

    /* The position as the engine last described it (`d`, `moves`). */
    char fen[4096];
    char status[128];
    char side[128]; /* "w (p1 plays b)" */
    char *legal; /* the `moves` line's moves, space-separated */
    bool legal_complete;

    bool searching;
    unsigned search_generation;
    SearchPurpose purpose;
    char last_info[2048];
    bool scored;   /* the search gave a score (its first line's): */
    long score_cp; /* centi-units for the side to move; a mate is +-SCORE_MATE_CP */
} Session;

#define SCORE_MATE_CP 100000L

void sessions_init(const SessionConfig *config);

/* The clock the table times its sessions by (ms): the monotonic clock,
 * or a test's own, so that it can pass the grace and the timeout at will;
 * NULL gives the monotonic clock back. */
void sessions_set_clock(int64_t (*clock)(void));

/* A new session in the table, its engine not started yet (play_begin
 * starts it), with a reference held; or NULL with *status 503 (too many
 * sessions, none of them left by its page) or 500. */
Session *session_create(int *status, char *why, size_t why_size);

/* The session with this id, referenced and marked as seen; NULL if none. */
Session *session_find(const char *id);

/* A reference for a search's reader thread, already holding one: it
 * keeps the memory, not the session, alive (an analysis left running in
 * a closed tab must still time out). */
void session_retain_background(Session *session);
void session_release_background(Session *session);

/* Marks it as seen (a stream that is still open). */
void session_touch(Session *session);

/* A page shows it (its event stream opened): from now on it ends soon
 * after its page goes. */
void session_shown(Session *session);

/* Its page is going away (the page's last request): it ends
 * SESSION_PAGE_GRACE_MS from now unless a request comes first. */
void session_leave(Session *session);

void session_release(Session *session);

/* Removes it from the table: its engine is ended once its last
 * reference is released. */
void session_remove(Session *session);

/* Removes the sessions unseen for longer than the timeout; returns how
 * many.  Called by the server about every 250 ms. */
int sessions_expire(void);

/* Ends every session's engine (Ctrl-C). */
void sessions_shutdown(void);

/* The number of sessions in the table. */
int sessions_count(void);

#endif
