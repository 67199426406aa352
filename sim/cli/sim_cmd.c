/* gpurf sim and cosim: one run of a design on the GPU (core/gpu.h), its report, and on a
 * lockstep mismatch the deterministic replay that writes the waveform window. */
#include "harness/lockstep.h"
#include "cli.h"
#include "report.h"
#include "core/gpu.h"
#include "design/design.h"
#include "pass/liveness.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --threads and --rtl-sm of a run (0: every core; SM 0) */
typedef struct {
    unsigned threads, rtl_sm;
} gpu_args_t;

/* every block --blocks names is one the design instantiates */
static int check_blocks(const design_t *d, const char *list)
{
    if (!strcmp(list, "all"))
        return 0;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        int found = 0;
        for (const char *q = d->blocks; *q;) {
            size_t m = strcspn(q, " ");
            found |= m == n && !strncmp(p, q, n);
            q += m + (q[m] == ' ');
        }
        if (!found) {
            fprintf(stderr, "gpurf: --blocks: design '%s' has no block '%.*s' (its blocks: %s)\n",
                    d->name, (int)n, p, d->blocks);
            return -1;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

static int run_once(const args_t *a, const gpu_args_t *ga, const sm_cfg_t *c, sm_opts_t *o,
                    int print, const synth_sum_t *syn, const char *sched_note,
                    const latx_t *lx)
{
    char err[1024] = "";
    workload_t w;
    if (cli_load_stream(a, 1, &w, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    unsigned arch_next = 0;
    if (print)
        cli_check_arch(c, &w, &arch_next);
    gpu_t *g = gpu_new(c, o, ga->rtl_sm, ga->threads, err, sizeof err);
    if (!g) {
        fprintf(stderr, "gpurf: %s\n", err);
        workload_free(&w);
        return 2;
    }
    sm_t *sm = gpu_rtl_sm(g);
    int rc = gpu_run(g, &w, err, sizeof err);
    char lerr[1024];
    if (workload_settle(&w, lerr, sizeof lerr) && !rc) { /* a kernel the run did not reach */
        snprintf(err, sizeof err, "%s", lerr);
        rc = 2;
    }
    if (print)
        cli_check_arch(c, &w, &arch_next);
    ls_ctx_t *ls = sm_lockstep(sm);
    if (rc == 1 && ls->bad && print) {
        ls_report_mismatch(ls, stderr);
        fprintf(stderr, "  seed/stream: %s\n", a->trace ? a->trace : a->gen);
    } else if (rc && print)
        fprintf(stderr, "gpurf: %s\n", err);
    if (print) {
        report_t r = {a->cmd, o->design->name, c->name, a->trace ? a->trace : a->gen,
                      NULL, 0, stats_derive(gpu_stats(g), c), ls, o->rtl_blocks != NULL, syn, &w, c,
                      sched_note, a->preset_note, lx, rc, err, g};
        char why[160];
        if (rc == 1 && ls->bad) {
            snprintf(why, sizeof why, "lockstep mismatch at cycle %llu in %s",
                     (unsigned long long)ls->bad_cycle, ls->bad->name);
            r.err = why;
        }
        r.groups = gpu_stat_groups(g, &r.ngroups);
        report_text(&r, stdout);
        if (o->rtl_blocks && !rc)
            for (unsigned i = 0; block_list[i]; i++) {
                ls_totals_t t;
                report_lockstep_totals(ls, block_list[i]->name, &t);
                if (t.rtl_instances && !t.cycles) {
                    fprintf(stderr, "gpurf: lockstep compared nothing for block %s\n",
                            block_list[i]->name);
                    rc = 1;
                }
            }
        if (a->json && report_json(&r, a->json)) {
            fprintf(stderr, "gpurf: cannot write %s\n", a->json);
            rc = rc ? rc : 2;
        }
    }
    if (ls_close_waves(ls) && !rc)
        rc = 2;
    if (print && o->wave_all)
        ls_print_waves(ls, stdout);
    if (o->wave_all && sm_merge_waves(sm) < 0 && !rc)
        rc = 2;
    if (rc == 1 && ls->bad && !o->win_inst) {
        /* replay deterministically with the faulty instance traced around the mismatch */
        static char name[64];
        snprintf(name, sizeof name, "%s", ls->bad->name);
        sm_opts_t o2 = *o;
        o2.win_inst = name;
        o2.win_from = ls->bad_cycle > a->window ? ls->bad_cycle - a->window : 0;
        o2.stop_at = ls->bad_cycle + 2;
        o2.wave_all = 0;
        char path[512], view[512];
        ls_wave_path(ls, ls->bad, "mismatch_", path, sizeof path);
        ls_view_path(path, view, sizeof view);
        gpu_free(g);
        workload_free(&w);
        run_once(a, ga, c, &o2, 0, NULL, NULL, NULL);
        fprintf(stderr, "  waves   %s (cycles %llu..%llu)\n  view    gtkwave %s %s\n", path,
                (unsigned long long)o2.win_from, (unsigned long long)o2.stop_at, path, view);
        return 1;
    }
    gpu_free(g);
    workload_free(&w);
    return rc;
}

/* a count option's value: 0, or -1 with a message naming the option and field */
static int count_opt(const char *opt, const char *field, const char *v, unsigned lo,
                     unsigned hi, unsigned *out)
{
    char *end;
    unsigned long x = v ? strtoul(v, &end, 10) : 0;
    if (!v)
        return 0;
    if (!*v || *end || *v == '-' || x < lo || x > hi) {
        fprintf(stderr, "gpurf: %s: field '%s': '%s' is not a count in %u..%u\n", opt, field, v,
                lo, hi);
        return -1;
    }
    *out = (unsigned)x;
    return 0;
}

int cmd_sim(const args_t *a, int cosim)
{
    char err[1024];
    sm_cfg_t c;
    latx_t lx;
    if (cli_load_cfg(a, &c, &lx, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    unsigned sms = c.sms, dl = 0;
    gpu_args_t ga = {0, 0};
    if (count_opt("--sms", "sms", a->sms, 1, GPURF_MAX_SMS, &sms) ||
        count_opt("--threads", "threads", a->threads, 1, 1024, &ga.threads) ||
        count_opt("--rtl-sm", "rtl_sm", a->rtl_sm, 0, sms - 1, &ga.rtl_sm) ||
        count_opt("--deadlock", "deadlock", a->deadlock, 1, 4000000000u, &dl))
        return 2;
    c.sms = sms;
    sm_opts_t o;
    memset(&o, 0, sizeof o);
    o.deadlock = dl;
    o.every_cycle = a->every_cycle;
    const char *dname = a->design ? a->design : "baseline";
    o.design = design_find(dname);
    if (!o.design) {
        fprintf(stderr, "gpurf: --design: unknown design '%s' (gpurf designs lists them)\n", dname);
        return 2;
    }
    int named = 0;
    for (unsigned i = 0; i < a->nsets; i++)
        named |= !strncmp(a->sets[i], "scheduler=", 10);
    char note[160];
    if (sm_resolve_scheduler(&c, o.design, named, note, sizeof note, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    o.history = a->history;
    o.sthld_log = a->sthld_log;
    o.reg_log = a->reg_log;
    if (a->pass_fault && strcmp(a->pass_fault, "partial_write_kills") &&
        strcmp(a->pass_fault, "rsp_no_fill")) {
        fprintf(stderr, "gpurf: --pass-fault: unknown fault '%s' (partial_write_kills, "
                        "rsp_no_fill)\n", a->pass_fault);
        return 2;
    }
    o.rsp_no_fill = a->pass_fault && !strcmp(a->pass_fault, "rsp_no_fill");
    o.pass_fault = a->pass_fault && !o.rsp_no_fill ? LV_PARTIAL_KILLS : LV_EXACT;
    o.wave_dir = a->waves ? a->waves : "waves";
    if (cosim) {
        if (check_blocks(o.design, a->blocks))
            return 2;
        o.rtl_blocks = a->blocks;
        o.rtl_variant = a->variant;
        o.rtl_preset = a->preset;
        static sm_cfg_t built;
        if (cfg_load(a->preset, a->presets_dir, &built, err, sizeof err)) {
            fprintf(stderr, "gpurf: %s\n", err);
            return 2;
        }
        o.rtl_cfg = &built;
        o.wave_all = a->waves != NULL;
        if (strcmp(a->drive, "c") && strcmp(a->drive, "rtl")) {
            fprintf(stderr, "gpurf: --drive: expected c or rtl\n");
            return 2;
        }
        o.drive_rtl = !strcmp(a->drive, "rtl");
    }
    static synth_sum_t syn;
    if (a->synth && (synth_load(a->synth, &syn, err, sizeof err) || synth_price(&syn, &c, err, sizeof err))) {
        fprintf(stderr, "gpurf: --synth: %s\n", err);
        return 2;
    }
    return run_once(a, &ga, &c, &o, 1, a->synth ? &syn : NULL, note, &lx);
}

