/*
 * spec.h - how to run one engine: command, arguments, protocol, options and
 * time control, as given by `-engine key=value ...` and `-each ...`.
 */
#ifndef TESSERA_ARENA_SPEC_H
#define TESSERA_ARENA_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "arena/launcher.h"
#include "arena/timecontrol.h"

#define SPEC_NAME_MAX 64
#define SPEC_TEXT_MAX 1024
#define SPEC_MAX_OPTIONS 48
#define SPEC_MAX_ARGS 64

/* Default for timeout=: how long the handshake, readyok, and a move that no
 * clock or st bounds may take. */
#define SPEC_DEFAULT_TIMEOUT_MS 10000

/* Default for timemargin= where st= is given and timemargin= is not: an
 * engine thinks the whole st (as `go movetime` asks), so the pipes, a busy
 * machine's scheduling and the bestmove's way back need some grace. */
#define SPEC_ST_DEFAULT_MARGIN_MS 500

typedef enum { PROTO_UCI, PROTO_UGI } Protocol;

typedef struct {
    char name[SPEC_NAME_MAX];
    char value[SPEC_TEXT_MAX / 4];
} EngineOption;

/* Which keys were given, so that -each fills only what an engine left out. */
enum {
    SPEC_HAS_NAME = 1 << 0,
    SPEC_HAS_CMD = 1 << 1,
    SPEC_HAS_ARGS = 1 << 2,
    SPEC_HAS_PROTO = 1 << 3,
    SPEC_HAS_CLOCK = 1 << 4,
    SPEC_HAS_ST = 1 << 5,
    SPEC_HAS_DEPTH = 1 << 6,
    SPEC_HAS_NODES = 1 << 7,
    SPEC_HAS_MARGIN = 1 << 8,
    SPEC_HAS_TIMEOUT = 1 << 9,
    SPEC_HAS_PONDER = 1 << 10,
    SPEC_HAS_LAUNCHER = 1 << 11
};

typedef struct {
    char name[SPEC_NAME_MAX];
    char cmd[SPEC_TEXT_MAX];
    char args[SPEC_TEXT_MAX];
    Protocol proto;
    EngineOption options[SPEC_MAX_OPTIONS];
    int option_count;
    TimeControl tc;
    long long timeout_ms;
    bool ponder;    /* ponder=on: think on the opponent's time, as cutechess's ponder */
    /* launcher=WORDS (or the run's -launcher): the engine runs as these
     * words followed by cmd and args (launcher.h); "" runs cmd itself.
     * Not part of what a run measures (runconfig.h leaves it out). */
    char launcher[SPEC_TEXT_MAX];
    const LauncherHosts *hosts; /* for {host} in launcher; NULL: none */
    int launcher_retries; /* the run's -launcher-retries: a start whose launcher
                             failed is tried again this many times (replays.h) */
    unsigned given; /* SPEC_HAS_* bits */
} EngineSpec;

void spec_init(EngineSpec *spec);

/* Applies one key=value token (cmd=, name=, args=, proto=, option.N=,
 * tc=, st=, depth=, nodes=, timemargin=, timeout=, ponder=, launcher=). */
bool spec_apply_token(EngineSpec *spec, const char *token, char *err, size_t err_size);

/* Sets (or replaces) option name. */
bool spec_set_option(EngineSpec *spec, const char *name, const char *value, char *err,
                     size_t err_size);

/* Fills what spec left out from each (options: each's first, spec's win). */
void spec_merge_each(EngineSpec *spec, const EngineSpec *each);

/* Final checks after merging: a command and a time control are required;
 * the name defaults to the command's file name.  (The launcher's {host}
 * is checked against the run's hosts by the command line.) */
bool spec_finish(EngineSpec *spec, char *err, size_t err_size);

/* Splits args like a shell would (blanks separate, '...' and "..." quote,
 * backslash escapes) into argv pointers into storage.  Returns the count,
 * or -1 with err filled. */
int spec_split_args(const char *args, char *storage, size_t storage_size, char **argv,
                    int max_args, char *err, size_t err_size);

const char *protocol_name(Protocol proto);

#endif
