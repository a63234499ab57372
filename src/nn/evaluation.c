/* evaluation.c - classic or network, per game (evaluation.h). */
#include "nn/evaluation.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "nn/accumulator.h"
#include "nn/embedded.h"
#include "nn/forward.h"
#include "nn/net_file.h"

#define MAX_GAMES 16

static atomic_int selected = EVALUATION_CLASSIC;
static Network networks[MAX_GAMES]; /* by index in all_games; weights NULL: none */
static bool embedded_read;
/* Bumped by every install, so that a cache never outlives its net (a new
 * net may sit at the old one's address). */
static atomic_uint network_generation = 1;

/* Each thread's last evaluated position, as its inputs and accumulator:
 * a search evaluates siblings and cousins one after another, which differ
 * in a few inputs, so the next accumulator is this one updated by the
 * difference (nn_accumulator_update) when that is the cheaper way.  Every
 * REFRESH_EVERY updates it is recomputed whole, which bounds the float
 * rounding an update chain gathers (about 1e-6 of a centi-unit per
 * update). */
#define REFRESH_EVERY 64
typedef struct {
    unsigned generation; /* 0: empty */
    const Network *net;
    int count, updates;
    uint16_t active[NN_MAX_ACTIVE];
    float acc[NN_MAX_HIDDEN];
} EvalCache;
static _Thread_local EvalCache cache;

static int game_index(const Game *game)
{
    for (int i = 0; all_games[i] && i < MAX_GAMES; i++)
        if (all_games[i] == game)
            return i;
    return -1;
}

const Network *evaluation_network(const Game *game)
{
    const int i = game_index(game);
    return i >= 0 && networks[i].weights ? &networks[i] : NULL;
}

bool evaluation_install(Network *net, char *err, size_t err_size)
{
    const Game *game = game_by_id(net->game_id);
    const int i = game ? game_index(game) : -1;
    if (i < 0 || !game->nn_features) {
        snprintf(err, err_size, "the network is for game '%s', which has no network inputs here", net->game_id);
        nn_free(net);
        return false;
    }
    if (net->inputs != game->nn_input_count) {
        snprintf(err, err_size, "the network has %d inputs, %s's encoding has %d", net->inputs, game->id,
                 game->nn_input_count);
        nn_free(net);
        return false;
    }
    nn_free(&networks[i]);
    networks[i] = *net;
    *net = (Network){0};
    atomic_fetch_add(&network_generation, 1);
    return true;
}

bool evaluation_load_file(const char *path, const Game **game_out, char *err, size_t err_size)
{
    Network net;
    char why[512];
    if (!nn_load_file(path, &net, err, err_size))
        return false;
    *game_out = game_by_id(net.game_id);
    if (!evaluation_install(&net, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return false;
    }
    return true;
}

/* The shipped nets, read once; a file loaded before keeps its place. */
static bool read_embedded(char *err, size_t err_size)
{
    bool ok = true;
    embedded_read = true;
    for (size_t k = 0; k < embedded_net_count; k++) {
        Network net;
        char why[512];
        if (!nn_read(embedded_nets[k].data, embedded_nets[k].size, &net, why, sizeof why)) {
            snprintf(err, err_size, "embedded %s: %s", embedded_nets[k].name, why);
            ok = false;
            continue;
        }
        const Game *game = game_by_id(net.game_id);
        if (game && evaluation_network(game)) {
            nn_free(&net);
            continue;
        }
        if (!evaluation_install(&net, why, sizeof why)) {
            snprintf(err, err_size, "embedded %s: %s", embedded_nets[k].name, why);
            ok = false;
        }
    }
    return ok;
}

bool evaluation_select(EvaluationKind kind, char *err, size_t err_size)
{
    bool ok = true;
    if (kind == EVALUATION_NN && !embedded_read)
        ok = read_embedded(err, err_size);
    atomic_store(&selected, kind);
    return ok;
}

EvaluationKind evaluation_selected(void) { return (EvaluationKind)atomic_load_explicit(&selected, memory_order_relaxed); }

/* The net's output for the inputs active[0..count), through the cache. */
static float cached_output(const Network *net, const uint16_t *active, int count)
{
    const unsigned generation = atomic_load_explicit(&network_generation, memory_order_relaxed);
    uint16_t removed[NN_MAX_ACTIVE], added[NN_MAX_ACTIVE];
    int removed_count = 0, added_count = 0;
    bool update = cache.generation == generation && cache.net == net && cache.updates < REFRESH_EVERY;
    if (update) {
        nn_feature_difference(cache.active, cache.count, active, count, removed, &removed_count, added,
                              &added_count);
        update = removed_count + added_count < count;
    }
    if (update) {
        nn_accumulator_update(net, cache.acc, removed, removed_count, added, added_count);
        cache.updates++;
    } else {
        nn_accumulator_refresh(net, active, count, cache.acc);
        cache.updates = 0;
    }
    cache.generation = generation;
    cache.net = net;
    cache.count = count;
    memcpy(cache.active, active, (size_t)count * sizeof *active);
    return nn_output(net, cache.acc);
}

int evaluate_position(const Game *game, const Position *pos)
{
    if (evaluation_selected() == EVALUATION_NN) {
        const Network *net = evaluation_network(game);
        uint16_t active[NN_MAX_ACTIVE];
        const int count = net ? game->nn_features(pos, active) : -1;
        if (count >= 0)
            return nn_centi_units(net, cached_output(net, active, count));
    }
    return game->evaluate(pos);
}
