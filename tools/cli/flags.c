/* flags.c - a tool's command-line flags as one table (see flags.h). */
#include "cli/flags.h"

#include <stdio.h>
#include <string.h>

const Flag *flag_find(const Flag *table, const char *name)
{
    for (const Flag *row = table; row->name; row++)
        if (strcmp(row->name, name) == 0)
            return row;
    return NULL;
}

int flag_read(const Flag *row, void *target, int argc, char *const *argv, int *i, int bad_args, char *err,
              size_t err_size)
{
    if (row->on_words)
        return row->on_words(target, argc, argv, i, err, err_size);
    if (row->on_switch)
        return row->on_switch(target, row->name, err, err_size) ? 0 : bad_args;
    if (*i + 1 >= argc) {
        snprintf(err, err_size, "%s needs a value", row->name);
        return bad_args;
    }
    ++*i;
    return row->on_value(target, row->name, argv[*i], err, err_size) ? 0 : bad_args;
}
