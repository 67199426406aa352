/* Read-ahead of a kernel's thread blocks (prefetch.h). */
#include "prefetch.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct prefetch {
    int (*next)(kernel_t *k, tblock_t *b, char *err, size_t n);
    void (*done)(kernel_t *k, tblock_t *b);
    void (*rewind)(kernel_t *k);
    void (*destroy)(kernel_t *k);
    pthread_mutex_t mu;
    pthread_cond_t ready, room;
    pthread_t th;
    int running, stop, end, rc; /* running: the thread exists; end: the reader returned rc
                                   (0 no more blocks, -1 error) */
    unsigned head, count;
    tblock_t q[PREFETCH_DEPTH];
    char err[1024];
};

static void *reader(void *arg)
{
    kernel_t *k = arg;
    struct prefetch *p = k->pf;
    char err[sizeof p->err];
    pthread_mutex_lock(&p->mu);
    while (!p->stop && !p->end) {
        if (p->count == PREFETCH_DEPTH) {
            pthread_cond_wait(&p->room, &p->mu);
            continue;
        }
        pthread_mutex_unlock(&p->mu);
        tblock_t b;
        err[0] = 0;
        int r = p->next(k, &b, err, sizeof err);
        pthread_mutex_lock(&p->mu);
        if (r == 1)
            p->q[(p->head + p->count++) % PREFETCH_DEPTH] = b;
        else {
            p->end = 1;
            p->rc = r;
            memcpy(p->err, err, sizeof err);
        }
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* the reader's thread started unless it runs or has ended; 0 when it could not start (p->mu
 * held) */
static int pf_start(kernel_t *k)
{
    struct prefetch *p = k->pf;
    if (!p->running && !p->end) {
        if (pthread_create(&p->th, NULL, reader, k))
            return 0;
        p->running = 1;
    }
    return 1;
}

void kernel_read_ahead(kernel_t *k)
{
    if (!k->pf)
        return;
    pthread_mutex_lock(&k->pf->mu);
    pf_start(k);
    pthread_mutex_unlock(&k->pf->mu);
}

static int pf_next(kernel_t *k, tblock_t *b, char *err, size_t n)
{
    struct prefetch *p = k->pf;
    pthread_mutex_lock(&p->mu);
    if (!pf_start(k)) {
        pthread_mutex_unlock(&p->mu);
        return p->next(k, b, err, n); /* no thread: the reader in this one */
    }
    while (!p->count && !p->end)
        pthread_cond_wait(&p->ready, &p->mu);
    if (p->count) {
        *b = p->q[p->head];
        p->head = (p->head + 1) % PREFETCH_DEPTH;
        p->count--;
        pthread_cond_signal(&p->room);
        pthread_mutex_unlock(&p->mu);
        return 1;
    }
    int r = p->rc, joined = p->running;
    if (r < 0)
        snprintf(err, n, "%s", p->err);
    p->running = 0;
    pthread_mutex_unlock(&p->mu);
    if (joined) /* the reader has ended: its thread goes now, not when the kernel does */
        pthread_join(p->th, NULL);
    return r;
}

/* the reader stopped and joined, the blocks read ahead given back */
static void pf_halt(kernel_t *k)
{
    struct prefetch *p = k->pf;
    if (p->running) {
        pthread_mutex_lock(&p->mu);
        p->stop = 1;
        pthread_cond_signal(&p->room);
        pthread_mutex_unlock(&p->mu);
        pthread_join(p->th, NULL);
    }
    for (; p->count; p->count--, p->head = (p->head + 1) % PREFETCH_DEPTH)
        if (p->done)
            p->done(k, &p->q[p->head]);
    p->running = p->stop = p->end = p->rc = 0;
    p->head = 0;
}

static void pf_done(kernel_t *k, tblock_t *b)
{
    struct prefetch *p = k->pf;
    if (p->done)
        p->done(k, b);
}

static void pf_rewind(kernel_t *k)
{
    pf_halt(k);
    k->pf->rewind(k);
}

static void pf_destroy(kernel_t *k)
{
    struct prefetch *p = k->pf;
    pf_halt(k);
    k->next_block = p->next;
    k->done_block = p->done;
    k->rewind = p->rewind;
    k->destroy = p->destroy;
    k->pf = NULL;
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->ready);
    pthread_cond_destroy(&p->room);
    free(p);
    if (k->destroy)
        k->destroy(k);
}

int kernel_prefetch(kernel_t *k)
{
    struct prefetch *p = calloc(1, sizeof *p);
    if (!p || !k->rewind)
        return free(p), -1;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->ready, NULL);
    pthread_cond_init(&p->room, NULL);
    p->next = k->next_block;
    p->done = k->done_block;
    p->rewind = k->rewind;
    p->destroy = k->destroy;
    k->pf = p;
    k->next_block = pf_next;
    k->done_block = pf_done;
    k->rewind = pf_rewind;
    k->destroy = pf_destroy;
    return 0;
}
