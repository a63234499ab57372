/* train_cli.c - tessera-train's flags: every one checked, none guessed. */
#include "train/train_cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/flags.h"
#include "games/registry.h"
#include "nn/network.h"
#include "train/trainer.h"
#include "util/parse_number.h"

/* The policy loss's weight unless -policy-weight says: at 1 the head's
 * gradient, larger than the value's, bends the shared feature transformer
 * to it (the value's validation loss 5% higher on Columna data, 18% on
 * Qawale's, tools/train/README.md), at 0.1 the value is as good as without
 * the head and the head learns about as fast. */
#define POLICY_WEIGHT_DEFAULT 0.1

static bool read_game(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    TrainOptions *o = target;
    o->game = game_by_id(value);
    if (o->game && o->game->nn_features)
        return true;
    snprintf(err, err_size, "%s: '%s' is no game with network inputs", flag, value);
    return false;
}

static bool read_path(const char *flag, const char *value, const char **out, char *err, size_t err_size)
{
    if (!value[0]) {
        snprintf(err, err_size, "%s needs a file, not ''", flag);
        return false;
    }
    *out = value;
    return true;
}

/* -data PATH...: the next word, and every word after it up to the next
 * flag (so that a shell glob such as parts/x*.txt gives them all). */
static int read_data(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    TrainOptions *o = target;
    const char *flag = argv[*i];
    if (*i + 1 >= argc || argv[*i + 1][0] == '-') {
        snprintf(err, err_size, "%s needs a file or folder%s%s", flag, *i + 1 < argc ? ", not the flag " : "",
                 *i + 1 < argc ? argv[*i + 1] : "");
        return TRAIN_EXIT_BAD_ARGS;
    }
    do {
        ++*i;
        if (!read_path(flag, argv[*i], &o->data_paths[o->data_count], err, err_size))
            return TRAIN_EXIT_BAD_ARGS;
        o->data_count++;
    } while (*i + 1 < argc && argv[*i + 1][0] != '-');
    return 0;
}

static bool read_out(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    return read_path(flag, value, &((TrainOptions *)target)->out_path, err, err_size);
}

static bool read_checkpoint(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    TrainOptions *o = target;
    const char *path;
    if (!read_path(flag, value, &path, err, err_size))
        return false;
    if (strlen(path) >= sizeof o->checkpoint_path - 8) {
        snprintf(err, err_size, "%s: path too long", flag);
        return false;
    }
    snprintf(o->checkpoint_path, sizeof o->checkpoint_path, "%s", path);
    return true;
}

static bool whole(const char *flag, const char *value, int min, int max, int *out, char *err, size_t err_size)
{
    if (parse_int_range(value, min, max, out))
        return true;
    snprintf(err, err_size, "%s needs a whole number from %d to %d, not '%s'", flag, min, max, value);
    return false;
}

static bool decimal(const char *flag, const char *value, double min, double max, double *out, char *err,
                    size_t err_size)
{
    if (parse_decimal_range(value, min, max, out))
        return true;
    snprintf(err, err_size, "%s needs a number from %g to %g, not '%s'", flag, min, max, value);
    return false;
}

#define WHOLE_FLAG(fn, field, min, max)                                                              \
    static bool fn(void *target, const char *flag, const char *value, char *err, size_t err_size)   \
    {                                                                                                \
        return whole(flag, value, min, max, &((TrainOptions *)target)->field, err, err_size);       \
    }
#define DECIMAL_FLAG(fn, field, min, max)                                                            \
    static bool fn(void *target, const char *flag, const char *value, char *err, size_t err_size)   \
    {                                                                                                \
        return decimal(flag, value, min, max, &((TrainOptions *)target)->field, err, err_size);     \
    }

WHOLE_FLAG(read_epochs, epochs, 1, 100000)
WHOLE_FLAG(read_batch, batch, 1, 1 << 20)
WHOLE_FLAG(read_hidden, hidden, 1, NN_MAX_HIDDEN)
WHOLE_FLAG(read_hidden2, hidden2, 1, NN_MAX_HIDDEN)
WHOLE_FLAG(read_threads, threads, 1, TRAIN_MAX_THREADS)
DECIMAL_FLAG(read_learning_rate, learning_rate, 1e-7, 1.0)
DECIMAL_FLAG(read_lambda, lambda, 0.0, 1.0)
DECIMAL_FLAG(read_k, k, 1.0, 100000.0)
DECIMAL_FLAG(read_policy_weight, policy_weight, 0.001, 1000.0)

