/* rsp: register scratchpad C model (contract in rsp.h). */
#include "rsp.h"
#include <string.h>

#define PT_BLOCK rsp
#define PT_CFG rsp_cfg_t
#define PT_DEF "rsp_ports.def"
#include "ports_table.inc"

void rsp_cfg_derive(rsp_cfg_t *c)
{
    c->slot_bits = gpurf_clog2(c->pool);
    c->reg_bits = gpurf_clog2(c->regs);
}

void rsp_cfg_from_sm(const sm_cfg_t *sm, rsp_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->pool = sm->active_pool;
    c->regs = sm->rsp_regs;
    c->rports = sm->rc_rports;
    c->wports = sm->rc_wports;
    rsp_cfg_derive(c);
}

int rsp_init(rsp_state_t *s, const rsp_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (!c->pool || !c->regs || c->pool * c->regs > RSP_MAX_ENTRIES || !c->rports ||
        c->rports > RSP_MAX_RPORTS || !c->wports || c->wports > RSP_MAX_WPORTS ||
        c->lanes > GPURF_MAX_LANES)
        return -1;
    return 0;
}

void rsp_free(rsp_state_t *s) { (void)s; }

/* the entry of (slot, reg), or -1 */
static int entry(const rsp_cfg_t *c, uint32_t slot, uint32_t reg)
{
    return slot < c->pool && reg < c->regs ? (int)(slot * c->regs + reg) : -1;
}

void rsp_eval(rsp_state_t *s, const rsp_in_t *in, rsp_out_t *out)
{
    (void)in;
    for (unsigned r = 0; r < s->c.rports; r++) {
        out->rsp_valid[r] = s->rsp_valid[r];
        memcpy(out->rsp_data[r], s->rsp_data[r], s->c.lanes * sizeof(uint32_t));
    }
}

void rsp_tick(rsp_state_t *s, const rsp_in_t *in)
{
    const rsp_cfg_t *c = &s->c;
    for (unsigned r = 0; r < c->rports; r++) {
        int e = in->rd_valid[r] ? entry(c, in->rd_slot[r], in->rd_reg[r]) : -1;
        s->rsp_valid[r] = e >= 0;
        if (e >= 0)
            memcpy(s->rsp_data[r], s->data[e], c->lanes * sizeof(uint32_t));
        else
            memset(s->rsp_data[r], 0, c->lanes * sizeof(uint32_t));
        s->reads += e >= 0;
    }
    for (unsigned k = 0; k < c->wports; k++) {
        int e = in->wr_valid[k] ? entry(c, in->wr_slot[k], in->wr_reg[k]) : -1;
        if (e < 0)
            continue;
        gpurf_lanes_write(s->data[e], in->wr_data[k], in->wr_mask[k], c->lanes);
        s->writes++;
    }
}
