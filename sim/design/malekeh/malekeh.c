/* Design `malekeh`: the hooks (contract in malekeh_int.h). */
#include "malekeh_int.h"
#include <stdlib.h>
#include <string.h>

STATS_LIST(malekeh_stats, "malekeh", MALEKEH_STATS);
static const stat_list_t *const mk_stats[] = {&mainrf_stats, &malekeh_stats, NULL};

#define MK(sm) ((mk_t *)(sm)->dpriv)
#define SC(sm, s) ((mk_sc_t *)(sm)->sc[s].dpriv)

static int mk_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    mk_t *m = calloc(1, sizeof *m);
    sm->dpriv = m;
    if (!m || !(m->sc = calloc(c->schedulers, sizeof *m->sc)) ||
        !(m->hint = calloc(c->warp_slots, sizeof *m->hint)) ||
        !(m->hint_cap = calloc(c->warp_slots, sizeof *m->hint_cap))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&m->rst);
    sm_stat_group(sm, &malekeh_stats, (const uint64_t *)&m->st);
    for (unsigned s = 0; s < c->schedulers; s++) {
        mk_sc_t *x = sm->sc[s].dpriv = &m->sc[s];
        char name[40];
        snprintf(name, sizeof name, "ccu_alloc.sc%u", s);
        if (!(x->rf = mainrf_new(sm, s, err, n)) ||
            !(x->alloc = sm_make_inst(sm, "ccu_alloc", name, err, n)))
            return -1;
    }
    if (!(m->sthld = sm_make_inst(sm, "sthld", "sthld", err, n)))
        return -1;
    if (sm->o.sthld_log && !(m->log = fopen(sm->o.sthld_log, "w"))) {
        snprintf(err, n, "--sthld-log: cannot write '%s'", sm->o.sthld_log);
        return -1;
    }
    if (m->log)
        fprintf(m->log, "# cycle ipc state sthld kernel\n");
    return 0;
}

static void mk_free(sm_t *sm)
{
    mk_t *m = MK(sm);
    if (!m)
        return;
    mk_hints_free(sm, m);
    if (m->log)
        fclose(m->log);
    free(m->sc);
    free(m);
}

static int mk_kernel(sm_t *sm, kernel_t *k)
{
    MK(sm)->kernels++;
    return mk_hints_kernel(sm, MK(sm), k);
}

static void mk_launched(sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    mk_sc_t *x = SC(sm, w->sc);
    x->rel = 1;
    x->rel_warp = w->local;
    if (mk_hints_warp(sm, MK(sm), g)) {
        sm->error = 2;
        snprintf(sm->err, sm->errn, "out of memory (reuse hints)");
    }
}

static const ccu_out_t *ccu_out(const sm_t *sm, unsigned s, unsigned k)
{
    return sm->sc[s].cu_out[k];
}

/* the STHLD of this cycle; one log line per completed interval */
static void sthld_front(sm_t *sm)
{
    mk_t *m = MK(sm);
    m->so = ls_eval(m->sthld, 0);
    if (!m->so->interval_end)
        return;
    m->st.sthld_intervals++;
    if (m->log)
        fprintf(m->log, "%llu %.4f %u %u %u\n", (unsigned long long)sm->st.cycles - 1,
                (double)(m->insts_seen - m->insts_logged) / sm->c.sthld_interval, m->so->state,
                m->so->sthld, m->kernels);
    m->insts_logged = m->insts_seen;
}

static void mk_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    mk_sc_t *x = SC(sm, s);
    if (s == 0)
        sthld_front(sm);
    x->granted = 0;
    rf_in_t *in = ls_in(x->rf);
    ls_clear_strobes(x->rf);
    unsigned launch = sm_launch_inputs(sm, s, in);
    for (unsigned k = 0, p = 0; k < cfg_cus_per_sc(c); k++, p += c->max_srcs)
        sm_cu_requests(sm, s, k, in->rd_valid + p, in->rd_warp + p, in->rd_reg + p);
    sm_writeback_inputs(sm, s, in);
    x->rfo = ls_eval(x->rf, 1);
    sm_launch_done(sm, s, launch);
}

