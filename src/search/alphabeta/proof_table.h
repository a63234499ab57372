/*
 * alphabeta/proof_table.h - the table of the alphabeta backend's proof search
 * (depth-first proof-number search, alphabeta/proof_search.c).
 *
 * An entry holds a position's proof and disproof numbers (the estimated
 * work to show that the player acting there reaches, or misses, its goal),
 * and once one of them is 0 the number of whole turns left in that proof.
 * Several threads may prove at once on one table (lockless, as the main
 * table); the searches of one game share it, as the entries state facts
 * about positions, not about a root.
 */
#ifndef TESSERA_AB_PROOF_TABLE_H
#define TESSERA_AB_PROOF_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A proof or disproof number this large means "cannot be shown". */
#define PROOF_INFINITE 0x3FFFFFFFu

typedef struct {
    uint32_t proof, disproof;
    uint32_t turns; /* whole turns until the game ends along the proof, once proven */
} ProofNumbers;

/* Numbers that can fall no further: neither side's goal can be shown.
 * PROOF_INFINITE - 1 marks what lies past a cut move list (a node lists
 * at most AB_MAX_CHILDREN different moves, and a cut list is never
 * refuted), and caps the sums; a node at this mark, the root above all,
 * is beyond the proof search. */
static inline bool pt_beyond(ProofNumbers n)
{
    return n.proof >= PROOF_INFINITE - 1 && n.disproof >= PROOF_INFINITE - 1;
}

typedef struct ProofSlot ProofSlot;

typedef struct {
    ProofSlot *slots;
    size_t bucket_count;
    atomic_bool draw_seen; /* a drawn game was met: a disproof is then no proven loss */
} ProofTable;

/* Allocates (zeroed) a table of about megabytes MB; false when out of memory. */
bool pt_allocate(ProofTable *pt, size_t megabytes);
void pt_free(ProofTable *pt);
void pt_clear(ProofTable *pt);

bool pt_probe(const ProofTable *pt, uint64_t key, ProofNumbers *out);
/* work: nodes spent on the position's subtree; the least worked entries of
 * a bucket make room first. */
void pt_store(ProofTable *pt, uint64_t key, ProofNumbers numbers, uint64_t work);

#endif
