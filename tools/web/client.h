/*
 * client.h - tessera-web's client mode, for tests and scripts on machines
 * without curl: one request to a running server, the whole answer
 * (status line, headers, body) printed to stdout.
 *
 *   tessera-web --client --port P [--host H] [--max-time MS] METHOD PATH [BODY]
 *   tessera-web --client --port P --raw < request-bytes
 *
 * --max-time ends the read (an event stream never ends by itself); --raw
 * sends stdin's bytes as they are (to test malformed requests).
 */
#ifndef TESSERA_WEB_CLIENT_H
#define TESSERA_WEB_CLIENT_H

/* Exit status: 0 an answer came, 1 no connection or no answer. */
int client_main(int argc, char **argv);

#endif
