/*
 * embedded.h - the networks shipped in tools/nets/, embedded in the binary at
 * build time (tools/embed.sh writes build/gen/nets.c), so that a fresh
 * clone plays with them without a download.
 */
#ifndef TESSERA_NN_EMBEDDED_H
#define TESSERA_NN_EMBEDDED_H

#include "util/embedded_file.h"

typedef EmbeddedFile EmbeddedNet;

/* embedded_net_count rows (then an empty one). */
extern const EmbeddedNet embedded_nets[];
extern const size_t embedded_net_count;

#endif
