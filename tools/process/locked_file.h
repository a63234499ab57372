/*
 * locked_file.h - one writer per file: the file a run appends to (the
 * arena's -pgnout, datagen's -out, the tuner's -csv) held under a lock
 * for the whole run, so that a second run on the same file is refused at
 * once instead of writing its games or rows between the first's (two
 * appenders leave a file no -resume can continue).
 *
 * The lock is a POSIX record lock (fcntl F_SETLK) on the whole file, not
 * flock: fcntl locks are in POSIX (libc only) and hold across machines on
 * NFS (through lockd, or NFSv4 itself), where cluster runs keep their
 * files, while flock is BSD's and, depending on the system, either local
 * to one machine on NFS or emulated with fcntl.  The price is fcntl's
 * rule: a process loses every lock it holds on a file when it closes ANY
 * descriptor of that file, so while a file is held its reads and writes
 * go through the streams opened here, and nothing else may open and close
 * it.  Locks end with the process, however it ends (kill -9 too), so a
 * killed run never leaves a stale lock behind.
 */
#ifndef TESSERA_PROCESS_LOCKED_FILE_H
#define TESSERA_PROCESS_LOCKED_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Opens path for reading under a shared lock (readers exclude only
 * writers), so that a run that turns out to have nothing to write never
 * opens its file for writing (a finished run's file may be read-only).
 * NULL with *missing set when there is no such file; NULL with err filled
 * ("FLAG PATH: ...") when it cannot be opened or another process writes
 * it. */
FILE *locked_file_read(const char *flag, const char *path, bool *missing, char *err, size_t err_size);

/* Opens path for reading and appending ("a+": reads anywhere, writes at
 * the end), created when missing, under an exclusive lock (which replaces
 * a shared one this process holds through locked_file_read: keep that
 * stream open too).  NULL with err filled when it cannot be opened or
 * another process holds a lock on it (the message names it, and its
 * process id where the system tells it). */
FILE *locked_file_append(const char *flag, const char *path, char *err, size_t err_size);

/* The same for a file that must exist already (a missing one is an
 * error, not created). */
FILE *locked_file_update(const char *flag, const char *path, char *err, size_t err_size);

/* Cuts a file opened by locked_file_append to length bytes (what follows
 * is written at the new end). */
bool locked_file_cut(FILE *file, long length);

#endif
