/*
 * certificate_writer.c - writes a proven position as a certificate (format in
 * certificate_format.h): the alpha-beta engine proves the root, then a walk from
 * the root reads the proof back from the proof table, the winner's one
 * move where it moves and every reply where the loser does, each position
 * once (a map by position key makes the DAG).  What the table let go is
 * proven again on the spot, so the walk never trusts a missing entry.
 */
#include <stdlib.h>
#include <string.h>

#include "games/gameutil.h"
#include "search/alphabeta/internal.h"
#include "search/backends.h"
#include "prove/certificate_writer.h"
#include "prove/progress.h"
#include "util/clock.h"

#define NO_ID UINT32_MAX
#define END_TARGET (NO_ID - 1)
#define SECOND_PLAYER_KEY 0xbb67ae8584caa73bULL

/* Positions already given a number: open addressing on the game's key. */
typedef struct {
    uint64_t *keys;
    uint32_t *ids;
    size_t capacity, count;
} PositionMap;

/* Players, not colours, win: a Room and Pillar swap changes who plays
 * which colour, so a position is a node of the proof together with whether
 * the root's player (the first) is to move, and players alternate every
 * turn, swap included. */
typedef struct {
    AbShared s;
    AbSettings settings; /* the game's defaults */
    AbWorker *w;
    bool first_wins;
    PositionMap map;
    FILE *body; /* the position lines, copied after the header once counted */
    uint64_t moves;
    char *err;
    size_t err_size;
} Walk;

static bool map_grow(PositionMap *m)
{
    size_t capacity = m->capacity ? m->capacity * 2 : (size_t)1 << 16;
    uint64_t *keys = malloc(capacity * sizeof *keys);
    uint32_t *ids = malloc(capacity * sizeof *ids);
    if (!keys || !ids) {
        free(keys);
        free(ids);
        return false;
    }
    for (size_t j = 0; j < capacity; j++)
        ids[j] = NO_ID;
    for (size_t i = 0; i < m->capacity; i++) {
        if (m->ids[i] == NO_ID)
            continue;
        size_t j = m->keys[i] & (capacity - 1);
        while (ids[j] != NO_ID)
            j = (j + 1) & (capacity - 1);
        keys[j] = m->keys[i];
        ids[j] = m->ids[i];
    }
    free(m->keys);
    free(m->ids);
    m->keys = keys;
    m->ids = ids;
    m->capacity = capacity;
    return true;
}

/* The slot of key: its number, or NO_ID where it would go. */
static size_t map_slot(const PositionMap *m, uint64_t key)
{
    size_t j = key & (m->capacity - 1);
    while (m->ids[j] != NO_ID && m->keys[j] != key)
        j = (j + 1) & (m->capacity - 1);
    return j;
}

static void fail(Walk *walk, const Position *pos, const char *what)
{
    char fen[1024];
    walk->s.game->format_position(pos, fen, sizeof fen);
    snprintf(walk->err, walk->err_size, "certificate: %s at %s", what, fen);
}

/* Does the player to move at a finished pos win?  (It may: a game can
 * end on the mover's own success.) */
static bool mover_won(const Game *g, const Position *pos)
{
    Outcome o = g->outcome(pos);
    return o == (g->side_to_move(pos) == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS);
}

/* Does the winner win at pos (first: the first player is to move there),
 * by the rules or by the table? */
static bool winner_wins(const Walk *walk, const Position *pos, bool first)
{
    const Game *g = walk->s.game;
    bool winner_moves = first == walk->first_wins;
    Outcome o = g->outcome(pos);
    if (o == OUTCOME_DRAW)
        return false;
    if (o != OUTCOME_ONGOING)
        return mover_won(g, pos) == winner_moves;
    ProofNumbers n;
    if (!ab_proof_probe(&walk->s, pos, first, &n))
        return false;
    return winner_moves ? n.proof == 0 : n.disproof == 0;
}

/* Proves pos again (the table let its proof go); false when stopped. */
static bool prove_again(Walk *walk, const Position *pos, bool first)
{
    ProofNumbers n;
    return ab_prove_position(walk->w, pos, first, &n);
}

