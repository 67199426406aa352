/* Static program and CFG recovery (see cfgrec.h). */
#include "cfgrec.h"
#include "isa.h"
#include <stdlib.h>
#include <string.h>

static int cmp_pc(const void *a, const void *b)
{
    uint32_t x = ((const spc_t *)a)->pc, y = ((const spc_t *)b)->pc;
    return x < y ? -1 : x > y;
}

static spc_t *find(const prog_t *p, uint32_t pc)
{
    unsigned lo = 0, hi = p->npcs;
    while (lo < hi) {
        unsigned m = (lo + hi) / 2;
        if (p->pcs[m].pc < pc)
            lo = m + 1;
        else
            hi = m;
    }
    return lo < p->npcs && p->pcs[lo].pc == pc ? &p->pcs[lo] : NULL;
}

static void add_succ(uint32_t *v, unsigned *n, unsigned max, uint32_t x)
{
    for (unsigned i = 0; i < *n; i++)
        if (v[i] == x)
            return;
    if (*n < max)
        v[(*n)++] = x;
}

int prog_recover(kernel_t *k, prog_t *p, char *err, size_t n)
{
    memset(p, 0, sizeof *p);
    p->k = k;
    unsigned cap = 0;
    tblock_t b;
    int r;
    k->rewind(k);
    /* every dynamic instruction, then sorted by PC and made unique */
    while ((r = k->next_block(k, &b, err, n)) == 1) {
        tblock_t *v = realloc(p->held, (p->nheld + 1) * sizeof *v);
        if (!v)
            return -1;
        p->held = v;
        p->held[p->nheld++] = b;
        for (unsigned w = 0; w < b.nwarps; w++) {
            /* the warp's lanes: every lane any of its instructions runs on */
            uint32_t lanes = 0;
            for (uint32_t i = 0; i < b.warps[w].n; i++)
                lanes |= b.warps[w].v[i].mask;
            for (uint32_t i = 0; i < b.warps[w].n; i++) {
                if (p->npcs == cap) {
                    cap = cap ? 2 * cap : 1024;
                    spc_t *nv = realloc(p->pcs, cap * sizeof *nv);
                    if (!nv)
                        return -1;
                    p->pcs = nv;
                }
                memset(&p->pcs[p->npcs], 0, sizeof p->pcs[0]);
                p->pcs[p->npcs].pc = b.warps[w].v[i].pc;
                p->pcs[p->npcs].partial = b.warps[w].v[i].mask != lanes;
                p->pcs[p->npcs++].in = &b.warps[w].v[i];
            }
        }
    }
    k->rewind(k);
    if (r < 0)
        return -1;
    qsort(p->pcs, p->npcs, sizeof *p->pcs, cmp_pc);
    unsigned u = 0;
    for (unsigned i = 0; i < p->npcs; i++)
        if (!u || p->pcs[u - 1].pc != p->pcs[i].pc)
            p->pcs[u++] = p->pcs[i];
        else
            p->pcs[u - 1].partial |= p->pcs[i].partial;
    p->npcs = u;
    for (unsigned h = 0; h < p->nheld; h++)
        for (unsigned w = 0; w < p->held[h].nwarps; w++) {
            const warp_trace_t *t = &p->held[h].warps[w];
            for (uint32_t i = 0; i + 1 < t->n; i++) {
                spc_t *s = find(p, t->v[i].pc);
                add_succ(s->succ, &s->nsucc, 4, t->v[i + 1].pc);
            }
        }
    /* leaders: entry, jump targets, instructions after control or multi-successor ones */
    if (p->npcs)
        p->pcs[0].leader = 1;
    for (unsigned i = 0; i < p->npcs; i++) {
        spc_t *s = &p->pcs[i];
        int ctl = isa_is_control(k->ops[s->in->op]) || s->nsucc > 1;
        for (unsigned j = 0; j < s->nsucc; j++) {
            spc_t *t = find(p, s->succ[j]);
            t->npred++;
            if (i + 1 >= p->npcs || t != &p->pcs[i + 1])
                t->leader = 1;
        }
        if (ctl && i + 1 < p->npcs)
            p->pcs[i + 1].leader = 1;
    }
    for (unsigned i = 0; i < p->npcs; i++) {
        if (p->pcs[i].leader) {
            sbb_t *v = realloc(p->bbs, (p->nbbs + 1) * sizeof *v);
            if (!v)
                return -1;
            p->bbs = v;
            memset(&p->bbs[p->nbbs], 0, sizeof *v);
            p->bbs[p->nbbs++].first = i;
        }
        p->pcs[i].bb = p->nbbs - 1;
        p->bbs[p->nbbs - 1].last = i;
    }
    for (unsigned b2 = 0; b2 < p->nbbs; b2++) {
        const spc_t *s = &p->pcs[p->bbs[b2].last];
        uint32_t tmp[8];
        unsigned nt = 0;
        for (unsigned j = 0; j < s->nsucc; j++)
            add_succ(tmp, &nt, 8, find(p, s->succ[j])->bb);
        memcpy(p->bbs[b2].succ, tmp, nt * sizeof *tmp);
        p->bbs[b2].nsucc = nt;
    }
    return 0;
}

int prog_pc_index(const prog_t *p, uint32_t pc)
{
    const spc_t *s = find(p, pc);
    return s ? (int)(s - p->pcs) : -1;
}

void prog_print(const prog_t *p, const kernel_t *k, int with_insts, FILE *f)
{
    fprintf(f, "kernel '%s' (%s): %u static instructions, %u basic blocks\n", k->name, k->file,
            p->npcs, p->nbbs);
    for (unsigned b = 0; b < p->nbbs; b++) {
        const sbb_t *bb = &p->bbs[b];
        fprintf(f, "BB%u  pc 0x%04x..0x%04x  %u insts  ->", b, p->pcs[bb->first].pc,
                p->pcs[bb->last].pc, bb->last - bb->first + 1);
        for (unsigned j = 0; j < bb->nsucc; j++)
            fprintf(f, " BB%u", bb->succ[j]);
        fputs(bb->nsucc ? "\n" : " (exit)\n", f);
        for (unsigned i = bb->first; with_insts && i <= bb->last; i++) {
            const inst_t *in = p->pcs[i].in;
            fprintf(f, "    %04x  %-20s", in->pc, k->ops[in->op]);
            for (unsigned d = 0; d < in->ndst; d++)
                fprintf(f, " R%u", in->dst[d]);
            for (unsigned d = 0; d < in->nudst; d++)
                fprintf(f, " UR%u", in->udst[d]);
            fputs(" <-", f);
            for (unsigned s = 0; s < in->nsrc; s++)
                fprintf(f, " R%u", in->src[s]);
            for (unsigned s = 0; s < in->nusrc; s++)
                fprintf(f, " UR%u", in->usrc[s]);
            fputc('\n', f);
        }
    }
}

void prog_free(prog_t *p)
{
    for (unsigned h = 0; h < p->nheld; h++)
        if (p->k->done_block)
            p->k->done_block(p->k, &p->held[h]);
    free(p->held);
    free(p->pcs);
    free(p->bbs);
    memset(p, 0, sizeof *p);
}
