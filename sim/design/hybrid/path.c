/* The operand path through the scratchpad, the register cache and the main RF (contract in
 * hybrid_int.h). */
#include "hybrid_int.h"

/* evictions the FIFO holds; results wait in the write-back queue while a cycle's writes
 * could overfill it (each of the rc_wports writes of this and of the last cycle may evict) */
#define HY_EVQ_CAP 16

int hy_path_init(sm_t *sm, unsigned s, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    const unsigned slots = cfg_cus_per_sc(c) * c->max_srcs, warps = cfg_warps_per_sc(c);
    char name[40];
    q_init(&x->evq, sizeof(hy_evict_t));
    for (unsigned p = 0; p < RC_MAX_RPORTS; p++)
        x->rc_port_slot[p] = -1;
    for (unsigned p = 0; p < RSP_MAX_RPORTS; p++)
        x->rsp_port_slot[p] = -1;
    if (!(x->rf = mainrf_new(sm, s, "rf", err, n)))
        return -1;
    snprintf(name, sizeof name, "rc.sc%u", s);
    if (v->rc && !(x->rc = sm_make_inst(sm, "rc", name, err, n)))
        return -1;
    snprintf(name, sizeof name, "rsp.sc%u", s);
    if (v->rsp && !(x->rsp = sm_make_inst(sm, "rsp", name, err, n)))
        return -1;
    const size_t wr = (size_t)warps * c->arch_regs, ent = (size_t)c->active_pool * c->rsp_regs;
    if (!(x->op = calloc(slots, sizeof *x->op)) || !(x->gnt = calloc(slots, sizeof *x->gnt)) ||
        !(x->rsp_valid = calloc(slots, sizeof *x->rsp_valid)) ||
        !(x->rsp_data = calloc(slots, sizeof *x->rsp_data)) ||
        !(x->ev_reg = calloc(wr, sizeof *x->ev_reg)) ||
        !(x->wb_reg = calloc(wr, sizeof *x->wb_reg)) ||
        !(x->drop_reg = calloc(wr, sizeof *x->drop_reg)) ||
        !(x->ev_warp = calloc(warps, sizeof *x->ev_warp)) ||
        !(x->e_reg = malloc((ent + 1) * sizeof *x->e_reg)) ||
        !(x->e_fill = calloc(ent + 1, sizeof *x->e_fill)) ||
        !(x->e_dying = calloc(ent + 1, sizeof *x->e_dying)) ||
        !(x->e_reads = calloc(ent + 1, sizeof *x->e_reads)) ||
        !(x->e_writes = calloc(ent + 1, sizeof *x->e_writes)) ||
        !(x->pool = malloc((c->active_pool + 1) * sizeof *x->pool)) ||
        !(x->flush_warp = calloc(c->active_pool + 1, sizeof *x->flush_warp)))
        return gpurf_fail(err, n, "out of memory");
    for (size_t e = 0; e < ent; e++)
        x->e_reg[e] = -1;
    for (unsigned k = 0; k < c->active_pool; k++)
        x->pool[k] = -1;
    x->flush_slot = -1;
    return 0;
}

void hy_path_free(hy_sc_t *x)
{
    q_free(&x->evq);
    free(x->op);
    free(x->gnt);
    free(x->rsp_valid);
    free(x->rsp_data);
    free(x->ev_reg);
    free(x->wb_reg);
    free(x->drop_reg);
    free(x->ev_warp);
    free(x->e_reg);
    free(x->e_fill);
    free(x->e_dying);
    free(x->e_reads);
    free(x->e_writes);
    free(x->pool);
    free(x->flush_warp);
}

/* the rc's state view (the start of this cycle) holds a valid line of (warp, reg) */
static int rc_holds(const rc_out_t *o, const rc_cfg_t *c, unsigned warp, unsigned reg)
{
    for (unsigned l = 0; l < c->lines; l++)
        if (o->valid[l] && o->tag_warp[l] == warp && o->tag_reg[l] == reg)
            return 1;
    return 0;
}

/* the backing store of (warp, reg) is busy: an eviction or a write-back of it on its way, or
 * its rc copy still to drop */
static int backing_busy(const sm_t *sm, const hy_sc_t *x, unsigned warp, unsigned reg)
{
    unsigned i = hy_wr_index(sm, warp, reg);
    return x->wb_reg[i] || x->drop_reg[i];
}

