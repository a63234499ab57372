/* played_moves.c - the records' moves, a second pass over the data file. */
#include "train/played_moves.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/data_reader.h"

typedef struct {
    const Game *game;
    const TexelSet *texel;
    Move *moves;
    size_t next;
} MoveReader;

static bool read_move(void *context, const DataRecord *record, char *err, size_t err_size)
{
    MoveReader *reader = context;
    if (reader->next >= reader->texel->count) {
        snprintf(err, err_size, "more records than when it was first read");
        return false;
    }
    char why[ERROR_TEXT_MAX];
    const Position *pos = &reader->texel->samples[reader->next].position;
    if (!reader->game->parse_move(pos, record->move, &reader->moves[reader->next], why, sizeof why)) {
        snprintf(err, err_size, "move '%s' does not parse: %s", record->move, why);
        return false;
    }
    reader->next++;
    return true;
}

bool played_moves_load(const char *path, const Game *game, const TexelSet *texel, Move **moves, char *err,
                       size_t err_size)
{
    MoveReader reader = {game, texel, malloc((texel->count ? texel->count : 1) * sizeof(Move)), 0};
    FILE *file = fopen(path, "r");
    if (!reader.moves || !file) {
        snprintf(err, err_size, "-data %s: %s", path, file ? "out of memory" : strerror(errno));
        if (file)
            fclose(file);
        free(reader.moves);
        return false;
    }
    DataHeader header;
    long kept;
    char why[ERROR_TEXT_MAX + 64];
    bool ok = data_read(file, &header, read_move, &reader, &kept, why, sizeof why);
    fclose(file);
    if (ok && reader.next != texel->count) {
        snprintf(why, sizeof why, "fewer records than when it was first read");
        ok = false;
    }
    if (!ok) {
        snprintf(err, err_size, "-data %s: %s", path, why);
        free(reader.moves);
        return false;
    }
    *moves = reader.moves;
    return true;
}
