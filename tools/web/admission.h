/*
 * admission.h - how many requests and event streams the server serves at
 * once, so that no one client starves the others.
 *
 * A complete request is answered on a worker thread; at most WORKERS_MAX
 * at once (a 503 beyond).  An event stream runs as long as its page stays
 * open, so it leaves the workers' count when it starts and is counted
 * apart: at most STREAMS_PER_ADDRESS from one client address and
 * STREAMS_MAX in all.  (Connections still sending their request hold no
 * thread at all: the server's accept loop reads them, see server.c.)
 */
#ifndef TESSERA_WEB_ADMISSION_H
#define TESSERA_WEB_ADMISSION_H

#include <stdbool.h>

#define WORKERS_MAX 64
#define STREAMS_MAX 512
#define STREAMS_PER_ADDRESS 64

/* A worker for one request; false when WORKERS_MAX are busy. */
bool admission_worker_begin(void);
void admission_worker_end(void);

/* The calling worker's request becomes a stream from peer (an IPv4
 * address): false, and still a worker, when that address or the server
 * has as many streams as it may.  admission_stream_end turns it back into
 * a worker (which then ends as one). */
bool admission_stream_begin(unsigned long peer);
void admission_stream_end(unsigned long peer);

/* Open streams from peer (tests). */
int admission_streams_of(unsigned long peer);

#endif
