/* Register-interval formation, Algorithms 1 and 2 of the LTRF paper (see regint.h). */
#include "regint.h"
#include "cmodel/common.h"
#include "stream/isa.h"
#include <stdlib.h>
#include <string.h>

#define UNKNOWN (~0u)

static regset_t inst_regs(const inst_t *in)
{
    regset_t s = {{0}};
    for (unsigned i = 0; i < in->nsrc; i++)
        if (in->src[i] != REG_NONE)
            rs_add(&s, in->src[i]);
    for (unsigned i = 0; i < in->ndst; i++)
        if (in->dst[i] != REG_NONE)
            rs_add(&s, in->dst[i]);
    return s;
}

static void push_u(unsigned **v, unsigned *n, unsigned x)
{
    for (unsigned i = 0; i < *n; i++)
        if ((*v)[i] == x)
            return;
    *v = realloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = x;
}

/* ---- pass 1 state --------------------------------------------------------------------------- */
typedef struct {
    const prog_t *p;
    regint_t *ri;
    unsigned cap_b, cap_iv;
    unsigned *work, nwork, cap_work;
} ctx_t;

static unsigned new_interval(ctx_t *c, unsigned header)
{
    regint_t *ri = c->ri;
    if (ri->niv == c->cap_iv) {
        c->cap_iv = c->cap_iv ? 2 * c->cap_iv : 64;
        ri->iv = realloc(ri->iv, c->cap_iv * sizeof *ri->iv);
    }
    memset(&ri->iv[ri->niv], 0, sizeof ri->iv[0]);
    ri->iv[ri->niv].header = header;
    ri->b[header].iv = ri->niv;
    return ri->niv++;
}

static void push_work(ctx_t *c, unsigned b)
{
    if (c->nwork == c->cap_work) {
        c->cap_work = c->cap_work ? 2 * c->cap_work : 64;
        c->work = realloc(c->work, c->cap_work * sizeof *c->work);
    }
    c->work[c->nwork++] = b;
}

/* cut block b before instruction j: the rest becomes a new block */
static unsigned cut(ctx_t *c, unsigned b, unsigned j)
{
    regint_t *ri = c->ri;
    if (ri->nb == c->cap_b) {
        c->cap_b *= 2;
        ri->b = realloc(ri->b, c->cap_b * sizeof *ri->b);
    }
    unsigned nb = ri->nb++;
    riblock_t *x = &ri->b[b], *y = &ri->b[nb];
    memset(y, 0, sizeof *y);
    y->first = j;
    y->last = x->last;
    x->last = j - 1;
    y->succ = x->succ;
    y->nsucc = x->nsucc;
    x->succ = NULL;
    x->nsucc = 0;
    push_u(&x->succ, &x->nsucc, nb);
    push_u(&y->pred, &y->npred, b);
    for (unsigned k = 0; k < y->nsucc; k++) {
        riblock_t *s = &ri->b[y->succ[k]];
        for (unsigned q = 0; q < s->npred; q++)
            if (s->pred[q] == b)
                s->pred[q] = nb;
    }
    y->iv = UNKNOWN;
    ri->splits++;
    return nb;
}

/* Algorithm 1 TRAVERSE: add b's registers to its interval; cut where they stop fitting.
 * Returns 0, or 1 when not even b's first instruction fits (b then joins nothing). */
static int traverse(ctx_t *c, unsigned b)
{
    regint_t *ri = c->ri;
    interval_t *iv = &ri->iv[ri->b[b].iv];
    for (unsigned j = ri->b[b].first; j <= ri->b[b].last; j++) {
        regset_t t = rs_or(iv->regs, inst_regs(c->p->pcs[j].in));
        if (rs_count(&t) > ri->n) {
            if (j == ri->b[b].first)
                return 1;
            unsigned nb = cut(c, b, j);
            new_interval(c, nb);
            push_work(c, nb);
            return 0;
        }
        iv->regs = t;
    }
    return 0;
}

static int all_preds_in(const regint_t *ri, unsigned h, unsigned iv)
{
    const riblock_t *x = &ri->b[h];
    if (!x->npred)
        return 0;
    for (unsigned q = 0; q < x->npred; q++)
        if (ri->b[x->pred[q]].iv != iv)
            return 0;
    return 1;
}

