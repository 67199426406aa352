/* gpurf command line: parsing and dispatch. Each command's usage and options are in help.c
 * (gpurf --help, gpurf CMD --help).
 * Exit: 0 success, 1 lockstep mismatch or value-check failure, 2 bad input or configuration. */
#include "harness/datadir.h"
#include "harness/lockstep.h"
#include "synth/area.h"
#include "harness/bench.h"
#include "harness/blocksim.h"
#include "stream/gen.h"
#include "stream/isa.h"
#include "pass/liveness.h"
#include "agg.h"
#include "cli.h"
#include "help.h"
#include "report.h"
#include "design/design.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    help_usage(stderr);
    return 2;
}

static int parse(int argc, char **argv, args_t *a)
{
    memset(a, 0, sizeof *a);
    a->blocks = "all";
    a->drive = "c";
    a->variant = "ok";
    a->history = 4;
    a->window = 16;
    a->cycles = 5000;
    a->presets_dir = gpurf_data_dir("GPURF_PRESETS", "presets", "pascal.json");
    if (argc < 2)
        return -1;
    a->cmd = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name, field)                                                                           \
    if (!strcmp(o, name)) {                                                                        \
        if (!v) {                                                                                  \
            fprintf(stderr, "gpurf: option %s needs a value\n", o);                                \
            return -1;                                                                             \
        }                                                                                          \
        a->field = v;                                                                              \
        i++;                                                                                       \
        continue;                                                                                  \
    }
        OPT("--design", design)
        OPT("--trace", trace)
        OPT("--gen", gen)
        OPT("--preset", preset)
        OPT("--json", json)
        OPT("--blocks", blocks)
        OPT("--drive", drive)
        OPT("--waves", waves)
        OPT("--variant", variant)
        OPT("--out", out)
        OPT("--run", run)
        OPT("--presets-dir", presets_dir)
        OPT("--synth", synth)
        OPT("--block", block)
        OPT("--seed", seed)
        OPT("--latency-x", latency_x)
        OPT("--pass-fault", pass_fault)
        OPT("--regs", regs)
        OPT("--arch", arch)
        OPT("--sthld-log", sthld_log)
        OPT("--reg-log", reg_log)
        OPT("--addr-mode", addr_mode)
        OPT("--sms", sms)
        OPT("--threads", threads)
        OPT("--rtl-sm", rtl_sm)
        OPT("--deadlock", deadlock)
        OPT("--grid", grid)
        OPT("--min-seconds", min_seconds)
#undef OPT
        if (!strcmp(o, "--opcode-class") && v) {
            const char *eq = strchr(v, '=');
            int cls = eq ? isa_class_by_name(eq + 1) : -1;
            if (!eq || eq == v || eq - v >= (long)sizeof a->ovr[0].op || cls < 0 || a->novr == MAX_SETS) {
                fprintf(stderr, "gpurf: --opcode-class '%s': expected OPCODE=CLASS with CLASS one of "
                        "alu, sfu, shmem, gmem, branch, barrier, exit\n", v);
                return -1;
            }
            snprintf(a->ovr[a->novr].op, sizeof a->ovr[0].op, "%.*s", (int)(eq - v), v);
            a->ovr[a->novr++].cls = cls;
            i++;
            continue;
        }
        if ((!strcmp(o, "--history") || !strcmp(o, "--window") || !strcmp(o, "--cycles")) && v) {
            char *end;
            unsigned long x = strtoul(v, &end, 10);
            if (*end || x > 10000000 || !x) {
                fprintf(stderr, "gpurf: %s: '%s' is not a count\n", o, v);
                return -1;
            }
            *(o[2] == 'h' ? &a->history : o[2] == 'w' ? &a->window : &a->cycles) = (unsigned)x;
            i++;
            continue;
        }
        if (!strcmp(o, "--bias") && v && a->nbias < MAX_SETS) {
            a->bias[a->nbias++] = v;
            i++;
            continue;
        }
        if (!strcmp(o, "--set") && v && a->nsets < MAX_SETS) {
            a->sets[a->nsets++] = v;
            i++;
            continue;
        }
        if (!strcmp(o, "--insts") || !strcmp(o, "--names") || !strcmp(o, "--check") ||
            !strcmp(o, "--alloc")) {
            *(o[2] == 'i' ? &a->insts : o[2] == 'n' ? &a->names : o[2] == 'a' ? &a->alloc
                                                                          : &a->check) = 1;
            continue;
        }
        if (!strcmp(o, "--every-cycle") || !strcmp(o, "--quiet-fault")) {
            *(o[2] == 'e' ? &a->every_cycle : &a->quiet_fault) = 1;
            continue;
        }
        if (!strcmp(a->cmd, "gen") && !a->gen && o[0] != '-') {
            a->gen = o;
            continue;
        }
        fprintf(stderr, "gpurf: unknown or incomplete option '%s'\n", o);
        return -1;
    }
    return 0;
}

