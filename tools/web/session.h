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
 */
#ifndef TESSERA_WEB_SESSION_H
#define TESSERA_WEB_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "web/engine.h"
#include "web/events.h"

#define SESSION_MOVES_MAX 2000
#define SESSION_OPTIONS_MAX 32
#define SESSION_START_MAX 4096

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

    /* Guarded by lock from here on. */
    bool ending; /* being ended: no restart of a failing engine */
    const char *engine_path_ref; /* the program every engine is started from */
    Engine engine;
    bool engine_broken; /* a restart failed: every request answers 502 */
    char engine_error[512];
    int restarts;

    char game[32];
    char start[SESSION_START_MAX]; /* "startpos", "fen <string>" or "deal <seed>" */
    char *moves[SESSION_MOVES_MAX];
    int move_count;
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
} Session;

typedef struct {
    char engine_path[4096];
    int max_sessions;
    int timeout_ms;
} SessionConfig;

void sessions_init(const SessionConfig *config);

/* A new session with its engine started (a reference is held), or NULL
 * with *status 503 (too many sessions) or 502 (the engine cannot start). */
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
