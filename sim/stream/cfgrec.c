/* Static program and CFG recovery (see cfgrec.h). */
#include "cfgrec.h"
#include "isa.h"
#include <stdio.h>
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

/* x appended to the list v of n once; while recovering, a list of n entries has room for the
 * next power of two (2 at least). -1 out of memory */
static int add_succ(uint32_t **v, unsigned *n, uint32_t x)
{
    for (unsigned i = 0; i < *n; i++)
        if ((*v)[i] == x)
            return 0;
    if (*n < 2 ? !*v : !(*n & (*n - 1))) {
        uint32_t *g = realloc(*v, (*n < 2 ? 2 : 2 * *n) * sizeof *g);
        if (!g)
            return -1;
        *v = g;
    }
    (*v)[(*n)++] = x;
    return 0;
}

/* the pcs' and blocks' successor lists moved into one array (p->edges) */
static int pack_edges(prog_t *p)
{
    size_t total = 1;
    for (unsigned i = 0; i < p->npcs; i++)
        total += p->pcs[i].nsucc;
    for (unsigned b = 0; b < p->nbbs; b++)
        total += p->bbs[b].nsucc;
    uint32_t *e = malloc(total * sizeof *e);
    if (!e)
        return -1;
    unsigned at = 0;
    for (unsigned i = 0; i < p->npcs; i++) {
        uint32_t *v = p->pcs[i].succ;
        if (p->pcs[i].nsucc)
            memcpy(e + at, v, p->pcs[i].nsucc * sizeof *e);
        free(v);
        p->pcs[i].succ = e + at;
        at += p->pcs[i].nsucc;
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        uint32_t *v = p->bbs[b].succ;
        if (p->bbs[b].nsucc)
            memcpy(e + at, v, p->bbs[b].nsucc * sizeof *e);
        free(v);
        p->bbs[b].succ = e + at;
        at += p->bbs[b].nsucc;
    }
    p->edges = e;
    p->nedges = at;
    return 0;
}

/* PC -> index into p->pcs while the blocks stream by (open addressing, power-of-two size) */
typedef struct {
    uint32_t *key, *val;
    unsigned cap, n;
} pcmap_t;

static int pcmap_slot(pcmap_t *m, uint32_t pc)
{
    unsigned h = (pc * 2654435761u) & (m->cap - 1);
    while (m->val[h] != ~0u && m->key[h] != pc)
        h = (h + 1) & (m->cap - 1);
    return (int)h;
}

static int pcmap_grow(pcmap_t *m)
{
    pcmap_t g = {malloc(2 * m->cap * sizeof *g.key), malloc(2 * m->cap * sizeof *g.val), 2 * m->cap, m->n};
    if (!g.key || !g.val) {
        free(g.key);
        free(g.val);
        return -1;
    }
    memset(g.val, 0xff, g.cap * sizeof *g.val);
    for (unsigned i = 0; i < m->cap; i++)
        if (m->val[i] != ~0u) {
            int h = pcmap_slot(&g, m->key[i]);
            g.key[h] = m->key[i];
            g.val[h] = m->val[i];
        }
    free(m->key);
    free(m->val);
    *m = g;
    return 0;
}

/* index of pc in p->pcs, added (with a copy of its instruction) when new; -1 out of memory */
static int pc_get(prog_t *p, pcmap_t *m, const inst_t *in, unsigned *cap)
{
    if (2 * (m->n + 1) > m->cap && pcmap_grow(m))
        return -1;
    int h = pcmap_slot(m, in->pc);
    if (m->val[h] != ~0u)
        return (int)m->val[h];
    if (p->npcs == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        spc_t *v = realloc(p->pcs, *cap * sizeof *v);
        inst_t *c = v ? realloc(p->insts, *cap * sizeof *c) : NULL;
        if (v)
            p->pcs = v;
        if (!c)
            return -1;
        p->insts = c;
    }
    memset(&p->pcs[p->npcs], 0, sizeof p->pcs[0]);
    p->pcs[p->npcs].pc = in->pc;
    p->insts[p->npcs] = *in;
    m->key[h] = in->pc;
    m->val[h] = p->npcs;
    m->n++;
    return (int)p->npcs++;
}

/* a copy of q in p (its own arrays); 0, or -1 out of memory */
static int prog_copy(prog_t *p, const prog_t *q)
{
    *p = *q;
    p->pcs = malloc((q->npcs ? q->npcs : 1) * sizeof *p->pcs);
    p->insts = malloc((q->npcs ? q->npcs : 1) * sizeof *p->insts);
    p->bbs = malloc((q->nbbs ? q->nbbs : 1) * sizeof *p->bbs);
    p->edges = malloc((q->nedges + 1) * sizeof *p->edges);
    if (!p->pcs || !p->insts || !p->bbs || !p->edges) {
        prog_free(p);
        return -1;
    }
    memcpy(p->edges, q->edges, (q->nedges + 1) * sizeof *p->edges);
    if (q->npcs) {
        memcpy(p->pcs, q->pcs, q->npcs * sizeof *p->pcs);
        memcpy(p->insts, q->insts, q->npcs * sizeof *p->insts);
    }
    if (q->nbbs)
        memcpy(p->bbs, q->bbs, q->nbbs * sizeof *p->bbs);
    for (unsigned i = 0; i < p->npcs; i++) {
        p->pcs[i].in = p->insts + (q->pcs[i].in - q->insts);
        p->pcs[i].succ = p->edges + (q->pcs[i].succ - q->edges);
    }
    for (unsigned b = 0; b < p->nbbs; b++)
        p->bbs[b].succ = p->edges + (q->bbs[b].succ - q->edges);
    return 0;
}

