/* gpurf intervals, reuse, releases and cfg: the compiler passes on a kernel, printed (see
 * cli.h). */
#include "cli.h"
#include "pass/liveness.h"
#include "pass/regint.h"
#include "release_report.h"
#include "strand_report.h"
#include "reuse_report.h"
#include "stream/cfgrec.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* register-intervals (Algorithms 1 and 2), PREFETCH bit-vectors, Table 4 lengths, liveness */
int cmd_intervals(const args_t *a)
{
    char err[1024];
    sm_cfg_t c;
    workload_t w;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err) || cli_load_stream(a, 0, &w, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    int rc = 0;
    for (unsigned i = 0; i < w.n && !rc; i++) {
        prog_t p = {0};
        regint_t ri = {0};
        liveness_t lv = {0};
        ilen_t real, opt;
        if (prog_recover(w.k[i], &p, err, sizeof err) || regint_form(&p, c.rfc_banks, &ri, err, sizeof err) ||
            liveness_run(&p, &lv, LV_EXACT) || regint_lengths(&ri, &p, &real, &opt, err, sizeof err)) {
            fprintf(stderr, "gpurf: %s: %s\n", w.k[i]->name, err);
            rc = 2;
        } else {
            printf("kernel '%s': %u static instructions, %u basic blocks; liveness fixed point "
                   "after %u rounds\n", w.k[i]->name, p.npcs, p.nbbs, lv.iterations);
            regint_print(&ri, &p, stdout);
            printf("interval length in dynamic instructions (Table 4 metric): real avg %.1f min "
                   "%lu max %lu (%lu intervals executed); optimal avg %.1f min %lu max %lu; "
                   "real/optimal %.2f\n",
                   real.avg, real.min, real.max, real.count, opt.avg, opt.min, opt.max,
                   opt.avg > 0 ? real.avg / opt.avg : 0);
            for (unsigned j = 0; a->insts && j < p.npcs; j++) {
                const inst_t *in = p.pcs[j].in;
                printf("    %04x %s RI%u %-18s", in->pc, regint_is_prefetch(&ri, j) ? "P" : " ",
                       regint_of(&ri, j), w.k[i]->ops[in->op]);
                for (unsigned s2 = 0; s2 < in->nsrc; s2++)
                    printf(" R%u%s", in->src[s2], lv.dead[j] >> s2 & 1 ? "(dead)" : "");
                putchar('\n');
            }
        }
        liveness_free(&lv);
        regint_free(&ri);
        prog_free(&p);
    }
    workload_free(&w);
    return rc;
}

/* one report per kernel of the stream, gathered into {"kernels": [...]} for --json; a report
 * returns 0, 1 (a check failed: exit 1) or -1 (an error: exit 2), the message in err */
typedef int (*kernel_report_t)(kernel_t *k, const sm_cfg_t *c, const args_t *a, json_t *out,
                               char *err, size_t n);

static int per_kernel(const args_t *a, kernel_report_t report)
{
    char err[1024] = "";
    sm_cfg_t c;
    workload_t w;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err) || cli_load_stream(a, 0, &w, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    json_t *ks = a->json ? json_array() : NULL;
    int rc = 0;
    for (unsigned i = 0; i < w.n && rc != 2; i++) {
        int r = report(w.k[i], &c, a, ks, err, sizeof err);
        if (r) {
            fprintf(stderr, "gpurf: %s\n", err);
            rc = r > 0 ? 1 : 2;
        }
    }
    json_t *root = ks ? json_pack("{s:o}", "kernels", ks) : NULL;
    if (root && rc != 2 && json_dump_file(root, a->json, JSON_INDENT(2))) {
        fprintf(stderr, "gpurf: cannot write %s\n", a->json);
        rc = 2;
    }
    json_decref(root);
    workload_free(&w);
    return rc;
}

static int reuse_one(kernel_t *k, const sm_cfg_t *c, const args_t *a, json_t *out, char *err,
                     size_t n)
{
    return reuse_report(k, c->rthld, a->insts, out, err, n);
}

static int releases_one(kernel_t *k, const sm_cfg_t *c, const args_t *a, json_t *out, char *err,
                        size_t n)
{
    return release_report(k, c, a->pass_fault ? LV_PARTIAL_KILLS : LV_EXACT, a->insts, a->check,
                          out, err, n);
}

int cmd_reuse(const args_t *a) { return per_kernel(a, reuse_one); }

int cmd_releases(const args_t *a) { return per_kernel(a, releases_one); }

static int strands_one(kernel_t *k, const sm_cfg_t *c, const args_t *a, json_t *out, char *err,
                       size_t n)
{
    return strand_report(k, c, a->insts, a->alloc, out, err, n);
}

int cmd_strands(const args_t *a) { return per_kernel(a, strands_one); }

int cmd_cfg(const args_t *a)
{
    char err[1024];
    workload_t w;
    if (cli_load_stream(a, 0, &w, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return 2;
    }
    for (unsigned i = 0; i < w.n; i++) {
        prog_t p;
        if (prog_recover(w.k[i], &p, err, sizeof err)) {
            fprintf(stderr, "gpurf: %s\n", err);
            prog_free(&p);
            workload_free(&w);
            return 2;
        }
        prog_print(&p, w.k[i], a->insts, stdout);
        prog_free(&p);
    }
    workload_free(&w);
    return 0;
}
