/* Issue stage: the preset's policy orders the warps (sched.h), the scoreboard (pending
 * writes block RAW/WAW, pending operand reads block WAR) and the design's gate decide who may
 * issue, and the design's issue slot (a collector, a lookup entry ...) takes the instruction. */
#include "sched.h"
#include "stream/isa.h"
#include <string.h>

/* pending writes block RAW and WAW, pending operand reads block WAR */
static int scoreboard_blocks(const warp_t *w)
{
    const inst_t *in = &w->tr->v[w->next];
    /* DEPBAR: every closed group but the newest async_keep has its copies back; LDGDEPBAR:
     * the ring has room for the next group */
    if (in->async == AS_WAIT)
        for (uint32_t g = w->as_open > AS_RING ? w->as_open - AS_RING : 0;
             g + in->async_keep < w->as_open; g++)
            if (w->as_pend[g % AS_RING])
                return 1;
    if (in->async == AS_COMMIT && w->as_pend[(w->as_open + 1) % AS_RING])
        return 1;
    for (unsigned i = 0; i < in->nsrc; i++)
        if (w->pend_w[in->src[i]])
            return 1;
    for (unsigned i = 0; i < in->ndst; i++)
        if (w->pend_w[in->dst[i]] || w->pend_r[in->dst[i]])
            return 1;
    return 0;
}

int sm_can_issue(const warp_t *cw)
{
    if (!cw->used || !cw->active || cw->done_issuing)
        return R_IDLE;
    if (cw->at_barrier)
        return R_BARRIER;
    warp_t *w = (warp_t *)cw; /* the verdict cache; warps are never const objects */
    if (!w->sb_known) {
        w->sb_blocked = (uint8_t)scoreboard_blocks(w);
        w->sb_known = 1;
    }
    return w->sb_blocked ? R_SCOREBOARD : R_OK;
}

int sm_waits_long(const warp_t *w)
{
    if (!w->used || !w->long_pending || w->done_issuing || w->at_barrier)
        return 0;
    const inst_t *in = &w->tr->v[w->next];
    for (unsigned i = 0; i < in->nsrc; i++)
        if (w->long_w[in->src[i]])
            return 1;
    for (unsigned i = 0; i < in->ndst; i++)
        if (w->long_w[in->dst[i]])
            return 1;
    return 0;
}

int sm_cu_is_free(const sm_t *sm, unsigned s, unsigned k)
{
    const cu_ports_t *p = &sm->cup;
    const void *o = sm->sc[s].cu_out[k], *in = sm->sc[s].cu[k]->in;
    return (!cu_get(p->busy, o, 0) || cu_get(p->disp_ready, in, 0)) && !cu_get(p->alloc_valid, in, 0);
}

int sm_cu_free(const sm_t *sm, unsigned s, unsigned g)
{
    (void)g;
    for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++)
        if (sm_cu_is_free(sm, s, k))
            return (int)k;
    return -1;
}

void sm_cu_alloc_ops(sm_t *sm, unsigned s, int cu, unsigned f, uint32_t warp, const uint32_t *src)
{
    const cu_ports_t *p = &sm->cup;
    const unsigned nsrc = sm->fl[f].in->nsrc;
    void *ci = ls_in(sm->sc[s].cu[cu]);
    cu_set(p->alloc_valid, ci, 0, 1);
    cu_set(p->alloc_warp, ci, 0, warp);
    cu_set(p->alloc_info, ci, 0, f);
    for (unsigned i = 0; i < sm->c.max_srcs; i++) {
        cu_set(p->alloc_src_valid, ci, i, i < nsrc);
        cu_set(p->alloc_src, ci, i, i < nsrc ? src[i] : 0);
    }
}

void sm_cu_alloc(sm_t *sm, unsigned s, int cu, unsigned f)
{
    const inst_t *in = sm->fl[f].in;
    uint32_t src[INST_MAX_SRC];
    for (unsigned i = 0; i < in->nsrc; i++)
        src[i] = in->src[i];
    sm_cu_alloc_ops(sm, s, cu, f, sm->w[sm->fl[f].warp].local, src);
}

void sm_cu_requests(const sm_t *sm, unsigned s, unsigned k, uint32_t *valid, uint32_t *warp,
                    uint32_t *reg)
{
    const cu_ports_t *p = &sm->cup;
    const void *o = sm->sc[s].cu_out[k];
    for (unsigned j = 0; j < sm->c.max_srcs; j++) {
        valid[j] = cu_get(p->rd_valid, o, j);
        warp[j] = cu_get(p->rd_warp, o, j);
        reg[j] = cu_get(p->rd_reg, o, j);
    }
}

