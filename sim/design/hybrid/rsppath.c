/* The scratchpad's part of the operand path: its reads and result writes, fills and live-out
 * write-backs through the transfer queue, and the bookkeeping at issue and dispatch
 * (contract in hybrid_int.h). */
#include "hybrid_int.h"

static unsigned entry_slot(const sm_t *sm, int e) { return (unsigned)e / sm->c.rsp_regs; }
static unsigned entry_reg(const sm_t *sm, int e) { return (unsigned)e % sm->c.rsp_regs; }

/* the first source slot of in naming register r (the collector asks for it there) */
static unsigned first_slot(const inst_t *in, unsigned j)
{
    unsigned i = 0;
    while (in->src[i] != in->src[j])
        i++;
    return i;
}

void hy_rsp_request(sm_t *sm, unsigned s, unsigned k, unsigned j, unsigned *port)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    const flight_t *fl = &sm->fl[x->cu_flight[k]];
    const rsp_map_t *m = hy_map(sm, fl->in);
    const unsigned slot = k * c->max_srcs + j, reg = fl->in->src[j];
    const int e = (int)hy_entry(sm, fl->warp, (unsigned)m->src[j]);
    if (x->e_fill[e] || *port == c->rc_rports)
        return;
    if (x->e_reg[e] != (int)reg) {
        hy_fail(sm, fl->warp, reg, "a scratchpad read of a register its allocation never wrote");
        return;
    }
    x->gnt[slot] = 1;
    x->op[slot] = (opslot_t){OP_RSP, (uint8_t)reg, 0,
                             (uint16_t)sm->w[fl->warp].local, (int16_t)e, 0};
    rsp_in_t *in = ls_in(x->rsp);
    in->rd_valid[*port] = 1;
    in->rd_slot[*port] = entry_slot(sm, e);
    in->rd_reg[*port] = entry_reg(sm, e);
    x->rsp_port_slot[(*port)++] = (int)slot;
}

/* the wbq entry at position k: its flight's map, destination index and scratchpad entry */
static int result_entry(const sm_t *sm, unsigned s, unsigned k, unsigned *d)
{
    const wbq_ent_t *q = sm_wbq_at(sm, s, k);
    const flight_t *fl = &sm->fl[q->flight];
    const rsp_map_t *m = hy_map(sm, fl->in);
    *d = q->d;
    return m && m->dst[q->d] >= 0 ? (int)hy_entry(sm, fl->warp, (unsigned)m->dst[q->d]) : -1;
}

void hy_rsp_results(sm_t *sm, unsigned s, rf_in_t *fi)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    rsp_in_t *in = ls_in(x->rsp);
    unsigned port = 0;
    for (unsigned k = 0; k < x->nwb; k++) {
        unsigned d;
        int e = result_entry(sm, s, k, &d);
        if (e < 0)
            continue;
        fi->wr_valid[k] = 0;
        if (port == c->rc_wports)
            continue;
        x->wb_rsp[k] = 1;
        in->wr_valid[port] = 1;
        in->wr_slot[port] = entry_slot(sm, e);
        in->wr_reg[port] = entry_reg(sm, e);
        in->wr_mask[port] = fi->wr_mask[k];
        memcpy(in->wr_data[port], fi->wr_data[k], c->lanes * sizeof(uint32_t));
        port++;
    }
}

static hy_xfer_t *xf_new(hy_sc_t *x, int st, unsigned warp, unsigned reg, int e)
{
    hy_xfer_t *t = &x->xf[x->nxf++];
    memset(t, 0, sizeof *t);
    x->xf_res--;
    t->st = (uint8_t)st;
    t->warp = (uint16_t)warp;
    t->reg = (uint8_t)reg;
    t->e = (int16_t)e;
    return t;
}

void hy_rsp_fill(sm_t *sm, unsigned s, unsigned warp, unsigned reg, int e, const uint32_t *data)
{
    hy_sc_t *x = HSC(sm, s);
    if (x->nxf == HY_XF_CAP) { /* gate() keeps room for every fill and write-back issued */
        hy_fail(sm, warp * sm->c.schedulers + s, reg, "the transfer queue overflowed");
        return;
    }
    memcpy(xf_new(x, XF_FILL, warp, reg, e)->data, data, sm->c.lanes * sizeof(uint32_t));
}

