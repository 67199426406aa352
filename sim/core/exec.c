/* SM core: dispatch from the collectors to the execution units, execution latency (a timing
 * wheel of flights; loads and stores through the memory hierarchy, sim/mem), completion into
 * the write-back queue and its drain. */
#include "stream/isa.h"
#include "core.h"
#include <stdlib.h>
#include <string.h>

/* flight records live in a growing pool with a free list (fl_free, ~0u when empty) */
unsigned sm_flight_alloc(sm_t *sm)
{
    if (sm->fl_free == ~0u) {
        unsigned old = sm->nfl, n = old ? 2 * old : 256;
        flight_t *v = realloc(sm->fl, n * sizeof *v);
        int *nx = realloc(sm->wheel_next, n * sizeof *nx);
        if (!v || !nx) {
            fprintf(stderr, "gpurf: out of memory\n");
            exit(2);
        }
        sm->fl = v;
        sm->wheel_next = nx;
        for (unsigned i = old; i < n; i++)
            sm->fl[i].next_free = i + 1 < n ? (int)(i + 1) : -1;
        sm->fl_free = old;
        sm->nfl = n;
    }
    unsigned f = sm->fl_free;
    sm->fl_free = sm->fl[f].next_free < 0 ? ~0u : (unsigned)sm->fl[f].next_free;
    memset(&sm->fl[f], 0, sizeof sm->fl[f]);
    return f;
}

void sm_flight_free(sm_t *sm, unsigned f)
{
    sm->fl[f].next_free = sm->fl_free == ~0u ? -1 : (int)sm->fl_free;
    sm->fl_free = f;
}

/* the flight enters the completion wheel at its done_at; seq orders the flights of one slot
 * (the latest first, as they complete) */
static void wheel_insert(sm_t *sm, unsigned f, uint64_t seq)
{
    const unsigned slot = (unsigned)(sm->fl[f].done_at % sm->wheel_size);
    unsigned *at = &sm->wheel_head[slot];
    while (*at != ~0u && sm->fl[*at].wseq > seq)
        at = (unsigned *)&sm->wheel_next[*at];
    sm->fl[f].wseq = seq;
    sm->wheel_next[f] = (int)*at;
    *at = f;
}

void sm_mem_step(sm_t *sm)
{
    mem_pend_t *p = &sm->mem_pend;
    if (!p->valid)
        return;
    p->valid = 0;
    flight_t *fl = &sm->fl[p->flight];
    const inst_t *in = fl->in;
    warp_t *w = &sm->w[fl->warp];
    int miss;
    fl->done_at = mem_access(sm->mem, w->tr, in, in->mem_read, p->enter, &miss);
    /* the two-level pool's notion of a long load (LTRF Sec. 3.2: an L1 miss) */
    if (in->cls == CLS_GMEM && in->ndst && (miss || sm->c.deact_rule == DEACT_ANY_GLOBAL)) {
        fl->long_load = 1;
        w->long_pending++;
        for (unsigned i = 0; i < in->ndst; i++)
            w->long_w[in->dst[i]]++;
        sm_sb_changed(w);
    }
    wheel_insert(sm, p->flight, p->seq);
}

void sm_dispatch(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    const design_ops_t *d = sm->d;
    const unsigned ncu = cfg_cus_per_sc(&sm->c);
    for (unsigned i = 0; i < ncu; i++) {
        unsigned k = (x->rr_disp + i) % ncu;
        const void *o = x->cu_out[k];
        if (!cu_get(sm->cup.disp_valid, o, 0))
            continue;
        unsigned f = cu_get(sm->cup.disp_info, o, 0);
        if (f >= sm->nfl) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "collector %s dispatched unknown instruction handle %u "
                     "at cycle %llu", x->cu[k]->name, f, (unsigned long long)sm->st.cycles);
            return;
        }
        const inst_t *in = sm->fl[f].in;
        const unsigned u = (unsigned)isa_unit(&sm->c, in->kind);
        const uint64_t now = sm->st.cycles;
        const int via_mem = in->cls == CLS_GMEM || in->space != MS_NONE;
        /* the warp's sub-core's unit (a collector of an SM-wide pool may hold another
         * sub-core's instruction); its latch is free once its last instruction entered it */
        subcore_t *ux = &sm->sc[sm->w[sm->fl[f].warp].sc];
        const int mem_busy = via_mem && (sm->mem_pend.valid || !mem_ready(sm->mem, now));
        if (ux->unit_taken[u] == now + 1 || ux->unit_enter[u] > now || mem_busy ||
            (d->dispatch_ok && !d->dispatch_ok(sm, s, f)))
            continue;
        ux->unit_taken[u] = now + 1;
        const uint64_t next = ux->unit_enter[u] + isa_interval(&sm->c, in->kind, in->half_ii);
        const uint64_t enter = ux->unit_enter[u] && next > now ? next : now;
        ux->unit_enter[u] = enter;
        cu_set(sm->cup.disp_ready, ls_in(x->cu[k]), 0, 1);
        sm_execute(sm, f, o);
        if (d->dispatched)
            d->dispatched(sm, s, f);
        sm->st.instructions++;
        sm->st.cu_operands += in->nsrc;
        sm->st.ur_reads += in->nusrc;
        sm->st.ur_writes += in->nudst;
        flight_t *fl = &sm->fl[f];
        if (via_mem) /* sent in sm_mem_step, in the GPU's SM order */
            sm->mem_pend = (mem_pend_t){1, f, enter, sm->wseq++};
        else {
            fl->done_at = enter + isa_latency(&sm->c, in->kind, in->cls);
            wheel_insert(sm, f, sm->wseq++);
        }
        x->rr_disp = (k + 1) % ncu;
    }
}

