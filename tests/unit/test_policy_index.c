/*
 * test_policy_index.c - the policy move indexing of every game
 * (Game.policy_size, Game.policy_index; game.h's contract, each game's
 * layout in <game>/policy.c).
 *
 * On positions reached by random legal play from the start (every Room
 * and Pillar board size, Territoire's dealt layouts too), every legal
 * action (a step of the turn in progress for Columna and Territoire, a
 * whole turn for Room and Pillar and Qawale) gets an entry in
 * [0, policy_size), and no two of one position share one; Qawale's
 * entries are classes of turns, equal exactly when the turns share their
 * start, first drop and last drop.  The colour view: a position mirrored
 * onto the other colour gives its mirrored actions the same entries.  A
 * few entries are pinned to the documented layouts.
 */
#include "harness.h"

#include "games/columna/columna.h"
#include "games/gameutil.h"
#include "games/qawale/qawale.h"
#include "games/registry.h"
#include "games/roomandpillar/roomandpillar.h"
#include "games/territoire/territoire.h"
#include "util/rng.h"

#define SANE_POLICY_SIZE 8192
#define MAX_ACTIONS 4096
/* Failure lines printed per check; the rest are counted. */
#define SHOWN_FAILURES 5

/* ---- helpers ---- */

static bool load(const Game *g, const char *fen, Position *pos)
{
    char err[ERROR_TEXT_MAX] = "";
    if (g->parse_position(fen, pos, err, sizeof err))
        return true;
    char m[POSITION_TEXT_MAX + ERROR_TEXT_MAX + 32];
    snprintf(m, sizeof m, "rejected \"%s\": %s", fen, err);
    harness_fail(__FILE__, __LINE__, m);
    return false;
}

static const char *fen_text(const Game *g, const Position *pos)
{
    static char buf[POSITION_TEXT_MAX];
    g->format_position(pos, buf, sizeof buf);
    return buf;
}

/* The legal actions policy_index covers: steps where the game has the
 * step hooks, else whole turns (at most capacity; *overflow when more). */
static int list_actions(const Game *g, const Position *pos, Move *out, int capacity, bool *overflow)
{
    *overflow = false;
    if (has_step_hooks(g))
        return g->generate_steps(pos, out, capacity);
    return collect_moves(g, pos, out, capacity, overflow);
}