static bool visit(Walk *walk, const Position *pos, bool first, uint32_t *id);

/* The target of move from pos: `end`, or the child's number (visited). */
static bool target_of(Walk *walk, const Position *pos, bool first, Move move, uint32_t *target)
{
    Position child = *pos;
    walk->s.game->play(&child, move);
    if (walk->s.game->outcome(&child) != OUTCOME_ONGOING) {
        *target = END_TARGET;
        return true;
    }
    return visit(walk, &child, !first, target);
}

static bool write_move(Walk *walk, const Position *pos, Move move, uint32_t target)
{
    char text[MOVE_TEXT_MAX];
    walk->s.game->format_move(pos, move, text, sizeof text);
    if (strpbrk(text, " \t>")) {
        fail(walk, pos, "a move's notation holds a space or '>'");
        return false;
    }
    walk->moves++;
    if (target == END_TARGET)
        return fprintf(walk->body, " %s>end", text) > 0;
    return fprintf(walk->body, " %s>%u", text, target) > 0;
}

/* The winner's move at pos: a proven win, the quickest the table knows. */
static bool winning_move(Walk *walk, const Position *pos, bool first, const Move *moves, int count, Move *chosen)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        uint32_t best_turns = UINT32_MAX;
        for (int i = 0; i < count; i++) {
            Position child = *pos;
            walk->s.game->play(&child, moves[i]);
            if (!winner_wins(walk, &child, !first))
                continue;
            ProofNumbers n = {0, 0, 0};
            bool over = walk->s.game->outcome(&child) != OUTCOME_ONGOING;
            if (!over)
                ab_proof_probe(&walk->s, &child, !first, &n);
            if (over || n.turns < best_turns) {
                best_turns = over ? 0 : n.turns;
                *chosen = moves[i];
            }
        }
        if (best_turns != UINT32_MAX)
            return true;
        if (attempt == 0 && !prove_again(walk, pos, first))
            break;
    }
    fail(walk, pos, "no winning move proven");
    return false;
}

static bool write_line(Walk *walk, uint32_t id, const Position *pos, const Move *moves, const uint32_t *targets,
                       int count, bool winner_moves)
{
    if (fprintf(walk->body, "%u %c", id, winner_moves ? 'W' : 'L') < 0)
        return false;
    for (int i = 0; i < count; i++)
        if (!write_move(walk, pos, moves[i], targets[i]))
            return false;
    return fputc('\n', walk->body) != EOF;
}

/* The targets of moves[0..count) (visited), then pos's line. */
static bool visit_children(Walk *walk, const Position *pos, bool first, uint32_t id, Move *moves, int count)
{
    const Game *g = walk->s.game;
    bool winner_moves = first == walk->first_wins;
    if (winner_moves) {
        if (!winning_move(walk, pos, first, moves, count, &moves[0]))
            return false;
        count = 1;
    }
    uint32_t *targets = malloc((size_t)(count ? count : 1) * sizeof *targets);
    if (!targets) {
        snprintf(walk->err, walk->err_size, "certificate: out of memory");
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < count; i++) {
        Position child = *pos;
        g->play(&child, moves[i]);
        if (!winner_moves && !winner_wins(walk, &child, !first) &&
            (!prove_again(walk, &child, !first) || !winner_wins(walk, &child, !first))) {
            fail(walk, pos, "a reply of the loser is not proven lost");
            ok = false;
        }
        ok = ok && target_of(walk, pos, first, moves[i], &targets[i]);
    }
    ok = ok && write_line(walk, id, pos, moves, targets, count, winner_moves);
    free(targets);
    return ok;
}

/* A line holds every legal move however many (a Qawale position has
 * thousands): the lists live on the heap, not on the walk's deep stack. */
static bool visit_moves(Walk *walk, const Position *pos, bool first, uint32_t id)
{
    Move *moves = NULL;
    int capacity = 0, count = collect_all_moves(walk->s.game, pos, &moves, &capacity);
    if (count < 0) {
        free(moves);
        fail(walk, pos, "out of memory for the legal moves");
        return false;
    }
    bool ok = visit_children(walk, pos, first, id, moves, count);
    free(moves);
    return ok;
}

