/* gpurf bench: record, then replay through four engines (see bench.h). */
#include "bench.h"
#include "icarus_tb.h"
#include "lockstep.h"
#include "stim.h"
#include "blocksim.h"
#include "core/gpu.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct {
    const block_desc_t *bd;
    void *cfg;
    unsigned long n;       /* cycles recorded */
    unsigned char *in, *out; /* n input / output structs */
    char name[40], in_hex[512], out_hex[512];
} rec_t;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* outputs of cycle k differ from the recorded ones (every field of every output port) */
static int differs(const rec_t *r, const void *out, unsigned long k)
{
    unsigned port, elem, word;
    uint64_t fields = 0;
    return pt_compare(r->bd->pt, r->cfg, PT_OUT, out, r->out + k * r->bd->out_size, &port, &elem,
                      &word, &fields);
}

/* Runs the SM on the C models and records the first instance of rec->bd. */
static int record(const sm_cfg_t *c, const bench_opts_t *o, rec_t *r)
{
    char err[1024];
    workload_t w;
    if (workload_gen(o->gen, &w, err, sizeof err)) {
        fprintf(stderr, "gpurf bench: %s\n", err);
        return 2;
    }
    sm_opts_t so = {.design = design_find("baseline"), .history = 1};
    sm_cfg_t one = *c; /* one SM */
    one.sms = 1;
    gpu_t *g = gpu_new(&one, &so, 0, 1, err, sizeof err);
    if (!g) {
        fprintf(stderr, "gpurf bench: %s\n", err);
        workload_free(&w);
        return 2;
    }
    ls_ctx_t *ls = sm_lockstep(gpu_sm(g, 0));
    for (unsigned i = 0; i < ls->n_all && !r->name[0]; i++)
        if (ls->all[i]->bd == r->bd)
            snprintf(r->name, sizeof r->name, "%s", ls->all[i]->name);
    snprintf(r->in_hex, sizeof r->in_hex, "%s/%s.in.hex", o->out_dir, r->bd->name);
    snprintf(r->out_hex, sizeof r->out_hex, "%s/%s.out.hex", o->out_dir, r->bd->name);
    ls->rec_inst = r->name;
    ls->rec_max = o->cycles;
    ls->rec_in = fopen(r->in_hex, "w");
    ls->rec_out = fopen(r->out_hex, "w");
    int rc = ls->rec_in && ls->rec_out ? gpu_run(g, &w, err, sizeof err) : 2;
    if (rc)
        fprintf(stderr, "gpurf bench: recording %s: %s\n", r->name, ls->rec_in ? err : "cannot write");
    r->n = ls->rec_cycles;
    if (ls->rec_in)
        fclose(ls->rec_in);
    if (ls->rec_out)
        fclose(ls->rec_out);
    gpu_free(g);
    workload_free(&w);
    return rc;
}

static int load(const char *path, rec_t *r, int dir, unsigned char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    size_t cap = stim_bits(r->bd->pt, r->cfg, dir) / 4 + 16;
    char *line = malloc(cap);
    unsigned long k = 0;
    int rc = f && line ? 0 : -1;
    while (!rc && k < r->n && fgets(line, (int)cap, f))
        if (stim_read(line, r->bd->pt, r->cfg, dir, buf + k++ * size, size)) {
            fprintf(stderr, "gpurf bench: %s:%lu: malformed stimulus line\n", path, k);
            rc = -1;
        }
    if (!rc && k != r->n) {
        fprintf(stderr, "gpurf bench: %s: %lu lines, expected %lu\n", path, k, r->n);
        rc = -1;
    }
    if (f)
        fclose(f);
    free(line);
    return rc;
}

