/* net_file.c - reading and writing the network file (net_file.h). */
#include "nn/net_file.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Files bigger than this are no net of ours (the largest is a few MB). */
#define NN_FILE_MAX_BYTES (64u << 20)

static uint32_t read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float read_f32(const unsigned char *p)
{
    uint32_t bits = read_u32(p);
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static bool write_u32(uint32_t value, FILE *out)
{
    unsigned char b[4] = {value & 255, value >> 8 & 255, value >> 16 & 255, value >> 24 & 255};
    return fwrite(b, 1, 4, out) == 4;
}

static bool write_f32(float value, FILE *out)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return write_u32(bits, out);
}

static bool read_header(const unsigned char *bytes, size_t size, char *game_id, uint32_t sizes[3], char *err,
                        size_t err_size)
{
    if (size < NN_FILE_HEADER_BYTES || memcmp(bytes, NN_FILE_MAGIC, 4) != 0) {
        snprintf(err, err_size, "not a Tessera network file (%zu bytes, no TSNN header)", size);
        return false;
    }
    if (read_u32(bytes + 4) != NN_FILE_VERSION) {
        snprintf(err, err_size, "network file version %u, this engine reads %u", read_u32(bytes + 4),
                 NN_FILE_VERSION);
        return false;
    }
    memcpy(game_id, bytes + 8, NN_GAME_ID_BYTES);
    if (game_id[NN_GAME_ID_BYTES - 1] != '\0') {
        snprintf(err, err_size, "network file's game id is not terminated");
        return false;
    }
    for (int i = 0; i < 3; i++)
        sizes[i] = read_u32(bytes + 40 + 4 * i);
    return true;
}

bool nn_read(const unsigned char *bytes, size_t size, Network *net, char *err, size_t err_size)
{
    char game_id[NN_GAME_ID_BYTES];
    uint32_t sizes[3];
    *net = (Network){0};
    if (!read_header(bytes, size, game_id, sizes, err, err_size))
        return false;
    if (sizes[0] > NN_MAX_INPUTS || sizes[1] > NN_MAX_HIDDEN || sizes[2] > NN_MAX_HIDDEN) {
        snprintf(err, err_size, "layer sizes %u-%u-%u out of range", sizes[0], sizes[1], sizes[2]);
        return false;
    }
    const size_t count = nn_weight_count((int)sizes[0], (int)sizes[1], (int)sizes[2]);
    const size_t expected = NN_FILE_HEADER_BYTES + 4 * count;
    if (size != expected) {
        snprintf(err, err_size, "network file of %zu bytes, its %u-%u-%u layers need %zu (%s)", size, sizes[0],
                 sizes[1], sizes[2], expected, size < expected ? "truncated" : "trailing bytes");
        return false;
    }
    if (!nn_create(net, game_id, (int)sizes[0], (int)sizes[1], (int)sizes[2], read_f32(bytes + 52), err,
                   err_size))
        return false;
    for (size_t i = 0; i < count; i++) {
        net->weights[i] = read_f32(bytes + NN_FILE_HEADER_BYTES + 4 * i);
        if (!isfinite(net->weights[i])) {
            snprintf(err, err_size, "weight %zu is not a finite number", i);
            nn_free(net);
            return false;
        }
    }
    return true;
}

static unsigned char *read_whole(FILE *file, size_t *size)
{
    size_t capacity = 1 << 16, used = 0;
    unsigned char *bytes = malloc(capacity);
    while (bytes) {
        used += fread(bytes + used, 1, capacity - used, file);
        if (used < capacity || capacity >= NN_FILE_MAX_BYTES)
            break;
        unsigned char *grown = realloc(bytes, capacity * 2);
        if (!grown)
            free(bytes);
        bytes = grown;
        capacity *= 2;
    }
    *size = used;
    return bytes;
}

bool nn_load_file(const char *path, Network *net, char *err, size_t err_size)
{
    *net = (Network){0};
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return false;
    }
    size_t size;
    unsigned char *bytes = read_whole(file, &size);
    bool failed = ferror(file);
    fclose(file);
    if (!bytes || failed) {
        snprintf(err, err_size, "%s: %s", path, bytes ? "read error" : "out of memory");
        free(bytes);
        return false;
    }
    char why[256];
    bool ok = nn_read(bytes, size, net, why, sizeof why);
    free(bytes);
    if (!ok)
        snprintf(err, err_size, "%s: %s", path, why);
    return ok;
}

bool nn_write(const Network *net, FILE *out)
{
    unsigned char game_id[NN_GAME_ID_BYTES] = {0};
    memcpy(game_id, net->game_id, strlen(net->game_id));
    bool ok = fwrite(NN_FILE_MAGIC, 1, 4, out) == 4 && write_u32(NN_FILE_VERSION, out) &&
              fwrite(game_id, 1, sizeof game_id, out) == sizeof game_id && write_u32((uint32_t)net->inputs, out) &&
              write_u32((uint32_t)net->hidden, out) && write_u32((uint32_t)net->hidden2, out) &&
              write_f32(net->scale, out);
    const size_t count = nn_weight_count(net->inputs, net->hidden, net->hidden2);
    for (size_t i = 0; ok && i < count; i++)
        ok = write_f32(net->weights[i], out);
    return ok;
}