void hy_rsp_transfers(sm_t *sm, unsigned s, rc_in_t *ri)
{
    const sm_cfg_t *c = &sm->c;
    const hy_variant_t *v = HY(sm)->v;
    hy_sc_t *x = HSC(sm, s);
    rsp_in_t *in = ls_in(x->rsp);
    unsigned rport = 0, wport = 0, cport = 0;
    while (rport < c->rc_rports && in->rd_valid[rport])
        rport++;
    while (wport < c->rc_wports && in->wr_valid[wport])
        wport++;
    for (unsigned t = 0; t < x->nxf; t++) {
        hy_xfer_t *q = &x->xf[t];
        q->via = VIA_NONE;
        if (q->st == XF_WB_READ && rport < c->rc_rports) {
            in->rd_valid[rport] = 1;
            in->rd_slot[rport] = entry_slot(sm, q->e);
            in->rd_reg[rport] = entry_reg(sm, q->e);
            x->rsp_port_slot[rport] = -2;
            q->via = VIA_RSP_RD;
            q->port = (uint8_t)rport++;
            q->st = XF_WB_WAIT;
        } else if (q->st == XF_FILL && wport < c->rc_wports) {
            in->wr_valid[wport] = 1;
            in->wr_slot[wport] = entry_slot(sm, q->e);
            in->wr_reg[wport] = entry_reg(sm, q->e);
            in->wr_mask[wport] = gpurf_mask(c->lanes);
            memcpy(in->wr_data[wport], q->data, c->lanes * sizeof(uint32_t));
            q->via = VIA_RSP_WR;
            q->port = (uint8_t)wport++;
        } else if (q->st == XF_WB_WRITE && v->backing == BACK_RC &&
                   !x->drop_reg[hy_wr_index(sm, q->warp, q->reg)]) {
            while (cport < c->rc_wports && ri->wr_valid[cport])
                cport++;
            if (cport == c->rc_wports)
                continue;
            ri->wr_valid[cport] = 1;
            ri->wr_warp[cport] = q->warp;
            ri->wr_reg[cport] = q->reg;
            ri->wr_slot[cport] = (uint32_t)HY(sm)->pslot[q->warp * c->schedulers + s];
            ri->wr_mask[cport] = gpurf_mask(c->lanes);
            memcpy(ri->wr_data[cport], q->data, c->lanes * sizeof(uint32_t));
            q->via = VIA_RC_WR;
            q->port = (uint8_t)cport++;
        }
    }
    x->rspo = ls_eval(x->rsp, 1);
}

void hy_rsp_answers(sm_t *sm, unsigned s, const int *answered)
{
    hy_t *h = HY(sm);
    hy_sc_t *x = HSC(sm, s);
    const rsp_out_t *o = x->rspo;
    for (unsigned p = 0; p < sm->c.rc_rports; p++) {
        if (answered[p] >= 0) {
            opslot_t *op = &x->op[answered[p]];
            int e = op->e;
            if (!--x->e_reads[e] && x->e_dying[e]) {
                x->e_reg[e] = -1;
                x->e_dying[e] = 0;
            }
            h->st.rsp_reads++;
            hy_deliver(sm, s, (unsigned)answered[p], o->rsp_data[p], 0);
            continue;
        }
    }
    /* write-backs whose scratchpad read (last cycle's) was answered */
    for (unsigned t = 0; t < x->nxf; t++) {
        hy_xfer_t *q = &x->xf[t];
        if (q->st != XF_WB_WAIT || q->via == VIA_RSP_RD || answered[q->port] != -2)
            continue;
        memcpy(q->data, o->rsp_data[q->port], sm->c.lanes * sizeof(uint32_t));
        x->e_reads[q->e]--;
        x->e_reg[q->e] = -1;
        x->e_dying[q->e] = 0;
        q->st = XF_WB_WRITE;
        h->st.rsp_writebacks++;
    }
}

void hy_rsp_mrf_writebacks(sm_t *sm, unsigned s, rf_in_t *fi, unsigned first_port)
{
    const sm_cfg_t *c = &sm->c;
    hy_sc_t *x = HSC(sm, s);
    unsigned p = first_port;
    for (unsigned t = 0; HY(sm)->v->backing == BACK_MRF && t < x->nxf; t++) {
        hy_xfer_t *q = &x->xf[t];
        if (q->st != XF_WB_WRITE || p >= c->wb_ports + c->rf_cache_wports)
            continue;
        fi->wr_valid[p] = 1;
        fi->wr_warp[p] = q->warp;
        fi->wr_reg[p] = q->reg;
        fi->wr_mask[p] = gpurf_mask(c->lanes);
        memcpy(fi->wr_data[p], q->data, c->lanes * sizeof(uint32_t));
        q->via = VIA_MRF_WR;
        q->port = (uint8_t)p++;
    }
}

void hy_rsp_results_done(sm_t *sm, unsigned s, const uint32_t *gnt)
{
    hy_sc_t *x = HSC(sm, s);
    for (unsigned k = 0; k < x->nwb; k++) {
        if (!x->wb_rsp[k] || !gnt[k])
            continue;
        const wbq_ent_t *q = sm_wbq_at(sm, s, k);
        const flight_t *fl = &sm->fl[q->flight];
        const rsp_map_t *m = hy_map(sm, fl->in);
        const unsigned reg = fl->in->dst[q->d], warp = sm->w[fl->warp].local;
        int e = (int)hy_entry(sm, fl->warp, (unsigned)m->dst[q->d]);
        x->e_reg[e] = (int16_t)(m->dst_end >> q->d & 1 ? -1 : (int)reg);
        x->e_writes[e]--;
        HY(sm)->st.rsp_writes++;
        if (HY(sm)->v->rc && !x->drop_reg[hy_wr_index(sm, warp, reg)]) {
            x->drop_reg[hy_wr_index(sm, warp, reg)] = 1;
            x->ndrop++;
        }
        for (unsigned w = 0; w < m->wb_n; w++)
            if (m->wb_reg[w] == reg)
                xf_new(x, XF_WB_READ, warp, reg, e);
    }
}