/* The entry of the legal action whose text is text; -1 when none is. */
static int entry_of_text(const Game *g, const Position *pos, const char *text)
{
    Move actions[MAX_ACTIONS];
    bool overflow;
    int n = list_actions(g, pos, actions, MAX_ACTIONS, &overflow);
    for (int i = 0; i < n; i++) {
        char buf[MOVE_TEXT_MAX];
        g->format_move(pos, actions[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return g->policy_index(pos, actions[i]);
    }
    return -1;
}

/* What the random positions of one game covered, and the Rng that
 * plays the random games. */
typedef struct {
    int positions, actions, failures;
    bool hit[SANE_POLICY_SIZE];
    Rng rng;
} Survey;

/* A survey that has covered nothing yet, its games drawn from seed. */
static void survey_begin(Survey *s, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    rng_seed(&s->rng, seed);
}

/* What every survey ends with: no failure, over enough positions to
 * mean something. */
static void check_survey_clean(const Survey *s)
{
    CHECK_EQ_INT(s->failures, 0);
    CHECK(s->positions >= 300);
}

static void survey_fail(Survey *s, const char *file, int line, const char *what)
{
    if (s->failures++ < SHOWN_FAILURES)
        harness_fail(file, line, what);
}

static int entries_hit(const Survey *s)
{
    int n = 0;
    for (int i = 0; i < SANE_POLICY_SIZE; i++)
        n += s->hit[i];
    return n;
}

/* Every legal action of pos gets an entry in range, no two the same. */
static void check_distinct_entries(const Game *g, const Position *pos, Survey *s)
{
    Move actions[MAX_ACTIONS];
    bool overflow;
    const int n = list_actions(g, pos, actions, MAX_ACTIONS, &overflow);
    if (overflow)
        survey_fail(s, __FILE__, __LINE__, "more legal actions than the test lists");
    int owner[SANE_POLICY_SIZE];
    for (int i = 0; i < g->policy_size && i < SANE_POLICY_SIZE; i++)
        owner[i] = -1;
    s->positions++;
    for (int i = 0; i < n; i++) {
        const int entry = g->policy_index(pos, actions[i]);
        s->actions++;
        char a[MOVE_TEXT_MAX], b[MOVE_TEXT_MAX], m[POSITION_TEXT_MAX + 3 * MOVE_TEXT_MAX];
        g->format_move(pos, actions[i], a, sizeof a);
        if (entry < 0 || entry >= g->policy_size) {
            snprintf(m, sizeof m, "%s: %s gets %d, outside [0, %d)", fen_text(g, pos), a, entry, g->policy_size);
            survey_fail(s, __FILE__, __LINE__, m);
            continue;
        }
        s->hit[entry] = true;
        if (owner[entry] >= 0) {
            g->format_move(pos, actions[owner[entry]], b, sizeof b);
            snprintf(m, sizeof m, "%s: %s and %s share entry %d", fen_text(g, pos), b, a, entry);
            survey_fail(s, __FILE__, __LINE__, m);
        }
        owner[entry] = i;
    }
}

/* A random game played a step at a time from start, calling visit on
 * every position met (turn starts and positions inside a turn). */
static void walk_steps(const Game *g, const Position *start,
                       void (*visit)(const Game *, const Position *, Survey *), Survey *s)
{
    Position pos = *start;
    for (int ply = 0; ply < 1000 && g->outcome(&pos) == OUTCOME_ONGOING; ply++) {
        visit(g, &pos, s);
        Move steps[MAX_STEPS_PER_NODE];
        const int n = g->generate_steps(&pos, steps, MAX_STEPS_PER_NODE);
        if (n == 0)
            break;
        g->play_step(&pos, steps[rng_below(&s->rng, (uint64_t)n)]);
    }
}

/* A whole turn gets its first step's entry (game.h): the first step is
 * the turn's text up to the first comma. */
typedef struct {
    MoveSink sink;
    const Game *g;
    const Position *pos;
    char step_text[MAX_STEPS_PER_NODE][MOVE_TEXT_MAX];
    int step_entry[MAX_STEPS_PER_NODE];
    int steps;
    long turns;
    Survey *s;
} TurnSink;

static bool turn_emit(MoveSink *sink, Move move)
{
    TurnSink *t = (TurnSink *)sink;
    char text[MOVE_TEXT_MAX], m[POSITION_TEXT_MAX + 2 * MOVE_TEXT_MAX];
    t->g->format_move(t->pos, move, text, sizeof text);
    char *comma = strchr(text, ',');
    if (comma)
        *comma = '\0';
    int expected = -1;
    for (int i = 0; i < t->steps; i++)
        if (strcmp(t->step_text[i], text) == 0)
            expected = t->step_entry[i];
    const int entry = t->g->policy_index(t->pos, move);
    if (entry != expected) {
        snprintf(m, sizeof m, "%s: turn %s... gets %d, its first step %d", fen_text(t->g, t->pos), text, entry,
                 expected);
        survey_fail(t->s, __FILE__, __LINE__, m);
    }
    return ++t->turns < 20000;
}

static void check_turns_take_first_step(const Game *g, const Position *pos, Survey *s)
{
    static TurnSink t;
    memset(&t, 0, sizeof t);
    t.sink.emit = turn_emit;
    t.g = g;
    t.pos = pos;
    t.s = s;
    Move steps[MAX_STEPS_PER_NODE];
    t.steps = g->generate_steps(pos, steps, MAX_STEPS_PER_NODE);
    for (int i = 0; i < t.steps; i++) {
        g->format_move(pos, steps[i], t.step_text[i], MOVE_TEXT_MAX);
        t.step_entry[i] = g->policy_index(pos, steps[i]);
    }
    g->generate_moves(pos, &t.sink);
}

/* Every legal action of pos has an entry of mirrored, the same position
 * seen by the other colour, under the same entry: mirror_text turns an
 * action's text into its mirror's. */
static void check_mirror(const Game *g, const Position *pos, const Position *mirrored,
                         void (*mirror_text)(char *text), Survey *s)
{
    Move actions[MAX_ACTIONS], others[MAX_ACTIONS];
    bool overflow;
    const int n = list_actions(g, pos, actions, MAX_ACTIONS, &overflow);
    const int k = list_actions(g, mirrored, others, MAX_ACTIONS, &overflow);
    char m[2 * POSITION_TEXT_MAX + 2 * MOVE_TEXT_MAX];
    if (n != k) {
        snprintf(m, sizeof m, "%s has %d actions, its mirror %d", fen_text(g, pos), n, k);
        survey_fail(s, __FILE__, __LINE__, m);
        return;
    }
    for (int i = 0; i < n; i++) {
        char text[MOVE_TEXT_MAX];
        g->format_move(pos, actions[i], text, sizeof text);
        const int entry = g->policy_index(pos, actions[i]);
        mirror_text(text);
        int other = -2;
        for (int j = 0; j < k; j++) {
            char buf[MOVE_TEXT_MAX];
            g->format_move(mirrored, others[j], buf, sizeof buf);
            if (strcmp(buf, text) == 0)
                other = g->policy_index(mirrored, others[j]);
        }
        if (other != entry) {
            snprintf(m, sizeof m, "%s: entry %d, its mirror %s in %s: %d (-2: not legal there)",
                     fen_text(g, pos), entry, text, fen_text(g, mirrored), other);
            survey_fail(s, __FILE__, __LINE__, m);
        }
    }
}

static void swap_letters(char *text, char a, char b)
{
    for (char *c = text; *c; c++)
        *c = *c == a ? b : *c == b ? a : *c;
}

static void keep_text(char *text) { (void)text; }

/* ---- every game ---- */

static void test_every_game_has_a_sane_policy_size(void)
{
    for (int i = 0; all_games[i]; i++) {
        const Game *g = all_games[i];
        CHECK(g->policy_index != NULL);
        CHECK(g->policy_size > 0);
        CHECK(g->policy_size <= SANE_POLICY_SIZE);
    }
    CHECK_EQ_INT(columna_game.policy_size, 288);
    CHECK_EQ_INT(roomandpillar_game.policy_size, 129);
    CHECK_EQ_INT(qawale_game.policy_size, 1024);
    CHECK_EQ_INT(territoire_game.policy_size, 42);
}

/* ---- Columna: steps by square and direction, ranks flipped for black ---- */

#define COLUMNA_START "111111/11b1w1w1b1/111111/111111/11w1b1b1w1/111111 w p"

/* The ranks read from the top turned upside down, pawns and side swapped. */
static bool columna_mirror(const Position *pos, Position *out)
{
    char fen[POSITION_TEXT_MAX], ranks[6][32];
    snprintf(fen, sizeof fen, "%s", fen_text(&columna_game, pos));
    char *board = strtok(fen, " "), *side = strtok(NULL, " "), *phase = strtok(NULL, " ");
    int n = 0;
    for (char *rank = strtok(board, "/"); rank && n < 6; rank = strtok(NULL, "/")) {
        snprintf(ranks[n], sizeof ranks[0], "%s", rank);
        swap_letters(ranks[n++], 'w', 'b');
    }
    if (n != 6 || !side || !phase)
        return false;
    swap_letters(side, 'w', 'b');
    char mirrored[POSITION_TEXT_MAX];
    snprintf(mirrored, sizeof mirrored, "%s/%s/%s/%s/%s/%s %s %s", ranks[5], ranks[4], ranks[3], ranks[2], ranks[1],
             ranks[0], side, phase);
    return load(&columna_game, mirrored, out);
}

/* "b2b3" seen from the other side: rank r is 7 - r. */
static void columna_mirror_text(char *text)
{
    for (char *c = text; *c; c++)
        if (*c >= '1' && *c <= '6')
            *c = (char)('0' + 7 - (*c - '0'));
}

static void columna_visit(const Game *g, const Position *pos, Survey *s)
{
    check_distinct_entries(g, pos, s);
    if (columna_cstate(pos)->phase == COLUMNA_PHASE_PAWN)
        check_turns_take_first_step(g, pos, s);
    Position mirrored;
    if (columna_mirror(pos, &mirrored))
        check_mirror(g, pos, &mirrored, columna_mirror_text, s);
}

static void test_columna_steps_get_distinct_mirrored_entries(void)
{
    static Survey s;
    survey_begin(&s, 1234);
    Position start;
    if (!load(&columna_game, COLUMNA_START, &start))
        return;
    for (int game = 0; game < 12; game++)
        walk_steps(&columna_game, &start, columna_visit, &s);
    check_survey_clean(&s);
    /* A constant or a field ignored would collide above; the steps met
     * also spread over most of the layout. */
    CHECK(entries_hit(&s) >= 200);
    printf("[%d positions, %d steps, %d of 288 entries] ", s.positions, s.actions, entries_hit(&s));
}

static void test_columna_entries_follow_the_layout(void)
{
    Position pos;
    if (!load(&columna_game, COLUMNA_START, &pos))
        return;
    CHECK_EQ_INT(entry_of_text(&columna_game, &pos, "b2b3"), 7 * 4 + 0);  /* b2 north */
    CHECK_EQ_INT(entry_of_text(&columna_game, &pos, "b2a2"), 7 * 4 + 3);  /* b2 west */
    CHECK_EQ_INT(entry_of_text(&columna_game, &pos, "c5c6"), 26 * 4 + 0); /* c5 north */
    Move step;
    char err[ERROR_TEXT_MAX];
    if (!columna_game.parse_move(&pos, "b2b3,a1b1", &step, err, sizeof err)) {
        harness_fail(__FILE__, __LINE__, err);
        return;
    }
    CHECK_EQ_INT(columna_game.policy_index(&pos, step), 28); /* a whole turn: its pawn move's */
    Position after_pawn = pos;
    Move steps[MAX_STEPS_PER_NODE];
    const int n = columna_game.generate_steps(&pos, steps, MAX_STEPS_PER_NODE);
    for (int i = 0; i < n; i++) {
        char text[MOVE_TEXT_MAX];
        columna_game.format_move(&pos, steps[i], text, sizeof text);
        if (strcmp(text, "b2b3") == 0)
            columna_game.play_step(&after_pawn, steps[i]);
    }
    CHECK_EQ_INT(columna_cstate(&after_pawn)->phase, COLUMNA_PHASE_STACKING);
    CHECK_EQ_INT(entry_of_text(&columna_game, &after_pawn, "a1b1"), 144 + 0 * 4 + 1);  /* a1 east */
    CHECK_EQ_INT(entry_of_text(&columna_game, &after_pawn, "f6f5"), 144 + 35 * 4 + 2); /* f6 south */
    /* Black's b5b4 and c2c1 are white's b2b3 and c5c6 upside down. */
    columna_game.play(&pos, step);
    CHECK_EQ_INT(columna_game.side_to_move(&pos), BLACK);
    CHECK_EQ_INT(entry_of_text(&columna_game, &pos, "b5b4"), 28);
    CHECK_EQ_INT(entry_of_text(&columna_game, &pos, "c2c1"), 104);
}

/* ---- Territoire: steps by square from the golden one, and discards ---- */

#define TERRITOIRE_START \
    "3.6.2.5.1.4.4.5.1.6.3.2.1.2.5.3.4.6.6.3.4.2.5.1.5.1.3.4.2.6.2.4.6.1.5.3. 19 b 666 666 0 0"

/* Pawns and side swapped, and the two sides' groups and captures. */
static bool territoire_mirror(const Position *pos, Position *out)
{
    char fen[POSITION_TEXT_MAX], *field[7];
    snprintf(fen, sizeof fen, "%s", fen_text(&territoire_game, pos));
    field[0] = strtok(fen, " ");
    for (int i = 1; i < 7; i++)
        field[i] = strtok(NULL, " ");
    if (!field[6])
        return false;
    swap_letters(field[0], 'w', 'b');
    swap_letters(field[2], 'w', 'b');
    char mirrored[POSITION_TEXT_MAX];
    snprintf(mirrored, sizeof mirrored, "%s %s %s %s %s %s %s", field[0], field[1], field[2], field[4], field[3],
             field[6], field[5]);
    return load(&territoire_game, mirrored, out);
}

static void territoire_visit(const Game *g, const Position *pos, Survey *s)
{
    check_distinct_entries(g, pos, s);
    if (territoire_state(pos)->steps_done == 0) { /* a position string starts a turn */
        check_turns_take_first_step(g, pos, s);
        Position mirrored;
        if (territoire_mirror(pos, &mirrored))
            check_mirror(g, pos, &mirrored, keep_text, s);
    }
}

static void test_territoire_steps_get_distinct_entries(void)
{
    static Survey s;
    survey_begin(&s, 5678);
    for (int game = 0; game < 24; game++) {
        Position start;
        if (game % 2 == 0) {
            if (!load(&territoire_game, TERRITOIRE_START, &start))
                return;
        } else {
            territoire_game.random_start(&start, 1000 + (uint64_t)game); /* other golden squares */
        }
        walk_steps(&territoire_game, &start, territoire_visit, &s);
    }
    check_survey_clean(&s);
    CHECK_EQ_INT(entries_hit(&s), 36); /* every placement entry, no discard (none in play) */
    printf("[%d positions, %d steps, %d of 42 entries] ", s.positions, s.actions, entries_hit(&s));
}

static void test_territoire_entries_follow_the_layout(void)
{
    Position pos;
    if (!load(&territoire_game, TERRITOIRE_START, &pos))
        return;
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "19"), 0); /* the golden square */
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "30"), 11);
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "18"), 35);
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "2"), 19);
    /* The same square on another deal counts from that deal's golden
     * square. */
    bool moved = false;
    for (uint64_t seed = 1; seed < 50 && !moved; seed++) {
        Position dealt;
        territoire_game.random_start(&dealt, seed);
        const TerritoireState *st = territoire_state(&dealt);
        for (int sq = 0; sq < TERRITOIRE_SQUARES; sq++)
            if (st->square_value[sq] == TERRITOIRE_GROUP_MAX && st->golden != 18) {
                char text[16];
                snprintf(text, sizeof text, "%d", sq + 1);
                CHECK_EQ_INT(entry_of_text(&territoire_game, &dealt, text),
                             (sq - st->golden + TERRITOIRE_SQUARES) % TERRITOIRE_SQUARES);
                moved = true;
            }
    }
    CHECK(moved);
    /* Discards: every square of values 1 and 2 taken by light, dark holds
     * groups of 2 and 1 and must throw a pawn away. */
    char ring[80];
    snprintf(ring, sizeof ring, "%.72s", TERRITOIRE_START);
    for (int sq = 0; sq < TERRITOIRE_SQUARES; sq++)
        if (ring[2 * sq] == '1' || ring[2 * sq] == '2')
            ring[2 * sq + 1] = 'w';
    char fen[POSITION_TEXT_MAX];
    snprintf(fen, sizeof fen, "%s 19 b 210 000 0 0", ring);
    if (!load(&territoire_game, fen, &pos))
        return;
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "x1"), 36);
    CHECK_EQ_INT(entry_of_text(&territoire_game, &pos, "x2"), 37);
    static Survey s;
    memset(&s, 0, sizeof s);
    check_distinct_entries(&territoire_game, &pos, &s);
    CHECK_EQ_INT(s.actions, 2);
    CHECK_EQ_INT(s.failures, 0);
}

