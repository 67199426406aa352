/* SM model: construction, thread-block launch (occupancy) and the cycle loop (see sm.h). */
#include "sm_int.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const design_names[] = {"baseline", "ideal", "ltrf", "ltrf+", "rfc", NULL};

int design_parse(const char *name)
{
    for (int i = 0; design_names[i]; i++)
        if (!strcmp(design_names[i], name))
            return i;
    return -1;
}

const char *design_name(int d) { return d >= 0 && d < DESIGN_N ? design_names[d] : "?"; }

static int wants_rtl(const sm_opts_t *o, const char *block)
{
    if (!o->rtl_blocks)
        return 0;
    if (!strcmp(o->rtl_blocks, "all"))
        return 1;
    size_t n = strlen(block);
    for (const char *p = o->rtl_blocks; p && *p;) {
        if (!strncmp(p, block, n) && (p[n] == ',' || p[n] == 0))
            return 1;
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return 0;
}

ls_inst_t *sm_make_inst(sm_t *sm, const char *block, const char *name, char *err, size_t n)
{
    const rtl_ops_t *rtl = NULL;
    if (wants_rtl(&sm->o, block)) {
        /* a FAULT_<BLOCK>_* variant replaces only that block's RTL */
        const char *v = sm->o.rtl_variant;
        size_t bl = strlen(block);
        int mine = !strncmp(v, "FAULT_", 6) && !strncasecmp(v + 6, block, bl) && v[6 + bl] == '_';
        rtl = rtl_find(block, sm->o.rtl_preset, mine ? v : "ok");
        if (!rtl) {
            snprintf(err, n, "no RTL model of block '%s' built for preset '%s' variant '%s' "
                             "(presets/*.json are built by make; faults for preset small)",
                     block, sm->o.rtl_preset, sm->o.rtl_variant);
            return NULL;
        }
    }
    ls_inst_t *x = ls_new(&sm->ls, block_find(block), &sm->c, name, rtl);
    if (!x)
        snprintf(err, n, "cannot create block instance %s", name);
    return x;
}

static void where(void *arg, FILE *f)
{
    sm_t *sm = arg;
    fprintf(f, "kernel %u '%s' (%s), %llu instructions executed, %u blocks resident",
            sm->kidx + 1, sm->k ? sm->k->name : "?", sm->k ? sm->k->file : "?",
            (unsigned long long)sm->st.instructions, sm->blocks_resident);
}

sm_t *sm_new(const sm_cfg_t *cfg, const sm_opts_t *o, char *err, size_t n)
{
    sm_t *sm = calloc(1, sizeof *sm);
    if (!sm)
        return NULL;
    sm->c = *cfg;
    sm->o = *o;
    sm->fl_free = ~0u;
    if (!sm->o.rtl_variant)
        sm->o.rtl_variant = "ok";
    if (!sm->o.rtl_preset)
        sm->o.rtl_preset = cfg->name;
    sm->ls.drive_rtl = o->drive_rtl;
    sm->ls.history = o->history ? o->history : 4;
    sm->ls.wave_dir = o->wave_dir;
    sm->ls.wave_all = o->wave_all;
    sm->ls.win_inst = o->win_inst;
    sm->ls.win_from = o->win_from;
    sm->ls.where = where;
    sm->ls.where_arg = sm;
    const unsigned S = cfg->schedulers, ncu = cfg_cus_per_sc(cfg);
    sm->sc = calloc(S, sizeof *sm->sc);
    sm->w = calloc(cfg->warp_slots, sizeof *sm->w);
    sm->blk = calloc(cfg->block_slots, sizeof *sm->blk);
    sm->wheel_size = cfg->lat_gmem_max + cfg->lat_sfu + cfg->lat_shmem + 8;
    sm->wheel_head = malloc(sm->wheel_size * sizeof *sm->wheel_head);
    if (!sm->sc || !sm->w || !sm->blk || !sm->wheel_head)
        goto oom;
    for (unsigned i = 0; i < sm->wheel_size; i++)
        sm->wheel_head[i] = ~0u;
    for (unsigned i = 0; i < cfg->warp_slots; i++) {
        sm->w[i].shadow = calloc((size_t)cfg->arch_regs * cfg->lanes, sizeof(uint32_t));
        sm->w[i].defined = calloc(cfg->arch_regs, 1);
        sm->w[i].sc = i % S;
        sm->w[i].local = i / S;
        if (!sm->w[i].shadow || !sm->w[i].defined)
            goto oom;
    }
    for (unsigned s = 0; s < S; s++) {
        subcore_t *x = &sm->sc[s];
        char name[40];
        x->cu = calloc(ncu, sizeof *x->cu);
        x->wb_cap = 64;
        x->wbq = malloc(x->wb_cap * sizeof *x->wbq);
        x->lq = malloc(cfg_warps_per_sc(cfg) * sizeof *x->lq);
        x->pool = malloc(cfg_warps_per_sc(cfg) * sizeof *x->pool);
        if (!x->cu || !x->wbq || !x->lq || !x->pool)
            goto oom;
        for (unsigned c = 0; c < ncu; c++) {
            snprintf(name, sizeof name, "ocu.sc%u.%u", s, c);
            if (!(x->cu[c] = sm_make_inst(sm, "ocu", name, err, n)))
                goto fail;
        }
        if (o->design != DESIGN_IDEAL) {
            snprintf(name, sizeof name, "rf.sc%u", s);
            if (!(x->rf = sm_make_inst(sm, "rf", name, err, n)))
                goto fail;
            if (o->design != DESIGN_BASELINE && ltrf_new(sm, s, err, n))
                goto fail;
        } else {
            unsigned ports = ncu * cfg->max_srcs;
            x->ideal_rows = cfg->arch_regs;
            x->ideal_mem = calloc((size_t)cfg_warps_per_sc(cfg) * cfg->arch_regs * cfg->lanes,
                                  sizeof(uint32_t));
            x->ideal_rsp_valid = calloc(ports, 1);
            x->ideal_rsp = calloc(ports, sizeof *x->ideal_rsp);
            if (!x->ideal_mem || !x->ideal_rsp_valid || !x->ideal_rsp)
                goto oom;
        }
    }
    return sm;
oom:
    snprintf(err, n, "out of memory");
fail:
    sm_free(sm);
    return NULL;
}

void sm_free(sm_t *sm)
{
    if (!sm)
        return;
    for (unsigned i = 0; i < sm->ls.n_all; i++)
        ls_free(sm->ls.all[i]);
    free(sm->ls.all);
    if (sm->sc)
        for (unsigned s = 0; s < sm->c.schedulers; s++) {
            subcore_t *x = &sm->sc[s];
            free(x->cu);
            free(x->wbq);
            free(x->lq);
            free(x->pool);
            free(x->ideal_mem);
            free(x->ideal_rsp_valid);
            free(x->ideal_rsp);
            ltrf_free(x->lt);
        }
    ltrf_kernel_done(sm);
    if (sm->w)
        for (unsigned i = 0; i < sm->c.warp_slots; i++) {
            free(sm->w[i].shadow);
            free(sm->w[i].defined);
        }
    for (unsigned i = 0; sm->blk && i < sm->c.block_slots; i++)
        if (sm->blk[i].used && sm->k && sm->k->done_block)
            sm->k->done_block(sm->k, &sm->blk[i].tb);
    free(sm->sc);
    free(sm->w);
    free(sm->blk);
    free(sm->fl);
    free(sm->wheel_head);
    free(sm->wheel_next);
    free(sm);
}

const sm_stats_t *sm_stats(const sm_t *sm) { return &sm->st; }
ls_ctx_t *sm_lockstep(sm_t *sm) { return &sm->ls; }
int sm_merge_waves(sm_t *sm) { return sm->sc[0].lt ? ltrf_merge_waves(sm) : 0; }

/* ---- occupancy and launch ----------------------------------------------------------------- */
/* a slot takes a new warp when its registers fit and (cache designs) its last warp has
 * given its cache row back */
static int slot_fits(const sm_t *sm, unsigned slot)
{
    return (sm->w[slot].local + 1) * sm->rows_per_warp <= cfg_rows_per_bank(&sm->c) &&
           sm->w[slot].lt == LT_OFF;
}

static int setup_kernel(sm_t *sm, kernel_t *k)
{
    const sm_cfg_t *c = &sm->c;
    sm->k = k;
    sm->kernel_exhausted = 0;
    sm->alloc_regs = k->nregs;
    sm->rows_per_warp = (sm->alloc_regs + cfg_banks_per_sc(c) - 1) / cfg_banks_per_sc(c);
    unsigned fit = 0;
    for (unsigned i = 0; i < c->warp_slots; i++)
        fit += slot_fits(sm, i);
    if (k->nregs > c->arch_regs) {
        snprintf(sm->err, sm->errn, "%s: field 'nregs': kernel uses %u registers, preset '%s' "
                 "has arch_regs %u", k->file, k->nregs, c->name, c->arch_regs);
        return -1;
    }
    if (k->warps_per_block > fit || k->warps_per_block > 64 || k->shmem > c->shmem_bytes) {
        snprintf(sm->err, sm->errn, "%s: kernel '%s' cannot run on preset '%s': a block needs %u "
                 "warps of %u registers and %u bytes of shared memory; the SM holds %u such warps "
                 "and %u bytes", k->file, k->name, c->name, k->warps_per_block, k->nregs, k->shmem,
                 fit, c->shmem_bytes);
        return -1;
    }
    return sm->sc[0].lt ? ltrf_kernel(sm, k) : 0;
}

static int validate_block(sm_t *sm, const tblock_t *b)
{
    for (unsigned w = 0; w < b->nwarps; w++)
        for (uint32_t i = 0; i < b->warps[w].n; i++) {
            const inst_t *in = &b->warps[w].v[i];
            if (in->nsrc > sm->c.max_srcs) {
                snprintf(sm->err, sm->errn, "%s:%u: field 'src': instruction needs %u source "
                         "registers, preset '%s' has max_srcs %u", sm->k->file, in->line,
                         in->nsrc, sm->c.name, sm->c.max_srcs);
                return -1;
            }
            for (unsigned j = 0; j < in->nsrc + in->ndst; j++) {
                unsigned r = j < in->nsrc ? in->src[j] : in->dst[j - in->nsrc];
                if (r >= sm->alloc_regs) {
                    snprintf(sm->err, sm->errn, "%s:%u: field '%s': R%u out of range (kernel "
                             "allocates %u registers)", sm->k->file, in->line,
                             j < in->nsrc ? "src" : "dst", r, sm->alloc_regs);
                    return -1;
                }
            }
        }
    return 0;
}

/* launch at most one thread block per cycle when resources allow */
static int try_launch(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const kernel_t *k = sm->k;
    if (sm->kernel_exhausted || sm->shmem_used + k->shmem > c->shmem_bytes)
        return 0;
    unsigned bslot = ~0u, free_w = 0;
    for (unsigned i = 0; i < c->block_slots; i++)
        if (!sm->blk[i].used) {
            bslot = i;
            break;
        }
    if (bslot == ~0u)
        return 0;
    for (unsigned i = 0; i < c->warp_slots; i++)
        free_w += !sm->w[i].used && slot_fits(sm, i);
    if (free_w < k->warps_per_block)
        return 0;
    rblock_t *rb = &sm->blk[bslot];
    memset(rb, 0, sizeof *rb);
    int r = sm->k->next_block(sm->k, &rb->tb, sm->err, sm->errn);
    if (r <= 0) {
        sm->kernel_exhausted = 1;
        return r < 0 ? -1 : 0;
    }
    if (validate_block(sm, &rb->tb))
        return -1;
    rb->used = 1;
    rb->nwarps = rb->tb.nwarps;
    sm->blocks_resident++;
    sm->shmem_used += k->shmem;
    sm->st.blocks_launched++;
    unsigned slot = 0;
    for (unsigned wi = 0; wi < rb->nwarps; wi++) {
        while (sm->w[slot].used || !slot_fits(sm, slot))
            slot++;
        warp_t *w = &sm->w[slot];
        uint32_t *sh = w->shadow;
        uint8_t *def = w->defined;
        unsigned scx = w->sc, local = w->local;
        memset(w, 0, sizeof *w);
        w->shadow = sh;
        w->defined = def;
        w->sc = scx;
        w->local = local;
        memset(w->defined, 0, c->arch_regs);
        w->used = 1;
        w->blk = bslot;
        w->wib = wi;
        w->tr = &rb->tb.warps[wi];
        w->age = sm->launch_seq++;
        w->done_issuing = w->tr->n == 0;
        rb->warp_slot[wi] = slot;
        rb->live++;
        subcore_t *x = &sm->sc[w->sc];
        x->lq[(x->lq_head + x->lq_len++) % cfg_warps_per_sc(c)] = slot;
    }
    unsigned resident = 0;
    for (unsigned i = 0; i < c->warp_slots; i++)
        resident += sm->w[i].used;
    if (resident > sm->st.max_resident_warps)
        sm->st.max_resident_warps = resident;
    return 0;
}

unsigned sm_launch_inputs(sm_t *sm, unsigned s, rf_in_t *in)
{
    const subcore_t *x = &sm->sc[s];
    unsigned launch = x->lq_len ? x->lq[x->lq_head] : ~0u;
    if (launch != ~0u && in) {
        in->launch_valid = 1;
        in->launch_warp = sm->w[launch].local;
        in->launch_base = sm->w[launch].local * sm->rows_per_warp;
    }
    return launch;
}

void sm_launch_done(sm_t *sm, unsigned s, unsigned launch)
{
    subcore_t *x = &sm->sc[s];
    if (launch == ~0u)
        return;
    x->lq_head = (x->lq_head + 1) % cfg_warps_per_sc(&sm->c);
    x->lq_len--;
    sm->w[launch].active = 1;
    if (x->lt)
        ltrf_launch(sm, launch);
}

/* a warp with nothing left to issue or complete leaves; its block may finish */
void sm_warp_retire_check(sm_t *sm, unsigned wi)
{
    warp_t *w = &sm->w[wi];
    if (!w->used || !w->done_issuing || w->inflight)
        return;
    rblock_t *rb = &sm->blk[w->blk];
    w->used = 0;
    w->active = 0;
    rb->live--;
    if (rb->live && rb->arrived == rb->live) {
        for (unsigned i = 0; i < rb->nwarps; i++)
            sm->w[rb->warp_slot[i]].at_barrier = 0;
        rb->arrived = 0;
    }
    if (!rb->live) {
        if (sm->k->done_block)
            sm->k->done_block(sm->k, &rb->tb);
        rb->used = 0;
        sm->blocks_resident--;
        sm->shmem_used -= sm->k->shmem;
    }
}

/* ---- one cycle ------------------------------------------------------------------------------ */
/* ideal: every request is served the next cycle, every write is performed now */
static void ideal_rf(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    const unsigned ncu = cfg_cus_per_sc(c);
    for (unsigned k = 0; k < ncu; k++) {
        const ocu_out_t *o = x->cu_out[k];
        for (unsigned j = 0; j < c->max_srcs; j++) {
            unsigned p = k * c->max_srcs + j;
            x->ideal_rsp_valid[p] = (uint8_t)o->rd_valid[j];
            if (o->rd_valid[j]) {
                memcpy(x->ideal_rsp[p],
                       x->ideal_mem + ((size_t)o->rd_warp[j] * c->arch_regs + o->rd_reg[j]) * c->lanes,
                       c->lanes * 4);
                sm->st.rf_reads++;
            }
        }
    }
    rf_in_t tmp;
    uint32_t gnt[RF_MAX_WPORTS];
    memset(&tmp, 0, sizeof tmp);
    sm_writeback_inputs(sm, s, &tmp);
    for (unsigned p = 0; p < c->wb_ports; p++) {
        gnt[p] = tmp.wr_valid[p];
        if (gnt[p]) {
            memcpy(x->ideal_mem + ((size_t)tmp.wr_warp[p] * c->arch_regs + tmp.wr_reg[p]) * c->lanes,
                   tmp.wr_data[p], c->lanes * 4);
            sm->st.rf_writes++;
        }
    }
    sm_writeback_done(sm, s, gnt);
}

/* baseline and ideal: collector k's grants and read data */
static void collector_inputs(sm_t *sm, unsigned s, unsigned k, ocu_in_t *in)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    for (unsigned j = 0; j < c->max_srcs; j++) {
        unsigned p = k * c->max_srcs + j;
        if (x->rf) {
            const rf_out_t *ro = x->rf_out;
            in->rd_gnt[j] = ro->rd_gnt[p];
            in->rsp_valid[j] = ro->rsp_valid[p];
            memcpy(in->rsp_data[j], ro->rsp_data[p], c->lanes * 4);
        } else {
            const ocu_out_t *o = x->cu_out[k];
            in->rd_gnt[j] = o->rd_valid[j];
            in->rsp_valid[j] = x->ideal_rsp_valid[p];
            memcpy(in->rsp_data[j], x->ideal_rsp[p], c->lanes * 4);
        }
    }
}

