/* cli.c - flags of tessera-web, each checked; nothing silently clamped. */
#include "web/cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/flags.h"
#include "process/program_path.h"
#include "util/parse_number.h"
#include "web/admission.h"
#include "web/asset_dir.h"

void web_print_help(void)
{
    printf("tessera-web: play, analyse and watch the four games in a browser\n"
           "\n"
           "usage: tessera-web [--port N] [--host ADDR] [--engine PATH] [--watch FILE]... [--assets DIR]\n"
           "\n"
           "  --port N              port to listen on (default 8080; 0: any free port, printed)\n"
           "  --host ADDR           IPv4 address to listen on (default 127.0.0.1: this machine only);\n"
           "                        a browser must name the server as localhost, 127.0.0.1 or ADDR\n"
           "                        (0.0.0.0: any address in digits), with its port\n"
           "  --engine PATH         the engine every session runs (default: tessera in this program's\n"
           "                        folder, as /proc/self/exe names it, or in argv[0]'s; else tessera\n"
           "                        in PATH: so build/tessera-web runs build/tessera, and an\n"
           "                        installed one the tessera installed beside it)\n"
           "  --max-sessions N      sessions at once, each with its own engine process (default 8, max 256)\n"
           "  --session-timeout S   end a session and its engine after S seconds without a request\n"
           "                        (default 600); a session a page showed ends 10 s after the page\n"
           "                        went (or sooner, when S is less)\n"
           "  --max-threads N       the most search threads a page may give its engine (default 2)\n"
           "  --max-hash MB         the most hash table a page may give its engine (default 64)\n"
           "  --max-streams N       event streams (open pages) at once (default 512, 8 to 4096); one\n"
           "                        address holds at most an eighth of them, and fewer than are free\n"
           "  --watch FILE          a PGN an arena run writes (-pgnout) or a tuner CSV (-csv, by its .csv\n"
           "                        name) to follow on the page's Watch tab; repeatable, at most 8.\n"
           "                        Only these files are read: the page cannot name others.\n"
           "  --assets DIR          serve the page's files from DIR (a copy of tools/web/assets/) instead of\n"
           "                        the copies built in, so an edit shows on a reload with no rebuild;\n"
           "                        only plain names directly in DIR (.html .js .css .svg .png)\n"
           "  --client ...          one request to a running server (tests, scripts): see --client --help\n"
           "  --help / -h           this text\n"
           "  --version             the version\n"
           "\n"
           "Open the printed address (http://127.0.0.1:8080/ by default) in a browser.  Ctrl-C ends\n"
           "every engine process and exits with status 0.\n"
           "Exit status: 0 stopped by Ctrl-C or SIGTERM; 1 cannot listen; 2 bad arguments.\n");
}

/* A whole number in [min, max] for flag; the error names both. */
static bool read_int(const char *flag, const char *value, int min, int max, int *out, char *err, size_t err_size)
{
    if (parse_int_range(value, min, max, out))
        return true;
    snprintf(err, err_size, "%s %s: expected a whole number from %d to %d", flag, value, min, max);
    return false;
}

static bool read_text(const char *flag, const char *value, char *out, size_t out_size, char *err, size_t err_size)
{
    if (!*value || strlen(value) >= out_size) {
        snprintf(err, err_size, "%s: expected a value of 1 to %zu characters", flag, out_size - 1);
        return false;
    }
    snprintf(out, out_size, "%s", value);
    return true;
}

static bool read_port(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, 0, 65535, &((WebOptions *)target)->port, err, err_size);
}

static bool read_host(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    WebOptions *o = target;
    return read_text(flag, value, o->host, sizeof o->host, err, err_size);
}

static bool read_engine(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    WebOptions *o = target;
    return read_text(flag, value, o->engine, sizeof o->engine, err, err_size);
}

static bool read_max_sessions(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, 1, 256, &((WebOptions *)target)->max_sessions, err, err_size);
}

static bool read_session_timeout(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    int seconds;
    if (!read_int(flag, value, 1, 7 * 24 * 3600, &seconds, err, err_size))
        return false;
    ((WebOptions *)target)->session_timeout_ms = seconds * 1000;
    return true;
}

static bool read_max_threads(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, 1, 256, &((WebOptions *)target)->max_threads, err, err_size);
}

static bool read_max_hash(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, 1, 65536, &((WebOptions *)target)->max_hash_mb, err, err_size);
}

static bool read_max_streams(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_int(flag, value, STREAMS_MAX_MIN, STREAMS_MAX_LIMIT, &((WebOptions *)target)->max_streams, err,
                    err_size);
}

static bool read_watch(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    WebOptions *o = target;
    if (o->watch_count == WATCH_FILES_MAX) {
        snprintf(err, err_size, "%s: at most %d files", flag, WATCH_FILES_MAX);
        return false;
    }
    o->watch[o->watch_count++] = value;
    return true;
}

static bool read_assets(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (!asset_dir_usable(value)) {
        snprintf(err, err_size, "%s %s: not a folder that can be read", flag, value);
        return false;
    }
    ((WebOptions *)target)->assets = value;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((WebOptions *)target)->help = true;
    return true;
}

static const Flag web_flags[] = {
    {"--port", .on_value = read_port},
    {"--host", .on_value = read_host},
    {"--engine", .on_value = read_engine},
    {"--max-sessions", .on_value = read_max_sessions},
    {"--session-timeout", .on_value = read_session_timeout},
    {"--max-threads", .on_value = read_max_threads},
    {"--max-hash", .on_value = read_max_hash},
    {"--max-streams", .on_value = read_max_streams},
    {"--watch", .on_value = read_watch},
    {"--assets", .on_value = read_assets},
    {"--help", .on_switch = set_help},
    {"-h", .on_switch = set_help},
    {.name = NULL},
};

bool web_parse_args(int argc, char **argv, WebOptions *o, char *why, size_t why_size)
{
    memset(o, 0, sizeof *o);
    snprintf(o->host, sizeof o->host, "127.0.0.1");
    o->port = 8080;
    o->max_sessions = 8;
    o->session_timeout_ms = 600 * 1000;
    o->max_threads = 2;
    o->max_hash_mb = 64;
    o->max_streams = STREAMS_MAX_DEFAULT;
    sibling_program(argv[0], "tessera", o->engine, sizeof o->engine);
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(web_flags, argv[i]);
        if (!row) {
            snprintf(why, why_size, "unknown flag '%s' (see --help)", argv[i]);
            return false;
        }
        if (flag_read(row, o, argc, argv, &i, 2, why, why_size) != 0)
            return false;
    }
    if (access(o->engine, X_OK) != 0 && !o->help) {
        snprintf(why, why_size, "the engine %s is not an executable file (give --engine PATH)", o->engine);
        return false;
    }
    return true;
}
