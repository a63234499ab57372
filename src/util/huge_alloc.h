/*
 * huge_alloc.h - zeroed memory for the big hashed tables, on huge pages
 * where the system has them.  Every probe of a table lands on a random
 * page; with 4 KB pages the address translation missed about as often as
 * the cache did (a 16 MB table is 4096 pages, more than the TLB holds).
 * The memory comes zeroed from the system with its pages made at once,
 * outside any search's clock when a table is made for a new game (made as
 * the probes first reached them, they cost a fresh engine its first
 * searches); the kernel makes them, as a memset of every page cost a
 * ThreadSanitizer build half a second per 16 MB.
 */
#ifndef TESSERA_UTIL_HUGE_ALLOC_H
#define TESSERA_UTIL_HUGE_ALLOC_H

#include <stddef.h>

/* bytes of zeroed memory aligned to a huge page, its pages made, or NULL. */
void *huge_zeroed_alloc(size_t bytes);

/* Gives back memory of huge_zeroed_alloc(bytes); NULL is ignored. */
void huge_free(void *memory, size_t bytes);

/* A hashed table of buckets of bucket_bytes each filling megabytes (0 is
 * taken as 1): huge_zeroed_alloc's memory, its bucket count in *buckets
 * (0, and NULL returned, when there is no memory). */
void *huge_table_alloc(size_t megabytes, size_t bucket_bytes, size_t *buckets);

/* MB of the machine's memory; 0 when the system cannot tell. */
size_t huge_machine_mb(void);

/* MB of memory the system can give now without swapping (Linux's
 * MemAvailable, else the free pages); 0 when it cannot tell. */
size_t huge_available_mb(void);

/* Gives back a table of huge_table_alloc; NULL is ignored. */
static inline void huge_table_free(void *table, size_t buckets, size_t bucket_bytes)
{
    huge_free(table, buckets * bucket_bytes);
}

#endif