/* source j of the instruction in collector k is the last backing-store use of its value and
 * no other issued instruction of the warp still has to read the register */
static int last_use(sm_t *sm, unsigned s, unsigned k, unsigned j, unsigned reg)
{
    hy_t *h = HY(sm);
    const flight_t *fl = &sm->fl[HSC(sm, s)->cu_flight[k]];
    int p = prog_pc_index(&h->prog, fl->in->pc);
    if (p < 0 || !(h->dead[p] >> j & 1))
        return 0;
    unsigned mine = 0;
    for (unsigned i = 0; i < fl->in->nsrc; i++)
        mine += fl->in->src[i] == reg;
    if (sm->w[fl->warp].pend_r[reg] == mine)
        return 1;
    h->st.rc_last_use_held++;
    return 0;
}

/* the pool slot a warp's cache accesses name (the per-warp partition's; a shared cache
 * ignores it) */
static uint32_t rc_slot(const sm_t *sm, unsigned s, unsigned warp)
{
    int k = HY(sm)->pslot[warp * sm->c.schedulers + s];
    return k < 0 ? 0 : (uint32_t)k;
}

/* new collector requests: scratchpad reads on the rsp read ports, backing-store reads on the
 * rc read ports (or straight to the main RF), collectors in order */
static void requests(sm_t *sm, unsigned s, rc_in_t *ri)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    unsigned port = 0, rport = 0;
    for (unsigned p = 0; p < RC_MAX_RPORTS; p++)
        x->rc_port_slot[p] = -1;
    for (unsigned p = 0; p < RSP_MAX_RPORTS; p++)
        x->rsp_port_slot[p] = -1;
    for (unsigned k = 0; k < cfg_cus_per_sc(c); k++) {
        uint32_t vd[OCU_MAX_SRCS], w[OCU_MAX_SRCS], r[OCU_MAX_SRCS];
        sm_cu_requests(sm, s, k, vd, w, r);
        const flight_t *fl = &sm->fl[x->cu_flight[k]];
        const rsp_map_t *m = NULL;
        for (unsigned j = 0; j < c->max_srcs; j++) {
            unsigned slot = k * c->max_srcs + j;
            if (!vd[j] || x->op[slot].st != OP_IDLE)
                continue;
            if (v->rsp && !m)
                m = hy_map(sm, fl->in);
            int fill = m && m->src[j] >= 0 && (m->fill >> j & 1);
            if (m && m->src[j] >= 0 && !fill) {
                hy_rsp_request(sm, s, k, j, &rport);
                continue;
            }
            if (backing_busy(sm, x, w[j], r[j])) {
                HY(sm)->st.wait_eviction++;
                continue;
            }
            if (v->rc && port == c->rc_rports)
                continue;
            x->op[slot] = (opslot_t){v->rc ? OP_LOOKUP : OP_MRF, (uint8_t)r[j], (uint8_t)fill,
                                     (uint16_t)w[j],
                                     (int16_t)(fill ? (int)hy_entry(sm, fl->warp, m->src[j]) : -1),
                                     0};
            x->gnt[slot] = 1;
            if (!v->rc)
                continue;
            ri->rd_valid[port] = 1;
            ri->rd_warp[port] = w[j];
            ri->rd_reg[port] = r[j];
            ri->rd_slot[port] = rc_slot(sm, s, w[j]);
            ri->rd_last[port] = (uint32_t)(last_use(sm, s, k, j, r[j]) ||
                                           (fill && v->evict_before_fill));
            HY(sm)->st.rc_last_use_sent += ri->rd_last[port] && !(fill && v->evict_before_fill);
            x->rc_port_slot[port++] = (int)slot;
        }
    }
    /* rc copies to drop for scratchpad writes of their registers take the ports left */
    const unsigned warps = cfg_warps_per_sc(c);
    for (unsigned i = 0; v->rc && x->ndrop && port < c->rc_rports && i < warps * c->arch_regs; i++)
        if (x->drop_reg[i]) {
            x->drop_reg[i] = 0;
            x->ndrop--;
            ri->rd_valid[port] = 1;
            ri->rd_warp[port] = i / c->arch_regs;
            ri->rd_reg[port] = i % c->arch_regs;
            ri->rd_slot[port] = rc_slot(sm, s, i / c->arch_regs);
            ri->rd_last[port] = 1;
            HY(sm)->st.rc_drops++;
            x->rc_port_slot[port++] = -1;
        }
}

