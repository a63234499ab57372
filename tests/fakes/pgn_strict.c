/*
 * pgn_strict.c - a strict reader of PGN export format (the PGN standard of
 * 1994, sections 8.1 and 8.2), written for the tests apart from the
 * arena's own reader (tools/arena/pgn.c shares nothing with it), so that
 * what the arena writes is checked against the standard and not against
 * itself.
 *
 *     pgn_strict FILE...      "pgn_strict: N games" and exit 0, or one line
 *                             "FILE:LINE: what is wrong" and exit 1
 *
 * What it requires of every game:
 *   - tag pairs, one a line, exactly `[Name "value"]`: a name of letters,
 *     digits and '_' starting with a letter; the value a string of printing
 *     characters (\" and \\ escaped), at most 255; the seven tag roster
 *     (Event Site Date Round White Black Result) first and in that order,
 *     then the others in ASCII order of their names, none twice; one empty
 *     line after them;
 *   - movetext lines of fewer than 80 characters, neither starting nor
 *     ending with a blank, tokens one blank apart; one empty line after;
 *   - move numbers: "N." before each of the first player's moves, "N..."
 *     before a second player's move only right after a comment (export
 *     format, 8.2.2.2), N the move number counted from 1;
 *   - moves: symbol tokens that start with a letter (a token starting with
 *     a digit reads as a move number) and go on with letters, digits and
 *     _ + # = : -;
 *   - comments in braces, which may span lines;
 *   - one game termination marker (1-0, 0-1, 1/2-1/2, *) at the end, equal
 *     to the Result tag; PlyCount, when given, equal to the moves read.
 * Lines starting with '%' (escape lines) are skipped between games; inside
 * one, where they would hide movetext, they are an error.
 *
 * Moves are then decoded as tools/arena/pgn_move.h defines the encoding
 * (a leading 'M' dropped, ':' back to ','), independently of that code,
 * and replayed with the rules of the game the Game tag names from the FEN
 * tag: a move that does not decode to a legal move is an error too.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/record.h"
#include "games/registry.h"

#define LINE_MAX_BYTES 4096
#define TAGS_MAX 64
#define VALUE_MAX 256

typedef struct {
    char name[64];
    char value[VALUE_MAX];
} TagPair;

typedef struct {
    const char *path;
    long line_number;
    char error[600];
    /* the game being read */
    TagPair tags[TAGS_MAX];
    int tag_count;
    int moves;              /* plies read */
    bool after_comment;     /* the last element was a comment */
    bool numbered;          /* a move number indication waits for its move */
    int pending_number;     /* its number */
    bool pending_dots3;     /* it was "N..." */
    bool in_comment;
    bool terminated;        /* the termination marker was read */
    char result[16];
    char move_texts[RECORD_MAX_MOVES][MOVE_TEXT_MAX];
} Reader;

