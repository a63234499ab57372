/* spin_options.c - reading `option name ... type spin ...` lines. */
#include "tune/spin_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arena/uci_option.h"

/* The arena reads every kind of declaration; a tuner wants the spins. */
SpinLineKind spin_option_parse(const char *line, SpinOption *out, char *err, size_t err_size)
{
    UciOption option;
    UciLineKind kind = uci_option_parse(line, &option, err, err_size);
    if (kind == UCI_LINE_OTHER || (option.type != UCI_OPTION_SPIN && option.name[0]))
        return SPIN_LINE_OTHER;
    if (kind == UCI_LINE_MALFORMED)
        return SPIN_LINE_MALFORMED;
    snprintf(out->name, sizeof out->name, "%s", option.name);
    out->default_value = (long)option.default_value;
    out->min = (long)option.min;
    out->max = (long)option.max;
    return SPIN_LINE_OPTION;
}

bool spin_options_from_text(const char *text, SpinOptionList *list, char *err, size_t err_size)
{
    list->count = 0;
    char line[1024];
    int line_number = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        line_number++;
        /* Option lines are short; a longer line is no option we could use. */
        if (n < sizeof line) {
            memcpy(line, p, n);
            line[n] = '\0';
            if (n > 0 && line[n - 1] == '\r')
                line[n - 1] = '\0';
            SpinOption option;
            char why[256];
            SpinLineKind kind = spin_option_parse(line, &option, why, sizeof why);
            if (kind == SPIN_LINE_MALFORMED) {
                snprintf(err, err_size, "line %d: %s", line_number, why);
                return false;
            }
            if (kind == SPIN_LINE_OPTION) {
                if (list->count == SPIN_OPTIONS_MAX) {
                    snprintf(err, err_size, "line %d: more than %d spin options", line_number,
                             SPIN_OPTIONS_MAX);
                    return false;
                }
                list->option[list->count++] = option;
            }
        }
        p += n;
        if (*p == '\n')
            p++;
    }
    return true;
}

const SpinOption *spin_options_find(const SpinOptionList *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcasecmp(list->option[i].name, name) == 0)
            return &list->option[i];
    return NULL;
}
