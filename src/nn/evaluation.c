/* evaluation.c - classic or network, per game (evaluation.h). */
#include "nn/evaluation.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "nn/embedded.h"
#include "nn/forward.h"
#include "nn/net_file.h"
#include "nn/policy_head.h"
#include "nn/quantized.h"

#define MAX_GAMES 16

static atomic_int selected = EVALUATION_AUTO;
static Network networks[MAX_GAMES]; /* by index in all_games; weights NULL: none */
static QuantNet quantized[MAX_GAMES]; /* each network's integer feature transformer, which plays */
static atomic_bool scratch_only;       /* evaluation_set_incremental(false) */
static pthread_once_t embedded_once = PTHREAD_ONCE_INIT;
static char embedded_error[600]; /* "" when every shipped net was read */


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
    /* A head is optional, but one of another layout would give its
     * priors to the wrong moves. */
    if (net->policy_size != 0 && net->policy_size != game->policy_size) {
        snprintf(err, err_size, "the network's policy head has %d entries, %s's policy layout has %d",
                 net->policy_size, game->id, game->policy_size);
        nn_free(net);
        return false;
    }
    QuantNet q;
    if (!nn_quantize(net, &q, err, err_size)) {
        nn_free(net);
        return false;
    }
    nn_quant_free(&quantized[i]);
    nn_free(&networks[i]);
    networks[i] = *net;
    *net = (Network){0};
    quantized[i] = q;
    quantized[i].net = &networks[i];
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

static void read_embedded_once(void) { read_embedded(embedded_error, sizeof embedded_error); }

/* The shipped nets are read on the first use of a network, by whichever
 * thread comes first (a search's, under Eval=auto). */
static void ensure_embedded(void) { pthread_once(&embedded_once, read_embedded_once); }

bool evaluation_select(EvaluationKind kind, char *err, size_t err_size)
{
    atomic_store(&selected, kind);
    if (kind == EVALUATION_CLASSIC)
        return true;
    ensure_embedded();
    snprintf(err, err_size, "%s", embedded_error);
    return embedded_error[0] == '\0';
}

EvaluationKind evaluation_selected(void) { return (EvaluationKind)atomic_load_explicit(&selected, memory_order_relaxed); }

/* The net that evaluates game's positions now; NULL: the classic evaluation. */
static const QuantNet *playing_net(const Game *game)
{
    const EvaluationKind kind = evaluation_selected();
    if (kind == EVALUATION_CLASSIC || (kind == EVALUATION_AUTO && !game->nn_by_default))
        return NULL;
    ensure_embedded();
    const int i = game_index(game);
    return i >= 0 && quantized[i].net ? &quantized[i] : NULL;
}

int evaluate_position(const Game *game, const Position *pos)
{
    const QuantNet *net = playing_net(game);
    uint16_t active[NN_MAX_ACTIVE];
    const int count = net ? game->nn_features(pos, active) : -1;
    if (count >= 0)
        return nn_centi_units(net->net, nn_quant_forward(net, active, count));
    return game->evaluate(pos);
}

double evaluation_scale(const Game *game, const Position *pos)
{
    const QuantNet *net = playing_net(game);
    uint16_t active[NN_MAX_ACTIVE];
    return net && game->nn_features(pos, active) >= 0 ? net->net->scale : game->eval_scale;
}

int evaluate_on_line(const Game *game, NnStack *stack, int ply, const Position *pos)
{
    const QuantNet *net = playing_net(game);
    if (!net || atomic_load_explicit(&scratch_only, memory_order_relaxed))
        return evaluate_position(game, pos);
    const int32_t *sums = nn_stack_sums(stack, net, game, ply);
    if (!sums)
        return evaluate_position(game, pos);
    return nn_centi_units(net->net, nn_quant_output(net, sums));
}

/* The net of pos with a head, and pos's active inputs; NULL otherwise. */
static const QuantNet *policy_net(const Game *game, const Position *pos, uint16_t *active, int *count)
{
    const QuantNet *net = playing_net(game);
    if (!net || net->net->policy_size == 0 || !game->policy_index)
        return NULL;
    *count = game->nn_features(pos, active);
    return *count >= 0 ? net : NULL;
}

bool evaluation_has_policy(const Game *game, const Position *pos)
{
    uint16_t active[NN_MAX_ACTIVE];
    int count;
    return policy_net(game, pos, active, &count) != NULL;
}

const Network *evaluation_policy_head(const Game *game, const Position *pos, float *acc)
{
    uint16_t active[NN_MAX_ACTIVE];
    int active_count;
    const QuantNet *net = policy_net(game, pos, active, &active_count);
    if (!net)
        return NULL;
    int32_t sums[NN_MAX_HIDDEN];
    nn_quant_refresh(net, active, active_count, sums);
    for (int i = 0; i < net->net->hidden; i++)
        acc[i] = (float)sums[i] / net->unit;
    return net->net;
}

void evaluation_set_incremental(bool on) { atomic_store(&scratch_only, !on); }