/* Numbers pos (once for each player to move) and writes its line after
 * those of its children. */
static bool visit(Walk *walk, const Position *pos, bool first, uint32_t *id)
{
    PositionMap *m = &walk->map;
    if ((m->count + 1) * 2 > m->capacity && !map_grow(m)) {
        snprintf(walk->err, walk->err_size, "certificate: out of memory");
        return false;
    }
    uint64_t key = walk->s.game->hash(pos) ^ (first ? 0 : SECOND_PLAYER_KEY);
    size_t slot = map_slot(m, key);
    if (m->ids[slot] != NO_ID) {
        *id = m->ids[slot];
        return true;
    }
    if (m->count >= END_TARGET) {
        snprintf(walk->err, walk->err_size, "certificate: too many positions");
        return false;
    }
    *id = (uint32_t)m->count++;
    m->keys[slot] = key;
    m->ids[slot] = *id;
    return visit_moves(walk, pos, first, *id);
}

/* The header, then the lines, then the closing mark. */
static bool write_file(Walk *walk, const Position *root, FILE *out)
{
    const Game *g = walk->s.game;
    char fen[1024];
    g->format_position(root, fen, sizeof fen);
    fprintf(out, "%s\ngame %s\nroot %s\nwinner %s\npositions %zu\nmoves %llu\n", CERTIFICATE_MAGIC, g->id, fen,
            walk->first_wins ? "first" : "second", walk->map.count, (unsigned long long)walk->moves);
    rewind(walk->body);
    char buffer[1 << 16];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, walk->body)) > 0)
        if (fwrite(buffer, 1, n, out) != n)
            return false;
    fprintf(out, "%s\n", CERTIFICATE_END);
    return fflush(out) == 0 && !ferror(out);
}

/* The walk's hand-built search: the engine's proof table, one worker, no
 * clock (a proof is read back whole). */
static bool walk_init(Walk *walk, SearchJob *job, ProofTable *table, bool first_wins)
{
    settings_for_game(ab_params, AB_PARAM_COUNT, &walk->settings, job->game);
    walk->s = (AbShared){.job = job, .game = job->game, .settings = &walk->settings, .proofs = table};
    atomic_init(&walk->s.abort, false);
    atomic_init(&walk->s.proof_ready, false);
    atomic_init(&walk->s.proof_claimed, false);
    atomic_init(&walk->s.proof_too_long, false);
    job->limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1, .movetime = -1};
    tm_plan(&walk->s.tm, job);
    walk->w = calloc(1, sizeof *walk->w);
    walk->body = tmpfile();
    if (!walk->w || !walk->body)
        return false;
    walk->w->shared = &walk->s;
    walk->s.workers = walk->w;
    walk->s.worker_count = 1;
    walk->first_wins = first_wins;
    return true;
}

static void walk_free(Walk *walk)
{
    free(walk->w);
    free(walk->map.keys);
    free(walk->map.ids);
    if (walk->body)
        fclose(walk->body);
}

static bool write_certificate(SearchJob *job, ProofTable *table, bool first_wins, FILE *out, CertifyResult *result,
                              char *err, size_t err_size)
{
    Walk walk = {.err = err, .err_size = err_size};
    bool ok = walk_init(&walk, job, table, first_wins);
    if (!ok)
        snprintf(err, err_size, "certificate: out of memory or no temporary file");
    uint32_t root_id;
    ok = ok && visit(&walk, &job->record.current, true, &root_id);
    /* The second player's goal in the proof search is a win or a draw:
     * where draws were met, its proofs do not show a win. */
    if (ok && !first_wins && atomic_load(&table->draw_seen)) {
        snprintf(err, err_size, "the proof met drawn games: the second player's proof does not show a win");
        ok = false;
    }
    if (ok && !write_file(&walk, &job->record.current, out)) {
        snprintf(err, err_size, "certificate: write failed");
        ok = false;
    }
    result->positions = walk.map.count;
    result->moves = walk.moves;
    walk_free(&walk);
    return ok;
}

