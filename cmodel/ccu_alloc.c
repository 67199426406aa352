/* ccu_alloc: CCU allocator C model (contract in ccu_alloc.h). */
#include "ccu_alloc.h"
#include "lru.h"
#include <string.h>

#define PT_BLOCK ccu_alloc
#define PT_CFG ccu_alloc_cfg_t
#define PT_DEF "ccu_alloc_ports.def"
#include "ports_table.inc"

void ccu_alloc_cfg_derive(ccu_alloc_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->ccu_bits = gpurf_clog2(c->num_ccus);
}

void ccu_alloc_cfg_from_sm(const sm_cfg_t *sm, ccu_alloc_cfg_t *c)
{
    const int pool = sm->ccu_pool == CCU_POOL_SM;
    c->num_ccus = pool ? sm->collectors : sm->collectors / sm->schedulers;
    c->num_warps = pool ? sm->warp_slots : cfg_warps_per_sc(sm);
    c->num_reqs = pool ? sm->schedulers : 1;
    c->sthld_bits = sm->sthld_bits;
    c->sthld_counter = sm->sthld_counter;
    ccu_alloc_cfg_derive(c);
}

void ccu_alloc_gr_cfg_from_sm(const sm_cfg_t *sm, ccu_alloc_cfg_t *c)
{
    ccu_alloc_cfg_from_sm(sm, c);
    c->sthld_counter = STHLD_CNT_GRANT;
}

int ccu_alloc_init(ccu_alloc_state_t *s, const ccu_alloc_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    gpurf_lru_reset(s->lru, c->num_ccus < CCU_ALLOC_MAX_CCUS ? c->num_ccus : CCU_ALLOC_MAX_CCUS);
    return c->num_ccus <= CCU_ALLOC_MAX_CCUS && c->num_warps <= CCU_ALLOC_MAX_WARPS &&
                   c->num_reqs >= 1 && c->num_reqs <= CCU_ALLOC_MAX_REQS && c->sthld_bits <= 16 &&
                   c->sthld_counter <= STHLD_CNT_GRANT
               ? 0
               : -1;
}

void ccu_alloc_free(ccu_alloc_state_t *s) { (void)s; }

/* the CCUs' state as one request finds it: earlier grants of the cycle applied */
typedef struct {
    uint32_t counter;
    uint8_t lru[CCU_ALLOC_MAX_CCUS];
    uint8_t taken[CCU_ALLOC_MAX_CCUS]; /* granted to an earlier request this cycle */
    uint32_t seen[CCU_ALLOC_MAX_REQS];  /* the warps of the earlier requests this cycle */
    unsigned n_seen;
} view_t;

/* the free CCU of the largest rank among those `far_only` admits, or -1 */
static int lru_free(const ccu_alloc_state_t *s, const ccu_alloc_in_t *in, const view_t *v,
                    int far_only)
{
    int best = -1;
    for (unsigned k = 0; k < s->c.num_ccus; k++)
        if (!in->ccu_busy[k] && !v->taken[k] && (!far_only || !in->ccu_near[k]) &&
            (best < 0 || v->lru[k] > v->lru[best]))
            best = (int)k;
    return best;
}

