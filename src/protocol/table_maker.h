/*
 * table_maker.h - the memory a search needs, made outside any clock.
 *
 * The session's engine makes its tables, tree and threads
 * (Backend.make_tables) when the engine starts and whenever Hash, Threads
 * or Backend change, as Stockfish sizes its table at start-up and on a
 * change of Hash: the first `go` of a fresh engine, or after a new Hash,
 * then pays for none of it out of its clock (it answered a losing move
 * past its movetime on a loaded machine).  The work runs on a thread of
 * its own, so that the handshake (`uci`, `ugi`) is answered meanwhile;
 * every other command waits for it first.
 */
#ifndef TESSERA_TABLE_MAKER_H
#define TESSERA_TABLE_MAKER_H

#include <stddef.h>

#include "search/search.h"

/* The megabytes tables for a Hash of hash_mb are made at: hash_mb, unless
 * it is more than the machine's physical memory, then fallback_mb.  Every
 * page of a table is made at once, so a table the machine cannot hold
 * would not fail to allocate: it would end in the kernel's out-of-memory
 * killer (taking the engine, or another process, with it). */
size_t table_maker_megabytes(size_t hash_mb, size_t fallback_mb);

/* Waits for the work under way, then makes what engine lacks for a search
 * at hash_mb with threads threads, on a thread of its own (or on this
 * one, where no thread can be had). */
void table_maker_start(const Backend *backend, BackendEngine *engine, size_t hash_mb, int threads);

/* Returns once no work is under way. */
void table_maker_wait(void);

#endif
