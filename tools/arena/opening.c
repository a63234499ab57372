/* opening.c - start positions, opening files and random openings. */
#include "arena/opening.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "util/rng.h"

/* How many fresh draws a random opening gets before it settles for fewer
 * plies: a draw fails when the game ends within its plies. */
#define RANDOM_OPENING_ATTEMPTS 64

static bool parse_start(const Game *game, Position *out, char *err, size_t err_size)
{
    if (!game->parse_position || !game->start_fen) {
        snprintf(err, err_size, "game '%s' is not implemented yet", game->id);
        return false;
    }
    char why[ERROR_TEXT_MAX];
    if (!game->parse_position(game->start_fen, out, why, sizeof why)) {
        snprintf(err, err_size, "game '%s': its start position does not parse: %s", game->id, why);
        return false;
    }
    return true;
}

bool opening_init_start(OpeningSet *set, const Game *game, char *err, size_t err_size)
{
    Position start;
    memset(set, 0, sizeof *set);
    set->game = game;
    set->kind = OPENINGS_START;
    return parse_start(game, &start, err, err_size);
}

bool opening_init_random(OpeningSet *set, const Game *game, int plies, uint64_t seed, char *err,
                         size_t err_size)
{
    if (!opening_init_start(set, game, err, err_size))
        return false;
    set->kind = OPENINGS_RANDOM;
    set->plies = plies;
    set->seed = seed;
    return true;
}

bool opening_init_random_from(OpeningSet *set, const Game *game, const Position *start, int plies,
                              uint64_t seed, char *err, size_t err_size)
{
    if (!opening_init_random(set, game, plies, seed, err, err_size))
        return false;
    set->has_start = true;
    set->start = *start;
    return true;
}

/* Splits "<position> moves m1 m2" at the word moves; plays the moves. */
bool opening_parse_line(const Game *game, const char *line, Position *out, char *err, size_t err_size)
{
    char text[POSITION_TEXT_MAX], why[ERROR_TEXT_MAX];
    const char *moves = strstr(line, " moves");
    while (moves && moves[6] != ' ' && moves[6] != '\0')
        moves = strstr(moves + 1, " moves");
    size_t len = moves ? (size_t)(moves - line) : strlen(line);
    if (strncmp(line, "fen ", 4) == 0) {
        line += 4;
        len -= 4;
    }
    if (len >= sizeof text) {
        snprintf(err, err_size, "position longer than %d characters", POSITION_TEXT_MAX - 1);
        return false;
    }
    memcpy(text, line, len);
    text[len] = '\0';
    if (strcmp(text, "startpos") == 0) {
        if (!parse_start(game, out, err, err_size))
            return false;
    } else if (!game->parse_position(text, out, why, sizeof why)) {
        snprintf(err, err_size, "%s", why);
        return false;
    }
    for (const char *p = moves ? moves + 6 : ""; *p;) {
        char move_text[MOVE_TEXT_MAX];
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (n == 0)
            break;
        Move move;
        snprintf(move_text, sizeof move_text, "%.*s", (int)(n < MOVE_TEXT_MAX ? n : MOVE_TEXT_MAX - 1), p);
        if (n >= MOVE_TEXT_MAX || !game->parse_move(out, move_text, &move, why, sizeof why)) {
            snprintf(err, err_size, "move '%s': %s", move_text, n >= MOVE_TEXT_MAX ? "too long" : why);
            return false;
        }
        game->play(out, move);
        p += n;
    }
    if (game->outcome(out) != OUTCOME_ONGOING) {
        snprintf(err, err_size, "the game is already over in this position");
        return false;
    }
    return true;
}

/* Fisher-Yates with the run's seed: the order depends only on the seed. */
static void shuffle_book(OpeningSet *set, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed ^ 0x6f70656e696e6773ULL);
    for (size_t i = set->book_size; i > 1; i--) {
        size_t j = (size_t)rng_below(&rng, i);
        Position t = set->book[i - 1];
        set->book[i - 1] = set->book[j];
        set->book[j] = t;
    }
}

static bool add_to_book(OpeningSet *set, size_t *capacity, const Position *pos)
{
    if (set->book_size == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 64;
        Position *book = realloc(set->book, grown * sizeof *book);
        if (!book)
            return false;
        set->book = book;
        *capacity = grown;
    }
    set->book[set->book_size++] = *pos;
    return true;
}

/* Strips the line end and surrounding blanks in place. */
static char *trim(char *line)
{
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                       line[len - 1] == '\t'))
        line[--len] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    return line;
}

bool opening_load_file(OpeningSet *set, const Game *game, const char *path, bool random_order,
                       uint64_t seed, char *err, size_t err_size)
{
    if (!opening_init_start(set, game, err, err_size))
        return false;
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, err_size, "openings file %s: %s", path, strerror(errno));
        return false;
    }
    set->kind = OPENINGS_FILE;
    char *buffer = NULL, why[ERROR_TEXT_MAX + 64];
    size_t buffer_size = 0, capacity = 0;
    bool ok = true;
    for (long number = 1; ok && getline(&buffer, &buffer_size, file) >= 0; number++) {
        char *line = trim(buffer);
        Position pos;
        if (!line[0] || line[0] == '#')
            continue;
        if (!opening_parse_line(game, line, &pos, why, sizeof why)) {
            snprintf(err, err_size, "openings file %s line %ld: %s", path, number, why);
            ok = false;
        } else if (!add_to_book(set, &capacity, &pos)) {
            snprintf(err, err_size, "openings file %s: out of memory", path);
            ok = false;
        }
    }
    free(buffer);
    fclose(file);
    if (ok && set->book_size == 0) {
        snprintf(err, err_size, "openings file %s holds no opening", path);
        ok = false;
    }
    if (!ok) {
        opening_free(set);
        return false;
    }
    if (random_order)
        shuffle_book(set, seed);
    return true;
}

/* Picks one legal move uniformly while the game streams them (reservoir
 * sampling), so no move list is ever stored. */
/* One attempt: a deal (where the game has one) and plies random moves.
 * False when the game ended on the way. */
static bool random_attempt(const OpeningSet *set, Rng *rng, Position *out)
{
    const Game *game = set->game;
    char err[ERROR_TEXT_MAX];
    if (set->has_start)
        *out = set->start;
    else if (game->random_start)
        game->random_start(out, rng_next(rng));
    else
        parse_start(game, out, err, sizeof err);
    for (int ply = 0; ply < set->plies; ply++) {
        Move chosen = random_legal_move(game, out, rng);
        if (chosen == MOVE_NONE)
            return false;
        game->play(out, chosen);
    }
    return game->outcome(out) == OUTCOME_ONGOING;
}

void opening_for(const OpeningSet *set, uint64_t index, Position *out)
{
    char err[ERROR_TEXT_MAX];
    if (set->kind == OPENINGS_FILE) {
        *out = set->book[index % set->book_size];
        return;
    }
    if (set->kind == OPENINGS_START) {
        parse_start(set->game, out, err, sizeof err);
        return;
    }
    uint64_t state = set->seed ^ (index * 0xD1B54A32D192ED03ULL);
    Rng rng;
    rng_seed(&rng, splitmix64(&state));
    for (int attempt = 0; attempt < RANDOM_OPENING_ATTEMPTS; attempt++)
        if (random_attempt(set, &rng, out))
            return;
    /* Every draw ended the game: settle for the deal alone. */
    OpeningSet no_plies = *set;
    no_plies.plies = 0;
    random_attempt(&no_plies, &rng, out);
}

void opening_free(OpeningSet *set)
{
    free(set->book);
    set->book = NULL;
    set->book_size = 0;
}