/* request r against view v: its grant or stall into out, v updated as the edge would */
static void serve(const ccu_alloc_state_t *s, const ccu_alloc_in_t *in, unsigned r, view_t *v,
                  ccu_alloc_out_t *out)
{
    int own = -1, empty = -1, any_free = 0;
    for (unsigned q = 0; q < v->n_seen; q++)
        if (v->seen[q] == in->req_warp[r]) {
            out->stall[r] = CCU_STALL_OWN_BUSY;
            return;
        }
    v->seen[v->n_seen++] = in->req_warp[r];
    for (unsigned k = 0; k < s->c.num_ccus; k++) {
        if (in->ccu_valid[k] && in->ccu_warp[k] == in->req_warp[r])
            own = (int)k;
        if (v->taken[k])
            continue;
        if (!in->ccu_busy[k]) {
            any_free = 1;
            if (!in->ccu_valid[k] && empty < 0)
                empty = (int)k;
        }
    }
    int g = -1, cls = 0;
    if (own >= 0) {
        if (in->ccu_busy[own])
            out->stall[r] = CCU_STALL_OWN_BUSY;
        else
            g = own, cls = CCU_GRANT_OWN;
    } else if (!any_free)
        out->stall[r] = CCU_STALL_FULL;
    else if (empty >= 0)
        g = empty, cls = CCU_GRANT_EMPTY;
    else if ((g = lru_free(s, in, v, 1)) >= 0)
        cls = CCU_GRANT_FAR;
    else if (s->c.sthld_counter == STHLD_CNT_GRANT ? v->counter >= in->sthld
                                                    : v->counter > in->sthld)
        g = lru_free(s, in, v, 0), cls = CCU_GRANT_NEAR;
    else
        out->stall[r] = CCU_STALL_STHLD;
    if (g < 0) {
        if (out->stall[r] == CCU_STALL_STHLD && v->counter + 1 < (2u << s->c.sthld_bits))
            v->counter++;
        return;
    }
    out->grant_valid[r] = 1;
    out->grant_ccu[r] = (uint32_t)g;
    out->grant_class[r] = (uint32_t)cls;
    out->grant_flush[r] = cls != CCU_GRANT_OWN && in->ccu_valid[g];
    if (s->c.sthld_counter == STHLD_CNT_GRANT || cls == CCU_GRANT_NEAR)
        v->counter = 0;
    gpurf_lru_touch(v->lru, s->c.num_ccus, (unsigned)g);
    v->taken[g] = 1;
}

/* every output, and in v the state the edge takes */
static void run(const ccu_alloc_state_t *s, const ccu_alloc_in_t *in, ccu_alloc_out_t *out,
                view_t *v)
{
    const unsigned n = s->c.num_ccus, nr = s->c.num_reqs;
    memset(out->has_data, 0, s->c.num_warps * sizeof out->has_data[0]);
    for (unsigned k = 0; k < n; k++) {
        if (in->ccu_valid[k] && in->ccu_warp[k] < s->c.num_warps)
            out->has_data[in->ccu_warp[k]] = 1;
        out->lru[k] = s->lru[k];
    }
    out->counter = s->counter;
    v->counter = s->counter;
    memcpy(v->lru, s->lru, sizeof v->lru);
    memset(v->taken, 0, sizeof v->taken);
    v->n_seen = 0;
    unsigned key[CCU_ALLOC_MAX_REQS], done[CCU_ALLOC_MAX_REQS] = {0};
    for (unsigned r = 0; r < nr; r++) {
        out->grant_valid[r] = out->grant_ccu[r] = out->grant_flush[r] = out->grant_class[r] = 0;
        out->stall[r] = CCU_STALL_NONE;
        /* priority: owns a CCU, then age */
        unsigned owns = in->req_warp[r] < s->c.num_warps && out->has_data[in->req_warp[r]];
        key[r] = (owns ? 0u : 1u << 16) | in->req_age[r];
    }
    for (unsigned t = 0; t < nr; t++) {
        int best = -1;
        for (unsigned r = 0; r < nr; r++)
            if (in->req_valid[r] && !done[r] && (best < 0 || key[r] < key[best]))
                best = (int)r;
        if (best < 0)
            break;
        done[best] = 1;
        serve(s, in, (unsigned)best, v, out);
    }
}

void ccu_alloc_eval(ccu_alloc_state_t *s, const ccu_alloc_in_t *in, ccu_alloc_out_t *out)
{
    view_t v;
    run(s, in, out, &v);
}

void ccu_alloc_tick(ccu_alloc_state_t *s, const ccu_alloc_in_t *in)
{
    ccu_alloc_out_t o;
    view_t v;
    run(s, in, &o, &v);
    for (unsigned r = 0; r < s->c.num_reqs; r++) {
        if (o.grant_valid[r])
            s->grants[o.grant_class[r]]++;
        else if (in->req_valid[r] && o.stall[r] != CCU_STALL_NONE)
            s->stalls[o.stall[r]]++;
    }
    s->counter = v.counter;
    memcpy(s->lru, v.lru, sizeof s->lru);
}