static void pass1(ctx_t *c)
{
    regint_t *ri = c->ri;
    new_interval(c, 0);
    push_work(c, 0);
    for (unsigned next = 0;;) {
        while (c->nwork) {
            unsigned b = c->work[0];
            memmove(c->work, c->work + 1, --c->nwork * sizeof *c->work);
            unsigned i = ri->b[b].iv;
            traverse(c, b);
            for (int grew = 1; grew;) {
                grew = 0;
                for (unsigned h = 0; h < ri->nb; h++) {
                    if (ri->b[h].iv != UNKNOWN || ri->b[h].pinned || !all_preds_in(ri, h, i))
                        continue;
                    ri->b[h].iv = i;
                    if (traverse(c, h)) {
                        ri->b[h].iv = UNKNOWN;
                        continue;
                    }
                    grew = 1;
                }
            }
            for (unsigned x = 0; x < ri->nb; x++)
                if (ri->b[x].iv == i)
                    for (unsigned k = 0; k < ri->b[x].nsucc; k++) {
                        unsigned s = ri->b[x].succ[k];
                        if (ri->b[s].iv == UNKNOWN) {
                            new_interval(c, s);
                            push_work(c, s);
                        }
                    }
        }
        /* blocks the entry does not reach (another observed start) get intervals too */
        while (next < ri->nb && ri->b[next].iv != UNKNOWN)
            next++;
        if (next == ri->nb)
            break;
        new_interval(c, next);
        push_work(c, next);
    }
}

/* ---- pass 2 --------------------------------------------------------------------------------- */
/* One application of Algorithm 2; returns the new number of intervals. */
static unsigned pass2(regint_t *ri)
{
    const unsigned n = ri->niv;
    unsigned *next = malloc(n * sizeof *next), *work = malloc(n * sizeof *work);
    interval_t *out = calloc(n, sizeof *out);
    unsigned nout = 0, nwork = 0;
    /* interval-graph predecessors and successors from the block edges */
    unsigned **pred = calloc(n, sizeof *pred), *npred = calloc(n, sizeof *npred);
    unsigned **succ = calloc(n, sizeof *succ), *nsucc = calloc(n, sizeof *nsucc);
    for (unsigned b = 0; b < ri->nb; b++)
        for (unsigned k = 0; k < ri->b[b].nsucc; k++) {
            unsigned x = ri->b[b].iv, y = ri->b[ri->b[b].succ[k]].iv;
            if (x != y) {
                push_u(&succ[x], &nsucc[x], y);
                push_u(&pred[y], &npred[y], x);
            }
        }
    for (unsigned i = 0; i < n; i++)
        next[i] = UNKNOWN;
    for (unsigned seed = 0; seed < n; seed++) {
        if (next[seed] != UNKNOWN)
            continue;
        out[nout] = ri->iv[seed];
        next[seed] = nout++;
        work[nwork++] = seed;
        while (nwork) {
            unsigned i = work[--nwork], ii = next[i];
            for (int grew = 1; grew;) {
                grew = 0;
                for (unsigned h = 0; h < n; h++) {
                    if (next[h] != UNKNOWN || ri->b[ri->iv[h].header].pinned || !npred[h])
                        continue;
                    int all = 1;
                    for (unsigned q = 0; q < npred[h] && all; q++)
                        all = next[pred[h][q]] == ii;
                    regset_t u = rs_or(out[ii].regs, ri->iv[h].regs);
                    if (!all || rs_count(&u) > ri->n)
                        continue;
                    next[h] = ii;
                    out[ii].regs = u;
                    grew = 1;
                }
            }
            for (unsigned x = 0; x < n; x++)
                if (next[x] == ii)
                    for (unsigned k = 0; k < nsucc[x]; k++) {
                        unsigned s = succ[x][k];
                        if (next[s] == UNKNOWN) {
                            out[nout] = ri->iv[s];
                            next[s] = nout++;
                            work[nwork++] = s;
                        }
                    }
        }
    }
    for (unsigned b = 0; b < ri->nb; b++)
        ri->b[b].iv = next[ri->b[b].iv];
    memcpy(ri->iv, out, nout * sizeof *out);
    ri->niv = nout;
    for (unsigned i = 0; i < n; i++) {
        free(pred[i]);
        free(succ[i]);
    }
    free(pred);
    free(succ);
    free(npred);
    free(nsucc);
    free(next);
    free(work);
    free(out);
    return nout;
}

int regint_form(const prog_t *p, unsigned n, regint_t *ri, char *err, size_t errlen)
{
    memset(ri, 0, sizeof *ri);
    ri->n = n;
    if (!p->nbbs)
        return gpurf_fail(err, errlen, "register-intervals: the program is empty");
    for (unsigned i = 0; i < p->npcs; i++) {
        regset_t s = inst_regs(p->pcs[i].in);
        if (rs_count(&s) > n)
            return gpurf_fail(err, errlen,
                        "register-intervals: instruction at pc 0x%x names %u registers, more than "
                        "the %u a warp may cache (rfc_banks)",
                        p->pcs[i].pc, rs_count(&s), n);
    }
    ctx_t c = {.p = p, .ri = ri, .cap_b = 2 * p->nbbs + 8};
    ri->b = calloc(c.cap_b, sizeof *ri->b);
    ri->nb = p->nbbs;
    for (unsigned b = 0; b < p->nbbs; b++) {
        ri->b[b].first = p->bbs[b].first;
        ri->b[b].last = p->bbs[b].last;
        ri->b[b].iv = UNKNOWN;
        for (unsigned k = 0; k < p->bbs[b].nsucc; k++)
            push_u(&ri->b[b].succ, &ri->b[b].nsucc, p->bbs[b].succ[k]);
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        const char *op = p->k->ops[p->pcs[ri->b[b].last].in->op];
        int across = isa_is_call(op) || isa_is_return(op);
        for (unsigned k = 0; k < ri->b[b].nsucc; k++) {
            riblock_t *s = &ri->b[ri->b[b].succ[k]];
            push_u(&s->pred, &s->npred, b);
            s->pinned |= across;
        }
    }
    pass1(&c);
    free(c.work);
    ri->pass1_intervals = ri->niv;
    for (unsigned before = ri->niv; pass2(ri) < before; before = ri->niv)
        ri->pass2_rounds++;
    ri->pc_block = malloc(p->npcs * sizeof *ri->pc_block);
    for (unsigned b = 0; b < ri->nb; b++)
        for (unsigned j = ri->b[b].first; j <= ri->b[b].last; j++)
            ri->pc_block[j] = b;
    return 0;
}

