/* events.c - a ring of numbered events and a condition to wait on. */
#include "web/events.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void events_init(EventQueue *queue)
{
    memset(queue, 0, sizeof *queue);
    pthread_mutex_init(&queue->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&queue->changed, &attr);
    pthread_condattr_destroy(&attr);
}

void events_destroy(EventQueue *queue)
{
    for (int i = 0; i < EVENT_RING; i++)
        free(queue->ring[i]);
    pthread_cond_destroy(&queue->changed);
    pthread_mutex_destroy(&queue->lock);
}

void events_publish(EventQueue *queue, const char *type, const char *data)
{
    pthread_mutex_lock(&queue->lock);
    uint64_t id = queue->last_id + 1;
    size_t size = strlen(type) + strlen(data) + 64;
    char *text = malloc(size);
    if (text) {
        snprintf(text, size, "id: %llu\nevent: %s\ndata: %s\n\n", (unsigned long long)id, type, data);
        free(queue->ring[id % EVENT_RING]);
        queue->ring[id % EVENT_RING] = text;
        queue->last_id = id;
        pthread_cond_broadcast(&queue->changed);
    }
    pthread_mutex_unlock(&queue->lock);
}

void events_close(EventQueue *queue)
{
    pthread_mutex_lock(&queue->lock);
    queue->closed = true;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

uint64_t events_last_id(EventQueue *queue)
{
    pthread_mutex_lock(&queue->lock);
    uint64_t id = queue->last_id;
    pthread_mutex_unlock(&queue->lock);
    return id;
}

bool events_wait(EventQueue *queue, uint64_t *after, int timeout_ms, TextBuf *out)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&queue->lock);
    while (!queue->closed && queue->last_id <= *after)
        if (pthread_cond_timedwait(&queue->changed, &queue->lock, &until) == ETIMEDOUT)
            break;
    uint64_t first = *after + 1;
    if (queue->last_id >= EVENT_RING && first <= queue->last_id - EVENT_RING)
        first = queue->last_id - EVENT_RING + 1; /* the older ones were dropped */
    for (uint64_t id = first; id <= queue->last_id; id++)
        text_append(out, queue->ring[id % EVENT_RING], strlen(queue->ring[id % EVENT_RING]));
    if (queue->last_id > *after)
        *after = queue->last_id;
    bool open = !queue->closed;
    pthread_mutex_unlock(&queue->lock);
    return open;
}