static bool fail(Reader *r, const char *what)
{
    snprintf(r->error, sizeof r->error, "%s:%ld: %s", r->path, r->line_number, what);
    return false;
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

static const char *tag_value(const Reader *r, const char *name)
{
    for (int i = 0; i < r->tag_count; i++)
        if (strcmp(r->tags[i].name, name) == 0)
            return r->tags[i].value;
    return NULL;
}

/* One tag pair line, checked for form and order. */
static bool read_tag(Reader *r, const char *line)
{
    char what[300];
    const char *p = line;
    if (*p++ != '[' || !isalpha((unsigned char)*p))
        return fail(r, "a tag pair must be '[' then a name starting with a letter");
    TagPair *tag = &r->tags[r->tag_count];
    size_t n = 0;
    while (isalnum((unsigned char)*p) || *p == '_') {
        if (n + 1 >= sizeof tag->name)
            return fail(r, "tag name too long");
        tag->name[n++] = *p++;
    }
    tag->name[n] = '\0';
    if (*p++ != ' ' || *p++ != '"')
        return fail(r, "a tag name must be followed by one blank and a string");
    n = 0;
    for (; *p != '"'; p++) {
        if (*p == '\0')
            return fail(r, "unterminated tag string");
        if (*p == '\\') {
            p++;
            if (*p != '"' && *p != '\\')
                return fail(r, "a backslash in a string must escape '\"' or '\\'");
        }
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return fail(r, "a control character in a tag string");
        if (n + 1 >= sizeof tag->value)
            return fail(r, "a tag string longer than 255 characters");
        tag->value[n++] = *p;
    }
    tag->value[n] = '\0';
    if (strcmp(p, "\"]") != 0)
        return fail(r, "a tag pair must end right after its string with ']'");
    if (tag_value(r, tag->name)) {
        snprintf(what, sizeof what, "tag %s appears twice", tag->name);
        return fail(r, what);
    }
    int index = r->tag_count;
    if (index < 7 && strcmp(tag->name, roster[index]) != 0) {
        snprintf(what, sizeof what, "tag %d must be %s (seven tag roster), not %s", index + 1, roster[index],
                 tag->name);
        return fail(r, what);
    }
    if (index > 7 && strcmp(r->tags[index - 1].name, tag->name) > 0) {
        snprintf(what, sizeof what, "tag %s after %s: tags past the roster go in ASCII order", tag->name,
                 r->tags[index - 1].name);
        return fail(r, what);
    }
    if (++r->tag_count == TAGS_MAX)
        return fail(r, "too many tags");
    return true;
}

static bool is_result(const char *token)
{
    return strcmp(token, "1-0") == 0 || strcmp(token, "0-1") == 0 || strcmp(token, "1/2-1/2") == 0 ||
           strcmp(token, "*") == 0;
}

/* The move text a token stands for (tools/arena/pgn_move.h's rule). */
static void decode_move(const char *token, char *out, size_t out_size)
{
    const char *from = token + (token[0] == 'M');
    size_t n = 0;
    for (; *from && n + 1 < out_size; from++)
        out[n++] = *from == ':' ? ',' : *from;
    out[n] = '\0';
}

static bool read_move_number(Reader *r, const char *token)
{
    char what[400];
    int number = 0;
    const char *p = token;
    while (isdigit((unsigned char)*p))
        number = number * 10 + (*p++ - '0');
    bool dots3 = strcmp(p, "...") == 0;
    if (strcmp(p, ".") != 0 && !dots3) {
        snprintf(what, sizeof what, "'%s' starts with a digit but is no move number (N. or N...) nor a result",
                 token);
        return fail(r, what);
    }
    if (r->numbered)
        return fail(r, "two move numbers in a row");
    int expected = r->moves / 2 + 1;
    bool second = r->moves % 2 == 1;
    if (number != expected || dots3 != second) {
        snprintf(what, sizeof what, "'%s' where the move number is %d%s", token, expected, second ? "..." : ".");
        return fail(r, what);
    }
    if (dots3 && !r->after_comment)
        return fail(r, "'N...' before a second player's move that follows no comment (export format)");
    r->numbered = true;
    return true;
}

static bool read_move(Reader *r, const char *token)
{
    char what[400];
    if (!isalpha((unsigned char)token[0])) {
        snprintf(what, sizeof what, "'%s' is no symbol token (a move must start with a letter)", token);
        return fail(r, what);
    }
    for (const char *p = token; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("_+#=:-", *p)) {
            snprintf(what, sizeof what, "'%s': '%c' cannot be part of a symbol token", token, *p);
            return fail(r, what);
        }
    bool second = r->moves % 2 == 1;
    if (!second && !r->numbered)
        return fail(r, "a first player's move without its move number 'N.'");
    if (second && !r->numbered && r->after_comment)
        return fail(r, "a second player's move right after a comment needs 'N...' (export format)");
    if (r->moves == RECORD_MAX_MOVES)
        return fail(r, "too many moves");
    decode_move(token, r->move_texts[r->moves], sizeof r->move_texts[r->moves]);
    r->moves++;
    r->numbered = false;
    r->after_comment = false;
    return true;
}

/* The tokens of one movetext line (comments may run on from, or over to,
 * other lines). */
static bool read_movetext_line(Reader *r, const char *line)
{
    size_t length = strlen(line);
    if (length >= 80)
        return fail(r, "a movetext line of 80 characters or more");
    if (line[0] == ' ' || line[length - 1] == ' ')
        return fail(r, "a movetext line starts or ends with a blank");
    const char *p = line;
    while (*p) {
        if (r->terminated)
            return fail(r, "movetext after the game termination marker");
        if (r->in_comment) {
            const char *end = strchr(p, '}');
            if (!end)
                return true; /* the comment goes on on the next line */
            r->in_comment = false;
            r->after_comment = true;
            p = end + 1;
            if (*p != ' ' && *p != '\0')
                return fail(r, "a token glued to the comment before it");
        } else if (*p == '{') {
            if (r->numbered)
                return fail(r, "a comment between a move number and its move");
            r->in_comment = true;
            p++;
            continue;
        } else {
            char token[256];
            size_t n = strcspn(p, " {");
            if (n == 0 || n >= sizeof token)
                return fail(r, "an empty or overlong token");
            memcpy(token, p, n);
            token[n] = '\0';
            p += n;
            bool ok = true;
            if (is_result(token)) {
                snprintf(r->result, sizeof r->result, "%.8s", token);
                r->terminated = true;
            } else if (isdigit((unsigned char)token[0])) {
                ok = read_move_number(r, token);
            } else {
                ok = read_move(r, token);
            }
            if (!ok)
                return false;
            if (*p == '{')
                return fail(r, "a comment glued to the token before it");
        }
        if (*p == ' ') {
            p++;
            if (*p == ' ' || *p == '\0')
                return fail(r, "tokens must be one blank apart");
        }
    }
    return true;
}

/* The game as a whole: result, PlyCount, and every move legal. */
static bool check_game(Reader *r)
{
    char what[400];
    const char *result = tag_value(r, "Result");
    if (r->in_comment)
        return fail(r, "a comment is not closed");
    if (!r->terminated)
        return fail(r, "the movetext has no game termination marker");
    if (r->numbered)
        return fail(r, "a move number without its move");
    if (!result || strcmp(result, r->result) != 0)
        return fail(r, "the termination marker differs from the Result tag");
    const char *plies = tag_value(r, "PlyCount");
    if (plies && atoi(plies) != r->moves) {
        snprintf(what, sizeof what, "PlyCount %s, but %d moves", plies, r->moves);
        return fail(r, what);
    }
    const char *game_id = tag_value(r, "Game"), *fen = tag_value(r, "FEN");
    const Game *game = game_id ? game_by_id(game_id) : NULL;
    if (!game || !fen)
        return true; /* nothing to replay with */
    static GameRecord record;
    Position start;
    char err[ERROR_TEXT_MAX];
    if (!game->parse_position(fen, &start, err, sizeof err)) {
        snprintf(what, sizeof what, "FEN of %s: %s", game_id, err);
        return fail(r, what);
    }
    record_start(&record, game, &start);
    for (int i = 0; i < r->moves; i++)
        if (!record_play_text(&record, r->move_texts[i], err, sizeof err)) {
            snprintf(what, sizeof what, "move %d '%s' of %s: %s", i + 1, r->move_texts[i], game_id, err);
            return fail(r, what);
        }
    return true;
}

typedef enum { BETWEEN_GAMES, IN_TAGS, AFTER_TAGS, IN_MOVETEXT } Section;

static void start_game(Reader *r)
{
    r->tag_count = 0;
    r->moves = 0;
    r->after_comment = r->numbered = r->in_comment = r->terminated = false;
    r->result[0] = '\0';
}

/* Reads one file; returns the games read, or -1 (r->error filled). */
static long read_file(Reader *r, FILE *file)
{
    static char line[LINE_MAX_BYTES];
    Section section = BETWEEN_GAMES;
    long games = 0;
    r->line_number = 0;
    while (fgets(line, sizeof line, file)) {
        r->line_number++;
        size_t length = strlen(line);
        if (length == 0 || line[length - 1] != '\n')
            return fail(r, "a line without its newline, or longer than 4095 bytes"), -1;
        line[--length] = '\0';
        if (strchr(line, '\r') || strchr(line, '\t'))
            return fail(r, "a carriage return or tab"), -1;
        switch (section) {
        case BETWEEN_GAMES:
            if (line[0] == '%' || length == 0)
                break;
            start_game(r);
            section = IN_TAGS;
            /* fall through */
        case IN_TAGS:
            if (length == 0 && r->tag_count > 0) {
                section = AFTER_TAGS;
                break;
            }
            if (!read_tag(r, line))
                return -1;
            break;
        case AFTER_TAGS:
            if (length == 0)
                return fail(r, "one empty line only after the tag pairs"), -1;
            section = IN_MOVETEXT;
            /* fall through */
        case IN_MOVETEXT:
            if (length == 0) {
                if (!check_game(r))
                    return -1;
                games++;
                section = BETWEEN_GAMES;
                break;
            }
            if (line[0] == '[' && !r->in_comment)
                return fail(r, "a tag pair in the movetext (no empty line ended the game)"), -1;
            if (line[0] == '%')
                return fail(r, "an escape line ('%' first) inside a game: its text would be skipped"), -1;
            if (!read_movetext_line(r, line))
                return -1;
            break;
        }
    }
    if (section != BETWEEN_GAMES)
        return fail(r, "the file ends inside a game (each game ends with an empty line)"), -1;
    return games;
}

int main(int argc, char **argv)
{
    static Reader reader;
    long total = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: pgn_strict FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "r");
        if (!file) {
            printf("%s: cannot open\n", argv[i]);
            return 1;
        }
        reader.path = argv[i];
        long games = read_file(&reader, file);
        fclose(file);
        if (games < 0) {
            printf("%s\n", reader.error);
            return 1;
        }
        total += games;
    }
    printf("pgn_strict: %ld games\n", total);
    return 0;
}
