/* text_file.h - a whole small text file in memory (parameter files, the
 * theta CSV, an engine's captured answer). */
#ifndef TESSERA_TUNE_TEXT_FILE_H
#define TESSERA_TUNE_TEXT_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Reads path into a NUL-terminated malloc'd buffer (the caller frees it).
 * Returns NULL and fills err when the file cannot be read, holds a NUL
 * byte, or is larger than max_bytes. */
char *text_file_read(const char *path, size_t max_bytes, size_t *length, char *err,
                     size_t err_size);

/* The same from an open stream, read from where it stands (path names it
 * in messages). */
char *text_file_read_stream(FILE *file, const char *path, size_t max_bytes, size_t *length, char *err,
                            size_t err_size);

#endif
