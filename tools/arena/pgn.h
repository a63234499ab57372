/*
 * pgn.h - finished games as PGN-style text, written once each and read back
 * for -resume and merge.
 *
 * The games are not chess, so the tags say what the board is: Game (and
 * Variant, for PGN tools) hold the game id, FEN the position string the
 * game started from, P1Colour the colour the first player held there.
 * White names p1, the player to move in the FEN, and Black names p2,
 * whatever colours they hold (Room and Pillar's swap exchanges them
 * mid-game).  Result is from White's (p1's) side: 1-0, 0-1, 1/2-1/2.
 * Round is the game number k (1-based) of the run, which fixes its
 * opening and colours.
 *
 * Games are written in PGN export format (the PGN standard, 8.1 and 8.2):
 * the seven tag roster in order, then the other tags in ASCII order of
 * their names; movetext lines shorter than 80 characters; "N." before p1's
 * moves; each move its PGN symbol token (pgn_move.h: Columna's b2b3,c4c5
 * is b2b3:c4c5, Territoire's 17,3,x4 is M17:3:x4) followed by its think
 * time as a comment ({0.123s}), so p2's moves, which follow a comment, take
 * "N..."; a closing comment says how the game ended, then the result.
 * The reader takes files written before (the games' own move texts, no
 * "N..."): it reads tags, comments and results, not the moves.
 *
 * A run's configuration (runconfig.h) is written before its first game as
 * PGN escape lines, which other PGN readers skip:
 *   % tessera-arena run
 *   % game=qawale
 *   % seed=1 ...
 * and applies to the games that follow it.
 */
#ifndef TESSERA_ARENA_PGN_H
#define TESSERA_ARENA_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena/match.h"

#define PGN_NAME_MAX 64

typedef struct {
    const char *event;
    const char *date;  /* "YYYY.MM.DD" */
    int64_t round;     /* game number, 1-based */
    const char *white; /* p1 */
    const char *black; /* p2 */
    const char *white_tc, *black_tc;
    const MatchResult *result;
} PgnGame;

/* Appends one game and makes it durable (fflush + fsync) before returning,
 * so that an interrupted run loses no finished game. */
bool pgn_write_game(FILE *file, const PgnGame *game, char *err, size_t err_size);

const char *pgn_result_token(PlayerResult result);

/* What -resume and merge need from a game read back. */
typedef struct {
    int64_t round;
    char white[PGN_NAME_MAX], black[PGN_NAME_MAX];
    char game_id[32];
    char fen[1024];
    PlayerResult result;
    Termination termination;
    const char *config; /* the configuration block before it ("" if none);
                           valid only during the visit */
    long start, end;    /* its bytes: from its first tag line to the end of
                           the line of its result */
    long line;          /* the number of its first tag line */
} PgnRecord;

/* Writes a run's configuration block (key=value lines) durably. */
bool pgn_write_config(FILE *file, const char *config, char *err, size_t err_size);

typedef bool (*PgnVisit)(const PgnRecord *record, void *ctx, char *err, size_t err_size);

/* Reads every complete game, calling visit for each (visit may stop the
 * read by returning false with err filled).  *complete_end is the byte
 * offset just past the last complete game: a game cut short by a kill is
 * not complete, nor is a last line torn by a kill (no newline), except the
 * result token that closes a game.  Returns false with err filled on a
 * read error or a malformed complete game. */
bool pgn_read(FILE *file, const char *path, PgnVisit visit, void *ctx, long *complete_end, char *err,
              size_t err_size);

/* A run's -pgnout, held as process/locked_file.h says: read under a
 * shared lock, written (only when something must be) under the
 * exclusive one, so that a second run on the file is refused at once. */
typedef struct {
    const char *path;
    FILE *reader; /* NULL: the file did not exist */
    FILE *writer; /* NULL until something is written */
} PgnFile;

/* Opens path: an existing file for reading, a missing one created for
 * writing; false with err filled when it cannot be, or another run holds
 * it. */
bool pgn_file_open(PgnFile *pgn, const char *path, char *err, size_t err_size);

/* The stream to append games to (opened when first asked). */
FILE *pgn_file_writer(PgnFile *pgn, char *err, size_t err_size);

void pgn_file_close(PgnFile *pgn);

/* For -resume: reads the games of the file (a new one holds none), cuts
 * off whatever follows the last complete game, and ends the file with a
 * blank line so the next game starts on its own line; a file that needs
 * none of that is not opened for writing.  *kept_end is the file's length
 * afterwards (0: no game kept). */
bool pgn_recover(PgnFile *pgn, PgnVisit visit, void *ctx, long *kept_end, char *err, size_t err_size);

#endif