unsigned regint_of(const regint_t *ri, unsigned pc_index) { return ri->b[ri->pc_block[pc_index]].iv; }

int regint_is_prefetch(const regint_t *ri, unsigned pc_index)
{
    unsigned b = ri->pc_block[pc_index];
    return ri->iv[ri->b[b].iv].header == b && ri->b[b].first == pc_index;
}

void regint_print(const regint_t *ri, const prog_t *p, FILE *f)
{
    fprintf(f, "register-intervals (N = %u registers): %u after pass 1 (%u blocks cut), %u after "
               "pass 2 (%u merging rounds)\n",
            ri->n, ri->pass1_intervals, ri->splits, ri->niv, ri->pass2_rounds);
    for (unsigned i = 0; i < ri->niv; i++) {
        const interval_t *iv = &ri->iv[i];
        fprintf(f, "RI%u  PREFETCH at pc 0x%04x  %u registers  bit-vector 0x%016llx%016llx%016llx%016llx\n",
                i, p->pcs[ri->b[iv->header].first].pc, rs_count(&iv->regs),
                (unsigned long long)iv->regs.w[3], (unsigned long long)iv->regs.w[2],
                (unsigned long long)iv->regs.w[1], (unsigned long long)iv->regs.w[0]);
        fputs("     blocks", f);
        for (unsigned b = 0; b < ri->nb; b++)
            if (ri->b[b].iv == i)
                fprintf(f, " 0x%04x..0x%04x", p->pcs[ri->b[b].first].pc, p->pcs[ri->b[b].last].pc);
        fputs("\n     regs  ", f);
        for (unsigned r = 0; r < 256; r++)
            if (rs_has(&iv->regs, r))
                fprintf(f, " R%u", r);
        fputc('\n', f);
    }
}

static void len_add(ilen_t *l, unsigned long v)
{
    if (!v)
        return;
    l->min = l->count && l->min < v ? l->min : v;
    l->max = l->max > v ? l->max : v;
    l->avg += (double)v;
    l->count++;
}

int regint_lengths(const regint_t *ri, const prog_t *p, ilen_t *real, ilen_t *opt, char *err,
                   size_t errlen)
{
    memset(real, 0, sizeof *real);
    memset(opt, 0, sizeof *opt);
    kernel_t *k = p->k;
    tblock_t b;
    int r;
    k->rewind(k);
    while ((r = k->next_block(k, &b, err, errlen)) == 1) {
        for (unsigned w = 0; w < b.nwarps; w++) {
            const warp_trace_t *t = &b.warps[w];
            unsigned long rl = 0, ol = 0;
            unsigned cur = UNKNOWN;
            regset_t os = {{0}};
            for (uint32_t i = 0; i < t->n; i++) {
                int x = prog_pc_index(p, t->v[i].pc);
                if (x < 0) {
                    if (k->done_block)
                        k->done_block(k, &b);
                    k->rewind(k);
                    return gpurf_fail(err, errlen, "pc 0x%x is not in the recovered program", t->v[i].pc);
                }
                unsigned iv = regint_of(ri, (unsigned)x);
                if (iv != cur) {
                    len_add(real, rl);
                    rl = 0;
                    cur = iv;
                }
                rl++;
                regset_t u = rs_or(os, inst_regs(&t->v[i]));
                if (rs_count(&u) > ri->n) {
                    len_add(opt, ol);
                    ol = 0;
                    u = inst_regs(&t->v[i]);
                }
                os = u;
                ol++;
            }
            len_add(real, rl);
            len_add(opt, ol);
        }
        if (k->done_block)
            k->done_block(k, &b);
    }
    k->rewind(k);
    if (r < 0)
        return -1;
    if (real->count)
        real->avg /= (double)real->count;
    if (opt->count)
        opt->avg /= (double)opt->count;
    return 0;
}

void regint_free(regint_t *ri)
{
    for (unsigned b = 0; b < ri->nb; b++) {
        free(ri->b[b].succ);
        free(ri->b[b].pred);
    }
    free(ri->b);
    free(ri->iv);
    free(ri->pc_block);
    memset(ri, 0, sizeof *ri);
}
