/* The WCB lookup stage of the register-file cache designs (ltrf.h) and the dead-operand bits
 * that ltrf+ sends to the WCB at dispatch. */
#include "ltrf_int.h"

static lookup_t *lk_free(ltrf_sc_t *e)
{
    for (unsigned i = 0; i < LK_MAX; i++)
        if (!e->lk[i].valid)
            return &e->lk[i];
    return NULL;
}

/* the valid entries, oldest first */
unsigned ltrf_lk_order(const ltrf_sc_t *e, unsigned *ord)
{
    unsigned n = 0;
    for (unsigned i = 0; i < LK_MAX; i++) {
        if (!e->lk[i].valid)
            continue;
        unsigned j = n++;
        while (j && e->lk[ord[j - 1]].seq > e->lk[i].seq) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = i;
    }
    return n;
}

int ltrf_issue_free(const sm_t *sm, unsigned s) { return lk_free(sm->sc[s].lt) != NULL; }

void ltrf_issue(sm_t *sm, unsigned s, unsigned f)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    lookup_t *lk = lk_free(e);
    const inst_t *in = sm->fl[f].in;
    if (!lk)
        return; /* sm_issue asked ltrf_issue_free first */
    memset(lk, 0, sizeof *lk);
    lk->valid = 1;
    lk->flight = f;
    lk->seq = e->lk_seq++;
    for (unsigned i = 0; i < (unsigned)in->nsrc + in->ndst; i++) {
        unsigned r = i < in->nsrc ? in->src[i] : in->dst[i - in->nsrc];
        unsigned j = 0;
        while (j < lk->n && lk->reg[j] != r)
            j++;
        if (j == lk->n)
            lk->reg[lk->n++] = (uint8_t)r;
    }
    sm->w[sm->fl[f].warp].incu++;
}

static unsigned lk_index(const lookup_t *lk, unsigned r)
{
    unsigned j = 0;
    while (lk->reg[j] != r)
        j++;
    return j;
}

/* answers of last cycle's lookups */
static void lookup_answer(sm_t *sm, unsigned s, unsigned p)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    lookup_t *lk = &e->lk[e->port_ent[p]];
    flight_t *fl = &sm->fl[lk->flight];
    warp_t *w = &sm->w[fl->warp];
    unsigned j = e->port_reg[p];
    lk->asked[j] = 0;
    int first = !(lk->first_done >> j & 1);
    lk->first_done |= 1u << j;
    int hit = e->wo->rdo_hit[p] && e->wo->rdo_off[p] == w->row;
    if (first) {
        sm->st.wcb_lookups++;
        sm->st.wcb_hits += hit;
    }
    if (hit) {
        lk->hit[j] = 1;
        lk->bank[j] = (uint8_t)e->wo->rdo_bank[p];
        if (w->bank[lk->reg[j]] != lk->bank[j] && !sm->error) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "cycle %llu: WCB of sub-core %u answered bank %u "
                     "for R%u of warp %u; the engine allocated bank %u",
                     (unsigned long long)sm->st.cycles, s, lk->bank[j], lk->reg[j], fl->warp,
                     w->bank[lk->reg[j]]);
        }
        w->lru[lk->reg[j]] = sm->st.cycles;
    } else if (!demand(sm) && !sm->error) {
        sm->error = 1;
        snprintf(sm->err, sm->errn, "cycle %llu: R%u of warp %u (%s) missed in the WCB "
                 "although its register-interval was prefetched", (unsigned long long)sm->st.cycles,
                 lk->reg[j], fl->warp, sm->k->ops[fl->in->op]);
    } else
        lk->miss_seen = 1;
}

/* an entry whose registers are all translated takes a free collector: 1, or 0 not complete,
 * -1 no collector free */
