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
    c->num_wports = sm->wb_ports;
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->rows_per_bank = cfg_rows_per_bank(sm);
    c->bank_latency = sm->bank_latency;
    c->bank_map = sm->bank_map;
    rf_cfg_derive(c);
}

unsigned rf_bank_of(const rf_cfg_t *c, unsigned warp, unsigned reg)
{
    unsigned k = c->bank_map == BANKMAP_REG ? reg : reg + warp;
    return k & (c->num_banks - 1);
}

/* the RTL's row adder is RowBits wide */
static unsigned row_of(const rf_state_t *s, unsigned warp, unsigned reg)
{
    return (s->base[warp] + reg / s->c.num_banks) & ((1u << s->c.row_bits) - 1);
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

int rf_init(rf_state_t *s, const rf_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (c->num_ports > RF_MAX_PORTS || c->num_wports > RF_MAX_WPORTS || c->lanes > GPURF_MAX_LANES)
        return -1;
    s->mem = calloc((size_t)c->num_banks * c->rows_per_bank * c->lanes, sizeof *s->mem);
    s->base = calloc(c->num_warps, sizeof *s->base);
    s->rr = calloc(c->num_banks, sizeof *s->rr);
    s->pipe = calloc((size_t)c->num_banks * c->bank_latency, sizeof *s->pipe);
    return s->mem && s->base && s->rr && s->pipe ? 0 : -1;
}

void rf_free(rf_state_t *s)
{
    free(s->mem);
    free(s->base);
    free(s->rr);
    free(s->pipe);
    memset(s, 0, sizeof *s);
}

/* grants of this cycle (bank_arb: writes by port order, then round-robin reads per bank):
 * wg[w] write port granted, rg[p] read port granted, bank_read[b] granted read port or -1 */
static void arbitrate(const rf_state_t *s, const rf_in_t *in, uint8_t *wg, uint8_t *rg,
                      int *bank_read)
{
    const rf_cfg_t *c = &s->c;
    uint8_t wreq[RF_MAX_WPORTS], rreq[RF_MAX_PORTS];
    uint32_t wbank[RF_MAX_WPORTS], rbank[RF_MAX_PORTS];
    for (unsigned w = 0; w < c->num_wports; w++) {
        wreq[w] = (uint8_t)in->wr_valid[w];
        wbank[w] = wreq[w] ? rf_bank_of(c, in->wr_warp[w], in->wr_reg[w]) : 0;
    }
    for (unsigned p = 0; p < c->num_ports; p++) {
        rreq[p] = (uint8_t)in->rd_valid[p];
        rbank[p] = rreq[p] ? rf_bank_of(c, in->rd_warp[p], in->rd_reg[p]) : 0;
    }
    bank_arb_t a = {c->num_banks, c->num_ports, c->num_wports, NULL, NULL, wreq, wbank,
                    rreq, rbank, s->rr, wg, rg, bank_read};
    bank_arb(&a);
}

void rf_eval(rf_state_t *s, const rf_in_t *in, rf_out_t *out)
{
    const rf_cfg_t *c = &s->c;
    uint8_t wg[RF_MAX_WPORTS], rg[RF_MAX_PORTS], valid[RF_MAX_BANKS], port[RF_MAX_BANKS];
    int bank_read[RF_MAX_BANKS];
    const uint32_t *data[RF_MAX_BANKS];
    arbitrate(s, in, wg, rg, bank_read);
    for (unsigned w = 0; w < c->num_wports; w++)
        out->wr_gnt[w] = wg[w];
    for (unsigned p = 0; p < c->num_ports; p++)
        out->rd_gnt[p] = rg[p];
    for (unsigned b = 0; b < c->num_banks; b++) {
        const rf_stage_t *last = &s->pipe[(size_t)b * c->bank_latency + c->bank_latency - 1];
        valid[b] = last->valid;
        port[b] = last->port;
        data[b] = last->data;
    }
    rsp_xbar(c->num_banks, c->num_ports, c->lanes, valid, port, data, out->rsp_valid,
             out->rsp_data, &s->rsp);
}

void rf_tick(rf_state_t *s, const rf_in_t *in)
{
    const rf_cfg_t *c = &s->c;
    uint8_t wg[RF_MAX_WPORTS], rg[RF_MAX_PORTS];
    int bank_read[RF_MAX_BANKS];
    arbitrate(s, in, wg, rg, bank_read);

    for (unsigned p = 0; p < c->num_ports; p++)
        if (in->rd_valid[p] && !rg[p])
            s->read_conflicts++;
    for (unsigned w = 0; w < c->num_wports; w++)
        if (in->wr_valid[w] && !wg[w])
            s->write_conflicts++;

    for (unsigned b = 0; b < c->num_banks; b++) {
        rf_stage_t *pipe = &s->pipe[(size_t)b * c->bank_latency];
        memmove(pipe + 1, pipe, (c->bank_latency - 1) * sizeof *pipe);
        pipe[0].valid = bank_read[b] >= 0;
        if (bank_read[b] >= 0) {
            unsigned p = (unsigned)bank_read[b];
            pipe[0].port = (uint8_t)p;
            memcpy(pipe[0].data, rf_peek(s, in->rd_warp[p], in->rd_reg[p]),
                   c->lanes * sizeof(uint32_t));
            s->rr[b] = bank_arb_next(p, c->num_ports);
            s->reads++;
        }
    }
    for (unsigned w = 0; w < c->num_wports; w++)
        if (wg[w]) {
            memcpy(rf_peek(s, in->wr_warp[w], in->wr_reg[w]), in->wr_data[w],
                   c->lanes * sizeof(uint32_t));
            s->writes++;
        }
    if (in->launch_valid)
        s->base[in->launch_warp] = in->launch_base;
}