void sm_cu_inputs(const sm_t *sm, ls_inst_t *cu, const uint32_t *gnt, const uint32_t *rsp_valid,
                  const uint32_t (*rsp_data)[GPURF_MAX_LANES])
{
    const cu_ports_t *p = &sm->cup;
    const void *now = ls_peek(cu);
    unsigned j = 0;
    while (j < sm->c.max_srcs && !rsp_valid[j] && cu_get(p->rsp_valid, now, j) == 0 &&
           cu_get(p->rd_gnt, now, j) == gnt[j])
        j++;
    if (j == sm->c.max_srcs)
        return; /* no port changes */
    void *in = ls_in(cu);
    for (j = 0; j < sm->c.max_srcs; j++) {
        cu_set(p->rd_gnt, in, j, gnt[j]);
        cu_set(p->rsp_valid, in, j, rsp_valid[j]);
        if (rsp_valid[j]) /* a collector reads the data only with its valid bit */
            memcpy(pt_elem(p->rsp_data, in, j), rsp_data[j], sm->c.lanes * 4);
    }
}

static void issue_one(sm_t *sm, unsigned s, unsigned g, int slot)
{
    warp_t *w = &sm->w[g];
    const inst_t *in = &w->tr->v[w->next];
    unsigned f = sm_flight_alloc(sm);
    flight_t *fl = &sm->fl[f];
    fl->warp = g;
    fl->in = in;
    fl->dyn = w->next;
    sm->d->issue(sm, s, slot, f);
    for (unsigned i = 0; i < in->nsrc; i++)
        w->pend_r[in->src[i]]++;
    for (unsigned i = 0; i < in->ndst; i++)
        w->pend_w[in->dst[i]]++;
    w->wpend += in->ndst;
    if (in->async == AS_COPY && in->mask) { /* an empty mask copies nothing to wait for */
        fl->as_group = w->as_open;
        w->as_pend[w->as_open % AS_RING]++;
    }
    w->as_open += in->async == AS_COMMIT;
    sm_sb_changed(w);
    w->next++;
    w->inflight++;
    if (w->next == w->tr->n)
        w->done_issuing = 1;
    if (in->cls == CLS_BARRIER) {
        rblock_t *rb = &sm->blk[w->blk];
        w->at_barrier = 1;
        if (++rb->arrived == rb->live) {
            for (unsigned i = 0; i < rb->nwarps; i++)
                sm->w[rb->warp_slot[i]].at_barrier = 0;
            rb->arrived = 0;
        }
    }
}

/* the design's own instruction ahead of the warp's next one, or -1 */
static int own_verdict(const sm_t *sm, unsigned g, int r)
{
    if ((r != R_OK && r != R_SCOREBOARD) || !sm->d->own_verdict)
        return -1;
    return sm->d->own_verdict(sm, g);
}

/* the warp's verdict this cycle: the scoreboard's (or the design's for its own next
 * instruction), then the design's gate */
static int verdict(const sm_t *sm, unsigned g)
{
    int r = sm_can_issue(&sm->w[g]), o = own_verdict(sm, g, r);
    if (o >= 0)
        r = o;
    return r == R_OK && sm->d->gate ? sm->d->gate(sm, g) : r;
}

/* One warp issues per cycle, the first of the policy's order that can (GPGPU-Sim's
 * scheduler_unit): its next instruction and, with issue_width 2, the one after it when that
 * one is ready too and goes to another execution unit (gpgpu_dual_issue_diff_exec_units). */
void sm_issue(sm_t *sm, unsigned s)
{
    const sched_t *p = &sched_table[sm->policy];
    const design_ops_t *d = sm->d;
    unsigned cand[256], n = p->order(sm, s, cand), issued = 0;
    int saw_ready = 0, saw_sb = 0, saw_bar = 0, saw_design = 0;
    for (unsigned i = 0; i < n && !issued; i++) {
        unsigned g = cand[i];
        int r = verdict(sm, g);
        saw_sb |= r == R_SCOREBOARD;
        saw_bar |= r == R_BARRIER;
        saw_design |= r == R_DESIGN;
        if (r != R_OK)
            continue;
        saw_ready = 1;
        unsigned units = 0;
        while (issued < sm->c.issue_width && (!issued || verdict(sm, g) == R_OK)) {
            const warp_t *w = &sm->w[g];
            if (own_verdict(sm, g, sm_can_issue(w)) >= 0) {
                d->own_issue(sm, s, g);
                issued++;
                continue;
            }
            unsigned u = (unsigned)isa_unit(&sm->c, w->tr->v[w->next].kind);
            int slot = units >> u & 1 ? -1 : d->slot(sm, s, g);
            if (slot < 0)
                break;
            issue_one(sm, s, g, slot);
            units |= 1u << u;
            issued++;
        }
        if (!issued && d->slot_per_warp) /* no slot for this warp; the next may find one */
            continue;
        if (!issued)
            break;
        p->issued(sm, s, g);
    }
    if (issued)
        return;
    if (saw_ready)
        sm->st.stall_collector++;
    else if (saw_sb)
        sm->st.stall_scoreboard++;
    else if (saw_bar)
        sm->st.stall_barrier++;
    else if (saw_design && sm->design_stall)
        ++*sm->design_stall;
    else
        sm->st.stall_idle++;
}
