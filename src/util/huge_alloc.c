/* huge_alloc.c - zeroed, huge-page-aligned table memory (huge_alloc.h). */
/* MAP_ANONYMOUS and madvise's MADV_HUGEPAGE are outside POSIX. */
#define _DEFAULT_SOURCE
#include "util/huge_alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE_BYTES ((size_t)2 << 20)
#define SMALL_PAGE_BYTES ((size_t)4096)

static size_t rounded_up(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }

/* Makes every page of fresh zeroed memory now.  Left to the first probes,
 * a page fault cost up to 8 ms a huge page on this project's machines:
 * a fresh engine's first searches at 0.1 s reached depth 2 instead of 13.
 * The kernel's populate writes nothing the program sees (so no sanitizer
 * shadow is made); where it is missing, a zero byte per small page does
 * the same, as the memory is still all zeros. */
static void make_pages_now(char *start, size_t size)
{
#ifdef MADV_POPULATE_WRITE
    if (madvise(start, size, MADV_POPULATE_WRITE) == 0)
        return;
#endif
    for (size_t at = 0; at < size; at += SMALL_PAGE_BYTES)
        ((volatile char *)start)[at] = 0;
}

/* Maps a huge page more than asked, then gives back the ends around the
 * first aligned start. */
void *huge_zeroed_alloc(size_t bytes)
{
    if (bytes == 0 || bytes > SIZE_MAX - 2 * HUGE_PAGE_BYTES)
        return NULL;
    const size_t size = rounded_up(bytes, HUGE_PAGE_BYTES);
    const size_t mapped = size + HUGE_PAGE_BYTES;
    char *raw = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *start = (char *)rounded_up((uintptr_t)raw, HUGE_PAGE_BYTES);
    if (start > raw)
        munmap(raw, (size_t)(start - raw));
    if (raw + mapped > start + size)
        munmap(start + size, (size_t)(raw + mapped - (start + size)));
#ifdef MADV_HUGEPAGE
    madvise(start, size, MADV_HUGEPAGE); /* advice only: 4 KB pages work too */
#endif
    make_pages_now(start, size);
    return start;
}

void huge_free(void *memory, size_t bytes)
{
    if (memory)
        munmap(memory, rounded_up(bytes, HUGE_PAGE_BYTES));
}

void *huge_table_alloc(size_t megabytes, size_t bucket_bytes, size_t *buckets)
{
    size_t count = ((megabytes ? megabytes : 1) << 20) / bucket_bytes;
    void *table = huge_zeroed_alloc(count * bucket_bytes);
    *buckets = table ? count : 0;
    return table;
}

/* sysconf's count of pages (_SC_PHYS_PAGES, _SC_AVPHYS_PAGES) in MB; 0
 * when it cannot tell. */
static size_t pages_mb(int which)
{
    long pages = sysconf(which), page_bytes = sysconf(_SC_PAGESIZE);
    return pages > 0 && page_bytes > 0 ? (size_t)pages / (1024 * 1024 / (size_t)page_bytes) : 0;
}

size_t huge_machine_mb(void) { return pages_mb(_SC_PHYS_PAGES); }

/* MemAvailable counts the page cache the kernel would drop for us, which
 * the free pages of sysconf leave out. */
size_t huge_available_mb(void)
{
    FILE *meminfo = fopen("/proc/meminfo", "r");
    char line[128];
    unsigned long long kb = 0;
    while (meminfo && fgets(line, sizeof line, meminfo))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
            break;
    if (meminfo)
        fclose(meminfo);
    if (kb > 0)
        return (size_t)(kb / 1024);
    return pages_mb(_SC_AVPHYS_PAGES);
}
