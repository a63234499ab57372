/*
 * datagen_cli.h - tessera-datagen's command line.
 */
#ifndef TESSERA_DATAGEN_CLI_H
#define TESSERA_DATAGEN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"
#include "search/search.h"

/* The arena's exit codes, so scripts treat every tool alike. */
enum { DATAGEN_EXIT_OK = 0, DATAGEN_EXIT_FAILED = 1, DATAGEN_EXIT_BAD_ARGS = 2,
       DATAGEN_EXIT_INTERRUPTED = 130 };

#define DATAGEN_MAX_THREADS 256

typedef struct {
    bool help;
    const Game *game;
    const Backend *backend;
    const char *out_path;
    uint64_t games;     /* stop after this many more games (0: no limit) */
    uint64_t positions; /* stop once the file holds this many (0: no limit) */
    int threads;
    uint64_t nodes;
    int depth;
    int plies;
    uint64_t seed;
    size_t hash_mb;
    int board_width, board_height; /* 0: the game's own start */
    double progress_seconds;
    const char *eval_path; /* -eval: the searches evaluate with this network, or "classic" (NULL: Eval=auto) */
    const Game *eval_game; /* the game that network is for */
} DatagenOptions;

/* Returns DATAGEN_EXIT_OK or DATAGEN_EXIT_BAD_ARGS with err filled. */
int datagen_cli_parse(int argc, char *const *argv, DatagenOptions *options, char *err,
                      size_t err_size);

void datagen_cli_print_help(FILE *out);

/* The configuration the data depends on, as the file header records it
 * ("game=ID backend=... nodes=..."); a resumed run must match it. */
void datagen_configuration(const DatagenOptions *options, char *out, size_t out_size);

#endif
