/* The operand path through the register cache and the main RF (contract in hybrid_int.h). */
#include "hybrid_int.h"

/* evictions the FIFO holds; results wait in the write-back queue while a cycle's writes
 * could overfill it (each of the rc_wports writes of this and of the last cycle may evict) */
#define HY_EVQ_CAP 16

int hy_rc_init(sm_t *sm, unsigned s, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    const unsigned slots = cfg_cus_per_sc(c) * c->max_srcs, warps = cfg_warps_per_sc(c);
    char name[40];
    snprintf(name, sizeof name, "rc.sc%u", s);
    q_init(&x->evq, sizeof(hy_evict_t));
    for (unsigned p = 0; p < RC_MAX_RPORTS; p++)
        x->rc_port_slot[p] = -1;
    if (!(x->rf = mainrf_new(sm, s, err, n)) || !(x->rc = sm_make_inst(sm, "rc", name, err, n)))
        return -1;
    if (!(x->op = calloc(slots, sizeof *x->op)) || !(x->gnt = calloc(slots, sizeof *x->gnt)) ||
        !(x->rsp_valid = calloc(slots, sizeof *x->rsp_valid)) ||
        !(x->rsp_data = calloc(slots, sizeof *x->rsp_data)) ||
        !(x->ev_reg = calloc((size_t)warps * c->arch_regs, sizeof *x->ev_reg)) ||
        !(x->ev_warp = calloc(warps, sizeof *x->ev_warp)))
        return gpurf_fail(err, n, "out of memory");
    return 0;
}

void hy_rc_free(hy_sc_t *x)
{
    q_free(&x->evq);
    free(x->op);
    free(x->gnt);
    free(x->rsp_valid);
    free(x->rsp_data);
    free(x->ev_reg);
    free(x->ev_warp);
}

static uint16_t *ev_count(const sm_t *sm, hy_sc_t *x, unsigned warp, unsigned reg)
{
    return &x->ev_reg[warp * sm->c.arch_regs + reg];
}

/* source j of the instruction in collector k is dead after it and no other issued
 * instruction of the warp still has to read its register */
static int last_use(sm_t *sm, unsigned s, unsigned k, unsigned j, unsigned reg)
{
    hy_t *h = HY(sm);
    const flight_t *fl = &sm->fl[HSC(sm, s)->cu_flight[k]];
    int p = prog_pc_index(&h->prog, fl->in->pc);
    if (p < 0 || !(h->lv.dead[p] >> j & 1))
        return 0;
    unsigned mine = 0;
    for (unsigned i = 0; i < fl->in->nsrc; i++)
        mine += fl->in->src[i] == reg;
    if (sm->w[fl->warp].pend_r[reg] == mine)
        return 1;
    h->st.rc_last_use_held++;
    return 0;
}

/* new collector requests take the free rc read ports, collectors in order */
static void lookups(sm_t *sm, unsigned s, rc_in_t *ri)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    unsigned port = 0;
    for (unsigned p = 0; p < RC_MAX_RPORTS; p++)
        x->rc_port_slot[p] = -1;
    for (unsigned k = 0; k < cfg_cus_per_sc(c); k++) {
        uint32_t v[OCU_MAX_SRCS], w[OCU_MAX_SRCS], r[OCU_MAX_SRCS];
        sm_cu_requests(sm, s, k, v, w, r);
        for (unsigned j = 0; j < c->max_srcs && port < c->rc_rports; j++) {
            unsigned slot = k * c->max_srcs + j;
            if (!v[j] || x->op[slot].st != OP_IDLE)
                continue;
            x->op[slot] = (opslot_t){OP_LOOKUP, (uint8_t)r[j], (uint16_t)w[j], 0};
            x->gnt[slot] = 1;
            ri->rd_valid[port] = 1;
            ri->rd_warp[port] = w[j];
            ri->rd_reg[port] = r[j];
            ri->rd_slot[port] = 0;
            ri->rd_last[port] = (uint32_t)last_use(sm, s, k, j, r[j]);
            HY(sm)->st.rc_last_use_sent += ri->rd_last[port];
            x->rc_port_slot[port++] = (int)slot;
        }
    }
}