/* C model alone: passes over the stimulus until min_seconds; the first pass is checked. */
static double run_c(const rec_t *r, double min_s, unsigned long *bad)
{
    const block_desc_t *bd = r->bd;
    void *st = calloc(1, bd->state_size), *out = calloc(1, bd->out_size);
    unsigned long cycles = 0;
    double t0 = now(), t;
    *bad = 0;
    do {
        bd->init(st, r->cfg);
        for (unsigned long k = 0; k < r->n; k++) {
            const void *in = r->in + k * bd->in_size;
            bd->eval(st, in, out);
            if (!cycles && differs(r, out, k))
                ++*bad;
            bd->tick(st, in);
        }
        bd->free(st);
        memset(st, 0, bd->state_size);
        cycles += r->n;
    } while ((t = now() - t0) < min_s);
    free(st);
    free(out);
    return cycles / t;
}

/* Verilated RTL alone: inputs packed once up front, so a cycle is copy, eval, clock; each pass
 * over the stimulus starts from a new model (the lockstep engine's passes do too). */
static double run_rtl(const rec_t *r, const rtl_ops_t *rtl, double min_s, unsigned long *bad)
{
    const pt_table_t *t = r->bd->pt;
    rtl_model_t *m = rtl->create();
    unsigned bytes[64], nin = 0, ports[64];
    size_t per = 0;
    for (unsigned i = 0; i < t->nports && nin < 64; i++)
        if (t->ports[i].dir == PT_IN) {
            rtl->port(m, i, &bytes[nin]);
            ports[nin++] = i;
            per += bytes[nin - 1];
        }
    unsigned char *img = calloc(r->n, per);
    uint32_t *flat = calloc(ls_flat_words(r->bd, r->cfg), sizeof *flat);
    for (unsigned long k = 0; k < r->n; k++)
        for (unsigned j = 0, off = 0; j < nin; off += bytes[j++]) {
            pt_pack(t, r->cfg, ports[j], r->in + k * r->bd->in_size, flat);
            memcpy(img + k * per + off, flat, bytes[j]);
        }
    void *out = calloc(1, r->bd->out_size);
    unsigned long cycles = 0;
    double t0 = now(), el;
    *bad = 0;
    do {
        if (cycles) { /* a new model each pass, as the lockstep engine does (storage is not reset) */
            rtl->destroy(m);
            m = rtl->create();
        }
        ls_rtl_reset(r->bd, rtl, m);
        void *dst[64];
        for (unsigned j = 0; j < nin; j++)
            dst[j] = rtl->port(m, ports[j], &bytes[j]);
        for (unsigned long k = 0; k < r->n; k++) {
            for (unsigned j = 0, off = 0; j < nin; off += bytes[j++])
                memcpy(dst[j], img + k * per + off, bytes[j]);
            rtl->set_clk_rst(m, 0, 1);
            rtl->eval(m);
            if (!cycles) {
                ls_rtl_read_outputs(r->bd, r->cfg, rtl, m, flat, out);
                *bad += differs(r, out, k);
            }
            rtl->set_clk_rst(m, 1, 1);
            rtl->eval(m);
        }
        cycles += r->n;
    } while ((el = now() - t0) < min_s);
    rtl->destroy(m);
    free(img);
    free(flat);
    free(out);
    return cycles / el;
}

/* The lockstep pair, exactly as the SM drives it: C and RTL, every output compared. */
static double run_lockstep(const rec_t *r, const sm_cfg_t *c, const rtl_ops_t *rtl, double min_s,
                           unsigned long *bad)
{
    unsigned long cycles = 0;
    ls_ctx_t ctx = {.history = 1};
    ls_inst_t *x = ls_new(&ctx, r->bd, c, r->name, rtl);
    if (!x)
        return 0;
    void *own_in = x->in;
    double t0 = now(), el;
    *bad = 0;
    do {
        if (cycles && ls_restart(x))
            break;
        for (unsigned long k = 0; k < r->n; k++, ctx.cycle++) {
            x->in = r->in + k * r->bd->in_size; /* the recorded inputs in place, as the SM writes them */
            const void *out = ls_eval(x, 1);
            if (!cycles && differs(r, out, k))
                ++*bad;
            ls_tick(x);
        }
        x->in = own_in;
        cycles += r->n;
    } while ((el = now() - t0) < min_s);
    *bad += x->mismatches;
    ls_free(x);
    free(ctx.all);
    return cycles / el;
}

