/*
 * tune_peak.c - a fake engine for the tuner's tests: it plays real Room and
 * Pillar (the shared rules and evaluation code, linked in), and its strength peaks at a value of its
 * spin option Knob that the test decides:
 *
 *     tune_peak --peak 70        option name Knob type spin default 20 min 0 max 100
 *     tune_peak --peak 70 --seed 5   the same, with its random moves drawn
 *                                from seed 5: a run of the tuner (whose own
 *                                seed is fixed) is then the same run every
 *                                time, as long as one process plays its games
 *     tune_peak --peak 70 --seed 5 --by-position   each move's random draws
 *                                from seed 5, the position and Knob alone,
 *                                whatever games the process played before:
 *                                the same run every time, whichever thread's
 *                                engines play which pair (-concurrency)
 *     ... --jitter 300           the first answer of each game after a pause
 *                                of 0 to 300 ms, drawn afresh in every
 *                                process: the pairs of a concurrent run
 *                                finish in another order every time
 *     tune_peak --flat           Knob decides no move: always the search's first
 *                                best move, so equal positions get equal moves;
 *                                it only shows as the reported score (info
 *                                score cp Knob), so the tuner's effect check
 *                                passes and the games carry no signal
 *
 * On each move it plays the best move of a small alpha-beta search with
 * probability skill = 1 - |Knob - peak| / 70 (at least 0), else a random
 * legal move.  So theta pulled toward the peak wins more games, and an
 * SPSA run started at 20 should move Knob toward 70.
 *
 * Protocol: uci, isready, setoption (Game, Knob), ucinewgame, position
 * (startpos | fen ...) [moves ...], go (any limits, ignored), quit.
 *
 * With the environment variable TUNE_PEAK_STALL_NOTE=FILE set, a game that
 * starts anywhere but the start position never gets a move: at its first
 * `go` the fake appends "stalled FEN" to FILE and then leaves every `go`
 * unanswered (it still answers isready and ends on quit or end of input).
 * A test gives such an opening to chosen iterations to hold them in flight
 * while the others finish, and reads FILE to know when they are: a game
 * that its own move ends adds "ended FEN" (its opening) to FILE too.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "games/gameutil.h"
#include "games/roomandpillar/roomandpillar.h"
#include "games/registry.h"
#include "util/rng.h"

#define FAKE_LINE_MAX 65536
#define FAKE_MOVES_MAX (ROOMANDPILLAR_MAX_SIDE * ROOMANDPILLAR_MAX_SIDE + 1)
#define FAKE_SEARCH_DEPTH 3
#define FAKE_WIN 30000

typedef struct {
    Move moves[FAKE_MOVES_MAX];
    int count;
} FakeMoveList;

/* Every legal move: FAKE_MOVES_MAX holds the most a board can have. */
static void fake_moves(const Position *pos, FakeMoveList *list)
{
    list->count = collect_moves(&roomandpillar_game, pos, list->moves, FAKE_MOVES_MAX, NULL);
}

/* Negamax with alpha-beta; a side with no move has lost (RULES.md). */
static int fake_search(const Position *pos, int depth, int alpha, int beta, int ply)
{
    FakeMoveList list;
    fake_moves(pos, &list);
    if (list.count == 0)
        return -FAKE_WIN + ply;
    if (depth == 0)
        return roomandpillar_game.evaluate(pos);
    int mover = roomandpillar_game.side_to_move(pos);
    for (int i = 0; i < list.count; i++) {
        Position child = *pos;
        roomandpillar_game.play(&child, list.moves[i]);
        /* A swap keeps the colour to move: no sign change then. */
        bool same = roomandpillar_game.side_to_move(&child) == mover;
        int score = same ? fake_search(&child, depth - 1, alpha, beta, ply + 1)
                         : -fake_search(&child, depth - 1, -beta, -alpha, ply + 1);
        if (score > alpha)
            alpha = score;
        if (alpha >= beta)
            break;
    }
    return alpha;
}