/* ---- Room and Pillar: removals by square in the mover's frame, swap ---- */

static void rp_start_fen(int width, int height, char *out, size_t size)
{
    size_t len = 0;
    for (int rank = height - 1; rank >= 0; rank--) {
        for (int file = 0; file < width; file++)
            len += (size_t)snprintf(out + len, size - len, "%c", (file + rank) % 2 == 0 ? 'b' : 'w');
        len += (size_t)snprintf(out + len, size - len, "%s", rank ? "/" : " b -");
    }
}

/* The square the documented mirror puts square on: the files reversed
 * on an even width, else the ranks. */
static int rp_mirror_square(const RoomAndPillarBoard *b, int square)
{
    int file = square % b->width, rank = square / b->width;
    if (b->width % 2 == 0)
        file = b->width - 1 - file;
    else
        rank = b->height - 1 - rank;
    return rank * b->width + file;
}

/* The same position for the other colour: the empty squares mirrored
 * (onto the other colour's stones) and the other side to move.  Built on
 * the board itself: no string holds it when the removal counts then
 * favour white. */
static Position rp_mirror(const Position *pos)
{
    Position out = *pos;
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    RoomAndPillarBoard *m = roomandpillar_board_mut(&out);
    memset(&m->empty, 0, sizeof m->empty);
    for (int sq = 0; sq < b->width * b->height; sq++)
        if (square_in(&b->empty, sq)) {
            const int to = rp_mirror_square(b, sq);
            m->empty.word[to / 64] |= 1ULL << (to % 64);
        }
    m->side ^= 1;
    return out;
}

