/*
 * opening.h - the position each game starts from.
 *
 * Opening i depends only on the seed and i (the tournament asks for the
 * opening of game k's round), so slices of a run agree with the whole.
 * Kinds: the game's start position; lines of a file (a position string or
 * `startpos`, either optionally followed by `moves m1 m2 ...`), taken in
 * order or in a seeded shuffle; or random legal plies from the start
 * (after a random deal for games that have one, e.g. Territoire).
 */
#ifndef TESSERA_ARENA_OPENING_H
#define TESSERA_ARENA_OPENING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

typedef enum { OPENINGS_START, OPENINGS_FILE, OPENINGS_RANDOM } OpeningKind;

typedef struct {
    const Game *game;
    OpeningKind kind;
    int plies;     /* random: legal plies played from the start */
    bool has_start; /* random: start from start, not the game's start_fen */
    Position start;
    uint64_t seed;
    Position *book; /* file: one position per line, in playing order */
    size_t book_size;
} OpeningSet;

/* Every game from the start position (false if the game cannot parse it). */
bool opening_init_start(OpeningSet *set, const Game *game, char *err, size_t err_size);

/* Random plies (and a random deal where the game has one). */
bool opening_init_random(OpeningSet *set, const Game *game, int plies, uint64_t seed, char *err,
                         size_t err_size);

/* Random plies from a given start position (Room and Pillar on another
 * board) instead of the game's own start; no deal. */
bool opening_init_random_from(OpeningSet *set, const Game *game, const Position *start, int plies,
                              uint64_t seed, char *err, size_t err_size);

/* Reads a file of openings; shuffled (seeded) when random_order. */
bool opening_load_file(OpeningSet *set, const Game *game, const char *path, bool random_order,
                       uint64_t seed, char *err, size_t err_size);

/* One line of an openings file into a position; fills err otherwise. */
bool opening_parse_line(const Game *game, const char *line, Position *out, char *err, size_t err_size);

/* The opening with this index. */
void opening_for(const OpeningSet *set, uint64_t index, Position *out);

void opening_free(OpeningSet *set);

#endif
