/* SM core: construction, the cycle (design/design.h lists its steps) and the run loop. */
#include "core.h"
#include "sched.h"
#include <stdlib.h>
#include <string.h>

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
        int mine = block_of_fault(v) == block_find(block);
        rtl = rtl_find(block, sm->o.rtl_cfg ? sm->o.rtl_cfg : &sm->c, mine ? v : "ok");
        if (!rtl) {
            rtl_missing(block, sm->o.rtl_preset, mine ? v : "ok", err, n);
            return NULL;
        }
        char what[256];
        if (sm->o.rtl_cfg &&
            block_params_differ(block_find(block), &sm->c, sm->o.rtl_cfg, what, sizeof what)) {
            snprintf(err, n, "the run's parameters differ from the RTL of block '%s' built for "
                             "preset '%s': %s; change the preset file, not --set",
                     block, sm->o.rtl_preset, what);
            return NULL;
        }
    }
    ls_inst_t *x = ls_new(&sm->ls, block_find(block), &sm->c, name, rtl);
    if (!x)
        snprintf(err, n, "cannot create block instance %s", name);
    return x;
}

void sm_stat_group(sm_t *sm, const stat_list_t *l, const uint64_t *v)
{
    if (sm->ngroups < sizeof sm->groups / sizeof sm->groups[0])
        sm->groups[sm->ngroups++] = (stat_group_t){l, v};
}

static void where(void *arg, FILE *f)
{
    sm_t *sm = arg;
    fprintf(f, "SM %u, kernel %u '%s' (%s), %llu instructions executed, %u blocks resident",
            sm->id, sm->kidx + 1, sm->k ? sm->k->name : "?", sm->k ? sm->k->file : "?",
            (unsigned long long)sm->st.instructions, sm->blocks_resident);
}

/* the names of the policies a design supports, comma separated */
static void sched_list(const design_t *d, char *have, size_t n)
{
    *have = 0;
    for (unsigned s = 0; s < SCHED_N; s++)
        if (d->ops->schedulers >> s & 1)
            snprintf(have + strlen(have), n - strlen(have), "%s%s", *have ? ", " : "",
                     cfg_sched_name(s));
}

/* the run's scheduler must be one the design supports */
static int check_scheduler(const sm_cfg_t *c, const design_t *d, char *err, size_t n)
{
    if (d->ops->schedulers >> c->scheduler & 1)
        return 0;
    char have[64];
    sched_list(d, have, sizeof have);
    snprintf(err, n, "preset '%s': field 'scheduler': design '%s' does not support '%s' "
             "(it supports: %s)", c->name, d->name, cfg_sched_name(c->scheduler), have);
    return -1;
}

int sm_resolve_scheduler(sm_cfg_t *c, const design_t *d, int named, char *note, size_t nn,
                         char *err, size_t n)
{
    const unsigned asked = c->scheduler;
    if (!(d->ops->schedulers >> asked & 1)) {
        if (named) {
            char have[64];
            sched_list(d, have, sizeof have);
            snprintf(err, n, "--set scheduler=%s: field 'scheduler': design '%s' does not "
                     "support '%s' (it supports: %s)", cfg_sched_name(asked), d->name,
                     cfg_sched_name(asked), have);
            return -1;
        }
        c->scheduler = d->ops->paper_scheduler;
    }
    if (check_scheduler(c, d, err, n)) /* a paper's policy the design does not list */
        return -1;
    if (c->scheduler != asked)
        snprintf(note, nn, "%s (%s's default; preset %s says %s)", cfg_sched_name(c->scheduler),
                 d->name, c->name, cfg_sched_name(asked));
    else
        snprintf(note, nn, "%s (%s)", cfg_sched_name(c->scheduler),
                 named ? "--set scheduler" : "the preset's");
    return 0;
}