static void cycle(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const unsigned ncu = cfg_cus_per_sc(c);
    for (unsigned s = 0; s < c->schedulers; s++) {
        subcore_t *x = &sm->sc[s];
        for (unsigned k = 0; k < ncu; k++) {
            memset(ls_in(x->cu[k]), 0, sizeof(ocu_in_t));
            x->cu_out[k] = ls_eval(x->cu[k], 0);
        }
        if (x->lt) {
            ltrf_front(sm, s);
            continue;
        }
        unsigned launch = sm_launch_inputs(sm, s, NULL);
        if (x->rf) {
            rf_in_t *in = ls_in(x->rf);
            memset(in, 0, sizeof *in);
            sm_launch_inputs(sm, s, in);
            for (unsigned k = 0; k < ncu; k++) {
                const ocu_out_t *o = x->cu_out[k];
                for (unsigned j = 0; j < c->max_srcs; j++) {
                    unsigned p = k * c->max_srcs + j;
                    in->rd_valid[p] = o->rd_valid[j];
                    in->rd_warp[p] = o->rd_warp[j];
                    in->rd_reg[p] = o->rd_reg[j];
                }
            }
            sm_writeback_inputs(sm, s, in);
            x->rf_out = ls_eval(x->rf, 1);
        }
        sm_launch_done(sm, s, launch);
    }
    for (unsigned s = 0; s < c->schedulers; s++)
        sm_dispatch(sm, s);
    for (unsigned s = 0; s < c->schedulers; s++)
        sm_issue(sm, s);
    for (unsigned s = 0; s < c->schedulers; s++) {
        subcore_t *x = &sm->sc[s];
        for (unsigned k = 0; k < ncu; k++) {
            ocu_in_t *in = ls_in(x->cu[k]);
            if (x->lt)
                ltrf_collector_inputs(sm, s, k, in);
            else
                collector_inputs(sm, s, k, in);
            ls_eval(x->cu[k], 1);
        }
        if (x->lt)
            ltrf_back(sm, s);
        else if (x->rf) {
            sm_writeback_done(sm, s, ((const rf_out_t *)x->rf_out)->wr_gnt);
            ls_tick(x->rf);
        } else
            ideal_rf(sm, s);
        for (unsigned k = 0; k < ncu; k++)
            ls_tick(x->cu[k]);
    }
    sm_complete(sm);
}

