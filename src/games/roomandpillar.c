/* PLACEHOLDER: replaced by the roomandpillar implementation (keeps the registry linking). */
#include "games/game.h"
const Game roomandpillar_game = { .id = "roomandpillar", .title = "roomandpillar" };
