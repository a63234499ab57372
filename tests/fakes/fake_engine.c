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
 *   exit      exits with status 3 instead of answering (a crash that a
 *             launcher passes on as an exit status, as ssh does)
 *   hang      stops answering and ignores everything, quit included
 *   illegal   answers a well-formed but illegal move
 *   garbage   answers control characters and a bestmove without text
 *   noshake   exits during the handshake, right after `uci`/`ugi` (with
 *             --count-file: only from the K'th handshake on, counted over
 *             every process that shares the file)
 *   mute      never answers anything, the handshake included
 *   twice     answers every go with a legal bestmove, then a stale second
 *             one (the same move again, illegal in the next position)
 *
 *   fake_engine [--mode M] [--after K] [--seed S] [--name NAME] [--delay MS]
 *               [--style tab|pad|crlf] [--spawn PIDFILE] [--options]
 *               [--count-file FILE] [--one-game] [--deaf] [--pidfile FILE]
 *               [--chatter BYTES]
 *
 * --delay makes every legal answer take MS milliseconds (slow enough games
 * for a test to interrupt a run).  --style writes every line with the
 * whitespace UCI allows: tabs between tokens, blanks around the line, or
 * CRLF endings.  --spawn forks, at start, a child that holds our output
 * pipe and sleeps, and appends its pid to PIDFILE (nothing an engine starts
 * may outlive it).  --options lists a spin, a check, a combo, a string and
 * a button option beside Game (the arena checks option.NAME= against
 * them).  --count-file appends a line to FILE at each handshake.
 * --one-game exits quietly at its second ucinewgame, so the arena has to
 * start it again for every game.  --deaf ignores the end of its input and
 * writes to a closed output (a parent that died): it then sleeps until
 * killed; `quit` still ends it.
 * --pidfile appends its own pid to FILE at start.  --chatter writes BYTES
 * of text lines to stderr at every go (an engine that floods a -log).
 *
 * The other fakes in this folder are this program with another default
 * mode, so each misbehaviour has its own executable.
 */
#include <stdio.h>
#include <string.h>

#include "games/roomandpillar/roomandpillar.h"
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
    const char *style;
    const char *spawn_pidfile;
    bool options;
    const char *count_file;
    bool one_game;
    bool deaf;
    const char *pidfile;
    long chatter_bytes;
    long new_games;
    long gos;
    Position pos;
} Fake;

static const char *output_style = "plain";

/* One line out, in the --style chosen. */
static void say(const char *text)
{
    bool tabs = strcmp(output_style, "tab") == 0, pad = strcmp(output_style, "pad") == 0;
    if (pad)
        fputs("  ", stdout);
    for (const char *c = text; *c; c++)
        fputc(tabs && *c == ' ' ? '\t' : *c, stdout);
    fputs(pad ? "  \n" : strcmp(output_style, "crlf") == 0 ? "\r\n" : "\n", stdout);
    fflush(stdout);
}

/* A child that keeps our stdout open and sleeps until killed; its pid is
 * appended to pidfile so that a test can see whether it outlived us. */
static void spawn_child(const char *pidfile)
{
    pid_t child = fork();
    if (child == 0)
        for (;;)
            pause();
    FILE *file = fopen(pidfile, "a");
    if (file) {
        fprintf(file, "%d\n", (int)child);
        fclose(file);
    }
}

