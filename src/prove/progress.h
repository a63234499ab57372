/*
 * progress.h - progress lines of a long proof (`tessera prove`):
 * every few seconds, from a thread of its own, the time so far and the
 * root's proof and disproof numbers as the proof table holds them, so
 * that a proof running for minutes shows whether it is closing in (the
 * proof number falling) or widening.
 */
#ifndef TESSERA_PROOF_PROGRESS_H
#define TESSERA_PROOF_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#include "search/alphabeta/proof_table.h"

typedef struct ProofProgress ProofProgress;

/* Starts the lines, one per every_ms, to `to` (table is read, never
 * written; root_key is the root's key in it, attacker to move).  NULL when
 * every_ms is 0 or no thread could be made: no lines then. */
ProofProgress *proof_progress_start(const ProofTable *table, uint64_t root_key, int64_t every_ms, FILE *to);

/* Ends the lines and frees p (NULL: nothing). */
void proof_progress_stop(ProofProgress *p);

#endif
