/*
 * searcher.h - runs one search at a time on its own thread, so the protocol
 * reader keeps answering (isready, stop, quit) while it thinks.
 *
 * The searcher owns the bestmove line: a search always ends with exactly one
 * `bestmove`, legal, even when stopped at once.  Under `go infinite` the
 * bestmove waits for `stop`, as UCI requires.  A perft runs on the same
 * thread, one job at a time, and ends with its `Nodes searched` line.
 */
#ifndef TESSERA_SEARCHER_H
#define TESSERA_SEARCHER_H

#include "search/search.h"

/* Starts engine (of backend) on a copy of job, its progress printed as
 * info lines; returns false when a search is running.  ponder_move: the
 * bestmove line names the reply expected (`bestmove M ponder P`) when
 * there is one.  A job that is pondering holds its bestmove until
 * ponderhit or stop. */
bool searcher_start(const Backend *backend, BackendEngine *engine, const SearchJob *job, bool ponder_move);
/* `ponderhit`: the pondered search becomes a normal one, its clock
 * starting now; false when no search is pondering. */
bool searcher_ponderhit(void);
/* Starts a perft of job->limits.depth plies on the same thread (see
 * perft_job.h); returns false when a search or perft is running. */
bool searcher_start_perft(const SearchJob *job);
void searcher_stop(void); /* asks the running search to stop; returns at once */
void searcher_wait(void); /* blocks until the running search printed bestmove */
/* The end of input: a search bounded by depth, nodes, movetime or a clock
 * runs to its end and prints its bestmove, as a script piping `go depth
 * 4` expects; any other job (go infinite, ponder, perft) is stopped as
 * `quit` stops it.  Returns once the job printed its last line. */
void searcher_finish(void);
bool searcher_busy(void);
/* ProvenBook: a search whose root is in the proven table answers with the
 * table's move at once (search/book/proven_answer.h). */
void searcher_use_proven_book(bool on);

#endif
