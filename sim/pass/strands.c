/* Strand formation (see strands.h). */
#include "strands.h"
#include "cmodel/common.h"
#include "stream/isa.h"
#include <stdlib.h>
#include <string.h>

const char *strand_reason_name(int r)
{
    static const char *const names[] = {
#define X(e, s) s,
        STRAND_REASONS(X)
#undef X
    };
    return r >= 0 && r < ST_N ? names[r] : "?";
}

static const char *op_name(const prog_t *p, unsigned i) { return p->k->ops[p->pcs[i].in->op]; }

/* the instruction's observed successors include a PC at or before its own */
static int backward(const prog_t *p, unsigned i)
{
    const spc_t *s = &p->pcs[i];
    for (unsigned j = 0; j < s->nsucc; j++)
        if (s->succ[j] <= s->pc)
            return 1;
    return 0;
}

/* the next instruction in layout order was observed after this one */
static int falls_through(const prog_t *p, unsigned i)
{
    const spc_t *s = &p->pcs[i];
    for (unsigned j = 0; i + 1 < p->npcs && j < s->nsucc; j++)
        if (s->succ[j] == p->pcs[i + 1].pc)
            return 1;
    return 0;
}

/* the reason a strand ends after instruction i (its successor's start reason), or -1 */
static int ends_after(const prog_t *p, unsigned i, int barrier_ends)
{
    const inst_t *in = p->pcs[i].in;
    const char *op = op_name(p, i);
    if (in->cls == CLS_BARRIER && barrier_ends)
        return ST_AFTER_BAR;
    if (isa_is_call(op))
        return ST_AFTER_CALL;
    if (isa_is_return(op))
        return falls_through(p, i) ? -1 : ST_AFTER_RET;
    if (in->cls == CLS_EXIT)
        return falls_through(p, i) ? -1 : ST_AFTER_EXIT;
    if (backward(p, i))
        return ST_AFTER_BACK;
    return -1;
}

/* forward may-analysis: the global-load results that may be unread before each instruction */
static int gmem_pending(const prog_t *p, regset_t *before)
{
    regset_t *out = calloc(p->nbbs + 1, sizeof *out);
    unsigned **pred = NULL;
    if (!out)
        return -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned b = 0; b < p->nbbs; b++) {
            regset_t cur = {{0}};
            for (unsigned q = 0; q < p->nbbs; q++)
                for (unsigned j = 0; j < p->bbs[q].nsucc; j++)
                    if (p->bbs[q].succ[j] == b)
                        cur = rs_or(cur, out[q]);
            for (unsigned i = p->bbs[b].first; i <= p->bbs[b].last; i++) {
                const inst_t *in = p->pcs[i].in;
                before[i] = cur;
                for (unsigned s = 0; s < in->nsrc; s++)
                    if (in->src[s] != REG_NONE)
                        rs_del(&cur, in->src[s]);
                for (unsigned d = 0; d < in->ndst; d++)
                    if (in->dst[d] != REG_NONE) {
                        if (in->cls == CLS_GMEM)
                            rs_add(&cur, in->dst[d]);
                        else
                            rs_del(&cur, in->dst[d]);
                    }
            }
            if (!rs_eq(&cur, &out[b])) {
                out[b] = cur;
                changed = 1;
            }
        }
    }
    free(pred);
    free(out);
    return 0;
}

/* instruction i reads or writes a register whose global load may still be unread (it waits
 * for the load: a true or an output dependency) */
static int depends_pending(const prog_t *p, const regset_t *before, unsigned i)
{
    const inst_t *in = p->pcs[i].in;
    for (unsigned s = 0; s < in->nsrc; s++)
        if (in->src[s] != REG_NONE && rs_has(&before[i], in->src[s]))
            return 1;
    for (unsigned d = 0; d < in->ndst; d++)
        if (in->dst[d] != REG_NONE && rs_has(&before[i], in->dst[d]))
            return 1;
    return 0;
}

int strands_form(const prog_t *p, strands_t *s, int barrier_ends, char *err, size_t n)
{
    memset(s, 0, sizeof *s);
    uint8_t *in_cur = calloc(p->nbbs + 1, 1);     /* blocks of the current strand */
    uint8_t *back_target = calloc(p->nbbs + 1, 1);
    s->v = calloc(p->npcs + 1, sizeof *s->v);
    s->of = calloc(p->npcs + 1, sizeof *s->of);
    s->pending = calloc(p->npcs + 1, sizeof *s->pending);
    if (!in_cur || !back_target || !s->v || !s->of || !s->pending || gmem_pending(p, s->pending)) {
        free(in_cur);
        free(back_target);
        strands_free(s);
        return gpurf_fail(err, n, "strands: out of memory");
    }
    for (unsigned b = 0; b < p->nbbs; b++)
        for (unsigned j = 0; j < p->bbs[b].nsucc; j++)
            if (p->bbs[b].succ[j] <= b)
                back_target[p->bbs[b].succ[j]] = 1;
    int next = ST_ENTRY; /* set: the next instruction starts a strand for this reason */
    for (unsigned b = 0; b < p->nbbs; b++) {
        const sbb_t *bb = &p->bbs[b];
        if (next < 0) {
            if (back_target[b])
                next = ST_BACK_TARGET;
            else
                for (unsigned q = 0; q < p->nbbs && next < 0; q++)
                    for (unsigned j = 0; j < p->bbs[q].nsucc; j++)
                        if (p->bbs[q].succ[j] == b && !in_cur[q])
                            next = ST_JOIN;
        }
        for (unsigned i = bb->first; i <= bb->last; i++) {
            if (next < 0 && depends_pending(p, s->pending, i))
                next = ST_GMEM;
            if (next >= 0) {
                if (s->n)
                    s->v[s->n - 1].last = i - 1;
                s->v[s->n++] = (strand_t){i, i, next};
                memset(in_cur, 0, p->nbbs);
                next = -1;
            }
            in_cur[b] = 1;
            s->of[i] = s->n - 1;
            next = ends_after(p, i, barrier_ends);
        }
    }
    if (s->n)
        s->v[s->n - 1].last = p->npcs - 1;
    free(in_cur);
    free(back_target);
    return 0;
}

void strands_free(strands_t *s)
{
    free(s->v);
    free(s->of);
    free(s->pending);
    memset(s, 0, sizeof *s);
}
