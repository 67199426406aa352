/* Design `malekeh`: the hooks (contract in malekeh_int.h). */
#include "malekeh_int.h"
#include <stdlib.h>
#include <string.h>

STATS_LIST(malekeh_stats, "malekeh", MALEKEH_STATS);
static const stat_list_t *const mk_stats[] = {&mainrf_stats, &malekeh_stats, NULL};

static int mk_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    mk_t *m = calloc(1, sizeof *m);
    sm->dpriv = m;
    if (!m)
        goto oom;
    m->pool = c->ccu_pool == CCU_POOL_SM;
    m->nalloc = m->pool ? 1 : c->schedulers;
    if (m->pool && (c->collectors > CCU_ALLOC_MAX_CCUS || c->warp_slots > CCU_ALLOC_MAX_WARPS ||
                    c->schedulers > CCU_ALLOC_MAX_REQS)) {
        snprintf(err, n, "%s: field 'ccu_pool': one allocator over %u CCUs, %u warps and %u "
                 "schedulers exceeds its RTL's %u, %u and %u (ccu_pool subcore splits it)",
                 c->name, c->collectors, c->warp_slots, c->schedulers, CCU_ALLOC_MAX_CCUS,
                 CCU_ALLOC_MAX_WARPS, CCU_ALLOC_MAX_REQS);
        return -2;
    }
    if (!(m->sc = calloc(c->schedulers, sizeof *m->sc)) ||
        !(m->alloc = calloc(m->nalloc, sizeof *m->alloc)) ||
        !(m->ao = calloc(m->nalloc, sizeof *m->ao)) ||
        !(m->hint = calloc(c->warp_slots, sizeof *m->hint)) ||
        !(m->hint_cap = calloc(c->warp_slots, sizeof *m->hint_cap)))
        goto oom;
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&m->rst);
    sm_stat_group(sm, &malekeh_stats, (const uint64_t *)&m->st);
    for (unsigned s = 0; s < c->schedulers; s++) {
        mk_sc_t *x = sm->sc[s].dpriv = &m->sc[s];
        if (!(x->rf = mainrf_new(sm, s, m->pool ? "rf_pool" : "rf", err, n)))
            return -1;
    }
    for (unsigned a = 0; a < m->nalloc; a++) {
        char name[40];
        snprintf(name, sizeof name, m->pool ? "ccu_alloc" : "ccu_alloc.sc%u", a);
        if (!(m->alloc[a] = sm_make_inst(sm, "ccu_alloc", name, err, n)))
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
oom:
    snprintf(err, n, "out of memory");
    return -1;
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
    free(m->alloc);
    free(m->ao);
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
    x->rel_warp = mk_wid(sm, g);
    if (mk_hints_warp(sm, MK(sm), g)) {
        sm->error = 2;
        snprintf(sm->err, sm->errn, "out of memory (reuse hints)");
    }
}

/* the STHLD of this cycle; one log line per decided interval */
static void sthld_front(sm_t *sm)
{
    mk_t *m = MK(sm);
    m->so = ls_eval(m->sthld, 0);
    if (!m->so->decided)
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
    if (MK(sm)->pool) { /* every CCU's requests: once every sub-core's CCUs are evaluated */
        if (s + 1 == c->schedulers)
            mk_pool_front(sm);
        return;
    }
    rf_in_t *in = ls_in(x->rf);
    ls_clear_strobes(x->rf);
    unsigned launch = sm_launch_inputs(sm, s, x->rf);
    for (unsigned k = 0, p = 0; k < cfg_cus_per_sc(c); k++, p += c->max_srcs)
        sm_cu_requests(sm, s, k, in->rd_valid + p, in->rd_warp + p, in->rd_reg + p);
    sm_writeback_inputs(sm, s, in);
    x->rfo = ls_eval(x->rf, 1);
    sm_launch_done(sm, s, launch);
}

/* the sub-cores whose CCUs sub-core s's allocator sees: every one (sm) or s (subcore) */
static unsigned pool_first(const sm_t *sm, unsigned s) { return MK(sm)->pool ? 0 : s; }
static unsigned pool_end(const sm_t *sm, unsigned s) { return MK(sm)->pool ? sm->c.schedulers : s + 1; }

