/* The register-file cache designs ltrf, ltrf+ and rfc (see ltrf.h): construction, compiler
 * passes per kernel, warp launch, the issue gate, collector inputs and statistics. */
#include "ltrf_int.h"

int ltrf_new(sm_t *sm, unsigned s, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    if (c->active_pool > cfg_cus_per_sc(c) * c->max_srcs) {
        snprintf(err, n, "%s: field 'active_pool': %u cache rows need as many main register file "
                 "read ports for fills; a sub-core has %u (collectors x max_srcs)",
                 c->name, c->active_pool, cfg_cus_per_sc(c) * c->max_srcs);
        return -1;
    }
    ltrf_sc_t *e = calloc(1, sizeof *e);
    if (!e)
        return -1;
    x->lt = e;
    e->rows = c->active_pool;
    e->row = calloc(e->rows, sizeof *e->row);
    e->abank = calloc(e->rows, sizeof *e->abank);
    e->ao = calloc(e->rows, sizeof *e->ao);
    if (!e->row || !e->abank || !e->ao)
        return -1;
    for (unsigned r = 0; r < e->rows; r++)
        e->row[r].warp = ~0u;
    e->ev.elem = sizeof(evict_t);
    e->land.elem = sizeof(landing_t);
    e->vs.elem = sizeof(ref_t);
    char name[40];
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
    /* enough reads in flight per row to keep the fill crossbar busy across the bank latency */
    e->stage_depth = (c->bank_latency + rc->beats - 1) / rc->beats + 1;
    if (e->stage_depth > STAGE_MAX)
        e->stage_depth = STAGE_MAX;
    return 0;
}

void ltrf_free(ltrf_sc_t *e)
{
    if (!e)
        return;
    free(e->row);
    free(e->abank);
    free(e->ao);
    free(e->ev.v);
    free(e->land.v);
    free(e->vs.v);
    free(e);
}

int ltrf_kernel(sm_t *sm, kernel_t *k)
{
    ltrf_kernel_done(sm);
    if (demand(sm))
        return 0;
    /* a pass that fails leaves the others' structures zeroed; ltrf_kernel_done frees all */
    memset(&sm->prog, 0, sizeof sm->prog);
    memset(&sm->ri, 0, sizeof sm->ri);
    memset(&sm->lv, 0, sizeof sm->lv);
    sm->passes = 1;
    if (prog_recover(k, &sm->prog, sm->err, sm->errn) ||
        regint_form(&sm->prog, sm->c.rfc_banks, &sm->ri, sm->err, sm->errn) ||
        liveness_run(&sm->prog, &sm->lv)) {
        ltrf_kernel_done(sm);
        return -1;
    }
    return 0;
}

void ltrf_kernel_done(sm_t *sm)
{
    if (!sm->passes)
        return;
    liveness_free(&sm->lv);
    regint_free(&sm->ri);
    prog_free(&sm->prog);
    sm->passes = 0;
}


void ltrf_launch(sm_t *sm, unsigned g)
{
    warp_t *w = &sm->w[g];
    w->lt = LT_OFF;
    w->pf_dyn = ~0u;
    w->cur_iv = ~0u;
    memset(w->bank, NO_BANK, sizeof w->bank);
    wcb_in_t *wi = ls_in(sm->sc[w->sc].lt->wcb);
    wi->init_valid = 1;
    wi->init_warp = w->local;
}

/* ---- issue gate and lookup stage ------------------------------------------------------------ */
int ltrf_issue_gate(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    if (w->lt != LT_RUN)
        return R_CACHE;
    /* rfc: one instruction per warp in the lookup stage, so that a later one cannot pin the
     * registers an earlier miss needs to evict */
    for (unsigned i = 0; demand(sm) && i < LK_MAX; i++)
        if (sm->sc[w->sc].lt->lk[i].valid && sm->fl[sm->sc[w->sc].lt->lk[i].flight].warp == g)
            return R_CACHE;
    if (!demand(sm) && w->pf_dyn != w->next) {
        /* re-entering the interval it holds (a loop back to its header) needs no prefetch */
        int p = pidx_of(sm, &w->tr->v[w->next]);
        if (p >= 0 && regint_is_prefetch(&sm->ri, (unsigned)p) &&
            regint_of(&sm->ri, (unsigned)p) != w->cur_iv)
            return R_PREFETCH;
    }
    return R_OK;
}

void ltrf_collector_inputs(sm_t *sm, unsigned s, unsigned k, void *ocu_in)
{
    const sm_cfg_t *c = &sm->c;
    const rfc_out_t *co = sm->sc[s].lt->co;
    ocu_in_t *in = ocu_in;
    for (unsigned j = 0; j < c->max_srcs; j++) {
        unsigned p = k * c->max_srcs + j;
        in->rd_gnt[j] = co->rd_gnt[p];
        in->rsp_valid[j] = co->rsp_valid[p];
        memcpy(in->rsp_data[j], co->rsp_data[p], c->lanes * 4);
    }
}

int ltrf_merge_waves(sm_t *sm)
{
    const ltrf_sc_t *e = sm->sc[0].lt;
    const char *insts[] = {e->wcb->name, e->aoff->name, e->abank[0]->name, sm->sc[0].rf->name,
                           e->rfc->name};
    static const char *const scopes[] = {"wcb", "aau_off", "aau_r0", "rf", "rfc"};
    return ls_merge_waves(&sm->ls, "prefetch", "prefetch.sc0", insts, scopes, 5) < 0 ? -1 : 0;
}

void ltrf_stats(sm_t *sm)
{
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        const ltrf_sc_t *e = sm->sc[s].lt;
        const rfc_state_t *r = e->rfc->st;
        sm->st.rfc_reads += r->reads;
        sm->st.rfc_writes += r->writes;
        sm->st.rfc_fills += r->fills;
        sm->st.rfc_bank_conflicts += r->bank_conflicts;
    }
}
