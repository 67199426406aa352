/* rnt: renaming table C model (contract in rnt.h). */
#include "rnt.h"
#include <stdlib.h>
#include <string.h>

#define PT_BLOCK rnt
#define PT_CFG rnt_cfg_t
#define PT_DEF "rnt_ports.def"
#include "ports_table.inc"

void rnt_cfg_derive(rnt_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->idx_bits = gpurf_clog2(c->arch_regs);
    c->phys_bits = gpurf_clog2(c->phys_regs);
    c->ent_bits = gpurf_clog2(c->entries);
}

void rnt_cfg_from_sm(const sm_cfg_t *sm, rnt_cfg_t *c)
{
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->phys_regs = sm->rf_warp_regs / sm->schedulers;
    c->banks = sm->rn_banks;
    c->lk_ports = sm->max_srcs;
    unsigned full = c->num_warps * c->arch_regs;
    c->entries = full;
    if (sm->rn_table_bits) {
        unsigned e = sm->rn_table_bits / sm->schedulers / gpurf_clog2(c->phys_regs);
        e -= e % c->banks;
        c->entries = e < full ? e : full;
    }
    rnt_cfg_derive(c);
}

int rnt_init(rnt_state_t *s, const rnt_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (c->lk_ports > RNT_MAX_PORTS || c->banks > RNT_MAX_BANKS || c->entries < c->banks ||
        c->entries % c->banks || c->phys_regs > 65536 || c->banks > c->arch_regs)
        return -1;
    s->valid = calloc(c->entries, 1);
    s->phys = calloc(c->entries, sizeof *s->phys);
    return s->valid && s->phys ? 0 : -1;
}

void rnt_free(rnt_state_t *s)
{
    free(s->valid);
    free(s->phys);
    s->valid = NULL;
    s->phys = NULL;
}

/* the entry address of (warp, idx), or ~0 when idx is not renamable or beyond Entries */
static uint32_t addr(const rnt_state_t *s, uint32_t warp, uint32_t idx)
{
    uint32_t a = warp * s->regs + idx;
    return idx < s->regs && a < s->c.entries ? a : ~0u;
}

/* the drain advances this cycle: a warp to drain, indices left, no write request */
static int drain_steps(const rnt_state_t *s, const rnt_in_t *in)
{
    int wr_any = 0;
    for (unsigned i = 0; i < s->c.banks; i++)
        wr_any |= (int)in->wr_valid[i];
    return in->drain_valid && !wr_any && s->dcur < s->regs;
}

void rnt_eval(rnt_state_t *s, const rnt_in_t *in, rnt_out_t *out)
{
    const rnt_cfg_t *c = &s->c;
    uint32_t rd[RNT_MAX_BANKS];
    for (unsigned b = 0; b < c->banks; b++)
        rd[b] = ~0u;
    for (unsigned i = 0; i < c->lk_ports; i++) {
        uint32_t a = in->lk_valid[i] ? addr(s, in->lk_warp[i], in->lk_idx[i]) : ~0u;
        unsigned b = a % c->banks;
        int g = a != ~0u && (rd[b] == ~0u || rd[b] == a);
        if (g)
            rd[b] = a;
        out->lk_gnt[i] = (uint32_t)g;
        out->lk_rsp_valid[i] = s->rsp_valid[i];
        out->lk_rsp_mapped[i] = s->rsp_mapped[i];
        out->lk_rsp_phys[i] = s->rsp_phys[i];
    }
    uint32_t busy = 0;
    for (unsigned i = 0; i < c->banks; i++) {
        uint32_t a = in->wr_valid[i] ? addr(s, in->wr_warp[i], in->wr_idx[i]) : ~0u;
        unsigned b = a % c->banks;
        int g = a != ~0u && !(busy >> b & 1);
        busy |= (uint32_t)g << b;
        out->wr_gnt[i] = (uint32_t)g;
        out->wr_old_valid[i] = g ? s->valid[a] : 0;
        out->wr_old_phys[i] = g && s->valid[a] ? s->phys[a] : 0;
    }
    const int step = drain_steps(s, in);
    for (unsigned j = 0; j < c->banks; j++) {
        uint32_t a = step ? addr(s, in->drain_warp, s->dcur + j) : ~0u;
        out->drain_free_valid[j] = a != ~0u && s->valid[a];
        out->drain_free_phys[j] = a != ~0u && s->valid[a] ? s->phys[a] : 0;
    }
    out->drain_done = in->drain_valid && s->dcur >= s->regs;
    out->mapped = s->mapped;
}

void rnt_tick(rnt_state_t *s, const rnt_in_t *in)
{
    const rnt_cfg_t *c = &s->c;
    rnt_out_t o;
    rnt_eval(s, in, &o);
    for (unsigned i = 0; i < c->lk_ports; i++) {
        uint32_t a = o.lk_gnt[i] ? addr(s, in->lk_warp[i], in->lk_idx[i]) : ~0u;
        s->rsp_valid[i] = o.lk_gnt[i];
        s->rsp_mapped[i] = a != ~0u && s->valid[a];
        s->rsp_phys[i] = a != ~0u && s->valid[a] ? s->phys[a] : 0;
        s->lookups += o.lk_gnt[i];
        s->conflicts += in->lk_valid[i] && !o.lk_gnt[i];
    }
    for (unsigned i = 0; i < c->banks; i++) {
        if (!o.wr_gnt[i])
            continue;
        uint32_t a = addr(s, in->wr_warp[i], in->wr_idx[i]);
        s->mapped -= s->valid[a];
        if (in->wr_unmap[i]) {
            s->valid[a] = 0;
            s->unmaps++;
        } else {
            s->valid[a] = 1;
            s->phys[a] = (uint16_t)in->wr_phys[i];
            s->maps++;
        }
        s->mapped += s->valid[a];
    }
    if (drain_steps(s, in)) {
        for (unsigned j = 0; j < c->banks; j++) {
            if (!o.drain_free_valid[j])
                continue;
            uint32_t a = addr(s, in->drain_warp, s->dcur + j);
            s->valid[a] = 0;
            s->mapped--;
            s->drained++;
        }
        s->dcur += c->banks;
    }
    if (!in->drain_valid)
        s->dcur = 0;
    s->regs = in->regs;
}