static bool read_seed(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (parse_uint64(value, INT64_MAX, &((TrainOptions *)target)->seed) == NUMBER_OK)
        return true;
    snprintf(err, err_size, "%s needs a whole number from 0 to %" PRId64 ", not '%s'", flag, INT64_MAX, value);
    return false;
}

static bool set_steps(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((TrainOptions *)target)->steps = true;
    return true;
}

static bool set_policy(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((TrainOptions *)target)->policy = true;
    return true;
}

static bool set_help(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((TrainOptions *)target)->help = true;
    return true;
}

static const Flag train_flags[] = {
    {"-game", .on_value = read_game},       {"-data", .on_words = read_data},
    {"-out", .on_value = read_out},         {"-checkpoint", .on_value = read_checkpoint},
    {"-epochs", .on_value = read_epochs},   {"-batch", .on_value = read_batch},
    {"-lr", .on_value = read_learning_rate}, {"-lambda", .on_value = read_lambda},
    {"-k", .on_value = read_k},             {"-hidden", .on_value = read_hidden},
    {"-hidden2", .on_value = read_hidden2}, {"-threads", .on_value = read_threads},
    {"-seed", .on_value = read_seed},       {"-steps", .on_switch = set_steps},
    {"-policy", .on_switch = set_policy},   {"-policy-weight", .on_value = read_policy_weight},
    {"-help", .on_switch = set_help},
    {"--help", .on_switch = set_help},      {.name = NULL},
};

/* -policy-weight is -policy's (0 until given: POLICY_WEIGHT_DEFAULT),
 * and -policy needs a game with a move indexing. */
static bool check_policy(TrainOptions *o, char *err, size_t err_size)
{
    if (!o->policy && o->policy_weight > 0.0) {
        snprintf(err, err_size, "-policy-weight weighs the policy head's loss: it needs -policy");
        return false;
    }
    if (o->policy && o->game->policy_size <= 0) {
        snprintf(err, err_size, "-policy: %s has no policy layout (Game.policy_size 0)", o->game->id);
        return false;
    }
    if (o->policy && o->policy_weight == 0.0)
        o->policy_weight = POLICY_WEIGHT_DEFAULT;
    return true;
}

bool train_cli_parse(int argc, char *const *argv, TrainOptions *o, char *err, size_t err_size)
{
    *o = (TrainOptions){.epochs = 30, .batch = 512, .hidden = 64, .hidden2 = 16, .threads = 1,
                        .learning_rate = 0.002, .lambda = 0.5, .seed = 1};
    o->data_paths = calloc((size_t)argc + 1, sizeof *o->data_paths);
    if (!o->data_paths) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(train_flags, argv[i]);
        if (!row) {
            snprintf(err, err_size, "unknown flag '%s'", argv[i]);
            return false;
        }
        if (flag_read(row, o, argc, argv, &i, TRAIN_EXIT_BAD_ARGS, err, err_size) != 0)
            return false;
        if (o->help)
            return true;
    }
    if (!o->game || !o->data_count || !o->out_path) {
        snprintf(err, err_size, "-game ID, -data PATH... and -out NET are required");
        return false;
    }
    if (!check_policy(o, err, err_size))
        return false;
    if (!o->checkpoint_path[0]) {
        if (strlen(o->out_path) >= sizeof o->checkpoint_path - 8) {
            snprintf(err, err_size, "-out: path too long");
            return false;
        }
        snprintf(o->checkpoint_path, sizeof o->checkpoint_path, "%s.ckpt", o->out_path);
    }
    return true;
}

void train_cli_free(TrainOptions *o)
{
    free(o->data_paths);
    o->data_paths = NULL;
    o->data_count = 0;
}

void train_cli_data_label(const TrainOptions *o, char *out, size_t out_size)
{
    enum { SHOWN = 300 };
    uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a of every path */
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < o->data_count; i++) {
        for (const char *c = o->data_paths[i]; *c; c++)
            hash = (hash ^ (unsigned char)*c) * 0x100000001b3u;
        hash = (hash ^ ',') * 0x100000001b3u;
        if (used < out_size) {
            int n = snprintf(out + used, out_size - used, "%s%s", i ? "," : "", o->data_paths[i]);
            used += n > 0 ? (size_t)n : 0;
        }
    }
    if (used > SHOWN && out_size > SHOWN + 64)
        snprintf(out + SHOWN, out_size - SHOWN, "...(%d paths, %016" PRIx64 ")", o->data_count, hash);
}

