/* pending_games.c - finished games waiting for their turn to be written. */
#include "datagen/pending_games.h"

#include <stdlib.h>
#include <string.h>

bool pending_add(PendingGames *pending, uint64_t number, const SelfPlayGame *game)
{
    const int count = game ? game->count : 0;
    const size_t records = (size_t)count * sizeof(DataRecord);
    const size_t hashes = (size_t)count * sizeof(uint64_t);
    PendingGame *held = malloc(sizeof *held + records + hashes);
    if (!held)
        return false;
    held->number = number;
    held->kept = game != NULL;
    held->count = count;
    held->outcome = game ? game->outcome : OUTCOME_ONGOING;
    held->hashes = (uint64_t *)((char *)held->records + records);
    if (game) {
        memcpy(held->records, game->records, records);
        memcpy(held->hashes, game->hashes, hashes);
    }
    PendingGame **at = &pending->first;
    while (*at && (*at)->number < number)
        at = &(*at)->next;
    held->next = *at;
    *at = held;
    pending->count++;
    return true;
}

PendingGame *pending_take(PendingGames *pending, uint64_t number)
{
    PendingGame *first = pending->first;
    if (!first || first->number != number)
        return NULL;
    pending->first = first->next;
    pending->count--;
    return first;
}

void pending_clear(PendingGames *pending)
{
    while (pending->first) {
        PendingGame *next = pending->first->next;
        free(pending->first);
        pending->first = next;
    }
    pending->count = 0;
}
