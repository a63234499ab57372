/* rp_board.c - Room and Pillar start positions of any size. */
#include "datagen/rp_board.h"

#include <stdio.h>
#include <stdlib.h>

bool rp_board_parse_size(const char *text, int *width, int *height)
{
    char *end;
    long w = strtol(text, &end, 10);
    if (end == text || *end != 'x' || w < 1 || w > 99)
        return false;
    const char *rest = end + 1;
    long h = strtol(rest, &end, 10);
    if (end == rest || *end != '\0' || h < 1 || h > 99 || rest[0] == '+' || rest[0] == '-')
        return false;
    *width = (int)w;
    *height = (int)h;
    return true;
}

bool rp_board_start(int width, int height, char *out, size_t out_size)
{
    size_t at = 0;
    /* Ranks from the top (rank height) down to rank 1, files a.. left to
     * right; black where file + rank (from 0) is even. */
    for (int rank = height - 1; rank >= 0; rank--) {
        for (int file = 0; file < width; file++) {
            if (at + 1 >= out_size)
                return false;
            out[at++] = (file + rank) % 2 == 0 ? 'b' : 'w';
        }
        if (at + 1 >= out_size)
            return false;
        out[at++] = rank > 0 ? '/' : ' ';
    }
    int n = snprintf(out + at, out_size - at, "b -");
    return n > 0 && (size_t)n < out_size - at;
}
