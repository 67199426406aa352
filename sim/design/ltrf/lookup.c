/* The WCB lookup stage of the register-file cache designs (ltrf.h) and the dead-operand bits
 * that ltrf+ sends to the WCB at dispatch. */
#include "ltrf_int.h"

/* the valid entries, oldest first */
unsigned ltrf_lk_order(const ltrf_sc_t *e, unsigned *ord)
{
    return SLOTS_BY_AGE(e->lk, lookup_t, LK_MAX, ord);
}

/* an issue slot is a free lookup-stage entry */
int ltrf_slot(const sm_t *sm, unsigned s, unsigned g)
{
    (void)g;
    const ltrf_sc_t *e = SC(sm, s);
    for (unsigned i = 0; i < LK_MAX; i++)
        if (!e->lk[i].valid)
            return (int)i;
    return -1;
}

void ltrf_issue(sm_t *sm, unsigned s, int slot, unsigned f)
{
    ltrf_sc_t *e = SC(sm, s);
    lookup_t *lk = &e->lk[slot];
    const inst_t *in = sm->fl[f].in;
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
    lw(sm, &sm->w[sm->fl[f].warp])->incu++;
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
    ltrf_sc_t *e = SC(sm, s);
    lookup_t *lk = &e->lk[e->port_ent[p]];
    flight_t *fl = &sm->fl[lk->flight];
    warp_t *w = &sm->w[fl->warp];
    unsigned j = e->port_reg[p];
    lk->asked[j] = 0;
    int first = !(lk->first_done >> j & 1);
    lk->first_done |= 1u << j;
    int hit = e->wo->rdo_hit[p] && e->wo->rdo_off[p] == lw(sm, w)->row;
    if (first) {
        LT(sm)->st.wcb_lookups++;
        LT(sm)->st.wcb_hits += hit;
    }
    if (hit) {
        lk->hit[j] = 1;
        lk->bank[j] = (uint8_t)e->wo->rdo_bank[p];
        if (lw(sm, w)->bank[lk->reg[j]] != lk->bank[j] && !sm->error) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "cycle %llu: WCB of sub-core %u answered bank %u "
                     "for R%u of warp %u; the engine allocated bank %u",
                     (unsigned long long)sm->st.cycles, s, lk->bank[j], lk->reg[j], fl->warp,
                     lw(sm, w)->bank[lk->reg[j]]);
        }
        lw(sm, w)->lru[lk->reg[j]] = sm->st.cycles;
    } else if (!LT(sm)->v->demand && !sm->error) {
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
    for (unsigned j = 0; j < lk->n; j++)
        if (!lk->hit[j])
            return 0;
    flight_t *fl = &sm->fl[lk->flight];
    int cu = sm_cu_free(sm, s, fl->warp);
    if (cu < 0)
        return -1;
    const inst_t *in = fl->in;
    uint32_t bank[INST_MAX_SRC];
    for (unsigned i = 0; i < in->nsrc; i++)
        bank[i] = lk->bank[lk_index(lk, in->src[i])];
    sm_cu_alloc_ops(sm, s, cu, lk->flight, lw(sm, &sm->w[fl->warp])->row, bank);
    lk->valid = 0;
    return 1;
}

void ltrf_lookup_answers(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = SC(sm, s);
    for (unsigned p = 0; p < e->nports; p++)
        if (e->port_used[p] && e->wo->rdo_valid[p])
            lookup_answer(sm, s, p);
}

void ltrf_lookup_allocate(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = SC(sm, s);
    unsigned ord[LK_MAX], n = ltrf_lk_order(e, ord);
    int stalled = 0;
    for (unsigned i = 0; i < n; i++)
        stalled |= lookup_alloc(sm, s, &e->lk[ord[i]]) < 0;
    sm->st.stall_collector += stalled;
}

/* drive the WCB read ports for registers not yet translated, oldest instruction first, each
 * warp on its own table's ports; an rfc-demand miss is asked again once its warp's demand fetch is
 * done */
void ltrf_lookup_send(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = SC(sm, s);
    unsigned ord[LK_MAX], n = ltrf_lk_order(e, ord);
    memset(e->port_used, 0, e->nports);
    for (unsigned i = 0; i < n; i++) {
        lookup_t *lk = &e->lk[ord[i]];
        unsigned g = sm->fl[lk->flight].warp;
        const warp_t *w = &sm->w[g];
        if (lw(sm, w)->fills || lw(sm, w)->vsets || ltrf_in_job(sm, g))
            continue;
        unsigned p = w->local * WCB_READ_PORTS, end = p + WCB_READ_PORTS;
        for (unsigned j = 0; j < lk->n; j++) {
            while (p < end && e->port_used[p])
                p++;
            if (p == end)
                break;
            if (lk->hit[j] || lk->asked[j])
                continue;
            if (lk->first_done >> j & 1 && lw(sm, w)->bank[lk->reg[j]] == NO_BANK)
                continue; /* waiting for the demand job to allocate it */
            wcb_in_t *wi = ls_in(e->wcb);
            wi->rd_valid[p] = 1;
            wi->rd_reg[p] = lk->reg[j];
            e->port_ent[p] = (uint8_t)ord[i];
            e->port_reg[p] = (uint8_t)j;
            e->port_used[p] = 1;
            lk->asked[j] = 1;
        }
    }
}

/* ---- dispatch ------------------------------------------------------------------------------- */
static uint32_t dead_bits(const sm_t *sm, const flight_t *fl)
{
    if (!LT(sm)->dead)
        return 0;
    int p = pidx_of(sm, fl->in);
    return p < 0 ? 0 : LT(sm)->lv.dead[p];
}

int ltrf_dispatch_ok(const sm_t *sm, unsigned s, unsigned f)
{
    return !(SC(sm, s)->dead_used && dead_bits(sm, &sm->fl[f]));
}

void ltrf_dispatched(sm_t *sm, unsigned s, unsigned f)
{
    ltrf_sc_t *e = SC(sm, s);
    const flight_t *fl = &sm->fl[f];
    warp_t *w = &sm->w[fl->warp];
    lw(sm, w)->incu--;
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

