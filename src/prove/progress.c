/* progress.c - progress lines of a long proof (progress.h).
 * The thread sleeps on a condition variable, so that stopping it is
 * immediate, not a wait for the next line. */
#include "prove/progress.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

struct ProofProgress {
    const ProofTable *table;
    uint64_t root_key;
    int64_t every_ms;
    FILE *to;
    struct timespec started;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool done;
    pthread_t thread;
};

static struct timespec after_ms(struct timespec t, int64_t ms)
{
    t.tv_sec += (time_t)(ms / 1000);
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static void print_line(const ProofProgress *p, int64_t elapsed_ms)
{
    ProofNumbers n;
    if (!pt_probe(p->table, p->root_key, &n))
        fprintf(p->to, "proving: %lld s, the root not in the proof table yet (the iterations come first)\n",
                (long long)(elapsed_ms / 1000));
    else
        fprintf(p->to, "proving: %lld s, the root's proof number %u, disproof number %u\n",
                (long long)(elapsed_ms / 1000), (unsigned)n.proof, (unsigned)n.disproof);
    fflush(p->to);
}

static void *progress_main(void *arg)
{
    ProofProgress *p = arg;
    pthread_mutex_lock(&p->lock);
    for (int64_t elapsed = p->every_ms;; elapsed += p->every_ms) {
        struct timespec due = after_ms(p->started, elapsed);
        int waited = 0;
        while (!p->done && waited == 0)
            waited = pthread_cond_timedwait(&p->wake, &p->lock, &due);
        if (p->done)
            break;
        print_line(p, elapsed);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* A condition variable whose timed waits count on the monotonic clock
 * (the lines' times are the run's, whatever the wall clock does). */
static bool monotonic_cond_init(pthread_cond_t *cond)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return false;
    bool made = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 && pthread_cond_init(cond, &attr) == 0;
    pthread_condattr_destroy(&attr);
    return made;
}

ProofProgress *proof_progress_start(const ProofTable *table, uint64_t root_key, int64_t every_ms, FILE *to)
{
    if (every_ms <= 0 || !table || !to)
        return NULL;
    ProofProgress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    *p = (ProofProgress){.table = table, .root_key = root_key, .every_ms = every_ms, .to = to};
    if (!monotonic_cond_init(&p->wake)) {
        free(p);
        return NULL;
    }
    bool locked = pthread_mutex_init(&p->lock, NULL) == 0;
    clock_gettime(CLOCK_MONOTONIC, &p->started);
    if (!locked || pthread_create(&p->thread, NULL, progress_main, p) != 0) {
        if (locked)
            pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->wake);
        free(p);
        return NULL;
    }
    return p;
}

void proof_progress_stop(ProofProgress *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->done = true;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
