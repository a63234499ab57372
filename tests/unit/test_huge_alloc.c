/* test_huge_alloc.c - the tables' memory: zeroed, aligned to a huge page,
 * and every page already made when the allocation returns (left to the
 * first probes, the faults cost a fresh engine its first searches). */
#define _DEFAULT_SOURCE /* mincore */
#include "harness.h"
#include "util/huge_alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define TABLE_BYTES ((size_t)6 << 20)

/* How many of the small pages of [memory, memory + bytes) are resident. */
static size_t resident_pages(void *memory, size_t bytes, size_t page)
{
    size_t pages = (bytes + page - 1) / page;
    unsigned char *in_core = malloc(pages);
    if (!in_core || mincore(memory, bytes, in_core) != 0) {
        free(in_core);
        return 0;
    }
    size_t resident = 0;
    for (size_t i = 0; i < pages; i++)
        resident += in_core[i] & 1;
    free(in_core);
    return resident;
}

static void test_table_memory_is_resident_zeroed_and_aligned(void)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *memory = huge_zeroed_alloc(TABLE_BYTES);
    CHECK(memory != NULL);
    if (!memory)
        return;
    CHECK_EQ_U64((uintptr_t)memory % ((uintptr_t)2 << 20), 0);
    CHECK_EQ_U64(resident_pages(memory, TABLE_BYTES, page), (TABLE_BYTES + page - 1) / page);
    size_t nonzero = 0;
    for (size_t i = 0; i < TABLE_BYTES; i++)
        nonzero += memory[i] != 0;
    CHECK_EQ_U64(nonzero, 0);
    huge_free(memory, TABLE_BYTES);
}

static void test_no_memory_is_null(void)
{
    CHECK(huge_zeroed_alloc(0) == NULL);
    CHECK(huge_zeroed_alloc(SIZE_MAX) == NULL);
    huge_free(NULL, 0);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_table_memory_is_resident_zeroed_and_aligned);
    RUN(test_no_memory_is_null);
    return harness_end();
}
