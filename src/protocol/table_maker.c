/* table_maker.c - an engine's memory made on a thread of its own (table_maker.h). */
#include "protocol/table_maker.h"

#include <pthread.h>
#include <stdbool.h>

#include "util/huge_alloc.h"

/* The work under way: only the protocol's thread starts and waits. */
static struct {
    pthread_t thread;
    bool running;
    const Backend *backend;
    BackendEngine *engine;
    size_t hash_mb;
    int threads;
} work;

static void *make(void *arg)
{
    (void)arg;
    work.backend->make_tables(work.engine, work.hash_mb, work.threads);
    return NULL;
}

void table_maker_wait(void)
{
    if (!work.running)
        return;
    pthread_join(work.thread, NULL);
    work.running = false;
}

void table_maker_start(const Backend *backend, BackendEngine *engine, size_t hash_mb, int threads)
{
    table_maker_wait();
    work.backend = backend;
    work.engine = engine;
    work.hash_mb = hash_mb;
    work.threads = threads;
    work.running = pthread_create(&work.thread, NULL, make, NULL) == 0;
    if (!work.running)
        make(NULL);
}

size_t table_maker_megabytes(size_t hash_mb, size_t fallback_mb)
{
    size_t machine_mb = huge_machine_mb();
    return machine_mb == 0 || hash_mb <= machine_mb ? hash_mb : fallback_mb;
}
