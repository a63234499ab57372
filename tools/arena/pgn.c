/* pgn.c - PGN-style game records: write durably, read back. */
#include "arena/pgn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/pgn_move.h"
#include "arena/spec.h"
#include "process/locked_file.h"
#include "util/parse_number.h"

const char *pgn_result_token(PlayerResult result)
{
    switch (result) {
    case RESULT_P1_WINS:
        return "1-0";
    case RESULT_P2_WINS:
        return "0-1";
    case RESULT_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}

/* A tag value with quotes and backslashes escaped. */
static void write_tag(FILE *file, const char *name, const char *value)
{
    fprintf(file, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', file);
        fputc(*p, file);
    }
    fprintf(file, "\"]\n");
}

/* Export format: movetext lines of fewer than 80 characters, none
 * starting or ending with a blank. */
#define LINE_MAX_CHARS 79

typedef struct {
    FILE *file;
    int column;
} MoveWriter;

/* A token on the current line, or on the next when it does not fit. */
static void put_token(MoveWriter *w, const char *token)
{
    int len = (int)strlen(token);
    if (w->column > 0 && w->column + 1 + len > LINE_MAX_CHARS) {
        fputc('\n', w->file);
        w->column = 0;
    } else if (w->column > 0) {
        fputc(' ', w->file);
        w->column++;
    }
    fputs(token, w->file);
    w->column += len;
}

/* A word longer than a line goes in pieces, one a line. */
static void put_word(MoveWriter *w, const char *word, size_t len)
{
    char piece[LINE_MAX_CHARS + 1];
    while (len > 0) {
        size_t n = len < LINE_MAX_CHARS ? len : LINE_MAX_CHARS;
        memcpy(piece, word, n);
        piece[n] = '\0';
        put_token(w, piece);
        word += n;
        len -= n;
    }
}

/* A comment, wrapped like the moves around it: its words are placed on as
 * many lines as they need, one blank between two (runs of blanks become
 * one).  It must not end early, so braces inside become parentheses;
 * control characters become blanks. */
static void put_comment(MoveWriter *w, const char *text)
{
    char comment[1600];
    size_t n = 0;
    comment[n++] = '{';
    for (const char *p = text; *p && n < sizeof comment - 2; p++) {
        char c = *p == '{' ? '(' : *p == '}' ? ')' : *p;
        if ((unsigned char)c < 0x20 || c == 0x7f)
            c = ' ';
        if (c != ' ' || (comment[n - 1] != ' ' && comment[n - 1] != '{'))
            comment[n++] = c;
    }
    if (comment[n - 1] == ' ')
        n--;
    comment[n++] = '}';
    comment[n] = '\0';
    for (const char *word = comment; *word;) {
        size_t len = strcspn(word, " ");
        /* No line may start with '%' (an escape line, which readers skip)
         * or '[' (a tag pair to a reader that goes by lines): such a word
         * stays on the line of the word before it. */
        while (word[len] == ' ' && (word[len + 1] == '%' || word[len + 1] == '['))
            len += 1 + strcspn(word + len + 1, " ");
        put_word(w, word, len);
        word += len + (word[len] == ' ');
    }
}

/* Every move's PGN token can be written (pgn_move.h): checked before
 * anything of the game is, so that a game is written whole or not at all. */
static bool moves_encodable(const MatchResult *r, char *err, size_t err_size)
{
    const GameRecord *rec = &r->record;
    Position pos = rec->start;
    char text[MOVE_TEXT_MAX], token[MOVE_TEXT_MAX + 2];
    for (int i = 0; i < rec->move_count; i++) {
        rec->game->format_move(&pos, rec->moves[i], text, sizeof text);
        if (!pgn_move_encode(text, token, sizeof token)) {
            snprintf(err, err_size, "move %d '%s' cannot be written as a PGN symbol", i + 1, text);
            return false;
        }
        rec->game->play(&pos, rec->moves[i]);
    }
    return true;
}

/* Movetext in PGN export format: "N." before p1's moves, each move its
 * token (pgn_move.h) and its think time as a comment, so p2's moves, which
 * follow a comment, take "N..." (PGN 8.2.2.2); then the closing comment
 * and the result. */
static void write_moves(FILE *file, const MatchResult *r)
{
    const GameRecord *rec = &r->record;
    const Game *game = rec->game;
    Position pos = rec->start;
    MoveWriter w = {file, 0};
    char text[MOVE_TEXT_MAX + 32], token[MOVE_TEXT_MAX + 2];
    bool after_comment = false;
    for (int i = 0; i < rec->move_count; i++) {
        if (i % 2 == 0 || after_comment) {
            snprintf(text, sizeof text, "%d%s", i / 2 + 1, i % 2 == 0 ? "." : "...");
            put_token(&w, text);
        }
        game->format_move(&pos, rec->moves[i], text, sizeof text);
        pgn_move_encode(text, token, sizeof token); /* checked by moves_encodable */
        put_token(&w, token);
        snprintf(text, sizeof text, "{%d.%03ds}", r->think_ms[i] / 1000, r->think_ms[i] % 1000);
        put_token(&w, text);
        after_comment = true;
        game->play(&pos, rec->moves[i]);
    }
    char detail[1400];
    snprintf(detail, sizeof detail, "%s: %s", termination_name(r->termination), r->detail);
    put_comment(&w, detail);
    put_token(&w, pgn_result_token(r->result));
    fputs("\n\n", file);
}

/* Makes what was written survive a kill or a crash of the machine. */
static bool make_durable(FILE *file, char *err, size_t err_size)
{
    if (fflush(file) != 0 || fsync(fileno(file)) != 0 || ferror(file)) {
        snprintf(err, err_size, "cannot write the PGN file: %s", strerror(errno));
        return false;
    }
    return true;
}

typedef struct {
    const char *name;
    const char *value;
} Tag;

static int by_tag_name(const void *a, const void *b)
{
    return strcmp(((const Tag *)a)->name, ((const Tag *)b)->name);
}

bool pgn_write_game(FILE *file, const PgnGame *g, char *err, size_t err_size)
{
    const MatchResult *r = g->result;
    const Game *game = r->record.game;
    if (!moves_encodable(r, err, err_size))
        return false;
    char fen[POSITION_TEXT_MAX], round[32], plies[32];
    game->format_position(&r->record.start, fen, sizeof fen);
    snprintf(round, sizeof round, "%lld", (long long)g->round);
    snprintf(plies, sizeof plies, "%d", r->record.move_count);
    /* Export format: the seven tag roster in its order, then the others
     * in ASCII order of their names. */
    Tag roster[] = {{"Event", g->event}, {"Site", "?"},      {"Date", g->date},
                    {"Round", round},    {"White", g->white}, {"Black", g->black},
                    {"Result", pgn_result_token(r->result)}};
    bool one_tc = strcmp(g->white_tc, g->black_tc) == 0;
    Tag more[] = {{"Game", game->id},
                  {"Variant", game->id},
                  {"SetUp", "1"},
                  {"FEN", fen},
                  {"P1Colour", game->side_to_move(&r->record.start) == WHITE ? "w" : "b"},
                  {"Termination", termination_name(r->termination)},
                  {"PlyCount", plies},
                  {one_tc ? "TimeControl" : "WhiteTimeControl", g->white_tc},
                  {"BlackTimeControl", g->black_tc}};
    size_t more_count = sizeof more / sizeof more[0] - one_tc;
    qsort(more, more_count, sizeof more[0], by_tag_name);
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++)
        write_tag(file, roster[i].name, roster[i].value);
    for (size_t i = 0; i < more_count; i++)
        write_tag(file, more[i].name, more[i].value);
    fputc('\n', file);
    write_moves(file, r);
    return make_durable(file, err, err_size);
}

