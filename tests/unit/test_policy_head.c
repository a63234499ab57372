/*
 * test_policy_head.c - the policy head of the float net (src/nn/network.h,
 * policy_head.h) and its file (net_file.h, version 2): the logits of a
 * tiny net against values computed by hand, the priors' softmax over the
 * legal entries only, a file round trip that gives the same logits,
 * version-1 files (the shipped nets among them) read as nets without a
 * head, a head whose size is not the game's refused by the loader, and a
 * cut or overlong version-2 file refused as a version-1 one is.
 */
#include "harness.h"

#include <math.h>
#include <unistd.h>

#include "games/registry.h"
#include "nn/embedded.h"
#include "nn/evaluation.h"
#include "nn/forward.h"
#include "nn/net_file.h"
#include "nn/policy_head.h"

static bool near(double a, double b) { return fabs(a - b) < 1e-5; }

/* test_nn's tiny 3-2-2 value net with a head of 3 entries: each entry a
 * row over the 2 clipped hidden units, and a bias. */
static void make_tiny_with_head(Network *net)
{
    char err[256] = "";
    CHECK(nn_create_with_policy(net, "territoire", 3, 2, 2, 3, 100.0f, err, sizeof err));
    const float rows[6] = {0.5f, -0.25f, 1.0f, 0.5f, 0.25f, 2.0f};
    for (int i = 0; i < 6; i++)
        net->input_rows[i] = rows[i];
    net->hidden_bias[0] = 0.125f, net->hidden_bias[1] = -0.5f;
    net->layer2[0] = 1.0f, net->layer2[1] = 0.5f;
    net->layer2[2] = -2.0f, net->layer2[3] = 1.0f;
    net->layer2_bias[0] = 0.0f, net->layer2_bias[1] = 0.25f;
    net->output[0] = 2.0f, net->output[1] = -1.0f;
    net->output_bias[0] = 0.5f;
    const float head[6] = {1.0f, -1.0f, /* entry 0 */ 0.5f, 2.0f, /* entry 1 */ -1.0f, 0.25f /* entry 2 */};
    for (int i = 0; i < 6; i++)
        net->policy[i] = head[i];
    net->policy_bias[0] = 0.0f, net->policy_bias[1] = -0.5f, net->policy_bias[2] = 0.25f;
}

static void test_head_sits_after_the_value_weights(void)
{
    Network net;
    make_tiny_with_head(&net);
    const size_t value = nn_weight_count(3, 2, 2);
    CHECK(net.policy == net.weights + value);
    CHECK(net.policy_bias == net.policy + 3 * 2);
    CHECK_EQ_U64(nn_net_weight_count(&net), value + 3 * (2 + 1));
    nn_free(&net);
    char err[256] = "";
    CHECK(nn_create(&net, "territoire", 3, 2, 2, 100.0f, err, sizeof err));
    CHECK(net.policy_size == 0 && net.policy == NULL && net.policy_bias == NULL);
    CHECK_EQ_U64(nn_net_weight_count(&net), value);
    nn_free(&net);
    CHECK(!nn_create_with_policy(&net, "territoire", 3, 2, 2, NN_MAX_POLICY + 1, 100.0f, err, sizeof err));
    CHECK_CONTAINS(err, "policy head");
}

static void test_logits_match_hand_computation(void)
{
    Network net;
    make_tiny_with_head(&net);
    float logits[3];
    /* Inputs 0 and 2: clipped hidden (0.875, 1) (test_nn's value example);
     * entry 0: 0 + 0.875 - 1 = -0.125; entry 1: -0.5 + 0.4375 + 2 = 1.9375;
     * entry 2: 0.25 - 0.875 + 0.25 = -0.375. */
    const uint16_t active[2] = {0, 2};
    nn_policy_forward(&net, active, 2, logits);
    CHECK(near(logits[0], -0.125) && near(logits[1], 1.9375) && near(logits[2], -0.375));
    /* The head changes nothing of the value. */
    CHECK(near(nn_forward(&net, active, 2), 2.5));
    /* No input: clipped (0.125, 0), the second unit clipped at 0;
     * entries 0.125, -0.5 + 0.0625 = -0.4375, 0.25 - 0.125 = 0.125. */
    nn_policy_forward(&net, NULL, 0, logits);
    CHECK(near(logits[0], 0.125) && near(logits[1], -0.4375) && near(logits[2], 0.125));
    /* Input 1 alone: acc (1.125, 0) -> (1, 0), the first clipped at 1:
     * entries 1, 0, -0.75. */
    const uint16_t one[1] = {1};
    nn_policy_forward(&net, one, 1, logits);
    CHECK(near(logits[0], 1.0) && near(logits[1], 0.0) && near(logits[2], -0.75));
    nn_free(&net);
}

