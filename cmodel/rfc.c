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
    return s->mem ? 0 : -1;
}

void rfc_free(rfc_state_t *s)
{
    free(s->mem);
    memset(s, 0, sizeof *s);
}

static uint32_t *cell(const rfc_state_t *s, unsigned bank, unsigned row)
{
    return s->mem + ((size_t)bank * s->c.rows + row) * s->c.lanes;
}

typedef struct {
    int read_port[RFC_MAX_BANKS]; /* collector port reading each bank, or -1 */
    uint8_t fill_write;           /* the arriving fill is written */
    uint8_t wg[RFC_MAX_WPORTS], rg[RFC_MAX_PORTS], fg[RFC_MAX_ROWS], eg;
} grants_t;

/* This cycle's decisions, from the state and the inputs only (bank_arb: the arriving fill,
 * result writes by port order, the eviction read, then collector reads round-robin). */
static void arbitrate(const rfc_state_t *s, const rfc_in_t *in, grants_t *g)
{
    const rfc_cfg_t *c = &s->c;
    uint8_t arrive[RFC_MAX_BANKS] = {0}, fix_req[RFC_MAX_WPORTS + 1], fix_gnt[RFC_MAX_WPORTS + 1];
    uint8_t rd_req[RFC_MAX_PORTS];
    uint32_t fix_bank[RFC_MAX_WPORTS + 1];
    g->fill_write = 0;
    const rfc_flit_t *arr = &s->fill_pipe[fill_depth(c) - 1];
    if (arr->valid && arr->bank < c->banks) {
        arrive[arr->bank] = 1;
        g->fill_write = 1;
    }
    for (unsigned k = 0; k < c->num_wports; k++) {
        fix_req[k] = in->wr_valid[k] && in->wr_bank[k] < c->banks && in->wr_row[k] < c->rows;
        fix_bank[k] = fix_req[k] ? in->wr_bank[k] : 0;
    }
    const unsigned e = c->num_wports;
    fix_req[e] = in->ev_valid && !s->ev_busy && in->ev_bank < c->banks && in->ev_row < c->rows;
    fix_bank[e] = fix_req[e] ? in->ev_bank : 0;
    for (unsigned p = 0; p < c->num_ports; p++)
        rd_req[p] = in->rd_valid[p] && in->rd_bank[p] < c->banks && in->rd_row[p] < c->rows;
    bank_arb_t a = {c->banks, c->num_ports, e + 1, arrive, NULL, fix_req, fix_bank,
                    rd_req, in->rd_bank, s->rr, fix_gnt, g->rg, g->read_port};
    bank_arb(&a);
    memcpy(g->wg, fix_gnt, c->num_wports);
    g->eg = fix_gnt[e];
    memset(g->fg, 0, c->rows);
    if (!s->fill_busy)
        for (unsigned k = 0; k < c->rows; k++) {
            unsigned r = (s->fill_rr + k) % c->rows;
            if (in->fill_valid[r] && in->fill_bank[r] < c->banks) {
                g->fg[r] = 1;
                break;
            }
        }
}

void rfc_eval(rfc_state_t *s, const rfc_in_t *in, rfc_out_t *out)
{
    const rfc_cfg_t *c = &s->c;
    grants_t g;
    arbitrate(s, in, &g);
    const uint32_t *data[RFC_MAX_BANKS];
    for (unsigned b = 0; b < c->banks; b++)
        data[b] = s->last_data[b];
    for (unsigned p = 0; p < c->num_ports; p++)
        out->rd_gnt[p] = g.rg[p];
    rsp_xbar(c->banks, c->num_ports, c->lanes, s->last_rd, s->last_port, data, out->rsp_valid,
             out->rsp_data, &s->rsp);
    for (unsigned k = 0; k < c->num_wports; k++)
        out->wr_gnt[k] = g.wg[k];
    for (unsigned r = 0; r < c->rows; r++)
        out->fill_gnt[r] = g.fg[r];
    out->ev_gnt = g.eg;
    const rfc_flit_t *f = &s->fill_pipe[fill_depth(c) - 1], *e = &s->ev_pipe[ev_depth(c) - 1];
    out->fill_done_valid = g.fill_write;
    out->fill_done_row = f->row;
    out->fill_done_bank = f->bank;
    out->fill_done_tag = f->tag;
    out->ev_out_valid = e->valid;
    out->ev_out_tag = e->tag;
    memcpy(out->ev_out_data[0], e->data, c->lanes * sizeof(uint32_t));
}

void rfc_tick(rfc_state_t *s, const rfc_in_t *in)
{
    const rfc_cfg_t *c = &s->c;
    const size_t bytes = c->lanes * sizeof(uint32_t);
    grants_t g;
    arbitrate(s, in, &g);
    /* collector reads land in the bank's output register and answer next cycle (read before
     * this cycle's writes: one access per bank) */
    for (unsigned b = 0; b < c->banks; b++) {
        int p = g.read_port[b];
        s->last_rd[b] = p >= 0;
        if (p < 0)
            continue;
        s->last_port[b] = (uint8_t)p;
        memcpy(s->last_data[b], cell(s, b, in->rd_row[p]), bytes);
        s->rr[b] = bank_arb_next((unsigned)p, c->num_ports);
        s->reads++;
    }
    for (unsigned p = 0; p < c->num_ports; p++)
        s->bank_conflicts += in->rd_valid[p] && !g.rg[p];
    /* the eviction read enters the return link */
    rfc_flit_t ev = {0};
    if (g.eg) {
        ev.valid = 1;
        ev.tag = in->ev_tag;
        memcpy(ev.data, cell(s, in->ev_bank, in->ev_row), bytes);
        s->evictions++;
    }
    /* writes: the arriving fill, then granted result writes */
    const rfc_flit_t *arr = &s->fill_pipe[fill_depth(c) - 1];
    if (g.fill_write) {
        memcpy(cell(s, arr->bank, arr->row), arr->data, bytes);
        s->fills++;
    }
    for (unsigned k = 0; k < c->num_wports; k++)
        if (g.wg[k]) {
            gpurf_lanes_write(cell(s, in->wr_bank[k], in->wr_row[k]), in->wr_data[k],
                              in->wr_mask[k], c->lanes);
            s->writes++;
        }
    /* crossbars: shift, then the granted fill / eviction enters */
    memmove(&s->fill_pipe[1], &s->fill_pipe[0], (fill_depth(c) - 1) * sizeof s->fill_pipe[0]);
    memset(&s->fill_pipe[0], 0, sizeof s->fill_pipe[0]);
    memmove(&s->ev_pipe[1], &s->ev_pipe[0], (ev_depth(c) - 1) * sizeof s->ev_pipe[0]);
    s->ev_pipe[0] = ev;
    if (s->fill_busy)
        s->fill_busy--;
    if (s->ev_busy)
        s->ev_busy--;
    if (g.eg)
        s->ev_busy = c->beats - 1;
    for (unsigned r = 0; r < c->rows; r++)
        if (g.fg[r]) {
            rfc_flit_t *f = &s->fill_pipe[0];
            f->valid = 1;
            f->row = r;
            f->bank = in->fill_bank[r];
            f->tag = in->fill_tag[r];
            memcpy(f->data, in->fill_data[r], bytes);
            s->fill_busy = c->beats - 1;
            s->fill_rr = (r + 1) % c->rows;
        }
}
