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
    c->num_ccus = sm->collectors / sm->schedulers;
    c->num_warps = cfg_warps_per_sc(sm);
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
                   c->sthld_bits <= 16 && c->sthld_counter <= STHLD_CNT_GRANT
               ? 0
               : -1;
}

void ccu_alloc_free(ccu_alloc_state_t *s) { (void)s; }

/* the free CCU of the largest rank among those `far_only` admits, or -1 */
static int lru_free(const ccu_alloc_state_t *s, const ccu_alloc_in_t *in, int far_only)
{
    int best = -1;
    for (unsigned k = 0; k < s->c.num_ccus; k++)
        if (!in->ccu_busy[k] && (!far_only || !in->ccu_near[k]) &&
            (best < 0 || s->lru[k] > s->lru[best]))
            best = (int)k;
    return best;
}

void ccu_alloc_eval(ccu_alloc_state_t *s, const ccu_alloc_in_t *in, ccu_alloc_out_t *out)
{
    const unsigned n = s->c.num_ccus;
    memset(out->has_data, 0, s->c.num_warps * sizeof out->has_data[0]);
    int own = -1, empty = -1, any_free = 0;
    for (unsigned k = 0; k < n; k++) {
        if (in->ccu_valid[k]) {
            if (in->ccu_warp[k] < s->c.num_warps)
                out->has_data[in->ccu_warp[k]] = 1;
            if (in->ccu_warp[k] == in->req_warp)
                own = (int)k;
        }
        if (!in->ccu_busy[k]) {
            any_free = 1;
            if (!in->ccu_valid[k] && empty < 0)
                empty = (int)k;
        }
        out->lru[k] = s->lru[k];
    }
    out->counter = s->counter;
    out->grant_valid = out->grant_ccu = out->grant_flush = out->grant_class = 0;
    out->stall = CCU_STALL_NONE;
    if (!in->req_valid)
        return;
    int g = -1, cls = 0;
    if (own >= 0) {
        if (in->ccu_busy[own])
            out->stall = CCU_STALL_OWN_BUSY;
        else
            g = own, cls = CCU_GRANT_OWN;
    } else if (!any_free)
        out->stall = CCU_STALL_FULL;
    else if (empty >= 0)
        g = empty, cls = CCU_GRANT_EMPTY;
    else if ((g = lru_free(s, in, 1)) >= 0)
        cls = CCU_GRANT_FAR;
    else if (s->c.sthld_counter == STHLD_CNT_GRANT ? s->counter >= in->sthld
                                                    : s->counter > in->sthld)
        g = lru_free(s, in, 0), cls = CCU_GRANT_NEAR;
    else
        out->stall = CCU_STALL_STHLD;
    if (g < 0)
        return;
    out->grant_valid = 1;
    out->grant_ccu = (uint32_t)g;
    out->grant_class = (uint32_t)cls;
    out->grant_flush = cls != CCU_GRANT_OWN && in->ccu_valid[g];
}

void ccu_alloc_tick(ccu_alloc_state_t *s, const ccu_alloc_in_t *in)
{
    ccu_alloc_out_t o;
    ccu_alloc_eval(s, in, &o);
    if (o.grant_valid) {
        s->grants[o.grant_class]++;
        if (s->c.sthld_counter == STHLD_CNT_GRANT || o.grant_class == CCU_GRANT_NEAR)
            s->counter = 0;
        gpurf_lru_touch(s->lru, s->c.num_ccus, o.grant_ccu);
    } else if (o.stall != CCU_STALL_NONE) {
        s->stalls[o.stall]++;
        if (o.stall == CCU_STALL_STHLD && s->counter + 1 < (2u << s->c.sthld_bits))
            s->counter++;
    }
}
