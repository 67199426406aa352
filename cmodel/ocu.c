/* ocu: operand collector unit C model (contract in ocu.h). */
#include "ocu.h"
#include <string.h>

#define PT_BLOCK ocu
#define PT_CFG ocu_cfg_t
#define PT_DEF "ocu_ports.def"
#include "ports_table.inc"

void ocu_cfg_derive(ocu_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->reg_bits = gpurf_clog2(c->arch_regs);
}

void ocu_cfg_from_sm(const sm_cfg_t *sm, ocu_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->max_srcs = sm->max_srcs;
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    ocu_cfg_derive(c);
}

void ocu_phys_cfg_from_sm(const sm_cfg_t *sm, ocu_cfg_t *c)
{
    ocu_cfg_from_sm(sm, c);
    c->arch_regs = cfg_reg_ids_per_sc(sm);
    ocu_cfg_derive(c);
}

int ocu_init(ocu_state_t *s, const ocu_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    return c->max_srcs <= OCU_MAX_SRCS && c->lanes <= GPURF_MAX_LANES ? 0 : -1;
}

void ocu_free(ocu_state_t *s) { (void)s; }

static int all_ready(const ocu_state_t *s)
{
    for (unsigned i = 0; i < s->c.max_srcs; i++)
        if (s->sv[i] && !s->rdy[i])
            return 0;
    return 1;
}

void ocu_eval(ocu_state_t *s, const ocu_in_t *in, ocu_out_t *out)
{
    (void)in;
    out->busy = s->busy;
    const int copy = s->data_out != out || s->data_out_ver != s->data_ver;
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        out->rd_valid[i] = s->busy && s->sv[i] && !s->dup[i] && s->pend[i];
        out->rd_warp[i] = s->warp;
        out->rd_reg[i] = s->reg[i];
        if (copy)
            memcpy(out->disp_data[i], s->data[i], s->c.lanes * sizeof(uint32_t));
    }
    s->data_out = out;
    s->data_out_ver = s->data_ver;
    out->disp_valid = s->busy && all_ready(s);
    out->disp_warp = s->warp;
    out->disp_info = s->info;
}

void ocu_tick(ocu_state_t *s, const ocu_in_t *in)
{
    const unsigned n = s->c.max_srcs;
    const int dispatch = s->busy && all_ready(s) && in->disp_ready;
    if (dispatch)
        s->dispatches++;
    if (in->alloc_valid && (!s->busy || dispatch)) {
        s->busy = 1;
        s->warp = in->alloc_warp;
        s->info = in->alloc_info;
        for (unsigned i = 0; i < n; i++) {
            s->sv[i] = (uint8_t)in->alloc_src_valid[i];
            s->reg[i] = in->alloc_src[i];
            s->dup[i] = 0;
            s->dsrc[i] = 0;
            for (unsigned j = 0; j < i && s->sv[i]; j++)
                if (s->sv[j] && s->reg[j] == s->reg[i]) {
                    s->dup[i] = 1;
                    s->dsrc[i] = (uint8_t)j;
                    s->dup_reads_saved++;
                    break;
                }
            s->pend[i] = s->sv[i] && !s->dup[i];
            s->rdy[i] = 0;
            memset(s->data[i], 0, sizeof s->data[i]);
            s->data_ver++;
        }
        s->allocs++;
        return;
    }
    if (!s->busy)
        return;
    for (unsigned i = 0; i < n; i++) {
        if (in->rd_gnt[i])
            s->pend[i] = 0;
        if (!in->rsp_valid[i])
            continue;
        for (unsigned t = 0; t < n; t++)
            if (s->dup[t] ? s->dsrc[t] == i : t == i) {
                s->rdy[t] = 1;
                memcpy(s->data[t], in->rsp_data[i], s->c.lanes * sizeof(uint32_t));
                s->data_ver++;
            }
    }
    if (dispatch)
        s->busy = 0;
}

int ocu_quiet(const ocu_state_t *s, const ocu_in_t *in)
{
    if (in->alloc_valid)
        return 0;
    if (!s->busy)
        return 1;
    return !(in->disp_ready && all_ready(s)) && !gpurf_any(in->rd_gnt, s->c.max_srcs) &&
           !gpurf_any(in->rsp_valid, s->c.max_srcs);
}
