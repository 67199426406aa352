/* Scratchpad allocation (see rspalloc.h). */
#include "rspalloc.h"
#include "cmodel/common.h"
#include "stream/isa.h"
#include <stdlib.h>
#include <string.h>

#define RSP_MAX_REGS 64

typedef struct {
    const prog_t *p;
    const liveness_t *lv;
    const rsp_energy_t *e;
    const rsp_rules_t *r;
    rspalloc_t *a;
    unsigned s, first, last, b0, nb, words;
    uint64_t *dom, *pdom;           /* [strand block][words]: block sets */
    rsp_acc_t *acc[256];            /* per register: its accesses in the strand */
    unsigned nacc[256];
    unsigned (*occ)[2];             /* [scratchpad register][k]: half-step intervals taken */
    unsigned nocc[RSP_MAX_REGS], capocc;
    int *pend;                      /* candidates waiting, indices into a->c */
    unsigned npend, cappend;
} ctx_t;

static int bit(const uint64_t *set, unsigned b) { return set[b >> 6] >> (b & 63) & 1; }

/* block-level dominators and post-dominators inside the strand (a DAG in layout order) */
static int dominance(ctx_t *x)
{
    const prog_t *p = x->p;
    x->b0 = p->pcs[x->first].bb;
    x->nb = p->pcs[x->last].bb - x->b0 + 1;
    x->words = (x->nb + 63) / 64;
    free(x->dom);
    free(x->pdom);
    x->dom = calloc((size_t)x->nb * x->words, sizeof *x->dom);
    x->pdom = calloc((size_t)x->nb * x->words, sizeof *x->pdom);
    if (!x->dom || !x->pdom)
        return -1;
    for (unsigned b = 0; b < x->nb; b++) {
        uint64_t *d = x->dom + (size_t)b * x->words;
        int any = 0;
        for (unsigned q = 0; q < b; q++) {
            const sbb_t *qb = &p->bbs[x->b0 + q];
            for (unsigned j = 0; j < qb->nsucc; j++)
                if (qb->succ[j] == x->b0 + b) {
                    const uint64_t *dq = x->dom + (size_t)q * x->words;
                    for (unsigned w = 0; w < x->words; w++)
                        d[w] = any ? d[w] & dq[w] : dq[w];
                    any = 1;
                }
        }
        d[b >> 6] |= 1ull << (b & 63);
    }
    for (unsigned b = x->nb; b-- > 0;) {
        uint64_t *d = x->pdom + (size_t)b * x->words;
        const sbb_t *bb = &p->bbs[x->b0 + b];
        int exit = b == x->nb - 1 || !bb->nsucc;
        for (unsigned j = 0; j < bb->nsucc; j++)
            exit |= bb->succ[j] <= x->b0 + b || bb->succ[j] >= x->b0 + x->nb;
        for (unsigned j = 0; !exit && j < bb->nsucc; j++) {
            const uint64_t *ds = x->pdom + (size_t)(bb->succ[j] - x->b0) * x->words;
            for (unsigned w = 0; w < x->words; w++)
                d[w] = j ? d[w] & ds[w] : ds[w];
        }
        d[b >> 6] |= 1ull << (b & 63);
    }
    return 0;
}

/* instruction h dominates instruction i in the strand; t post-dominates i */
static int dominates(const ctx_t *x, unsigned h, unsigned i)
{
    unsigned bh = x->p->pcs[h].bb - x->b0, bi = x->p->pcs[i].bb - x->b0;
    return bh == bi ? h <= i : bit(x->dom + (size_t)bi * x->words, bh);
}
static int postdominates(const ctx_t *x, unsigned t, unsigned i)
{
    unsigned bt = x->p->pcs[t].bb - x->b0, bi = x->p->pcs[i].bb - x->b0;
    return bt == bi ? t >= i : bit(x->pdom + (size_t)bi * x->words, bt);
}

static unsigned half(const rsp_acc_t *a) { return 2 * a->i + a->write; }

