/* huge_alloc.c - zeroed, huge-page-aligned table memory (huge_alloc.h). */
/* MAP_ANONYMOUS and madvise's MADV_HUGEPAGE are outside POSIX. */
#define _DEFAULT_SOURCE
#include "util/huge_alloc.h"

#include <stdint.h>
#include <sys/mman.h>

#define HUGE_PAGE_BYTES ((size_t)2 << 20)

static size_t rounded_up(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }

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
    return start;
}

void huge_free(void *memory, size_t bytes)
{
    if (memory)
        munmap(memory, rounded_up(bytes, HUGE_PAGE_BYTES));
}
