/* main.c - tessera-tune: parse the command line, tune or verify, map to
 * exit codes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/interrupt.h"
#include "arena/tournament.h"
#include "tune/tune_cli.h"
#include "tune/texel_command.h"
#include "tune/tune_command.h"
#include "tune/tune_verify.h"
#include "tune/wdl_command.h"
#include "util/version.h"

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-tune", true))
        return 0;
    TuneOptions *options = calloc(1, sizeof *options);
    char err[1400];
    if (!options) {
        fprintf(stderr, "tessera-tune: out of memory\n");
        return TUNE_EXIT_FAILED;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "texel") == 0) {
        free(options);
        return texel_command(argc - 1, argv + 1, stdout, stderr);
    }
    if (argc > 1 && strcmp(argv[1], "wdl") == 0) {
        free(options);
        return wdl_command(argc - 1, argv + 1, stdout, stderr);
    }
    int code = tune_cli_parse(argc, argv, options, err, sizeof err);
    if (code != TUNE_EXIT_OK) {
        fprintf(stderr, "tessera-tune: %s\n(tessera-tune -help lists the flags)\n", err);
    } else if (options->command == TUNE_COMMAND_HELP) {
        tune_cli_print_help(stdout);
    } else if (options->command == TUNE_COMMAND_VERIFY_HELP) {
        tune_cli_print_verify_help(stdout);
    } else {
        atomic_int *interrupted = catch_interrupts();
        code = options->command == TUNE_COMMAND_VERIFY
                   ? tune_verify(options, argv[0], interrupted, stdout, stderr)
                   : tune_command(options, argv[0], interrupted, stdout, stderr);
    }
    tune_cli_free(options);
    free(options);
    return code;
}
