/* The front half of a cache design's cycle (ltrf.h): the control blocks' registered outputs,
 * the cache and the main register file with their fill, write-back and result traffic. */
#include "ltrf_int.h"

/* write-back i of the landing queue waits for an older one of the same register */
static int landing_behind(const ltrf_sc_t *e, unsigned i)
{
    const landing_t *l = q_at(&e->land, i);
    for (unsigned j = 0; j < i; j++) {
        const landing_t *o = q_at(&e->land, j);
        if (o->warp == l->warp && o->reg == l->reg)
            return 1;
    }
    return 0;
}

/* the row's next register to read may take a fill port: a register is read only after its
 * last write-back and any older result have reached the main RF, and while the row has room
 * to stage its data */
static int fill_next(const sm_t *sm, unsigned s, const ltrf_sc_t *e, const lrow_t *row)
{
    if (!row->fq_len || row->nheld + row->out_len + row->st_len >= e->stage_depth)
        return 0;
    const ref_t *h = &row->fq[row->fq_head];
    const warp_t *hw = &sm->w[global_of(sm, s, h->warp)];
    return !lw(sm, hw)->evp[h->reg] && !(lw(sm, hw)->fwait[h->reg] && hw->pend_w[h->reg]);
}

/* a result goes to the cache when its warp holds the register there with its value; else to
 * the main register file once the register's write-backs have landed there */
static int to_cache(const sm_t *sm, const warp_t *w, unsigned reg)
{
    const ltrf_warp_t *q = lw(sm, w);
    return (q->lt == LT_FETCH || q->lt == LT_RUN) && q->bank[reg] != NO_BANK && !q->infill[reg];
}