/* after dispatch: the allocator's view of the CCUs (port R, free = idle or dispatching now) */
static void mk_allocate(sm_t *sm, unsigned s)
{
    mk_sc_t *x = SC(sm, s);
    ccu_alloc_in_t *ai = ls_in(x->alloc);
    ls_clear_strobes(x->alloc);
    for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++) {
        const ccu_out_t *o = ccu_out(sm, s, k);
        ai->ccu_busy[k] = !sm_cu_is_free(sm, s, k);
        ai->ccu_valid[k] = o->r_valid;
        ai->ccu_warp[k] = o->r_warp;
        ai->ccu_near[k] = o->r_near;
    }
    ai->req_valid = 0;
    ai->req_warp = 0;
    ai->sthld = MK(sm)->so->sthld;
    x->nasked = 0;
    x->sthld_asked = 0;
    x->ao = ls_eval(x->alloc, 0);
}

static int mk_prefer(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    return SC(sm, w->sc)->ao->has_data[w->local] != 0;
}

/* the allocator's answer for the scheduler's pick; one grant per sub-core and cycle */
static int mk_slot(const sm_t *sm, unsigned s, unsigned g)
{
    mk_sc_t *x = SC(sm, s);
    if (x->granted)
        return -1;
    ccu_alloc_in_t *ai = ls_in(x->alloc);
    ai->req_valid = 1;
    ai->req_warp = sm->w[g].local;
    x->ao = ls_eval(x->alloc, 0);
    if (x->ao->grant_valid)
        return (int)x->ao->grant_ccu;
    if (!x->nasked++ || (x->ao->stall == CCU_STALL_STHLD && !x->sthld_asked)) {
        x->sthld_asked |= x->ao->stall == CCU_STALL_STHLD;
        x->sthld_warp = ai->req_warp;
    }
    return -1;
}

static void mk_issue(sm_t *sm, unsigned s, int slot, unsigned f)
{
    const flight_t *fl = &sm->fl[f];
    const mk_hint_t *h = MK(sm)->hint[fl->warp] + (size_t)fl->dyn * REUSE_OPS;
    sm_cu_alloc(sm, s, slot, f);
    ccu_in_t *ci = ls_in(sm->sc[s].cu[slot]);
    for (unsigned i = 0; i < sm->c.max_srcs; i++)
        ci->alloc_near[i] = i < fl->in->nsrc ? h[i] : 0;
    SC(sm, s)->granted = 1;
}

/* read grants and data from the rf; port D: the results the rf writes this cycle; rel */
static void mk_collector_inputs(sm_t *sm, unsigned s, unsigned k, void *cu_in)
{
    const sm_cfg_t *c = &sm->c;
    mk_sc_t *x = SC(sm, s);
    ccu_in_t *in = cu_in;
    sm_cu_inputs(sm, in, SM_CU_PORTS(sm, k, x->rfo, rd_gnt, rsp_valid, rsp_data));
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        if (!x->rfo->wr_gnt[p])
            continue;
        const wbq_ent_t *e = sm_wbq_at(sm, s, p);
        const flight_t *fl = &sm->fl[e->flight];
        const warp_t *w = &sm->w[fl->warp];
        const mk_hint_t *h = MK(sm)->hint[fl->warp] + (size_t)fl->dyn * REUSE_OPS;
        in->wr_valid[p] = 1;
        in->wr_warp[p] = w->local;
        in->wr_reg[p] = fl->in->dst[e->d];
        in->wr_near[p] = sm_partial(sm, w, fl->in) ? 0 : h[INST_MAX_SRC + e->d];
        memcpy(in->wr_data[p], fl->dst_val[e->d], c->lanes * 4);
    }
    in->rel_valid = (uint32_t)x->rel;
    in->rel_warp = x->rel_warp;
}

