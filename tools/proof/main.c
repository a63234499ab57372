/* main.c - tessera-proof-check FILE: confirms a proof certificate written
 * by `tessera prove` (format: src/prove/certificate_format.h).  Exit status 0
 * when it holds, 1 (with one line naming the fault) when it does not, 2
 * for a command line it does not understand. */
#include <stdio.h>
#include <string.h>

#include "proof/certificate_check.h"
#include "util/version.h"

#define USAGE                                                                                           \
    "usage: tessera-proof-check FILE\n"                                                                 \
    "  replays the proof certificate FILE (- for standard input) with the game code and confirms\n"    \
    "  it: every winner move legal, every legal reply of the loser present, every end a game won\n"    \
    "  by the winner, no cycle, no missing position.  Exit 0 when it holds, 1 when not, 2 for a\n"  \
    "  command line it does not understand.\n"                                                     \
    "\n"                                                                                            \
    "  -help / --help / -h    this text\n"                                                         \
    "  -version / --version   the version\n"

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-proof-check", true))
        return 0;
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "tessera-proof-check: expected one certificate file (try --help)\n");
        return 2;
    }
    FILE *in = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "r");
    if (!in) {
        fprintf(stderr, "tessera-proof-check: cannot read %s\n", argv[1]);
        return 1;
    }
    CheckedCertificate cert;
    char err[2048];
    bool ok = check_certificate(in, &cert, err, sizeof err);
    if (in != stdin)
        fclose(in);
    if (!ok) {
        fprintf(stderr, "tessera-proof-check: %s: refused: %s\n", argv[1], err);
        return 1;
    }
    printf("certificate holds: %s %s: the %s player wins; %llu positions, %llu moves checked\n", cert.game, cert.root,
           cert.first_wins ? "first" : "second", (unsigned long long)cert.positions, (unsigned long long)cert.moves);
    return 0;
}
