/* admission.c - counts of busy workers and of open streams by address. */
#include "web/admission.h"

#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int workers;
static int streams;

/* Open streams by address; an address leaves when its count falls to 0.
 * STREAMS_MAX entries at most, since each holds a stream. */
static struct {
    unsigned long peer;
    int count;
} by_address[STREAMS_MAX];
static int addresses;

bool admission_worker_begin(void)
{
    pthread_mutex_lock(&lock);
    bool admitted = workers < WORKERS_MAX;
    workers += admitted;
    pthread_mutex_unlock(&lock);
    return admitted;
}

void admission_worker_end(void)
{
    pthread_mutex_lock(&lock);
    workers--;
    pthread_mutex_unlock(&lock);
}

/* The entry of peer (lock held), or -1. */
static int find_address(unsigned long peer)
{
    for (int i = 0; i < addresses; i++)
        if (by_address[i].peer == peer)
            return i;
    return -1;
}

bool admission_stream_begin(unsigned long peer)
{
    pthread_mutex_lock(&lock);
    int i = find_address(peer);
    bool admitted = streams < STREAMS_MAX && (i < 0 || by_address[i].count < STREAMS_PER_ADDRESS);
    if (admitted) {
        if (i < 0) {
            i = addresses++;
            by_address[i].peer = peer;
            by_address[i].count = 0;
        }
        by_address[i].count++;
        streams++;
        workers--;
    }
    pthread_mutex_unlock(&lock);
    return admitted;
}

void admission_stream_end(unsigned long peer)
{
    pthread_mutex_lock(&lock);
    int i = find_address(peer);
    if (i >= 0 && --by_address[i].count == 0)
        by_address[i] = by_address[--addresses];
    streams--;
    workers++;
    pthread_mutex_unlock(&lock);
}

int admission_streams_of(unsigned long peer)
{
    pthread_mutex_lock(&lock);
    int i = find_address(peer);
    int count = i < 0 ? 0 : by_address[i].count;
    pthread_mutex_unlock(&lock);
    return count;
}
