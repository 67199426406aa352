/* Malekeh's reuse-distance hints in the instruction stream (Secs. 3, 8, 9.4): one hint per
 * source and destination operand (malekeh_int.h: the near bit, or the precise variant's
 * closeness), near iff the operand's distance is at most rthld. The
 * distances come from the reuse pass (sim/pass/reuse.h): reuse_src = oracle computes them
 * over the warp's own dynamic stream when the warp is launched (the paper's annotated
 * traces), static once per kernel on the recovered CFG, none leaves every operand far. */
#include "malekeh_int.h"
#include <stdlib.h>
#include <string.h>

/* the hint of an operand at reuse distance dist (>= 1) */
static mk_hint_t closeness(const sm_t *sm, unsigned dist)
{
    const unsigned top = (1u << sm->c.reuse_bits) - 1;
    if (dist > sm->c.rthld)
        return 0;
    return (mk_hint_t)(top - (dist - 1 < top - 1 ? dist - 1 : top - 1));
}

static void pack(const sm_t *sm, const inst_t *in, const uint16_t *dist, mk_hint_t *h)
{
    memset(h, 0, REUSE_OPS * sizeof *h);
    for (unsigned i = 0; i < in->nsrc; i++)
        h[i] = closeness(sm, dist[i]);
    for (unsigned d = 0; d < in->ndst; d++)
        h[INST_MAX_SRC + d] = closeness(sm, dist[INST_MAX_SRC + d]);
}

int mk_hints_kernel(sm_t *sm, mk_t *m, kernel_t *k)
{
    if (m->have_prog) {
        reuse_static_free(&m->rs);
        prog_free(&m->prog);
        m->have_prog = 0;
    }
    if (sm->c.reuse_src != REUSE_STATIC)
        return 0;
    memset(&m->prog, 0, sizeof m->prog);
    if (prog_recover(k, &m->prog, sm->err, sm->errn))
        return -1;
    m->have_prog = 1;
    if (reuse_static_run(&m->prog, &m->rs)) {
        snprintf(sm->err, sm->errn, "out of memory (reuse pass)");
        return -1;
    }
    return 0;
}

int mk_hints_warp(sm_t *sm, mk_t *m, unsigned g)
{
    const warp_trace_t *tr = sm->w[g].tr;
    if (tr->n > m->hint_cap[g]) {
        mk_hint_t *v = realloc(m->hint[g], (size_t)tr->n * REUSE_OPS * sizeof *v);
        if (!v)
            return -1;
        m->hint[g] = v;
        m->hint_cap[g] = tr->n;
    }
    mk_hint_t *h = m->hint[g];
    switch (sm->c.reuse_src) {
    case REUSE_NONE:
        memset(h, 0, (size_t)tr->n * REUSE_OPS * sizeof *h);
        return 0;
    case REUSE_STATIC:
        for (uint32_t i = 0; i < tr->n; i++) {
            int pc = prog_pc_index(&m->prog, tr->v[i].pc);
            if (pc < 0)
                memset(h + (size_t)i * REUSE_OPS, 0, REUSE_OPS * sizeof *h);
            else
                pack(sm, &tr->v[i], m->rs.dist + (size_t)pc * REUSE_OPS, h + (size_t)i * REUSE_OPS);
        }
        return 0;
    default: {
        uint16_t *dist = malloc((size_t)tr->n * REUSE_OPS * sizeof *dist + 1);
        if (!dist || reuse_oracle_warp(tr, dist)) {
            free(dist);
            return -1;
        }
        for (uint32_t i = 0; i < tr->n; i++)
            pack(sm, &tr->v[i], dist + (size_t)i * REUSE_OPS, h + (size_t)i * REUSE_OPS);
        free(dist);
        return 0;
    }
    }
}

void mk_hints_free(sm_t *sm, mk_t *m)
{
    for (unsigned g = 0; m->hint && g < sm->c.warp_slots; g++)
        free(m->hint[g]);
    free(m->hint);
    free(m->hint_cap);
    if (m->have_prog) {
        reuse_static_free(&m->rs);
        prog_free(&m->prog);
    }
}
