/*
 * search.h - what every search backend receives and provides.
 *
 * A backend is a family of engines: each engine (BackendEngine) is made
 * with its own settings and memory, searches one job at a time, and knows
 * nothing of other engines, so several may search at once in one process
 * (one per thread for self-play).  The caller builds a SearchJob (the
 * position with its history, the limits, threads and Hash); the search
 * returns one SearchResult and reports progress through the job's
 * callback.  Backends never name a game (they use the Game verbs) and never
 * print: the protocol turns results into lines.
 */
#ifndef TESSERA_SEARCH_H
#define TESSERA_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "games/record.h"

/* The MultiPV option's maximum. */
#define SEARCH_MAX_MULTIPV 64

/* The most moves `go searchmoves` may name (a line holds more words). */
#define SEARCH_MAX_ROOT_MOVES 256

/* Threads one search may run (the Threads option's maximum). */
#define SEARCH_MAX_THREADS 256

/* Limits of one `go`, already turned from colours / p1-p2 into "mine" and
 * "theirs" by the protocol.  -1 (or 0 for depth and nodes) means not given. */
typedef struct {
    int64_t my_time, my_inc;
    int64_t their_time, their_inc;
    int movestogo;
    int64_t movetime;
    int depth;
    uint64_t nodes;
    int mate; /* `go mate N`: search until a win in N own turns or fewer; 0 = not given */
    bool infinite;
} SearchLimits;

/* A weakened search (strength/strength.h): limited with skill in
 * [0, STRENGTH_FULL_SKILL); not limited is the backend's own search,
 * untouched.  Weakened, it searches at least STRENGTH_LINES root moves as
 * MultiPV, to choose among them. */
#define STRENGTH_FULL_SKILL 20
#define STRENGTH_LINES 4
typedef struct {
    bool limited;
    double skill;
} SearchStrength;

/* Scores: centi-units from the side to move's view.  Proven results are
 * outside +-SCORE_PROVEN and reported as `mate N` (N whole turns). */
#define SCORE_INFINITE 32000
#define SCORE_WIN 31000
#define SCORE_PROVEN 30000
#define MAX_REPORTED_PV 128
_Static_assert(EVAL_BOUND < SCORE_PROVEN, "evaluations must never read as proofs");

/* Progress of a search (one `info` line's content). */
typedef struct {
    int depth, seldepth;
    int multipv;    /* 1: the best line; k: the k-th best root move (MultiPV) */
    int score;      /* centi-units, ignored when mate_turns != 0 */
    int mate_turns; /* >0: side to move wins in N turns; <0: loses in -N; 0: no proof */
    bool draw_proven; /* the score (0) is a proven draw, not an estimate */
    uint64_t nodes;
    int hashfull; /* per mille; -1 when the backend has no table */
    const Move *pv; /* whole turns from the root */
    int pv_length;
} SearchInfo;

/* Called on the search's thread (the main one of a threaded search). */
typedef struct {
    void (*on_info)(void *context, const SearchInfo *info); /* NULL: no progress wanted */
    void *context;
} SearchProgress;

/* How the time manager (timeman.h) shares a clock, in per cent: a turn's
 * share is time_share of the usable clock over the turns that need
 * thought, plus increment_share of the increment; a search starts no
 * iteration past soft_share of it and never passes hard_share of it.
 * Spin options (TimeShare, ...), with per-game defaults as a backend's. */
typedef struct {
    int time_share, increment_share, soft_share, hard_share;
} TimeShares;

typedef struct {
    const Game *game;
    GameRecord record; /* record.current is the root; the rest is history for tree reuse */
    SearchLimits limits;
    /* `go searchmoves`: the root may play only these whole turns (legal,
     * distinct); 0 = every legal turn.  A restricted search searches whole
     * turns (no steps) and leaves no root entry nor tree behind. */
    Move root_moves[SEARCH_MAX_ROOT_MOVES];
    int root_move_count;
    /* MultiPV: the best root moves reported each iteration (1: the best
     * line only).  More than one line searches whole turns, as searchmoves. */
    int multipv;
    /* Playing below full strength (strength/strength.h); zero: full strength. */
    SearchStrength strength;
    int threads;
    size_t hash_mb;
    uint64_t seed;
    /* A proven score ends the search as found, its win not shortened to
     * the exact distance (tessera prove: a certificate needs a proof, and
     * shortening takes several times the proof on 8x8, even on every thread). */
    bool proof_is_enough;
    int move_overhead_ms; /* time lost per move to pipes and scheduling */
    TimeShares time_shares; /* all zero: the common defaults (timeman.h) */
    int64_t start_ms;     /* when `go` arrived, on the now_ms() clock */
    atomic_bool stop;     /* raised by `stop`, `quit`, or the searcher */
    /* `go ponder`: thinking on the opponent's time, with no clock, until
     * `ponderhit` lowers it; the clock then starts at ponderhit_ms. */
    atomic_bool pondering;
    _Atomic int64_t ponderhit_ms; /* 0: no ponderhit */
    SearchProgress progress;
} SearchJob;

