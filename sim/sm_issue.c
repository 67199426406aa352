/* Issue stage: warp schedulers (loose round robin, greedy-then-oldest, two-level with an
 * active pool), the scoreboard (pending writes block RAW/WAW, pending operand reads block WAR)
 * and collector-unit allocation. */
#include "isa.h"
#include "sm_int.h"
#include <string.h>

int sm_can_issue(const warp_t *w)
{
    if (!w->used || !w->active || w->done_issuing)
        return R_IDLE;
    if (w->at_barrier)
        return R_BARRIER;
    const inst_t *in = &w->tr->v[w->next];
    for (unsigned i = 0; i < in->nsrc; i++)
        if (w->pend_w[in->src[i]])
            return R_SCOREBOARD;
    for (unsigned i = 0; i < in->ndst; i++)
        if (w->pend_w[in->dst[i]] || w->pend_r[in->dst[i]])
            return R_SCOREBOARD;
    return R_OK;
}

/* waiting on a long-latency (global memory) result or at a barrier: leaves the two-level
 * active pool (a pool of barrier waiters would keep the rest of their block out) */
static int leaves_pool(const warp_t *w)
{
    return w->used && !w->done_issuing &&
           (w->at_barrier || (w->long_pending && sm_can_issue(w) == R_SCOREBOARD));
}

static void refill_pool(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    unsigned k = 0;
    for (unsigned i = 0; i < x->npool; i++) {
        const warp_t *w = &sm->w[x->pool[i]];
        if (w->used && w->active && !w->done_issuing && !leaves_pool(w))
            x->pool[k++] = x->pool[i];
    }
    x->npool = k;
    while (x->npool < sm->c.active_pool) {
        unsigned best = ~0u;
        for (unsigned l = 0; l < nw; l++) {
            unsigned g = l * S + s;
            const warp_t *w = &sm->w[g];
            int in_pool = 0;
            for (unsigned i = 0; i < x->npool; i++)
                in_pool |= x->pool[i] == g;
            if (in_pool || !w->used || !w->active || w->done_issuing || leaves_pool(w))
                continue;
            if (best == ~0u || w->age < sm->w[best].age)
                best = g;
        }
        if (best == ~0u)
            break;
        x->pool[x->npool++] = best;
    }
}

/* candidate warps (global slots) in priority order */
static unsigned order(sm_t *sm, unsigned s, unsigned *out)
{
    subcore_t *x = &sm->sc[s];
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    unsigned n = 0;
    switch (x->lt ? SCHED_LRR : sm->c.scheduler) {
    case SCHED_TWO_LEVEL:
        refill_pool(sm, s);
        for (unsigned i = 0; i < x->npool; i++)
            out[n++] = x->pool[(x->rr_issue + 1 + i) % x->npool];
        break;
    case SCHED_GTO: {
        unsigned last = x->rr_issue * S + s;
        out[n++] = last;
        for (unsigned l = 0; l < nw; l++) {
            unsigned g = l * S + s;
            if (g == last || !sm->w[g].used)
                continue;
            unsigned j = n;
            while (j > 1 && sm->w[out[j - 1]].age > sm->w[g].age) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = g;
            n++;
        }
        break;
    }
    default:
        for (unsigned i = 0; i < nw; i++)
            out[n++] = ((x->rr_issue + 1 + i) % nw) * S + s;
    }
    return n;
}

static int free_cu(sm_t *sm, unsigned s)
{
    if (sm->sc[s].lt)
        return ltrf_issue_free(sm, s) ? 0 : -1;
    subcore_t *x = &sm->sc[s];
    for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++) {
        const ocu_out_t *o = x->cu_out[k];
        const ocu_in_t *in = ls_in(x->cu[k]);
        if (!o->busy && !in->alloc_valid)
            return (int)k;
    }
    return -1;
}

static void issue_one(sm_t *sm, unsigned s, unsigned g, int cu)
{
    warp_t *w = &sm->w[g];
    const inst_t *in = &w->tr->v[w->next];
    unsigned f = sm_flight_alloc(sm);
    flight_t *fl = &sm->fl[f];
    fl->warp = g;
    fl->in = in;
    fl->dyn = w->next;
    if (sm->sc[s].lt)
        ltrf_issue(sm, s, f);
    else {
        ocu_in_t *ci = ls_in(sm->sc[s].cu[cu]);
        ci->alloc_valid = 1;
        ci->alloc_warp = w->local;
        ci->alloc_info = f;
        for (unsigned i = 0; i < in->nsrc; i++) {
            ci->alloc_src_valid[i] = 1;
            ci->alloc_src[i] = in->src[i];
        }
    }
    for (unsigned i = 0; i < in->nsrc; i++)
        w->pend_r[in->src[i]]++;
    for (unsigned i = 0; i < in->ndst; i++)
        w->pend_w[in->dst[i]]++;
    w->wpend += in->ndst;
    if (in->cls == CLS_GMEM && in->ndst)
        w->long_pending++;
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

void sm_issue(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    unsigned cand[256], n = order(sm, s, cand), issued = 0;
    int saw_ready = 0, saw_sb = 0, saw_bar = 0, saw_cache = 0;
    for (unsigned i = 0; i < n && issued < sm->c.issue_width; i++) {
        unsigned g = cand[i];
        int r = sm_can_issue(&sm->w[g]);
        if (r == R_OK && x->lt)
            r = ltrf_issue_gate(sm, g);
        saw_sb |= r == R_SCOREBOARD;
        saw_bar |= r == R_BARRIER;
        saw_cache |= r == R_CACHE || r == R_PREFETCH;
        if (r != R_OK)
            continue;
        saw_ready = 1;
        int cu = free_cu(sm, s);
        if (cu < 0)
            break;
        issue_one(sm, s, g, cu);
        issued++;
        if (sm->c.scheduler == SCHED_TWO_LEVEL && !x->lt) {
            for (unsigned k = 0; k < x->npool; k++)
                if (x->pool[k] == g)
                    x->rr_issue = k;
        } else
            x->rr_issue = sm->w[g].local;
    }
    if (issued)
        return;
    if (saw_ready)
        sm->st.stall_collector++;
    else if (saw_sb)
        sm->st.stall_scoreboard++;
    else if (saw_bar)
        sm->st.stall_barrier++;
    else if (saw_cache)
        sm->st.stall_regcache++;
    else
        sm->st.stall_idle++;
}