/* fill in a candidate's derived fields: live-out, legality, saving, score */
static void evaluate(const ctx_t *x, rsp_cand_t *c)
{
    const rsp_acc_t *a = x->acc[c->reg];
    const rsp_energy_t *e = x->e;
    c->head = a[c->lo].i;
    c->tail = a[c->hi].i;
    c->live_out = 0;
    if (c->kind == CAND_WRITE) {
        const spc_t *t = &x->p->pcs[c->tail];
        int overwritten = c->hi + 1 < x->nacc[c->reg] && a[c->hi + 1].i == c->tail &&
                          a[c->hi + 1].write && !t->partial;
        c->live_out = rs_has(&x->lv->after[c->tail], c->reg) && !overwritten;
    }
    const int rule = (c->kind == CAND_READ && x->r->no_read) || (c->live_out && x->r->no_liveout);
    const int mask = c->kind == CAND_WRITE && (!a[c->lo].write || x->p->pcs[c->head].partial);
    int flow = 0, gload = 0;
    double save = 0;
    for (unsigned k = c->lo; k <= c->hi; k++) {
        const rsp_acc_t *q = &a[k];
        flow |= !dominates(x, c->head, q->i) || !postdominates(x, c->tail, q->i);
        gload |= q->write && x->p->pcs[q->i].in->cls == CLS_GMEM;
        if (c->kind == CAND_READ && k == c->lo)
            save -= e->rsp_write; /* the fill: the backing store is read as without it */
        else if (q->write)
            save += e->mrf_write - e->rsp_write;
        else
            save += e->mrf_read - e->rsp_read;
    }
    if (c->live_out)
        save -= e->rsp_read + e->mrf_write;
    c->saving = save;
    c->score = save / (double)(c->tail - c->head + 1);
    c->legal = !(rule || mask || flow || gload);
    c->why = rule ? WHY_rule : mask ? WHY_mask : flow ? WHY_flow : gload ? WHY_global_load : WHY_open;
}

static int add_cand(ctx_t *x, unsigned reg, unsigned lo, unsigned hi, int kind, int how,
                    int parent)
{
    rspalloc_t *a = x->a;
    if (a->nc == a->cap) {
        unsigned cap = a->cap ? 2 * a->cap : 64;
        rsp_cand_t *v = realloc(a->c, cap * sizeof *v);
        if (!v)
            return -1;
        a->c = v, a->cap = cap;
    }
    if (x->npend == x->cappend) {
        unsigned cap = x->cappend ? 2 * x->cappend : 64;
        int *v = realloc(x->pend, cap * sizeof *v);
        if (!v)
            return -1;
        x->pend = v, x->cappend = cap;
    }
    rsp_cand_t *c = &a->c[a->nc];
    *c = (rsp_cand_t){.strand = x->s, .reg = reg, .lo = lo, .hi = hi, .kind = kind, .how = how,
                      .parent = parent, .slot = -1};
    evaluate(x, c);
    x->pend[x->npend++] = (int)a->nc++;
    a->reductions += how == HOW_TAIL || how == HOW_RESTART || how == HOW_RUN;
    a->regenerated += how == HOW_REGEN;
    return 0;
}

/* the candidates of accesses lo..hi of a register: the reads before its first write, and the
 * first write to the last read after it */
static int generate(ctx_t *x, unsigned reg, unsigned lo, unsigned hi, int how, int parent)
{
    const rsp_acc_t *a = x->acc[reg];
    unsigned w = lo;
    while (w <= hi && !a[w].write)
        w++;
    if (w >= lo + 2 && add_cand(x, reg, lo, w - 1, CAND_READ, how, parent))
        return -1;
    unsigned last = hi + 1;
    for (unsigned k = w + 1; k <= hi; k++)
        if (!a[k].write)
            last = k;
    if (w <= hi && last <= hi && add_cand(x, reg, w, last, CAND_WRITE, how, parent))
        return -1;
    return 0;
}

/* the scratchpad register free over [from, to] (half-steps), or -1 */
static int free_reg(const ctx_t *x, unsigned from, unsigned to)
{
    for (unsigned k = 0; k < x->r->regs; k++) {
        int ok = 1;
        for (unsigned j = 0; ok && j < x->nocc[k]; j++)
            ok = to < x->occ[k * x->capocc + j][0] || from > x->occ[k * x->capocc + j][1];
        if (ok)
            return (int)k;
    }
    return -1;
}

