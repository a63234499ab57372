/* nntest.h - helpers shared by the network tests (include after harness.h). */
#ifndef TESSERA_NNTEST_H
#define TESSERA_NNTEST_H

#include <stdio.h>

#include "datagen/rp_board.h"
#include "games/registry.h"
#include "train/trainer.h"

/* A start its game's network inputs cover: Room and Pillar's encoding
 * covers 12x12 only, the others their own start. */
static inline Position nn_start_of(const Game *game)
{
    Position pos;
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    if (game == &roomandpillar_game)
        CHECK(rp_board_start(12, 12, text, sizeof text));
    else
        snprintf(text, sizeof text, "%s", game->start_fen);
    CHECK(game->parse_position(text, &pos, err, sizeof err));
    return pos;
}

/* A trainer holding a random 32-8 net for game's inputs (seeded). */
static inline bool nn_random_trainer(const Game *game, uint64_t seed, Trainer *trainer)
{
    char err[256] = "";
    const bool ok =
        trainer_init(trainer, game->id, game->nn_input_count, 32, 8, 100.0f, seed, 0.001, 1, err, sizeof err);
    CHECK(ok);
    return ok;
}

#endif
