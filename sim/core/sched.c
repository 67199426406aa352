/* Issue-order policies (sched.h). */
#include "sched.h"

/* waiting on a long load's result (deact_rule) or at a barrier: leaves the two-level active
 * pool (a pool of barrier waiters would keep the rest of their block out) */
static int leaves_pool(const warp_t *w)
{
    return w->used && !w->done_issuing && (w->at_barrier || sm_waits_long(w));
}

static void refill_pool(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    unsigned k = 0;
    for (unsigned i = 0; i < x->npool; i++) {
        const warp_t *w = &sm->w[x->pool[i]];
        if (w->used && w->active && !w->done_issuing && !leaves_pool(w))
            x->pool[k++] = x->pool[i];
    }
    x->npool = k;
    while (x->npool < sm->c.active_pool) {
        unsigned best = ~0u;
        for (unsigned l = 0; l < nw; l++) {
            unsigned g = l * S + s;
            const warp_t *w = &sm->w[g];
            int in_pool = 0;
            for (unsigned i = 0; i < x->npool; i++)
                in_pool |= x->pool[i] == g;
            if (in_pool || !w->used || !w->active || w->done_issuing || leaves_pool(w))
                continue;
            if (best == ~0u || w->age < sm->w[best].age)
                best = g;
        }
        if (best == ~0u)
            break;
        x->pool[x->npool++] = best;
    }
}

/* insert g into out[from..n) by age, oldest first */
static unsigned by_age(const sm_t *sm, unsigned *out, unsigned from, unsigned n, unsigned g)
{
    unsigned j = n;
    while (j > from && sm->w[out[j - 1]].age > sm->w[g].age) {
        out[j] = out[j - 1];
        j--;
    }
    out[j] = g;
    return n + 1;
}

static unsigned lrr_order(sm_t *sm, unsigned s, unsigned *out)
{
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    for (unsigned i = 0; i < nw; i++)
        out[i] = ((sm->sc[s].rr_issue + 1 + i) % nw) * S + s;
    return nw;
}

/* the sub-core's resident warps oldest first, sorted again only when warps came or left */
static const unsigned *age_order(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    if (x->by_age_ver != sm->warps_ver) {
        const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
        x->nby_age = 0;
        for (unsigned l = 0; l < nw; l++)
            if (sm->w[l * S + s].used)
                x->nby_age = by_age(sm, x->by_age, 0, x->nby_age, l * S + s);
        x->by_age_ver = sm->warps_ver;
    }
    return x->by_age;
}

static unsigned gto_order(sm_t *sm, unsigned s, unsigned *out)
{
    const unsigned last = sm->sc[s].rr_issue * sm->c.schedulers + s;
    const unsigned *age = age_order(sm, s);
    unsigned n = 0;
    out[n++] = last;
    for (unsigned i = 0; i < sm->sc[s].nby_age; i++)
        if (age[i] != last)
            out[n++] = age[i];
    return n;
}

static void local_issued(sm_t *sm, unsigned s, unsigned g) { sm->sc[s].rr_issue = sm->w[g].local; }

static unsigned two_level_order(sm_t *sm, unsigned s, unsigned *out)
{
    subcore_t *x = &sm->sc[s];
    const int gto = sm->c.scheduler_inner == SCHED_GTO;
    if (sm->d->own_pool)
        return gto ? gto_order(sm, s, out) : lrr_order(sm, s, out);
    refill_pool(sm, s);
    unsigned n = 0;
    if (!gto) {
        for (unsigned i = 0; i < x->npool; i++)
            out[n++] = x->pool[(x->rr_issue + 1 + i) % x->npool];
        return n;
    }
    for (unsigned i = 0; i < x->npool; i++)
        if (x->pool[i] == x->last_issued)
            out[n++] = x->last_issued;
    const unsigned first = n;
    for (unsigned i = 0; i < x->npool; i++)
        if (x->pool[i] != x->last_issued)
            n = by_age(sm, out, first, n, x->pool[i]);
    return n;
}

static void two_level_issued(sm_t *sm, unsigned s, unsigned g)
{
    subcore_t *x = &sm->sc[s];
    x->last_issued = g;
    if (sm->d->own_pool) {
        local_issued(sm, s, g);
        return;
    }
    for (unsigned k = 0; k < x->npool; k++)
        if (x->pool[k] == g)
            x->rr_issue = k;
}

static unsigned prefer_order(sm_t *sm, unsigned s, unsigned *out)
{
    const unsigned *age = age_order(sm, s);
    unsigned n = 0;
    for (unsigned i = 0; i < sm->sc[s].nby_age; i++)
        if (sm->d->prefer(sm, age[i]))
            out[n++] = age[i];
    for (unsigned i = 0; i < sm->sc[s].nby_age; i++)
        if (!sm->d->prefer(sm, age[i]))
            out[n++] = age[i];
    return n;
}

const sched_t sched_table[SCHED_N + 1] = {
    [SCHED_LRR] = {"lrr", lrr_order, local_issued},
    [SCHED_GTO] = {"gto", gto_order, local_issued},
    [SCHED_TWO_LEVEL] = {"two_level", two_level_order, two_level_issued},
    [SCHED_PREFER] = {"ccu_priority", prefer_order, local_issued},
};
