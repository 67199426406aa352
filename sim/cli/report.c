/* Run report: statistics and lockstep verdicts as text and as JSON (jansson). */
#include "report.h"
#include "core/gpu.h"
#include "design/design.h"
#include "energy/energy.h"
#include "stream/isa.h"
#include <sys/resource.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

void report_lockstep_totals(const ls_ctx_t *ls, const char *block, ls_totals_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned i = 0; i < ls->n_all; i++) {
        const ls_inst_t *x = ls->all[i];
        if (strcmp(x->bd->name, block))
            continue;
        t->instances++;
        t->rtl_instances += x->m != NULL;
        t->cycles += x->cycles_compared;
        t->fields += x->fields_compared;
        t->mismatches += x->mismatches;
    }
}

static int stat_value(const report_t *r, const char *name, double *v)
{
    for (unsigned k = 0; name && k < r->ngroups; k++)
        for (unsigned i = 0; i < r->groups[k].list->n; i++)
            if (!strcmp(r->groups[k].list->d[i].name, name)) {
                *v = (double)r->groups[k].v[i];
                return 1;
            }
    return 0;
}

double report_hit_rate(const report_t *r)
{
    const design_t *d = design_find(r->design);
    double hits, n;
    if (!d || !stat_value(r, d->ops->cache_hits, &hits))
        return -1;
    if (!stat_value(r, d->ops->cache_lookups, &n)) {
        if (!stat_value(r, d->ops->cache_misses, &n))
            return -1;
        n += hits;
    }
    return n > 0 ? hits / n : -1;
}

/* The synthesized figures of a block of the design, if they were made with this run's
 * parameters; count = its instances. */
static const synth_block_t *synth_for(const report_t *r, const block_desc_t *bd, unsigned *count)
{
    const ls_inst_t *x = NULL;
    *count = 0;
    for (unsigned i = 0; i < r->ls->n_all; i++)
        if (r->ls->all[i]->bd == bd) {
            x = r->ls->all[i];
            ++*count;
        }
    return r->syn && x ? synth_match(r->syn, bd, x->cfg) : NULL;
}

static void synth_text(const report_t *r, FILE *f)
{
    double logic = 0, sram = 0, crit = 0, slack = 1e9;
    int met = 1;
    unsigned period = 0;
    fprintf(f, "area/timing estimate (Yosys, synth/cells.lib, preset %s):\n", r->syn->preset);
    fprintf(f, "  %-5s %5s %12s %10s %8s %10s %12s %8s\n", "block", "inst", "logic um2", "NAND2-eq",
            "FFs", "SRAM bits", "SRAM um2", "crit ps");
    for (unsigned i = 0; block_list[i]; i++) {
        unsigned k;
        const synth_block_t *b = synth_for(r, block_list[i], &k);
        if (!k)
            continue;
        if (!b) {
            fprintf(f, "  %-5s %5u  not synthesized with these parameters (make synth)\n",
                    block_list[i]->name, k);
            continue;
        }
        fprintf(f, "  %-5s %5u %12.0f %10.0f %8lu %10lu %12.0f %8.0f   (per instance)\n", b->block,
                k, b->logic_um2, b->nand2_eq, b->ffs, b->mem_bits, b->sram_um2, b->crit_ps);
        logic += k * b->logic_um2;
        sram += k * b->sram_um2;
        crit = b->crit_ps > crit ? b->crit_ps : crit;
        slack = b->sta_slack_ps < slack ? b->sta_slack_ps : slack;
        met = met && b->sta_met;
        period = b->period_ps;
    }
    fprintf(f, "  design total: logic %.0f um2 + SRAM %.0f um2 = %.3f mm2; longest path %.0f ps",
            logic, sram, (logic + sram) / 1e6, crit);
    if (period)
        fprintf(f, " (OpenSTA: %s the %u ps clock, worst slack %.0f ps)", met ? "meets" : "misses",
                period, slack);
    fputc('\n', f);
    fprintf(f, "  method: %s\n", synth_method);
}

/* the blocks' figures; logic and sram: the design's totals (every instance), -1 when a
 * block of the design was not synthesized with the run's parameters */
static json_t *synth_json(const report_t *r, double *logic, double *sram)
{
    int missing = 0;
    json_t *o = json_object();
    for (unsigned i = 0; block_list[i]; i++) {
        unsigned k;
        const synth_block_t *b = synth_for(r, block_list[i], &k);
        missing |= k && !b;
        if (!b)
            continue;
        json_t *x = json_object();
        json_object_set_new(x, "instances", json_integer(k));
        json_object_set_new(x, "logic_um2", json_real(b->logic_um2));
        json_object_set_new(x, "nand2_eq", json_real(b->nand2_eq));
        json_object_set_new(x, "flip_flops", json_integer((json_int_t)b->ffs));
        json_object_set_new(x, "memory_bits", json_integer((json_int_t)b->mem_bits));
        json_object_set_new(x, "sram_um2", json_real(b->sram_um2));
        json_object_set_new(x, "critical_path_ps", json_real(b->crit_ps));
        json_object_set_new(x, "clock_period_ps", json_integer(b->period_ps));
        json_object_set_new(o, b->block, x);
        *logic += k * b->logic_um2;
        *sram += k * b->sram_um2;
    }
    if (missing)
        *logic = *sram = -1;
    return o;
}

