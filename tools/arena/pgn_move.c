/* pgn_move.c - moves as PGN symbol tokens (see pgn_move.h). */
#include "arena/pgn_move.h"

#include <ctype.h>
#include <string.h>

/* The escape in front of a move that would not start with a letter. */
#define MOVE_ESCAPE 'M'

static bool is_symbol_char(char c)
{
    return isalnum((unsigned char)c) || strchr("_+#=:-", c) != NULL;
}

bool pgn_move_encode(const char *move_text, char *out, size_t out_size)
{
    bool escaped = move_text[0] == '\0' || isdigit((unsigned char)move_text[0]) || move_text[0] == MOVE_ESCAPE;
    size_t length = strlen(move_text);
    if (length + escaped + 1 > out_size)
        return false;
    char *to = out;
    if (escaped)
        *to++ = MOVE_ESCAPE;
    for (const char *from = move_text; *from; from++) {
        char c = *from == ',' ? ':' : *from;
        if (*from == ':' || !is_symbol_char(c))
            return false;
        *to++ = c;
    }
    *to = '\0';
    return true;
}

bool pgn_move_decode(const char *token, char *out, size_t out_size)
{
    const char *from = token + (token[0] == MOVE_ESCAPE);
    if (strlen(from) + 1 > out_size)
        return false;
    char *to = out;
    for (; *from; from++)
        *to++ = *from == ':' ? ',' : *from;
    *to = '\0';
    return true;
}
