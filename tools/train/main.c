/* main.c - tessera-train: parse the flags, train, map to exit codes. */
#include <stdio.h>

#include "train/train_cli.h"
#include "train/train_run.h"
#include "util/version.h"

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-train", true))
        return 0;
    TrainOptions options;
    char err[512];
    setvbuf(stdout, NULL, _IOLBF, 0);
    int code;
    if (!train_cli_parse(argc, argv, &options, err, sizeof err)) {
        fprintf(stderr, "tessera-train: %s\n(tessera-train -help lists the flags)\n", err);
        code = TRAIN_EXIT_BAD_ARGS;
    } else if (options.help) {
        train_cli_print_help(stdout);
        code = TRAIN_EXIT_OK;
    } else {
        code = train_run(&options, stdout, stderr);
    }
    train_cli_free(&options);
    return code;
}
