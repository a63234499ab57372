/*
 * selfplay.h - one self-play game in-process: an opening (random plies,
 * a random deal where the game has one), then one engine searches every
 * turn for both sides at a fixed node or depth limit, and every searched
 * position becomes a record labelled with the game's result.
 */
#ifndef TESSERA_DATAGEN_SELFPLAY_H
#define TESSERA_DATAGEN_SELFPLAY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "arena/opening.h"
#include "data/data_record.h"
#include "search/search.h"

typedef struct {
    const Game *game;
    const Backend *backend;
    OpeningSet openings; /* game k starts from opening k */
    uint64_t nodes;      /* per move; 0: not limited by nodes */
    int depth;           /* per move; 0: not limited by depth */
    size_t hash_mb;
    uint64_t seed;
} SelfPlayConfig;

/* What one game left: a record and a hash per searched position. */
typedef struct {
    DataRecord records[RECORD_MAX_MOVES];
    uint64_t hashes[RECORD_MAX_MOVES];
    int count;
    Outcome outcome;
} SelfPlayGame;

typedef enum {
    SELFPLAY_FINISHED,  /* out holds the game */
    SELFPLAY_STOPPED,   /* stop was raised: nothing to keep */
    SELFPLAY_TOO_LONG,  /* the game outgrew its record: nothing to keep */
    SELFPLAY_BAD_MOVE   /* the engine answered no legal move: a bug, reported */
} SelfPlayStatus;

/* Plays game game_number with engine (of config->backend); job is the
 * caller's scratch space (large).  err receives a bad move's detail. */
SelfPlayStatus selfplay_game(const SelfPlayConfig *config, BackendEngine *engine, SearchJob *job,
                             uint64_t game_number, SelfPlayGame *out, const atomic_int *stop,
                             char *err, size_t err_size);

#endif
