/* Background load of a kernel list (bgload.h). */
#include "bgload.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bgload {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    workload_t *w;
    char **paths;
    load_opts_t o;
    unsigned done; /* w->k[0..done-1] loaded */
    int ended, failed, stop;
    char err[1024];
};

static void *loader(void *arg)
{
    struct bgload *b = arg;
    char err[sizeof b->err];
    for (unsigned i = 1; i < b->w->n; i++) {
        pthread_mutex_lock(&b->mu);
        int stop = b->stop;
        pthread_mutex_unlock(&b->mu);
        if (stop)
            break;
        kernel_t *k;
        err[0] = 0;
        int r = trace_load_kernel(b->paths[i], i + 1, &b->o, &k, err, sizeof err);
        pthread_mutex_lock(&b->mu);
        if (r) {
            b->failed = 1;
            memcpy(b->err, err, sizeof err);
        } else {
            b->w->k[i] = k;
            b->done = i + 1;
        }
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
        if (r)
            break;
    }
    pthread_mutex_lock(&b->mu);
    b->ended = 1;
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
    return NULL;
}

int bgload_start(workload_t *w, char **paths, unsigned n, const load_opts_t *o)
{
    struct bgload *b = calloc(1, sizeof *b);
    if (!b)
        return -1;
    b->w = w;
    b->paths = paths;
    b->o = *o;
    b->done = 1;
    w->n = n;
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    w->bg = b;
    if (pthread_create(&b->th, NULL, loader, b)) {
        pthread_mutex_destroy(&b->mu);
        pthread_cond_destroy(&b->cv);
        free(b);
        w->bg = NULL;
        w->n = 1;
        return -1;
    }
    return 0;
}

/* the thread joined and the loader freed; w->n the kernels it loaded. 1 when a kernel failed
 * (its message in err) */
static int finish(workload_t *w, char *err, size_t n)
{
    struct bgload *b = w->bg;
    pthread_join(b->th, NULL);
    if (b->failed)
        snprintf(err, n, "%s", b->err);
    int failed = b->failed;
    for (unsigned i = 0; i < w->n; i++)
        free(b->paths[i]);
    free(b->paths);
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cv);
    w->n = b->done;
    free(b);
    w->bg = NULL;
    return failed;
}

void bgload_free(workload_t *w)
{
    char err[sizeof w->bg->err];
    if (!w->bg)
        return;
    pthread_mutex_lock(&w->bg->mu);
    w->bg->stop = 1;
    pthread_mutex_unlock(&w->bg->mu);
    finish(w, err, sizeof err);
}

kernel_t *workload_kernel(workload_t *w, unsigned i, char *err, size_t n)
{
    struct bgload *b = w->bg;
    if (!b)
        return i < w->n ? w->k[i] : NULL;
    pthread_mutex_lock(&b->mu);
    while (b->done <= i && !b->ended)
        pthread_cond_wait(&b->cv, &b->mu);
    kernel_t *k = b->done > i ? w->k[i] : NULL;
    if (!k)
        snprintf(err, n, "%s", b->failed ? b->err : "kernel not loaded");
    pthread_mutex_unlock(&b->mu);
    return k;
}

kernel_t *workload_ready(workload_t *w, unsigned i)
{
    struct bgload *b = w->bg;
    if (!b)
        return i < w->n ? w->k[i] : NULL;
    pthread_mutex_lock(&b->mu);
    kernel_t *k = b->done > i ? w->k[i] : NULL;
    pthread_mutex_unlock(&b->mu);
    return k;
}

int workload_settle(workload_t *w, char *err, size_t n)
{
    return w->bg && finish(w, err, n) ? -1 : 0;
}