sm_t *sm_new(const sm_cfg_t *cfg, const sm_opts_t *o, l2sys_t *l2, unsigned id, char *err,
             size_t n)
{
    if (check_scheduler(cfg, o->design, err, n))
        return NULL;
    sm_t *sm = calloc(1, sizeof *sm);
    if (!sm)
        return NULL;
    sm->c = *cfg;
    sm->o = *o;
    sm->id = id;
    sm->d = o->design->ops;
    sm->cu_block = sm->d->collector ? sm->d->collector : "ocu";
    sm->policy = cfg->ccu_priority && sm->d->prefer ? SCHED_PREFER : cfg->scheduler;
    sm->fl_free = ~0u;
    if (!sm->o.rtl_variant)
        sm->o.rtl_variant = "ok";
    if (!sm->o.rtl_preset)
        sm->o.rtl_preset = cfg->name;
    sm->ls.drive_rtl = o->drive_rtl;
    sm->ls.every_cycle = o->every_cycle;
    sm->ls.dormancy = 1; /* the SM and the designs write inputs through ls_in() */
    sm->ls.history = o->history ? o->history : 4;
    sm->ls.wave_dir = o->wave_dir;
    sm->ls.wave_all = o->wave_all;
    sm->ls.win_inst = o->win_inst;
    sm->ls.win_from = o->win_from;
    sm->ls.where = where;
    sm->ls.where_arg = sm;
    sm_stat_group(sm, &core_stats, (const uint64_t *)&sm->st);
    if (cu_ports_find(block_find(sm->cu_block)->pt, &sm->cup, err, n))
        goto fail;
    const unsigned S = cfg->schedulers, ncu = cfg_cus_per_sc(cfg);
    sm->sc = calloc(S, sizeof *sm->sc);
    sm->w = calloc(cfg->warp_slots, sizeof *sm->w);
    sm->blk = calloc(cfg->block_slots, sizeof *sm->blk);
    sm->wheel_size = 1024;
    sm->mem = mem_new(cfg, l2);
    if (!sm->mem)
        goto oom;
    sm_stat_group(sm, &mem_stat_list, (const uint64_t *)mem_stats(sm->mem));
    sm->wheel_head = malloc(sm->wheel_size * sizeof *sm->wheel_head);
    if (!sm->sc || !sm->w || !sm->blk || !sm->wheel_head)
        goto oom;
    for (unsigned i = 0; i < sm->wheel_size; i++)
        sm->wheel_head[i] = ~0u;
    /* the warps' shadows in one region: the pages of registers no warp writes are never
     * touched (a large calloc maps zero pages on demand) */
    const size_t regs = (size_t)cfg->warp_slots * cfg->arch_regs;
    sm->shadow = calloc(regs * cfg->lanes, sizeof *sm->shadow);
    sm->defined = calloc(regs, sizeof *sm->defined);
    if (!sm->shadow || !sm->defined)
        goto oom;
    for (unsigned i = 0; i < cfg->warp_slots; i++) {
        sm->w[i].shadow = sm->shadow + (size_t)i * cfg->arch_regs * cfg->lanes;
        sm->w[i].defined = sm->defined + (size_t)i * cfg->arch_regs;
        sm->w[i].sc = i % S;
        sm->w[i].local = i / S;
    }
    for (unsigned s = 0; s < S; s++) {
        subcore_t *x = &sm->sc[s];
        char name[40];
        x->cu = calloc(ncu, sizeof *x->cu);
        q_init(&x->wbq, sizeof(wbq_ent_t));
        q_init(&x->lq, sizeof(unsigned));
        x->pool = malloc(cfg_warps_per_sc(cfg) * sizeof *x->pool);
        x->by_age = malloc(cfg_warps_per_sc(cfg) * sizeof *x->by_age);
        x->by_age_ver = ~0ull;
        if (!x->cu || !x->pool || !x->by_age)
            goto oom;
        for (unsigned c = 0; c < ncu; c++) {
            snprintf(name, sizeof name, "%s.sc%u.%u", sm->cu_block, s, c);
            if (!(x->cu[c] = sm_make_inst(sm, sm->cu_block, name, err, n)))
                goto fail;
        }
    }
    if (sm->d->init && sm->d->init(sm, err, n))
        goto fail;
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
    if (sm->d->free)
        sm->d->free(sm);
    for (unsigned i = 0; i < sm->ls.n_all; i++)
        ls_free(sm->ls.all[i]);
    free(sm->ls.all);
    if (sm->sc)
        for (unsigned s = 0; s < sm->c.schedulers; s++) {
            subcore_t *x = &sm->sc[s];
            free(x->cu);
            q_free(&x->wbq);
            q_free(&x->lq);
            free(x->pool);
            free(x->by_age);
        }
    free(sm->shadow);
    free(sm->defined);
    for (unsigned i = 0; sm->blk && i < sm->c.block_slots; i++)
        if (sm->blk[i].used && sm->k && sm->k->done_block)
            sm->k->done_block(sm->k, &sm->blk[i].tb);
    free(sm->sc);
    free(sm->w);
    free(sm->blk);
    free(sm->fl);
    free(sm->wheel_head);
    free(sm->wheel_next);
    mem_free(sm->mem);
    free(sm);
}

