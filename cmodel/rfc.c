/* rfc: LTRF register-file cache C model (contract in rfc.h). */
#include "rfc.h"
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
    uint8_t busy[RFC_MAX_BANKS];  /* bank taken this cycle */
    uint8_t fill_write;           /* the arriving fill is written */
    uint8_t wg[RFC_MAX_WPORTS], rg[RFC_MAX_PORTS], fg[RFC_MAX_ROWS], eg;
} grants_t;

/* This cycle's decisions, from the state and the inputs only. */
static void arbitrate(const rfc_state_t *s, const rfc_in_t *in, grants_t *g)
{
    const rfc_cfg_t *c = &s->c;
    memset(g, 0, sizeof *g);
    for (unsigned b = 0; b < c->banks; b++)
        g->read_port[b] = -1;
    const rfc_flit_t *arr = &s->fill_pipe[fill_depth(c) - 1];
    if (arr->valid && arr->bank < c->banks) {
        g->busy[arr->bank] = 1;
        g->fill_write = 1;
    }
    for (unsigned k = 0; k < c->num_wports; k++)
        if (in->wr_valid[k] && in->wr_bank[k] < c->banks && in->wr_row[k] < c->rows &&
            !g->busy[in->wr_bank[k]]) {
            g->busy[in->wr_bank[k]] = 1;
            g->wg[k] = 1;
        }
    if (in->ev_valid && !s->ev_busy && in->ev_bank < c->banks && in->ev_row < c->rows &&
        !g->busy[in->ev_bank]) {
        g->busy[in->ev_bank] = 1;
        g->eg = 1;
    }
    for (unsigned b = 0; b < c->banks; b++)
        for (unsigned k = 0; k < c->num_ports && !g->busy[b]; k++) {
            unsigned p = (s->rr[b] + k) % c->num_ports;
            if (in->rd_valid[p] && in->rd_bank[p] == b && in->rd_row[p] < c->rows) {
                g->busy[b] = 1;
                g->read_port[b] = (int)p;
                g->rg[p] = 1;
            }
        }
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
    memset(out, 0, sizeof *out);
    for (unsigned p = 0; p < c->num_ports; p++) {
        out->rd_gnt[p] = g.rg[p];
        out->rsp_valid[p] = s->rsp_valid[p];
        memcpy(out->rsp_data[p], s->rsp_data[p], c->lanes * sizeof(uint32_t));
    }
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
    /* collector reads answer next cycle (read before this cycle's writes: one access per bank) */
    memset(s->rsp_valid, 0, sizeof s->rsp_valid);
    for (unsigned p = 0; p < c->num_ports; p++)
        memset(s->rsp_data[p], 0, bytes);
    for (unsigned b = 0; b < c->banks; b++) {
        int p = g.read_port[b];
        if (p < 0)
            continue;
        s->rsp_valid[p] = 1;
        memcpy(s->rsp_data[p], cell(s, b, in->rd_row[p]), bytes);
        s->rr[b] = ((unsigned)p + 1) % c->num_ports;
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
            memcpy(cell(s, in->wr_bank[k], in->wr_row[k]), in->wr_data[k], bytes);
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