#define CONFIG_HEADER "% tessera-arena run"

bool pgn_write_config(FILE *file, const char *config, char *err, size_t err_size)
{
    fputs(CONFIG_HEADER "\n", file);
    for (const char *line = config; *line;) {
        size_t len = strcspn(line, "\n");
        fprintf(file, "%% %.*s\n", (int)len, line);
        line += len + (line[len] == '\n');
    }
    fputc('\n', file);
    return make_durable(file, err, err_size);
}

/* ---- reading ---- */

typedef struct {
    PgnRecord record;
    bool has_round, has_result_tag, has_result_token, in_moves;
    int comment_depth;
} GameInProgress;

/* Reads [Name "Value"] into name and value; false when malformed. */
static bool parse_tag(const char *line, char *name, size_t name_size, char *value, size_t value_size)
{
    const char *p = line + 1;
    size_t n = strcspn(p, " \t\"]");
    if (n == 0 || n >= name_size)
        return false;
    memcpy(name, p, n);
    name[n] = '\0';
    p += n;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p++ != '"')
        return false;
    size_t len = 0;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (len + 1 >= value_size)
            return false;
        value[len++] = *p;
    }
    value[len] = '\0';
    return *p == '"';
}

static PlayerResult result_of_token(const char *token, bool *known)
{
    *known = true;
    if (strcmp(token, "1-0") == 0)
        return RESULT_P1_WINS;
    if (strcmp(token, "0-1") == 0)
        return RESULT_P2_WINS;
    if (strcmp(token, "1/2-1/2") == 0)
        return RESULT_DRAW;
    *known = strcmp(token, "*") == 0;
    return RESULT_NONE;
}

