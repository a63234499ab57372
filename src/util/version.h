/* version.h - the one version of Tessera: the engine's `id name` and
 * every program's --version print it. */
#ifndef TESSERA_UTIL_VERSION_H
#define TESSERA_UTIL_VERSION_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TESSERA_VERSION "0.1.0"

/* True when the command line is "PROGRAM --version" (or "-version" where
 * single_dash: the tools whose flags are single-dash words, -help), after
 * printing "PROGRAM VERSION" on stdout; main then exits 0.  Only the first
 * word is read, before any other parsing, so no other flag changes the
 * answer. */
static inline bool version_asked(int argc, char *const *argv, const char *program, bool single_dash)
{
    if (argc < 2 || (strcmp(argv[1], "--version") != 0 && !(single_dash && strcmp(argv[1], "-version") == 0)))
        return false;
    printf("%s %s\n", program, TESSERA_VERSION);
    return true;
}

#endif
