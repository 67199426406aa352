/* Designs of the register cache / scratchpad family (Bailey et al.): construction, kernel
 * passes, hooks and statistics (contract in hybrid_int.h).
 *   rc               every result written into a per-scheduler register cache, reads try it
 *                    before the main RF (Sec. III-A2, after Gebhart et al. [4])
 *   rsp              the compiler's scratchpad allocation, backed by the main RF ([5])
 *   hybrid           scratchpad backed by the register cache backed by the main RF (Fig. 6)
 *   hybrid-evict     both backed by the main RF; a fill writes the cache's copy back first,
 *                    a scratchpad write drops it (Sec. IV-D)
 *   hybrid-lifetime  both backed by the main RF; no read or live-out allocations (Sec. IV-D) */
#include "hybrid_int.h"

STATS_LIST(hybrid_stats, "hybrid", HYBRID_STATS);
static const stat_list_t *const hy_stats[] = {&mainrf_stats, &hybrid_stats, NULL};

const rsp_map_t *hy_map(const sm_t *sm, const inst_t *in)
{
    const hy_t *h = HY(sm);
    if (!h->v->rsp)
        return NULL;
    int p = prog_pc_index(&h->prog, in->pc);
    return p < 0 ? NULL : &h->al.map[p];
}

void hy_count_read(sm_t *sm, unsigned g, unsigned reg, int where)
{
    hy_t *h = HY(sm);
    uint64_t *last = &h->last_access[(size_t)g * sm->c.arch_regs + reg];
    uint64_t age = sm->st.cycles - *last;
    unsigned bin = 0;
    while (bin + 1 < HY_AGE_BINS && age >> (bin + 1))
        bin++;
    uint64_t *hist[] = {&h->st.age_rsp_0, &h->st.age_rc_0, &h->st.age_mrf_0};
    hist[where][bin]++;
    h->st.reg_reads++;
    *last = sm->st.cycles;
}

void hy_touch(sm_t *sm, unsigned g, unsigned reg)
{
    HY(sm)->last_access[(size_t)g * sm->c.arch_regs + reg] = sm->st.cycles;
}

void hy_fail(sm_t *sm, unsigned g, unsigned reg, const char *what)
{
    if (sm->error)
        return;
    sm->error = 1;
    snprintf(sm->err, sm->errn, "cycle %llu, warp %u (slot %u), register R%u: %s",
             (unsigned long long)sm->st.cycles, g, sm->w[g].local, reg, what);
}

static void passes_free(hy_t *h)
{
    if (!h->passes)
        return;
    rspalloc_free(&h->al);
    strands_free(&h->strands);
    liveness_free(&h->lv);
    prog_free(&h->prog);
    free(h->dead);
    h->dead = NULL;
    h->passes = 0;
}

/* the preset's fields as this design combines them (each field against its blocks:
 * cfg_blocks.c), and the energy table its allocator reads (exit 2) */
static int check_cfg(const sm_cfg_t *c, const hy_variant_t *v, char *err, size_t n)
{
    if (c->rc_partition == RC_PER_WARP && (v->rsp || c->scheduler != SCHED_TWO_LEVEL))
        return gpurf_fail(err, n, "%s: field 'rc_partition': per_warp needs design rc under "
                          "scheduler two_level (its pool slots own the sets)", c->name);
    if (v->rsp && c->rsp_regs * c->active_pool > RSP_MAX_ENTRIES)
        return gpurf_fail(err, n, "%s: field 'rsp_regs': %u x active_pool %u exceeds the rsp "
                          "block's %u entries", c->name, c->rsp_regs, c->active_pool,
                          RSP_MAX_ENTRIES);
    if ((v->rc || v->backing == BACK_MRF) && !c->rf_cache_wports)
        return gpurf_fail(err, n, "%s: field 'rf_cache_wports': 0, this design writes evictions "
                          "and write-backs on the main RF's cache ports", c->name);
    energy_table_t e;
    return energy_table(c, &e, err, n);
}

