/* Reuse distances, static and oracle (see reuse.h). */
#include "reuse.h"
#include <stdlib.h>
#include <string.h>

#define NREGS 256

static uint16_t sat1(uint16_t d) { return d >= REUSE_INF - 1 ? REUSE_INF : (uint16_t)(d + 1); }

static int writes(const inst_t *in, unsigned r)
{
    for (unsigned d = 0; d < in->ndst; d++)
        if (in->dst[d] == r)
            return 1;
    return 0;
}

/* F(i)[r]: instructions from i to the next read of r at or after i (0: i reads it) */
int reuse_static_run(const prog_t *p, reuse_static_t *rs)
{
    memset(rs, 0, sizeof *rs);
    const unsigned n = p->npcs;
    uint16_t *f = malloc((size_t)(n ? n : 1) * NREGS * sizeof *f);
    /* successor indices: those of pc i at succ + off[i], off[i + 1] - off[i] of them */
    unsigned *off = malloc((size_t)(n + 1) * sizeof *off);
    int *succ = malloc((size_t)(p->nedges + 1) * sizeof *succ);
    rs->dist = malloc((size_t)(n ? n : 1) * REUSE_OPS * sizeof *rs->dist);
    if (!f || !off || !succ || !rs->dist) {
        free(f);
        free(off);
        free(succ);
        free(rs->dist);
        rs->dist = NULL;
        return -1;
    }
    for (size_t i = 0; i < (size_t)n * NREGS; i++)
        f[i] = REUSE_INF;
    off[0] = 0;
    for (unsigned i = 0; i < n; i++) {
        off[i + 1] = off[i] + p->pcs[i].nsucc;
        for (unsigned j = 0; j < p->pcs[i].nsucc; j++)
            succ[off[i] + j] = prog_pc_index(p, p->pcs[i].succ[j]);
    }
    uint16_t g[NREGS];
    for (int changed = 1; changed; rs->iterations++) {
        changed = 0;
        for (unsigned i = n; i-- > 0;) {
            const inst_t *in = p->pcs[i].in;
            for (unsigned r = 0; r < NREGS; r++) {
                uint16_t m = REUSE_INF;
                for (unsigned j = off[i]; j < off[i + 1]; j++)
                    if (f[(size_t)succ[j] * NREGS + r] < m)
                        m = f[(size_t)succ[j] * NREGS + r];
                g[r] = writes(in, r) ? REUSE_INF : sat1(m);
            }
            for (unsigned s = 0; s < in->nsrc; s++)
                g[in->src[s]] = 0;
            if (memcmp(g, &f[(size_t)i * NREGS], sizeof g)) {
                memcpy(&f[(size_t)i * NREGS], g, sizeof g);
                changed = 1;
            }
        }
    }
    for (unsigned i = 0; i < n; i++) {
        const inst_t *in = p->pcs[i].in;
        uint16_t *d = &rs->dist[(size_t)i * REUSE_OPS];
        for (unsigned k = 0; k < REUSE_OPS; k++)
            d[k] = REUSE_INF;
        /* the nearest read after i: the minimum over its successors, plus one */
        for (unsigned k = 0; k < in->nsrc + in->ndst; k++) {
            unsigned r = k < in->nsrc ? in->src[k] : in->dst[k - in->nsrc];
            uint16_t m = REUSE_INF;
            for (unsigned j = off[i]; j < off[i + 1]; j++)
                if (f[(size_t)succ[j] * NREGS + r] < m)
                    m = f[(size_t)succ[j] * NREGS + r];
            if (k < in->nsrc)
                d[k] = writes(in, r) ? REUSE_INF : sat1(m);
            else
                d[INST_MAX_SRC + k - in->nsrc] = sat1(m);
        }
    }
    free(f);
    free(off);
    free(succ);
    return 0;
}

void reuse_static_free(reuse_static_t *rs)
{
    free(rs->dist);
    memset(rs, 0, sizeof *rs);
}

int reuse_oracle_warp(const warp_trace_t *w, uint16_t *dist)
{
    uint32_t next[NREGS]; /* position of the next read after the current one, or UINT32_MAX */
    for (unsigned r = 0; r < NREGS; r++)
        next[r] = UINT32_MAX;
    for (uint32_t i = w->n; i-- > 0;) {
        const inst_t *in = &w->v[i];
        uint16_t *d = &dist[(size_t)i * REUSE_OPS];
        for (unsigned k = 0; k < REUSE_OPS; k++)
            d[k] = REUSE_INF;
        for (unsigned s = 0; s < in->nsrc; s++) {
            unsigned r = in->src[s];
            uint32_t t = next[r];
            d[s] = writes(in, r) || t == UINT32_MAX || t - i >= REUSE_INF ? REUSE_INF : (uint16_t)(t - i);
        }
        for (unsigned k = 0; k < in->ndst; k++) {
            uint32_t t = next[in->dst[k]];
            d[INST_MAX_SRC + k] = t == UINT32_MAX || t - i >= REUSE_INF ? REUSE_INF : (uint16_t)(t - i);
        }
        for (unsigned k = 0; k < in->ndst; k++)
            next[in->dst[k]] = UINT32_MAX;
        for (unsigned s = 0; s < in->nsrc; s++)
            next[in->src[s]] = i;
    }
    return 0;
}
