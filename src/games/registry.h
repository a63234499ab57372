/* registry.h - the list of games the engine knows. */
#ifndef TESSERA_REGISTRY_H
#define TESSERA_REGISTRY_H

#include "games/game.h"

extern const Game roomandpillar_game;
extern const Game columna_game;
extern const Game qawale_game;
extern const Game territoire_game;

/* Games in the order the Game option lists them; NULL-terminated. */
extern const Game *const all_games[];

const Game *game_by_id(const char *id); /* NULL when unknown */
const Game *default_game(void);

#endif
