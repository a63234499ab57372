/*
 * harness.h - the project's own tiny test harness (no libraries).
 *
 *   static void test_rule_case(void) { CHECK(x == 1); CHECK_EQ_U64(a, b); }
 *   int main(int argc, char **argv) {
 *       harness_begin(argc, argv);
 *       RUN(test_rule_case);
 *       return harness_end();
 *   }
 *
 * Prints "ok   name" or "FAIL name: file:line: what" per test and a closing
 * "harness: N passed, M failed" line that tests/run.sh adds up.  A test
 * may be run alone: `build/release/tests/test_x test_rule_case`.
 */
#ifndef TESSERA_HARNESS_H
#define TESSERA_HARNESS_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int harness_passed, harness_failed, harness_current_failed;
static const char *harness_only;

static inline void harness_begin(int argc, char **argv)
{
    harness_only = argc > 1 ? argv[1] : NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
}

static inline int harness_end(void)
{
    printf("harness: %d passed, %d failed\n", harness_passed, harness_failed);
    return harness_failed ? 1 : 0;
}

/* Long-running checks (deep perft) run only in the optimised build. */
static inline bool harness_slow_allowed(void)
{
#ifdef TESSERA_SANITIZED
    return false;
#else
    return getenv("TESSERA_QUICK") == NULL;
#endif
}

/* Under ThreadSanitizer (gcc's -fsanitize=thread), where what threads do
 * is worth its tenfold time and a single-threaded value check is not:
 * such checks run one case there, as a smoke test. */
static inline bool harness_under_tsan(void)
{
#ifdef __SANITIZE_THREAD__
    return true;
#else
    return false;
#endif
}

/* How many times slower than on an idle machine this run goes: a factor
 * that tests/run.sh measures (a fixed CPU-bound workload's wall time over
 * its CPU time) and exports as TESSERA_LOAD_FACTOR; 1 when unset (a test
 * run alone) or not a number of at least 1.  Wall-clock bounds that check
 * a behaviour ("stop answers promptly", "a movetime is not overrun by
 * much") are scaled by it; what only measures speed belongs to the
 * benchmarks (`tessera bench`, tools/bench/), not to a test. */
static inline double harness_load_factor(void)
{
    const char *text = getenv("TESSERA_LOAD_FACTOR");
    double factor = text ? strtod(text, NULL) : 1.0;
    return factor >= 1.0 && factor <= 1000.0 ? factor : 1.0;
}

/* A wall-clock allowance of ms on an idle machine, for this run's load. */
static inline int64_t harness_scaled_ms(int64_t ms)
{
    return (int64_t)((double)ms * harness_load_factor() + 0.5);
}

static inline void harness_fail(const char *file, int line, const char *what)
{
    if (!harness_current_failed)
        printf("\n");
    printf("    %s:%d: %s\n", file, line, what);
    harness_current_failed++;
}

#define RUN(fn)                                                                  \
    do {                                                                         \
        if (harness_only && strcmp(harness_only, #fn) != 0)                      \
            break;                                                               \
        harness_current_failed = 0;                                              \
        printf("%-60s", #fn);                                                    \
        fflush(stdout);                                                          \
        fn();                                                                    \
        if (harness_current_failed) {                                            \
            printf("FAIL %s\n", #fn);                                            \
            harness_failed++;                                                    \
        } else {                                                                 \
            printf("ok\n");                                                      \
            harness_passed++;                                                    \
        }                                                                        \
    } while (0)

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond))                                                             \
            harness_fail(__FILE__, __LINE__, "CHECK(" #cond ")");                \
    } while (0)

#define CHECK_EQ_INT(actual, expected)                                           \
    do {                                                                         \
        long long a_ = (long long)(actual), e_ = (long long)(expected);          \
        if (a_ != e_) {                                                          \
            char m_[512];                                                        \
            snprintf(m_, sizeof m_, "%s == %lld, expected %lld", #actual, a_, e_); \
            harness_fail(__FILE__, __LINE__, m_);                                \
        }                                                                        \
    } while (0)

#define CHECK_EQ_U64(actual, expected)                                           \
    do {                                                                         \
        uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);             \
        if (a_ != e_) {                                                          \
            char m_[512];                                                        \
            snprintf(m_, sizeof m_, "%s == %" PRIu64 ", expected %" PRIu64, #actual, a_, e_); \
            harness_fail(__FILE__, __LINE__, m_);                                \
        }                                                                        \
    } while (0)

#define CHECK_STR(actual, expected)                                              \
    do {                                                                         \
        const char *a_ = (actual), *e_ = (expected);                             \
        if (!a_ || strcmp(a_, e_) != 0) {                                        \
            char m_[2048];                                                       \
            snprintf(m_, sizeof m_, "%.200s == \"%.800s\", expected \"%.800s\"", #actual, \
                     a_ ? a_ : "(null)", e_);                                    \
            harness_fail(__FILE__, __LINE__, m_);                                \
        }                                                                        \
    } while (0)

/* Substring check, for error messages that must say what is wrong. */
#define CHECK_CONTAINS(haystack, needle)                                         \
    do {                                                                         \
        const char *h_ = (haystack), *n_ = (needle);                             \
        if (!h_ || !strstr(h_, n_)) {                                            \
            char m_[2048];                                                       \
            snprintf(m_, sizeof m_, "%.200s == \"%.800s\" lacks \"%.800s\"", #haystack, \
                     h_ ? h_ : "(null)", n_);                                    \
            harness_fail(__FILE__, __LINE__, m_);                                \
        }                                                                        \
    } while (0)

#endif