void train_cli_configuration(const TrainOptions *o, size_t positions, char *out, size_t out_size)
{
    char data[512];
    train_cli_data_label(o, data, sizeof data);
    snprintf(out, out_size,
             "game=%s data=%s positions=%zu hidden=%d hidden2=%d batch=%d lr=%g lambda=%g k=%g seed=%" PRIu64,
             o->game->id, data, positions, o->hidden, o->hidden2, o->batch, o->learning_rate, o->lambda,
             o->k, o->seed);
    /* Only with -steps or -policy, so that the configurations before them
     * still resume. */
    if (o->steps) {
        const size_t used = strlen(out);
        snprintf(out + used, out_size - used, " steps");
    }
    if (o->policy) {
        const size_t used = strlen(out);
        snprintf(out + used, out_size - used, " policy=%g", o->policy_weight);
    }
}

void train_cli_print_help(FILE *out)
{
    fputs("usage: tessera-train -game ID -data FILE... -out NET [flags]\n"
          "\n"
          "Trains a game's network (src/nn/) on self-play data from tessera-datagen: the\n"
          "target is lambda * sigmoid(score / K) + (1 - lambda) * result (a proof counts\n"
          "as 1 or 0), the loss the mean squared error of sigmoid(output), Adam on\n"
          "mini-batches.  One game in ten is held out for validation.  Prints both losses\n"
          "before training, then a line per epoch with both (the training loss the mean\n"
          "of the epoch's batches, each before its step; the validation loss after the\n"
          "epoch), saves a checkpoint after each (the same command run again resumes\n"
          "it, or trains nothing once it holds -epochs; another configuration is\n"
          "refused) and writes NET after each epoch that lowers the validation loss\n"
          "(early stopping: NET is the best epoch's net), which the engine loads with\n"
          "`setoption name EvalFile value NET`.\n"
          "The data may be many files, read one after the other as if joined (the same\n"
          "net as from their concatenation), with a line on how much has been read.\n"
          "\n"
          "  -game ID        the game (the data must be of the same game)\n"
          "  -data PATH...   the data (tools/data/data_record.h): one or more files, or a\n"
          "                  folder for all its data files in name order; repeatable,\n"
          "                  read in the order given\n"
          "  -out NET        the network file written\n"
          "  -checkpoint F   the checkpoint (NET.ckpt)\n"
          "  -epochs N       passes over the training positions (30); a resumed run goes on to N\n"
          "  -batch N        positions per Adam step (512)\n"
          "  -lr X           Adam's learning rate (0.002)\n"
          "  -lambda X       the search score's share of the target, 0..1 (0.5)\n"
          "  -k X            K in centi-units (default: fitted to the results with the\n"
          "                  classic evaluation, so the net speaks its units)\n"
          "  -hidden N       the feature transformer's width (64)\n"
          "  -hidden2 N      the second layer's width (16)\n"
          "  -threads N      threads per batch (1); a run is reproducible for a seed and N\n"
          "  -seed N         the initial weights' and the shuffles' seed (1)\n"
          "  -steps          also train on the positions inside each recorded turn (games\n"
          "                  whose turns are steps: Columna, Territoire), which the searches\n"
          "                  evaluate too, with the turn's target\n"
          "  -policy         also train a policy head: the cross-entropy of its softmax\n"
          "                  against each record's visits where it has them (MCTS's\n"
          "                  data), else its move (its first step in Columna and\n"
          "                  Territoire), beside the value loss; both losses are printed\n"
          "  -policy-weight X\n"
          "                  the policy loss's weight beside the value loss (0.1)\n"
          "  -help / --help  this text\n"
          "  -version / --version  the version\n"
          "\n"
          "Exit status: 0 done (NET holds the best epoch's net); 1 failed (K runs to its\n"
          "bound, no training or validation games, a file cannot be written, out of\n"
          "memory); 2 bad arguments, data of another game or a malformed data line, a\n"
          "checkpoint of another configuration.\n",
          out);
}
