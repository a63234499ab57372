/*
 * certificate_check.c - the checker of proof certificates (see
 * certificate_check.h and src/prove/certificate_format.h for the format).
 *
 * It trusts nothing the prover computed: the file is read into lines,
 * then replayed from the root with the game's own rules (moves generated
 * and written by the game code, results from its outcome), each node
 * holding the position it was first reached with, as text, so that a
 * second way into it must reach the very same position.
 */
#include "proof/certificate_check.h"

#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "games/registry.h"
#include "prove/certificate_format.h"
#include "util/parse_number.h"

#define NO_TARGET UINT32_MAX /* `end` */
#define MAX_POSITIONS 400000000ull
#define MAX_DEPTH 100000

typedef struct {
    char *text;      /* the move as written */
    uint32_t target; /* NO_TARGET for `end` */
} Edge;

enum { UNSEEN, ON_PATH, DONE };

typedef struct {
    char kind; /* 0: no line yet, 'W' or 'L' */
    uint8_t state;
    bool first; /* the first player is to move (set when reached) */
    uint64_t edge_start;
    uint32_t edge_count;
    char *fen; /* the position it was reached with */
} Node;

typedef struct LegalMoves LegalMoves;

typedef struct {
    const Game *game;
    CheckedCertificate *cert;
    Node *nodes;
    Edge *edges;
    uint64_t edge_count;
    /* The legal moves of the position replayed at each depth, one list
     * per depth made when first reached and kept to the end.  Made and
     * freed per position, a list (140 KB) cost the heap a brk call or
     * two each time: a third of the checker's time was the kernel's. */
    LegalMoves **legal_at;
    int legal_depths, legal_capacity;
    char *err;
    size_t err_size;
} Checker;

static bool fault(Checker *c, const char *fmt, const char *a, const char *b)
{
    snprintf(c->err, c->err_size, fmt, a, b);
    return false;
}

/* ---- reading ---- */

/* The next line without its newline; NULL at the end of the file. */
static char *next_line(FILE *in, char **buffer, size_t *size, uint64_t *number)
{
    ssize_t n = getline(buffer, size, in);
    if (n < 0)
        return NULL;
    (*number)++;
    if (n > 0 && (*buffer)[n - 1] == '\n')
        (*buffer)[n - 1] = '\0';
    return *buffer;
}

/* A header line "name value": value copied out. */
static bool header_value(Checker *c, FILE *in, char **buffer, size_t *size, uint64_t *number, const char *name,
                         char *value, size_t value_size)
{
    char *line = next_line(in, buffer, size, number);
    size_t len = strlen(name);
    if (!line || strncmp(line, name, len) != 0 || line[len] != ' ' || strlen(line + len + 1) >= value_size) {
        char where[32];
        snprintf(where, sizeof where, "%llu", (unsigned long long)*number);
        return fault(c, "line %s: expected the header line '%s ...'", where, name);
    }
    strcpy(value, line + len + 1);
    return true;
}

static bool header_count(Checker *c, FILE *in, char **buffer, size_t *size, uint64_t *number, const char *name,
                         uint64_t *count)
{
    char value[32];
    if (!header_value(c, in, buffer, size, number, name, value, sizeof value))
        return false;
    if (parse_uint64(value, MAX_POSITIONS, count) != NUMBER_OK)
        return fault(c, "header: '%s %s' is not a count", name, value);
    return true;
}

static bool read_header(Checker *c, FILE *in, char **buffer, size_t *size, uint64_t *number)
{
    char *line = next_line(in, buffer, size, number);
    if (!line || strcmp(line, CERTIFICATE_MAGIC) != 0)
        return fault(c, "not a certificate: the first line is not '%s'%s", CERTIFICATE_MAGIC, "");
    CheckedCertificate *cert = c->cert;
    char winner[16];
    if (!header_value(c, in, buffer, size, number, "game", cert->game, sizeof cert->game) ||
        !header_value(c, in, buffer, size, number, "root", cert->root, sizeof cert->root) ||
        !header_value(c, in, buffer, size, number, "winner", winner, sizeof winner) ||
        !header_count(c, in, buffer, size, number, "positions", &cert->positions) ||
        !header_count(c, in, buffer, size, number, "moves", &cert->moves))
        return false;
    c->game = game_by_id(cert->game);
    if (!c->game)
        return fault(c, "header: unknown game '%s'%s", cert->game, "");
    if (strcmp(winner, "first") != 0 && strcmp(winner, "second") != 0)
        return fault(c, "header: winner '%s' is neither first nor second%s", winner, "");
    cert->first_wins = strcmp(winner, "first") == 0;
    if (cert->positions == 0)
        return fault(c, "header: no positions%s%s", "", "");
    return true;
}