/* the results at the head of the write-back queue go to the rc write ports (rf in: the same
 * results on the main RF's result ports, for those the rc does not take) */
static void writes(sm_t *sm, unsigned s, rc_in_t *ri, rf_in_t *fi)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    x->nwb = 0;
    if (x->evq.len + 2 * c->rc_wports > HY_EVQ_CAP)
        return;
    sm_writeback_inputs(sm, s, fi);
    x->nwb = sm_writeback_offered(sm, s);
    if (x->nwb > c->rc_wports)
        x->nwb = c->rc_wports;
    for (unsigned k = x->nwb; k < c->wb_ports; k++)
        fi->wr_valid[k] = 0;
    for (unsigned k = 0; k < x->nwb; k++) {
        ri->wr_valid[k] = 1;
        ri->wr_warp[k] = fi->wr_warp[k];
        ri->wr_reg[k] = fi->wr_reg[k];
        ri->wr_slot[k] = 0;
        ri->wr_mask[k] = fi->wr_mask[k];
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

static void deliver(hy_sc_t *x, unsigned slot, const uint32_t *data, unsigned lanes)
{
    x->rsp_valid[slot] = 1;
    memcpy(x->rsp_data[slot], data, lanes * sizeof(uint32_t));
    x->op[slot].st = OP_IDLE;
}

void hy_rc_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    hy_t *h = HY(sm);
    hy_sc_t *x = HSC(sm, s);
    const unsigned slots = cfg_cus_per_sc(c) * c->max_srcs;
    const uint64_t now = sm->st.cycles;
    int answered[RC_MAX_RPORTS];
    memcpy(answered, x->rc_port_slot, sizeof answered);
    memset(x->gnt, 0, slots * sizeof *x->gnt);
    memset(x->rsp_valid, 0, slots * sizeof *x->rsp_valid);
    ls_clear_strobes(x->rc);
    ls_clear_strobes(x->rf);
    rc_in_t *ri = ls_in(x->rc);
    rf_in_t *fi = ls_in(x->rf);
    lookups(sm, s, ri);
    writes(sm, s, ri, fi);
    invalidate(sm, s, ri);
    const rc_out_t *ro = x->rco = ls_eval(x->rc, 1);

    /* last cycle's lookups: hits to the collectors, misses towards the main RF */
    for (unsigned p = 0; p < c->rc_rports; p++) {
        if (answered[p] < 0)
            continue;
        unsigned slot = (unsigned)answered[p];
        if (ro->rsp_hit[p])
            deliver(x, slot, ro->rsp_data[p], c->lanes);
        else {
            x->op[slot].st = c->rc_miss_penalty > 1 ? OP_WAIT : OP_MRF;
            x->op[slot].at = now + c->rc_miss_penalty - 1;
        }
    }
    /* last cycle's victims enter the FIFO */
    for (unsigned k = 0; k < c->rc_wports; k++)
        if (ro->ev_valid[k]) {
            hy_evict_t *e = q_push(&x->evq);
            e->warp = (uint16_t)ro->ev_warp[k];
            e->reg = (uint8_t)ro->ev_reg[k];
            memcpy(e->data, ro->ev_data[k], c->lanes * sizeof(uint32_t));
            (*ev_count(sm, x, e->warp, e->reg))++;
            x->ev_warp[e->warp]++;
        }
    /* results the rc did not take go to the main RF, after any eviction of their register */
    for (unsigned k = 0; k < x->nwb; k++) {
        x->wb_rc[k] = (uint8_t)ro->wr_done[k];
        if (ro->wr_done[k] || *ev_count(sm, x, fi->wr_warp[k], fi->wr_reg[k])) {
            h->st.wait_eviction += !ro->wr_done[k];
            fi->wr_valid[k] = 0;
        }
    }
    /* misses read the main RF on their collector slot's port */
    for (unsigned slot = 0; slot < slots; slot++) {
        opslot_t *o = &x->op[slot];
        if (o->st == OP_WAIT && o->at <= now)
            o->st = OP_MRF;
        if (o->st != OP_MRF)
            continue;
        if (*ev_count(sm, x, o->warp, o->reg)) {
            h->st.wait_eviction++;
            continue;
        }
        fi->rd_valid[slot] = 1;
        fi->rd_warp[slot] = o->warp;
        fi->rd_reg[slot] = o->reg;
    }
    /* the FIFO's head on the cache write-back ports */
    for (unsigned i = 0; i < c->rf_cache_wports && i < x->evq.len; i++) {
        const hy_evict_t *e = q_at(&x->evq, i);
        unsigned p = c->wb_ports + i;
        fi->wr_valid[p] = 1;
        fi->wr_warp[p] = e->warp;
        fi->wr_reg[p] = e->reg;
        fi->wr_mask[p] = gpurf_mask(c->lanes);
        memcpy(fi->wr_data[p], e->data, c->lanes * sizeof(uint32_t));
    }
    unsigned launch = sm_launch_inputs(sm, s, fi);
    const rf_out_t *fo = x->rfo = ls_eval(x->rf, 1);
    sm_launch_done(sm, s, launch);
    for (unsigned slot = 0; slot < slots; slot++) {
        opslot_t *o = &x->op[slot];
        if (o->st == OP_MRF_DATA && fo->rsp_valid[slot])
            deliver(x, slot, fo->rsp_data[slot], c->lanes);
        else if (o->st == OP_MRF && fo->rd_gnt[slot])
            o->st = OP_MRF_DATA;
    }
}

