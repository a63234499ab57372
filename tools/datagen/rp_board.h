/*
 * rp_board.h - the full start position of Room and Pillar on any legal
 * board size (RULES.md: a1 black, colours on the checkerboard), for
 * self-play on boards bigger than the default 8x8, where the proof search
 * decides games from a 2-ply opening and they carry little signal.
 */
#ifndef TESSERA_DATAGEN_RP_BOARD_H
#define TESSERA_DATAGEN_RP_BOARD_H

#include <stdbool.h>
#include <stddef.h>

/* Reads "WxH" (e.g. "12x12"). */
bool rp_board_parse_size(const char *text, int *width, int *height);

/* The start position string of a width x height board (black to move);
 * the game's parser decides whether the size is legal. */
bool rp_board_start(int width, int height, char *out, size_t out_size);

#endif