static int recover(kernel_t *k, prog_t *p, char *err, size_t n);

int prog_recover(kernel_t *k, prog_t *p, char *err, size_t n)
{
    if (!k->recovered) { /* read the kernel once; every later call (each SM's design) copies */
        prog_t *q = calloc(1, sizeof *q);
        if (!q) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        if (recover(k, q, err, n)) {
            free(q);
            return -1;
        }
        k->recovered = q;
    }
    if (prog_copy(p, k->recovered)) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    return 0;
}

void prog_forget(kernel_t *k)
{
    if (k->recovered)
        prog_free(k->recovered);
    free(k->recovered);
    k->recovered = NULL;
}

/* a failed recovery's lists, before pack_edges, and its arrays */
static void free_lists(prog_t *p)
{
    for (unsigned i = 0; i < p->npcs; i++)
        free(p->pcs[i].succ);
    for (unsigned b = 0; b < p->nbbs; b++)
        free(p->bbs[b].succ);
    prog_free(p);
}

static int recover(kernel_t *k, prog_t *p, char *err, size_t n)
{
    memset(p, 0, sizeof *p);
    p->k = k;
    unsigned cap = 0;
    tblock_t b;
    int r = 0;
    pcmap_t m = {malloc(1024 * sizeof *m.key), malloc(1024 * sizeof *m.val), 1024, 0};
    if (!m.key || !m.val)
        goto oom;
    memset(m.val, 0xff, m.cap * sizeof *m.val);
    k->rewind(k);
    /* one entry per PC with its observed successors; each block is released once seen */
    while ((r = k->next_block(k, &b, err, n)) == 1) {
        for (unsigned w = 0; w < b.nwarps && r >= 0; w++) {
            const warp_trace_t *t = &b.warps[w];
            /* the warp's lanes: every lane any of its instructions runs on */
            uint32_t lanes = 0;
            for (uint32_t i = 0; i < t->n; i++)
                lanes |= t->v[i].mask;
            int prev = -1;
            for (uint32_t i = 0; i < t->n && r >= 0; i++) {
                int x = pc_get(p, &m, &t->v[i], &cap);
                if (x < 0) {
                    r = -2;
                    break;
                }
                p->pcs[x].partial |= t->v[i].mask != lanes;
                if (prev >= 0 && add_succ(&p->pcs[prev].succ, &p->pcs[prev].nsucc, t->v[i].pc)) {
                    r = -2;
                    break;
                }
                prev = x;
            }
        }
        if (k->done_block)
            k->done_block(k, &b);
        if (r < 0)
            break;
    }
    k->rewind(k);
    free(m.key);
    free(m.val);
    if (r == -2)
        goto oom_lists;
    if (r < 0) {
        free_lists(p);
        return -1;
    }
    /* sorted by PC; the instruction copies follow their entries */
    for (unsigned i = 0; i < p->npcs; i++)
        p->pcs[i].bb = i;
    if (p->npcs)
        qsort(p->pcs, p->npcs, sizeof *p->pcs, cmp_pc);
    for (unsigned i = 0; i < p->npcs; i++) {
        p->pcs[i].in = &p->insts[p->pcs[i].bb];
        p->pcs[i].bb = 0;
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
                goto oom_lists;
            p->bbs = v;
            memset(&p->bbs[p->nbbs], 0, sizeof *v);
            p->bbs[p->nbbs++].first = i;
        }
        p->pcs[i].bb = p->nbbs - 1;
        p->bbs[p->nbbs - 1].last = i;
    }
    for (unsigned b2 = 0; b2 < p->nbbs; b2++) {
        const spc_t *s = &p->pcs[p->bbs[b2].last];
        for (unsigned j = 0; j < s->nsucc; j++)
            if (add_succ(&p->bbs[b2].succ, &p->bbs[b2].nsucc, find(p, s->succ[j])->bb))
                goto oom_lists;
    }
    if (pack_edges(p))
        goto oom_lists;
    return 0;
oom:
    free(m.key);
    free(m.val);
oom_lists:
    snprintf(err, n, "out of memory");
    free_lists(p);
    return -1;
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
    free(p->edges);
    free(p->insts);
    free(p->pcs);
    free(p->bbs);
    memset(p, 0, sizeof *p);
}