static int cmd_bench(const args_t *a)
{
    char err[1024];
    sm_cfg_t c;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    char *end = NULL;
    const double min_s = a->min_seconds ? strtod(a->min_seconds, &end) : 1.0;
    if (a->min_seconds && (end == a->min_seconds || *end || !(min_s >= 0 && min_s <= 60))) {
        fprintf(stderr, "gpurf bench: --min-seconds '%s': expected seconds from 0 to 60\n",
                a->min_seconds);
        return 2;
    }
    bench_opts_t o = {a->preset, a->gen ? a->gen : "seed=1,blocks=16,warps=8,regs=32,insts=48,loops=12",
                      strcmp(a->blocks, "all") ? a->blocks : NULL,
                      a->out ? a->out : "build/bench", a->cycles, min_s};
    return bench_run(&c, &o);
}

static int cmd_blocksim(const args_t *a)
{
    char err[1024], *end;
    sm_cfg_t c;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    blocksim_opts_t o = {.block = a->block, .variant = a->variant, .wave_dir = a->waves,
                         .cycles = a->cycles, .seed = 1, .quiet_fault = a->quiet_fault};
    if (!a->block) {
        fprintf(stderr, "gpurf blocksim: --block is required\n");
        return 2;
    }
    if (a->seed && ((o.seed = strtoull(a->seed, &end, 0)), *end || !*a->seed)) {
        fprintf(stderr, "gpurf blocksim: --seed: '%s' is not a number\n", a->seed);
        return 2;
    }
    for (unsigned i = 0; i < a->nbias; i++) {
        const char *eq = strchr(a->bias[i], '=');
        double p = eq ? strtod(eq + 1, &end) : -1;
        if (!eq || *end || p < 0 || p > 1 || eq == a->bias[i] || i >= BLOCKSIM_MAX_BIAS) {
            fprintf(stderr, "gpurf blocksim: --bias '%s': expected input=probability in [0,1]\n",
                    a->bias[i]);
            return 2;
        }
        static char names[MAX_SETS][64];
        snprintf(names[i], sizeof names[i], "%.*s", (int)(eq - a->bias[i]), a->bias[i]);
        o.bias_port[o.nbias] = names[i];
        o.bias_p[o.nbias++] = p;
    }
    return blocksim_run(&c, &o);
}

static int cmd_gen(const args_t *a)
{
    char err[512];
    gen_spec_t g;
    const int list = a->addr_mode && !strcmp(a->addr_mode, "list");
    if (a->addr_mode && !list && strcmp(a->addr_mode, "compress")) {
        fprintf(stderr, "gpurf gen: --addr-mode: expected list or compress\n");
        return 2;
    }
    if (!a->out || gen_parse(a->gen, &g, err, sizeof err) ||
        gen_write_traces(&g, a->out, list, err, sizeof err)) {
        fprintf(stderr, "gpurf gen: %s\n", a->out ? err : "--out DIR is required");
        return 2;
    }
    printf("wrote %s/kernelslist.g and %s/kernel-1.traceg\n", a->out, a->out);
    return 0;
}

