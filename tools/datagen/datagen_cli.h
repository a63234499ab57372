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
    uint64_t games;     /* -games N: the games 0..N-1, first_game..last_game (0: no limit) */
    bool game_range;    /* -games A..B: a slice, exactly the games numbered first_game..last_game */
    uint64_t first_game, last_game; /* the games to play, with -games */
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

/* "A..B" (plain decimal whole numbers, A <= B); false otherwise. */
bool datagen_parse_range(const char *text, uint64_t *first, uint64_t *last);

/* The configuration's " games=A..B" (a file of -games A..B, a slice): its
 * start in configuration, or NULL when it has none. */
const char *datagen_range_in(const char *configuration, uint64_t *first, uint64_t *last);

/* The line that ends a file of -games A..B once every one of its games is
 * written ("# complete: games A..B", no newline). */
void datagen_complete_line(uint64_t first, uint64_t last, char *out, size_t out_size);

/* The configuration the data depends on, as the file header records it
 * ("game=ID backend=... nodes=..."); a resumed run must match it.  A
 * -games A..B run adds " games=A..B" at the end: a slice resumes only as
 * the same slice, and `tessera-datagen merge` joins slices by it. */
void datagen_configuration(const DatagenOptions *options, char *out, size_t out_size);

#endif