static void test_priors_are_a_softmax_over_the_legal_entries_only(void)
{
    float logits[5] = {-0.125f, 1.9375f, -0.375f, 3.0f, 0.0f};
    const int legal[2] = {0, 2};
    float priors[2];
    nn_policy_priors(logits, legal, 2, priors);
    /* exp(-0.125) / (exp(-0.125) + exp(-0.375)) = 1 / (1 + exp(-0.25)) */
    CHECK(near(priors[0], 1.0 / (1.0 + exp(-0.25))));
    CHECK(near(priors[0] + priors[1], 1.0));
    /* The illegal entries (1, 3 and 4, the largest among them) play no part. */
    logits[1] = 100.0f, logits[3] = -100.0f, logits[4] = 7.0f;
    float again[2];
    nn_policy_priors(logits, legal, 2, again);
    CHECK(again[0] == priors[0] && again[1] == priors[1]);
    /* Order follows the list; one legal entry gets it all. */
    const int reversed[2] = {2, 0};
    nn_policy_priors(logits, reversed, 2, again);
    CHECK(again[0] == priors[1] && again[1] == priors[0]);
    nn_policy_priors(logits, legal + 1, 1, again);
    CHECK(again[0] == 1.0f);
}

static void test_priors_of_large_logits_stay_finite(void)
{
    const float logits[4] = {1000.0f, 999.0f, -1000.0f, 50.0f};
    const int legal[4] = {0, 1, 2, 3};
    float priors[4];
    nn_policy_priors(logits, legal, 4, priors);
    double sum = 0.0;
    for (int k = 0; k < 4; k++) {
        CHECK(isfinite(priors[k]) && priors[k] >= 0.0f);
        sum += priors[k];
    }
    CHECK(near(sum, 1.0));
    CHECK(near(priors[0], 1.0 / (1.0 + exp(-1.0))));
    /* An entry listed twice counts twice: 3 equal shares. */
    const int twice[3] = {1, 1, 1};
    nn_policy_priors(logits, twice, 3, priors);
    CHECK(near(priors[0], 1.0 / 3) && near(priors[2], 1.0 / 3));
}

/* net's file (allocated; *size its bytes). */
static unsigned char *file_of(const Network *net, size_t *size)
{
    char *buffer = NULL;
    FILE *memory = open_memstream(&buffer, size);
    CHECK(memory && nn_write(net, memory));
    if (memory)
        fclose(memory);
    return (unsigned char *)buffer;
}

