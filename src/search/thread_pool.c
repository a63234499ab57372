/* thread_pool.c - threads parked between searches (thread_pool.h). */
#include "search/thread_pool.h"

void thread_pool_init(ThreadPool *pool, size_t stack_bytes)
{
    *pool = (ThreadPool){.stack_bytes = stack_bytes};
}

static void *park(void *arg)
{
    const PoolSlot *slot = arg;
    ThreadPool *pool = slot->pool;
    pthread_mutex_lock(&pool->lock);
    /* Started for the round under way (the caller holds the lock from
     * the start to the round's broadcast): that round is new to it.
     * Started between rounds (thread_pool_start), it takes the last
     * round for new too, and passes over it: its size is 0 by then. */
    uint64_t seen = pool->round - 1;
    for (;;) {
        while (!pool->stopping && pool->round == seen)
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stopping)
            break;
        seen = pool->round;
        if (slot->index >= pool->size)
            continue; /* a smaller round: not this thread's */
        void *(*task)(void *) = pool->task;
        void *task_arg = pool->args[slot->index];
        pthread_mutex_unlock(&pool->lock);
        task(task_arg);
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy == 0)
            pthread_cond_signal(&pool->idle);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static bool make_ready(ThreadPool *pool)
{
    if (pool->ready)
        return true;
    if (pthread_mutex_init(&pool->lock, NULL) != 0)
        return false;
    if (pthread_cond_init(&pool->wake, NULL) != 0) {
        pthread_mutex_destroy(&pool->lock);
        return false;
    }
    if (pthread_cond_init(&pool->idle, NULL) != 0) {
        pthread_cond_destroy(&pool->wake);
        pthread_mutex_destroy(&pool->lock);
        return false;
    }
    pool->ready = true;
    return true;
}

/* Starts threads up to count (under the lock, between rounds); returns
 * how many are running. */
static int start_threads(ThreadPool *pool, int count)
{
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return pool->started;
    pthread_attr_setstacksize(&attr, pool->stack_bytes);
    while (pool->started < count) {
        PoolSlot *slot = &pool->slots[pool->started];
        *slot = (PoolSlot){pool, pool->started};
        if (pthread_create(&pool->threads[pool->started], &attr, park, slot) != 0)
            break;
        pool->started++;
    }
    pthread_attr_destroy(&attr);
    return pool->started;
}

/* Clamps *count, readies the pool and starts its threads up to *count,
 * then returns with the pool locked and how many threads it has; -1, not
 * locked, when there is nothing to run on. */
static int lock_with_threads(ThreadPool *pool, int *count)
{
    if (*count > SEARCH_MAX_THREADS)
        *count = SEARCH_MAX_THREADS;
    if (*count < 1 || !make_ready(pool))
        return -1;
    pthread_mutex_lock(&pool->lock);
    return start_threads(pool, *count);
}

int thread_pool_start(ThreadPool *pool, int count)
{
    const int running = lock_with_threads(pool, &count);
    if (running < 0)
        return 0;
    pthread_mutex_unlock(&pool->lock);
    return running;
}

int thread_pool_run(ThreadPool *pool, int count, void *(*task)(void *), void *const *args)
{
    const int running = lock_with_threads(pool, &count);
    if (running < 0)
        return 0;
    const int size = running < count ? running : count;
    if (size > 0) {
        pool->size = pool->busy = size;
        pool->task = task;
        pool->args = args;
        pool->round++;
        pthread_cond_broadcast(&pool->wake);
        while (pool->busy > 0)
            pthread_cond_wait(&pool->idle, &pool->lock);
        pool->args = NULL;
        pool->size = 0; /* a thread started between rounds has no task */
    }
    pthread_mutex_unlock(&pool->lock);
    return size;
}

void thread_pool_stop(ThreadPool *pool)
{
    if (!pool->ready)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->started; i++)
        pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->idle);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    thread_pool_init(pool, pool->stack_bytes);
}