void hy_rsp_back(sm_t *sm, unsigned s, unsigned first_port)
{
    hy_sc_t *x = HSC(sm, s);
    (void)first_port;
    unsigned k = 0;
    for (unsigned t = 0; t < x->nxf; t++) {
        hy_xfer_t *q = &x->xf[t];
        int done = 0;
        if (q->via == VIA_RSP_WR) {
            x->e_fill[q->e] = 0;
            HY(sm)->st.rsp_fills++;
            done = 1;
        } else if (q->via == VIA_RC_WR || (q->via == VIA_MRF_WR && x->rfo->wr_gnt[q->port])) {
            x->wb_reg[hy_wr_index(sm, q->warp, q->reg)]--;
            done = 1;
        }
        if (!done)
            x->xf[k++] = *q;
    }
    x->nxf = k;
}

/* ---- issue bookkeeping ---------------------------------------------------------------------- */
void hy_rsp_issue(sm_t *sm, unsigned s, unsigned f)
{
    hy_t *h = HY(sm);
    hy_sc_t *x = HSC(sm, s);
    const flight_t *fl = &sm->fl[f];
    const inst_t *in = fl->in;
    const rsp_map_t *m = hy_map(sm, in);
    int p = prog_pc_index(&h->prog, in->pc);
    if (p >= 0 && h->strands.v[h->strands.of[p]].first == (unsigned)p)
        h->st.strands_entered++;
    if (!m)
        return;
    const unsigned warp = sm->w[fl->warp].local;
    x->xf_res += m->wb_n;
    for (unsigned j = 0; j < in->nsrc; j++) {
        if (m->src[j] < 0 || first_slot(in, j) != j)
            continue;
        unsigned e = hy_entry(sm, fl->warp, (unsigned)m->src[j]);
        if (m->fill >> j & 1) {
            x->xf_res++;
            x->e_fill[e] = 1;
            x->e_reg[e] = (int16_t)in->src[j];
        } else {
            x->e_reads[e]++;
            x->e_dying[e] |= m->src_end >> j & 1;
        }
    }
    for (unsigned w = 0; w < m->wb_n; w++) {
        x->wb_reg[hy_wr_index(sm, warp, m->wb_reg[w])]++;
        x->e_reads[hy_entry(sm, fl->warp, m->wb_slot[w])]++;
    }
    for (unsigned d = 0; d < in->ndst; d++)
        if (m->dst[d] >= 0)
            x->e_writes[hy_entry(sm, fl->warp, (unsigned)m->dst[d])]++;
}

/* the instruction's reads are done: write-backs of registers it does not write into the
 * scratchpad start */
void hy_rsp_dispatched(sm_t *sm, unsigned s, unsigned f)
{
    hy_sc_t *x = HSC(sm, s);
    const flight_t *fl = &sm->fl[f];
    const rsp_map_t *m = hy_map(sm, fl->in);
    for (unsigned w = 0; m && w < m->wb_n; w++) {
        int written = 0;
        for (unsigned d = 0; d < fl->in->ndst; d++)
            written |= fl->in->dst[d] == m->wb_reg[w] && m->dst[d] >= 0;
        if (!written)
            xf_new(x, XF_WB_READ, sm->w[fl->warp].local, m->wb_reg[w],
                   (int)hy_entry(sm, fl->warp, m->wb_slot[w]));
    }
}

int hy_rsp_gate(const sm_t *sm, unsigned g)
{
    const hy_t *h = HY(sm);
    const warp_t *w = &sm->w[g];
    if (sm->policy != SCHED_TWO_LEVEL)
        return R_OK;
    if (h->pslot[g] < 0)
        return R_DESIGN;
    const hy_sc_t *x = HSC(sm, w->sc);
    const inst_t *in = &w->tr->v[w->next];
    const rsp_map_t *m = hy_map(sm, in);
    if (!m)
        return R_OK;
    unsigned xfers = m->wb_n;
    for (unsigned j = 0; j < in->nsrc; j++)
        if (m->src[j] >= 0 && (m->fill >> j & 1)) {
            unsigned e = hy_entry(sm, g, (unsigned)m->src[j]);
            if (x->e_reads[e] || x->e_fill[e] || x->e_writes[e])
                return R_DESIGN;
            xfers++;
        }
    for (unsigned d = 0; d < in->ndst; d++) {
        unsigned e = m->dst[d] >= 0 ? hy_entry(sm, g, (unsigned)m->dst[d]) : 0;
        if (m->dst[d] >= 0 && (x->e_reads[e] || x->e_writes[e] || x->e_fill[e]))
            return R_DESIGN;
    }
    return x->nxf + x->xf_res + xfers > HY_XF_CAP ? R_DESIGN : R_OK;
}