static int hy_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    if (check_cfg(c, sm->d->variant, err, n))
        return -1;
    hy_t *h = calloc(1, sizeof *h);
    sm->dpriv = h;
    if (!h || !(h->sc = calloc(c->schedulers, sizeof *h->sc)) ||
        !(h->rc_live = calloc(c->warp_slots, sizeof *h->rc_live)) ||
        !(h->own_lanes = calloc(c->warp_slots, sizeof *h->own_lanes)) ||
        !(h->pslot = malloc(c->warp_slots * sizeof *h->pslot)) ||
        !(h->last_access = calloc((size_t)c->warp_slots * c->arch_regs, sizeof *h->last_access)))
        return gpurf_fail(err, n, "out of memory");
    h->v = sm->d->variant;
    for (unsigned g = 0; g < c->warp_slots; g++)
        h->pslot[g] = -1;
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&h->rst);
    sm_stat_group(sm, &hybrid_stats, (const uint64_t *)&h->st);
    sm_set_stall_counter(sm, &h->st.stall_design);
    for (unsigned s = 0; s < c->schedulers; s++) {
        sm->sc[s].dpriv = &h->sc[s];
        if (hy_path_init(sm, s, err, n))
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
        hy_path_free(&h->sc[s]);
    free(h->sc);
    free(h->rc_live);
    free(h->own_lanes);
    free(h->pslot);
    free(h->last_access);
    free(h);
}

/* the energy-driven allocator mapping nothing because a scratchpad access costs more than the
 * main RF's: said once a process, with both energies and the accounting that changes it */
static void note_nothing_mapped(const hy_t *h, const rsp_energy_t *e)
{
    static int said;
    if (said || h->al.mapped || !h->al.nc ||
        (e->rsp_read < e->mrf_read && e->rsp_write < e->mrf_write))
        return;
    said = 1;
    fprintf(stderr, "gpurf: note: the scratchpad allocator maps nothing: a scratchpad read costs "
            "%.1f pJ and a write %.1f, a main-RF read %.1f and a write %.1f; --set "
            "mrf_array=monolithic prices the main RF as one array (the hybrid paper's CACTI "
            "accounting, docs/energy.md)\n", e->rsp_read / 1000, e->rsp_write / 1000,
            e->mrf_read / 1000, e->mrf_write / 1000);
}

static int hy_kernel(sm_t *sm, kernel_t *k)
{
    hy_t *h = HY(sm);
    const sm_cfg_t *c = &sm->c;
    passes_free(h);
    memset(&h->prog, 0, sizeof h->prog);
    memset(&h->lv, 0, sizeof h->lv);
    memset(&h->strands, 0, sizeof h->strands);
    memset(&h->al, 0, sizeof h->al);
    h->passes = 1;
    if (prog_recover(k, &h->prog, sm->err, sm->errn) ||
        liveness_run(&h->prog, &h->lv, sm->o.pass_fault) ||
        strands_form(&h->prog, &h->strands, sm->c.rsp_barrier == RSP_BAR_END, sm->err, sm->errn) ||
        !(h->dead = calloc(h->prog.npcs + 1, sizeof *h->dead)))
        goto fail;
    if (!h->v->rsp) {
        memcpy(h->dead, h->lv.dead, h->prog.npcs * sizeof *h->dead);
        return 0;
    }
    rsp_energy_t e;
    rsp_rules_t r = {c->rsp_regs, h->v->no_read, h->v->no_liveout};
    if (rsp_energy_of(c, &e, sm->err, sm->errn) ||
        rspalloc_run(&h->prog, &h->strands, &h->lv, &e, &r, &h->al, sm->err, sm->errn) ||
        rspalloc_backing_dead(&h->prog, &h->al, h->dead))
        goto fail;
    for (unsigned i = 0; sm->o.rsp_no_fill && i < h->prog.npcs; i++)
        h->al.map[i].fill = 0;
    note_nothing_mapped(h, &e);
    return 0;
fail:
    passes_free(h);
    return -1;
}

static int hy_slot_free(const sm_t *sm, unsigned g) { return hy_path_slot_free(sm, g); }

