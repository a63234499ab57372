/*
 * wdl_command.h - `tessera-tune wdl -game G -data FILE`: fits the game's
 * win/draw/loss model (WdlModel, game.h) to self-play data by maximum
 * likelihood on nine games in ten, and prints its calibration on the
 * tenth (the held-out games of Texel's split) and the constants to paste
 * into the game's file.
 */
#ifndef TESSERA_TUNE_WDL_COMMAND_H
#define TESSERA_TUNE_WDL_COMMAND_H

#include <stdio.h>

/* argv[0] is "wdl"; returns a TUNE_EXIT_* code. */
int wdl_command(int argc, char *const *argv, FILE *out, FILE *errout);

void wdl_print_help(FILE *out);

#endif