/* the best waiting candidate (score, then lower head PC), removed from the list; -1: none */
static int take_best(ctx_t *x)
{
    const rsp_cand_t *c = x->a->c;
    int best = -1;
    for (unsigned i = 0; i < x->npend; i++) {
        const rsp_cand_t *q = &c[x->pend[i]];
        if (best < 0 || q->score > c[x->pend[best]].score ||
            (q->score == c[x->pend[best]].score && q->head < c[x->pend[best]].head))
            best = (int)i;
    }
    if (best < 0)
        return -1;
    int id = x->pend[best];
    x->pend[best] = x->pend[--x->npend];
    return id;
}

/* the candidate a reduction chain started from: the first of its tail reductions, or of its
 * read runs (an initial, regenerated or restarted candidate) */
static const rsp_cand_t *root_of(const ctx_t *x, const rsp_cand_t *c)
{
    while (c->how == HOW_TAIL || c->how == HOW_RUN)
        c = &x->a->c[c->parent];
    return c;
}

/* the candidate whose accesses the chain covers: the root, before any restart */
static const rsp_cand_t *origin_of(const ctx_t *x, const rsp_cand_t *c)
{
    while (c->how != HOW_INITIAL && c->how != HOW_REGEN)
        c = &x->a->c[c->parent];
    return c;
}

/* a read run of `reads` reads left of root; all of them failed: the next shorter runs */
static int runs(ctx_t *x, int root, unsigned reads)
{
    const rsp_cand_t r = x->a->c[root];
    for (unsigned lo = r.lo; reads >= 2 && lo + reads - 1 <= r.hi; lo++)
        if (add_cand(x, r.reg, lo, lo + reads - 1, CAND_READ, HOW_RUN, root))
            return -1;
    return 0;
}

/* root's runs of this many reads that wait or were mapped */
static unsigned runs_open(const ctx_t *x, int root, unsigned reads)
{
    unsigned n = 0;
    for (unsigned i = 0; i < x->npend; i++) {
        const rsp_cand_t *q = &x->a->c[x->pend[i]];
        n += q->how == HOW_RUN && q->parent == root && q->hi - q->lo + 1 == reads;
    }
    for (unsigned i = 0; i < x->a->nc; i++) {
        const rsp_cand_t *q = &x->a->c[i];
        n += q->how == HOW_RUN && q->parent == root && q->slot >= 0;
    }
    return n;
}

static int reduce(ctx_t *x, int id)
{
    const rsp_cand_t c = x->a->c[id];
    const rsp_acc_t *a = x->acc[c.reg];
    if (c.kind == CAND_WRITE) {
        if (c.hi > c.lo)
            return add_cand(x, c.reg, c.lo, c.hi - 1, CAND_WRITE, HOW_TAIL, id);
        /* the whole range is gone: restart from the second write of the chain's root */
        const rsp_cand_t *r = root_of(x, &c);
        if (c.lo != r->lo)
            return 0;
        unsigned w = r->lo + 1;
        while (w <= r->hi && !a[w].write)
            w++;
        unsigned last = r->hi + 1;
        for (unsigned k = w + 1; k <= r->hi; k++)
            if (!a[k].write)
                last = k;
        if (w > r->hi || last > r->hi)
            return 0;
        return add_cand(x, c.reg, w, last, CAND_WRITE, HOW_RESTART, (int)(r - x->a->c));
    }
    unsigned n = c.hi - c.lo + 1;
    if (c.how != HOW_RUN)
        return runs(x, id, n - 1);
    return runs_open(x, c.parent, n) ? 0 : runs(x, c.parent, n - 1);
}

/* a mapped candidate: its range taken, its operands marked, the accesses its chain left out
 * regenerated */
