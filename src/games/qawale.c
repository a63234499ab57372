/* PLACEHOLDER: replaced by the qawale implementation (keeps the registry linking). */
#include "games/game.h"
const Game qawale_game = { .id = "qawale", .title = "qawale" };
