/*
 * program_path.h - where the program a command names is: found in PATH as
 * execvp finds it, or beside the running program (an installed tool
 * starts the tessera installed with it, from any folder).
 */
#ifndef TESSERA_PROCESS_PROGRAM_PATH_H
#define TESSERA_PROCESS_PROGRAM_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* The file cmd runs: cmd itself when it holds a slash, else the first
 * executable regular file of that name in PATH (as execvp looks).  False
 * when there is none. */
bool program_path(const char *cmd, char *out, size_t out_size);

/* The program name beside the running one: name in the folder of
 * /proc/self/exe (the running file, links resolved), else in argv0's
 * folder when argv0 holds a slash, else name in PATH.  So
 * build/tessera-web finds build/tessera, and /usr/bin/tessera-web,
 * started from any folder or through PATH, finds /usr/bin/tessera.  False
 * when none of them is an executable file; out then holds name alone. */
bool sibling_program(const char *argv0, const char *name, char *out, size_t out_size);

#endif
