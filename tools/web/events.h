/*
 * events.h - a session's live events, for Server-Sent Events streams.
 *
 * Events are numbered from 1 and kept in a ring of the last EVENT_RING;
 * a stream asks for the events after the last id it sent and waits when
 * there are none.  Publishing never blocks on a slow browser: a stream
 * that falls more than EVENT_RING behind skips what was dropped.
 */
#ifndef TESSERA_WEB_EVENTS_H
#define TESSERA_WEB_EVENTS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "web/json.h"

#define EVENT_RING 256

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t last_id; /* of the newest event; 0 before any */
    char *ring[EVENT_RING]; /* "id: N\nevent: TYPE\ndata: JSON\n\n", by id % EVENT_RING */
    bool closed;
} EventQueue;

void events_init(EventQueue *queue);
void events_destroy(EventQueue *queue);

/* Adds an event of type with data (one line of JSON) and wakes streams. */
void events_publish(EventQueue *queue, const char *type, const char *data);

/* No more events: waiting streams end. */
void events_close(EventQueue *queue);

/* The id of the newest event (a new stream starts after it). */
uint64_t events_last_id(EventQueue *queue);

/* Appends to out the SSE text of the events after *after, waiting up to
 * timeout_ms for one, and moves *after on.  False once the queue is closed. */
bool events_wait(EventQueue *queue, uint64_t *after, int timeout_ms, TextBuf *out);

#endif
