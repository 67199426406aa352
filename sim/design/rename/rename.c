/* Design `rename`: construction, the kernel's passes and setup, warp launch and slots, the
 * issue gate, statistics and the registry entry (contract in rename_int.h). */
#include "rename_int.h"
#include "energy/energy.h"
#include "design/mainrf.h"
#include <stdarg.h>

STATS_LIST(rename_stats, "rename", RENAME_STATS);
static const stat_list_t *const rn_lists[] = {&mainrf_stats, &rename_stats, NULL};

typedef struct {
    rn_t t;
    mainrf_stats_t rst;
} rn_all_t;

void rn_fail(sm_t *sm, const char *fmt, ...)
{
    if (sm->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sm->err, sm->errn, fmt, ap);
    va_end(ap);
    sm->error = 1;
}

rn_fphys_t *rn_fphys(sm_t *sm, unsigned f)
{
    rn_t *t = RN(sm);
    if (f >= t->nfp) {
        unsigned n = sm->nfl > f ? sm->nfl : f + 1;
        rn_fphys_t *v = realloc(t->fp, n * sizeof *v);
        if (!v) {
            fprintf(stderr, "gpurf: out of memory\n");
            exit(2);
        }
        t->fp = v;
        t->nfp = n;
    }
    return &t->fp[f];
}

static int sc_new(sm_t *sm, unsigned s, rn_sc_t *x, char *err, size_t n)
{
    const unsigned P = cfg_phys_per_sc(&sm->c);
    char name[40];
    const char *blk[] = {"rf_phys", "rnt", "avail", "rflc"};
    ls_inst_t **inst[] = {&x->rf, &x->rnt, &x->av, &x->fc};
    for (unsigned i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "%s.sc%u", blk[i], s);
        if (!(*inst[i] = sm_make_inst(sm, blk[i], name, err, n)))
            return -1;
    }
    q_init(&x->unmap, sizeof(rn_ref_t));
    q_init(&x->freeq, sizeof(uint16_t));
    q_init(&x->drainq, sizeof(unsigned));
    x->allocated = calloc(P, 1);
    x->released = calloc(P, 1);
    x->ever = calloc(P, 1);
    x->owner_warp = malloc(P * sizeof *x->owner_warp);
    x->owner_reg = calloc(P, 1);
    x->preads = calloc(P, sizeof *x->preads);
    x->pwrites = calloc(P, sizeof *x->pwrites);
    x->base_on = calloc(P, 1);
    x->base_sa_on = calloc((size_t)cfg_banks_per_sc(&sm->c) * sm->c.rf_subarrays, 1);
    if (!x->allocated || !x->released || !x->ever || !x->owner_warp || !x->owner_reg ||
        !x->preads || !x->pwrites || !x->base_on || !x->base_sa_on) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (unsigned p = 0; p < P; p++)
        x->owner_warp[p] = RN_NONE;
    for (unsigned p = 0; p < RNT_MAX_PORTS; p++)
        x->ans_ent[p] = -1;
    return 0;
}

static int rn_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    rn_all_t *a = calloc(1, sizeof *a);
    sm->dpriv = a;
    if (!a || !(a->t.w = calloc(c->warp_slots, sizeof *a->t.w)) ||
        !(a->t.sc = calloc(c->schedulers, sizeof *a->t.sc))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    if (cfg_phys_per_sc(c) > AVAIL_MAX_PHYS || cfg_phys_per_sc(c) >= RN_NONE) {
        snprintf(err, n, "%s: field 'rf_warp_regs': %u physical registers per sub-core exceed "
                 "the renaming model's %u", c->name, cfg_phys_per_sc(c), AVAIL_MAX_PHYS);
        return -1;
    }
    a->t.phys = cfg_phys_per_sc(c);
    rf_cfg_from_sm(c, &a->t.base_rf);
    if (sm->o.reg_log && !(a->t.log = fopen(sm->o.reg_log, "w"))) {
        snprintf(err, n, "--reg-log: cannot write '%s'", sm->o.reg_log);
        return -1;
    }
    if (a->t.log)
        fprintf(a->t.log, "# cycle allocated mapped reserved subarrays_on (every %u cycles)\n",
                RN_LOG_EVERY);
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&a->rst);
    sm_stat_group(sm, &rename_stats, (const uint64_t *)&a->t.st);
    sm_set_stall_counter(sm, &a->t.st.stall_rename);
    for (unsigned s = 0; s < c->schedulers; s++) {
        sm->sc[s].dpriv = &a->t.sc[s];
        if (sc_new(sm, s, &a->t.sc[s], err, n))
            return -1;
    }
    return 0;
}

static void passes_free(rn_t *t)
{
    if (!t->have)
        return;
    release_free(&t->rel);
    prog_free(&t->prog);
    t->have = 0;
}