static void hy_launched(sm_t *sm, unsigned g)
{
    hy_t *h = HY(sm);
    const warp_trace_t *t = sm->w[g].tr;
    uint32_t lanes = 0;
    for (uint32_t i = 0; t && i < t->n; i++)
        lanes |= t->v[i].mask;
    h->rc_live[g] = (uint8_t)h->v->rc;
    h->own_lanes[g] = lanes & gpurf_mask(sm->c.lanes);
}

static void hy_front(sm_t *sm, unsigned s)
{
    if (sm->policy == SCHED_TWO_LEVEL)
        hy_pool_update(sm, s);
    hy_path_front(sm, s);
}

static void hy_issue(sm_t *sm, unsigned s, int cu, unsigned f)
{
    HSC(sm, s)->cu_flight[cu] = f;
    for (unsigned d = 0; d < sm->fl[f].in->ndst; d++)
        hy_touch(sm, sm->fl[f].warp, sm->fl[f].in->dst[d]);
    hy_rsp_issue(sm, s, f);
    sm_cu_alloc(sm, s, cu, f);
}

static void hy_dispatched(sm_t *sm, unsigned s, unsigned f) { hy_rsp_dispatched(sm, s, f); }

static int hy_gate(const sm_t *sm, unsigned g) { return hy_rsp_gate(sm, g); }

static void hy_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    const hy_sc_t *x = HSC(sm, s);
    unsigned p = k * sm->c.max_srcs;
    sm_cu_inputs(sm, cu, x->gnt + p, x->rsp_valid + p,
                 (const uint32_t(*)[GPURF_MAX_LANES])(x->rsp_data + p));
}

static void hy_end(sm_t *sm)
{
    hy_t *h = HY(sm);
    for (unsigned s = 0; s < sm->c.schedulers; s++)
        hy_path_count(sm, s);
    h->st.reg_writes = h->st.rsp_writes + h->st.mrf_result_writes +
                       (h->st.rc_writes - h->st.rsp_writebacks * (h->v->backing == BACK_RC));
}

/* every design owns its two-level pool (pool.c); rc also runs the other policies */
#define HY_OPS(sym, variant_, scheds, pool)                                                        \
    const design_ops_t sym = {                                                                     \
        .schedulers = scheds,                                                                      \
        .paper_scheduler = SCHED_TWO_LEVEL,                                                        \
        .own_pool = pool,                                                                          \
        .variant = &variant_,                                                                      \
        .stats = hy_stats,                                                                         \
        .cache_hits = "rc_read_hits",                                                              \
        .cache_misses = "rc_read_misses",                                                          \
        .init = hy_init,                                                                           \
        .free = hy_free,                                                                           \
        .kernel = hy_kernel,                                                                       \
        .slot_free = hy_slot_free,                                                                 \
        .launched = hy_launched,                                                                   \
        .front = hy_front,                                                                         \
        .dispatched = hy_dispatched,                                                               \
        .gate = hy_gate,                                                                           \
        .slot = sm_cu_free,                                                                        \
        .issue = hy_issue,                                                                         \
        .collector_inputs = hy_collector_inputs,                                                   \
        .back = hy_path_back,                                                                      \
        .end = hy_end,                                                                             \
    };

static const hy_variant_t v_rc = {1, 0, BACK_NONE, 0, 0, 0};
static const hy_variant_t v_rsp = {0, 1, BACK_MRF, 0, 0, 0};
static const hy_variant_t v_hybrid = {1, 1, BACK_RC, 0, 0, 0};
static const hy_variant_t v_evict = {1, 1, BACK_MRF, 1, 0, 0};
static const hy_variant_t v_lifetime = {1, 1, BACK_MRF, 0, 1, 1};
HY_OPS(design_rc, v_rc, SCHED_ALL_POLICIES, 1)
HY_OPS(design_rsp, v_rsp, 1u << SCHED_TWO_LEVEL, 1)
HY_OPS(design_hybrid, v_hybrid, 1u << SCHED_TWO_LEVEL, 1)
HY_OPS(design_hybrid_evict, v_evict, 1u << SCHED_TWO_LEVEL, 1)
HY_OPS(design_hybrid_lifetime, v_lifetime, 1u << SCHED_TWO_LEVEL, 1)