int sm_run(sm_t *sm, workload_t *wl, char *err, size_t n)
{
    sm->err = err;
    sm->errn = n;
    for (sm->kidx = 0; sm->kidx < wl->n; sm->kidx++) {
        if (setup_kernel(sm, wl->k[sm->kidx]))
            return 2;
        uint64_t idle = 0, last_insts = 0;
        const uint64_t idle_limit = 10ull * (sm->c.lat_gmem_max + 1000);
        for (;;) {
            if (try_launch(sm))
                return 2;
            if (sm->kernel_exhausted && !sm->blocks_resident)
                break;
            sm->ls.cycle = ++sm->st.cycles;
            cycle(sm);
            if (sm->ls.bad || sm->error)
                return sm->ls.bad ? 1 : sm->error;
            if (sm->o.stop_at && sm->st.cycles >= sm->o.stop_at)
                return 0;
            idle = sm->st.instructions == last_insts ? idle + 1 : 0;
            last_insts = sm->st.instructions;
            if (idle > idle_limit || (sm->o.max_cycles && sm->st.cycles > sm->o.max_cycles)) {
                snprintf(err, n, "no forward progress for %llu cycles at cycle %llu (kernel '%s')",
                         (unsigned long long)idle, (unsigned long long)sm->st.cycles, sm->k->name);
                return 2;
            }
        }
        if (sm->k->rewind)
            sm->k->rewind(sm->k);
    }
    /* activity counters of the block models */
    if (sm->sc[0].lt)
        ltrf_stats(sm);
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        subcore_t *x = &sm->sc[s];
        if (x->rf) {
            const rf_state_t *r = x->rf->st;
            sm->st.rf_reads += r->reads;
            sm->st.rf_writes += r->writes;
            sm->st.bank_conflicts += r->read_conflicts;
            sm->st.write_conflicts += r->write_conflicts;
        }
        for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c); k++) {
            const ocu_state_t *o = x->cu[k]->st;
            sm->st.ocu_allocs += o->allocs;
            sm->st.ocu_dup_reads_saved += o->dup_reads_saved;
        }
    }
    return 0;
}