static void rp_check_mirror(const Position *pos, Survey *s)
{
    const Game *g = &roomandpillar_game;
    const Position mirrored = rp_mirror(pos);
    Move moves[MAX_ACTIONS], others[MAX_ACTIONS];
    const int n = collect_moves(g, pos, moves, MAX_ACTIONS, NULL);
    const int k = collect_moves(g, &mirrored, others, MAX_ACTIONS, NULL);
    char m[POSITION_TEXT_MAX + 64];
    if (n != k) {
        snprintf(m, sizeof m, "%s: %d removals, %d mirrored", fen_text(g, pos), n, k);
        survey_fail(s, __FILE__, __LINE__, m);
        return;
    }
    const RoomAndPillarBoard *b = roomandpillar_board(pos);
    for (int i = 0; i < n; i++) {
        const Move mirror = moves[i] == ROOMANDPILLAR_MOVE_SWAP ? moves[i]
                                                                 : (Move)rp_mirror_square(b, (int)moves[i]);
        bool legal = false;
        for (int j = 0; j < k; j++)
            legal |= others[j] == mirror;
        if (!legal || g->policy_index(pos, moves[i]) != g->policy_index(&mirrored, mirror)) {
            snprintf(m, sizeof m, "%s: move %d and its mirror %d differ", fen_text(g, pos), (int)moves[i],
                     (int)mirror);
            survey_fail(s, __FILE__, __LINE__, m);
        }
    }
}