static void rn_free(sm_t *sm)
{
    rn_t *t = RN(sm);
    if (!t)
        return;
    for (unsigned s = 0; t->sc && s < sm->c.schedulers; s++) {
        rn_sc_t *x = &t->sc[s];
        q_free(&x->unmap);
        q_free(&x->freeq);
        q_free(&x->drainq);
        free(x->allocated), free(x->released), free(x->ever), free(x->owner_warp);
        free(x->owner_reg), free(x->preads), free(x->pwrites), free(x->base_on);
        free(x->base_sa_on);
    }
    passes_free(t);
    if (t->log)
        fclose(t->log);
    free(t->ephys);
    free(t->old_ephys);
    free(t->fp);
    free(t->sc);
    free(t->w);
    free(t);
}

/* the exempt registers' physical ids for every usable slot: the baseline's bank of (slot,
 * register), rows from 0 up; the last kernel's list is kept for its frees */
static int exempt_layout(sm_t *sm, rn_t *t)
{
    const unsigned banks = cfg_banks_per_sc(&sm->c), rows = cfg_rows_per_bank(&sm->c);
    unsigned next[RF_MAX_BANKS] = {0};
    free(t->old_ephys);
    t->old_ephys = t->ephys;
    t->old_nephys = t->nephys;
    t->nephys = t->usable * t->rel.nexempt;
    if (!(t->ephys = malloc((t->nephys + 1) * sizeof *t->ephys))) {
        snprintf(sm->err, sm->errn, "out of memory");
        return -1;
    }
    for (unsigned l = 0; l < t->usable; l++)
        for (unsigned g = 0; g < 256; g++) {
            if (t->eidx[g] == 0xff)
                continue;
            unsigned b = rn_base_bank(sm, l, g);
            if (next[b] >= rows) {
                snprintf(sm->err, sm->errn, "%s: kernel '%s': the exempt registers of %u warps do not "
                         "fit bank %u", sm->k->file, sm->k->name, t->usable, b);
                return -1;
            }
            t->ephys[l * t->rel.nexempt + t->eidx[g]] = (uint16_t)(next[b]++ * banks + b);
        }
    return 0;
}

/* exited warps not yet drained (or not yet seen to exit) or releases still queued: they use
 * this kernel's register indices; or a sub-core's setup for this kernel not done (an SM of a
 * GPU that ran the kernel's passes but found no block left still finishes it) */
static int rn_busy(const sm_t *sm)
{
    const rn_t *t = RN(sm);
    for (unsigned s = 0; s < sm->c.schedulers; s++)
        if (t->sc[s].drainq.len || t->sc[s].unmap.len || t->sc[s].setup)
            return 1;
    for (unsigned g = 0; g < sm->c.warp_slots; g++)
        if (t->w[g].draining || (t->w[g].live && !sm->w[g].used))
            return 1;
    return 0;
}

/* the kernel's passes (release points, exemptions), renamable indices, the warp slots the
 * rnt holds; every sub-core sets up its exempt registers before issuing */
static int rn_kernel(sm_t *sm, kernel_t *k)
{
    rn_t *t = RN(sm);
    const sm_cfg_t *c = &sm->c;
    passes_free(t);
    memset(&t->prog, 0, sizeof t->prog);
    if (prog_recover(k, &t->prog, sm->err, sm->errn))
        return -1;
    release_cfg_t rc = release_cfg_of(c, k, sm->o.pass_fault);
    if (release_run(&t->prog, &rc, &t->rel, sm->err, sm->errn)) {
        prog_free(&t->prog);
        return -1;
    }
    t->have = 1;
    if (t->prog.npcs >= 1u << RFLC_TAG_BITS) {
        snprintf(sm->err, sm->errn, "%s: kernel '%s' has %u static instructions; the release-flag "
                 "cache's tags hold %u", k->file, k->name, t->prog.npcs, 1u << RFLC_TAG_BITS);
        return -1;
    }
    unsigned r = 0, e = 0;
    for (unsigned g = 0; g < 256; g++) {
        int ex = rs_has(&t->rel.exempt, g);
        t->idx[g] = (uint8_t)(g < k->nregs && !ex ? r++ : 0xff);
        t->eidx[g] = (uint8_t)(ex ? e++ : 0xff);
    }
    t->renamable = r;
    const rnt_cfg_t *tc = t->sc[0].rnt->cfg;
    unsigned slots = cfg_warps_per_sc(c);
    if (sm->rows_per_warp && cfg_rows_per_bank(c) / sm->rows_per_warp < slots)
        slots = cfg_rows_per_bank(c) / sm->rows_per_warp;
    t->usable = r && tc->entries / r < slots ? tc->entries / r : slots;
    if (exempt_layout(sm, t))
        return -1;
    if (!t->usable) {
        snprintf(sm->err, sm->errn, "%s: kernel '%s' cannot run on preset '%s': its %u renamable "
                 "registers do not fit the renaming table's %u entries", k->file, k->name, c->name,
                 r, tc->entries);
        return -1;
    }
    t->st.exempt_regs += t->rel.nexempt;
    t->st.static_insts += t->prog.npcs;
    t->st.static_flag_insts += t->rel.pirs + t->rel.pbrs;
    for (unsigned s = 0; s < c->schedulers; s++) {
        rn_sc_t *x = &t->sc[s];
        x->setup = SETUP_FREE;
        x->setup_pos = 0;
        x->flush = 1;
        memset(x->base_on, 0, t->phys);
        memset(x->base_sa_on, 0, (size_t)cfg_banks_per_sc(c) * c->rf_subarrays);
        x->base_on_n = x->base_sa_n = 0;
    }
    return 0;
}