/* the allocator's view of CCUs (s, k) as its CCU i (port R, free = idle or dispatching now) */
static void ccu_view(const sm_t *sm, unsigned s, unsigned k, unsigned i, ccu_alloc_in_t *ai)
{
    const ccu_out_t *o = mk_ccu_out(sm, s, k);
    ai->ccu_busy[i] = !sm_cu_is_free(sm, s, k);
    ai->ccu_valid[i] = o->r_valid;
    ai->ccu_warp[i] = o->r_warp;
    ai->ccu_near[i] = o->r_near;
}

/* after dispatch: the allocators' view of the CCUs, no request yet (has_data for the order) */
static void mk_allocate(sm_t *sm, unsigned s)
{
    mk_t *m = MK(sm);
    const unsigned per = cfg_cus_per_sc(&sm->c);
    if (m->pool && s)
        return;
    ls_inst_t *al = m->alloc[m->pool ? 0 : s];
    ccu_alloc_in_t *ai = ls_in(al);
    ls_clear_strobes(al);
    for (unsigned t = pool_first(sm, s); t < pool_end(sm, s); t++)
        for (unsigned k = 0; k < per; k++)
            ccu_view(sm, t, k, m->pool ? t * per + k : k, ai);
    memset(ai->req_valid, 0, sizeof ai->req_valid);
    memset(ai->req_warp, 0, sizeof ai->req_warp);
    memset(ai->req_age, 0, sizeof ai->req_age);
    ai->sthld = m->so->sthld;
    mk_sc_t *x = SC(sm, s);
    x->nasked = 0;
    x->sthld_asked = 0;
    m->ao[m->pool ? 0 : s] = ls_eval(al, 0);
}

static int mk_prefer(const sm_t *sm, unsigned g)
{
    const mk_t *m = MK(sm);
    return m->ao[m->pool ? 0 : sm->w[g].sc]->has_data[mk_wid(sm, g)] != 0;
}

/* the allocator's answer for the scheduler's pick; one grant per sub-core and cycle (sm: the
 * latch, when empty) */
static int mk_slot(const sm_t *sm, unsigned s, unsigned g)
{
    mk_t *m = MK(sm);
    mk_sc_t *x = SC(sm, s);
    if (m->pool)
        return x->latched ? -1 : 0;
    if (x->granted)
        return -1;
    ccu_alloc_in_t *ai = ls_in(m->alloc[s]);
    ai->req_valid[0] = 1;
    ai->req_warp[0] = sm->w[g].local;
    const ccu_alloc_out_t *ao = m->ao[s] = ls_eval(m->alloc[s], 0);
    if (ao->grant_valid[0])
        return (int)ao->grant_ccu[0];
    if (!x->nasked++ || (ao->stall[0] == CCU_STALL_STHLD && !x->sthld_asked)) {
        x->sthld_asked |= ao->stall[0] == CCU_STALL_STHLD;
        x->sthld_warp = ai->req_warp[0];
    }
    return -1;
}

void mk_ccu_alloc(sm_t *sm, unsigned s, unsigned k, unsigned f)
{
    const mk_hint_t *h = mk_hints(sm, f);
    uint32_t src[INST_MAX_SRC];
    for (unsigned i = 0; i < sm->fl[f].in->nsrc; i++)
        src[i] = sm->fl[f].in->src[i];
    sm_cu_alloc_ops(sm, s, (int)k, f, mk_wid(sm, sm->fl[f].warp), src);
    ccu_in_t *ci = ls_in(sm->sc[s].cu[k]);
    for (unsigned i = 0; i < sm->c.max_srcs; i++)
        ci->alloc_near[i] = i < sm->fl[f].in->nsrc ? h[i] : 0;
}

static void mk_issue(sm_t *sm, unsigned s, int slot, unsigned f)
{
    mk_sc_t *x = SC(sm, s);
    if (MK(sm)->pool) {
        x->latched = 1;
        x->latch = f;
        return;
    }
    mk_ccu_alloc(sm, s, (unsigned)slot, f);
    x->granted = 1;
}

