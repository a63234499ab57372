/* train_run.c - a training run from data file to network file. */
#include "train/train_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nn/net_file.h"
#include "train/checkpoint.h"
#include "train/data_files.h"
#include "train/train_set.h"
#include "train/trainer.h"
#include "tune/texel.h"
#include "tune/texel_data.h"
#include "util/clock.h"
#include "util/rng.h"

/* K: the flag's, else fitted to the results with the classic evaluation
 * (so the net's centi-units read like the classic ones); 0 when the fit
 * runs to its bound (positions that do not predict their results). */
static double choose_k(const TrainOptions *o, const TexelSet *texel)
{
    if (o->k > 0)
        return o->k;
    TexelData data = {o->game, texel->samples, texel->count, o->threads, o->lambda};
    const double k = texel_fit_k(&data);
    return k < TEXEL_K_MIN * 1.01 || k > TEXEL_K_MAX * 0.99 ? 0.0 : k;
}

static int load(const TrainOptions *o, TrainSet *set, double *k, FILE *out, FILE *errout)
{
    TexelSet texel;
    DataFiles files;
    Move *moves = NULL;
    char err[2048], data[512];
    train_cli_data_label(o, data, sizeof data);
    if (!data_files_list(o->data_paths, o->data_count, o->game, &files, err, sizeof err) ||
        !data_files_load(&files, o->game, &texel, o->steps ? &moves : NULL, out, err, sizeof err)) {
        fprintf(errout, "tessera-train: %s\n", err);
        data_files_free(&files);
        return TRAIN_EXIT_BAD_ARGS;
    }
    data_files_free(&files);
    *k = choose_k(o, &texel);
    size_t skipped = 0;
    bool ok = *k > 0 && train_set_from_texel(o->game, &texel, moves, *k, o->lambda, set, &skipped, err, sizeof err);
    free(moves);
    texel_data_free(&texel);
    if (!ok) {
        fprintf(errout, "tessera-train: %s\n",
                *k > 0 ? err : "K went to its bound: the positions do not predict their results (too few, or all draws)");
        return TRAIN_EXIT_FAILED;
    }
    fprintf(out, "train: %zu positions of %s from %s%s (%zu training, %zu validation, %zu not covered by the encoding), K = %.1f\n",
            set->count, o->game->id, data, o->steps ? " and inside their turns" : "", set->count - set->validation_count, set->validation_count,
            skipped, *k);
    if (set->validation_count == 0 || set->validation_count == set->count) {
        fprintf(errout, "tessera-train: %s: need both training and validation games (one in ten is held out)\n",
                data);
        train_set_free(set);
        return TRAIN_EXIT_FAILED;
    }
    return TRAIN_EXIT_OK;
}

/* The training samples in the order of epoch: a shuffle seeded by the
 * seed and the epoch, so that a resumed run repeats an uninterrupted one. */
static void shuffle_training(const TrainSet *set, uint64_t seed, int epoch, size_t *order, size_t *count)
{
    *count = 0;
    for (size_t s = 0; s < set->count; s++)
        if (!set->validation[s])
            order[(*count)++] = s;
    Rng rng;
    rng_seed(&rng, seed * 1000003u + (uint64_t)epoch);
    for (size_t i = *count; i > 1; i--) {
        const size_t j = (size_t)(rng_next(&rng) % i);
        const size_t t = order[i - 1];
        order[i - 1] = order[j], order[j] = t;
    }
}

static bool write_net(const char *path, const Network *net, char *err, size_t err_size)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *file = fopen(tmp, "wb");
    if (!file) {
        snprintf(err, err_size, "-out %.1000s: %s", tmp, strerror(errno));
        return false;
    }
    bool ok = nn_write(net, file);
    ok = fclose(file) == 0 && ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(err, err_size, "-out %s: write failed", path);
        remove(tmp);
    }
    return ok;
}

/* Epochs from done + 1 to o->epochs, a line and a checkpoint each. */
static bool train_epochs(const TrainOptions *o, const TrainSet *set, const char *configuration, int done,
                         Trainer *trainer, FILE *out, char *err, size_t err_size)
{
    size_t *order = malloc(set->count * sizeof *order), count;
    if (!order) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool ok = true;
    for (int epoch = done + 1; ok && epoch <= o->epochs; epoch++) {
        const int64_t start = now_ms();
        shuffle_training(set, o->seed, epoch, order, &count);
        const double training = trainer_epoch(trainer, set, order, count, o->batch);
        const double validation = trainer_loss(&trainer->net, set, true);
        const bool best = validation < trainer->best_validation;
        fprintf(out, "epoch %d/%d: training loss %.6f, validation loss %.6f, %.1f s%s\n", epoch, o->epochs, training,
                validation, (now_ms() - start) / 1000.0, best ? " (best so far: written)" : "");
        if (best) {
            trainer->best_validation = validation;
            trainer->best_epoch = epoch;
            ok = write_net(o->out_path, &trainer->net, err, err_size);
        }
        ok = ok && checkpoint_save(o->checkpoint_path, configuration, epoch, trainer, err, err_size);
    }
    free(order);
    return ok;
}

int train_run(const TrainOptions *o, FILE *out, FILE *errout)
{
    TrainSet set;
    double k;
    int code = load(o, &set, &k, out, errout);
    if (code != TRAIN_EXIT_OK)
        return code;
    char configuration[CHECKPOINT_CONFIG_MAX], err[CHECKPOINT_CONFIG_MAX * 3];
    TrainOptions fixed = *o;
    fixed.k = k;
    train_cli_configuration(&fixed, set.count, configuration, sizeof configuration);
    Trainer trainer;
    int done = 0;
    bool ok = trainer_init(&trainer, o->game->id, o->game->nn_input_count, o->hidden, o->hidden2, (float)k, o->seed,
                           o->learning_rate, o->threads, err, sizeof err);
    FILE *existing = ok ? fopen(o->checkpoint_path, "rb") : NULL;
    if (existing) {
        fclose(existing);
        code = checkpoint_load(o->checkpoint_path, configuration, &done, &trainer, err, sizeof err)
                   ? TRAIN_EXIT_OK
                   : TRAIN_EXIT_BAD_ARGS;
        ok = code == TRAIN_EXIT_OK;
        if (ok)
            fprintf(out, "train: resumed %s after epoch %d\n", o->checkpoint_path, done);
    }
    if (ok && done == 0)
        fprintf(out, "epoch 0/%d: training loss %.6f, validation loss %.6f (%d-%d-%d, seed %llu)\n", o->epochs,
                trainer_loss(&trainer.net, &set, false), trainer_loss(&trainer.net, &set, true),
                o->game->nn_input_count, o->hidden, o->hidden2, (unsigned long long)o->seed);
    ok = ok && train_epochs(o, &set, configuration, done, &trainer, out, err, sizeof err);
    if (ok)
        fprintf(out,
                "train: %s holds epoch %d's net (the lowest validation loss, %.6f); play it with `setoption name "
                "EvalFile value %s` and `setoption name Eval value nn`\n",
                o->out_path, trainer.best_epoch, trainer.best_validation, o->out_path);
    else
        fprintf(errout, "tessera-train: %s\n", err);
    trainer_free(&trainer);
    train_set_free(&set);
    return ok ? TRAIN_EXIT_OK : code != TRAIN_EXIT_OK ? code : TRAIN_EXIT_FAILED;
}
