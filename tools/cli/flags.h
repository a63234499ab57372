/*
 * flags.h - a tool's command-line flags as one table: each row names a
 * flag and the function that reads it, so that parsing, "unknown flag" and
 * "needs a value" are written once for every tool.
 *
 *     static const Flag arena_flags[] = {
 *         {"-show", .on_switch = set_show},
 *         {"-games", .on_value = read_games},
 *         {"-engine", .on_words = read_engine},
 *         {.name = NULL},
 *     };
 *     const Flag *row = flag_find(arena_flags, argv[i]);
 *     int code = row ? flag_read(row, &target, argc, argv, &i, BAD_ARGS, err, sizeof err) : ...;
 */
#ifndef TESSERA_CLI_FLAGS_H
#define TESSERA_CLI_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *name; /* "-games"; NULL ends the table */
    /* Exactly one of these.  A switch takes no word; a value flag takes the
     * next word; a words flag reads what it needs from argv itself,
     * leaving *i on the last word it used, and returns an exit code (0:
     * go on).  Errors go to err, one line naming the flag. */
    bool (*on_switch)(void *target, const char *flag, char *err, size_t err_size);
    bool (*on_value)(void *target, const char *flag, const char *value, char *err, size_t err_size);
    int (*on_words)(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size);
} Flag;

/* The row for name, or NULL when the table has none. */
const Flag *flag_find(const Flag *table, const char *name);

/* Reads the flag at argv[*i] with its row and moves *i past the words it
 * took.  Returns 0, bad_args when a switch or value was refused (or the
 * value is missing), or what on_words returned. */
int flag_read(const Flag *row, void *target, int argc, char *const *argv, int *i, int bad_args, char *err,
              size_t err_size);

#endif