static void test_roomandpillar_every_size_gets_distinct_mirrored_entries(void)
{
    static Survey s;
    survey_begin(&s, 9012);
    int sizes = 0;
    for (int width = ROOMANDPILLAR_MIN_SIDE; width <= ROOMANDPILLAR_MAX_SIDE; width++)
        for (int height = ROOMANDPILLAR_MIN_SIDE; height <= ROOMANDPILLAR_MAX_SIDE; height++) {
            if (width % 2 && height % 2)
                continue;
            char fen[POSITION_TEXT_MAX];
            rp_start_fen(width, height, fen, sizeof fen);
            Position start;
            if (!load(&roomandpillar_game, fen, &start))
                return;
            sizes++;
            /* Black's stones at the start: file, rank -> rank * 8 + file / 2
             * on every size. */
            for (int sq = 0; sq < width * height; sq++) {
                const int file = sq % width, rank = sq / width;
                if ((file + rank) % 2 == 0 && roomandpillar_game.policy_index(&start, (Move)sq) != rank * 8 + file / 2)
                    survey_fail(&s, __FILE__, __LINE__, fen);
            }
            for (int game = 0; game < 2; game++) {
                Position pos = start;
                for (int ply = 0; ply < 300 && roomandpillar_game.outcome(&pos) == OUTCOME_ONGOING; ply++) {
                    check_distinct_entries(&roomandpillar_game, &pos, &s);
                    rp_check_mirror(&pos, &s);
                    roomandpillar_game.play(&pos, random_legal_move(&roomandpillar_game, &pos, &s.rng));
                }
            }
        }
    CHECK_EQ_INT(sizes, 15 * 15 - 7 * 7); /* 2..16 each way, not both odd */
    check_survey_clean(&s);
    CHECK_EQ_INT(entries_hit(&s), 129); /* every square of 16 x 16 for the mover, and swap */
    printf("[%d sizes, %d positions, %d moves, %d of 129 entries] ", sizes, s.positions, s.actions,
           entries_hit(&s));
}