/* the results at the head of the write-back queue: scratchpad-mapped ones to the rsp, the
 * others to the rc write ports (rf in: the same results on the main RF's result ports, for
 * those the rc does not take) or, without an rc, to the main RF */
static void writes(sm_t *sm, unsigned s, rc_in_t *ri, rf_in_t *fi)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    x->nwb = 0;
    memset(x->wb_rsp, 0, sizeof x->wb_rsp);
    memset(x->wb_rc, 0, sizeof x->wb_rc);
    if (v->rc && x->evq.len + 2 * c->rc_wports > HY_EVQ_CAP)
        return;
    sm_writeback_inputs(sm, s, fi);
    x->nwb = sm_writeback_offered(sm, s);
    if (v->rc && x->nwb > c->rc_wports)
        x->nwb = c->rc_wports;
    for (unsigned k = x->nwb; k < c->wb_ports; k++)
        fi->wr_valid[k] = 0;
    if (v->rsp)
        hy_rsp_results(sm, s, fi);
    for (unsigned k = 0; k < x->nwb; k++) {
        if (!fi->wr_valid[k])
            continue;
        if (backing_busy(sm, x, fi->wr_warp[k], fi->wr_reg[k])) {
            HY(sm)->st.wait_eviction++;
            fi->wr_valid[k] = 0;
            continue;
        }
        /* a late result of a warp that left the pool bypasses a per-warp partition, once the
         * partition's older lines are written back */
        if (c->rc_partition == RC_PER_WARP && HY(sm)->pslot[fi->wr_warp[k] * c->schedulers + s] < 0) {
            if (hy_pool_flushing(sm, x, fi->wr_warp[k]))
                fi->wr_valid[k] = 0;
            continue;
        }
        if (!v->rc)
            continue;
        x->wb_rc[k] = 1;
        ri->wr_valid[k] = 1;
        ri->wr_warp[k] = fi->wr_warp[k];
        ri->wr_reg[k] = fi->wr_reg[k];
        ri->wr_slot[k] = rc_slot(sm, s, fi->wr_warp[k]);
        /* a result on every lane its warp has is a full write, whatever the warp's size: the
         * cache allocates it (lanes the warp lacks are never read) */
        const uint32_t own = HY(sm)->own_lanes[fi->wr_warp[k] * c->schedulers + s];
        ri->wr_mask[k] = own && (fi->wr_mask[k] & own) == own ? gpurf_mask(c->lanes)
                                                              : fi->wr_mask[k];
        memcpy(ri->wr_data[k], fi->wr_data[k], c->lanes * sizeof(uint32_t));
    }
}

/* a warp of sub-core s that finished drops its lines (one per cycle) */
static void invalidate(sm_t *sm, unsigned s, rc_in_t *ri)
{
    hy_t *h = HY(sm);
    for (unsigned g = 0; g < sm->c.warp_slots; g++)
        if (h->rc_live[g] && !sm->w[g].used && sm->w[g].sc == s) {
            h->rc_live[g] = 0;
            ri->inv_valid = 1;
            ri->inv_warp = sm->w[g].local;
            sm_slots_changed(sm);
            return;
        }
}

void hy_deliver(sm_t *sm, unsigned s, unsigned slot, const uint32_t *data, int where)
{
    hy_sc_t *x = HSC(sm, s);
    opslot_t *o = &x->op[slot];
    const unsigned g = o->warp * sm->c.schedulers + s;
    x->rsp_valid[slot] = 1;
    memcpy(x->rsp_data[slot], data, sm->c.lanes * sizeof(uint32_t));
    hy_count_read(sm, g, o->reg, where);
    if (o->fill)
        hy_rsp_fill(sm, s, o->warp, o->reg, o->e, data);
    o->st = OP_IDLE;
}

static void push_eviction(sm_t *sm, hy_sc_t *x, unsigned warp, unsigned reg, const uint32_t *d)
{
    hy_evict_t *e = q_push(&x->evq);
    e->warp = (uint16_t)warp;
    e->reg = (uint8_t)reg;
    memcpy(e->data, d, sm->c.lanes * sizeof(uint32_t));
    x->ev_reg[hy_wr_index(sm, warp, reg)]++;
    x->ev_warp[warp]++;
}