/* peak resident set of this process so far, in KiB (getrusage) */
static long peak_rss_kb(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) ? -1 : u.ru_maxrss;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* the GPU's SM count and the spread of its SMs' instructions and blocks */
static void gpu_text(const report_t *r, FILE *f)
{
    gpu_t *g = r->gpu;
    const unsigned n = gpu_sms(g);
    uint64_t *v = malloc(2 * n * sizeof *v);
    if (!v)
        return;
    for (unsigned i = 0; i < n; i++) {
        v[i] = sm_stats(gpu_sm(g, i))->instructions;
        v[n + i] = sm_stats(gpu_sm(g, i))->blocks_launched;
    }
    qsort(v, n, sizeof *v, cmp_u64);
    qsort(v + n, n, sizeof *v, cmp_u64);
    const double cyc = (double)(gpu_stats(g)->cycles ? gpu_stats(g)->cycles : 1);
    fprintf(f, "GPU: %u SMs on %u threads; per SM: IPC min %.3f median %.3f max %.3f, blocks "
            "min %llu median %llu max %llu\n", n, gpu_threads(g), v[0] / cyc, v[n / 2] / cyc,
            v[n - 1] / cyc, (unsigned long long)v[n], (unsigned long long)v[n + n / 2],
            (unsigned long long)v[2 * n - 1]);
    free(v);
}

/* every SM's core counters, SM 0 first */
static json_t *per_sm_json(gpu_t *g)
{
    json_t *a = json_array();
    for (unsigned i = 0; i < gpu_sms(g); i++) {
        unsigned ng;
        const stat_group_t *sg = sm_stat_groups(gpu_sm(g, i), &ng);
        json_t *x = json_object();
        for (unsigned j = 0; j < sg[0].list->n; j++)
            json_object_set_new(x, sg[0].list->d[j].name, json_integer((json_int_t)sg[0].v[j]));
        json_array_append_new(a, x);
    }
    return a;
}

void report_text(const report_t *r, FILE *f)
{
    fprintf(f, "gpurf %s: design %s, preset %s, stream %s\n", r->mode, r->design, r->preset, r->stream);
    if (r->preset_note)
        fprintf(f, "preset: %s (%s)\n", r->preset, r->preset_note);
    if (r->sched_note)
        fprintf(f, "scheduler: %s\n", r->sched_note);
    if (r->latx && r->latx->factor)
        fprintf(f, "latency-x %g: bank_latency %u -> %u (reference kernel %s: average main-RF read "
                   "latency %.2f -> %.2f cycles, %.2f x)\n", r->latx->factor, r->latx->from,
                r->latx->to, LATX_KERNEL, r->latx->base_avg, r->latx->avg,
                r->latx->avg / r->latx->base_avg);
    for (unsigned i = 0; r->w && i < r->w->n; i++) {
        const kernel_t *k = r->w->k[i];
        char arch[32] = "opcodes of any architecture";
        if (k->binary_version)
            snprintf(arch, sizeof arch, "sm_%u (%s)", k->binary_version, isa_arch_name(k->arch));
        fprintf(f, "kernel %u '%.60s': %s, %u registers/thread, %u warps/block, %u blocks\n", k->id,
                k->name, arch, k->nregs, k->warps_per_block, k->nblocks);
    }
    fprintf(f, "peak memory: %ld KiB (maximum resident set of the process)\n", peak_rss_kb());
    if (r->cosim) {
        fprintf(f, "lockstep (%s drives):\n", r->ls->drive_rtl ? "RTL" : "C");
        for (unsigned i = 0; block_list[i]; i++) {
            ls_totals_t t;
            report_lockstep_totals(r->ls, block_list[i]->name, &t);
            if (!t.rtl_instances)
                continue;
            fprintf(f, "  %-8s %3u instances  %10llu cycles  %12llu fields compared  %llu mismatches  %s\n",
                    block_list[i]->name, t.rtl_instances, (unsigned long long)t.cycles,
                    (unsigned long long)t.fields, (unsigned long long)t.mismatches,
                    t.mismatches ? "FAIL" : t.cycles ? "PASS" : "FAIL (nothing compared)");
        }
    }
    if (r->gpu)
        gpu_text(r, f);
    const int many = r->gpu && gpu_sms(r->gpu) > 1;
    fprintf(f, "statistics%s:\n", many ? " (the GPU: every SM's summed)" : "");
    stats_print_text(r->groups, r->ngroups, &r->dv, f);
    const double hr = report_hit_rate(r);
    if (hr >= 0) {
        const design_t *d = design_find(r->design);
        fprintf(f, "  %-24s %12.4f   register-cache hit rate: %s / %s\n", "cache_hit_rate", hr,
                d->ops->cache_hits, d->ops->cache_lookups ? d->ops->cache_lookups : "(hits + misses)");
    }
    rf_energy_t e;
    energy_of_run(r->cfg, r->groups, r->ngroups, &e);
    fprintf(f, "register-file energy (pJ; gpurf energy prints the model):");
#define X(p) fprintf(f, " %s %.1f,", #p, e.p);
    ENERGY_PARTS(X)
#undef X
    fprintf(f, " total %.1f (power %.2f mW)\n", e.total, e.power_mw);
    if (r->syn)
        synth_text(r, f);
}

