/* The two-level active pool of the family under scheduler two_level (Bailey et al. Table I:
 * round-robin outer, GTO inner; here the preset's scheduler_outer and scheduler_inner): a pool
 * slot owns rsp_regs scratchpad registers and, with rc_partition per_warp, its share of the
 * cache's sets. A warp leaves when it waits on a global load or at a barrier, with a
 * scratchpad only at a strand head (allocations never cross strands, so its registers are free
 * there), or when it is done (an EXIT inside a strand leaves its registers dead); it leaves
 * once every read, fill, result write and write-back of its slot's registers is over, and with
 * a per-warp partition once its issued instructions have read their operands. That partition
 * is then flushed (its dirty lines written back) before the slot takes another warp, and the
 * warp takes no slot meanwhile. A free slot takes the next warp in the preset's outer order
 * (sched_pool_next: maxwell's is round-robin, Table I). */
#include "hybrid_int.h"
#include "core/sched.h"

/* the warp's next instruction starts a strand */
static int at_strand_head(const sm_t *sm, const warp_t *w)
{
    const hy_t *h = HY(sm);
    if (w->next >= w->tr->n)
        return 1;
    int p = prog_pc_index(&h->prog, w->tr->v[w->next].pc);
    return p >= 0 && h->strands.v[h->strands.of[p]].first == (unsigned)p;
}

static int waits(const warp_t *w) { return w->at_barrier || sm_waits_long(w); }

/* no read, fill, result write or write-back of pool slot k's registers is under way */
static int quiet(const sm_t *sm, const hy_sc_t *x, unsigned k)
{
    const unsigned R = sm->c.rsp_regs;
    for (unsigned e = k * R; e < (k + 1) * R; e++)
        if (x->e_reads[e] || x->e_fill[e] || x->e_writes[e])
            return 0;
    for (unsigned t = 0; t < x->nxf; t++)
        if ((unsigned)x->xf[t].e / R == k)
            return 0;
    return 1;
}

int hy_pool_flushing(const sm_t *sm, const hy_sc_t *x, unsigned w)
{
    for (unsigned k = 0; k < sm->c.active_pool; k++)
        if (x->pool[k] == HY_FLUSHING && x->flush_warp[k] == (int)w)
            return 1;
    return 0;
}

/* an issued instruction of the warp has not read its operands yet (per-warp partition: they
 * name the slot's sets) */
static int reads_pending(const sm_t *sm, const warp_t *w)
{
    for (unsigned r = 0; r < sm->c.arch_regs; r++)
        if (w->pend_r[r])
            return 1;
    return 0;
}

/* a warp holds no slot, and the partition of its last one is not being flushed */
static int may_join(const sm_t *sm, unsigned g, const void *ctx)
{
    return HY(sm)->pslot[g] < 0 && !hy_pool_flushing(sm, ctx, sm->w[g].local);
}

void hy_pool_update(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    hy_t *h = HY(sm);
    hy_sc_t *x = HSC(sm, s);
    for (unsigned k = 0; k < c->active_pool; k++) {
        if (x->pool[k] == HY_FLUSHING && x->rco && x->rco->fl_done && x->flush_slot == (int)k)
            x->pool[k] = -1;
        if (x->pool[k] < 0)
            continue;
        const unsigned g = (unsigned)x->pool[k];
        const warp_t *w = &sm->w[g];
        int done = !w->used || (w->done_issuing && !w->inflight);
        int leave = w->used && !w->done_issuing && waits(w) && (!h->v->rsp || at_strand_head(sm, w));
        if (!(done || leave) || !quiet(sm, x, k) ||
            (c->rc_partition == RC_PER_WARP && reads_pending(sm, w)))
            continue;
        for (unsigned e = k * c->rsp_regs; e < (k + 1) * c->rsp_regs; e++) {
            if (x->e_reg[e] >= 0 && !done) {
                hy_fail(sm, g, (unsigned)x->e_reg[e],
                        "the warp leaves the active pool with a live scratchpad register");
                return;
            }
            x->e_reg[e] = -1; /* a finished warp's registers are dead */
            x->e_dying[e] = 0;
        }
        h->st.pool_leaves += leave;
        h->pslot[g] = -1;
        x->pool[k] = c->rc_partition == RC_PER_WARP ? HY_FLUSHING : -1;
        x->flush_warp[k] = (int)w->local;
        sm_slots_changed(sm);
    }
    for (unsigned k = 0; k < c->active_pool; k++) {
        if (x->pool[k] != -1)
            continue;
        const unsigned g = sched_pool_next(sm, s, may_join, x);
        if (g == ~0u)
            break;
        x->pool[k] = (int)g;
        h->pslot[g] = (int)k;
        sched_pool_joined(sm, s, g);
    }
}