/* What one search found.  best is legal at the root unless the backend is
 * wrong (the protocol checks it) or MOVE_NONE when it found nothing. */
typedef struct {
    Move best;
    Move ponder;    /* the expected reply, MOVE_NONE when none is known */
    int score;      /* centi-units, side to move's view; 0 when mate_turns != 0 */
    int mate_turns; /* as in SearchInfo */
    bool draw_proven; /* as in SearchInfo */
    int depth, seldepth;
    uint64_t nodes; /* the work done: bench's signature */
    int hashfull;   /* as in SearchInfo */
    Move pv[MAX_REPORTED_PV];
    int pv_length;
} SearchResult;

/* One engine of a backend: an opaque handle each backend casts to its own. */
typedef struct BackendEngine BackendEngine;

/* A tunable setting, a spin option: an int at offset in the settings. */
typedef struct {
    const char *name;
    int default_value, min, max;
    size_t offset;
} BackendParam;

/* A backend's settings are declared once, as a list of rows
 *     X(field, "OptionName", default, min, max)
 * from which these make its default settings and their BackendParam table
 * (as game.h's GAME_WEIGHT_* do for evaluation weights), SETTINGS_TYPE
 * being defined as the backend's settings struct first:
 *     const Settings defaults = {LIST(BACKEND_SETTING_DEFAULT)};
 *     const BackendParam table[] = {LIST(BACKEND_SETTING_ROW)}; */
#define BACKEND_SETTING_DEFAULT(field, name, def, lo, hi) .field = (def),
#define BACKEND_SETTING_ROW(field, name, def, lo, hi) {name, def, lo, hi, offsetof(SETTINGS_TYPE, field)},

typedef struct Backend {
    const char *id;
    const BackendParam *params;
    int param_count;
    /* The strength scale's full engine (strength/strength.h): the nodes (or
     * playouts) a move that a weakened search's budget is a share of; 0:
     * no budget can weaken it. */
    uint64_t strength_nodes;
    /* A new engine at the default settings; its memory is made by the
     * first new_game or search.  NULL when out of memory. */
    BackendEngine *(*create)(void);
    /* The engine's live settings, which params index into. */
    void *(*settings)(BackendEngine *engine);
    /* Searches job->record.current (never a finished game) until the limits
     * or job->stop, reporting through job->progress. */
    SearchResult (*search)(BackendEngine *engine, SearchJob *job);
    /* Forget what was learnt (tables, trees) and get ready for a game at
     * hash_mb megabytes (the Hash option): memory may be made here, outside
     * any clock. */
    void (*new_game)(BackendEngine *engine, size_t hash_mb);
    /* Makes what a search at hash_mb with threads threads needs where
     * the engine lacks it (tables, tree, parked threads), keeping what it
     * holds and never clearing what a search learnt: called outside any
     * clock (at start-up, when Hash, Threads or Backend change, isready),
     * so that the first search pays for none of it. */
    void (*make_tables)(BackendEngine *engine, size_t hash_mb, int threads);
    void (*release)(BackendEngine *engine); /* free memory, keep the settings */
    void (*destroy)(BackendEngine *engine);
} Backend;

/* The live value of backend->params[index] in engine. */
int *backend_setting(const Backend *backend, BackendEngine *engine, int index);

/* Sets each of the count settings that rows describe (offsets into
 * settings) to game's default: its own (Game.setting_defaults) or the
 * row's common one. */
void settings_for_game(const BackendParam *rows, int count, void *settings, const Game *game);

/* Every setting of engine at game's defaults (settings_for_game): what an
 * engine searching game alone starts at (bench, self-play, prove). */
void backend_defaults_for_game(const Backend *backend, BackendEngine *engine, const Game *game);

/* May a proven score end the search?  Always, unless `go mate N` asks
 * for a win in N own turns or fewer and score is a longer win. */
bool search_proof_ends_search(const SearchJob *job, int score);

/* May the root play move?  Every legal move when no searchmoves. */
bool search_root_allows(const SearchJob *job, Move move);

/* Reports a result so far (or the final one) as progress, when the job
 * wants progress. */
void search_progress_result(const SearchJob *job, const SearchResult *result);

/* Reports result as the k-th line of a MultiPV search (k = 1: the best). */
void search_progress_line(const SearchJob *job, const SearchResult *result, int k);

/* Does this job search whole turns only, even in a game with steps?  So
 * it does when its root moves must be whole turns: searchmoves, MultiPV. */
bool search_wants_whole_turns(const SearchJob *job);

/* The lines a search reports: job->multipv within 1..SEARCH_MAX_MULTIPV,
 * and at least STRENGTH_LINES when the search is weakened (strength/strength.h). */
int search_line_count(const SearchJob *job);

/* Does job ask for a search below full strength (strength/strength.h)? */
bool search_is_weakened(const SearchJob *job);

#endif