void *report_energy_json(const rf_energy_t *e)
{
    json_t *en = json_object();
#define X(p) json_object_set_new(en, #p, json_real(e->p));
    ENERGY_PARTS(X)
#undef X
    json_object_set_new(en, "dynamic", json_real(e->dynamic));
    json_object_set_new(en, "total", json_real(e->total));
    json_object_set_new(en, "reg", json_real(e->reg));
    json_object_set_new(en, "power_mw", json_real(e->power_mw));
    return en;
}

int report_json(const report_t *r, const char *path)
{
    json_t *o = json_object(), *st = json_object();
    json_object_set_new(o, "mode", json_string(r->mode));
    json_object_set_new(o, "design", json_string(r->design));
    json_object_set_new(o, "preset", json_string(r->preset));
    json_object_set_new(o, "scheduler", json_string(cfg_sched_name(r->cfg->scheduler)));
    /* a run that stopped says so, whatever its counters reached */
    json_object_set_new(o, "exit_code", json_integer(r->rc));
    json_object_set_new(o, "error", r->rc && r->err ? json_string(r->err) : json_null());
    json_object_set_new(o, "stream", json_string(r->stream));
    for (unsigned k = 0; k < r->ngroups; k++)
        for (unsigned i = 0; i < r->groups[k].list->n; i++)
            json_object_set_new(st, r->groups[k].list->d[i].name,
                                json_integer((json_int_t)r->groups[k].v[i]));
#define D(nm, d, v) json_object_set_new(st, #nm, json_real(r->dv.nm));
    DERIVED_STATS(D)
#undef D
    json_object_set_new(o, "stats", st);
    double hr = report_hit_rate(r);
    json_object_set_new(o, "cache_hit_rate", hr < 0 ? json_null() : json_real(hr));
    json_object_set_new(o, "sms", json_integer(r->gpu ? gpu_sms(r->gpu) : 1));
    if (r->gpu)
        json_object_set_new(o, "per_sm", per_sm_json(r->gpu));
    json_t *lj = json_null();
    if (r->latx && r->latx->factor)
        lj = json_pack("{s:f, s:i, s:i, s:f, s:f, s:f}", "factor", r->latx->factor, "from",
                       (int)r->latx->from, "bank_latency", (int)r->latx->to, "base_avg",
                       r->latx->base_avg, "avg", r->latx->avg, "ratio",
                       r->latx->avg / r->latx->base_avg);
    json_object_set_new(o, "latency_x", lj);
    rf_energy_t e;
    energy_of_run(r->cfg, r->groups, r->ngroups, &e);
    json_object_set_new(o, "energy_pj", report_energy_json(&e));
    json_object_set_new(o, "peak_rss_kb", json_integer(peak_rss_kb()));
    json_t *ks = json_array();
    for (unsigned i = 0; r->w && i < r->w->n; i++) {
        const kernel_t *k = r->w->k[i];
        json_array_append_new(ks, json_pack("{s:s, s:i, s:s, s:i, s:i, s:i, s:i, s:i}", "name", k->name,
                                            "binary_version", (json_int_t)k->binary_version, "arch",
                                            isa_arch_name(k->arch), "nregs", (json_int_t)k->nregs,
                                            "warps_per_block", (json_int_t)k->warps_per_block,
                                            "blocks", (json_int_t)k->nblocks, "hi_reg",
                                            (json_int_t)k->hi_reg, "hi_ureg", (json_int_t)k->hi_ureg));
    }
    json_object_set_new(o, "kernels", ks);
    if (r->syn) {
        double logic = 0, sram = 0;
        json_object_set_new(o, "synth", synth_json(r, &logic, &sram));
        json_object_set_new(o, "area_mm2", logic < 0 ? json_null() : json_real((logic + sram) / 1e6));
    }
    if (r->cosim) {
        json_t *l = json_object();
        for (unsigned i = 0; block_list[i]; i++) {
            ls_totals_t t;
            report_lockstep_totals(r->ls, block_list[i]->name, &t);
            if (!t.rtl_instances)
                continue;
            json_t *b = json_object();
            json_object_set_new(b, "instances", json_integer(t.rtl_instances));
            json_object_set_new(b, "cycles_compared", json_integer((json_int_t)t.cycles));
            json_object_set_new(b, "fields_compared", json_integer((json_int_t)t.fields));
            json_object_set_new(b, "mismatches", json_integer((json_int_t)t.mismatches));
            json_object_set_new(l, block_list[i]->name, b);
        }
        json_object_set_new(o, "lockstep", l);
    }
    int rc = json_dump_file(o, path, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(o);
    return rc;
}