/* last cycle's rc lookups: hits to the collectors, misses towards the main RF */
static void rc_answers(sm_t *sm, unsigned s, const int *answered)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    const rc_out_t *ro = x->rco;
    for (unsigned p = 0; p < c->rc_rports; p++) {
        if (answered[p] < 0)
            continue;
        unsigned slot = (unsigned)answered[p];
        opslot_t *o = &x->op[slot];
        HY(sm)->st.rc_read_hits += ro->rsp_hit[p];
        HY(sm)->st.rc_read_misses += !ro->rsp_hit[p];
        if (ro->rsp_hit[p]) {
            if (o->fill && HY(sm)->v->evict_before_fill) {
                push_eviction(sm, x, o->warp, o->reg, ro->rsp_data[p]);
                HY(sm)->st.rsp_evict_fills++;
            }
            hy_deliver(sm, s, slot, ro->rsp_data[p], 1);
        } else {
            o->st = c->rc_miss_penalty > 1 ? OP_WAIT : OP_MRF;
            o->at = sm->st.cycles + c->rc_miss_penalty - 1;
        }
    }
    for (unsigned k = 0; k < c->rc_wports; k++)
        if (ro->ev_valid[k])
            push_eviction(sm, x, ro->ev_warp[k], ro->ev_reg[k], ro->ev_data[k]);
}

void hy_path_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    const unsigned slots = cfg_cus_per_sc(c) * c->max_srcs;
    const uint64_t now = sm->st.cycles;
    int answered[RC_MAX_RPORTS], rsp_answered[RSP_MAX_RPORTS];
    memcpy(answered, x->rc_port_slot, sizeof answered);
    memcpy(rsp_answered, x->rsp_port_slot, sizeof rsp_answered);
    memset(x->gnt, 0, slots * sizeof *x->gnt);
    memset(x->rsp_valid, 0, slots * sizeof *x->rsp_valid);
    rc_in_t rc_scratch;
    rc_in_t *ri = &rc_scratch;
    if (v->rc) {
        ls_clear_strobes(x->rc);
        ri = ls_in(x->rc);
    }
    if (v->rsp)
        ls_clear_strobes(x->rsp);
    ls_clear_strobes(x->rf);
    rf_in_t *fi = ls_in(x->rf);
    requests(sm, s, ri);
    writes(sm, s, ri, fi);
    if (v->rsp)
        hy_rsp_transfers(sm, s, ri);
    if (v->rc) {
        invalidate(sm, s, ri);
        x->flush_slot = -1;
        for (unsigned k = 0; k < c->active_pool && x->flush_slot < 0; k++)
            if (x->pool[k] == HY_FLUSHING)
                x->flush_slot = (int)k;
        ri->fl_valid = x->flush_slot >= 0;
        ri->fl_slot = x->flush_slot >= 0 ? (uint32_t)x->flush_slot : 0;
        x->rco = ls_eval(x->rc, 1);
    }
    if (v->rsp)
        hy_rsp_answers(sm, s, rsp_answered);
    if (v->rc)
        rc_answers(sm, s, answered);
    /* results the rc did not take go to the main RF, after any eviction of their register:
     * a partial write the rc refused while its state view still holds the register lost
     * the line to an earlier port's allocation this cycle, and that eviction (the other
     * lanes) reaches the main RF later, so the write waits for it */
    for (unsigned k = 0; k < x->nwb; k++) {
        const int was_held = x->wb_rc[k] && !x->rco->wr_done[k] &&
                             rc_holds(x->rco, x->rc->cfg, fi->wr_warp[k], fi->wr_reg[k]);
        x->wb_rc[k] = x->wb_rc[k] && x->rco->wr_done[k];
        if (x->wb_rc[k] || was_held || x->ev_reg[hy_wr_index(sm, fi->wr_warp[k], fi->wr_reg[k])]) {
            HY(sm)->st.wait_eviction += fi->wr_valid[k] && !x->wb_rc[k];
            fi->wr_valid[k] = 0;
        }
    }
    /* backing reads of the main RF on their collector slot's port */
    for (unsigned slot = 0; slot < slots; slot++) {
        opslot_t *o = &x->op[slot];
        if (o->st == OP_WAIT && o->at <= now)
            o->st = OP_MRF;
        if (o->st != OP_MRF)
            continue;
        if (x->ev_reg[hy_wr_index(sm, o->warp, o->reg)]) {
            HY(sm)->st.wait_eviction++;
            continue;
        }
        fi->rd_valid[slot] = 1;
        fi->rd_warp[slot] = o->warp;
        fi->rd_reg[slot] = o->reg;
    }
    /* the cache write-back ports: the eviction FIFO's head, then scratchpad write-backs */
    unsigned i = 0;
    for (; i < c->rf_cache_wports && i < x->evq.len; i++) {
        const hy_evict_t *e = q_at(&x->evq, i);
        unsigned p = c->wb_ports + i;
        fi->wr_valid[p] = 1;
        fi->wr_warp[p] = e->warp;
        fi->wr_reg[p] = e->reg;
        fi->wr_mask[p] = gpurf_mask(c->lanes);
        memcpy(fi->wr_data[p], e->data, c->lanes * sizeof(uint32_t));
    }
    if (v->rsp)
        hy_rsp_mrf_writebacks(sm, s, fi, c->wb_ports + i);
    unsigned launch = sm_launch_inputs(sm, s, x->rf);
    const rf_out_t *fo = x->rfo = ls_eval(x->rf, 1);
    sm_launch_done(sm, s, launch);
    for (unsigned slot = 0; slot < slots; slot++) {
        opslot_t *o = &x->op[slot];
        if (o->st == OP_MRF && fo->rd_gnt[slot])
            o->st = OP_MRF_DATA; /* answered in this cycle at bank_latency 0 */
        if (o->st == OP_MRF_DATA && fo->rsp_valid[slot])
            hy_deliver(sm, s, slot, fo->rsp_data[slot], 2);
    }
}

