/*
 * whole_file.h - `tessera prove`'s certificate file, there whole or not at
 * all: written under a temporary name in the same folder and renamed to
 * its own once complete (a rename within a folder is atomic), the
 * temporary removed on every failure and on SIGINT, SIGTERM or SIGHUP.  An
 * existing file of that name is left as it was until the new one replaces
 * it.  "-" is standard output, with no temporary.
 */
#ifndef TESSERA_WHOLE_FILE_H
#define TESSERA_WHOLE_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    FILE *file;       /* where to write */
    const char *path; /* the name it gets once whole */
    bool to_stdout;
} WholeFile;

/* Creates the temporary (PATH's folder, `.NAME.tmp.PID`) and arms the
 * signal handlers that remove it.  False with err filled when it cannot. */
bool whole_file_open(WholeFile *f, const char *path, char *err, size_t err_size);

/* Closes the file and gives it its name; false with err filled (and the
 * temporary removed) when writing or renaming failed. */
bool whole_file_commit(WholeFile *f, char *err, size_t err_size);

/* Closes the file and removes the temporary. */
void whole_file_discard(WholeFile *f);

#endif
