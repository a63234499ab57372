/*
 * admission.h - how many requests and event streams the server serves at
 * once, so that no one client starves the others.
 *
 * A complete request is answered on a worker thread; at most WORKERS_MAX
 * at once (a 503 beyond).  An event stream runs as long as its page stays
 * open, so it leaves the workers' count when it starts and is counted
 * apart, against the server's cap (--max-streams, STREAMS_MAX_DEFAULT):
 *
 *   - no address holds more than its share, an eighth of the cap (64 of
 *     512), so that one client's tabs leave the rest to the others;
 *   - nor as many as the streams still free: an address may open one
 *     only while it holds fewer than the cap has left, so that however
 *     many addresses fill their shares (8 local addresses x 64), a new
 *     address still finds room; the cap itself is reached only by many
 *     addresses holding a few streams each.
 *
 * A refusal says which rule refused it.  (Connections still sending their
 * request hold no thread at all: the server's accept loop reads them, see
 * server.c.)
 */
#ifndef TESSERA_WEB_ADMISSION_H
#define TESSERA_WEB_ADMISSION_H

#include <stdbool.h>
#include <stddef.h>

#define WORKERS_MAX 64
#define STREAMS_MAX_DEFAULT 512
#define STREAMS_MAX_MIN 8
#define STREAMS_MAX_LIMIT 4096 /* each stream holds a thread */
#define STREAMS_SHARE_DIVISOR 8

/* The server's cap on streams (STREAMS_MAX_MIN to STREAMS_MAX_LIMIT;
 * STREAMS_MAX_DEFAULT until set).  Called before any stream opens. */
void admission_set_streams_max(int streams_max);
int admission_streams_max(void);
/* An address's share: the cap / STREAMS_SHARE_DIVISOR. */
int admission_streams_share(void);

/* A worker for one request; false when WORKERS_MAX are busy. */
bool admission_worker_begin(void);
void admission_worker_end(void);

/* The calling worker's request becomes a stream from peer (an IPv4
 * address): false, and still a worker, when a rule above refuses it, with
 * why saying which (this address's share, the streams kept for other
 * addresses, or the server's cap).  admission_stream_end turns it back
 * into a worker (which then ends as one). */
bool admission_stream_begin(unsigned long peer, char *why, size_t why_size);
void admission_stream_end(unsigned long peer);

/* Open streams from peer (tests). */
int admission_streams_of(unsigned long peer);

#endif
