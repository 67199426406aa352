/* Immediate post-dominators (see postdom.h). */
#include "postdom.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    const prog_t *p;
    unsigned n;         /* blocks; node n is the virtual exit */
    unsigned *pred_off, *pred; /* forward predecessors of each block (CSR) */
    unsigned *order;    /* postorder number of each node on the reverse graph, or ~0 */
    unsigned *post;     /* nodes by postorder */
    unsigned npost;
    unsigned *stack, *it;
} pd_ctx_t;

/* nodes entered from node v on the reverse graph: the exit enters the blocks without
 * successors, a block enters its forward predecessors */
static unsigned rev_count(const pd_ctx_t *c, unsigned v)
{
    if (v == c->n) {
        unsigned k = 0;
        for (unsigned b = 0; b < c->n; b++)
            k += c->p->bbs[b].nsucc == 0;
        return k;
    }
    return c->pred_off[v + 1] - c->pred_off[v];
}

static unsigned rev_at(const pd_ctx_t *c, unsigned v, unsigned i)
{
    if (v == c->n) {
        for (unsigned b = 0; b < c->n; b++)
            if (c->p->bbs[b].nsucc == 0 && i-- == 0)
                return b;
        return c->n;
    }
    return c->pred[c->pred_off[v] + i];
}

/* iterative DFS from the exit over the reverse graph, numbering nodes in postorder */
static void postorder(pd_ctx_t *c)
{
    unsigned sp = 0;
    c->stack[sp] = c->n;
    c->it[sp++] = 0;
    c->order[c->n] = ~0u - 1; /* on the stack */
    while (sp) {
        unsigned v = c->stack[sp - 1], i = c->it[sp - 1]++;
        if (i < rev_count(c, v)) {
            unsigned w = rev_at(c, v, i);
            if (c->order[w] == ~0u) {
                c->order[w] = ~0u - 1;
                c->stack[sp] = w;
                c->it[sp++] = 0;
            }
            continue;
        }
        c->order[v] = c->npost;
        c->post[c->npost++] = v;
        sp--;
    }
}

static unsigned intersect(const pd_ctx_t *c, const unsigned *idom, unsigned a, unsigned b)
{
    while (a != b) {
        while (c->order[a] < c->order[b])
            a = idom[a];
        while (c->order[b] < c->order[a])
            b = idom[b];
    }
    return a;
}

int postdom_run(const prog_t *p, postdom_t *pd)
{
    const unsigned n = p->nbbs;
    pd_ctx_t c = {.p = p, .n = n};
    memset(pd, 0, sizeof *pd);
    pd->n = n;
    pd->ipdom = malloc((n + 1) * sizeof *pd->ipdom);
    c.pred_off = calloc(n + 2, sizeof *c.pred_off);
    unsigned nedges = 0;
    for (unsigned b = 0; b < n; b++)
        nedges += p->bbs[b].nsucc;
    c.pred = malloc((nedges + 1) * sizeof *c.pred);
    c.order = malloc((n + 1) * sizeof *c.order);
    c.post = malloc((n + 1) * sizeof *c.post);
    c.stack = malloc((n + 1) * sizeof *c.stack);
    c.it = malloc((n + 1) * sizeof *c.it);
    unsigned *idom = malloc((n + 1) * sizeof *idom), *fill = calloc(n + 1, sizeof *fill);
    int rc = -1;
    if (!pd->ipdom || !c.pred_off || !c.pred || !c.order || !c.post || !c.stack || !c.it || !idom ||
        !fill)
        goto out;
    for (unsigned b = 0; b < n; b++)
        for (unsigned j = 0; j < p->bbs[b].nsucc; j++)
            c.pred_off[p->bbs[b].succ[j] + 1]++;
    for (unsigned b = 0; b < n; b++)
        c.pred_off[b + 1] += c.pred_off[b];
    for (unsigned b = 0; b < n; b++)
        for (unsigned j = 0; j < p->bbs[b].nsucc; j++) {
            unsigned s = p->bbs[b].succ[j];
            c.pred[c.pred_off[s] + fill[s]++] = b;
        }
    for (unsigned v = 0; v <= n; v++)
        c.order[v] = ~0u, idom[v] = ~0u;
    postorder(&c);
    idom[n] = n;
    for (int changed = 1; changed;) {
        changed = 0;
        /* reverse postorder, the exit (last in postorder) excluded */
        for (unsigned k = c.npost - 1; k-- > 0;) {
            unsigned v = c.post[k], nid = ~0u;
            /* v's predecessors on the reverse graph: its forward successors, or the exit */
            const sbb_t *bb = &p->bbs[v];
            if (bb->nsucc == 0)
                nid = n;
            for (unsigned j = 0; j < bb->nsucc; j++) {
                unsigned s = bb->succ[j];
                if (idom[s] == ~0u)
                    continue;
                nid = nid == ~0u ? s : intersect(&c, idom, s, nid);
            }
            if (nid != idom[v]) {
                idom[v] = nid;
                changed = 1;
            }
        }
    }
    for (unsigned b = 0; b < n; b++)
        pd->ipdom[b] = idom[b] == ~0u || idom[b] == n ? -1 : (int)idom[b];
    rc = 0;
out:
    free(c.pred_off), free(c.pred), free(c.order), free(c.post), free(c.stack), free(c.it);
    free(idom), free(fill);
    if (rc)
        postdom_free(pd);
    return rc;
}

void postdom_free(postdom_t *pd)
{
    free(pd->ipdom);
    memset(pd, 0, sizeof *pd);
}
