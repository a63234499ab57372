/*
 * repair.h - `tessera-arena repair FILE`: a -pgnout file that two runs
 * appended to at once (each game of theirs once per run) made into the
 * file one run writes, so that -resume and merge take it again.
 *
 * It keeps the first copy of each game (its number, the Round tag) and
 * drops a later copy only when it is the same game of the same run: the
 * same recorded configuration, game, opening and players, the players
 * those the run's schedule gives that number (the configuration names the
 * engines, the tournament and -repeat).  Whatever -resume would cut off
 * (the bytes after the last complete game) goes too.  Anything else it
 * refuses, changing nothing: lines that are no game between two games,
 * or a game whose tags name one twice (two writers' lines mixed), copies
 * that differ, games the schedule does not give.  The file is rewritten whole (a temporary file renamed over
 * it) after its old content is copied to FILE.damaged, under the lock a
 * run holds (process/locked_file.h), so no run writes it meanwhile; every
 * game dropped is named.
 */
#ifndef TESSERA_ARENA_REPAIR_H
#define TESSERA_ARENA_REPAIR_H

#include <stdio.h>

/* Repairs path; returns an exit status (0 repaired or nothing to do, 1
 * refused or failed). */
int repair_command(const char *path, FILE *out, FILE *errors);

void repair_print_help(FILE *out);

#endif
