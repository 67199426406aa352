/* Design `malekeh`, ccu_pool sm: one allocator over every CCU of the SM, every CCU reaching
 * every sub-core's file (contract in malekeh_int.h). CCU i of the allocator is collector
 * i % per of sub-core i / per (per = collectors / schedulers). */
#include "malekeh_int.h"
#include <string.h>

void mk_pool_front(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const unsigned per = cfg_cus_per_sc(c), m = c->max_srcs;
    for (unsigned s = 0; s < c->schedulers; s++) {
        mk_sc_t *x = SC(sm, s);
        rf_in_t *in = ls_in(x->rf);
        ls_clear_strobes(x->rf);
        unsigned launch = sm_launch_inputs(sm, s, x->rf);
        for (unsigned t = 0; t < c->schedulers; t++)
            for (unsigned k = 0; k < per; k++) {
                const unsigned p = (t * per + k) * m;
                uint32_t v[INST_MAX_SRC], w[INST_MAX_SRC], r[INST_MAX_SRC];
                sm_cu_requests(sm, t, k, v, w, r);
                for (unsigned j = 0; j < m; j++) {
                    /* a request reaches the file of its warp's sub-core */
                    const int here = v[j] && w[j] < c->warp_slots && sm->w[w[j]].sc == s;
                    in->rd_valid[p + j] = (uint32_t)here;
                    in->rd_warp[p + j] = here ? sm->w[w[j]].local : 0;
                    in->rd_reg[p + j] = here ? r[j] : 0;
                }
            }
        sm_writeback_inputs(sm, s, in);
        x->rfo = ls_eval(x->rf, 1);
        sm_launch_done(sm, s, launch);
    }
}

/* warp g's age rank among the resident warps: 0 the oldest */
static unsigned age_rank(const sm_t *sm, unsigned g)
{
    unsigned r = 0;
    for (unsigned i = 0; i < sm->c.warp_slots; i++)
        r += sm->w[i].used && sm->w[i].age < sm->w[g].age;
    return r;
}

void mk_pool_allocate(sm_t *sm)
{
    mk_t *m = MK(sm);
    const unsigned per = cfg_cus_per_sc(&sm->c);
    ccu_alloc_in_t *ai = ls_in(m->alloc[0]);
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        const mk_sc_t *x = SC(sm, s);
        ai->req_valid[s] = (uint32_t)x->latched;
        ai->req_warp[s] = x->latched ? sm->fl[x->latch].warp : 0;
        ai->req_age[s] = x->latched ? age_rank(sm, sm->fl[x->latch].warp) : 0;
    }
    const ccu_alloc_out_t *ao = m->ao[0] = ls_eval(m->alloc[0], 0);
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        mk_sc_t *x = SC(sm, s);
        if (!x->latched || !ao->grant_valid[s])
            continue;
        const unsigned t = ao->grant_ccu[s] / per;
        m->st.ccu_alloc_foreign += t != s;
        mk_ccu_alloc(sm, t, ao->grant_ccu[s] % per, x->latch);
        x->latched = 0;
    }
}

void mk_pool_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    ccu_in_t *in = ls_in(cu);
    const sm_cfg_t *c = &sm->c;
    const unsigned m = c->max_srcs, p = (s * cfg_cus_per_sc(c) + k) * m;
    uint32_t gnt[INST_MAX_SRC] = {0}, valid[INST_MAX_SRC] = {0};
    const uint32_t(*data[INST_MAX_SRC])[GPURF_MAX_LANES] = {0};
    for (unsigned t = 0; t < c->schedulers; t++) { /* the one file the collector asked */
        const rf_out_t *o = SC(sm, t)->rfo;
        for (unsigned j = 0; j < m; j++) {
            gnt[j] |= o->rd_gnt[p + j];
            if (o->rsp_valid[p + j]) {
                valid[j] = 1;
                data[j] = (const uint32_t(*)[GPURF_MAX_LANES])&o->rsp_data[p + j];
            }
        }
    }
    uint32_t rsp[INST_MAX_SRC][GPURF_MAX_LANES];
    for (unsigned j = 0; j < m; j++)
        if (valid[j])
            memcpy(rsp[j], *data[j], c->lanes * 4);
    sm_cu_inputs(sm, cu, gnt, valid, (const uint32_t(*)[GPURF_MAX_LANES])rsp);
    /* port D and rel: the owner's sub-core */
    const ccu_out_t *o = mk_ccu_out(sm, s, k);
    if (!o->r_valid || o->r_warp >= c->warp_slots)
        return;
    const unsigned ws = sm->w[o->r_warp].sc;
    mk_ccu_writes(sm, ws, in);
    in->rel_valid = (uint32_t)SC(sm, ws)->rel;
    in->rel_warp = SC(sm, ws)->rel_warp;
}