/* a slot takes a new warp once its last warp is drained, within the slots the rnt holds */
static int rn_slot_free(const sm_t *sm, unsigned g)
{
    const rn_warp_t *q = rw(sm, g);
    return !q->live && !q->draining && sm->w[g].local < RN(sm)->usable;
}

static void rn_launched(sm_t *sm, unsigned g)
{
    rn_warp_t *q = rw(sm, g);
    memset(q, 0, sizeof *q);
    q->live = 1;
    q->flag_dyn = ~0u;
    for (unsigned r = 0; r < 256; r++)
        q->map[r] = RN_NONE;
    rn_flags_refresh(sm, g);
}

static int rn_gate(const sm_t *sm, unsigned g)
{
    return RSC(sm, sm->w[g].sc)->setup ? R_DESIGN : R_OK;
}

static void rn_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    const rf_out_t *ro = RSC(sm, s)->rfo;
    sm_cu_inputs(sm, cu, SM_CU_PORTS(sm, k, ro, rd_gnt, rsp_valid, rsp_data));
}

static void rn_end(sm_t *sm)
{
    rn_all_t *a = sm->dpriv;
    rename_stats_t *st = &a->t.st;
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        const rn_sc_t *x = &a->t.sc[s];
        const rnt_state_t *r = x->rnt->st;
        st->rn_lookups += r->lookups;
        st->rn_lookup_conflicts += r->conflicts;
        st->rn_maps += r->maps;
        st->rn_unmaps += r->unmaps;
        mainrf_count(sm, x->rf, &a->rst);
    }
    /* Sec. 8.3: a warp register's share of its bank's leakage and the renaming table's
     * leakage and accesses, from the energy model (energy/energy.h; anchored to Table 2); energy
     * (pJ) = uW x cycles / MHz */
    const sm_cfg_t *c = &sm->c;
    energy_table_t t;
    char err[256];
    if (energy_table(c, &t, err, sizeof err))
        return;
    const energy_struct_t *mrf = &t.s[E_mrf], *rnt = &t.s[E_rnt];
    const double reg_uw = mrf->cost.leak_uw / mrf->g.rows;
    const double sa_uw = reg_uw * cfg_rows_per_bank(c) / c->rf_subarrays, mhz = c->clock_mhz;
    st->static_pj_all = (uint64_t)(st->reg_cycles_all * reg_uw / mhz);
    st->static_pj_reg = (uint64_t)(st->reg_cycles_alloc * reg_uw / mhz);
    st->static_pj_subarray = (uint64_t)(st->sa_cycles_on * sa_uw / mhz);
    st->static_pj_base_reg = (uint64_t)(st->base_reg_cycles_on * reg_uw / mhz);
    st->static_pj_base_subarray = (uint64_t)(st->base_sa_cycles_on * sa_uw / mhz);
    st->static_pj_retention = st->static_pj_base_reg * c->pg_retention_pct / 100;
    st->rnt_static_pj = (uint64_t)(rnt->instances * rnt->cost.leak_uw * sm->st.cycles / mhz);
    st->rnt_dynamic_pj = (uint64_t)(st->rn_lookups * rnt->cost.read_pj +
                                    (st->rn_maps + st->rn_unmaps + st->rn_drained) *
                                        rnt->cost.write_pj);
}

/* the dumps of sub-core 0's rnt, avail, rflc and rf_phys merged into one with the view
 * waves/rename.gtkw (a value from its allocation to its release) */
static int rn_merge_waves(sm_t *sm)
{
    const rn_sc_t *x = RSC(sm, 0);
    const char *insts[] = {x->rnt->name, x->av->name, x->fc->name, x->rf->name};
    static const char *const scopes[] = {"rnt", "avail", "rflc", "rf"};
    return ls_merge_waves(&sm->ls, "rename", "rename.sc0", insts, scopes, 4) < 0 ? -1 : 0;
}

const design_ops_t design_rename = {
    .schedulers = SCHED_ALL_POLICIES,
    .collector = "ocu_phys",
    .stats = rn_lists,
    .init = rn_init,
    .free = rn_free,
    .kernel = rn_kernel,
    .busy = rn_busy,
    .slot_free = rn_slot_free,
    .launched = rn_launched,
    .front = rn_front,
    .idle = rn_idle,
    .dispatched = rn_dispatched,
    .allocate = rn_stage_allocate,
    .gate = rn_gate,
    .slot = rn_slot,
    .issue = rn_issue,
    .own_verdict = rn_own_verdict,
    .own_issue = rn_own_issue,
    .collector_inputs = rn_collector_inputs,
    .back = rn_back,
    .end = rn_end,
    .merge_waves = rn_merge_waves,
};