void mk_ccu_writes(sm_t *sm, unsigned ws, ccu_in_t *in)
{
    const sm_cfg_t *c = &sm->c;
    const mk_sc_t *x = SC(sm, ws);
    for (unsigned p = 0, n = sm_writeback_offered(sm, ws); p < n; p++) {
        if (!x->rfo->wr_gnt[p])
            continue;
        const wbq_ent_t *e = sm_wbq_at(sm, ws, p);
        const flight_t *fl = &sm->fl[e->flight];
        const warp_t *w = &sm->w[fl->warp];
        in->wr_valid[p] = 1;
        in->wr_warp[p] = mk_wid(sm, fl->warp);
        in->wr_reg[p] = fl->in->dst[e->d];
        in->wr_near[p] = sm_partial(sm, w, fl->in) ? 0 : mk_hints(sm, e->flight)[INST_MAX_SRC + e->d];
        memcpy(in->wr_data[p], fl->dst_val[e->d], c->lanes * 4);
    }
}

/* read grants and data from the file; port D: the results it writes this cycle; rel */
static void mk_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    mk_sc_t *x = SC(sm, s);
    ccu_in_t *in = ls_in(cu);
    if (MK(sm)->pool) {
        if (s == 0 && k == 0)
            mk_pool_allocate(sm);
        mk_pool_collector_inputs(sm, s, k, cu);
        return;
    }
    sm_cu_inputs(sm, cu, SM_CU_PORTS(sm, k, x->rfo, rd_gnt, rsp_valid, rsp_data));
    mk_ccu_writes(sm, s, in);
    in->rel_valid = (uint32_t)x->rel;
    in->rel_warp = x->rel_warp;
}

/* the results written this cycle: under a partial mask, of a warp without a CCU */
static void count_writes(sm_t *sm, unsigned s)
{
    mk_t *m = MK(sm);
    mk_sc_t *x = SC(sm, s);
    const unsigned per = cfg_cus_per_sc(&sm->c);
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        if (!x->rfo->wr_gnt[p])
            continue;
        const flight_t *fl = &sm->fl[sm_wbq_at(sm, s, p)->flight];
        m->st.ccu_wr_partial += (uint64_t)sm_partial(sm, &sm->w[fl->warp], fl->in);
        const unsigned id = mk_wid(sm, fl->warp);
        int owned = 0;
        for (unsigned t = pool_first(sm, s); t < pool_end(sm, s); t++)
            for (unsigned k = 0; k < per; k++)
                owned |= mk_ccu_out(sm, t, k)->r_valid && mk_ccu_out(sm, t, k)->r_warp == id;
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

/* sub-core s's writes done and its file clocked */
static void back_rf(sm_t *sm, unsigned s)
{
    mk_sc_t *x = SC(sm, s);
    count_writes(sm, s);
    sm_writeback_done(sm, s, x->rfo->wr_gnt);
    ls_tick(x->rf);
}

/* sm: every sub-core's at the last one (a CCU reads any sub-core's writes and releases) */
static void mk_back(sm_t *sm, unsigned s)
{
    mk_t *m = MK(sm);
    mk_sc_t *x = SC(sm, s);
    const unsigned last = s + 1 == sm->c.schedulers;
    if (m->pool) {
        if (!last)
            return;
        for (unsigned t = 0; t < sm->c.schedulers; t++) {
            back_rf(sm, t);
            SC(sm, t)->rel = 0;
        }
        m->ao[0] = ls_eval(m->alloc[0], 1);
        ls_tick(m->alloc[0]);
    } else {
        back_rf(sm, s);
        if (!x->granted && x->nasked)
            ((ccu_alloc_in_t *)ls_in(m->alloc[s]))->req_warp[0] = x->sthld_warp;
        m->ao[s] = ls_eval(m->alloc[s], 1);
        ls_tick(m->alloc[s]);
        x->rel = 0;
    }
    if (last)
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
            st->ccu_wr_dropped_read += u->wr_dropped_read;
            st->ccu_wr_invalidated += u->wr_invalidated;
            st->ccu_flushes += u->flushes;
            st->ccu_releases += u->releases;
        }
    }
    for (unsigned i = 0; i < m->nalloc; i++) {
        const ccu_alloc_state_t *a = m->alloc[i]->st;
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
    .cache_hits = "ccu_hits",
    .cache_misses = "ccu_misses",
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
