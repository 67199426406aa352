/* Several block dumps merged into one FST (see wave_merge.h). */
#include "wave_merge.h"
#include "cmodel/common.h"
#include <gtkwave/fstapi.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t time, seq;
    fstHandle h;     /* in the merged file */
    size_t val;      /* offset into the value text */
} change_t;

typedef struct {
    change_t *v;
    size_t n, cap;
    char *text;
    size_t tn, tcap;
    fstHandle *map; /* input handle -> merged handle, per input file */
    size_t nmap;
    int bad;
} merge_t;

static void *grow(void *p, size_t *cap, size_t need, size_t elem, int *bad)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *q = realloc(p, n * elem);
    if (!q) {
        *bad = 1;
        return p;
    }
    *cap = n;
    return q;
}

static void on_change(void *user, uint64_t time, fstHandle h, const unsigned char *value)
{
    merge_t *m = user;
    size_t len = strlen((const char *)value) + 1;
    m->v = grow(m->v, &m->cap, m->n + 1, sizeof *m->v, &m->bad);
    m->text = grow(m->text, &m->tcap, m->tn + len, 1, &m->bad);
    if (m->bad || h >= m->nmap || !m->map[h])
        return;
    memcpy(m->text + m->tn, value, len);
    m->v[m->n] = (change_t){time, m->n, m->map[h], m->tn};
    m->n++;
    m->tn += len;
}

static int by_time(const void *a, const void *b)
{
    const change_t *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* copy one dump's block scope (below TOP) into the writer as scope `name`; collect its changes.
 * Signals directly under TOP (Verilator's copies of the top ports) are left out: each dump
 * has them. A block signal that aliases one of them becomes the real signal. */
static int add_dump(void *w, merge_t *m, const char *fst, const char *name, char *err, size_t n)
{
    void *r = fstReaderOpen(fst);
    if (!r)
        return gpurf_fail(err, n, "%s: cannot open as FST", fst);
    fstWriterSetTimescale(w, fstReaderGetTimescale(r));
    size_t maxh = fstReaderGetMaxHandle(r) + 1;
    free(m->map);
    m->map = calloc(maxh, sizeof *m->map);
    m->nmap = maxh;
    if (!m->map) {
        fstReaderClose(r);
        return gpurf_fail(err, n, "out of memory");
    }
    int depth = 0;
    struct fstHier *h;
    while ((h = fstReaderIterateHier(r))) {
        if (h->htyp == FST_HT_SCOPE) {
            if (depth)
                fstWriterSetScope(w, (enum fstScopeType)h->u.scope.typ,
                                  depth == 1 ? name : h->u.scope.name, NULL);
            depth++;
        } else if (h->htyp == FST_HT_UPSCOPE) {
            if (--depth)
                fstWriterSetUpscope(w);
        } else if (h->htyp == FST_HT_VAR && depth > 1 && h->u.var.handle < maxh) {
            fstHandle *slot = &m->map[h->u.var.handle];
            fstHandle o = fstWriterCreateVar(w, (enum fstVarType)h->u.var.typ,
                                             (enum fstVarDir)h->u.var.direction, h->u.var.length,
                                             h->u.var.name, *slot);
            if (!*slot)
                *slot = o;
        }
    }
    fstReaderSetFacProcessMaskAll(r);
    fstReaderIterBlocks(r, on_change, m, NULL);
    fstReaderClose(r);
    return m->bad ? gpurf_fail(err, n, "out of memory merging %s", fst) : 0;
}

int wave_merge(const char *out, const char *const *in, const char *const *names, unsigned count,
               char *err, size_t n)
{
    void *w = fstWriterCreate(out, 1);
    if (!w)
        return gpurf_fail(err, n, "%s: cannot write", out);
    merge_t m = {0};
    int rc = 0;
    fstWriterSetScope(w, FST_ST_VCD_MODULE, "TOP", NULL);
    for (unsigned i = 0; i < count && !rc; i++)
        rc = add_dump(w, &m, in[i], names[i], err, n);
    fstWriterSetUpscope(w);
    if (!rc) {
        qsort(m.v, m.n, sizeof *m.v, by_time);
        for (size_t i = 0; i < m.n; i++) {
            if (!i || m.v[i].time != m.v[i - 1].time)
                fstWriterEmitTimeChange(w, m.v[i].time);
            fstWriterEmitValueChange(w, m.v[i].h, m.text + m.v[i].val);
        }
    }
    fstWriterClose(w);
    free(m.v);
    free(m.text);
    free(m.map);
    return rc;
}