/* Icarus: compile the generated testbench (not timed), run vvp (timed, includes $readmemh). */
static double run_icarus(const rec_t *r, const bench_opts_t *o, unsigned long *bad, int *ok)
{
    char tb[600], vvp[600], log[600], cmd[2400];
    snprintf(tb, sizeof tb, "%s/tb_%s.v", o->out_dir, r->bd->name);
    snprintf(vvp, sizeof vvp, "%s/tb_%s.vvp", o->out_dir, r->bd->name);
    snprintf(log, sizeof log, "%s/tb_%s.log", o->out_dir, r->bd->name);
    FILE *f = fopen(tb, "w");
    *ok = 0;
    if (!f)
        return 0;
    icarus_tb_write(f, r->bd, r->cfg, r->in_hex, r->out_hex, r->n);
    fclose(f);
    char files[512];
    FILE *m = fmemopen(files, sizeof files, "w");
    if (!m)
        return 0;
    block_rtl_files(r->bd, m);
    fclose(m);
    snprintf(cmd, sizeof cmd, "iverilog -g2005 -I rtl -o %s %s %s > %s 2>&1", vvp, tb, files, log);
    if (system(cmd)) {
        fprintf(stderr, "gpurf bench: iverilog failed, see %s\n", log);
        return 0;
    }
    snprintf(cmd, sizeof cmd, "vvp -n %s > %s 2>&1", vvp, log);
    double t0 = now();
    int rc = system(cmd);
    double el = now() - t0;
    unsigned long n = 0;
    long first = -1;
    char line[256];
    f = fopen(log, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "ICARUS cycles=%lu mismatches=%lu first=%ld", &n, bad, &first) == 3)
            *ok = 1;
    if (f)
        fclose(f);
    if (rc || !*ok || n != r->n) {
        fprintf(stderr, "gpurf bench: vvp failed or ran %lu of %lu cycles, see %s\n", n, r->n, log);
        *ok = 0;
        return 0;
    }
    if (*bad)
        fprintf(stderr, "gpurf bench: Icarus differs from the C model first at cycle %ld (%s)\n",
                first, log);
    return n / el;
}

/* A block the baseline design does not instantiate: the seeded random inputs of gpurf
 * blocksim (with the block's default biases) through its C model. */
static int record_random(const bench_opts_t *o, rec_t *r)
{
    const block_desc_t *bd = r->bd;
    void *st = calloc(1, bd->state_size), *in = calloc(1, bd->in_size), *out = calloc(1, bd->out_size);
    FILE *fi = fopen(r->in_hex, "w"), *fo = fopen(r->out_hex, "w");
    int rc = st && in && out && fi && fo && !bd->init(st, r->cfg) ? 0 : 2;
    uint64_t rng = 1;
    for (r->n = 0; !rc && r->n < o->cycles; r->n++) {
        blocksim_randomize(bd, r->cfg, NULL, &rng, in);
        bd->eval(st, in, out);
        stim_write(fi, bd->pt, r->cfg, PT_IN, in);
        stim_write(fo, bd->pt, r->cfg, PT_OUT, out);
        bd->tick(st, in);
    }
    if (!rc) {
        snprintf(r->name, sizeof r->name, "%s.0", bd->name);
        bd->free(st);
    }
    if (fi)
        fclose(fi);
    if (fo)
        fclose(fo);
    free(st);
    free(in);
    free(out);
    return rc;
}

