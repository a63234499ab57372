/*
 * server.h - the listening socket, the connections still sending their
 * request, and a worker thread per request.
 *
 * One thread (server_run) accepts connections and reads every request as
 * its bytes arrive, with poll: a slow or idle client costs a socket and a
 * buffer, never a thread.  A request must arrive whole within
 * HTTP_READ_TIMEOUT_MS of its connection (408 after); at most
 * SERVER_PENDING_MAX connections wait at once, PENDING_PER_ADDRESS from
 * one address: a newcomer beyond either takes the place of the oldest
 * waiting one (of its own address first), so a flood delays nobody else's
 * request by more than the time to read it.  A complete request goes to a
 * worker thread (see admission.h).
 */
#ifndef TESSERA_WEB_SERVER_H
#define TESSERA_WEB_SERVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define SERVER_PENDING_MAX 1024
#define PENDING_PER_ADDRESS 256

/* Binds host:port (port 0: any free one), and fills *bound_port.  Returns
 * the socket, or -1 with why filled. */
int server_listen(const char *host, int port, int *bound_port, char *why, size_t why_size);

/* Accepts and reads requests until *stopping is set, expiring idle
 * sessions as it goes; each complete request is answered on a worker
 * thread. */
void server_run(int listener, const atomic_int *stopping);

#endif
