/*
 * host_check.h - whether a request may have come from a page of this
 * server, by its Host and Origin headers.
 *
 * DNS rebinding: a page elsewhere re-points its own name at 127.0.0.1 and
 * sends requests here that its browser thinks are its own.  Its requests
 * then carry its own name in Host, so only the names a browser uses to
 * reach this server are accepted: localhost, 127.0.0.1 and [::1], and the
 * address given with --host (any IPv4 address when that is 0.0.0.0: an
 * address typed as digits cannot be rebound), each with this server's
 * port.  A request without Host is no browser's: only HTTP/1.0 may
 * leave it out (http.h refuses an HTTP/1.1 request without one).
 *
 * Cross-site requests: a page elsewhere may send requests blind; its
 * browser names it in Origin.  Origin, when present, must be this server
 * (http:// and an accepted Host); "null" (a sandboxed or file: page) is
 * refused on requests that change something.
 */
#ifndef TESSERA_WEB_HOST_CHECK_H
#define TESSERA_WEB_HOST_CHECK_H

#include <stdbool.h>

typedef struct {
    const char *listen_host; /* --host */
    int port;                /* the port listened on */
} HostRules;

bool host_allowed(const HostRules *rules, const char *host_header);

/* changes: the request's method changes state (anything but GET, HEAD). */
bool origin_allowed(const HostRules *rules, const char *origin_header, bool changes);

#endif