const sm_stats_t *sm_stats(const sm_t *sm) { return &sm->st; }
const stat_group_t *sm_stat_groups(const sm_t *sm, unsigned *n)
{
    *n = sm->ngroups;
    return sm->groups;
}
ls_ctx_t *sm_lockstep(sm_t *sm) { return &sm->ls; }
int sm_merge_waves(sm_t *sm) { return sm->d->merge_waves ? sm->d->merge_waves(sm) : 0; }

/* the responses a collector takes at this edge; an allocation it takes, counted with the
 * repeated source registers whose read it saves */
static void count_collector(sm_t *sm, const void *in)
{
    const cu_ports_t *p = &sm->cup;
    for (unsigned i = 0; i < sm->c.max_srcs; i++)
        sm->st.cu_fills += cu_get(p->rsp_valid, in, i);
    if (!cu_get(p->alloc_valid, in, 0))
        return;
    sm->st.ocu_allocs++;
    for (unsigned i = 0; i < sm->c.max_srcs; i++)
        for (unsigned j = 0; j < i && cu_get(p->alloc_src_valid, in, i); j++)
            if (cu_get(p->alloc_src_valid, in, j) &&
                cu_get(p->alloc_src, in, j) == cu_get(p->alloc_src, in, i)) {
                sm->st.ocu_dup_reads_saved++;
                break;
            }
}

void sm_cycle_front(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const unsigned ncu = cfg_cus_per_sc(c);
    sm->ls.cycle = ++sm->st.cycles;
    if (!sm->idle_latched && sm_idle(sm))
        sm->idle_latched = 1;
    if ((sm->skip = sm->kernel_exhausted && sm->idle_latched)) {
        sm->st.stall_idle += c->schedulers;
        if (sm->d->idle)
            sm->d->idle(sm);
        return;
    }
    for (unsigned s = 0; s < c->schedulers; s++) {
        subcore_t *x = &sm->sc[s];
        for (unsigned k = 0; k < ncu; k++) {
            ls_clear_strobes(x->cu[k]);
            x->cu_out[k] = ls_eval(x->cu[k], 0);
        }
        sm->d->front(sm, s);
    }
    for (unsigned s = 0; s < c->schedulers; s++)
        sm_dispatch(sm, s);
}

void sm_cycle_back(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const design_ops_t *d = sm->d;
    const unsigned ncu = cfg_cus_per_sc(c);
    if (sm->skip)
        return;
    for (unsigned s = 0; d->allocate && s < c->schedulers; s++)
        d->allocate(sm, s);
    for (unsigned s = 0; s < c->schedulers; s++)
        sm_issue(sm, s);
    for (unsigned s = 0; s < c->schedulers; s++) {
        subcore_t *x = &sm->sc[s];
        for (unsigned k = 0; k < ncu; k++) {
            d->collector_inputs(sm, s, k, x->cu[k]);
            ls_eval(x->cu[k], 1);
        }
        d->back(sm, s);
        for (unsigned k = 0; k < ncu; k++) {
            count_collector(sm, x->cu[k]->in);
            ls_tick(x->cu[k]);
        }
    }
    sm_complete(sm);
}

int sm_idle(const sm_t *sm)
{
    return sm->idle_latched || (!sm->blocks_resident && !(sm->d->busy && sm->d->busy(sm)));
}

int sm_failed(const sm_t *sm) { return sm->ls.bad ? 1 : sm->error; }

void sm_end(sm_t *sm)
{
    if (sm->d->end)
        sm->d->end(sm);
}

void sm_describe(const sm_t *sm, FILE *f)
{
    unsigned res = 0, bar = 0, drain = 0, wait = 0, oldest = ~0u;
    for (unsigned i = 0; i < sm->c.warp_slots; i++) {
        const warp_t *w = &sm->w[i];
        if (!w->used)
            continue;
        res++;
        bar += w->at_barrier;
        drain += w->done_issuing;
        if (w->done_issuing || w->at_barrier)
            continue;
        wait++;
        if (oldest == ~0u || w->age < sm->w[oldest].age)
            oldest = i;
    }
    fprintf(f, "  SM %u: %u blocks, %u warps resident (%u at a barrier, %u done issuing, %u "
            "waiting to issue), %llu instructions", sm->id, sm->blocks_resident, res, bar, drain,
            wait, (unsigned long long)sm->st.instructions);
    if (oldest != ~0u) {
        const warp_t *w = &sm->w[oldest];
        const inst_t *in = &w->tr->v[w->next];
        fprintf(f, "; oldest waiting warp %u (block %u, warp %u) at %s:%u, %u results pending",
                oldest, sm->blk[w->blk].tb.id, w->wib, sm->k ? sm->k->file : "?", in->line,
                w->wpend);
    }
    fputc('\n', f);
}
