/* rf: banked main register file C model (contract in rf.h). */
#include "rf.h"
#include "bank_arb.h"
#include <stdlib.h>
#include <string.h>

#define PT_BLOCK rf
#define PT_CFG rf_cfg_t
#define PT_DEF "rf_ports.def"
#include "ports_table.inc"

void rf_cfg_derive(rf_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->reg_bits = gpurf_clog2(c->arch_regs);
    c->row_bits = gpurf_clog2(c->rows_per_bank);
}

void rf_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->num_banks = cfg_banks_per_sc(sm);
    c->num_ports = cfg_cus_per_sc(sm) * sm->max_srcs;
    c->num_wports = cfg_rf_wports(sm);
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->rows_per_bank = cfg_rows_per_bank(sm);
    c->bank_latency = sm->bank_latency;
    c->bank_ports = sm->bank_ports;
    c->bank_pipelined = sm->bank_pipelined;
    c->bank_map = sm->bank_map;
    rf_cfg_derive(c);
}

void rf_pool_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c)
{
    rf_cfg_from_sm(sm, c);
    c->num_ports = sm->collectors * sm->max_srcs;
    rf_cfg_derive(c);
}

void rf_fill_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c)
{
    rf_cfg_from_sm(sm, c);
    c->num_ports = sm->active_pool * sm->rfc_fill_ports;
    if (c->bank_latency < sm->rfc_fill_latency)
        c->bank_latency = sm->rfc_fill_latency;
    rf_cfg_derive(c);
}

void rf_phys_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c)
{
    rf_cfg_from_sm(sm, c);
    c->bank_map = BANKMAP_FLAT;
    c->arch_regs = cfg_reg_ids_per_sc(sm);
    rf_cfg_derive(c);
}

unsigned rf_bank_of(const rf_cfg_t *c, unsigned warp, unsigned reg)
{
    unsigned k = c->bank_map == BANKMAP_REG_PLUS_WARP ? reg + warp : reg;
    return k & (c->num_banks - 1);
}

/* the RTL's row adder is RowBits wide */
static unsigned row_of(const rf_state_t *s, unsigned warp, unsigned reg)
{
    unsigned base = s->c.bank_map == BANKMAP_FLAT ? 0 : s->base[warp];
    return (base + reg / s->c.num_banks) & ((1u << s->c.row_bits) - 1);
}

/* a row beyond RowsPerBank (only reachable with a launch base the SM never gives) lands in a
 * scratch row */
static uint32_t *cell(rf_state_t *s, unsigned bank, unsigned row)
{
    if (row >= s->c.rows_per_bank)
        return s->spare;
    return s->mem + ((size_t)bank * s->c.rows_per_bank + row) * s->c.lanes;
}

uint32_t *rf_peek(rf_state_t *s, unsigned warp, unsigned reg)
{
    return cell(s, rf_bank_of(&s->c, warp, reg), row_of(s, warp, reg));
}

static unsigned nbp(const rf_cfg_t *c) { return c->num_banks * c->bank_ports; }

int rf_init(rf_state_t *s, const rf_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (c->num_ports > RF_MAX_PORTS || c->num_ports > RSP_XBAR_MAX_PORTS || c->num_wports > RF_MAX_WPORTS ||
        c->lanes > GPURF_MAX_LANES || c->bank_ports > RF_MAX_BANK_PORTS || !c->bank_ports)
        return -1;
    s->mem = calloc((size_t)c->num_banks * c->rows_per_bank * c->lanes, sizeof *s->mem);
    s->base = calloc(c->num_warps, sizeof *s->base);
    s->rr = calloc(c->num_banks, sizeof *s->rr);
    s->busy = calloc(nbp(c), sizeof *s->busy);
    s->pipe = calloc((size_t)nbp(c) * c->bank_latency + 1, sizeof *s->pipe);
    s->quiet_edges = c->bank_latency;
    return s->mem && s->base && s->rr && s->busy && s->pipe ? 0 : -1;
}

void rf_free(rf_state_t *s)
{
    free(s->mem);
    free(s->base);
    free(s->rr);
    free(s->busy);
    free(s->pipe);
    memset(s, 0, sizeof *s);
}

/* This cycle's grants: one bank_arb round per bank port over the requests earlier rounds
 * left. */
