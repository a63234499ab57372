/*
 * cli.h - tessera-arena's command line: flags into a TournamentConfig, or
 * the merge command's files, and the --help text (which documents every
 * flag and the exit codes).
 */
#ifndef TESSERA_ARENA_CLI_H
#define TESSERA_ARENA_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena/tournament.h"

/* Exit codes (also in --help and the README). */
enum {
    ARENA_EXIT_OK = 0,          /* the run completed (or its SPRT concluded) */
    ARENA_EXIT_FAILED = 1,      /* the run could not go on: PGN or log trouble */
    ARENA_EXIT_BAD_ARGS = 2,    /* bad command line, game, engine spec or openings */
    ARENA_EXIT_BAD_SPRT = 3,    /* the SPRT could not start: bad or unusable -sprt */
    ARENA_EXIT_ENGINE = 4,      /* an engine cannot be used: not found, not executable, no
                                   handshake or a refused option before the first game, or it
                                   stopped starting during the run */
    ARENA_EXIT_LAUNCHER = 5,    /* a launcher kept failing past the replays (replays.h):
                                   no such game is scored, finished games are kept */
    ARENA_EXIT_INTERRUPTED = 130 /* Ctrl-C: finished games are kept in the PGN */
};

typedef enum { COMMAND_RUN, COMMAND_MERGE, COMMAND_HELP, COMMAND_MERGE_HELP, COMMAND_REPAIR, COMMAND_REPAIR_HELP } ArenaCommand;

typedef struct {
    ArenaCommand command;
    TournamentConfig run;
    char *const *merge_files; /* points into argv */
    int merge_count;
    const char *repair_file; /* repair FILE */
} ArenaOptions;

/* Returns ARENA_EXIT_OK, ARENA_EXIT_BAD_ARGS or ARENA_EXIT_BAD_SPRT (err
 * filled).  On success release with cli_free. */
int cli_parse(int argc, char *const *argv, ArenaOptions *options, char *err, size_t err_size);
void cli_free(ArenaOptions *options);

/* Is any of argv[from..argc) -help, --help or -h?  merge and the tuner ask
 * before reading any flag, so that the help asked for is shown even where
 * other words are wrong; one test for both keeps the words the same. */
bool cli_asks_for_help(int argc, char *const *argv, int from);

void cli_print_help(FILE *out);
/* The help of `tessera-arena merge`. */
void cli_print_merge_help(FILE *out);

#endif
