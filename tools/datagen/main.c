/* main.c - tessera-datagen: parse the command line, generate, map to exit
 * codes. */
#include <stdio.h>
#include <string.h>

#include "arena/interrupt.h"
#include "datagen/book.h"
#include "datagen/datagen_cli.h"
#include "datagen/datagen_run.h"
#include "datagen/slice_merge.h"
#include "util/version.h"

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-datagen", true))
        return 0;
    DatagenOptions options;
    char err[512];
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "book") == 0)
        return book_command(argc - 1, argv + 1, stdout, stderr);
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return slice_merge_command(argc - 1, argv + 1, stdout, stderr);
    int code = datagen_cli_parse(argc, argv, &options, err, sizeof err);
    if (code != DATAGEN_EXIT_OK) {
        fprintf(stderr, "tessera-datagen: %s\n(tessera-datagen -help lists the flags)\n", err);
        return code;
    }
    if (options.help) {
        datagen_cli_print_help(stdout);
        return DATAGEN_EXIT_OK;
    }
    return datagen_run(&options, catch_interrupts(), stdout, stderr);
}
