/* Design `ideal`: a register file without bank conflicts or port limits (the LTRF paper's
 * "Ideal", Fig. 9; Malekeh's no-conflict bound): every collector read is answered as the
 * preset's banks answer a read that wins its bank at once (bank_latency cycles later; 0: in the
 * request cycle) and every result is written when it leaves the write-back queue's head
 * (wb_ports per cycle). Storage is a plain array per sub-core; only the collectors are block
 * instances. */
#include "core/core.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t *mem;               /* [local warp][reg][lane] */
    unsigned depth;              /* bank_latency: response stages (0: answered at once) */
    uint32_t *rsp_valid;         /* [stage][collector read port] */
    uint32_t (*rsp)[GPURF_MAX_LANES];
} id_sc_t;

static void id_free(sm_t *sm)
{
    id_sc_t *v = sm->dpriv;
    for (unsigned s = 0; v && s < sm->c.schedulers; s++) {
        free(v[s].mem);
        free(v[s].rsp_valid);
        free(v[s].rsp);
    }
    free(v);
}

static unsigned id_ports(const sm_cfg_t *c) { return cfg_cus_per_sc(c) * c->max_srcs; }

static int id_init(sm_t *sm, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    const size_t slots = (size_t)id_ports(c) * (c->bank_latency ? c->bank_latency : 1);
    id_sc_t *v = sm->dpriv = calloc(c->schedulers, sizeof *v);
    for (unsigned s = 0; v && s < c->schedulers; s++) {
        id_sc_t *x = sm->sc[s].dpriv = &v[s];
        x->depth = c->bank_latency;
        x->mem = calloc((size_t)cfg_warps_per_sc(c) * c->arch_regs * c->lanes, sizeof(uint32_t));
        x->rsp_valid = calloc(slots, sizeof *x->rsp_valid);
        x->rsp = calloc(slots, sizeof *x->rsp);
        if (!x->mem || !x->rsp_valid || !x->rsp)
            v = NULL;
    }
    if (!v)
        snprintf(err, n, "out of memory");
    return v ? 0 : -1;
}

static void id_front(sm_t *sm, unsigned s) { sm_launch_done(sm, s, sm_launch_inputs(sm, s, NULL)); }

/* the response stage due this cycle (written depth cycles ago), or the one reads of this
 * cycle fill at depth 0 */
static size_t id_stage(const sm_t *sm, const id_sc_t *x)
{
    return (size_t)(x->depth ? sm->st.cycles % x->depth : 0) * id_ports(&sm->c);
}

/* collector k's reads of this cycle into the response stage (counted as main-RF reads) */
static void id_read(sm_t *sm, unsigned s, unsigned k)
{
    const sm_cfg_t *c = &sm->c;
    id_sc_t *x = sm->sc[s].dpriv;
    const size_t row = (size_t)c->arch_regs * c->lanes, p0 = id_stage(sm, x) + k * c->max_srcs;
    uint32_t w[OCU_MAX_SRCS], r[OCU_MAX_SRCS];
    sm_cu_requests(sm, s, k, x->rsp_valid + p0, w, r);
    for (unsigned j = 0; j < c->max_srcs; j++)
        if (x->rsp_valid[p0 + j]) {
            memcpy(x->rsp[p0 + j], x->mem + w[j] * row + (size_t)r[j] * c->lanes, c->lanes * 4);
            sm->st.rf_reads++;
            sm->st.mrf_read_latency += 1 + x->depth;
        }
}

/* the grant is the request itself: no bank conflicts */
static void id_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    id_sc_t *x = sm->sc[s].dpriv;
    uint32_t v[OCU_MAX_SRCS], w[OCU_MAX_SRCS], r[OCU_MAX_SRCS];
    sm_cu_requests(sm, s, k, v, w, r);
    if (!x->depth)
        id_read(sm, s, k);
    const size_t p = id_stage(sm, x) + (size_t)k * sm->c.max_srcs;
    sm_cu_inputs(sm, cu, v, x->rsp_valid + p, (const uint32_t(*)[GPURF_MAX_LANES])(x->rsp + p));
}

/* this cycle's reads answered bank_latency cycles later; the write-back queue's head written
 * now */
static void id_back(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    id_sc_t *x = sm->sc[s].dpriv;
    const size_t row = (size_t)c->arch_regs * c->lanes;
    for (unsigned k = 0; x->depth && k < cfg_cus_per_sc(c); k++)
        id_read(sm, s, k);
    uint32_t gnt[RF_MAX_WPORTS] = {0};
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        const wbq_ent_t *e = sm_wbq_at(sm, s, p);
        const flight_t *fl = &sm->fl[e->flight];
        gpurf_lanes_write(x->mem + sm->w[fl->warp].local * row +
                              (size_t)fl->in->dst[e->d] * c->lanes,
                          fl->dst_val[e->d], sm_lanes(sm, fl->in), c->lanes);
        gnt[p] = 1;
        sm->st.rf_writes++;
    }
    sm_writeback_done(sm, s, gnt);
}

const design_ops_t design_ideal = {
    .schedulers = SCHED_ALL_POLICIES,
    .init = id_init,
    .free = id_free,
    .front = id_front,
    .slot = sm_cu_free,
    .issue = sm_cu_alloc,
    .collector_inputs = id_collector_inputs,
    .back = id_back,
};