static bool prove_root(BackendEngine *engine, SearchJob *job, const CertifyOptions *options, CertifyResult *result,
                       char *err, size_t err_size)
{
    job->limits = (SearchLimits){.my_time = -1, .my_inc = -1, .their_time = -1, .their_inc = -1,
                                 .movetime = options->time_limit_ms > 0 ? options->time_limit_ms : -1};
    job->threads = options->threads;
    job->hash_mb = options->hash_mb;
    job->proof_is_enough = true;
    /* Only the proof counts here: every thread proves with all of its time
     * once the iterations reach the proof's depth. */
    ((AbSettings *)alphabeta_backend.settings(engine))->proof_share = 100;
    alphabeta_backend.new_game(engine, job->hash_mb);
    /* The root's key in the proof table: its player is the attacker. */
    ProofProgress *progress =
        proof_progress_start(ab_engine_proof_table(engine), ab_proof_key(job->game, &job->record.current),
                             options->progress_every_ms, options->progress_to);
    job->start_ms = now_ms();
    SearchResult r = alphabeta_backend.search(engine, job);
    proof_progress_stop(progress);
    result->prove_ms = now_ms() - job->start_ms;
    result->search_nodes = r.nodes;
    if (r.mate_turns == 0) {
        ProofNumbers root;
        uint64_t moves = count_legal_moves(job->game, &job->record.current);
        if (r.draw_proven)
            snprintf(err, err_size, "not proven: the position is a draw with best play (no win to certify; %lld ms)",
                     (long long)result->prove_ms);
        else if (pt_probe(ab_engine_proof_table(engine), ab_proof_key(job->game, &job->record.current), &root) &&
                 pt_beyond(root))
            snprintf(err, err_size,
                     "not proven: beyond the prover's move lists (a position's list holds at most %d different "
                     "moves, and the proof lies past a cut one; the root has %llu legal moves; %lld ms)",
                     AB_MAX_CHILDREN, (unsigned long long)moves, (long long)result->prove_ms);
        /* The clock (from job->start_ms, no move overhead) stops the search
         * only once the whole limit has passed: one that ended sooner ended
         * by itself, every line at the game's end, and did not run out of time. */
        else if (options->time_limit_ms > 0 && result->prove_ms >= options->time_limit_ms)
            snprintf(err, err_size, "not proven within the time limit (%lld ms)", (long long)result->prove_ms);
        else
            snprintf(err, err_size, "not proven: the search ended after %lld ms without a win for either side",
                     (long long)result->prove_ms);
        return false;
    }
    result->first_wins = r.mate_turns > 0;
    return true;
}

bool certify(const Game *g, const Position *root, const CertifyOptions *options, FILE *out, CertifyResult *result,
             char *err, size_t err_size)
{
    memset(result, 0, sizeof *result);
    if (g->outcome(root) != OUTCOME_ONGOING) {
        snprintf(err, err_size, "the game is already over: nothing to prove");
        return false;
    }
    SearchJob *job = calloc(1, sizeof *job); /* a whole game record: kept off the stack */
    BackendEngine *engine = alphabeta_backend.create();
    bool ok = job && engine;
    if (!ok)
        snprintf(err, err_size, "out of memory");
    if (ok) {
        job->game = g;
        backend_defaults_for_game(&alphabeta_backend, engine, g);
        record_start(&job->record, g, root);
        ok = prove_root(engine, job, options, result, err, err_size);
    }
    ProofTable *table = ok ? ab_engine_proof_table(engine) : NULL;
    if (ok && !table) {
        snprintf(err, err_size, "out of memory for the proof table");
        ok = false;
    }
    int64_t t0 = now_ms();
    ok = ok && write_certificate(job, table, result->first_wins, out, result, err, err_size);
    result->write_ms = now_ms() - t0;

    alphabeta_backend.destroy(engine);
    free(job);
    return ok;
}
