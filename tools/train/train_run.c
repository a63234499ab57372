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

/* Once, with -policy: how many positions the head learns from. */
static void print_policy_line(const TrainOptions *o, const TrainSet *set, const TrainSetSkips *skips, FILE *out)
{
    fprintf(out, "train: policy head of %d entries, weight %g: %zu positions with a target",
            o->game->policy_size, o->policy_weight, set->policy_count);
    fprintf(out, " (%zu the search's visits, %zu the played move's entry)", set->spread_samples,
            set->policy_count - set->spread_samples);
    if (skips->no_policy_target)
        fprintf(out, ", %zu whose move has none (unparsable or out of the layout: trained on the value only)",
                skips->no_policy_target);
    fputc('\n', out);
}

static int load(const TrainOptions *o, TrainSet *set, double *k, FILE *out, FILE *errout)
{
    TexelSet texel;
    DataFiles files;
    Move *moves = NULL;
    VisitShares visits = {0};
    char err[2048], data[512];
    train_cli_data_label(o, data, sizeof data);
    /* -steps must find every turn's steps; -policy alone can leave a
     * position whose move does not parse to the value. */
    const bool need_moves = o->steps || o->policy;
    if (!data_files_list(o->data_paths, o->data_count, o->game, out, &files, err, sizeof err) ||
        !data_files_load(&files, o->game, &texel, need_moves ? &moves : NULL, o->policy ? &visits : NULL, o->steps, out,
                         err, sizeof err)) {
        fprintf(errout, "tessera-train: %s\n", err);
        data_files_free(&files);
        return TRAIN_EXIT_BAD_ARGS;
    }
    data_files_free(&files);
    *k = choose_k(o, &texel);
    TrainSetSkips skips = {0};
    const TrainSetOptions options = {*k, o->lambda, moves, &visits, o->steps, o->policy};
    bool ok = *k > 0 && train_set_from_texel(o->game, &texel, &options, set, &skips, err, sizeof err);
    free(moves);
    visit_shares_free(&visits);
    texel_data_free(&texel);
    if (!ok) {
        fprintf(errout, "tessera-train: %s\n",
                *k > 0 ? err : "K went to its bound: the positions do not predict their results (too few, or all draws)");
        return TRAIN_EXIT_FAILED;
    }
    fprintf(out, "train: %zu positions of %s from %s%s (%zu training, %zu validation, %zu not covered by the encoding), K = %.1f\n",
            set->count, o->game->id, data, o->steps ? " and inside their turns" : "", set->count - set->validation_count, set->validation_count,
            skips.not_covered, *k);
    if (o->policy)
        print_policy_line(o, set, &skips, out);
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

/* "0.076517", or with a head "0.076517 (policy 5.123456)". */
static const char *losses_text(const Trainer *trainer, TrainerLoss loss, char *text, size_t size)
{
    if (trainer->net.policy_size > 0)
        snprintf(text, size, "%.6f (policy %.6f)", loss.value, loss.policy);
    else
        snprintf(text, size, "%.6f", loss.value);
    return text;
}

/* Epochs from done + 1 to o->epochs, a line and a checkpoint each.  The
 * training loss is the mean of the epoch's batches, each taken as its
 * gradient was, before its step (the net's own after the epoch would
 * cost another pass over the training set); the validation loss is the
 * net's after the epoch. */
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
        const TrainerLoss training = trainer_epoch_losses(trainer, set, order, count, o->batch);
        const TrainerLoss held_out = trainer_losses(&trainer->net, set, true);
        const double validation = trainer_objective(trainer, held_out);
        const bool best = validation < trainer->best_validation;
        char training_text[64], validation_text[64];
        fprintf(out, "epoch %d/%d: training loss %s, validation loss %s, %.1f s%s\n", epoch, o->epochs,
                losses_text(trainer, training, training_text, sizeof training_text),
                losses_text(trainer, held_out, validation_text, sizeof validation_text),
                (now_ms() - start) / 1000.0, best ? " (best so far: written)" : "");
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
    const TrainerConfig config = {o->game->id, o->game->nn_input_count, o->hidden, o->hidden2,
                                  o->policy ? o->game->policy_size : 0, o->policy_weight, (float)k, o->seed,
                                  o->learning_rate, o->threads};
    bool ok = trainer_create(&trainer, &config, err, sizeof err);
    FILE *existing = ok ? fopen(o->checkpoint_path, "rb") : NULL;
    if (existing) {
        fclose(existing);
        code = checkpoint_load(o->checkpoint_path, configuration, &done, &trainer, err, sizeof err)
                   ? TRAIN_EXIT_OK
                   : TRAIN_EXIT_BAD_ARGS;
        ok = code == TRAIN_EXIT_OK;
        /* The same command run again after it finished: its net is made. */
        if (ok && done >= o->epochs)
            fprintf(out, "train: %s already holds %d epochs (-epochs %d): nothing to train\n", o->checkpoint_path,
                    done, o->epochs);
        else if (ok)
            fprintf(out, "train: resumed %s after epoch %d\n", o->checkpoint_path, done);
    }
    if (ok && done == 0) {
        char training[64], validation[64];
        fprintf(out, "before training: training loss %s, validation loss %s (%d-%d-%d, seed %llu)\n",
                losses_text(&trainer, trainer_losses(&trainer.net, &set, false), training, sizeof training),
                losses_text(&trainer, trainer_losses(&trainer.net, &set, true), validation, sizeof validation),
                o->game->nn_input_count, o->hidden, o->hidden2, (unsigned long long)o->seed);
    }
    ok = ok && train_epochs(o, &set, configuration, done, &trainer, out, err, sizeof err);
    char policy_term[64] = "";
    if (o->policy)
        snprintf(policy_term, sizeof policy_term, " + %g x policy", o->policy_weight);
    if (ok)
        fprintf(out,
                "train: %s holds epoch %d's net (the lowest validation loss%s, %.6f); play it with `setoption "
                "name EvalFile value %s` and `setoption name Eval value nn`\n",
                o->out_path, trainer.best_epoch, policy_term,
                trainer.best_validation, o->out_path);
    else
        fprintf(errout, "tessera-train: %s\n", err);
    trainer_free(&trainer);
    train_set_free(&set);
    return ok ? TRAIN_EXIT_OK : code != TRAIN_EXIT_OK ? code : TRAIN_EXIT_FAILED;
}