static void finish(sm_t *sm, unsigned f)
{
    unsigned g = sm->fl[f].warp;
    sm->w[g].inflight--;
    sm_flight_free(sm, f);
    sm_warp_retire_check(sm, g);
}

void sm_complete(sm_t *sm)
{
    unsigned slot = (unsigned)(sm->st.cycles % sm->wheel_size);
    unsigned f = sm->wheel_head[slot];
    sm->wheel_head[slot] = ~0u;
    while (f != ~0u) {
        unsigned nx = (unsigned)sm->wheel_next[f];
        flight_t *fl = &sm->fl[f];
        if (fl->done_at > sm->st.cycles) { /* a later round */
            wheel_insert(sm, f, sm->wseq++);
            f = nx;
            continue;
        }
        if (fl->in->async == AS_COPY && fl->in->mask) {
            warp_t *w = &sm->w[fl->warp];
            w->as_pend[fl->as_group % AS_RING]--;
            sm_sb_changed(w);
        }
        if (fl->long_load) {
            warp_t *w = &sm->w[fl->warp];
            w->long_pending--;
            for (unsigned i = 0; i < fl->in->ndst; i++)
                w->long_w[fl->in->dst[i]]--;
            sm_sb_changed(w);
        }
        if (!fl->in->ndst)
            finish(sm, f);
        else {
            queue_t *q = &sm->sc[sm->w[fl->warp].sc].wbq;
            fl->wb_left = fl->in->ndst;
            for (unsigned d = 0; d < fl->in->ndst; d++)
                *(wbq_ent_t *)q_push(q) = (wbq_ent_t){f, d};
        }
        f = nx;
    }
}

unsigned sm_writeback_offered(const sm_t *sm, unsigned s)
{
    unsigned n = sm->sc[s].wbq.len;
    return sm->c.wb_ports < n ? sm->c.wb_ports : n;
}

void sm_writeback_inputs(sm_t *sm, unsigned s, rf_in_t *in)
{
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        const wbq_ent_t *e = sm_wbq_at(sm, s, p);
        const flight_t *fl = &sm->fl[e->flight];
        in->wr_valid[p] = 1;
        in->wr_warp[p] = sm->w[fl->warp].local;
        in->wr_reg[p] = fl->in->dst[e->d];
        memcpy(in->wr_data[p], fl->dst_val[e->d], sm->c.lanes * 4);
        in->wr_mask[p] = sm_lanes(sm, fl->in);
    }
}

/* granted writes leave the queue; the others keep their order at its head */
void sm_writeback_done(sm_t *sm, unsigned s, const uint32_t *gnt)
{
    queue_t *q = &sm->sc[s].wbq;
    unsigned n = sm_writeback_offered(sm, s), k = 0;
    wbq_ent_t keep[RF_MAX_WPORTS];
    for (unsigned p = 0; p < n; p++) {
        const wbq_ent_t e = *(const wbq_ent_t *)q_at(q, p);
        if (!gnt[p]) {
            keep[k++] = e;
            continue;
        }
        flight_t *fl = &sm->fl[e.flight];
        sm->w[fl->warp].pend_w[fl->in->dst[e.d]]--;
        sm->w[fl->warp].wpend--;
        sm_sb_changed(&sm->w[fl->warp]);
        if (--fl->wb_left == 0)
            finish(sm, e.flight);
    }
    if (k == n)
        return;
    for (unsigned p = 0; p < n; p++)
        q_pop(q);
    while (k)
        *(wbq_ent_t *)q_push_front(q) = keep[--k];
}
