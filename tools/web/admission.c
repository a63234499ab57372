/* admission.c - counts of busy workers and of open streams by address. */
#include "web/admission.h"

#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int workers;
static int streams;
static int streams_max = STREAMS_MAX_DEFAULT;

/* Open streams by address; an address leaves when its count falls to 0.
 * STREAMS_MAX_LIMIT entries at most, since each holds a stream. */
static struct {
    unsigned long peer;
    int count;
} by_address[STREAMS_MAX_LIMIT];
static int addresses;

void admission_set_streams_max(int max)
{
    pthread_mutex_lock(&lock);
    streams_max = max < STREAMS_MAX_MIN ? STREAMS_MAX_MIN : max > STREAMS_MAX_LIMIT ? STREAMS_MAX_LIMIT : max;
    pthread_mutex_unlock(&lock);
}

int admission_streams_max(void)
{
    pthread_mutex_lock(&lock);
    int max = streams_max;
    pthread_mutex_unlock(&lock);
    return max;
}

int admission_streams_share(void) { return admission_streams_max() / STREAMS_SHARE_DIVISOR; }

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

/* Whether an address holding own streams may open one more (lock held);
 * why says which rule refused it. */
static bool stream_allowed(int own, char *why, size_t why_size)
{
    int share = streams_max / STREAMS_SHARE_DIVISOR, free_streams = streams_max - streams;
    if (free_streams <= 0)
        snprintf(why, why_size, "the server's %d event streams are all open; try again later", streams_max);
    else if (own >= share)
        snprintf(why, why_size,
                 "this address has its share of event streams open (%d, an eighth of the server's %d); close a tab",
                 own, streams_max);
    else if (own >= free_streams)
        snprintf(why, why_size,
                 "the server's last %d free event streams are kept for other addresses (this address has %d open); "
                 "close a tab",
                 free_streams, own);
    else
        return true;
    return false;
}

bool admission_stream_begin(unsigned long peer, char *why, size_t why_size)
{
    pthread_mutex_lock(&lock);
    int i = find_address(peer);
    bool admitted = stream_allowed(i < 0 ? 0 : by_address[i].count, why, why_size);
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