static int cmd_area(const args_t *a)
{
    char err[1024];
    sm_cfg_t c;
    static synth_sum_t syn;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err) ||
        (a->synth && (synth_load(a->synth, &syn, err, sizeof err) || synth_price(&syn, &c, err, sizeof err)))) {
        fprintf(stderr, "gpurf area: %s\n", err);
        return 2;
    }
    return area_report(&c, a->synth ? &syn : NULL, a->design ? a->design : "ltrf", stdout);
}

/* the registry: name, blocks, supported issue policies, summary (--names: names only) */
static int cmd_designs(const args_t *a)
{
    for (const design_t *d = design_list; d->name; d++) {
        if (a->names) {
            printf("%s\n", d->name);
            continue;
        }
        char sch[64] = "";
        for (unsigned s = 0; s < SCHED_N; s++)
            if (d->ops->schedulers >> s & 1)
                snprintf(sch + strlen(sch), sizeof sch - strlen(sch), "%s%s", *sch ? "," : "",
                         cfg_sched_name(s));
        char blocks[128];
        snprintf(blocks, sizeof blocks, "%s", d->blocks);
        for (char *p = blocks; *p; p++)
            *p = *p == ' ' ? ',' : *p;
        printf("%-9s blocks=%-28s schedulers=%-20s %s\n", d->name, blocks, sch, d->summary);
        printf("%-9s statistics:", "");
        for (const stat_list_t *const *l = d->ops->stats; l && *l; l++)
            printf(" %s", (*l)->owner);
        printf("%s\n", d->ops->stats && *d->ops->stats ? "" : " (core only)");
    }
    return 0;
}

int main(int argc, char **argv)
{
    args_t a;
    stream_warnings = stderr;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))) {
        if (argc > 2)
            return help_command(argv[2], stdout) ? usage() : 0;
        help_usage(stdout);
        return 0;
    }
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return help_command(argv[1], stdout) ? usage() : 0;
    if (argc > 1 && (!strcmp(argv[1], "mean") || !strcmp(argv[1], "geomean")))
        return cmd_agg(argc, argv);
    if (parse(argc, argv, &a))
        return usage();
    char err[1024];
    if (cli_pick_preset(&a, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    /* the correct RTL of a preset outside this binary: its RTL binary runs the command */
    static sm_cfg_t pc;
    if ((!strcmp(a.cmd, "cosim") || !strcmp(a.cmd, "blocksim")) && !strcmp(a.variant, "ok") &&
        !cfg_load(a.preset, a.presets_dir, &pc, err, sizeof err) &&
        rtl_exec_preset(a.preset, &pc, argv, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    if (!strcmp(a.cmd, "sim") || !strcmp(a.cmd, "cosim"))
        return cmd_sim(&a, a.cmd[0] == 'c');
    if (!strcmp(a.cmd, "gen"))
        return cmd_gen(&a);
    if (!strcmp(a.cmd, "bench"))
        return cmd_bench(&a);
    if (!strcmp(a.cmd, "blocksim"))
        return cmd_blocksim(&a);
    if (!strcmp(a.cmd, "cfg"))
        return cmd_cfg(&a);
    if (!strcmp(a.cmd, "intervals"))
        return cmd_intervals(&a);
    if (!strcmp(a.cmd, "area"))
        return cmd_area(&a);
    if (!strcmp(a.cmd, "reuse"))
        return cmd_reuse(&a);
    if (!strcmp(a.cmd, "releases"))
        return cmd_releases(&a);
    if (!strcmp(a.cmd, "strands"))
        return cmd_strands(&a);
    if (!strcmp(a.cmd, "energy"))
        return cmd_energy(&a);
    if (!strcmp(a.cmd, "designs"))
        return cmd_designs(&a);
    if (!strcmp(a.cmd, "models")) {
        for (unsigned i = 0; rtl_registry[i]; i++)
            printf("%-12s %-12s %-10s %016llx\n", rtl_registry[i]->block, rtl_registry[i]->preset,
                   rtl_registry[i]->variant, (unsigned long long)rtl_registry[i]->key);
        return 0;
    }
    return usage();
}