static void test_roomandpillar_entries_follow_the_layout(void)
{
    const Game *g = &roomandpillar_game;
    Position pos;
    if (!load(g, g->start_fen, &pos))
        return;
    CHECK_EQ_INT(entry_of_text(g, &pos, "a1"), 0);
    CHECK_EQ_INT(entry_of_text(g, &pos, "c1"), 1);
    CHECK_EQ_INT(entry_of_text(g, &pos, "b2"), 8);
    CHECK_EQ_INT(entry_of_text(g, &pos, "h8"), 7 * 8 + 3);
    g->play(&pos, 0); /* a1: white may swap */
    CHECK_EQ_INT(entry_of_text(g, &pos, "swap"), 128);
    CHECK_EQ_INT(entry_of_text(g, &pos, "b1"), 3);  /* g1 for black: files mirrored on width 8 */
    CHECK_EQ_INT(entry_of_text(g, &pos, "a2"), 11); /* h2 */
    /* Width 5, height 4: white's ranks are mirrored instead. */
    if (!load(g, "wbwbw/bwbwb/wbwbw/.wbwb w s", &pos))
        return;
    CHECK_EQ_INT(entry_of_text(g, &pos, "b1"), 3 * 8 + 0); /* b4 for black */
    CHECK_EQ_INT(entry_of_text(g, &pos, "a2"), 2 * 8 + 0); /* a3 */
    /* The index of a square does not depend on the board's size. */
    Position small, large;
    char fen[POSITION_TEXT_MAX];
    rp_start_fen(4, 4, fen, sizeof fen);
    if (!load(g, fen, &small))
        return;
    rp_start_fen(12, 12, fen, sizeof fen);
    if (!load(g, fen, &large))
        return;
    CHECK_EQ_INT(entry_of_text(g, &small, "c3"), entry_of_text(g, &large, "c3"));
    CHECK_EQ_INT(entry_of_text(g, &small, "d2"), entry_of_text(g, &large, "d2"));
}

