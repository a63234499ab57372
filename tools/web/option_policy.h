/*
 * option_policy.h - which engine options a page may set, and within what.
 *
 * Any page that reaches the server may send requests, so an option is a
 * resource a request spends: Hash commits memory at once, Threads takes
 * cores, and a file option would let a request probe the server's files.
 * A page may set only the options it shows (the backend, the strength
 * levels, MultiPV, the evaluation), and Threads and Hash up to the caps
 * the server was started with (--max-threads, --max-hash).  No option
 * names a file.
 */
#ifndef TESSERA_WEB_OPTION_POLICY_H
#define TESSERA_WEB_OPTION_POLICY_H

#include <stddef.h>

#include "web/json.h"

#define OPTION_MULTIPV_MAX 8

typedef struct {
    int max_threads;
    int max_hash_mb;
} OptionCaps;

/* 0 when a page may set name to value, with *canonical the option's own
 * spelling; else 403 (not an option a page sets) or 422 (over a cap),
 * with why filled. */
int option_policy_check(const char *name, const char *value, const OptionCaps *caps, const char **canonical,
                        char *why, size_t why_size);

/* Appends, as a JSON array of strings, the engine's `option` lines
 * (lines: newline-separated) that a page may set, with Threads', Hash's
 * and MultiPV's max lowered to the caps. */
void option_policy_lines_json(const char *lines, const OptionCaps *caps, TextBuf *out);

/* Appends to out a `setoption` line (newline-ended) for each capped
 * option whose engine default is above its cap, so that an engine never
 * starts with more than the server allows. */
void option_policy_lower_defaults(const char *lines, const OptionCaps *caps, TextBuf *out);

#endif