/* rng NULL: the first of equal best moves (--flat's determinism). */
static Move fake_best_move(const Position *pos, const FakeMoveList *list, Rng *rng)
{
    int best = -FAKE_WIN - 1, ties = 0;
    Move chosen = list->moves[0];
    int mover = roomandpillar_game.side_to_move(pos);
    for (int i = 0; i < list->count; i++) {
        Position child = *pos;
        roomandpillar_game.play(&child, list->moves[i]);
        bool same = roomandpillar_game.side_to_move(&child) == mover;
        int score = same ? fake_search(&child, FAKE_SEARCH_DEPTH - 1, -FAKE_WIN - 1, FAKE_WIN + 1, 1)
                         : -fake_search(&child, FAKE_SEARCH_DEPTH - 1, -FAKE_WIN - 1, FAKE_WIN + 1, 1);
        /* Equal scores are broken at random so that games vary. */
        if (score > best) {
            best = score;
            chosen = list->moves[i];
            ties = 1;
        } else if (score == best && rng && rng_below(rng, (uint64_t)++ties) == 0) {
            chosen = list->moves[i];
        }
    }
    return chosen;
}

typedef struct {
    Position pos;
    int knob;
    double peak;
    bool flat; /* --flat: Knob ignored, moves fixed by the position */
    bool by_position; /* --by-position: random draws from seed, position and Knob */
    uint64_t seed;
    long jitter_ms; /* --jitter: a random pause before a game's first answer */
    bool paused;    /* this game's pause is over */
    Rng jitter;
    Rng rng;
    const char *stall_note; /* TUNE_PEAK_STALL_NOTE, or NULL */
    bool stalling;          /* this game started off the start position */
    bool stall_noted;
    char game_fen[256];     /* where this game started */
} FakeEngine;

static double fake_skill(const FakeEngine *e)
{
    double skill = 1.0 - fabs(e->knob - e->peak) / 70.0;
    return skill < 0 ? 0 : skill;
}

/* True when this game's moves are withheld (see TUNE_PEAK_STALL_NOTE). */
static bool fake_stalls(FakeEngine *e)
{
    if (!e->stalling)
        return false;
    if (!e->stall_noted) {
        FILE *note = fopen(e->stall_note, "a");
        if (note) {
            fprintf(note, "stalled %s\n", e->game_fen);
            fclose(note);
        }
        e->stall_noted = true;
    }
    return true;
}

static void fake_go(FakeEngine *e)
{
    if (fake_stalls(e))
        return;
    if (e->jitter_ms > 0 && !e->paused) {
        e->paused = true;
        long ms = (long)rng_below(&e->jitter, (uint64_t)e->jitter_ms + 1);
        struct timespec pause = {ms / 1000, ms % 1000 * 1000000};
        nanosleep(&pause, NULL);
    }
    if (e->by_position) {
        uint64_t mix = e->seed ^ roomandpillar_game.hash(&e->pos) ^ ((uint64_t)e->knob * 0x9E3779B97F4A7C15ULL);
        rng_seed(&e->rng, splitmix64(&mix));
    }
    FakeMoveList list;
    fake_moves(&e->pos, &list);
    if (list.count == 0) {
        printf("bestmove (none)\n");
        return;
    }
    Move move = e->flat ? fake_best_move(&e->pos, &list, NULL)
                : rng_unit(&e->rng) < fake_skill(e)
                    ? fake_best_move(&e->pos, &list, &e->rng)
                    : list.moves[rng_below(&e->rng, (uint64_t)list.count)];
    char text[MOVE_TEXT_MAX];
    roomandpillar_game.format_move(&e->pos, move, text, sizeof text);
    Position after = e->pos;
    roomandpillar_game.play(&after, move);
    FILE *note = e->stall_note && roomandpillar_game.outcome(&after) != OUTCOME_ONGOING ? fopen(e->stall_note, "a")
                                                                                         : NULL;
    if (note) {
        fprintf(note, "ended %s\n", e->game_fen);
        fclose(note);
    }
    if (e->flat)
        printf("info depth 1 score cp %d nodes 1\n", e->knob);
    printf("bestmove %s\n", text);
}

