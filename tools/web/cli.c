/* cli.c - flags of tessera-web, each checked; nothing silently clamped. */
#include "web/cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void web_print_help(void)
{
    printf("tessera-web: play, analyse and watch the four games in a browser\n"
           "\n"
           "usage: tessera-web [--port N] [--host ADDR] [--engine PATH] [--watch FILE]...\n"
           "\n"
           "  --port N              port to listen on (default 8080; 0: any free port, printed)\n"
           "  --host ADDR           IPv4 address to listen on (default 127.0.0.1: this machine only)\n"
           "  --engine PATH         the engine every session runs (default: tessera beside this program)\n"
           "  --max-sessions N      sessions at once, each with its own engine process (default 8, max 256)\n"
           "  --session-timeout S   end a session and its engine after S seconds without a request\n"
           "                        or an open page (default 600)\n"
           "  --watch FILE          a PGN an arena run writes (-pgnout) or a tuner CSV (-csv, by its .csv\n"
           "                        name) to follow on the page's Watch tab; repeatable, at most 8.\n"
           "                        Only these files are read: the page cannot name others.\n"
           "  --client ...          one request to a running server (tests, scripts): see --client --help\n"
           "  --help                this text\n"
           "\n"
           "Open the printed address (http://127.0.0.1:8080/ by default) in a browser.  Ctrl-C ends\n"
           "every engine process and exits with status 0.\n"
           "Exit status: 0 stopped by Ctrl-C or SIGTERM; 1 cannot listen; 2 bad arguments.\n");
}

static bool parse_int(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* tessera beside this program: build/tessera-web runs build/tessera. */
static void default_engine(const char *argv0, char *out, size_t out_size)
{
    const char *slash = strrchr(argv0, '/');
    if (slash)
        snprintf(out, out_size, "%.*stessera", (int)(slash - argv0 + 1), argv0);
    else
        snprintf(out, out_size, "tessera");
}

bool web_parse_args(int argc, char **argv, WebOptions *o, char *why, size_t why_size)
{
    memset(o, 0, sizeof *o);
    snprintf(o->host, sizeof o->host, "127.0.0.1");
    o->port = 8080;
    o->max_sessions = 8;
    o->session_timeout_ms = 600 * 1000;
    default_engine(argv[0], o->engine, sizeof o->engine);
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            o->help = true;
            continue;
        }
        if (i + 1 >= argc) {
            snprintf(why, why_size, "unknown flag or flag without a value: %s", flag);
            return false;
        }
        const char *value = argv[++i];
        long n;
        if (strcmp(flag, "--port") == 0 && parse_int(value, 0, 65535, &n))
            o->port = (int)n;
        else if (strcmp(flag, "--host") == 0 && strlen(value) < sizeof o->host)
            snprintf(o->host, sizeof o->host, "%s", value);
        else if (strcmp(flag, "--engine") == 0 && strlen(value) < sizeof o->engine)
            snprintf(o->engine, sizeof o->engine, "%s", value);
        else if (strcmp(flag, "--max-sessions") == 0 && parse_int(value, 1, 256, &n))
            o->max_sessions = (int)n;
        else if (strcmp(flag, "--session-timeout") == 0 && parse_int(value, 1, 7 * 24 * 3600, &n))
            o->session_timeout_ms = (int)n * 1000;
        else if (strcmp(flag, "--watch") == 0 && o->watch_count < WATCH_FILES_MAX)
            o->watch[o->watch_count++] = value;
        else {
            snprintf(why, why_size, "bad value '%s' for %s (or unknown flag; see --help)", value, flag);
            return false;
        }
    }
    if (access(o->engine, X_OK) != 0 && !o->help) {
        snprintf(why, why_size, "the engine %s is not an executable file (give --engine PATH)", o->engine);
        return false;
    }
    return true;
}
