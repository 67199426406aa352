/* The register-file cache designs ltrf, ltrf+ and rfc-demand (see ltrf.h): construction, compiler
 * passes per kernel, warp launch, the issue gate, collector inputs, statistics and the
 * registry entries. */
#include "ltrf_int.h"

STATS_LIST(ltrf_stats, "ltrf", LTRF_STATS);
STATS_LIST(prefetch_stats, "prefetch", PREFETCH_STATS);

static int sc_new(sm_t *sm, unsigned s, ltrf_sc_t *e, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    e->rows = c->active_pool;
    e->row = calloc(e->rows, sizeof *e->row);
    e->job = calloc(e->rows, sizeof *e->job);
    e->abank = calloc(e->rows, sizeof *e->abank);
    e->ao = calloc(e->rows, sizeof *e->ao);
    e->staged = calloc((size_t)e->rows * STAGE_MAX, sizeof *e->staged);
    if (!e->row || !e->job || !e->abank || !e->ao || !e->staged) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (unsigned r = 0; r < e->rows; r++) {
        e->row[r].warp = ~0u;
        e->row[r].st = e->staged + (size_t)r * STAGE_MAX;
    }
    memset(e->fill_in, 0xff, sizeof e->fill_in);
    e->ev = calloc((size_t)e->rows * c->rfc_banks, sizeof *e->ev);
    if (!e->ev) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    q_init(&e->land, sizeof(landing_t));
    q_init(&e->vs, sizeof(ref_t));
    char name[40];
    if (!(e->rf = mainrf_new(sm, s, "rf_fill", err, n)))
        return -1;
    snprintf(name, sizeof name, "wcb.sc%u", s);
    if (!(e->wcb = sm_make_inst(sm, "wcb", name, err, n)))
        return -1;
    snprintf(name, sizeof name, "rfc.sc%u", s);
    if (!(e->rfc = sm_make_inst(sm, "rfc", name, err, n)))
        return -1;
    snprintf(name, sizeof name, "aau_off.sc%u", s);
    if (!(e->aoff = sm_make_inst(sm, "aau_off", name, err, n)))
        return -1;
    for (unsigned r = 0; r < e->rows; r++) {
        snprintf(name, sizeof name, "aau.sc%u.r%u", s, r);
        if (!(e->abank[r] = sm_make_inst(sm, "aau", name, err, n)))
            return -1;
    }
    const rfc_cfg_t *rc = e->rfc->cfg;
    const rf_cfg_t *fc = e->rf->cfg;
    e->nports = cfg_warps_per_sc(c) * WCB_READ_PORTS;
    /* enough reads in flight per row to keep one main-RF read per cycle across the bank
     * latency and a crossbar port's occupancy, and every fill port busy */
    e->stage_depth = fc->bank_latency + rc->beats;
    if (e->stage_depth < c->rfc_fill_ports)
        e->stage_depth = c->rfc_fill_ports;
    if (e->stage_depth > STAGE_MAX)
        e->stage_depth = STAGE_MAX;
    return 0;
}

static int ltrf_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    if (c->rfc_fill_ports > c->rfc_banks || c->rfc_alloc_ports > c->rfc_banks)
        return gpurf_fail(err, n, "%s: field '%s': %u, more than a row's %u cache banks (rfc_banks)",
                          c->name, c->rfc_fill_ports > c->rfc_banks ? "rfc_fill_ports" : "rfc_alloc_ports",
                          c->rfc_fill_ports > c->rfc_banks ? c->rfc_fill_ports : c->rfc_alloc_ports,
                          c->rfc_banks);
    if (c->active_pool * c->rfc_fill_ports > RF_MAX_PORTS)
        return gpurf_fail(err, n, "%s: field 'rfc_fill_ports': %u rows x %u fill ports exceed the main "
                          "register file's %u read ports", c->name, c->active_pool, c->rfc_fill_ports,
                          RF_MAX_PORTS);
    if (c->active_pool * c->rfc_alloc_ports > WCB_MAX_MPORTS)
        return gpurf_fail(err, n, "%s: field 'rfc_alloc_ports': %u rows x %u allocation ports exceed "
                          "the WCB's %u map ports", c->name, c->active_pool, c->rfc_alloc_ports,
                          WCB_MAX_MPORTS);
    ltrf_t *t = sm->dpriv = calloc(1, sizeof *t);
    if (!t || !(t->w = calloc(c->warp_slots, sizeof *t->w)) ||
        !(t->sc = calloc(c->schedulers, sizeof *t->sc))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    t->v = sm->d->variant;
    /* rfc_writeback paper: LTRF writes back the working set (L161), LTRF+ its live part (L165) */
    t->wb = c->rfc_writeback != WB_PAPER ? c->rfc_writeback : t->v->liveness ? WB_LIVE : WB_ALL;
    t->dead = !t->v->demand && (t->v->liveness || t->wb == WB_LIVE || t->wb == WB_LIVE_DIRTY);
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&t->rst);
    sm_stat_group(sm, &ltrf_stats, (const uint64_t *)&t->st);
    if (!t->v->demand)
        sm_stat_group(sm, &prefetch_stats, (const uint64_t *)&t->pst);
    sm_set_stall_counter(sm, &t->st.stall_regcache);
    for (unsigned s = 0; s < c->schedulers; s++) {
        sm->sc[s].dpriv = &t->sc[s];
        if (sc_new(sm, s, &t->sc[s], err, n))
            return -1;
    }
    return 0;
}