void hy_path_back(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    uint32_t gnt[RF_MAX_WPORTS] = {0};
    for (unsigned k = 0; k < x->nwb; k++) {
        gnt[k] = x->wb_rsp[k] || x->wb_rc[k] || x->rfo->wr_gnt[k];
        HY(sm)->st.rc_partial_to_mrf += v->rc && !x->wb_rc[k] && !x->wb_rsp[k] && x->rfo->wr_gnt[k];
        HY(sm)->st.mrf_result_writes += !x->wb_rc[k] && !x->wb_rsp[k] && x->rfo->wr_gnt[k];
    }
    if (v->rsp)
        hy_rsp_results_done(sm, s, gnt);
    if (x->nwb)
        sm_writeback_done(sm, s, gnt);
    unsigned char drop[RF_MAX_WPORTS] = {0};
    unsigned n = 0;
    for (unsigned i = 0; i < c->rf_cache_wports && i < x->evq.len; i++, n++)
        if ((drop[i] = (unsigned char)x->rfo->wr_gnt[c->wb_ports + i])) {
            const hy_evict_t *e = q_at(&x->evq, i);
            x->ev_reg[hy_wr_index(sm, e->warp, e->reg)]--;
            x->ev_warp[e->warp]--;
            if (!x->ev_warp[e->warp])
                sm_slots_changed(sm);
        }
    q_drop(&x->evq, n, drop);
    if (v->rsp)
        hy_rsp_back(sm, s, c->wb_ports + n);
    if (v->rc)
        ls_tick(x->rc);
    if (v->rsp)
        ls_tick(x->rsp);
    ls_tick(x->rf);
}

int hy_path_slot_free(const sm_t *sm, unsigned g)
{
    const hy_sc_t *x = HSC(sm, sm->w[g].sc);
    return !HY(sm)->rc_live[g] && !x->ev_warp[sm->w[g].local] && HY(sm)->pslot[g] < 0;
}

void hy_path_count(sm_t *sm, unsigned s)
{
    hy_t *h = HY(sm);
    hy_sc_t *x = HSC(sm, s);
    mainrf_count(sm, x->rf, &h->rst);
    if (x->rc) {
        const rc_state_t *r = x->rc->st;
        h->st.rc_tag_checks += r->tag_checks;
        h->st.rc_writes += r->writes;
        h->st.rc_evictions += r->evictions;
        h->st.rc_invalidations += r->invalidations;
    }
}