/* Copies a tag value that must fit its field; false when it does not. */
static bool copy_value(char *field, size_t size, const char *value)
{
    size_t len = strlen(value);
    if (len >= size)
        return false;
    memcpy(field, value, len + 1);
    return true;
}

static bool take_tag(GameInProgress *g, const char *line, char *err, size_t err_size)
{
    char name[64], value[1024];
    PgnRecord *r = &g->record;
    if (!parse_tag(line, name, sizeof name, value, sizeof value)) {
        snprintf(err, err_size, "malformed tag line '%.80s'", line);
        return false;
    }
    bool known, fits = true;
    if (strcmp(name, "Round") == 0) {
        int64_t round;
        g->has_round = parse_int64(value, 1, INT64_MAX, &round) == NUMBER_OK;
        r->round = g->has_round ? round : 0;
    } else if (strcmp(name, "White") == 0) {
        fits = copy_value(r->white, sizeof r->white, value);
    } else if (strcmp(name, "Black") == 0) {
        fits = copy_value(r->black, sizeof r->black, value);
    } else if (strcmp(name, "Game") == 0) {
        fits = copy_value(r->game_id, sizeof r->game_id, value);
    } else if (strcmp(name, "FEN") == 0) {
        fits = copy_value(r->fen, sizeof r->fen, value);
    } else if (strcmp(name, "Result") == 0) {
        r->result = result_of_token(value, &known);
        g->has_result_tag = known;
    } else if (strcmp(name, "Termination") == 0 && !termination_parse(value, &r->termination)) {
        r->termination = TERM_NORMAL;
    }
    if (!fits)
        snprintf(err, err_size, "tag %s is too long", name);
    return fits;
}

/* Scans movetext for the closing result token, skipping comments. */
static void scan_moves(GameInProgress *g, const char *line)
{
    for (const char *p = line; *p;) {
        if (*p == '{' || *p == '}') {
            g->comment_depth += *p == '{' ? 1 : (g->comment_depth > 0 ? -1 : 0);
            p++;
            continue;
        }
        if (g->comment_depth > 0 || *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            p++;
            continue;
        }
        size_t n = strcspn(p, " \t\r\n{");
        char token[16];
        bool known = false;
        if (n < sizeof token) {
            memcpy(token, p, n);
            token[n] = '\0';
            result_of_token(token, &known);
        }
        g->has_result_token = known;
        p += n;
    }
}

static void start_game(GameInProgress *g)
{
    memset(g, 0, sizeof *g);
    g->record.termination = TERM_NORMAL;
}

/* A complete game ends in a result token and names its round and result. */
static bool game_complete(const GameInProgress *g)
{
    return g->in_moves && g->has_result_token && g->has_round && g->has_result_tag;
}

/* The configuration block being read: "key=value\n" lines. */
typedef struct {
    char *text;
    size_t length, capacity;
    bool collecting;
} ConfigBlock;

/* A '%' escape line: the header starts a new block, "% key=value" lines
 * add to it; other escape lines are left alone.  False when out of memory. */
static bool take_escape_line(ConfigBlock *block, const char *line, size_t len)
{
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (len == strlen(CONFIG_HEADER) && strncmp(line, CONFIG_HEADER, len) == 0) {
        block->collecting = true;
        block->length = 0;
        if (block->text)
            block->text[0] = '\0';
        return true;
    }
    if (!block->collecting || len < 2 || line[1] != ' ')
        return true;
    if (block->length + len + 1 > block->capacity) {
        size_t grown = (block->length + len + 1) * 2;
        char *text = realloc(block->text, grown);
        if (!text)
            return false;
        block->text = text;
        block->capacity = grown;
    }
    memcpy(block->text + block->length, line + 2, len - 2);
    block->length += len - 2;
    block->text[block->length++] = '\n';
    block->text[block->length] = '\0';
    return true;
}

