/* main.c - command line: the protocol loop by default, plus --help,
 * --version and bench. */
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "prove/prove_command.h"
#include "protocol/uci.h"
#include "util/version.h"

static void print_help(void)
{
    printf("Tessera %s - an engine for Columna, Room and Pillar, Qawale and Territoire\n"
           "\n"
           "usage:\n"
           "  tessera                 speak the UCI/UGI protocol on stdin/stdout (see protocol.md)\n"
           "  tessera bench [BACKEND] [threads N] [eval classic|nn]\n"
           "                          search fixed positions of every game to fixed depths;\n"
           "                          prints the node-count signature and nodes per second\n"
           "                          and the total time to reach them\n"
           "                          (an unknown word is an error, exit status 2)\n"
           "  tessera bench proof [threads N]\n"
           "                          prove Room and Pillar positions of growing size (4x4 to\n"
           "                          the 8x8 start); prints each one's time to proof, winner,\n"
           "                          winning move and nodes\n"
           "  tessera prove GAME [POSITION] [threads N] [hash MB] [time S] -out FILE\n"
           "                          prove a position and write its certificate, which\n"
           "                          tessera-proof-check confirms (tessera prove --help)\n"
           "  tessera bench perft [GAME]\n"
           "                          perft from each game's start; prints leaves per second\n"
           "\n"
           "flags:\n"
           "  --help / -h             this text\n"
           "  --version               the version\n"
           "\n"
           "A short session:\n"
           "  uci\n"
           "  setoption name Game value columna\n"
           "  position startpos moves b2b3,c4d4\n"
           "  go movetime 1000\n",
           TESSERA_VERSION);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        print_help();
        return 0;
    }
    if (version_asked(argc, argv, "tessera", false))
        return 0;
    if (argc >= 2 && strcmp(argv[1], "bench") == 0)
        return bench_main(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "prove") == 0)
        return prove_main(argc - 2, argv + 2);
    if (argc >= 2) {
        fprintf(stderr, "tessera: unknown argument '%s' (try --help)\n", argv[1]);
        return 2;
    }
    return protocol_loop(stdin);
}
