/*
 * routes.h - what each request path does.
 *
 *   GET  /  /main.js  /style.css ...     the embedded page (HEAD too), or with --assets DIR
 *                                        the files in DIR (asset_dir.h)
 *   POST /api/sessions                   a new session: {"game", "start", "backend"} all optional
 *   GET  /api/sessions/ID                its state
 *   DELETE /api/sessions/ID              end it (and its engine)
 *   POST /api/sessions/ID/move           {"move": "d4"}
 *   POST /api/sessions/ID/undo           {"count": 1}
 *   POST /api/sessions/ID/new            {"game": "columna", "start": "startpos" | "fen ..." | "deal N"}
 *   POST /api/sessions/ID/option         {"name": "Backend", "value": "mcts"}
 *   POST /api/sessions/ID/go             {"movetime"|"depth"|"nodes": N, "infinite": true,
 *                                         "purpose": "play"|"analyse", "wait": true}
 *                                        or the clocks {"p1time", "p2time", "p1inc", "p2inc"} (ms)
 *   POST /api/sessions/ID/stop
 *   POST /api/sessions/ID/end            {"result": "p1win"|"p2win"|"draw", "reason": "p2 resigns"}
 *   POST /api/sessions/ID/draw           {"by": "p1"}: a draw offer, answered for the engine (draw_offer.h)
 *   POST /api/sessions/ID/leave          the page is going away (its pagehide beacon)
 *   GET  /api/sessions/ID/events         Server-Sent Events: state, info, bestmove, engine, message
 *   GET  /api/watch                      the files given with --watch
 *   GET  /api/watch/N?offset=K           file N from byte K on, cut after its last full line
 *
 * Errors are {"error": "..."} with a 4xx or 5xx status; a method a known
 * path does not take is 405 with an Allow header that lists those it
 * does.  A request whose Host or Origin is not this server's is refused
 * with 403 (host_check.h).
 */
#ifndef TESSERA_WEB_ROUTES_H
#define TESSERA_WEB_ROUTES_H

#include <stdatomic.h>
#include <stdbool.h>

#include "web/host_check.h"
#include "web/http.h"

#define WATCH_FILES_MAX 8

typedef struct {
    const char *watch[WATCH_FILES_MAX];
    int watch_count;
    const atomic_int *stopping; /* set on Ctrl-C: streams end */
    HostRules host_rules;       /* the names this server answers to */
    const char *assets_dir;     /* --assets: the page from this folder; NULL: embedded */
} RoutesConfig;

void routes_init(const RoutesConfig *config);

/* Answers req on fd (an event stream keeps fd until it ends). */
void routes_handle(int fd, const HttpRequest *req);

#endif
