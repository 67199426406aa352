/* gpurf reuse report (see reuse_report.h). */
#include "reuse_report.h"
#include "pass/reuse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one operand class's tally: operands, near by the static pass, near by the oracle, both agree */
typedef struct {
    unsigned long ops, near_static, near_oracle, agree, hist[8];
} reuse_tally_t;

static unsigned hist_bucket(unsigned d)
{
    if (d == REUSE_INF)
        return 7;
    unsigned b = 0;
    while (b < 6 && d > (1u << b))
        b++;
    return b; /* 1, 2, 3-4, 5-8, 9-16, 17-32, 33+ */
}

static void tally(reuse_tally_t *t, unsigned ds, unsigned dor, unsigned rthld)
{
    int ns = ds <= rthld, no = dor <= rthld;
    t->ops++;
    t->near_static += ns;
    t->near_oracle += no;
    t->agree += ns == no;
    t->hist[hist_bucket(dor)]++;
}

static json_t *tally_json(const reuse_tally_t *t)
{
    json_t *h = json_array();
    for (unsigned b = 0; b < 8; b++)
        json_array_append_new(h, json_integer((json_int_t)t->hist[b]));
    return json_pack("{s:i, s:i, s:i, s:i, s:o}", "operands", (json_int_t)t->ops, "near_static",
                     (json_int_t)t->near_static, "near_oracle", (json_int_t)t->near_oracle, "agree",
                     (json_int_t)t->agree, "oracle_histogram", h);
}

int reuse_report(kernel_t *k, unsigned rthld, int insts, json_t *out, char *err, size_t n)
{
    prog_t p;
    reuse_static_t rs;
    if (prog_recover(k, &p, err, n) || reuse_static_run(&p, &rs)) {
        prog_free(&p);
        return -1;
    }
    reuse_tally_t t[2];
    memset(t, 0, sizeof t);
    tblock_t b;
    int r;
    uint16_t *od = NULL;
    size_t cap = 0;
    k->rewind(k);
    while ((r = k->next_block(k, &b, err, n)) == 1) {
        for (unsigned w = 0; w < b.nwarps && r > 0; w++) {
            const warp_trace_t *tr = &b.warps[w];
            if ((size_t)tr->n * REUSE_OPS > cap) {
                cap = (size_t)tr->n * REUSE_OPS;
                uint16_t *v = realloc(od, cap * sizeof *v);
                if (!v) {
                    r = -1;
                    break;
                }
                od = v;
            }
            reuse_oracle_warp(tr, od);
            for (uint32_t i = 0; i < tr->n; i++) {
                const inst_t *in = &tr->v[i];
                const uint16_t *sd = &rs.dist[(size_t)prog_pc_index(&p, in->pc) * REUSE_OPS];
                const uint16_t *o = &od[(size_t)i * REUSE_OPS];
                for (unsigned s = 0; s < in->nsrc; s++)
                    tally(&t[0], sd[s], o[s], rthld);
                for (unsigned d = 0; d < in->ndst; d++)
                    tally(&t[1], sd[INST_MAX_SRC + d], o[INST_MAX_SRC + d], rthld);
            }
        }
        if (k->done_block)
            k->done_block(k, &b);
        if (r < 0)
            break;
    }
    k->rewind(k);
    free(od);
    if (r < 0) {
        if (!*err)
            snprintf(err, n, "out of memory");
        reuse_static_free(&rs);
        prog_free(&p);
        return -1;
    }
    printf("kernel '%s': %u static instructions; static next-use fixed point after %u rounds; "
           "rthld %u\n", k->name, p.npcs, rs.iterations, rthld);
    static const char *const what[2] = {"sources", "destinations"};
    for (unsigned c = 0; c < 2; c++) {
        double ops = t[c].ops ? (double)t[c].ops : 1;
        printf("  %-12s %10lu operands  near: static %5.1f %%  oracle %5.1f %%  agree %5.1f %%\n",
               what[c], t[c].ops, 100.0 * t[c].near_static / ops, 100.0 * t[c].near_oracle / ops,
               100.0 * t[c].agree / ops);
        printf("  %-12s oracle distance 1 / 2 / 3-4 / 5-8 / 9-16 / 17-32 / 33+ / never:", "");
        for (unsigned h = 0; h < 8; h++)
            printf(" %lu", t[c].hist[h]);
        putchar('\n');
    }
    for (unsigned i = 0; insts && i < p.npcs; i++) {
        const inst_t *in = p.pcs[i].in;
        const uint16_t *d = &rs.dist[(size_t)i * REUSE_OPS];
        printf("    %04x %-18s", in->pc, k->ops[in->op]);
        for (unsigned o = 0; o < in->ndst + in->nsrc; o++) {
            int src = o >= in->ndst;
            unsigned r = src ? in->src[o - in->ndst] : in->dst[o];
            unsigned dv = src ? d[o - in->ndst] : d[INST_MAX_SRC + o];
            printf("%s R%u:", src && o == in->ndst ? " <-" : "", r);
            if (dv == REUSE_INF)
                printf("inf");
            else
                printf("%u%s", dv, dv <= rthld ? "(near)" : "");
        }
        putchar('\n');
    }
    if (out)
        json_array_append_new(out, json_pack("{s:s, s:i, s:i, s:o, s:o}", "name", k->name,
                                             "rthld", (json_int_t)rthld, "static_instructions",
                                             (json_int_t)p.npcs, "sources", tally_json(&t[0]),
                                             "destinations", tally_json(&t[1])));
    reuse_static_free(&rs);
    prog_free(&p);
    return 0;
}
