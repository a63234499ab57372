/* proven_book.c - reads the embedded proven table once and finds a
 * position in it (see proven_book.h). */
#include "search/book/proven_book.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/parse_number.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char *text;               /* the file, copied: its fields end in '\0' */
static ProvenBookEntry *entries; /* pointing into text */
static size_t count;

/* Splits one line into its four tab-separated fields, in place; false
 * for a comment or a malformed line (the table is generated: none). */
static bool parse_line(char *line, ProvenBookEntry *out)
{
    char *field[4];
    if (*line == '#' || *line == '\0')
        return false;
    for (int i = 0; i < 4; i++) {
        field[i] = line;
        line = strchr(line, i < 3 ? '\t' : '\0');
        if (!line)
            return false;
        *line++ = '\0';
    }
    uint64_t plies;
    if (parse_uint64(field[3], 100000, &plies) != NUMBER_OK || plies == 0)
        return false;
    *out = (ProvenBookEntry){field[0], field[1], field[2], (int)plies};
    return true;
}

static void load(void)
{
    size_t size = proven_book_files[0].size;
    size_t lines = 0;
    text = malloc(size + 1);
    if (!text)
        return;
    memcpy(text, proven_book_files[0].data, size);
    text[size] = '\0';
    for (size_t i = 0; i < size; i++)
        lines += text[i] == '\n';
    entries = malloc((lines + 1) * sizeof *entries);
    if (!entries)
        return;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (parse_line(line, &entries[count]))
            count++;
        line = next;
    }
}

size_t proven_book_count(void)
{
    pthread_once(&once, load);
    return count;
}

const ProvenBookEntry *proven_book_entry(size_t i) { return i < proven_book_count() ? &entries[i] : NULL; }

const ProvenBookEntry *proven_book_find(const Game *game, const Position *pos)
{
    if (strcmp(game->id, PROVEN_BOOK_GAME) != 0)
        return NULL;
    char key[POSITION_TEXT_MAX];
    game->format_position(pos, key, sizeof key);
    size_t n = proven_book_count();
    /* A few thousand short strings: a scan takes microseconds. */
    for (size_t i = 0; i < n; i++)
        if (strcmp(entries[i].position, key) == 0)
            return &entries[i];
    return NULL;
}