/* ---- Qawale: classes of turns by start, first drop and last drop ---- */

#define QAWALE_START "nn,.,.,nn/.,.,.,./.,.,.,./nn,.,.,nn w 8 8"
/* Turns streamed per position: tall stacks are sown millions of ways. */
#define QAWALE_STREAM_CAP 50000
/* Of those, checked against their text as well. */
#define QAWALE_TEXT_CHECKS 300

enum { QAWALE_CLASSES = QAWALE_SQUARES * QAWALE_SQUARES * QAWALE_SQUARES };

typedef struct {
    MoveSink sink;
    const Position *pos;
    long turns;
    int entry_class[SANE_POLICY_SIZE];
    int class_entry[QAWALE_CLASSES];
    Survey *s;
} QawaleSink;

static int qawale_square_of(const char *name) { return (name[1] - '1') * 4 + (name[0] - 'a'); }

/* The class of a turn: start, first drop's square, last drop's square,
 * walked on the rules' neighbours. */
static int qawale_class(Move move)
{
    int square = qawale_move_start(move), first = -1;
    const int start = square;
    for (int i = 0; i < qawale_move_drops(move) && square >= 0; i++) {
        square = qawale_neighbour(square, qawale_move_direction(move, i));
        if (i == 0)
            first = square;
    }
    return (start * QAWALE_SQUARES + first) * QAWALE_SQUARES + square;
}

static bool qawale_emit(MoveSink *sink, Move move)
{
    QawaleSink *q = (QawaleSink *)sink;
    const Game *g = &qawale_game;
    const int entry = g->policy_index(q->pos, move), kind = qawale_class(move);
    char text[MOVE_TEXT_MAX], m[POSITION_TEXT_MAX + 2 * MOVE_TEXT_MAX];
    g->format_move(q->pos, move, text, sizeof text);
    q->s->actions++;
    if (q->turns < QAWALE_TEXT_CHECKS) { /* the class as the notation reads */
        const size_t len = strlen(text);
        const int read = (qawale_square_of(text) * QAWALE_SQUARES + qawale_square_of(text + 2)) * QAWALE_SQUARES +
                         qawale_square_of(text + len - 2);
        if (read != kind) {
            snprintf(m, sizeof m, "%s: %s read as class %d, walked %d", fen_text(g, q->pos), text, read, kind);
            survey_fail(q->s, __FILE__, __LINE__, m);
        }
    }
    if (entry < 0 || entry >= g->policy_size) {
        snprintf(m, sizeof m, "%s: %s gets %d", fen_text(g, q->pos), text, entry);
        survey_fail(q->s, __FILE__, __LINE__, m);
        return false;
    }
    q->s->hit[entry] = true;
    /* One class per entry (turns that share one share start and first
     * drop: the first decision, and the last drop), one entry per class. */
    if (q->entry_class[entry] < 0)
        q->entry_class[entry] = kind;
    if (q->class_entry[kind] < 0)
        q->class_entry[kind] = entry;
    if (q->entry_class[entry] != kind || q->class_entry[kind] != entry) {
        snprintf(m, sizeof m, "%s: %s (class %d) gets %d, which holds class %d; its class has %d",
                 fen_text(g, q->pos), text, kind, entry, q->entry_class[entry], q->class_entry[kind]);
        survey_fail(q->s, __FILE__, __LINE__, m);
    }
    return ++q->turns < QAWALE_STREAM_CAP;
}

/* The entries of pos's turns; returns how many distinct entries. */
static int qawale_check_position(const Position *pos, Survey *s)
{
    static QawaleSink q;
    q.sink.emit = qawale_emit;
    q.pos = pos;
    q.turns = 0;
    q.s = s;
    for (int i = 0; i < SANE_POLICY_SIZE; i++)
        q.entry_class[i] = -1;
    for (int i = 0; i < QAWALE_CLASSES; i++)
        q.class_entry[i] = -1;
    s->positions++;
    qawale_game.generate_moves(pos, &q.sink);
    int distinct = 0;
    for (int i = 0; i < SANE_POLICY_SIZE; i++)
        distinct += q.entry_class[i] >= 0;
    return distinct;
}

/* Light and dark swapped, pebbles, side and reserves: the same turns get
 * the same entries. */