static int map(ctx_t *x, int id, int k, unsigned from, unsigned to)
{
    rsp_cand_t *c = &x->a->c[id];
    rsp_acc_t *a = x->acc[c->reg];
    unsigned j = x->nocc[k]++;
    x->occ[k * x->capocc + j][0] = from;
    x->occ[k * x->capocc + j][1] = to;
    c->slot = k;
    x->a->mapped++;
    for (unsigned q = c->lo; q <= c->hi; q++) {
        rsp_map_t *m = &x->a->map[a[q].i];
        a[q].mapped = 1;
        const inst_t *in = x->p->pcs[a[q].i].in;
        int end = q == c->hi && !c->live_out;
        if (a[q].write) {
            m->dst[a[q].idx] = (int8_t)k;
            m->dst_end |= (uint8_t)(end << a[q].idx);
            continue;
        }
        for (unsigned s = 0; s < in->nsrc; s++)
            if (in->src[s] == c->reg) {
                m->src[s] = (int8_t)k;
                if (c->kind == CAND_READ && q == c->lo)
                    m->fill |= (uint8_t)(1u << s);
                m->src_end |= (uint8_t)(end << s);
            }
    }
    if (c->live_out) {
        rsp_map_t *m = &x->a->map[c->tail];
        m->wb_reg[m->wb_n] = (uint8_t)c->reg;
        m->wb_slot[m->wb_n++] = (uint8_t)k;
    }
    if (c->how == HOW_INITIAL || c->how == HOW_REGEN)
        return 0;
    for (unsigned i = 0; c->how == HOW_RUN && i < x->npend;) {
        if (x->a->c[x->pend[i]].how == HOW_RUN && x->a->c[x->pend[i]].parent == c->parent)
            x->pend[i] = x->pend[--x->npend];
        else
            i++;
    }
    const rsp_cand_t *r = origin_of(x, c);
    unsigned rlo = r->lo, rhi = r->hi, reg = c->reg, lo = c->lo, hi = c->hi;
    if (lo > rlo && generate(x, reg, rlo, lo - 1, HOW_REGEN, id))
        return -1;
    if (hi < rhi && generate(x, reg, hi + 1, rhi, HOW_REGEN, id))
        return -1;
    return 0;
}

static int strand(ctx_t *x)
{
    const prog_t *p = x->p;
    for (unsigned r = 0; r < 256; r++)
        x->nacc[r] = 0;
    for (unsigned i = x->first; i <= x->last; i++) {
        const inst_t *in = p->pcs[i].in;
        for (unsigned s = 0; s < in->nsrc; s++) {
            unsigned r = in->src[s], dup = 0;
            for (unsigned t = 0; t < s; t++)
                dup |= in->src[t] == r;
            if (r != REG_NONE && !dup)
                x->acc[r][x->nacc[r]++] = (rsp_acc_t){i, 0, (uint8_t)s, 0};
        }
        for (unsigned d = 0; d < in->ndst; d++)
            if (in->dst[d] != REG_NONE)
                x->acc[in->dst[d]][x->nacc[in->dst[d]]++] = (rsp_acc_t){i, 1, (uint8_t)d, 0};
    }
    if (dominance(x))
        return -1;
    memset(x->nocc, 0, sizeof x->nocc);
    x->npend = 0;
    for (unsigned r = 0; r < 256; r++)
        if (x->nacc[r] && generate(x, r, 0, x->nacc[r] - 1, HOW_INITIAL, -1))
            return -1;
    for (int id; (id = take_best(x)) >= 0;) {
        const rsp_cand_t *c = &x->a->c[id];
        const rsp_acc_t *a = x->acc[c->reg];
        unsigned from = half(&a[c->lo]), to = half(&a[c->hi]) + (unsigned)c->live_out;
        int taken = 0;
        for (unsigned q = c->lo; q <= c->hi; q++)
            taken |= a[q].mapped;
        if (taken) {
            x->a->c[id].why = WHY_covered;
            continue;
        }
        int k = c->legal && c->saving > 0 ? free_reg(x, from, to) : -1;
        if (c->legal)
            x->a->c[id].why = c->saving <= 0 ? WHY_saving : WHY_no_register;
        if (k >= 0 && x->nocc[k] < x->capocc) {
            x->a->c[id].why = WHY_mapped;
            if (map(x, id, k, from, to))
                return -1;
        } else if (reduce(x, id))
            return -1;
    }
    return 0;
}

