/* test_proven_book.c - the engine's proven table (search/book/): every
 * entry is a position the engine finds again, its move legal there, a
 * one-ply win ends the game won by the mover; other games and the loser's
 * positions are not in it.  (That each move is the certificate's:
 * tests/proof/book.sh writes the table again from the certificates.) */
#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "harness.h"
#include "search/book/proven_book.h"

static const Game *rp(void) { return game_by_id(PROVEN_BOOK_GAME); }

static void start_of(const Game *g, Position *pos)
{
    char err[ERROR_TEXT_MAX];
    CHECK(g->parse_position(g->start_fen, pos, err, sizeof err));
}

/* The board of a position string: files are the length of its first
 * rank, ranks one more than its slashes before the first space. */
static void board_of(const char *position, char *out, size_t size)
{
    size_t files = strcspn(position, "/ "), ranks = 1;
    for (const char *c = position; *c && *c != ' '; c++)
        ranks += *c == '/';
    snprintf(out, size, "%zux%zu", files, ranks);
}

static void test_table_holds_the_proven_boards(void)
{
    CHECK(proven_book_count() > 1000);
    size_t boards = 0;
    for (size_t i = 0; i < proven_book_count(); i++)
        boards += i == 0 || strcmp(proven_book_entry(i)->board, proven_book_entry(i - 1)->board) != 0;
    CHECK(boards >= 30);
    CHECK(proven_book_entry(proven_book_count()) == NULL);
}

static void test_every_entry_is_found_and_its_move_legal(void)
{
    const Game *g = rp();
    for (size_t i = 0; i < proven_book_count(); i++) {
        const ProvenBookEntry *e = proven_book_entry(i);
        Position pos;
        Move move;
        char err[ERROR_TEXT_MAX], board[16];
        CHECK(g->parse_position(e->position, &pos, err, sizeof err));
        board_of(e->position, board, sizeof board);
        CHECK_STR(board, e->board);
        CHECK(proven_book_find(g, &pos) == e);
        CHECK(g->outcome(&pos) == OUTCOME_ONGOING);
        CHECK(g->parse_move(&pos, e->move, &move, err, sizeof err));
        CHECK(e->plies >= 1);
        if (e->plies == 1) { /* the move itself wins */
            Outcome mine = g->side_to_move(&pos) == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
            g->play(&pos, move);
            CHECK(g->outcome(&pos) == mine);
        }
    }
}

/* The start is the loser's (the second player wins every board), and the
 * first answer to a1 on 8x8 is in the table. */
static void test_the_loser_finds_nothing(void)
{
    const Game *g = rp();
    Position pos;
    Move first;
    char err[ERROR_TEXT_MAX];
    start_of(g, &pos);
    CHECK(proven_book_find(g, &pos) == NULL);
    CHECK(g->parse_move(&pos, "a1", &first, err, sizeof err));
    g->play(&pos, first);
    const ProvenBookEntry *e = proven_book_find(g, &pos);
    CHECK(e != NULL);
    CHECK_STR(e ? e->board : "", "8x8");
}

static void test_other_games_find_nothing(void)
{
    const Game *g = game_by_id("columna");
    Position pos;
    start_of(g, &pos);
    CHECK(proven_book_find(g, &pos) == NULL);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_table_holds_the_proven_boards);
    RUN(test_every_entry_is_found_and_its_move_legal);
    RUN(test_the_loser_finds_nothing);
    RUN(test_other_games_find_nothing);
    return harness_end();
}