static int lookup_alloc(sm_t *sm, unsigned s, lookup_t *lk)
{
    subcore_t *x = &sm->sc[s];
    for (unsigned j = 0; j < lk->n; j++)
        if (!lk->hit[j])
            return 0;
    int cu = -1;
    for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c) && cu < 0; k++) {
        const ocu_out_t *o = x->cu_out[k];
        if (!o->busy && !((ocu_in_t *)ls_in(x->cu[k]))->alloc_valid)
            cu = (int)k;
    }
    if (cu < 0)
        return -1;
    flight_t *fl = &sm->fl[lk->flight];
    const inst_t *in = fl->in;
    ocu_in_t *ci = ls_in(x->cu[cu]);
    ci->alloc_valid = 1;
    ci->alloc_warp = sm->w[fl->warp].row;
    ci->alloc_info = lk->flight;
    for (unsigned i = 0; i < in->nsrc; i++) {
        ci->alloc_src_valid[i] = 1;
        ci->alloc_src[i] = lk->bank[lk_index(lk, in->src[i])];
    }
    for (unsigned d = 0; d < in->ndst; d++)
        fl->dst_bank[d] = lk->bank[lk_index(lk, in->dst[d])];
    lk->valid = 0;
    return 1;
}

void ltrf_lookup_answers(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    for (unsigned p = 0; p < WCB_READ_PORTS; p++)
        if (e->port_used[p] && e->wo->rdo_valid[p])
            lookup_answer(sm, s, p);
    unsigned ord[LK_MAX], n = ltrf_lk_order(e, ord);
    int stalled = 0;
    for (unsigned i = 0; i < n; i++)
        stalled |= lookup_alloc(sm, s, &e->lk[ord[i]]) < 0;
    sm->st.stall_collector += stalled;
}

/* drive the WCB read ports for registers not yet translated, oldest instruction first; an
 * rfc miss is asked again once its warp's demand fetch is done */
void ltrf_lookup_send(sm_t *sm, unsigned s, wcb_in_t *wi)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    unsigned ord[LK_MAX], n = ltrf_lk_order(e, ord), p = 0;
    memset(e->port_used, 0, sizeof e->port_used);
    for (unsigned i = 0; i < n && p < WCB_READ_PORTS; i++) {
        lookup_t *lk = &e->lk[ord[i]];
        unsigned g = sm->fl[lk->flight].warp;
        const warp_t *w = &sm->w[g];
        if (w->fills || w->vsets || (e->job.kind && e->job.warp == g))
            continue;
        for (unsigned j = 0; j < lk->n && p < WCB_READ_PORTS; j++) {
            if (lk->hit[j] || lk->asked[j])
                continue;
            if (lk->first_done >> j & 1 && w->bank[lk->reg[j]] == NO_BANK)
                continue; /* waiting for the demand job to allocate it */
            wi->rd_valid[p] = 1;
            wi->rd_warp[p] = w->local;
            wi->rd_reg[p] = lk->reg[j];
            e->port_ent[p] = (uint8_t)ord[i];
            e->port_reg[p] = (uint8_t)j;
            e->port_used[p] = 1;
            lk->asked[j] = 1;
            p++;
        }
    }
}

/* ---- dispatch ------------------------------------------------------------------------------- */
static uint32_t dead_bits(const sm_t *sm, const flight_t *fl)
{
    if (!plus(sm))
        return 0;
    int p = pidx_of(sm, fl->in);
    return p < 0 ? 0 : sm->lv.dead[p];
}

int ltrf_dispatch_ok(const sm_t *sm, unsigned s, unsigned f)
{
    return !(sm->sc[s].lt->dead_used && dead_bits(sm, &sm->fl[f]));
}

void ltrf_dispatched(sm_t *sm, unsigned s, unsigned f)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    const flight_t *fl = &sm->fl[f];
    warp_t *w = &sm->w[fl->warp];
    w->incu--;
    uint32_t dead = dead_bits(sm, fl);
    if (!dead)
        return;
    wcb_in_t *wi = ls_in(e->wcb);
    e->dead_used = 1;
    wi->dead_warp = w->local;
    for (unsigned j = 0; j < fl->in->nsrc; j++)
        if (dead >> j & 1) {
            wi->dead_valid[j] = 1;
            wi->dead_reg[j] = fl->in->src[j];
        }
}

