/* texel_data.c - a data file read into Texel samples. */
#include "tune/texel_data.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/data_reader.h"
#include "util/rng.h"

bool texel_validation_game(uint64_t game_number)
{
    uint64_t state = game_number;
    return splitmix64(&state) % 10 == 0;
}

bool texel_sample_from(const Game *game, const DataRecord *record, TexelSample *out, char *err,
                       size_t err_size)
{
    char why[ERROR_TEXT_MAX];
    if (!game->parse_position(record->position, &out->position, why, sizeof why)) {
        snprintf(err, err_size, "position does not parse as %s: %s", game->id, why);
        return false;
    }
    out->result = (float)data_result_value(record->result);
    out->proven = record->proven ? (record->score > 0 ? 1 : -1) : 0;
    out->search_score = record->proven ? 0.0f : (float)record->score;
    out->validation = texel_validation_game(record->game_number);
    return true;
}

bool texel_set_make_room(TexelSet *set, char *err, size_t err_size)
{
    if (set->count < set->capacity)
        return true;
    size_t capacity = set->capacity ? set->capacity * 2 : 4096;
    TexelSample *grown = realloc(set->samples, capacity * sizeof *grown);
    if (!grown) {
        snprintf(err, err_size, "out of memory at %zu positions", set->count);
        return false;
    }
    set->samples = grown;
    set->capacity = capacity;
    return true;
}

typedef struct {
    const Game *game;
    TexelSet *set;
} Loader;

static bool add_record(void *context, const DataRecord *record, char *err, size_t err_size)
{
    Loader *loader = context;
    TexelSet *set = loader->set;
    if (!texel_set_make_room(set, err, err_size))
        return false;
    TexelSample *sample = &set->samples[set->count];
    if (!texel_sample_from(loader->game, record, sample, err, err_size))
        return false;
    set->count++;
    set->validation_count += sample->validation;
    return true;
}

bool texel_data_load(const char *path, const Game *game, TexelSet *set, char *err,
                     size_t err_size)
{
    *set = (TexelSet){0};
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, err_size, "-data %s: %s", path, strerror(errno));
        return false;
    }
    DataHeader header;
    Loader loader = {game, set};
    long kept;
    char why[ERROR_TEXT_MAX + 64];
    bool ok = data_read_of_game(file, game->id, &header, add_record, &loader, &kept, why, sizeof why);
    fclose(file);
    if (!ok) {
        snprintf(err, err_size, "-data %s: %s", path, why);
        texel_data_free(set);
        return false;
    }
    snprintf(set->configuration, sizeof set->configuration, "%s", header.configuration);
    return true;
}

void texel_data_free(TexelSet *set)
{
    free(set->samples);
    *set = (TexelSet){0};
}