/* position startpos|fen <string> [moves m1 m2 ...] */
static void fake_position(FakeEngine *e, char *args)
{
    char err[ERROR_TEXT_MAX];
    char *moves = strstr(args, " moves");
    if (moves)
        *moves = '\0';
    Position pos;
    const char *fen = strncmp(args, "fen ", 4) == 0 ? args + 4 : roomandpillar_game.start_fen;
    if (!roomandpillar_game.parse_position(fen, &pos, err, sizeof err)) {
        printf("info string error position: %s\n", err);
        return;
    }
    char start[sizeof e->game_fen];
    Position start_pos;
    roomandpillar_game.parse_position(roomandpillar_game.start_fen, &start_pos, err, sizeof err);
    roomandpillar_game.format_position(&start_pos, start, sizeof start);
    /* The position string before the moves is the game's opening. */
    roomandpillar_game.format_position(&pos, e->game_fen, sizeof e->game_fen);
    e->stalling = e->stall_note && strcmp(start, e->game_fen) != 0;
    for (char *move = moves ? strtok(moves + 6, " ") : NULL; move; move = strtok(NULL, " ")) {
        Move m;
        if (!roomandpillar_game.parse_move(&pos, move, &m, err, sizeof err)) {
            printf("info string error position: %s\n", err);
            return;
        }
        roomandpillar_game.play(&pos, m);
    }
    e->pos = pos;
}

static void fake_setoption(FakeEngine *e, const char *args)
{
    char name[64], value[64];
    if (sscanf(args, "name %63s value %63s", name, value) != 2) {
        printf("info string error setoption: expected name and value\n");
        return;
    }
    if (strcasecmp(name, "Game") == 0) {
        if (strcmp(value, "roomandpillar") != 0)
            printf("info string error setoption: this fake plays roomandpillar only\n");
        return;
    }
    char *end;
    long knob = strtol(value, &end, 10);
    if (strcasecmp(name, "Knob") != 0 || *end || knob < 0 || knob > 100) {
        printf("info string error setoption: unknown option or bad value '%s'\n", args);
        return;
    }
    e->knob = (int)knob;
}

/* True on quit. */
static bool fake_command(FakeEngine *e, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "uci") == 0) {
        printf("id name tune_peak\nid author the Tessera tests\n");
        printf("option name Game type combo default roomandpillar var roomandpillar\n");
        printf("option name Knob type spin default 20 min 0 max 100\n");
        printf("uciok\n");
    } else if (strcmp(line, "isready") == 0) {
        printf("readyok\n");
    } else if (strcmp(line, "ucinewgame") == 0) {
        e->stall_noted = false;
        e->paused = false;
    } else if (strncmp(line, "setoption ", 10) == 0) {
        fake_setoption(e, line + 10);
    } else if (strncmp(line, "position ", 9) == 0) {
        fake_position(e, line + 9);
    } else if (strncmp(line, "go", 2) == 0) {
        fake_go(e);
    } else if (strcmp(line, "quit") == 0) {
        return true;
    }
    fflush(stdout);
    return false;
}

int main(int argc, char **argv)
{
    static FakeEngine engine;
    static char line[FAKE_LINE_MAX];
    engine.knob = 20;
    engine.peak = 70;
    engine.stall_note = getenv("TUNE_PEAK_STALL_NOTE");
    uint64_t seed = (uint64_t)getpid() * 0x9E3779B97F4A7C15ULL ^ (uint64_t)time(NULL);
    rng_seed(&engine.jitter, seed ^ 0x5851F42D4C957F2DULL);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--flat") == 0)
            engine.flat = true;
        else if (strcmp(argv[i], "--peak") == 0 && i + 1 < argc)
            engine.peak = atof(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = engine.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--by-position") == 0)
            engine.by_position = true;
        else if (strcmp(argv[i], "--jitter") == 0 && i + 1 < argc)
            engine.jitter_ms = strtol(argv[++i], NULL, 10);
    }
    char err[ERROR_TEXT_MAX];
    roomandpillar_game.parse_position(roomandpillar_game.start_fen, &engine.pos, err, sizeof err);
    rng_seed(&engine.rng, seed);
    while (fgets(line, sizeof line, stdin))
        if (fake_command(&engine, line))
            break;
    return 0;
}