/* "MOVE>TARGET" into edge; TARGET a number below positions or `end`. */
static bool parse_edge(Checker *c, char *word, Edge *edge, const char *where)
{
    char *mark = strrchr(word, '>');
    if (!mark || mark == word)
        return fault(c, "%s: '%s' is not MOVE>TARGET", where, word);
    *mark = '\0';
    const char *target = mark + 1;
    uint64_t id;
    if (strcmp(target, CERTIFICATE_END) == 0)
        edge->target = NO_TARGET;
    else if (parse_uint64(target, MAX_POSITIONS, &id) == NUMBER_OK)
        edge->target = (uint32_t)id;
    else
        return fault(c, "%s: target '%s' is neither a position number nor end", where, target);
    edge->text = strdup(word);
    return edge->text != NULL || fault(c, "out of memory%s%s", "", "");
}

static bool read_node_line(Checker *c, char *line, uint64_t number)
{
    char where[48];
    snprintf(where, sizeof where, "line %llu", (unsigned long long)number);
    char *save = NULL;
    char *id_word = strtok_r(line, " ", &save), *kind = strtok_r(NULL, " ", &save);
    uint64_t id;
    if (!id_word || parse_uint64(id_word, c->cert->positions - 1, &id) != NUMBER_OK)
        return fault(c, "%s: '%s' is not a position number of the header's count", where, id_word ? id_word : "");
    Node *node = &c->nodes[id];
    if (node->kind)
        return fault(c, "%s: position %s has a second line", where, id_word);
    if (!kind || (strcmp(kind, "W") != 0 && strcmp(kind, "L") != 0))
        return fault(c, "%s: expected W or L after the number, not '%s'", where, kind ? kind : "");
    node->kind = kind[0];
    node->edge_start = c->edge_count;
    for (char *word = strtok_r(NULL, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        if (c->edge_count >= c->cert->moves)
            return fault(c, "%s: more moves than the header's count%s", where, "");
        if (!parse_edge(c, word, &c->edges[c->edge_count], where))
            return false;
        c->edge_count++;
        node->edge_count++;
    }
    if (node->edge_count == 0)
        return fault(c, "%s: position %s lists no move", where, id_word);
    return true;
}

static bool read_body(Checker *c, FILE *in, char **buffer, size_t *size, uint64_t *number)
{
    uint64_t lines = 0;
    for (;;) {
        char *line = next_line(in, buffer, size, number);
        if (!line)
            return fault(c, "the file is truncated: no closing '%s' line%s", CERTIFICATE_END, "");
        if (strcmp(line, CERTIFICATE_END) == 0)
            break;
        if (!read_node_line(c, line, *number))
            return false;
        lines++;
    }
    if (next_line(in, buffer, size, number))
        return fault(c, "text after the closing '%s' line%s", CERTIFICATE_END, "");
    char counts[96];
    snprintf(counts, sizeof counts, "%llu lines and %llu moves", (unsigned long long)lines,
             (unsigned long long)c->edge_count);
    if (lines != c->cert->positions || c->edge_count != c->cert->moves)
        return fault(c, "the header's counts do not match the file's %s%s", counts, "");
    return true;
}

/* ---- replaying ---- */

static bool node_fault(Checker *c, uint32_t id, const char *what, const char *move)
{
    char text[1600];
    snprintf(text, sizeof text, "position %u (%s): %s%s%s", id, c->nodes[id].fen ? c->nodes[id].fen : "?", what,
             move ? " " : "", move ? move : "");
    return fault(c, "%s%s", text, "");
}

/* A position's legal moves, however many: the lists grow to the longest
 * met at their depth and are kept. */
struct LegalMoves {
    Move *move;
    char (*text)[MOVE_TEXT_MAX];
    bool *used;
    int count, move_capacity, capacity;
};

/* The list of depth (made when first needed); NULL when out of memory. */
static LegalMoves *legal_list_at(Checker *c, int depth)
{
    if (depth >= c->legal_capacity) {
        int capacity = c->legal_capacity ? 2 * c->legal_capacity : 64;
        while (capacity <= depth)
            capacity *= 2;
        LegalMoves **grown = realloc(c->legal_at, (size_t)capacity * sizeof *grown);
        if (!grown)
            return NULL;
        c->legal_at = grown;
        c->legal_capacity = capacity;
    }
    while (c->legal_depths <= depth) {
        c->legal_at[c->legal_depths] = calloc(1, sizeof(LegalMoves));
        if (!c->legal_at[c->legal_depths])
            return NULL;
        c->legal_depths++;
    }
    return c->legal_at[depth];
}

static bool list_legal(Checker *c, const Position *pos, LegalMoves *legal)
{
    legal->count = collect_all_moves(c->game, pos, &legal->move, &legal->move_capacity);
    if (legal->count < 0)
        return fault(c, "out of memory for the legal moves%s%s", "", "");
    if (legal->count > legal->capacity) {
        char(*text)[MOVE_TEXT_MAX] = realloc(legal->text, (size_t)legal->count * sizeof *text);
        if (text)
            legal->text = text;
        bool *used = realloc(legal->used, (size_t)legal->count * sizeof *used);
        if (used)
            legal->used = used;
        if (!text || !used)
            return fault(c, "out of memory for the legal moves%s%s", "", "");
        legal->capacity = legal->count;
    }
    for (int i = 0; i < legal->count; i++) {
        c->game->format_move(pos, legal->move[i], legal->text[i], MOVE_TEXT_MAX);
        legal->used[i] = false;
    }
    return true;
}

static void free_legal(LegalMoves *legal)
{
    if (!legal)
        return;
    free(legal->move);
    free(legal->text);
    free(legal->used);
    free(legal);
}

/* The legal move written as text, -1 when none. */
static int legal_index(const LegalMoves *legal, const char *text)
{
    for (int i = 0; i < legal->count; i++)
        if (strcmp(legal->text[i], text) == 0)
            return i;
    return -1;
}

/* Does the player to move at the finished pos win? */
static bool mover_won(const Game *g, const Position *pos)
{
    return g->outcome(pos) == (g->side_to_move(pos) == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS);
}

static bool replay(Checker *c, uint32_t id, const Position *pos, bool first, int depth);

/* Reaches node target with pos (the first player to move or not). */
static bool enter(Checker *c, uint32_t from, const char *move, uint32_t target, const Position *pos, bool first,
                  int depth)
{
    char fen[1024], what[64];
    c->game->format_position(pos, fen, sizeof fen);
    snprintf(what, sizeof what, "move %s leads to position %u, ", move, target);
    if (target >= c->cert->positions || !c->nodes[target].kind)
        return node_fault(c, from, strcat(what, "which the certificate lacks:"), move);
    Node *node = &c->nodes[target];
    if (node->state == ON_PATH)
        return node_fault(c, from, strcat(what, "making a cycle:"), move);
    if (node->state == DONE) {
        if (strcmp(node->fen, fen) != 0 || node->first != first)
            return node_fault(c, from, strcat(what, "which is another position:"), move);
        return true;
    }
    node->fen = strdup(fen);
    node->first = first;
    if (!node->fen)
        return fault(c, "out of memory%s%s", "", "");
    return replay(c, target, pos, first, depth + 1);
}

static bool follow(Checker *c, uint32_t id, const Position *pos, bool first, const Edge *edge, const LegalMoves *legal,
                   int index, int depth)
{
    Position child = *pos;
    c->game->play(&child, legal->move[index]);
    bool over = c->game->outcome(&child) != OUTCOME_ONGOING;
    if (edge->target == NO_TARGET) {
        if (!over)
            return node_fault(c, id, "the game does not end after", edge->text);
        bool winner_to_move = !first == c->cert->first_wins;
        if (c->game->outcome(&child) == OUTCOME_DRAW || mover_won(c->game, &child) != winner_to_move)
            return node_fault(c, id, "the game ends, not won by the winner, after", edge->text);
        return true;
    }
    if (over)
        return node_fault(c, id, "the game ends (not `end`) after", edge->text);
    return enter(c, id, edge->text, edge->target, &child, !first, depth);
}

static bool replay(Checker *c, uint32_t id, const Position *pos, bool first, int depth)
{
    Node *node = &c->nodes[id];
    node->state = ON_PATH;
    if (depth > MAX_DEPTH)
        return node_fault(c, id, "lies deeper than the checker follows", NULL);
    bool winner_moves = first == c->cert->first_wins;
    if (winner_moves != (node->kind == 'W'))
        return node_fault(c, id, winner_moves ? "the winner is to move, the line says L" : "the loser is to move, the line says W", NULL);
    if (winner_moves && node->edge_count != 1)
        return node_fault(c, id, "a winner's line holds one move", NULL);
    LegalMoves *legal = legal_list_at(c, depth);
    if (!legal)
        return fault(c, "out of memory%s%s", "", "");
    bool ok = list_legal(c, pos, legal);
    for (uint32_t k = 0; ok && k < node->edge_count; k++) {
        const Edge *edge = &c->edges[node->edge_start + k];
        int index = legal_index(legal, edge->text);
        if (index < 0)
            ok = node_fault(c, id, "illegal move", edge->text);
        else if (legal->used[index])
            ok = node_fault(c, id, "a reply listed twice:", edge->text);
        else
            legal->used[index] = true;
        ok = ok && follow(c, id, pos, first, edge, legal, index, depth);
    }
    for (int i = 0; ok && !winner_moves && i < legal->count; i++)
        if (!legal->used[i])
            ok = node_fault(c, id, "a reply of the loser is missing:", legal->text[i]);
    node->state = DONE;
    return ok;
}

static bool replay_root(Checker *c)
{
    Position root;
    char err[ERROR_TEXT_MAX];
    if (!c->game->parse_position(c->cert->root, &root, err, sizeof err))
        return fault(c, "header: root position rejected: %s%s", err, "");
    if (!c->nodes[0].kind)
        return fault(c, "position 0 (the root) has no line%s%s", "", "");
    char fen[1024];
    c->game->format_position(&root, fen, sizeof fen);
    c->nodes[0].fen = strdup(fen);
    c->nodes[0].first = true;
    if (!replay(c, 0, &root, true, 0))
        return false;
    for (uint64_t i = 0; i < c->cert->positions; i++)
        if (c->nodes[i].state != DONE) {
            char id[32];
            snprintf(id, sizeof id, "%llu", (unsigned long long)i);
            return fault(c, "position %s is not reachable from the root%s", id, "");
        }
    return true;
}

bool check_certificate(FILE *in, CheckedCertificate *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    Checker c = {.cert = out, .err = err, .err_size = err_size};
    char *buffer = NULL;
    size_t size = 0;
    uint64_t number = 0;
    bool ok = read_header(&c, in, &buffer, &size, &number);
    if (ok) {
        c.nodes = calloc(out->positions, sizeof *c.nodes);
        c.edges = calloc(out->moves ? out->moves : 1, sizeof *c.edges);
        ok = (c.nodes && c.edges) || fault(&c, "out of memory for %s%s", "the header's counts", "");
    }
    ok = ok && read_body(&c, in, &buffer, &size, &number) && replay_root(&c);
    free(buffer);
    for (uint64_t i = 0; c.nodes && i < out->positions; i++)
        free(c.nodes[i].fen);
    for (uint64_t i = 0; c.edges && i < c.edge_count; i++)
        free(c.edges[i].text);
    for (int depth = 0; depth < c.legal_depths; depth++)
        free_legal(c.legal_at[depth]);
    free(c.legal_at);
    free(c.nodes);
    free(c.edges);
    return ok;
}
