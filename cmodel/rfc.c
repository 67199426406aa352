/* rfc: LTRF register-file cache C model (contract in rfc.h). */
#include "rfc.h"
#include "bank_arb.h"
#include <stdlib.h>
#include <string.h>

#define PT_BLOCK rfc
#define PT_CFG rfc_cfg_t
#define PT_DEF "rfc_ports.def"
#include "ports_table.inc"

void rfc_cfg_derive(rfc_cfg_t *c)
{
    c->bank_bits = gpurf_clog2(c->banks);
    c->row_bits = gpurf_clog2(c->rows);
    c->beats = (c->lanes * 32 + c->xbar_bits - 1) / c->xbar_bits;
}

void rfc_cfg_from_sm(const sm_cfg_t *sm, rfc_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->banks = sm->rfc_banks;
    c->rows = sm->active_pool;
    c->num_ports = cfg_cus_per_sc(sm) * sm->max_srcs;
    c->num_wports = sm->wb_ports;
    c->xbar_bits = sm->rfc_xbar_bits;
    c->xbar_latency = sm->rfc_xbar_latency;
    c->tag_bits = gpurf_clog2(cfg_warps_per_sc(sm)) + gpurf_clog2(sm->arch_regs);
    rfc_cfg_derive(c);
}

static unsigned fill_depth(const rfc_cfg_t *c) { return c->beats - 1 + c->xbar_latency; }
static unsigned ev_depth(const rfc_cfg_t *c) { return c->beats + c->xbar_latency; }

int rfc_init(rfc_state_t *s, const rfc_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (c->num_ports > RFC_MAX_PORTS || c->num_wports > RFC_MAX_WPORTS || c->rows > RFC_MAX_ROWS ||
        c->banks > RFC_MAX_BANKS || c->lanes > GPURF_MAX_LANES || ev_depth(c) > RFC_MAX_DEPTH ||
        c->tag_bits > 32)
        return -1;
    s->mem = calloc((size_t)c->banks * c->rows * c->lanes, sizeof *s->mem);
    s->fill_pipe = calloc((size_t)c->banks * fill_depth(c), sizeof *s->fill_pipe);
    s->ev_pipe = calloc((size_t)c->banks * ev_depth(c), sizeof *s->ev_pipe);
    if (!s->mem || !s->fill_pipe || !s->ev_pipe) {
        rfc_free(s);
        return -1;
    }
    for (unsigned b = 0; b < c->banks; b++) {
        s->fill_quiet[b] = fill_depth(c);
        s->ev_quiet[b] = ev_depth(c);
    }
    s->quiet_edges = ev_depth(c);
    return 0;
}

void rfc_free(rfc_state_t *s)
{
    free(s->mem);
    free(s->fill_pipe);
    free(s->ev_pipe);
    memset(s, 0, sizeof *s);
}

static uint32_t *cell(const rfc_state_t *s, unsigned bank, unsigned row)
{
    return s->mem + ((size_t)bank * s->c.rows + row) * s->c.lanes;
}

/* stage i of bank b's fill / return pipeline (the last stage arrives) */
static rfc_flit_t *fill_stage(const rfc_state_t *s, unsigned b, unsigned i)
{
    const unsigned d = fill_depth(&s->c);
    return &s->fill_pipe[b * d + (s->fill_head[b] + i) % d];
}

static rfc_flit_t *ev_stage(const rfc_state_t *s, unsigned b, unsigned i)
{
    const unsigned d = ev_depth(&s->c);
    return &s->ev_pipe[b * d + (s->ev_head[b] + i) % d];
}

/* This cycle's decisions, from the state and the inputs only (bank_arb: the arriving fill,
 * result writes by port order, the bank's eviction read, then collector reads round-robin). */
static void arbitrate(const rfc_state_t *s, const rfc_in_t *in, rfc_grants_t *g)
{
    const rfc_cfg_t *c = &s->c;
    const unsigned e = c->num_wports;
    uint8_t fix_req[RFC_MAX_WPORTS + RFC_MAX_BANKS], fix_gnt[RFC_MAX_WPORTS + RFC_MAX_BANKS];
    uint8_t rd_req[RFC_MAX_PORTS];
    uint32_t fix_bank[RFC_MAX_WPORTS + RFC_MAX_BANKS];
    for (unsigned k = 0; k < c->num_wports; k++) {
        fix_req[k] = in->wr_valid[k] && in->wr_bank[k] < c->banks && in->wr_row[k] < c->rows;
        fix_bank[k] = fix_req[k] ? in->wr_bank[k] : 0;
    }
    for (unsigned b = 0; b < c->banks; b++) {
        g->arrive[b] = fill_stage(s, b, fill_depth(c) - 1)->valid;
        fix_req[e + b] = in->ev_valid[b] && !s->ev_busy[b] && in->ev_row[b] < c->rows;
        fix_bank[e + b] = b;
        g->fg[b] = in->fill_valid[b] && !s->fill_busy[b] && in->fill_row[b] < c->rows;
    }
    for (unsigned p = 0; p < c->num_ports; p++)
        rd_req[p] = in->rd_valid[p] && in->rd_bank[p] < c->banks && in->rd_row[p] < c->rows;
    bank_arb_t a = {c->banks, c->num_ports, e + c->banks, g->arrive, NULL, fix_req, fix_bank,
                    rd_req, in->rd_bank, s->rr, fix_gnt, g->rg, g->read_port};
    bank_arb(&a);
    memcpy(g->wg, fix_gnt, c->num_wports);
    memcpy(g->eg, fix_gnt + e, c->banks);
}

