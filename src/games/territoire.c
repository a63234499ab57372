/* PLACEHOLDER: replaced by the territoire implementation (keeps the registry linking). */
#include "games/game.h"
const Game territoire_game = { .id = "territoire", .title = "territoire" };