static void passes_free(ltrf_t *t)
{
    if (!t->passes)
        return;
    liveness_free(&t->lv);
    regint_free(&t->ri);
    prog_free(&t->prog);
    t->passes = 0;
}

static void ltrf_free(sm_t *sm)
{
    ltrf_t *t = sm->dpriv;
    if (!t)
        return;
    for (unsigned s = 0; t->sc && s < sm->c.schedulers; s++) {
        ltrf_sc_t *e = &t->sc[s];
        free(e->row);
        free(e->staged);
        free(e->job);
        free(e->abank);
        free(e->ao);
        free(e->ev);
        q_free(&e->land);
        q_free(&e->vs);
    }
    passes_free(t);
    free(t->sc);
    free(t->w);
    free(t);
}

static int ltrf_kernel(sm_t *sm, kernel_t *k)
{
    ltrf_t *t = LT(sm);
    passes_free(t);
    if (t->v->demand)
        return 0;
    /* a pass that fails leaves the others' structures zeroed; passes_free frees all */
    memset(&t->prog, 0, sizeof t->prog);
    memset(&t->ri, 0, sizeof t->ri);
    memset(&t->lv, 0, sizeof t->lv);
    t->passes = 1;
    if (prog_recover(k, &t->prog, sm->err, sm->errn) ||
        regint_form(&t->prog, sm->c.rfc_banks, &t->ri, sm->err, sm->errn) ||
        liveness_run(&t->prog, &t->lv, sm->o.pass_fault)) {
        passes_free(t);
        return -1;
    }
    return 0;
}

/* a slot takes a new warp once its last warp has given its cache row back and the row's
 * write-backs to the main register file are done (launch resets the warp's counts) */
static int ltrf_slot_free(const sm_t *sm, unsigned g)
{
    const ltrf_warp_t *q = &LT(sm)->w[g];
    return q->lt == LT_OFF && !q->ev_reads && !q->ev_writes;
}

/* a warp still holding a cache row or writing it back deactivates with this kernel's
 * liveness */
static int ltrf_busy(const sm_t *sm)
{
    for (unsigned g = 0; g < sm->c.warp_slots; g++)
        if (!ltrf_slot_free(sm, g))
            return 1;
    return 0;
}

static void ltrf_launched(sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    ltrf_warp_t *q = lw(sm, w);
    memset(q, 0, sizeof *q);
    q->lt = LT_OFF;
    q->pf_dyn = ~0u;
    q->cur_iv = ~0u;
    memset(q->bank, NO_BANK, sizeof q->bank); /* mapped: none */
    wcb_in_t *wi = ls_in(SC(sm, w->sc)->wcb);
    wi->init_valid = 1;
    wi->init_warp = w->local;
}

unsigned ltrf_header_iv(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    const ltrf_t *t = LT(sm);
    const ltrf_warp_t *q = lw(sm, w);
    if (t->v->demand || q->pf_dyn == w->next || w->next >= w->tr->n)
        return ~0u;
    /* re-entering the interval it holds (a loop back to its header) needs no prefetch */
    int p = pidx_of(sm, &w->tr->v[w->next]);
    if (p < 0 || !regint_is_prefetch(&t->ri, (unsigned)p) || regint_of(&t->ri, (unsigned)p) == q->cur_iv)
        return ~0u;
    return regint_of(&t->ri, (unsigned)p);
}

