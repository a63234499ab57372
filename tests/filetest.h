/* filetest.h - helpers shared by the tests that check what a tool wrote
 * to a file (the arena's PGN and conversation log). */
#ifndef TESSERA_FILETEST_H
#define TESSERA_FILETEST_H

#include <stdio.h>

/* Reads up to size - 1 bytes of path into text, NUL-terminated so that
 * the string checks can read it; returns the bytes read.  A missing file
 * reads as empty: the checks on its contents then say what is wrong. */
static inline size_t file_read_text(const char *path, char *text, size_t size)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, size - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    return n;
}

#endif
