/*
 * thread_pool.h - a search engine's threads, started once and parked
 * between searches (as Stockfish keeps its threads), so that a search
 * neither creates threads nor maps their stacks: made anew per move,
 * alpha-beta's 64 MB stacks were faulted in and given back every search,
 * a tenth of Room and Pillar's datagen time spent in the kernel.
 *
 * One caller at a time runs a round (the engine's search); the pool is
 * not shared between engines.
 */
#ifndef TESSERA_SEARCH_THREAD_POOL_H
#define TESSERA_SEARCH_THREAD_POOL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/search.h"

typedef struct ThreadPool ThreadPool;

typedef struct {
    ThreadPool *pool;
    int index;
} PoolSlot;

struct ThreadPool {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a round began, or the pool stops */
    pthread_cond_t idle; /* the round's last task returned */
    bool ready;          /* lock and conditions made */
    size_t stack_bytes;
    int started;         /* threads running (parked or working) */
    pthread_t threads[SEARCH_MAX_THREADS];
    PoolSlot slots[SEARCH_MAX_THREADS];
    /* The round: task(args[i]) on threads 0..size-1. */
    uint64_t round;
    int size, busy;
    void *(*task)(void *);
    void *const *args;
    bool stopping;
};

/* An empty pool whose threads get stack_bytes of stack (none started). */
void thread_pool_init(ThreadPool *pool, size_t stack_bytes);

/* Starts threads up to count (parked, between rounds), so that the
 * next round of that size creates none; returns how many run.  Made
 * outside any search's clock (the engine's make_tables). */
int thread_pool_start(ThreadPool *pool, int count);

/* Runs task(args[i]) for i < count, each on its own pool thread, and
 * returns when all have returned; threads are started as first needed.
 * Returns how many ran: fewer than count where no more threads could be
 * started (args beyond were not run), 0 where none could be. */
int thread_pool_run(ThreadPool *pool, int count, void *(*task)(void *), void *const *args);

/* Ends and joins every thread; the pool may be run again afterwards. */
void thread_pool_stop(ThreadPool *pool);

#endif