static void qawale_check_colours(const Position *pos, Survey *s)
{
    const Game *g = &qawale_game;
    char fen[POSITION_TEXT_MAX], *field[4];
    snprintf(fen, sizeof fen, "%s", fen_text(g, pos));
    field[0] = strtok(fen, " ");
    for (int i = 1; i < 4; i++)
        field[i] = strtok(NULL, " ");
    swap_letters(field[0], 'w', 'b');
    swap_letters(field[1], 'w', 'b');
    char mirrored[POSITION_TEXT_MAX];
    snprintf(mirrored, sizeof mirrored, "%s %s %s %s", field[0], field[1], field[3], field[2]);
    Position other;
    if (!load(g, mirrored, &other))
        return;
    Move moves[MAX_ACTIONS];
    const int n = collect_moves(g, pos, moves, MAX_ACTIONS, NULL);
    for (int i = 0; i < n; i++)
        if (!g->move_is_legal(&other, moves[i]) || g->policy_index(&other, moves[i]) != g->policy_index(pos, moves[i]))
            survey_fail(s, __FILE__, __LINE__, mirrored);
}

static void test_qawale_turns_share_entries_only_by_class(void)
{
    static Survey s;
    survey_begin(&s, 3456);
    Position start;
    if (!load(&qawale_game, QAWALE_START, &start))
        return;
    /* 40 first turns, 4 corners x 2 first drops x their last drops. */
    const int at_start = qawale_check_position(&start, &s);
    CHECK(at_start > 8);
    CHECK(at_start < 40);
    for (int game = 0; game < 40; game++) {
        Position pos = start;
        for (int turn = 0; turn < 16 && qawale_game.outcome(&pos) == OUTCOME_ONGOING; turn++) {
            qawale_check_position(&pos, &s);
            qawale_check_colours(&pos, &s);
            Move picked;
            sample_legal_move(&qawale_game, &pos, &s.rng, 5000, NULL, NULL, &picked);
            qawale_game.play(&pos, picked);
        }
    }
    check_survey_clean(&s);
    CHECK(entries_hit(&s) >= 300);
    printf("[%d positions, %d turns, %d of 1024 entries; %d at the start] ", s.positions, s.actions,
           entries_hit(&s), at_start);
}

static void test_qawale_entries_follow_the_layout(void)
{
    Position pos;
    if (!load(&qawale_game, QAWALE_START, &pos))
        return;
    /* (start * 4 + first direction) * 16 + end; north 0, east 1. */
    CHECK_EQ_INT(entry_of_text(&qawale_game, &pos, "a1a2b2b1"), (0 * 4 + 0) * 16 + 1);
    CHECK_EQ_INT(entry_of_text(&qawale_game, &pos, "a1b1b2a2"), (0 * 4 + 1) * 16 + 4);
    CHECK_EQ_INT(entry_of_text(&qawale_game, &pos, "a1a2a3b3"), (0 * 4 + 0) * 16 + 9);
    CHECK_EQ_INT(entry_of_text(&qawale_game, &pos, "d4d3c3c4"), (15 * 4 + 2) * 16 + 14);
    /* Two paths between the same first and last drops share an entry. */
    if (!load(&qawale_game, ".,.,.,nnn/.,.,.,./.,.,.,./nnw,.,.,nnn b 7 8", &pos))
        return;
    const int a = entry_of_text(&qawale_game, &pos, "a1a2b2c2c1"), b = entry_of_text(&qawale_game, &pos, "a1a2a3b3b2");
    CHECK(a >= 0 && b >= 0);
    CHECK(a != b);
    const int c = entry_of_text(&qawale_game, &pos, "a1a2b2b3c3");
    CHECK(c >= 0);
    CHECK_EQ_INT(c, (0 * 4 + 0) * 16 + 10);
    CHECK_EQ_INT(entry_of_text(&qawale_game, &pos, "a1a2a3b3c3"), c);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_every_game_has_a_sane_policy_size);
    RUN(test_columna_steps_get_distinct_mirrored_entries);
    RUN(test_columna_entries_follow_the_layout);
    RUN(test_territoire_steps_get_distinct_entries);
    RUN(test_territoire_entries_follow_the_layout);
    RUN(test_roomandpillar_every_size_gets_distinct_mirrored_entries);
    RUN(test_roomandpillar_entries_follow_the_layout);
    RUN(test_qawale_turns_share_entries_only_by_class);
    RUN(test_qawale_entries_follow_the_layout);
    return harness_end();
}