int rspalloc_run(const prog_t *p, const strands_t *st, const liveness_t *lv,
                 const rsp_energy_t *e, const rsp_rules_t *r, rspalloc_t *a, char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    if (r->regs > RSP_MAX_REGS)
        return gpurf_fail(err, n, "rsp_regs: %u exceeds %u", r->regs, RSP_MAX_REGS);
    ctx_t x = {.p = p, .lv = lv, .e = e, .r = r, .a = a};
    unsigned most = 0;
    for (unsigned s = 0; s < st->n; s++)
        if (st->v[s].last - st->v[s].first + 1 > most)
            most = st->v[s].last - st->v[s].first + 1;
    x.capocc = 2 * most + 2;
    int rc = -1;
    a->map = calloc(p->npcs + 1, sizeof *a->map);
    x.occ = calloc((size_t)(r->regs ? r->regs : 1) * x.capocc, sizeof *x.occ);
    for (unsigned q = 0; q < 256; q++)
        if (!(x.acc[q] = calloc((1 + INST_MAX_DST) * (most + 1), sizeof **x.acc)))
            goto out;
    if (!a->map || !x.occ)
        goto out;
    for (unsigned i = 0; i < p->npcs; i++) {
        memset(a->map[i].src, -1, sizeof a->map[i].src);
        memset(a->map[i].dst, -1, sizeof a->map[i].dst);
    }
    for (unsigned s = 0; s < st->n; s++) {
        x.s = s;
        x.first = st->v[s].first;
        x.last = st->v[s].last;
        if (r->regs && strand(&x))
            goto out;
    }
    for (unsigned i = 0; i < a->nc; i++)
        if (a->c[i].how == HOW_INITIAL) {
            a->why_cands[a->c[i].why]++;
            a->why_accesses[a->c[i].why] += a->c[i].hi - a->c[i].lo + 1;
        }
    rc = 0;
out:
    for (unsigned q = 0; q < 256; q++)
        free(x.acc[q]);
    free(x.occ);
    free(x.dom);
    free(x.pdom);
    free(x.pend);
    if (rc) {
        rspalloc_free(a);
        return gpurf_fail(err, n, "rspalloc: out of memory");
    }
    return 0;
}

void rspalloc_free(rspalloc_t *a)
{
    free(a->c);
    free(a->map);
    memset(a, 0, sizeof *a);
}

/* backing-store use and def of instruction i (def: after it, write-backs included) */
static void backing_sets(const prog_t *p, const rspalloc_t *a, unsigned i, regset_t *use,
                         regset_t *def)
{
    const inst_t *in = p->pcs[i].in;
    const rsp_map_t *m = &a->map[i];
    memset(use, 0, sizeof *use);
    memset(def, 0, sizeof *def);
    for (unsigned s = 0; s < in->nsrc; s++)
        if (in->src[s] != REG_NONE && (m->src[s] < 0 || (m->fill >> s & 1)))
            rs_add(use, in->src[s]);
    for (unsigned d = 0; d < in->ndst && !p->pcs[i].partial; d++)
        if (in->dst[d] != REG_NONE && m->dst[d] < 0)
            rs_add(def, in->dst[d]);
    for (unsigned w = 0; w < m->wb_n; w++)
        rs_add(def, m->wb_reg[w]);
}

static regset_t backing_step(const prog_t *p, const rspalloc_t *a, unsigned i, regset_t live)
{
    regset_t use, def;
    backing_sets(p, a, i, &use, &def);
    for (unsigned w = 0; w < 4; w++)
        live.w[w] = use.w[w] | (live.w[w] & ~def.w[w]);
    return live;
}

int rspalloc_backing_dead(const prog_t *p, const rspalloc_t *a, uint32_t *dead)
{
    regset_t *in = calloc(p->nbbs + 1, sizeof *in);
    if (!in)
        return -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned b = p->nbbs; b-- > 0;) {
            const sbb_t *bb = &p->bbs[b];
            regset_t live = {{0}};
            for (unsigned j = 0; j < bb->nsucc; j++)
                live = rs_or(live, in[bb->succ[j]]);
            for (unsigned i = bb->last + 1; i-- > bb->first;)
                live = backing_step(p, a, i, live);
            if (!rs_eq(&live, &in[b])) {
                in[b] = live;
                changed = 1;
            }
        }
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        const sbb_t *bb = &p->bbs[b];
        regset_t live = {{0}};
        for (unsigned j = 0; j < bb->nsucc; j++)
            live = rs_or(live, in[bb->succ[j]]);
        for (unsigned i = bb->last + 1; i-- > bb->first;) {
            const inst_t *ins = p->pcs[i].in;
            regset_t use, def;
            backing_sets(p, a, i, &use, &def);
            dead[i] = 0;
            for (unsigned s = 0; s < ins->nsrc; s++) {
                unsigned r = ins->src[s];
                if (r != REG_NONE && rs_has(&use, r) && (!rs_has(&live, r) || rs_has(&def, r)))
                    dead[i] |= 1u << s;
            }
            live = backing_step(p, a, i, live);
        }
    }
    free(in);
    return 0;
}
