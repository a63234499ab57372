/*
 * net_file.h - the network file: binary, little-endian, exact size.
 *
 *     bytes 0-3    magic "TSNN"
 *     4-7          format version (u32): 1, or 2 for a net with a policy head
 *     8-39         game id, NUL-padded (32 bytes)
 *     40-51        inputs, hidden, hidden2 (u32 each)
 *     52-55        scale (f32): centi-units per unit of output
 *   version 1:
 *     56-          the weights (f32) in nn_weight_count's order: input
 *                  rows, hidden bias, layer 2 rows, layer 2 bias, output
 *                  weights, output bias
 *   version 2:
 *     56-59        policy_size (u32): the head's entries, the game's
 *                  Game.policy_size (0: no head)
 *     60-          the value weights as in version 1, then the policy
 *                  head's: its rows ([policy_size][hidden]), its biases
 *                  ([policy_size])
 *
 * A net without a head is written as version 1, byte for byte what it was
 * before the head existed (so the shipped nets, and every run without
 * -policy, stay readable by older engines); version 1 reads as
 * policy_size 0.  A file shorter or longer than its sizes say, of another
 * version, with a head over NN_MAX_POLICY entries, or holding a weight
 * that is not a finite number is refused.  Whether policy_size is the
 * game's is for the loader that knows the game (evaluation_install).
 */
#ifndef TESSERA_NN_NET_FILE_H
#define TESSERA_NN_NET_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "nn/network.h"

#define NN_FILE_MAGIC "TSNN"
#define NN_FILE_VERSION_VALUE 1u  /* value only */
#define NN_FILE_VERSION_POLICY 2u /* with policy_size and a head */
#define NN_FILE_HEADER_BYTES 56        /* version 1's header */
#define NN_FILE_POLICY_HEADER_BYTES 60 /* version 2's: policy_size added */

/* The bytes of a file as a net (allocated; nn_free it).  False with err. */
bool nn_read(const unsigned char *bytes, size_t size, Network *net, char *err, size_t err_size);

/* A file's bytes read whole, then nn_read; err names the path. */
bool nn_load_file(const char *path, Network *net, char *err, size_t err_size);

/* Writes net in the format (version 1 without a head, else 2); false on
 * a write error. */
bool nn_write(const Network *net, FILE *out);

/* The bytes nn_write writes for net. */
size_t nn_file_size(const Network *net);

#endif
