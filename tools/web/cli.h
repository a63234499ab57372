/*
 * cli.h - tessera-web's command line.
 */
#ifndef TESSERA_WEB_CLI_H
#define TESSERA_WEB_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "web/routes.h"

typedef struct {
    char host[64];
    int port;
    char engine[4096];
    int max_sessions;
    int session_timeout_ms;
    int max_threads;
    int max_hash_mb;
    int max_streams;
    const char *watch[WATCH_FILES_MAX];
    int watch_count;
    const char *assets; /* --assets DIR, or NULL */
    bool help;
} WebOptions;

/* Fills options from argv; false with why filled on a bad command line. */
bool web_parse_args(int argc, char **argv, WebOptions *options, char *why, size_t why_size);

void web_print_help(void);

#endif
