/*
 * texel_command.h - `tessera-tune texel -game G -data FILE`: loads the
 * data, fits K and then every evaluation weight of the game, prints the
 * losses before and after on the training and validation sets, the
 * setoption block, and writes the values as a theta CSV (row 0 the start,
 * row 1 the fit) that `tessera-tune verify -csv FILE` plays.
 */
#ifndef TESSERA_TUNE_TEXEL_COMMAND_H
#define TESSERA_TUNE_TEXEL_COMMAND_H

#include <stdio.h>

/* argv[0] is "texel"; returns a TUNE_EXIT_* code. */
int texel_command(int argc, char *const *argv, FILE *out, FILE *errout);

void texel_print_help(FILE *out);

#endif
