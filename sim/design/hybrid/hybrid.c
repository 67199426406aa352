/* Designs of the register cache / scratchpad family (Bailey et al.): the hooks (contract in
 * hybrid_int.h). Design `rc`: every result is written into a per-scheduler register cache
 * (block rc) and reads try it before the main RF (blocks rf, ocu). */
#include "hybrid_int.h"

STATS_LIST(hybrid_stats, "hybrid", HYBRID_STATS);
static const stat_list_t *const hy_stats[] = {&mainrf_stats, &hybrid_stats, NULL};

static void passes_free(hy_t *h)
{
    if (!h->passes)
        return;
    liveness_free(&h->lv);
    prog_free(&h->prog);
    h->passes = 0;
}

/* the preset's fields the design needs, against the blocks' maxima (exit 2) */
static int check_cfg(const sm_cfg_t *c, char *err, size_t n)
{
    if (!c->rc_lines)
        return gpurf_fail(err, n, "%s: field 'rc_lines': 0, the rc design needs a register cache",
                          c->name);
    if (c->rc_lines > RC_MAX_LINES)
        return gpurf_fail(err, n, "%s: field 'rc_lines': %u exceeds the rc block's %u", c->name,
                          c->rc_lines, RC_MAX_LINES);
    if (c->rc_rports > RC_MAX_RPORTS)
        return gpurf_fail(err, n, "%s: field 'rc_rports': %u exceeds the rc block's %u", c->name,
                          c->rc_rports, RC_MAX_RPORTS);
    if (c->rc_wports > RC_MAX_WPORTS)
        return gpurf_fail(err, n, "%s: field 'rc_wports': %u exceeds the rc block's %u", c->name,
                          c->rc_wports, RC_MAX_WPORTS);
    if (c->rc_partition != RC_SHARED)
        return gpurf_fail(err, n, "%s: field 'rc_partition': per_warp needs a design that owns "
                          "the active pool (hybrid family with scheduler two_level)", c->name);
    if (!c->rf_cache_wports)
        return gpurf_fail(err, n, "%s: field 'rf_cache_wports': 0, the rc's evictions need a "
                          "main-RF write port", c->name);
    return 0;
}

static int hy_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    if (check_cfg(c, err, n))
        return -1;
    hy_t *h = calloc(1, sizeof *h);
    sm->dpriv = h;
    if (!h || !(h->sc = calloc(c->schedulers, sizeof *h->sc)) ||
        !(h->rc_live = calloc(c->warp_slots, sizeof *h->rc_live)))
        return gpurf_fail(err, n, "out of memory");
    h->v = sm->d->variant;
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&h->rst);
    sm_stat_group(sm, &hybrid_stats, (const uint64_t *)&h->st);
    for (unsigned s = 0; s < c->schedulers; s++) {
        sm->sc[s].dpriv = &h->sc[s];
        if (hy_rc_init(sm, s, err, n))
            return -1;
    }
    return 0;
}

static void hy_free(sm_t *sm)
{
    hy_t *h = HY(sm);
    if (!h)
        return;
    passes_free(h);
    for (unsigned s = 0; h->sc && s < sm->c.schedulers; s++)
        hy_rc_free(&h->sc[s]);
    free(h->sc);
    free(h->rc_live);
    free(h);
}

static int hy_kernel(sm_t *sm, kernel_t *k)
{
    hy_t *h = HY(sm);
    passes_free(h);
    memset(&h->prog, 0, sizeof h->prog);
    memset(&h->lv, 0, sizeof h->lv);
    h->passes = 1;
    if (prog_recover(k, &h->prog, sm->err, sm->errn) ||
        liveness_run(&h->prog, &h->lv, sm->o.pass_fault)) {
        passes_free(h);
        return -1;
    }
    return 0;
}

static int hy_slot_free(const sm_t *sm, unsigned g) { return hy_rc_slot_free(sm, g); }

static void hy_launched(sm_t *sm, unsigned g) { HY(sm)->rc_live[g] = 1; }

static void hy_issue(sm_t *sm, unsigned s, int cu, unsigned f)
{
    HSC(sm, s)->cu_flight[cu] = f;
    sm_cu_alloc(sm, s, cu, f);
}

static void hy_collector_inputs(sm_t *sm, unsigned s, unsigned k, void *cu_in)
{
    const hy_sc_t *x = HSC(sm, s);
    unsigned p = k * sm->c.max_srcs;
    sm_cu_inputs(sm, cu_in, x->gnt + p, x->rsp_valid + p,
                 (const uint32_t(*)[GPURF_MAX_LANES])(x->rsp_data + p));
}

static void hy_end(sm_t *sm)
{
    for (unsigned s = 0; s < sm->c.schedulers; s++)
        hy_rc_count(sm, s);
}

const design_ops_t design_rc = {
    .schedulers = SCHED_ALL_POLICIES,
    .stats = hy_stats,
    .init = hy_init,
    .free = hy_free,
    .kernel = hy_kernel,
    .slot_free = hy_slot_free,
    .launched = hy_launched,
    .front = hy_rc_front,
    .slot = sm_cu_free,
    .issue = hy_issue,
    .collector_inputs = hy_collector_inputs,
    .back = hy_rc_back,
    .end = hy_end,
};