int ltrf_wait(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    const ltrf_t *t = LT(sm);
    const ltrf_warp_t *q = lw(sm, w);
    if (q->lt != LT_RUN)
        return W_CACHE;
    /* rfc-demand: one instruction per warp in the lookup stage, so that a later one cannot pin the
     * registers an earlier miss needs to evict */
    for (unsigned i = 0; t->v->demand && i < LK_MAX; i++)
        if (SC(sm, w->sc)->lk[i].valid && sm->fl[SC(sm, w->sc)->lk[i].flight].warp == g)
            return W_CACHE;
    return ltrf_header_iv(sm, g) != ~0u ? W_PREFETCH : W_NONE;
}

static int ltrf_gate(const sm_t *sm, unsigned g) { return ltrf_wait(sm, g) ? R_DESIGN : R_OK; }

static void ltrf_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    const rfc_out_t *co = SC(sm, s)->co;
    sm_cu_inputs(sm, cu, SM_CU_PORTS(sm, k, co, rd_gnt, rsp_valid, rsp_data));
}

/* the dumps of sub-core 0's wcb, aau_off, row 0's aau, rf and rfc merged into one with the
 * view waves/prefetch.gtkw (a PREFETCH across the blocks) */
static int ltrf_merge_waves(sm_t *sm)
{
    const ltrf_sc_t *e = SC(sm, 0);
    const char *insts[] = {e->wcb->name, e->aoff->name, e->abank[0]->name, e->rf->name,
                           e->rfc->name};
    static const char *const scopes[] = {"wcb", "aau_off", "aau_r0", "rf", "rfc"};
    return ls_merge_waves(&sm->ls, "prefetch", "prefetch.sc0", insts, scopes, 5) < 0 ? -1 : 0;
}

static void ltrf_end(sm_t *sm)
{
    ltrf_t *t = LT(sm);
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        const ltrf_sc_t *e = SC(sm, s);
        const rfc_state_t *r = e->rfc->st;
        t->st.rfc_reads += r->reads;
        t->st.rfc_writes += r->writes;
        t->st.rfc_fills += r->fills;
        t->st.rfc_bank_conflicts += r->bank_conflicts;
        mainrf_count(sm, e->rf, &t->rst);
    }
}

static const stat_list_t *const pf_lists[] = {&mainrf_stats, &ltrf_stats, &prefetch_stats, NULL};
static const stat_list_t *const demand_lists[] = {&mainrf_stats, &ltrf_stats, NULL};

#define LTRF_DESIGN(sym, liveness_, demand_)                                                      \
    static const ltrf_variant_t sym##_v = {liveness_, demand_};                                   \
    const design_ops_t sym = {                                                                     \
        .schedulers = 1u << SCHED_TWO_LEVEL,                                                       \
        .paper_scheduler = SCHED_TWO_LEVEL,                                                        \
        .own_pool = 1,                                                                             \
        .variant = &sym##_v,                                                                       \
        .stats = demand_ ? demand_lists : pf_lists,                                                \
        .cache_hits = "wcb_hits",                                                                  \
        .cache_lookups = "wcb_lookups",                                                            \
        .init = ltrf_init,                                                                         \
        .free = ltrf_free,                                                                         \
        .kernel = ltrf_kernel,                                                                     \
        .busy = ltrf_busy,                                                                         \
        .slot_free = ltrf_slot_free,                                                               \
        .launched = ltrf_launched,                                                                 \
        .front = ltrf_front,                                                                       \
        .dispatch_ok = ltrf_dispatch_ok,                                                           \
        .dispatched = ltrf_dispatched,                                                             \
        .allocate = ltrf_lookup_allocate,                                                          \
        .gate = ltrf_gate,                                                                         \
        .slot = ltrf_slot,                                                                         \
        .issue = ltrf_issue,                                                                       \
        .collector_inputs = ltrf_collector_inputs,                                                 \
        .back = ltrf_back,                                                                         \
        .end = ltrf_end,                                                                           \
        .merge_waves = ltrf_merge_waves,                                                           \
    }

LTRF_DESIGN(design_ltrf, 0, 0);
LTRF_DESIGN(design_ltrf_plus, 1, 0);
LTRF_DESIGN(design_rfc_demand, 0, 1);
