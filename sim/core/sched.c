/* Issue-order policies (sched.h). */
#include "sched.h"

/* a warp joins, and stays in, the two-level pool while it is resident, launched and issuing,
 * waits on no long load's result (deact_rule) and is at no barrier (a pool of barrier waiters
 * would keep the rest of their block out) */
int sched_may_join(const warp_t *w)
{
    return w->used && w->active && !w->done_issuing && !w->at_barrier && !sm_waits_long(w);
}

unsigned sched_pool_next(const sm_t *sm, unsigned s, pool_ok_fn ok, const void *ctx)
{
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    const int rr = sm->c.scheduler_outer == OUTER_ROUND_ROBIN;
    unsigned best = ~0u;
    for (unsigned i = 0; i < nw; i++) {
        const unsigned g = (rr ? (sm->sc[s].rr_outer + i) % nw : i) * S + s;
        const warp_t *w = &sm->w[g];
        if (!sched_may_join(w) || (ok && !ok(sm, g, ctx)))
            continue;
        if (rr)
            return g;
        if (best == ~0u || w->age < sm->w[best].age)
            best = g;
    }
    return best;
}

void sched_pool_joined(sm_t *sm, unsigned s, unsigned g)
{
    sm->sc[s].rr_outer = (sm->w[g].local + 1) % cfg_warps_per_sc(&sm->c);
}

static int outside_pool(const sm_t *sm, unsigned g, const void *ctx)
{
    const subcore_t *x = ctx;
    (void)sm;
    for (unsigned i = 0; i < x->npool; i++)
        if (x->pool[i] == g)
            return 0;
    return 1;
}

static void refill_pool(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    unsigned k = 0;
    for (unsigned i = 0; i < x->npool; i++)
        if (sched_may_join(&sm->w[x->pool[i]]))
            x->pool[k++] = x->pool[i];
    x->npool = k;
    while (x->npool < sm->c.active_pool) {
        unsigned g = sched_pool_next(sm, s, outside_pool, x);
        if (g == ~0u)
            break;
        x->pool[x->npool++] = g;
        sched_pool_joined(sm, s, g);
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
    unsigned l = (sm->sc[s].rr_issue + 1) % nw;
    for (unsigned i = 0; i < nw; i++) {
        out[i] = l * S + s;
        l = l + 1 == nw ? 0 : l + 1;
    }
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
