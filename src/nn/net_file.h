/*
 * net_file.h - the network file: binary, little-endian, exact size.
 *
 *     bytes 0-3    magic "TSNN"
 *     4-7          format version (u32, 1)
 *     8-39         game id, NUL-padded (32 bytes)
 *     40-51        inputs, hidden, hidden2 (u32 each)
 *     52-55        scale (f32): centi-units per unit of output
 *     56-          the weights (f32) in nn_weight_count's order: input
 *                  rows, hidden bias, layer 2 rows, layer 2 bias, output
 *                  weights, output bias
 *
 * A file shorter or longer than its sizes say, of another version, or
 * holding a weight that is not a finite number is refused.
 */
#ifndef TESSERA_NN_NET_FILE_H
#define TESSERA_NN_NET_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "nn/network.h"

#define NN_FILE_MAGIC "TSNN"
#define NN_FILE_VERSION 1u
#define NN_FILE_HEADER_BYTES 56

/* The bytes of a file as a net (allocated; nn_free it).  False with err. */
bool nn_read(const unsigned char *bytes, size_t size, Network *net, char *err, size_t err_size);

/* A file's bytes read whole, then nn_read; err names the path. */
bool nn_load_file(const char *path, Network *net, char *err, size_t err_size);

/* Writes net in the format; false on a write error. */
bool nn_write(const Network *net, FILE *out);

#endif
