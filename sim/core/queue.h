/* A growing FIFO of fixed-size elements (a ring whose capacity is a power of two). Used for
 * every unbounded queue of the SM model: the launch queue, the write-back queue and the
 * designs' transfer queues. */
#ifndef GPURF_QUEUE_H
#define GPURF_QUEUE_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *v;
    unsigned head, len, cap;  /* cap: 0 or a power of two */
    size_t elem;
} queue_t;

static inline void q_init(queue_t *q, size_t elem)
{
    memset(q, 0, sizeof *q);
    q->elem = elem;
}

static inline void q_free(queue_t *q)
{
    free(q->v);
    q->v = NULL;
    q->head = q->len = q->cap = 0;
}

/* the i-th element from the head */
static inline void *q_at(const queue_t *q, unsigned i)
{
    return q->v + (size_t)((q->head + i) & (q->cap - 1)) * q->elem;
}

static inline void q_grow_(queue_t *q)
{
    unsigned old = q->cap, n = old ? 2 * old : 16;
    char *v = realloc(q->v, n * q->elem);
    if (!v) {
        fprintf(stderr, "gpurf: out of memory\n");
        exit(2);
    }
    q->v = v;
    q->cap = n;
    /* full: the wrapped part (before head) moves behind the old end */
    if (old)
        memcpy(q->v + (size_t)old * q->elem, q->v, (size_t)q->head * q->elem);
}

/* a new element at the tail (contents undefined) */
static inline void *q_push(queue_t *q)
{
    if (q->len == q->cap)
        q_grow_(q);
    return q_at(q, q->len++);
}

/* a new element at the head */
static inline void *q_push_front(queue_t *q)
{
    if (q->len == q->cap)
        q_grow_(q);
    q->head = (q->head - 1) & (q->cap - 1);
    q->len++;
    return q_at(q, 0);
}

static inline void q_pop(queue_t *q)
{
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
}

/* remove the elements i < n with drop[i] set; the others keep their order */
static inline void q_drop(queue_t *q, unsigned n, const unsigned char *drop)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (!drop[i]) {
            if (k != i)
                memcpy(q_at(q, k), q_at(q, i), q->elem);
            k++;
        }
    /* the kept ones now fill the first k places; shift the rest behind them */
    for (unsigned i = n; i < q->len; i++)
        memcpy(q_at(q, k + i - n), q_at(q, i), q->elem);
    q->len -= n - k;
}

#endif
