/*
 * certificate_writer.h - `tessera prove`'s certificates: a position proven
 * by the alpha-beta engine's proof search and written in the format of
 * certificate_format.h.
 */
#ifndef TESSERA_CERTIFICATE_WRITER_H
#define TESSERA_CERTIFICATE_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"
#include "prove/certificate_format.h"

typedef struct {
    int threads;
    size_t hash_mb;
    int64_t time_limit_ms; /* 0: until proven */
    int64_t progress_every_ms; /* a progress line to progress_to this often; 0: none */
    FILE *progress_to;
} CertifyOptions;

typedef struct {
    bool first_wins; /* the player to move at the root wins; else the other */
    uint64_t positions, moves;
    uint64_t search_nodes;
    int64_t prove_ms, write_ms;
} CertifyResult;

/* Proves root (a position of g, game not over) with the alpha-beta
 * engine's proof search, then writes the certificate to out.  False with
 * one line in err when it is not proven within the limit, not a win for
 * either side, or cannot be written. */
bool certify(const Game *g, const Position *root, const CertifyOptions *options, FILE *out, CertifyResult *result,
             char *err, size_t err_size);

#endif