static uint32_t u32_at(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_file_round_trip_keeps_the_logits(void)
{
    Network net, read;
    make_tiny_with_head(&net);
    size_t size = 0;
    unsigned char *bytes = file_of(&net, &size);
    char err[256] = "";
    CHECK_EQ_U64(size, NN_FILE_POLICY_HEADER_BYTES + 4 * nn_net_weight_count(&net));
    CHECK_EQ_U64(size, nn_file_size(&net));
    CHECK_EQ_INT(u32_at(bytes + 4), NN_FILE_VERSION_POLICY);
    CHECK_EQ_INT(u32_at(bytes + NN_FILE_HEADER_BYTES), 3);
    CHECK(nn_read(bytes, size, &read, err, sizeof err));
    CHECK_EQ_INT(read.policy_size, 3);
    CHECK(read.inputs == 3 && read.hidden == 2 && read.hidden2 == 2 && read.scale == 100.0f);
    CHECK(memcmp(read.weights, net.weights, nn_net_weight_count(&net) * sizeof(float)) == 0);
    const uint16_t active[2] = {0, 2};
    float mine[3], theirs[3];
    nn_policy_forward(&net, active, 2, mine);
    nn_policy_forward(&read, active, 2, theirs);
    CHECK(memcmp(mine, theirs, sizeof mine) == 0);
    CHECK(nn_forward(&read, active, 2) == nn_forward(&net, active, 2));
    nn_free(&read);
    free(bytes);
    nn_free(&net);
}

/* A net without a head is written as version 1, as before the head
 * existed, and reads back without one. */
static void test_net_without_head_is_a_version_1_file(void)
{
    Network net, read;
    char err[256] = "";
    CHECK(nn_create(&net, "territoire", 3, 2, 2, 100.0f, err, sizeof err));
    for (size_t i = 0; i < nn_net_weight_count(&net); i++)
        net.weights[i] = 0.25f * (float)i;
    size_t size = 0;
    unsigned char *bytes = file_of(&net, &size);
    CHECK_EQ_INT(u32_at(bytes + 4), NN_FILE_VERSION_VALUE);
    CHECK_EQ_U64(size, NN_FILE_HEADER_BYTES + 4 * nn_weight_count(3, 2, 2));
    CHECK(nn_read(bytes, size, &read, err, sizeof err));
    CHECK(read.policy_size == 0 && read.policy == NULL);
    CHECK(memcmp(read.weights, net.weights, nn_weight_count(3, 2, 2) * sizeof(float)) == 0);
    nn_free(&read);
    free(bytes);
    nn_free(&net);
}

static void test_shipped_version_1_nets_still_load(void)
{
    CHECK(embedded_net_count >= 1);
    for (size_t k = 0; k < embedded_net_count; k++) {
        Network net;
        char err[256] = "";
        CHECK_EQ_INT(u32_at(embedded_nets[k].data + 4), NN_FILE_VERSION_VALUE);
        CHECK(nn_read(embedded_nets[k].data, embedded_nets[k].size, &net, err, sizeof err));
        CHECK_EQ_INT(net.policy_size, 0);
        CHECK(game_by_id(net.game_id) != NULL);
        nn_free(&net);
    }
}

/* A head of game's size plus delta (0: the game's own), zero weights. */
static bool columna_net(Network *net, int delta)
{
    char err[256] = "";
    const bool ok = nn_create_with_policy(net, "columna", columna_game.nn_input_count, 4, 2,
                                          columna_game.policy_size + delta, 100.0f, err, sizeof err);
    CHECK(ok);
    return ok;
}

static void test_head_of_another_size_than_the_game_is_refused(void)
{
    Network net;
    char err[512] = "";
    CHECK(columna_net(&net, -1));
    CHECK(!evaluation_install(&net, err, sizeof err));
    CHECK_CONTAINS(err, "policy head has 287 entries, columna's policy layout has 288");
    CHECK(net.weights == NULL); /* freed */
    /* From a file: one error naming the file. */
    char path[] = "/tmp/tessera-test-policy-XXXXXX";
    const int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *file = fdopen(fd, "wb");
    CHECK(columna_net(&net, 5) && file && nn_write(&net, file));
    if (file)
        fclose(file);
    nn_free(&net);
    const Game *game = NULL;
    CHECK(!evaluation_load_file(path, &game, err, sizeof err));
    CHECK_CONTAINS(err, path);
    CHECK_CONTAINS(err, "policy head has 293 entries, columna's policy layout has 288");
    remove(path);
    /* The game's own size, and no head at all, are accepted. */
    CHECK(columna_net(&net, 0) && evaluation_install(&net, err, sizeof err));
    CHECK_EQ_INT(evaluation_network(&columna_game)->policy_size, 288);
    char none_err[256] = "";
    CHECK(nn_create(&net, "columna", columna_game.nn_input_count, 4, 2, 100.0f, none_err, sizeof none_err));
    CHECK(evaluation_install(&net, err, sizeof err));
    CHECK_EQ_INT(evaluation_network(&columna_game)->policy_size, 0);
}

static void test_cut_or_overlong_version_2_files_are_refused(void)
{
    Network net, read;
    make_tiny_with_head(&net);
    size_t size = 0;
    unsigned char *bytes = file_of(&net, &size);
    unsigned char *longer = realloc(bytes, size + 4);
    CHECK(longer != NULL);
    if (!longer) {
        free(bytes);
        nn_free(&net);
        return;
    }
    bytes = longer;
    memset(bytes + size, 0, 4);
    char err[256] = "";
    CHECK(!nn_read(bytes, size - 1, &read, err, sizeof err));
    CHECK_CONTAINS(err, "3-entry policy head need");
    CHECK_CONTAINS(err, "truncated");
    CHECK(!nn_read(bytes, size + 4, &read, err, sizeof err));
    CHECK_CONTAINS(err, "trailing bytes");
    /* Cut inside the header: before policy_size is whole. */
    CHECK(!nn_read(bytes, NN_FILE_HEADER_BYTES + 2, &read, err, sizeof err));
    CHECK_CONTAINS(err, "truncated");
    /* The value weights alone (a head dropped) are too short. */
    CHECK(!nn_read(bytes, NN_FILE_POLICY_HEADER_BYTES + 4 * nn_weight_count(3, 2, 2), &read, err, sizeof err));
    CHECK_CONTAINS(err, "truncated");
    /* A head past NN_MAX_POLICY. */
    bytes[NN_FILE_HEADER_BYTES] = 0xff, bytes[NN_FILE_HEADER_BYTES + 1] = 0xff;
    CHECK(!nn_read(bytes, size, &read, err, sizeof err));
    CHECK_CONTAINS(err, "out of range");
    /* Another version. */
    bytes[4] = 3;
    CHECK(!nn_read(bytes, size, &read, err, sizeof err));
    CHECK_CONTAINS(err, "version 3");
    free(bytes);
    nn_free(&net);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_head_sits_after_the_value_weights);
    RUN(test_logits_match_hand_computation);
    RUN(test_priors_are_a_softmax_over_the_legal_entries_only);
    RUN(test_priors_of_large_logits_stay_finite);
    RUN(test_file_round_trip_keeps_the_logits);
    RUN(test_net_without_head_is_a_version_1_file);
    RUN(test_shipped_version_1_nets_still_load);
    RUN(test_head_of_another_size_than_the_game_is_refused);
    RUN(test_cut_or_overlong_version_2_files_are_refused);
    return harness_end();
}
