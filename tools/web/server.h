/*
 * server.h - the listening socket and a thread per connection.
 */
#ifndef TESSERA_WEB_SERVER_H
#define TESSERA_WEB_SERVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define SERVER_CONNECTIONS_MAX 64

/* Binds host:port (port 0: any free one), and fills *bound_port.  Returns
 * the socket, or -1 with why filled. */
int server_listen(const char *host, int port, int *bound_port, char *why, size_t why_size);

/* Accepts connections until *stopping is set, expiring idle sessions as
 * it goes; each connection is served on a thread of its own. */
void server_run(int listener, const atomic_int *stopping);

#endif