static int bench_block(const sm_cfg_t *c, const bench_opts_t *o, const block_desc_t *bd)
{
    rec_t r = {.bd = bd};
    r.cfg = calloc(1, bd->cfg_size);
    bd->cfg_from_sm(c, r.cfg);
    int rc = record(c, o, &r);
    const char *source = "the baseline SM";
    if (!rc && !r.name[0]) {
        rc = record_random(o, &r);
        source = "random inputs (gpurf blocksim, seed 1)";
    }
    /* the benchmark build; presets without one are measured on the test build */
    const rtl_ops_t *rtl = rtl_find(bd->name, c, "fast");
    if (!rtl)
        rtl = rtl_find(bd->name, c, "ok");
    if (!rc && !rtl) {
        fprintf(stderr, "gpurf bench: no RTL model %s for preset %s in this build\n", bd->name, c->name);
        rc = 2;
    }
    if (!rc && !r.n) {
        fprintf(stderr, "gpurf bench: nothing recorded for %s\n", bd->name);
        rc = 2;
    }
    if (!rc) {
        r.in = calloc(r.n, bd->in_size);
        r.out = calloc(r.n, bd->out_size);
        if (!r.in || !r.out || load(r.in_hex, &r, PT_IN, r.in, bd->in_size) ||
            load(r.out_hex, &r, PT_OUT, r.out, bd->out_size))
            rc = 2;
    }
    if (!rc) {
        unsigned long bad[4];
        int iok;
        double cps[4];
        const char *names[4] = {"C model", "Verilated RTL", "lockstep C+RTL", "Icarus (vvp)"};
        cps[0] = run_c(&r, o->min_seconds, &bad[0]);
        cps[1] = run_rtl(&r, rtl, o->min_seconds, &bad[1]);
        cps[2] = run_lockstep(&r, c, rtl, o->min_seconds, &bad[2]);
        cps[3] = run_icarus(&r, o, &bad[3], &iok);
        printf("block %s (instance %s, preset %s, stimulus from %s): %lu recorded cycles, %u "
               "input bits, %u output bits; Verilated build '%s'%s\n",
               bd->name, r.name, c->name, source, r.n, stim_bits(bd->pt, r.cfg, PT_IN),
               stim_bits(bd->pt, r.cfg, PT_OUT), rtl->variant,
               strcmp(rtl->variant, "fast") ? " (the test build: no benchmark build for this preset)" : "");
        printf("  %-16s %16s %12s %14s\n", "engine", "block-cycles/s", "C / engine", "output diffs");
        for (int e = 0; e < 4; e++) {
            if (e == 3 && !iok) {
                printf("  %-16s %16s\n", names[e], "failed");
                rc = 2;
                continue;
            }
            printf("  %-16s %16.0f %12.1f %14lu\n", names[e], cps[e], cps[0] / cps[e], bad[e]);
            if (bad[e])
                rc = rc ? rc : 1;
        }
        printf("  lockstep time per cycle = %.2f x (C model alone + Verilated RTL alone)\n",
               (1 / cps[2]) / (1 / cps[0] + 1 / cps[1]));
    }
    free(r.in);
    free(r.out);
    free(r.cfg);
    return rc;
}

int bench_run(const sm_cfg_t *c, const bench_opts_t *o)
{
    mkdir(o->out_dir, 0777); /* EEXIST is fine */
    printf("gpurf bench: stimulus from the baseline SM on --gen %s (blocks it does not use: seeded "
           "random inputs), up to %lu cycles per block\n"
           "Verilated builds: 'fast' = -O3 --x-assign fast --x-initial fast --noassert, C++ -O2, "
           "invariant checks off; 'ok' = the test build (unique X values, checks on, C++ -O1)\n",
           o->gen, o->cycles);
    int rc = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", o->blocks ? o->blocks : "");
    char *save, *b = strtok_r(list, ",", &save);
    for (unsigned i = 0; o->blocks ? b != NULL : block_list[i] != NULL; i++) {
        const block_desc_t *bd = o->blocks ? block_find(b) : block_list[i];
        if (!bd) {
            fprintf(stderr, "gpurf bench: unknown block '%s'\n", b);
            return 2;
        }
        int r = bench_block(c, o, bd);
        rc = r > rc ? r : rc;
        if (o->blocks)
            b = strtok_r(NULL, ",", &save);
    }
    return rc;
}
