/* go_params.h - the words of `go`, each number read by the one number
 * parser against its own documented range (protocol.md, `go`):
 *
 *   - a remaining time (wtime, btime, p1time, p2time) of zero or less means
 *     "move now": it is clamped to 0, as UCI GUIs expect of a flagging clock;
 *   - every other number below its minimum is an error line;
 *   - any number above its maximum (even one beyond 64 bits) is clamped to
 *     it: a limit larger than can ever matter means "no practical limit",
 *     and never wraps into a small one.
 */
#ifndef TESSERA_GO_PARAMS_H
#define TESSERA_GO_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 10^12 ms, 31 years: keeps the time manager's arithmetic far from overflow. */
#define GO_TIME_MAX_MS 1000000000000LL

enum { GO_WTIME, GO_BTIME, GO_WINC, GO_BINC, GO_P1TIME, GO_P2TIME, GO_P1INC, GO_P2INC,
       GO_MOVESTOGO, GO_MOVETIME, GO_DEPTH, GO_NODES, GO_MATE, GO_COUNT };

typedef struct {
    int64_t value[GO_COUNT];
    bool given[GO_COUNT];
    bool infinite;
    bool ponder;     /* `go ponder`: think on the opponent's time until ponderhit */
    bool perft;      /* `go perft N`: value[GO_DEPTH] holds N */
    /* `searchmoves m1 m2 ...`: the words argv[searchmoves_at ..
     * searchmoves_at + searchmoves_count), read as moves by the caller. */
    int searchmoves_at, searchmoves_count;
    bool searchmoves;
} GoRequest;

/* Reads argv[1..argc) of a `go` line; false with a message (no "go: "
 * prefix) when a word is unknown, a value missing or out of its range
 * (request->perft then tells whether it was a `go perft`). */
bool go_parse(int argc, char **argv, GoRequest *request, char *err, size_t err_size);

#endif