/* the results written this cycle: under a partial mask, of a warp without a CCU */
static void count_writes(sm_t *sm, unsigned s)
{
    mk_t *m = MK(sm);
    mk_sc_t *x = SC(sm, s);
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        if (!x->rfo->wr_gnt[p])
            continue;
        const flight_t *fl = &sm->fl[sm_wbq_at(sm, s, p)->flight];
        const warp_t *w = &sm->w[fl->warp];
        m->st.ccu_wr_partial += (uint64_t)sm_partial(sm, w, fl->in);
        int owned = 0;
        for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++)
            owned |= ccu_out(sm, s, k)->r_valid && ccu_out(sm, s, k)->r_warp == w->local;
        m->st.ccu_wr_no_ccu += (uint64_t)!owned;
    }
}

static void sthld_back(sm_t *sm)
{
    mk_t *m = MK(sm);
    sthld_in_t *in = ls_in(m->sthld);
    uint64_t d = sm->st.instructions - m->insts_seen;
    in->insts = (uint32_t)(d > 255 ? 255 : d);
    m->insts_seen = sm->st.instructions;
    ls_eval(m->sthld, 1);
    ls_tick(m->sthld);
}

static void mk_back(sm_t *sm, unsigned s)
{
    mk_sc_t *x = SC(sm, s);
    count_writes(sm, s);
    sm_writeback_done(sm, s, x->rfo->wr_gnt);
    ls_tick(x->rf);
    if (!x->granted && x->nasked)
        ((ccu_alloc_in_t *)ls_in(x->alloc))->req_warp = x->sthld_warp;
    x->ao = ls_eval(x->alloc, 1);
    ls_tick(x->alloc);
    x->rel = 0;
    if (s + 1 == sm->c.schedulers)
        sthld_back(sm);
}

static void mk_end(sm_t *sm)
{
    mk_t *m = MK(sm);
    malekeh_stats_t *st = &m->st;
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        mainrf_count(sm, SC(sm, s)->rf, &m->rst);
        for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++) {
            const ccu_state_t *u = sm->sc[s].cu[k]->st;
            st->ccu_hits += u->hits;
            st->ccu_misses += u->misses;
            st->ccu_wr_kept += u->wr_kept;
            st->ccu_wr_dropped_far += u->wr_dropped_far;
            st->ccu_wr_dropped_port += u->wr_dropped_port;
            st->ccu_wr_dropped_locked += u->wr_dropped_locked;
            st->ccu_wr_invalidated += u->wr_invalidated;
            st->ccu_flushes += u->flushes;
            st->ccu_releases += u->releases;
        }
        const ccu_alloc_state_t *a = SC(sm, s)->alloc->st;
        st->ccu_alloc_own += a->grants[CCU_GRANT_OWN];
        st->ccu_alloc_empty += a->grants[CCU_GRANT_EMPTY];
        st->ccu_alloc_far += a->grants[CCU_GRANT_FAR];
        st->ccu_alloc_near += a->grants[CCU_GRANT_NEAR];
        st->stall_sthld += a->stalls[CCU_STALL_STHLD];
        st->stall_ccu_busy += a->stalls[CCU_STALL_OWN_BUSY];
        st->stall_ccu_full += a->stalls[CCU_STALL_FULL];
    }
    const sthld_state_t *t = m->sthld->st;
    st->sthld_final = t->sthld;
    st->sthld_state = t->state;
}

const design_ops_t design_malekeh = {
    .schedulers = SCHED_ALL_POLICIES,
    .collector = "ccu",
    .stats = mk_stats,
    .init = mk_init,
    .free = mk_free,
    .kernel = mk_kernel,
    .launched = mk_launched,
    .front = mk_front,
    .allocate = mk_allocate,
    .prefer = mk_prefer,
    .slot = mk_slot,
    .slot_per_warp = 1,
    .issue = mk_issue,
    .collector_inputs = mk_collector_inputs,
    .back = mk_back,
    .end = mk_end,
};
