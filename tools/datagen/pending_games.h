/*
 * pending_games.h - finished self-play games held until every game
 * numbered before them is written, so that the data file holds the games
 * in their numbers' order whatever the threads and their timing: the same
 * command gives the same bytes with one thread or many, and a run resumed
 * after a stop gives what one run would have.
 */
#ifndef TESSERA_DATAGEN_PENDING_GAMES_H
#define TESSERA_DATAGEN_PENDING_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "datagen/selfplay.h"

/* A copy of a finished game's records, as many as it has. */
typedef struct PendingGame {
    struct PendingGame *next;
    uint64_t number;
    bool kept; /* false: a game with nothing to keep (too long), which only takes its turn */
    int count;
    Outcome outcome;
    uint64_t *hashes;
    DataRecord records[];
} PendingGame;

typedef struct {
    PendingGame *first; /* by number, ascending */
    int count;
} PendingGames;

/* Holds a copy of game (NULL: a game with nothing to keep) under its
 * number; false when out of memory. */
bool pending_add(PendingGames *pending, uint64_t number, const SelfPlayGame *game);

/* The held game numbered `number`, taken out (the caller frees it), or NULL. */
PendingGame *pending_take(PendingGames *pending, uint64_t number);

/* Drops every held game (a run that stops keeps only an unbroken prefix). */
void pending_clear(PendingGames *pending);

#endif
