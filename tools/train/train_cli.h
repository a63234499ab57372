/* train_cli.h - tessera-train's flags (tools/cli/flags.c's table). */
#ifndef TESSERA_TRAIN_CLI_H
#define TESSERA_TRAIN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"

enum { TRAIN_EXIT_OK = 0, TRAIN_EXIT_FAILED = 1, TRAIN_EXIT_BAD_ARGS = 2 };

typedef struct {
    bool help;
    const Game *game;
    const char **data_paths; /* -data: files and folders, in order (allocated: train_cli_free) */
    int data_count;
    const char *out_path;
    char checkpoint_path[4096]; /* default: the -out path + ".ckpt" */
    int epochs, batch, hidden, hidden2, threads;
    double learning_rate, lambda, k; /* k 0: fitted to the data */
    uint64_t seed;
    bool steps; /* -steps: train on the positions inside the recorded turns too */
    bool policy; /* -policy: train a policy head too */
    double policy_weight; /* -policy-weight: its loss's weight (0.1 with -policy) */
} TrainOptions;

/* Fills o from argv; false with err (one line naming the flag).  Call
 * train_cli_free after either answer. */
bool train_cli_parse(int argc, char *const *argv, TrainOptions *o, char *err, size_t err_size);

void train_cli_free(TrainOptions *o);

/* The -data arguments in one word for messages and the checkpoint: the
 * path when there is one, else the paths joined by ',' (cut short, with
 * their count and a hash of them all, when long). */
void train_cli_data_label(const TrainOptions *o, char *out, size_t out_size);

/* The configuration a checkpoint must match (everything but -epochs,
 * -threads and the paths of -out and -checkpoint), for positions samples. */
void train_cli_configuration(const TrainOptions *o, size_t positions, char *out, size_t out_size);

void train_cli_print_help(FILE *out);

#endif
