/* text_file.c - reading a small text file whole. */
#include "tune/text_file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads until the end or past max_bytes, growing the buffer as it goes
 * (the size of a file being appended to is not known in advance). */
static char *read_all(FILE *file, size_t max_bytes, size_t *length, bool *too_large)
{
    size_t capacity = 4096, used = 0;
    char *text = malloc(capacity);
    while (text) {
        if (used + 1 >= capacity) {
            char *grown = capacity > max_bytes ? NULL : realloc(text, capacity * 2);
            if (!grown) {
                *too_large = capacity > max_bytes;
                free(text);
                return NULL;
            }
            text = grown;
            capacity *= 2;
        }
        size_t n = fread(text + used, 1, capacity - 1 - used, file);
        used += n;
        if (n == 0)
            break;
    }
    if (text && used > max_bytes) {
        *too_large = true;
        free(text);
        return NULL;
    }
    *length = used;
    return text;
}

char *text_file_read_stream(FILE *file, const char *path, size_t max_bytes, size_t *length, char *err,
                            size_t err_size)
{
    size_t n = 0;
    bool too_large = false;
    char *text = read_all(file, max_bytes, &n, &too_large);
    if (!text || ferror(file)) {
        if (too_large)
            snprintf(err, err_size, "%s: larger than %zu bytes", path, max_bytes);
        else
            snprintf(err, err_size, "%s: cannot be read", path);
        free(text);
        return NULL;
    }
    if (memchr(text, '\0', n)) {
        snprintf(err, err_size, "%s: holds a NUL byte, not text", path);
        free(text);
        return NULL;
    }
    text[n] = '\0';
    if (length)
        *length = n;
    return text;
}

char *text_file_read(const char *path, size_t max_bytes, size_t *length, char *err,
                     size_t err_size)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = text_file_read_stream(file, path, max_bytes, length, err, err_size);
    fclose(file);
    return text;
}
