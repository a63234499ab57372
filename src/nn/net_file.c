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

/* What a file's header says. */
typedef struct {
    char game_id[NN_GAME_ID_BYTES];
    uint32_t inputs, hidden, hidden2, policy_size;
    float scale;
    size_t header_bytes; /* where the weights start */
} Header;

static bool read_header(const unsigned char *bytes, size_t size, Header *h, char *err, size_t err_size)
{
    if (size < NN_FILE_HEADER_BYTES || memcmp(bytes, NN_FILE_MAGIC, 4) != 0) {
        snprintf(err, err_size, "not a Tessera network file (%zu bytes, no TSNN header)", size);
        return false;
    }
    const uint32_t version = read_u32(bytes + 4);
    if (version != NN_FILE_VERSION_VALUE && version != NN_FILE_VERSION_POLICY) {
        snprintf(err, err_size, "network file version %u, this engine reads %u and %u", version,
                 NN_FILE_VERSION_VALUE, NN_FILE_VERSION_POLICY);
        return false;
    }
    memcpy(h->game_id, bytes + 8, NN_GAME_ID_BYTES);
    if (h->game_id[NN_GAME_ID_BYTES - 1] != '\0') {
        snprintf(err, err_size, "network file's game id is not terminated");
        return false;
    }
    h->inputs = read_u32(bytes + 40), h->hidden = read_u32(bytes + 44), h->hidden2 = read_u32(bytes + 48);
    h->scale = read_f32(bytes + 52);
    h->policy_size = 0;
    h->header_bytes = NN_FILE_HEADER_BYTES;
    if (version == NN_FILE_VERSION_POLICY) {
        if (size < NN_FILE_POLICY_HEADER_BYTES) {
            snprintf(err, err_size, "network file of %zu bytes, truncated inside its header", size);
            return false;
        }
        h->policy_size = read_u32(bytes + NN_FILE_HEADER_BYTES);
        h->header_bytes = NN_FILE_POLICY_HEADER_BYTES;
    }
    return true;
}

/* The sizes in range, and the file exactly as long as they say. */
static bool check_sizes(const Header *h, size_t size, char *err, size_t err_size)
{
    if (h->inputs > NN_MAX_INPUTS || h->hidden > NN_MAX_HIDDEN || h->hidden2 > NN_MAX_HIDDEN) {
        snprintf(err, err_size, "layer sizes %u-%u-%u out of range", h->inputs, h->hidden, h->hidden2);
        return false;
    }
    if (h->policy_size > NN_MAX_POLICY) {
        snprintf(err, err_size, "policy head of %u entries out of range (at most %d)", h->policy_size,
                 NN_MAX_POLICY);
        return false;
    }
    const size_t count = nn_weight_count((int)h->inputs, (int)h->hidden, (int)h->hidden2) +
                         nn_policy_weight_count((int)h->hidden, (int)h->policy_size);
    const size_t expected = h->header_bytes + 4 * count;
    if (size == expected)
        return true;
    char head[64] = "";
    if (h->policy_size)
        snprintf(head, sizeof head, " and %u-entry policy head", h->policy_size);
    snprintf(err, err_size, "network file of %zu bytes, its %u-%u-%u layers%s need %zu (%s)", size, h->inputs,
             h->hidden, h->hidden2, head, expected, size < expected ? "truncated" : "trailing bytes");
    return false;
}

bool nn_read(const unsigned char *bytes, size_t size, Network *net, char *err, size_t err_size)
{
    Header h;
    *net = (Network){0};
    if (!read_header(bytes, size, &h, err, err_size) || !check_sizes(&h, size, err, err_size))
        return false;
    if (!nn_create_with_policy(net, h.game_id, (int)h.inputs, (int)h.hidden, (int)h.hidden2, (int)h.policy_size,
                               h.scale, err, err_size))
        return false;
    const size_t count = nn_net_weight_count(net);
    for (size_t i = 0; i < count; i++) {
        net->weights[i] = read_f32(bytes + h.header_bytes + 4 * i);
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
    const bool head = net->policy_size > 0;
    bool ok = fwrite(NN_FILE_MAGIC, 1, 4, out) == 4 &&
              write_u32(head ? NN_FILE_VERSION_POLICY : NN_FILE_VERSION_VALUE, out) &&
              fwrite(game_id, 1, sizeof game_id, out) == sizeof game_id && write_u32((uint32_t)net->inputs, out) &&
              write_u32((uint32_t)net->hidden, out) && write_u32((uint32_t)net->hidden2, out) &&
              write_f32(net->scale, out) && (!head || write_u32((uint32_t)net->policy_size, out));
    const size_t count = nn_net_weight_count(net);
    for (size_t i = 0; ok && i < count; i++)
        ok = write_f32(net->weights[i], out);
    return ok;
}

size_t nn_file_size(const Network *net)
{
    const size_t header = net->policy_size > 0 ? NN_FILE_POLICY_HEADER_BYTES : NN_FILE_HEADER_BYTES;
    return header + 4 * nn_net_weight_count(net);
}
