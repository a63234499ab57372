/* certificate_check.h - confirms a proof certificate (the format of
 * src/prove/certificate_format.h) with the game code alone. */
#ifndef TESSERA_CERTIFICATE_CHECK_H
#define TESSERA_CERTIFICATE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    char game[64];
    char root[1024];
    bool first_wins;
    uint64_t positions, moves;
} CheckedCertificate;

/* Reads the certificate from in and replays it: every winner move legal,
 * every legal reply of the loser present, every `end` a finished game won
 * by the winner, every target a line of the file, no cycle, every line
 * reachable, counts and the closing line as the header says.  False with
 * one line in err (naming the line or the position) on the first fault. */
bool check_certificate(FILE *in, CheckedCertificate *out, char *err, size_t err_size);

#endif
