/* checkpoint.c - save and resume a training run (checkpoint.h). */
#include "train/checkpoint.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/net_file.h"

#define CHECKPOINT_MAGIC "# tessera-train checkpoint 1"

bool checkpoint_save(const char *path, const char *configuration, int epochs, const Trainer *trainer, char *err,
                     size_t err_size)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "wb");
    if (!out) {
        snprintf(err, err_size, "checkpoint %s: %s", tmp, strerror(errno));
        return false;
    }
    bool ok = fprintf(out, "%s\n%s\nepochs %d step %lld best %d %.17g\n", CHECKPOINT_MAGIC, configuration,
                      epochs, trainer->step, trainer->best_epoch, trainer->best_validation) > 0 &&
              nn_write(&trainer->net, out) && nn_write(&trainer->moment1, out) && nn_write(&trainer->moment2, out);
    ok = fclose(out) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, err_size, "checkpoint %s: write failed", path);
        remove(tmp);
        return false;
    }
    return true;
}

static bool read_line(FILE *in, char *line, size_t size)
{
    if (!fgets(line, (int)size, in))
        return false;
    line[strcspn(line, "\n")] = '\0';
    return true;
}

/* The three nets that follow the header, each the size of the trainer's. */
static bool read_nets(FILE *in, Trainer *trainer, char *err, size_t err_size)
{
    const size_t bytes = nn_file_size(&trainer->net);
    unsigned char *buffer = malloc(bytes + 1);
    Network *targets[3] = {&trainer->net, &trainer->moment1, &trainer->moment2};
    bool ok = buffer != NULL;
    for (int i = 0; ok && i < 3; i++) {
        Network read = {0};
        ok = fread(buffer, 1, bytes, in) == bytes && nn_read(buffer, bytes, &read, err, err_size);
        if (ok && (read.inputs != targets[i]->inputs || read.hidden != targets[i]->hidden ||
                   read.hidden2 != targets[i]->hidden2 || read.policy_size != targets[i]->policy_size)) {
            snprintf(err, err_size, "its layers are not this run's");
            ok = false;
        }
        if (ok)
            memcpy(targets[i]->weights, read.weights, nn_net_weight_count(&read) * sizeof(float));
        nn_free(&read);
    }
    ok = ok && fread(buffer, 1, 1, in) == 0;
    free(buffer);
    return ok;
}

bool checkpoint_load(const char *path, const char *configuration, int *epochs, Trainer *trainer, char *err,
                     size_t err_size)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, err_size, "checkpoint %s: %s", path, strerror(errno));
        return false;
    }
    char magic[128], saved[CHECKPOINT_CONFIG_MAX + 2], counts[128], why[256] = "truncated or malformed";
    long long step = 0;
    int best_epoch = 0;
    double best_validation = 0.0;
    bool ok = read_line(in, magic, sizeof magic) && strcmp(magic, CHECKPOINT_MAGIC) == 0 &&
              read_line(in, saved, sizeof saved) && read_line(in, counts, sizeof counts) &&
              sscanf(counts, "epochs %d step %lld best %d %lg", epochs, &step, &best_epoch, &best_validation) == 4 &&
              *epochs >= 0 && step >= 0 && best_epoch >= 0 && best_epoch <= *epochs;
    if (ok && strcmp(saved, configuration) != 0) {
        snprintf(err, err_size,
                 "checkpoint %s was made by another configuration (%s), not this run's (%s): delete it or "
                 "name another -checkpoint",
                 path, saved, configuration);
        fclose(in);
        return false;
    }
    ok = ok && read_nets(in, trainer, why, sizeof why);
    fclose(in);
    if (!ok) {
        snprintf(err, err_size, "checkpoint %s: %s", path, why);
        return false;
    }
    trainer->step = step;
    trainer->best_epoch = best_epoch;
    trainer->best_validation = best_epoch ? best_validation : INFINITY;
    return true;
}
