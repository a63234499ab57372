/*
 * routes.h - what each request path does.
 *
 *   GET  /  /app.js  /style.css          the embedded page
 *   POST /api/sessions                   a new session: {"game", "start", "backend"} all optional
 *   GET  /api/sessions/ID                its state
 *   DELETE /api/sessions/ID              end it (and its engine)
 *   POST /api/sessions/ID/move           {"move": "d4"}
 *   POST /api/sessions/ID/undo           {"count": 1}
 *   POST /api/sessions/ID/new            {"game": "columna", "start": "startpos" | "fen ..." | "deal N"}
 *   POST /api/sessions/ID/option         {"name": "Backend", "value": "mcts"}
 *   POST /api/sessions/ID/go             {"movetime"|"depth"|"nodes": N, "infinite": true,
 *                                         "purpose": "play"|"analyse", "wait": true}
 *   POST /api/sessions/ID/stop
 *   GET  /api/sessions/ID/events         Server-Sent Events: state, info, bestmove, engine, message
 *   GET  /api/watch                      the files given with --watch
 *   GET  /api/watch/N?offset=K           file N from byte K on, cut after its last full line
 *
 * Errors are {"error": "..."} with a 4xx or 5xx status.  On a loopback
 * address a request whose Host header names anything but this machine
 * (localhost, 127.x.x.x, [::1]) is refused with 403: a web page elsewhere
 * that re-points its own name at 127.0.0.1 (DNS rebinding) gets nothing;
 * and a request whose Origin is a page of another site is refused too.
 */
#ifndef TESSERA_WEB_ROUTES_H
#define TESSERA_WEB_ROUTES_H

#include <stdatomic.h>
#include <stdbool.h>

#include "web/http.h"

#define WATCH_FILES_MAX 8

typedef struct {
    const char *watch[WATCH_FILES_MAX];
    int watch_count;
    const atomic_int *stopping; /* set on Ctrl-C: streams end */
    bool loopback_only;         /* listening on 127.x: only local Host names */
} RoutesConfig;

void routes_init(const RoutesConfig *config);

/* Answers req on fd (an event stream keeps fd until it ends). */
void routes_handle(int fd, const HttpRequest *req);

#endif
