/* PLACEHOLDER: replaced by the columna implementation (keeps the registry linking). */
#include "games/game.h"
const Game columna_game = { .id = "columna", .title = "columna" };
