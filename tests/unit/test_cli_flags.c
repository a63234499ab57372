/*
 * test_cli_flags.c - the flag table every tool reads its command line with:
 * switches, one-value flags (a missing value is one clear error), flags
 * that read words themselves, and what the table does not know.
 */
#include "harness.h"

#include "cli/flags.h"

typedef struct {
    bool shown;
    const char *games;
    int words;
} Seen;

static bool set_show(void *target, const char *flag, char *err, size_t err_size)
{
    (void)flag, (void)err, (void)err_size;
    ((Seen *)target)->shown = true;
    return true;
}

static bool read_games(void *target, const char *flag, const char *value, char *err, size_t err_size)
{
    if (strcmp(value, "bad") == 0) {
        snprintf(err, err_size, "%s %s: refused", flag, value);
        return false;
    }
    ((Seen *)target)->games = value;
    return true;
}

/* Reads KEY=VALUE words up to the next flag. */
static int read_words(void *target, int argc, char *const *argv, int *i, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    while (*i + 1 < argc && argv[*i + 1][0] != '-') {
        ++*i;
        ((Seen *)target)->words++;
    }
    return 0;
}

static const Flag table[] = {
    {"-show", .on_switch = set_show},
    {"-games", .on_value = read_games},
    {"-engine", .on_words = read_words},
    {.name = NULL},
};

static int read_all(int argc, char *const *argv, Seen *seen, char *err, size_t err_size)
{
    for (int i = 1; i < argc; i++) {
        const Flag *row = flag_find(table, argv[i]);
        if (!row)
            return 9;
        int code = flag_read(row, seen, argc, argv, &i, 2, err, err_size);
        if (code)
            return code;
    }
    return 0;
}

static void test_each_kind_of_flag_is_read(void)
{
    char *argv[] = {"tool", "-engine", "cmd=a", "name=b", "-games", "12", "-show", NULL};
    Seen seen = {0};
    char err[128] = "";
    CHECK_EQ_INT(read_all(7, argv, &seen, err, sizeof err), 0);
    CHECK(seen.shown);
    CHECK_STR(seen.games, "12");
    CHECK_EQ_INT(seen.words, 2);
}

static void test_missing_and_refused_values_say_which_flag(void)
{
    char *missing[] = {"tool", "-games", NULL};
    Seen seen = {0};
    char err[128] = "";
    CHECK_EQ_INT(read_all(2, missing, &seen, err, sizeof err), 2);
    CHECK_STR(err, "-games needs a value");
    char *refused[] = {"tool", "-games", "bad", NULL};
    CHECK_EQ_INT(read_all(3, refused, &seen, err, sizeof err), 2);
    CHECK_STR(err, "-games bad: refused");
    CHECK(flag_find(table, "-gmaes") == NULL);
    CHECK(flag_find(table, "-show") == &table[0]);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_each_kind_of_flag_is_read);
    RUN(test_missing_and_refused_values_say_which_flag);
    return harness_end();
}
