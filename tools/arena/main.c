/* main.c - tessera-arena: parse the command line, run, map to exit codes. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/cli.h"
#include "arena/interrupt.h"
#include "arena/merge.h"
#include "arena/repair.h"
#include "arena/tournament.h"
#include "util/version.h"

static int run(const ArenaOptions *options)
{
    ResultTable results;
    char err[4096];
    atomic_int *interrupted = catch_interrupts();
    TournamentStatus status = tournament_run(&options->run, interrupted, stdout, &results, err, sizeof err);
    results_free(&results);
    switch (status) {
    case TOURNAMENT_FAILED:
        fprintf(stderr, "tessera-arena: %s\n", err);
        return ARENA_EXIT_FAILED;
    case TOURNAMENT_ENGINE_FAILED:
        fprintf(stderr, "tessera-arena: %s\n", err);
        return ARENA_EXIT_ENGINE;
    case TOURNAMENT_LAUNCHER_FAILED:
        fprintf(stderr, "tessera-arena: %s (finished games are kept%s)\n", err,
                options->run.pgn_path ? ", -resume continues" : "");
        return ARENA_EXIT_LAUNCHER;
    case TOURNAMENT_INTERRUPTED:
        fprintf(stderr, "tessera-arena: interrupted; finished games are kept%s\n",
                options->run.pgn_path ? " (-resume continues)" : "");
        return ARENA_EXIT_INTERRUPTED;
    case TOURNAMENT_SPRT_DONE:
        printf("SPRT concluded; the run stops here.\n");
        return ARENA_EXIT_OK;
    default:
        return ARENA_EXIT_OK;
    }
}

int main(int argc, char **argv)
{
    if (version_asked(argc, argv, "tessera-arena", true))
        return 0;
    ArenaOptions *options = calloc(1, sizeof *options);
    char err[700];
    if (!options) {
        fprintf(stderr, "tessera-arena: out of memory\n");
        return ARENA_EXIT_FAILED;
    }
    int code = cli_parse(argc, argv, options, err, sizeof err);
    if (code != ARENA_EXIT_OK) {
        fprintf(stderr, "tessera-arena: %s\n(tessera-arena -help lists the flags)\n", err);
    } else if (options->command == COMMAND_HELP) {
        cli_print_help(stdout);
    } else if (options->command == COMMAND_MERGE_HELP) {
        cli_print_merge_help(stdout);
    } else if (options->command == COMMAND_REPAIR_HELP) {
        repair_print_help(stdout);
    } else if (options->command == COMMAND_REPAIR) {
        code = repair_command(options->repair_file, stdout, stderr);
    } else if (options->command == COMMAND_MERGE) {
        code = merge_command(options->merge_files, options->merge_count, &options->run.sprt, stdout, stderr);
    } else {
        code = run(options);
    }
    cli_free(options);
    free(options);
    return code;
}