/* Appends a line to the file and returns how many lines it now has. */
static long count_in_file(const char *path)
{
    FILE *file = fopen(path, "a+");
    if (!file)
        return 1;
    fputs("start\n", file);
    fflush(file);
    rewind(file);
    long lines = 0;
    for (int c; (c = fgetc(file)) != EOF;)
        lines += c == '\n';
    fclose(file);
    return lines;
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
    if (strcmp(fake->mode, "exit") == 0)
        exit(3);
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

/* --chatter: bytes of stderr, in lines of 100. */
static void chatter(long bytes)
{
    static const char line[] = "debug: the fake is thinking out loud, at length, to fill the log of an arena run\n";
    for (long written = 0; written < bytes; written += (long)sizeof line - 1)
        fputs(line, stderr);
    fflush(stderr);
}

static void go(Fake *fake)
{
    char move[64], text[128];
    fake->gos++;
    if (fake->chatter_bytes > 0)
        chatter(fake->chatter_bytes);
    bool misbehaves = strcmp(fake->mode, "legal") != 0 && strcmp(fake->mode, "twice") != 0 &&
                      strcmp(fake->mode, "noshake") != 0;
    if (misbehaves && fake->gos >= fake->after) {
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
    if (strcmp(fake->mode, "twice") == 0)
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
    long handshakes = fake->count_file ? count_in_file(fake->count_file) : 1;
    if (strcmp(fake->mode, "noshake") == 0 && handshakes >= fake->after) {
        say("id name half-started fake");
        exit(3);
    }
    snprintf(text, sizeof text, "id name %s", fake->name);
    say(text);
    say("id author the Tessera tests");
    say("option name Game type combo default roomandpillar var roomandpillar");
    say("option name Hash type spin default 16 min 1 max 1024"); /* as real engines have */
    if (fake->options) {
        say("option name Depth Limit type spin default 5 min 1 max 64");
        say("option name Ponder type check default false");
        say("option name Style type combo default Solid var Solid var Wild Ride");
        say("option name Book File type string default <empty>");
        say("option name Clear Hash type button");
    }
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
        else if (strcmp(line, "ucinewgame") == 0 && ++fake->new_games == 2 && fake->one_game)
            return;
        else if (strncmp(line, "position ", 9) == 0)
            position(fake, line + 9);
        else if (strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\0'))
            go(fake);
        else if (strcmp(line, "quit") == 0)
            return;
    }
    if (fake->deaf) /* the end of input means nothing to it */
        hang_forever();
}

int main(int argc, char **argv)
{
    Fake fake = {FAKE_DEFAULT_MODE, 1, 0, "fake", 0, "plain", NULL, false, NULL, false, false, NULL, 0, 0, 0, {{0}}};
    char err[ERROR_TEXT_MAX];
    for (int i = 1; i < argc; i++) {
        /* Flags without a value first. */
        if (strcmp(argv[i], "--options") == 0) {
            fake.options = true;
            continue;
        }
        if (strcmp(argv[i], "--one-game") == 0) {
            fake.one_game = true;
            continue;
        }
        if (strcmp(argv[i], "--deaf") == 0) {
            fake.deaf = true;
            continue;
        }
        if (i + 1 == argc)
            break;
        const char *flag = argv[i], *value = argv[++i];
        if (strcmp(flag, "--mode") == 0)
            fake.mode = value;
        else if (strcmp(flag, "--after") == 0)
            fake.after = strtol(value, NULL, 10);
        else if (strcmp(flag, "--seed") == 0)
            fake.seed = strtoull(value, NULL, 10);
        else if (strcmp(flag, "--name") == 0)
            fake.name = value;
        else if (strcmp(flag, "--delay") == 0)
            fake.delay_ms = strtol(value, NULL, 10);
        else if (strcmp(flag, "--style") == 0)
            fake.style = value;
        else if (strcmp(flag, "--spawn") == 0)
            fake.spawn_pidfile = value;
        else if (strcmp(flag, "--count-file") == 0)
            fake.count_file = value;
        else if (strcmp(flag, "--pidfile") == 0)
            fake.pidfile = value;
        else if (strcmp(flag, "--chatter") == 0)
            fake.chatter_bytes = strtol(value, NULL, 10);
    }
    if (fake.pidfile) {
        FILE *file = fopen(fake.pidfile, "a");
        if (file) {
            fprintf(file, "%d\n", (int)getpid());
            fclose(file);
        }
    }
    output_style = fake.style;
    if (fake.deaf)
        signal(SIGPIPE, SIG_IGN);
    if (fake.spawn_pidfile)
        spawn_child(fake.spawn_pidfile);
    roomandpillar_game.parse_position(roomandpillar_game.start_fen, &fake.pos, err, sizeof err);
    serve(&fake);
    return 0;
}
