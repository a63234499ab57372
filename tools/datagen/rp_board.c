/* rp_board.c - Room and Pillar start positions of any size. */
#include "datagen/rp_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/parse_number.h"

bool rp_board_parse_size(const char *text, int *width, int *height)
{
    char w[8];
    size_t len = strcspn(text, "x");
    if (text[len] != 'x' || len >= sizeof w)
        return false;
    memcpy(w, text, len);
    w[len] = '\0';
    return parse_int_range(w, 1, 99, width) && parse_int_range(text + len + 1, 1, 99, height);
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