void hy_rc_back(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    uint32_t gnt[RF_MAX_WPORTS] = {0};
    for (unsigned k = 0; k < x->nwb; k++) {
        gnt[k] = x->wb_rc[k] || x->rfo->wr_gnt[k];
        HY(sm)->st.rc_partial_to_mrf += !x->wb_rc[k] && x->rfo->wr_gnt[k];
    }
    if (x->nwb)
        sm_writeback_done(sm, s, gnt);
    unsigned char drop[RF_MAX_WPORTS] = {0};
    unsigned n = 0;
    for (unsigned i = 0; i < c->rf_cache_wports && i < x->evq.len; i++, n++)
        if ((drop[i] = (unsigned char)x->rfo->wr_gnt[c->wb_ports + i])) {
            const hy_evict_t *e = q_at(&x->evq, i);
            (*ev_count(sm, x, e->warp, e->reg))--;
            x->ev_warp[e->warp]--;
            if (!x->ev_warp[e->warp])
                sm_slots_changed(sm);
        }
    q_drop(&x->evq, n, drop);
    ls_tick(x->rc);
    ls_tick(x->rf);
}

int hy_rc_slot_free(const sm_t *sm, unsigned g)
{
    const hy_sc_t *x = HSC(sm, sm->w[g].sc);
    return !HY(sm)->rc_live[g] && !x->ev_warp[sm->w[g].local];
}

void hy_rc_count(sm_t *sm, unsigned s)
{
    hy_t *h = HY(sm);
    const rc_state_t *r = HSC(sm, s)->rc->st;
    mainrf_count(sm, HSC(sm, s)->rf, &h->rst);
    h->st.rc_tag_checks += r->tag_checks;
    h->st.rc_read_hits += r->read_hits;
    h->st.rc_read_misses += r->read_misses;
    h->st.rc_writes += r->writes;
    h->st.rc_evictions += r->evictions;
    h->st.rc_invalidations += r->invalidations;
}
