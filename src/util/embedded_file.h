/*
 * embedded_file.h - a file embedded in the binary at build time: the rows
 * of the tables that tools/embed.sh writes (the shipped networks, the
 * proven table), each {name, data, size}, then an empty row.
 */
#ifndef TESSERA_EMBEDDED_FILE_H
#define TESSERA_EMBEDDED_FILE_H

#include <stddef.h>

typedef struct {
    const char *name; /* its base name: "territoire.nn" */
    const unsigned char *data;
    size_t size;
} EmbeddedFile;

#endif
