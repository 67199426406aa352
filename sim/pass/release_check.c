/* Mask-aware release oracle (see release_check.h). */
#include "release_check.h"
#include <string.h>

/* one warp's stream; 1 and a message on the first uncovered read */
static int warp(const prog_t *p, const release_t *r, const tblock_t *b, unsigned wi,
                release_check_t *st, char *err, size_t n)
{
    uint32_t dead[256] = {0}, relpc[256] = {0};
    const warp_trace_t *t = &b->warps[wi];
    for (uint32_t i = 0; i < t->n; i++) {
        const inst_t *in = &t->v[i];
        int x = prog_pc_index(p, in->pc);
        const spc_t *s = &p->pcs[x];
        if ((unsigned)x == p->bbs[s->bb].first)
            for (unsigned g = 0; g < 255; g++)
                if (rs_has(&r->pbr[s->bb], g) && !rs_has(&r->exempt, g)) {
                    dead[g] = ~0u, relpc[g] = in->pc;
                    st->releases++;
                }
        for (unsigned k = 0; k < in->nsrc; k++) {
            unsigned g = in->src[k];
            if (g == REG_NONE)
                continue;
            st->reads++;
            if (dead[g] & in->mask) {
                snprintf(err, n, "%s: block %u warp %u: pc 0x%x reads R%u on lanes 0x%x after "
                         "its release at pc 0x%x, before a write covers them", p->k->file, b->id,
                         wi, in->pc, g, dead[g] & in->mask, relpc[g]);
                return 1;
            }
        }
        for (unsigned k = 0; k < in->nsrc && k < 32; k++)
            if (r->pir[x] >> k & 1 && !rs_has(&r->exempt, in->src[k])) {
                dead[in->src[k]] = ~0u, relpc[in->src[k]] = in->pc;
                st->releases++;
            }
        for (unsigned k = 0; k < in->ndst; k++)
            if (in->dst[k] != REG_NONE)
                dead[in->dst[k]] &= ~in->mask;
    }
    return 0;
}

int release_check(kernel_t *k, const prog_t *p, const release_t *r, release_check_t *st,
                  char *err, size_t n)
{
    memset(st, 0, sizeof *st);
    tblock_t b;
    int got, rc = 0;
    k->rewind(k);
    while (!rc && (got = k->next_block(k, &b, err, n)) == 1) {
        for (unsigned w = 0; w < b.nwarps && !rc; w++)
            rc = warp(p, r, &b, w, st, err, n);
        if (k->done_block)
            k->done_block(k, &b);
    }
    k->rewind(k);
    return rc ? rc : got < 0 ? -1 : 0;
}
