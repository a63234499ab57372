/*
 * program_id.h - an engine program named by its contents, so that a run
 * resumed, merged or tuned on with a rebuilt engine at the same path is
 * refused instead of mixing two programs' games in one measurement.
 */
#ifndef TESSERA_ARENA_PROGRAM_ID_H
#define TESSERA_ARENA_PROGRAM_ID_H

#include <stdbool.h>
#include <stddef.h>

/* Writes to out (at least PROGRAM_ID_SIZE bytes) the 64-bit FNV-1a hash
 * of the bytes of the file cmd runs, as 16 hex digits, or "unreadable"
 * (false) when there is no such file or it cannot be read.  Only the file
 * itself: a script's own text, not what it starts. */
#define PROGRAM_ID_SIZE 17
bool program_id(const char *cmd, char *out, size_t out_size);

#endif