void ltrf_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    ltrf_sc_t *e = SC(sm, s);
    const unsigned L = c->lanes;
    e->dead_used = 0;
    /* registered outputs of the control blocks; their inputs are set during the cycle */
    ls_clear_strobes(e->wcb);
    e->wo = ls_eval(e->wcb, 0);
    ls_clear_strobes(e->aoff);
    e->oo = ls_eval(e->aoff, 0);
    for (unsigned r = 0; r < e->rows; r++) {
        ls_clear_strobes(e->abank[r]);
        e->ao[r] = ls_eval(e->abank[r], 0);
    }
    ltrf_lookup_answers(sm, s);

    /* the cache: collector reads, result writes of active warps, fills, one eviction */
    rfc_in_t *ci = ls_in(e->rfc);
    ls_clear_strobes(e->rfc);
    for (unsigned k = 0, p = 0; k < cfg_cus_per_sc(c); k++, p += c->max_srcs)
        sm_cu_requests(sm, s, k, ci->rd_valid + p, ci->rd_row + p, ci->rd_bank + p);
    e->res_ports = sm_writeback_offered(sm, s);
    for (unsigned p = 0; p < e->res_ports; p++) {
        const flight_t *fl = &sm->fl[sm_wbq_at(sm, s, p)->flight];
        const warp_t *w = &sm->w[fl->warp];
        unsigned d = sm_wbq_at(sm, s, p)->d;
        unsigned reg = fl->in->dst[d];
        e->wr_port_to_rfc[p] = to_cache(sm, w, reg);
        if (!e->wr_port_to_rfc[p])
            continue;
        ci->wr_valid[p] = 1;
        ci->wr_row[p] = lw(sm, w)->row;
        ci->wr_bank[p] = lw(sm, w)->bank[reg];
        memcpy(ci->wr_data[p], fl->dst_val[d], L * 4);
        ci->wr_mask[p] = sm_lanes(sm, fl->in);
    }
    /* each bank's fill port takes the oldest register staged for it, its eviction port the
     * oldest eviction read of it */
    int fs_row[RFC_MAX_BANKS], fs_i[RFC_MAX_BANKS], es[RFC_MAX_BANKS];
    for (unsigned b = 0; b < c->rfc_banks; b++)
        fs_row[b] = fs_i[b] = es[b] = -1;
    for (unsigned r = 0; r < e->rows; r++)
        for (unsigned i = 0; i < e->row[r].st_len; i++) {
            const staged_t *t = &e->row[r].st[i];
            unsigned b = t->r.bank;
            if (fs_row[b] < 0 || t->seq < e->row[fs_row[b]].st[fs_i[b]].seq)
                fs_row[b] = (int)r, fs_i[b] = (int)i;
        }
    for (unsigned i = e->nev; i-- > 0;)
        es[e->ev[i].bank] = (int)i;
    for (unsigned b = 0; b < c->rfc_banks; b++) {
        if (fs_row[b] >= 0) {
            const staged_t *t = &e->row[fs_row[b]].st[fs_i[b]];
            ci->fill_valid[b] = 1;
            ci->fill_row[b] = (unsigned)fs_row[b];
            ci->fill_tag[b] = tag_of(sm, t->r.warp, t->r.reg);
            if (e->fill_in[b] != t->seq) /* offered again: the input holds its data */
                memcpy(ci->fill_data[b], t->data, L * 4);
            e->fill_in[b] = t->seq;
        }
        if (es[b] >= 0) {
            const evict_t *v = &e->ev[es[b]];
            ci->ev_valid[b] = 1;
            ci->ev_row[b] = v->row;
            ci->ev_tag[b] = tag_of(sm, v->warp, v->reg);
        }
    }
    const rfc_out_t *co = e->co = ls_eval(e->rfc, 1);
    for (unsigned b = 0; b < c->rfc_banks; b++) {
        if (co->fill_gnt[b])
            e->row[fs_row[b]].st[fs_i[b]].r.bank = NO_BANK; /* taken */
        if (co->fill_done_valid[b]) {
            unsigned local = tag_warp(sm, co->fill_done_tag[b]), reg = tag_reg(sm, co->fill_done_tag[b]);
            ltrf_warp_t *q = lw(sm, &sm->w[global_of(sm, s, local)]);
            wcb_in_t *wi = ls_in(e->wcb);
            wi->fill_valid[b] = 1;
            wi->fill_warp[b] = local;
            wi->fill_reg[b] = reg;
            q->fills--;
            q->infill[reg] = q->fwait[reg] = 0;
        }
        if (co->ev_gnt[b]) {
            evict_t *v = &e->ev[es[b]];
            lw(sm, &sm->w[global_of(sm, s, v->warp)])->ev_reads--;
            if (v->release) {
                lrow_t *row = &e->row[v->row];
                row->rel[(row->rel_head + row->rel_len++) % RFC_MAX_BANKS] = v->bank;
            }
            v->bank = NO_BANK; /* read */
        }
        if (co->ev_out_valid[b]) {
            landing_t *l = q_push(&e->land);
            l->warp = (uint16_t)tag_warp(sm, co->ev_out_tag[b]);
            l->reg = (uint8_t)tag_reg(sm, co->ev_out_tag[b]);
            memcpy(l->data, co->ev_out_data[b], L * 4);
        }
    }
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        unsigned k = 0;
        for (unsigned i = 0; i < row->st_len; i++)
            if (row->st[i].r.bank != NO_BANK)
                row->st[k++] = row->st[i];
        row->st_len = k;
    }
    unsigned kev = 0;
    for (unsigned i = 0; i < e->nev; i++)
        if (e->ev[i].bank != NO_BANK)
            e->ev[kev++] = e->ev[i];
    e->nev = kev;

    /* the main register file: warp launch, fill reads (port = row), results of inactive warps
     * and write-backs from the cache */
    ls_clear_strobes(e->rf);
    unsigned launch = sm_launch_inputs(sm, s, e->rf);
    rf_in_t *ri; /* taken (ls_in) once a port is driven: an idle file may stay dormant */
    const unsigned K = c->rfc_fill_ports;
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (!row->held && !row->fq_len)
            continue; /* nothing to read */
        for (unsigned k = 0; k < K; k++) {
            if (!(row->held >> k & 1) && fill_next(sm, s, e, row)) {
                row->hold[k] = row->fq[row->fq_head];
                row->held |= 1ull << k;
                row->nheld++;
                row->fq_head = (row->fq_head + 1) % RFC_MAX_BANKS;
                row->fq_len--;
            }
            if (row->held >> k & 1) {
                ri = ls_in(e->rf);
                ri->rd_valid[r * K + k] = 1;
                ri->rd_warp[r * K + k] = row->hold[k].warp;
                ri->rd_reg[r * K + k] = row->hold[k].reg;
            }
        }
    }
    /* write ports: a result port no result takes, then the cache's own write-back ports, each
     * carrying the oldest write-back not yet offered that no older write-back of its register
     * precedes (a register's write-backs land in order) */
    unsigned nland = 0, nw = cfg_rf_wports(c);
    for (unsigned p = 0; p < nw; p++) {
        e->land_of[p] = -1;
        if (p < e->res_ports && !e->wr_port_to_rfc[p]) {
            const flight_t *fl = &sm->fl[sm_wbq_at(sm, s, p)->flight];
            unsigned d = sm_wbq_at(sm, s, p)->d;
            if (!lw(sm, &sm->w[fl->warp])->evp[fl->in->dst[d]]) {
                ri = ls_in(e->rf);
                ri->wr_valid[p] = 1;
                ri->wr_warp[p] = sm->w[fl->warp].local;
                ri->wr_reg[p] = fl->in->dst[d];
                memcpy(ri->wr_data[p], fl->dst_val[d], L * 4);
                ri->wr_mask[p] = sm_lanes(sm, fl->in);
                continue;
            }
        }
        while (nland < e->land.len && nland < LAND_MAX && landing_behind(e, nland))
            nland++;
        if (nland < e->land.len && nland < LAND_MAX) {
            const landing_t *l = q_at(&e->land, nland);
            ri = ls_in(e->rf);
            ri->wr_valid[p] = 1;
            ri->wr_warp[p] = l->warp;
            ri->wr_reg[p] = l->reg;
            memcpy(ri->wr_data[p], l->data, L * 4);
            ri->wr_mask[p] = gpurf_mask(L);
            e->land_of[p] = (int)nland++;
        }
    }
    const rf_out_t *ro = e->rf_out = ls_eval(e->rf, 1);
    sm_launch_done(sm, s, launch);
    /* a grant joins the reads in flight before the responses leave them: at bank_latency 0 a
     * read is answered in its grant cycle */
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (!row->held && !row->out_len)
            continue; /* no read offered or in flight: no grant, no answer */
        for (unsigned k = 0; k < K; k++) {
            const unsigned p = r * K + k;
            if (ro->rd_gnt[p]) {
                row->out[row->out_len++] = (inflight_t){row->hold[k], (uint8_t)k};
                row->held &= ~(1ull << k);
                row->nheld--;
            }
            if (ro->rsp_valid[p]) {
                unsigned i = 0; /* the port's oldest read in flight */
                while (row->out[i].port != k)
                    i++;
                staged_t *t = &row->st[row->st_len++];
                t->r = row->out[i].r;
                t->seq = e->st_seq++;
                memcpy(t->data, ro->rsp_data[p], L * 4);
                memmove(&row->out[i], &row->out[i + 1], (--row->out_len - i) * sizeof *row->out);
            }
        }
    }
    unsigned char landed[LAND_MAX] = {0};
    for (unsigned p = 0; p < nw; p++)
        if (e->land_of[p] >= 0 && ro->wr_gnt[p]) {
            const landing_t *l = q_at(&e->land, (unsigned)e->land_of[p]);
            ltrf_warp_t *q = lw(sm, &sm->w[global_of(sm, s, l->warp)]);
            q->ev_writes--;
            q->evp[l->reg]--;
            landed[e->land_of[p]] = 1;
        }
    q_drop(&e->land, nland, landed);
    uint32_t gnt[RF_MAX_WPORTS] = {0};
    for (unsigned p = 0; p < e->res_ports; p++) {
        gnt[p] = e->wr_port_to_rfc[p] ? co->wr_gnt[p] : e->land_of[p] < 0 && ro->wr_gnt[p];
        if (!gnt[p])
            continue;
        const flight_t *fl = &sm->fl[sm_wbq_at(sm, s, p)->flight];
        wcb_in_t *wi = ls_in(e->wcb);
        wi->wr_valid[p] = 1;
        wi->wr_warp[p] = sm->w[fl->warp].local;
        wi->wr_reg[p] = fl->in->dst[sm_wbq_at(sm, s, p)->d];
    }
    sm_writeback_done(sm, s, gnt);
}