static void arbitrate(const rf_state_t *s, const rf_in_t *in, rf_grants_t *g)
{
    const rf_cfg_t *c = &s->c;
    uint8_t wreq[RF_MAX_WPORTS], rreq[RF_MAX_PORTS], busy[RF_MAX_BANKS], fg[RF_MAX_WPORTS],
        rg[RF_MAX_PORTS];
    uint32_t wbank[RF_MAX_WPORTS], rbank[RF_MAX_PORTS];
    int port[RF_MAX_BANKS];
    unsigned left = 0; /* requests not yet granted */
    for (unsigned w = 0; w < c->num_wports; w++) {
        wreq[w] = (uint8_t)in->wr_valid[w];
        wbank[w] = wreq[w] ? rf_bank_of(c, in->wr_warp[w], in->wr_reg[w]) : 0;
        g->wg[w] = 0;
        left += wreq[w];
    }
    for (unsigned p = 0; p < c->num_ports; p++) {
        rreq[p] = (uint8_t)in->rd_valid[p];
        rbank[p] = rreq[p] ? rf_bank_of(c, in->rd_warp[p], in->rd_reg[p]) : 0;
        g->rg[p] = 0;
        left += rreq[p];
    }
    memcpy(g->rr, s->rr, c->num_banks * sizeof *g->rr);
    memset(g->acc, 0, nbp(c) * sizeof *g->acc);
    for (unsigned k = 0; k < c->bank_ports && left; k++) {
        for (unsigned b = 0; b < c->num_banks; b++)
            busy[b] = s->busy[b * c->bank_ports + k] != 0;
        bank_arb_t a = {c->num_banks, c->num_ports, c->num_wports, busy, NULL, wreq, wbank,
                        rreq, rbank, g->rr, fg, rg, port};
        bank_arb(&a);
        for (unsigned b = 0; b < c->num_banks; b++)
            g->acc[b * c->bank_ports + k] = port[b] + 1;
        for (unsigned w = 0; w < c->num_wports; w++)
            if (fg[w]) {
                g->wg[w] = 1;
                wreq[w] = 0;
                left--;
                g->acc[wbank[w] * c->bank_ports + k] = -1;
            }
        for (unsigned p = 0; p < c->num_ports; p++)
            if (rg[p]) {
                g->rg[p] = 1;
                rreq[p] = 0;
                left--;
                g->rr[rbank[p]] = bank_arb_next(p, c->num_ports);
            }
    }
}

void rf_eval(rf_state_t *s, const rf_in_t *in, rf_out_t *out)
{
    const rf_cfg_t *c = &s->c;
    const rf_grants_t *g = &s->g;
    uint8_t valid[RF_MAX_BANKS * RF_MAX_BANK_PORTS], port[RF_MAX_BANKS * RF_MAX_BANK_PORTS];
    const uint32_t *data[RF_MAX_BANKS * RF_MAX_BANK_PORTS];
    arbitrate(s, in, &s->g);
    s->g_ok = 1;
    for (unsigned w = 0; w < c->num_wports; w++)
        out->wr_gnt[w] = g->wg[w];
    for (unsigned p = 0; p < c->num_ports; p++)
        out->rd_gnt[p] = g->rg[p];
    for (unsigned i = 0; i < nbp(c); i++) {
        if (!c->bank_latency) { /* the bank read in the grant cycle */
            valid[i] = g->acc[i] > 0;
            port[i] = valid[i] ? (uint8_t)(g->acc[i] - 1) : 0;
            data[i] = valid[i] ? rf_peek(s, in->rd_warp[port[i]], in->rd_reg[port[i]]) : s->spare;
            continue;
        }
        const rf_stage_t *last = &s->pipe[(size_t)i * c->bank_latency + c->bank_latency - 1];
        valid[i] = last->valid;
        port[i] = last->port;
        data[i] = last->data;
    }
    rsp_xbar(nbp(c), c->num_ports, c->lanes, valid, port, data, out->rsp_valid, out->rsp_data,
             &s->rsp);
}

void rf_tick(rf_state_t *s, const rf_in_t *in)
{
    const rf_cfg_t *c = &s->c;
    const rf_grants_t *g = &s->g;
    if (!s->g_ok)
        arbitrate(s, in, &s->g);
    s->g_ok = 0;

    for (unsigned p = 0; p < c->num_ports; p++)
        if (in->rd_valid[p] && !g->rg[p])
            s->read_conflicts++;
    for (unsigned w = 0; w < c->num_wports; w++)
        if (in->wr_valid[w] && !g->wg[w])
            s->write_conflicts++;

    const int drained = s->quiet_edges >= c->bank_latency;
    int access = 0;
    for (unsigned i = 0; i < nbp(c); i++) {
        if (s->busy[i])
            s->busy[i]--;
        access |= g->acc[i] != 0;
        if (g->acc[i] && !c->bank_pipelined && c->bank_latency > 1)
            s->busy[i] = c->bank_latency - 1;
        if (g->acc[i] > 0)
            s->reads++;
        if (!c->bank_latency || (drained && !g->acc[i]))
            continue;
        rf_stage_t *pipe = &s->pipe[(size_t)i * c->bank_latency];
        memmove(pipe + 1, pipe, (c->bank_latency - 1) * sizeof *pipe);
        memset(pipe, 0, sizeof *pipe);
        if (g->acc[i] > 0) {
            unsigned p = (unsigned)g->acc[i] - 1;
            pipe[0].valid = 1;
            pipe[0].port = (uint8_t)p;
            memcpy(pipe[0].data, rf_peek(s, in->rd_warp[p], in->rd_reg[p]),
                   c->lanes * sizeof(uint32_t));
        }
    }
    s->quiet_edges = access ? 0 : s->quiet_edges + !drained;
    memcpy(s->rr, g->rr, c->num_banks * sizeof *s->rr);
    for (unsigned w = 0; w < c->num_wports; w++)
        if (g->wg[w]) {
            gpurf_lanes_write(rf_peek(s, in->wr_warp[w], in->wr_reg[w]), in->wr_data[w],
                              in->wr_mask[w], c->lanes);
            s->writes++;
        }
    if (in->launch_valid)
        s->base[in->launch_warp] = in->launch_base;
}

int rf_quiet(const rf_state_t *s, const rf_in_t *in)
{
    const rf_cfg_t *c = &s->c;
    return !in->launch_valid && s->quiet_edges >= c->bank_latency &&
           !gpurf_any(in->rd_valid, c->num_ports) && !gpurf_any(in->wr_valid, c->num_wports);
}
