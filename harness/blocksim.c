/* gpurf blocksim (see blocksim.h). */
#include "blocksim.h"
#include "lockstep.h"
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* probability that one-bit input `port` is 1, or for a wider input above 1 the bound its values
 * stay below, or for a wider input below 1 other than 1/2 the probability that it is all ones
 * (else random): option, else the block's default, else 1/2 (a wider input: its whole width) */
static double prob(const block_desc_t *bd, const blocksim_opts_t *o, const char *port)
{
    for (unsigned i = 0; o && i < o->nbias; i++)
        if (!strcmp(o->bias_port[i], port))
            return o->bias_p[i];
    size_t l = strlen(port);
    for (const char *d = bd->rand_bias; d && *d; d += strcspn(d, ",") + (d[strcspn(d, ",")] == ','))
        if (!strncmp(d, port, l) && d[l] == '=')
            return strtod(d + l + 1, NULL);
    return 0.5;
}

void blocksim_randomize(const block_desc_t *bd, const void *cfg, const blocksim_opts_t *o,
                        uint64_t *rng, void *in)
{
    const pt_table_t *t = bd->pt;
    memset(in, 0, bd->in_size);
    for (unsigned i = 0; i < t->nports; i++) {
        const pt_port_t *p = &t->ports[i];
        if (p->dir != PT_IN)
            continue;
        unsigned bits, count;
        t->dims(cfg, i, &bits, &count);
        double pr = prob(bd, o, p->name);
        for (unsigned e = 0; e < count; e++) {
            uint32_t *w = pt_elem(p, in, e);
            if (bits == 1)
                w[0] = (next(rng) >> 11) * (1.0 / 9007199254740992.0) < pr;
            else if (pr > 1 && bits <= 32)
                w[0] = (uint32_t)(next(rng) % (uint64_t)pr);
            else if (pr < 1 && pr != 0.5 && (next(rng) >> 11) * (1.0 / 9007199254740992.0) < pr)
                for (unsigned k = 0; k < (bits + 31) / 32; k++)
                    w[k] = gpurf_mask(bits - 32 * k);
            else
                for (unsigned k = 0; k < (bits + 31) / 32; k++)
                    w[k] = (uint32_t)next(rng) & gpurf_mask(bits - 32 * k);
        }
    }
}

/* the instance skipping quiet edges shows other outputs than the C model evaluated every
 * cycle: 1, reported on stderr */
static int skip_mismatch(const block_desc_t *bd, const void *cfg, uint64_t cycle, const void *out,
                         const void *qout)
{
    const pt_table_t *t = bd->pt;
    for (unsigned i = 0; i < t->nports; i++) {
        const pt_port_t *p = &t->ports[i];
        unsigned bits, count;
        if (p->dir != PT_OUT)
            continue;
        t->dims(cfg, i, &bits, &count);
        for (unsigned e = 0; e < count; e++) {
            const uint32_t *a = pt_elem_c(p, out, e), *b = pt_elem_c(p, qout, e);
            for (unsigned k = 0; k < (bits + 31) / 32; k++)
                if (a[k] != b[k]) {
                    fprintf(stderr, "QUIET SKIP MISMATCH at cycle %llu in %s: output %s[%u] word %u "
                                    "is 0x%x, evaluated every cycle 0x%x\n",
                            (unsigned long long)cycle, bd->name, p->name, e, k, b[k], a[k]);
                    return 1;
                }
        }
    }
    return 0;
}

int blocksim_run(const sm_cfg_t *c, const blocksim_opts_t *o)
{
    const block_desc_t *bd = block_find(o->block);
    if (!bd) {
        fprintf(stderr, "gpurf blocksim: unknown block '%s'\n", o->block);
        return 2;
    }
    for (unsigned i = 0; i < o->nbias; i++) {
        unsigned k = 0;
        while (k < bd->pt->nports && strcmp(bd->pt->ports[k].name, o->bias_port[i]))
            k++;
        if (k == bd->pt->nports || bd->pt->ports[k].dir != PT_IN) {
            fprintf(stderr, "gpurf blocksim: --bias: '%s' is not an input of %s\n", o->bias_port[i],
                    bd->name);
            return 2;
        }
    }
    const rtl_ops_t *rtl = rtl_find(bd->name, c, o->variant);
    if (!rtl) {
        fprintf(stderr, "gpurf blocksim: no RTL model %s/%s/%s in this build\n", bd->name, c->name,
                o->variant);
        return 2;
    }
    ls_ctx_t ctx = {.history = 4, .wave_dir = o->wave_dir, .wave_all = o->wave_dir != NULL};
    char name[40];
    snprintf(name, sizeof name, "%s.0", bd->name);
    ls_inst_t *x = ls_new(&ctx, bd, c, name, rtl);
    if (!x)
        return 2;
    ls_ctx_t qctx = {.quiet_fault = o->quiet_fault};
    ls_inst_t *y = ls_new(&qctx, bd, c, name, NULL);
    if (!y) {
        ls_free(x);
        return 2;
    }
    /* the idle runs draw from their own generator, so that the random cycles are the same with
     * or without them; a block that is never quiet gets none */
    uint64_t rng = o->seed, idle_rng = o->seed ^ 0x5bd1e995u, nquiet = 0;
    unsigned burst = 0;
    int skip_bad = 0;
    for (ctx.cycle = 0; ctx.cycle < o->cycles && !ctx.bad && !skip_bad; ctx.cycle++) {
        if (!burst && (bd->quiet || o->quiet_fault) && next(&idle_rng) % 32 == 0)
            burst = 1 + (unsigned)(next(&idle_rng) % 32);
        if (burst) {
            burst--;
            ls_clear_strobes(x);
        } else
            blocksim_randomize(bd, x->cfg, o, &rng, x->in);
        memcpy(y->in, x->in, bd->in_size);
        qctx.cycle = ctx.cycle;
        const void *out = ls_eval(x, 1), *qout = ls_eval(y, 1);
        skip_bad = skip_mismatch(bd, x->cfg, ctx.cycle, out, qout);
        nquiet += (uint64_t)ls_quiet(y);
        ls_tick(x);
        ls_tick(y);
    }
    int rc = skip_bad;
    if (ctx.bad) {
        ls_report_mismatch(&ctx, stderr);
        fprintf(stderr, "  seed    %llu (gpurf blocksim --block %s --preset %s --variant %s)\n",
                (unsigned long long)o->seed, bd->name, c->name, o->variant);
        rc = 1;
    } else if (!rc)
        printf("blocksim %s/%s/%s seed %llu: %llu cycles, %llu fields compared, 0 mismatches; "
               "%llu quiet edges skipped, outputs equal\n",
               bd->name, c->name, o->variant, (unsigned long long)o->seed,
               (unsigned long long)x->cycles_compared, (unsigned long long)x->fields_compared,
               (unsigned long long)nquiet);
    if (ls_close_waves(&ctx) && !rc)
        rc = 2;
    if (o->wave_dir)
        ls_print_waves(&ctx, stdout);
    ls_free(x);
    ls_free(y);
    free(ctx.all);
    free(qctx.all);
    return rc;
}
