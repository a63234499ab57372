/* uci.h - the command loop: reads the UCI/UGI dialect of protocol.md from
 * a stream, answers on stdout.  It parses and prints; game rules live in
 * src/games, thinking in src/search. */
#ifndef TESSERA_UCI_H
#define TESSERA_UCI_H

#include <stdio.h>

#define MAX_COMMAND_LINE 65536

/* Runs until `quit` or end of input; returns the process exit status. */
int protocol_loop(FILE *in);

#endif
