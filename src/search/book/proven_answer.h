/*
 * proven_answer.h - a search's answer from the proven table
 * (proven_book.h): the table's winning move at once, reported as a proven
 * win, for every backend (the protocol's ProvenBook option asks for it).
 */
#ifndef TESSERA_PROVEN_ANSWER_H
#define TESSERA_PROVEN_ANSWER_H

#include "search/book/proven_book.h"
#include "search/search.h"

/* When job's root is in the table and the job lets a table move stand
 * (full strength, one line, the move among searchmoves, a `go mate N`
 * that the win meets): fills *result (no nodes, depth 1, the move as its
 * pv, `mate N` of the proof's plies) and returns its entry.  Else NULL:
 * the backend searches. */
const ProvenBookEntry *proven_answer(const SearchJob *job, SearchResult *result);

#endif
