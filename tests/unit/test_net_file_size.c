/*
 * test_net_file_size.c - a network file is exactly as long as its header's
 * layer sizes say (src/nn/net_file.h): one byte short is refused as
 * truncated, and one byte or one weight (4 bytes) too long, or two nets
 * in one file, is refused as trailing bytes, in memory (nn_read) and on
 * disk (nn_load_file, the EvalFile option's and datagen's reader).  An
 * oversized file once loaded without a word: the extra bytes are no part
 * of any net, and a file that has them was cut or joined wrongly.
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nn/net_file.h"
#include "nn/network.h"

/* A 3-2-2 net with a distinct value in every weight. */
static bool make_net(Network *net)
{
    char err[256] = "";
    if (!nn_create(net, "territoire", 3, 2, 2, 100.0f, err, sizeof err))
        return false;
    const size_t count = nn_weight_count(3, 2, 2);
    for (size_t i = 0; i < count; i++)
        net->weights[i] = 0.125f * (float)i - 1.0f;
    return true;
}

/* The bytes of net as a file, with extra bytes of value fill after it
 * (allocated; *size counts them). */
static unsigned char *file_bytes(const Network *net, size_t extra, unsigned char fill, size_t *size)
{
    char *buffer = NULL;
    size_t written = 0;
    FILE *memory = open_memstream(&buffer, &written);
    CHECK(memory != NULL);
    if (!memory)
        return NULL;
    CHECK(nn_write(net, memory));
    fclose(memory);
    unsigned char *bytes = realloc(buffer, written + extra + 1);
    if (!bytes) {
        free(buffer);
        return NULL;
    }
    memset(bytes + written, fill, extra);
    *size = written + extra;
    return bytes;
}

/* make_net's net in *net (checked), and its file of exactly the right
 * size (allocated; *size counts it). */
static unsigned char *net_and_exact_file(Network *net, size_t *size)
{
    CHECK(make_net(net));
    return file_bytes(net, 0, 0, size);
}

static void test_exact_size_is_read(void)
{
    Network net, read;
    size_t size = 0;
    unsigned char *bytes = net_and_exact_file(&net, &size);
    char err[256] = "";
    CHECK_EQ_U64(size, NN_FILE_HEADER_BYTES + 4 * nn_weight_count(3, 2, 2));
    CHECK(bytes && nn_read(bytes, size, &read, err, sizeof err));
    if (read.weights) {
        CHECK(memcmp(read.weights, net.weights, nn_weight_count(3, 2, 2) * sizeof(float)) == 0);
        nn_free(&read);
    }
    free(bytes);
    nn_free(&net);
}

/* One weight too many (4 bytes: a well-formed float, 0.0), one byte too
 * many, and the file's own weights once more: each refused, the sizes
 * named, and nothing left allocated. */
static void test_trailing_bytes_are_refused(void)
{
    Network net;
    CHECK(make_net(&net));
    const size_t exact = NN_FILE_HEADER_BYTES + 4 * nn_weight_count(3, 2, 2);
    const size_t extras[] = {4, 1, 3, 5, exact - NN_FILE_HEADER_BYTES, exact};
    for (size_t k = 0; k < sizeof extras / sizeof extras[0]; k++) {
        size_t size = 0;
        unsigned char *bytes = file_bytes(&net, extras[k], 0, &size);
        CHECK(bytes != NULL);
        if (!bytes)
            continue;
        if (extras[k] == exact) /* a second copy of the file after the first */
            memcpy(bytes + exact, bytes, exact);
        Network read;
        char err[256] = "";
        char expected[128];
        const bool loaded = nn_read(bytes, size, &read, err, sizeof err);
        CHECK(!loaded);
        if (loaded) {
            printf("\n    %zu extra bytes were accepted", extras[k]);
            nn_free(&read);
        }
        CHECK(read.weights == NULL);
        snprintf(expected, sizeof expected, "network file of %zu bytes, its 3-2-2 layers need %zu (trailing bytes)",
                 size, exact);
        CHECK_CONTAINS(err, expected);
        free(bytes);
    }
    nn_free(&net);
}

/* One byte short is truncated, not "trailing": the two are told apart. */
static void test_short_file_is_truncated(void)
{
    Network net, read;
    size_t size = 0;
    unsigned char *bytes = net_and_exact_file(&net, &size);
    char err[256] = "";
    CHECK(bytes && !nn_read(bytes, size - 1, &read, err, sizeof err));
    CHECK_CONTAINS(err, "(truncated)");
    CHECK(bytes && !nn_read(bytes, size - 4, &read, err, sizeof err));
    CHECK_CONTAINS(err, "(truncated)");
    free(bytes);
    nn_free(&net);
}

/* On disk, as EvalFile reads it: the file exact loads, 4 bytes longer is
 * refused with its path and why. */
static void test_oversized_file_on_disk_is_refused(void)
{
    Network net;
    CHECK(make_net(&net));
    char path[] = "/tmp/tessera-net-size-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) {
        nn_free(&net);
        return;
    }
    FILE *file = fdopen(fd, "wb");
    CHECK(file && nn_write(&net, file));
    CHECK(file && fflush(file) == 0);
    Network read;
    char err[512] = "";
    CHECK(nn_load_file(path, &read, err, sizeof err));
    nn_free(&read);
    const unsigned char weight[4] = {0, 0, 0, 0};
    CHECK(file && fwrite(weight, 1, 4, file) == 4);
    if (file)
        fclose(file);
    err[0] = '\0';
    const bool loaded = nn_load_file(path, &read, err, sizeof err);
    CHECK(!loaded);
    if (loaded)
        nn_free(&read);
    CHECK(read.weights == NULL);
    CHECK_CONTAINS(err, path);
    CHECK_CONTAINS(err, "trailing bytes");
    remove(path);
    nn_free(&net);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_exact_size_is_read);
    RUN(test_trailing_bytes_are_refused);
    RUN(test_short_file_is_truncated);
    RUN(test_oversized_file_on_disk_is_refused);
    return harness_end();
}