void rfc_eval(rfc_state_t *s, const rfc_in_t *in, rfc_out_t *out)
{
    const rfc_cfg_t *c = &s->c;
    const rfc_grants_t *g = &s->g;
    arbitrate(s, in, &s->g);
    s->g_ok = 1;
    const uint32_t *data[RFC_MAX_BANKS];
    for (unsigned b = 0; b < c->banks; b++)
        data[b] = s->last_data[b];
    for (unsigned p = 0; p < c->num_ports; p++)
        out->rd_gnt[p] = g->rg[p];
    rsp_xbar(c->banks, c->num_ports, c->lanes, s->last_rd, s->last_port, data, out->rsp_valid,
             out->rsp_data, &s->rsp);
    for (unsigned k = 0; k < c->num_wports; k++)
        out->wr_gnt[k] = g->wg[k];
    /* a stage without a register is all zero: out, when it is the last struct written, keeps
     * the data of its banks that show none */
    const int same = s->ev_out == out;
    for (unsigned b = 0; b < c->banks; b++) {
        const rfc_flit_t *f = fill_stage(s, b, fill_depth(c) - 1), *e = ev_stage(s, b, ev_depth(c) - 1);
        out->fill_gnt[b] = g->fg[b];
        out->ev_gnt[b] = g->eg[b];
        out->fill_done_valid[b] = f->valid;
        out->fill_done_tag[b] = f->tag;
        if (!same || e->valid || out->ev_out_valid[b])
            memcpy(out->ev_out_data[b], e->data, c->lanes * sizeof(uint32_t));
        out->ev_out_valid[b] = e->valid;
        out->ev_out_tag[b] = e->tag;
    }
    s->ev_out = out;
}

void rfc_tick(rfc_state_t *s, const rfc_in_t *in)
{
    const rfc_cfg_t *c = &s->c;
    const size_t bytes = c->lanes * sizeof(uint32_t);
    const unsigned fd = fill_depth(c), ed = ev_depth(c);
    const rfc_grants_t *g = &s->g;
    if (!s->g_ok)
        arbitrate(s, in, &s->g);
    s->g_ok = 0;
    /* collector reads land in the bank's output register and answer next cycle (read before
     * this cycle's writes: one access per bank) */
    for (unsigned b = 0; b < c->banks; b++) {
        int p = g->read_port[b];
        s->last_rd[b] = p >= 0;
        if (p < 0)
            continue;
        s->last_port[b] = (uint8_t)p;
        memcpy(s->last_data[b], cell(s, b, in->rd_row[p]), bytes);
        s->rr[b] = bank_arb_next((unsigned)p, c->num_ports);
        s->reads++;
    }
    for (unsigned p = 0; p < c->num_ports; p++)
        s->bank_conflicts += in->rd_valid[p] && !g->rg[p];
    int active = 0;
    for (unsigned b = 0; b < c->banks; b++) {
        /* the eviction read enters the bank's return port (read before the fill's write) */
        if (s->ev_quiet[b] < ed || g->eg[b]) {
            s->ev_head[b] = (uint8_t)((s->ev_head[b] + ed - 1) % ed);
            rfc_flit_t *ev = ev_stage(s, b, 0);
            memset(ev, 0, sizeof *ev);
            s->ev_quiet[b]++;
            if (g->eg[b]) {
                ev->valid = 1;
                ev->tag = in->ev_tag[b];
                memcpy(ev->data, cell(s, b, in->ev_row[b]), bytes);
                s->evictions++;
                s->ev_quiet[b] = 0;
            }
        }
        /* the arriving fill is written (it owns the bank) */
        const rfc_flit_t *arr = fill_stage(s, b, fd - 1);
        if (g->arrive[b]) {
            memcpy(cell(s, b, arr->row), arr->data, bytes);
            s->fills++;
        }
        /* the fill port: shift, then the granted fill enters */
        if (s->fill_quiet[b] < fd) {
            s->fill_head[b] = (uint8_t)((s->fill_head[b] + fd - 1) % fd);
            memset(fill_stage(s, b, 0), 0, sizeof *s->fill_pipe);
            s->fill_quiet[b]++;
        }
        if (s->fill_busy[b])
            s->fill_busy[b]--;
        if (s->ev_busy[b])
            s->ev_busy[b]--;
        if (g->eg[b])
            s->ev_busy[b] = c->beats - 1;
        active |= g->read_port[b] >= 0 || g->eg[b] || g->fg[b];
        if (g->fg[b]) {
            rfc_flit_t *f = fill_stage(s, b, 0);
            f->valid = 1;
            f->row = in->fill_row[b];
            f->tag = in->fill_tag[b];
            memcpy(f->data, in->fill_data[b], bytes);
            s->fill_busy[b] = c->beats - 1;
            s->fill_quiet[b] = 0;
        }
    }
    s->quiet_edges = active ? 0 : s->quiet_edges + (s->quiet_edges < ed);
    for (unsigned k = 0; k < c->num_wports; k++)
        if (g->wg[k]) {
            gpurf_lanes_write(cell(s, in->wr_bank[k], in->wr_row[k]), in->wr_data[k],
                              in->wr_mask[k], c->lanes);
            s->writes++;
        }
}

int rfc_quiet(const rfc_state_t *s, const rfc_in_t *in)
{
    const rfc_cfg_t *c = &s->c;
    return s->quiet_edges >= ev_depth(c) && !gpurf_any(in->rd_valid, c->num_ports) &&
           !gpurf_any(in->wr_valid, c->num_wports) && !gpurf_any(in->fill_valid, c->banks) &&
           !gpurf_any(in->ev_valid, c->banks);
}
