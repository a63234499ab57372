/* options.h - the table of `setoption` options: printing them for `uci` and
 * setting them by name, with a clear error for bad names and values. */
#ifndef TESSERA_OPTIONS_H
#define TESSERA_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

typedef enum { OPTION_SPIN, OPTION_COMBO, OPTION_CHECK, OPTION_STRING } OptionType;

typedef struct {
    const char *name;
    OptionType type;
    int default_value, min, max; /* spin; check uses 0/1 */
    int *value;                  /* spin, check */
    const char *const *choices;  /* combo, NULL-terminated; the first is the default */
    int *choice;                 /* combo: index into choices */
    char *text;                  /* string: the live value ("" until set) */
    size_t text_size;
    /* string: acts on a new value (loads a file); false with err refuses it
     * and the live value stays. */
    bool (*accept_text)(const char *value, char *err, size_t err_size);
    void (*on_change)(void);     /* called after a successful set; may be NULL */
    /* spin: default_value is the common default, and a game may have its
     * own (Game.setting_defaults, options_use_game) */
    bool per_game;
} Option;

#define MAX_OPTIONS 512

void options_clear(void);
void options_add(const Option *option); /* copies it; sets the live value to the default */
void options_print(void);               /* one `option name ...` line each */
void options_print_values(void);        /* one `option name X value V` line each: the live values */
bool options_set(const char *name, const char *value, char *err, size_t err_size);

const Option *options_find(const char *name);

/* The per-game options take game's defaults: `uci` shows them, and each
 * such option that options_set has not set since options_clear takes its
 * default as its value; one that was set keeps its value, in every game. */
void options_use_game(const Game *game);

#endif
