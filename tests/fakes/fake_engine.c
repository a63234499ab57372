/*
 * fake_engine.c - a scriptable Room and Pillar engine for the arena's tests.
 *
 * It speaks UCI/UGI and plays legal Room and Pillar (the shared rules code
 * is compiled in, since a fake is one standalone program), choosing among
 * the legal moves by the position's hash and --seed, so the same position
 * always gets the same answer whatever the process did before: runs that
 * are split, resumed or merged replay identically.  With --mode it
 * misbehaves on purpose at its --after'th `go` (counted from process start;
 * default the first):
 *
 *   legal     never misbehaves (the default)
 *   crash     aborts (SIGABRT) instead of answering
 *   hang      stops answering and ignores everything, quit included
 *   illegal   answers a well-formed but illegal move
 *   garbage   answers control characters and a bestmove without text
 *   noshake   exits during the handshake, right after `uci`/`ugi`
 *   mute      never answers anything, the handshake included
 *
 *   fake_engine [--mode M] [--after K] [--seed S] [--name NAME] [--delay MS]
 *
 * --delay makes every legal answer take MS milliseconds (slow enough games
 * for a test to interrupt a run).
 *
 * The other fakes in this folder are this program with another default
 * mode, so each misbehaviour has its own executable.
 */
#include <stdio.h>
#include <string.h>

#include "games/roomandpillar.h"
#include "games/registry.h"
#include "util/rng.h"

#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#ifndef FAKE_DEFAULT_MODE
#define FAKE_DEFAULT_MODE "legal"
#endif

#define FAKE_LINE_MAX 65536

typedef struct {
    const char *mode;
    long after; /* misbehave on this go (1-based) */
    uint64_t seed;
    const char *name;
    long delay_ms;
    long gos;
    Position pos;
} Fake;

static void say(const char *text)
{
    fputs(text, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

/* Blocks for ever, reading nothing: the arena has to kill us. */
static void hang_forever(void)
{
    for (;;)
        pause();
}

typedef struct {
    MoveSink sink;
    Move moves[ROOMANDPILLAR_MAX_SIDE * ROOMANDPILLAR_MAX_SIDE + 1];
    int count;
} MoveList;

static bool collect(MoveSink *sink, Move move)
{
    MoveList *list = (MoveList *)sink;
    list->moves[list->count++] = move;
    return true;
}

static void legal_moves(const Position *pos, MoveList *list)
{
    list->sink.emit = collect;
    list->count = 0;
    roomandpillar_game.generate_moves(pos, &list->sink);
}

/* The legal move picked by hash and seed, as text; "(none)" when none. */
static void choose(const Fake *fake, char *out, size_t out_size)
{
    MoveList list;
    legal_moves(&fake->pos, &list);
    if (list.count == 0) {
        snprintf(out, out_size, "(none)");
        return;
    }
    uint64_t mix = roomandpillar_game.hash(&fake->pos) ^ (fake->seed * 0x9E3779B97F4A7C15ULL);
    mix = splitmix64(&mix);
    roomandpillar_game.format_move(&fake->pos, list.moves[mix % (uint64_t)list.count], out, out_size);
}

/* A square whose removal is not legal now (the position always has one:
 * never every square is removable). */
static void illegal_move(const Fake *fake, char *out, size_t out_size)
{
    const RoomAndPillarBoard *b = roomandpillar_board(&fake->pos);
    for (int rank = 0; rank < b->height; rank++)
        for (int file = 0; file < b->width; file++) {
            Move move;
            char text[16], err[ERROR_TEXT_MAX];
            snprintf(text, sizeof text, "%c%d", 'a' + file, rank + 1);
            if (!roomandpillar_game.parse_move(&fake->pos, text, &move, err, sizeof err)) {
                snprintf(out, out_size, "%s", text);
                return;
            }
        }
    snprintf(out, out_size, "z99");
}

static void misbehave(const Fake *fake)
{
    char move[64];
    if (strcmp(fake->mode, "crash") == 0)
        abort();
    if (strcmp(fake->mode, "hang") == 0)
        hang_forever();
    if (strcmp(fake->mode, "illegal") == 0) {
        illegal_move(fake, move, sizeof move);
        printf("bestmove %s\n", move);
    } else { /* garbage */
        printf("info \x01\x02 garbage \x7f\nbestmove \x05\n");
    }
    fflush(stdout);
}

static void go(Fake *fake)
{
    char move[64], text[128];
    fake->gos++;
    if (strcmp(fake->mode, "legal") != 0 && fake->gos >= fake->after) {
        misbehave(fake);
        return;
    }
    choose(fake, move, sizeof move);
    if (fake->delay_ms > 0) {
        struct timespec pause = {fake->delay_ms / 1000, fake->delay_ms % 1000 * 1000000};
        nanosleep(&pause, NULL);
    }
    snprintf(text, sizeof text, "info depth 1 score cp 0 nodes 1 pv %s", move);
    say(text);
    snprintf(text, sizeof text, "bestmove %s", move);
    say(text);
}

/* position startpos|fen <string> [moves m1 m2 ...] */
static void position(Fake *fake, char *args)
{
    char err[ERROR_TEXT_MAX];
    char *moves = strstr(args, " moves");
    if (moves)
        *moves = '\0';
    const char *fen = strncmp(args, "fen ", 4) == 0 ? args + 4 : roomandpillar_game.start_fen;
    if (!roomandpillar_game.parse_position(fen, &fake->pos, err, sizeof err)) {
        printf("info string error position: %s\n", err);
        return;
    }
    for (char *m = moves ? strtok(moves + 6, " ") : NULL; m; m = strtok(NULL, " ")) {
        Move move;
        if (!roomandpillar_game.parse_move(&fake->pos, m, &move, err, sizeof err)) {
            printf("info string error position: %s\n", err);
            return;
        }
        roomandpillar_game.play(&fake->pos, move);
    }
}

static void handshake(const Fake *fake, bool ugi)
{
    char text[160];
    if (strcmp(fake->mode, "noshake") == 0) {
        say("id name half-started fake");
        exit(3);
    }
    snprintf(text, sizeof text, "id name %s", fake->name);
    say(text);
    say("id author the Tessera tests");
    say("option name Game type combo default roomandpillar var roomandpillar");
    say(ugi ? "ugiok" : "uciok");
}

static void serve(Fake *fake)
{
    static char line[FAKE_LINE_MAX];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(fake->mode, "mute") == 0)
            continue;
        if (strcmp(line, "uci") == 0 || strcmp(line, "ugi") == 0)
            handshake(fake, line[1] == 'g');
        else if (strcmp(line, "isready") == 0)
            say("readyok");
        else if (strncmp(line, "position ", 9) == 0)
            position(fake, line + 9);
        else if (strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\0'))
            go(fake);
        else if (strcmp(line, "quit") == 0)
            return;
    }
}

int main(int argc, char **argv)
{
    Fake fake = {FAKE_DEFAULT_MODE, 1, 0, "fake", 0, 0, {{0}}};
    char err[ERROR_TEXT_MAX];
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--mode") == 0)
            fake.mode = argv[i + 1];
        else if (strcmp(argv[i], "--after") == 0)
            fake.after = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0)
            fake.seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--name") == 0)
            fake.name = argv[i + 1];
        else if (strcmp(argv[i], "--delay") == 0)
            fake.delay_ms = strtol(argv[i + 1], NULL, 10);
    }
    roomandpillar_game.parse_position(roomandpillar_game.start_fen, &fake.pos, err, sizeof err);
    serve(&fake);
    return 0;
}
