/* main.c - tessera-web: the browser GUI's server (or, with --client, one
 * request to it). */
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/version.h"
#include "web/admission.h"
#include "web/cli.h"
#include "web/client.h"
#include "web/routes.h"
#include "web/server.h"
#include "web/session.h"

static atomic_int stopping;

static void on_signal(int signal_number)
{
    (void)signal_number;
    atomic_store(&stopping, 1);
}

static void catch_signals(void)
{
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-web", false))
        return 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--client") == 0)
            return client_main(argc, argv);
    WebOptions options;
    char why[4200];
    if (!web_parse_args(argc, argv, &options, why, sizeof why)) {
        fprintf(stderr, "tessera-web: %s\n", why);
        return 2;
    }
    if (options.help) {
        web_print_help();
        return 0;
    }
    int port;
    int listener = server_listen(options.host, options.port, &port, why, sizeof why);
    if (listener < 0) {
        fprintf(stderr, "tessera-web: %s\n", why);
        return 1;
    }
    SessionConfig sessions = {{0}, options.max_sessions, options.session_timeout_ms,
                              {options.max_threads, options.max_hash_mb}};
    snprintf(sessions.engine_path, sizeof sessions.engine_path, "%s", options.engine);
    sessions_init(&sessions);
    admission_set_streams_max(options.max_streams);
    RoutesConfig routes = {{0}, options.watch_count, &stopping, {options.host, port}, options.assets};
    memcpy(routes.watch, options.watch, sizeof routes.watch);
    routes_init(&routes);
    catch_signals();
    printf("tessera-web: listening on http://%s:%d/ (engine %s; Ctrl-C to stop)\n", options.host, port,
           options.engine);
    fflush(stdout);
    server_run(listener, &stopping);
    close(listener);
    sessions_shutdown();
    printf("tessera-web: stopped; every engine process ended\n");
    return 0;
}