bool pgn_read(FILE *file, const char *path, PgnVisit visit, void *ctx, long *complete_end, char *err,
              size_t err_size)
{
    GameInProgress g;
    ConfigBlock block = {0};
    char *line = NULL, why[300];
    size_t size = 0;
    long offset = 0;
    ssize_t len;
    bool ok = true, after_complete = false;
    *complete_end = 0;
    start_game(&g);
    for (long number = 1; ok && (len = getline(&line, &size, file)) >= 0; number++) {
        offset += (long)len;
        /* A kill can tear only the last line: a tag or escape line without
         * its newline is not read (the game or block it starts is cut off). */
        bool torn = line[len - 1] != '\n';
        if ((line[0] == '[' || line[0] == '%') && g.comment_depth == 0) {
            if (g.in_moves) /* a new game while the last had no result: cut short */
                start_game(&g);
            after_complete = false;
            if (torn)
                break;
            if (line[0] == '%') {
                if (!take_escape_line(&block, line, (size_t)len)) {
                    snprintf(err, err_size, "%s: out of memory", path);
                    ok = false;
                }
                continue;
            }
            if (!g.record.line) {
                g.record.start = offset - (long)len;
                g.record.line = number;
            }
            ok = take_tag(&g, line, why, sizeof why);
            if (!ok)
                snprintf(err, err_size, "%s line %ld: %s", path, number, why);
            continue;
        }
        bool blank = strspn(line, " \t\r\n") == (size_t)len;
        if (blank && !g.in_moves && after_complete) {
            if (!torn)
                *complete_end = offset; /* the blank lines after a whole game */
            continue;
        }
        after_complete = false;
        if (!blank || g.in_moves) {
            if (!blank)
                g.in_moves = true;
            scan_moves(&g, line);
        }
        if (!game_complete(&g) || g.comment_depth > 0)
            continue;
        *complete_end = offset;
        after_complete = true;
        g.record.end = offset;
        g.record.config = block.text ? block.text : "";
        ok = visit(&g.record, ctx, why, sizeof why);
        if (!ok)
            snprintf(err, err_size, "%s: game %lld: %s", path, (long long)g.record.round, why);
        start_game(&g);
    }
    if (ok && ferror(file)) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        ok = false;
    }
    free(line);
    free(block.text);
    return ok;
}

bool pgn_file_open(PgnFile *pgn, const char *path, char *err, size_t err_size)
{
    bool missing;
    *pgn = (PgnFile){path, locked_file_read("-pgnout", path, &missing, err, err_size), NULL};
    /* A new file is created under the exclusive lock at once, before any
     * other run can start writing it. */
    if (!pgn->reader && missing)
        pgn->writer = locked_file_append("-pgnout", path, err, err_size);
    return pgn->reader || pgn->writer;
}

FILE *pgn_file_writer(PgnFile *pgn, char *err, size_t err_size)
{
    if (!pgn->writer)
        pgn->writer = locked_file_append("-pgnout", pgn->path, err, err_size);
    return pgn->writer;
}

void pgn_file_close(PgnFile *pgn)
{
    if (pgn->writer)
        fclose(pgn->writer);
    if (pgn->reader)
        fclose(pgn->reader);
    pgn->writer = pgn->reader = NULL;
}

/* What recovery must change: bytes after the last complete game to cut
 * off, a missing blank line to add ("\n\n" ends a game; a kill can leave
 * a game's result without its newline, or without the blank line after
 * it).  Read from the open file, so that a file that needs nothing is
 * never opened for writing (a finished run's PGN may be read-only). */
typedef struct {
    bool cut;
    const char *add; /* what the kept part needs at its end */
} Repair;

static Repair repair_needed(FILE *file, long complete_end)
{
    Repair repair = {true, complete_end > 0 ? "\n\n" : ""};
    char tail[2];
    if (fseek(file, 0, SEEK_END) == 0)
        repair.cut = ftell(file) != complete_end;
    if (complete_end >= 2 && fseek(file, complete_end - 2, SEEK_SET) == 0 && fread(tail, 1, 2, file) == 2)
        repair.add = tail[1] != '\n' ? "\n\n" : tail[0] != '\n' ? "\n" : "";
    return repair;
}

bool pgn_recover(PgnFile *pgn, PgnVisit visit, void *ctx, long *kept_end, char *err, size_t err_size)
{
    *kept_end = 0;
    if (!pgn->reader)
        return true; /* a new file: nothing played yet */
    long complete_end;
    rewind(pgn->reader);
    if (!pgn_read(pgn->reader, pgn->path, visit, ctx, &complete_end, err, err_size))
        return false;
    Repair repair = repair_needed(pgn->reader, complete_end);
    if (!repair.cut && !repair.add[0]) {
        *kept_end = complete_end;
        return true;
    }
    FILE *writer = pgn_file_writer(pgn, err, err_size);
    if (!writer)
        return false;
    if (repair.cut && !locked_file_cut(writer, complete_end)) {
        snprintf(err, err_size, "%s: cannot cut off the unfinished game: %s", pgn->path, strerror(errno));
        return false;
    }
    fputs(repair.add, writer);
    *kept_end = complete_end + (long)strlen(repair.add);
    return make_durable(writer, err, err_size);
}
