/* wcb: warp control block C model (contract in wcb.h). */
#include "wcb.h"
#include <string.h>

#define PT_BLOCK wcb
#define PT_CFG wcb_cfg_t
#define PT_DEF "wcb_ports.def"
#include "ports_table.inc"

unsigned long wcb_storage_bits(unsigned warps, unsigned regs, unsigned banks, unsigned active,
                               int dirty)
{
    return (unsigned long)warps *
           (regs * (gpurf_clog2(banks) + 1ul) + gpurf_clog2(active) + (2ul + (dirty != 0)) * regs);
}

void wcb_cfg_derive(wcb_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->reg_bits = gpurf_clog2(c->arch_regs);
    c->bank_bits = gpurf_clog2(c->cache_banks);
    c->off_bits = gpurf_clog2(c->active_warps);
}

void wcb_cfg_from_sm(const sm_cfg_t *sm, wcb_cfg_t *c)
{
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->cache_banks = sm->rfc_banks;
    c->active_warps = sm->active_pool;
    c->read_ports = WCB_READ_PORTS;
    c->map_ports = sm->active_pool * sm->rfc_alloc_ports;
    c->row_ports = sm->rfc_alloc_ports;
    c->fill_ports = sm->rfc_banks;
    c->wr_ports = sm->wb_ports;
    c->dead_ports = sm->max_srcs;
    c->dirty_bits = sm->rfc_writeback == WB_DIRTY || sm->rfc_writeback == WB_LIVE_DIRTY;
    wcb_cfg_derive(c);
}

int wcb_init(wcb_state_t *s, const wcb_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    memset(s->ro_stale, 1, sizeof s->ro_stale);
    return c->num_warps <= WCB_MAX_WARPS && c->arch_regs <= WCB_MAX_REGS &&
                   c->num_warps * c->read_ports <= WCB_MAX_RPORTS && c->map_ports <= WCB_MAX_MPORTS &&
                   c->row_ports >= 1 && c->row_ports <= c->map_ports &&
                   c->fill_ports <= WCB_MAX_FPORTS && c->wr_ports <= WCB_MAX_WPORTS &&
                   c->dead_ports <= WCB_MAX_DPORTS && c->dirty_bits <= 1
               ? 0
               : -1;
}

void wcb_free(wcb_state_t *s) { (void)s; }

static int ok(const wcb_state_t *s, uint32_t w, uint32_t r)
{
    return w < s->c.num_warps && r < s->c.arch_regs;
}

void wcb_eval(wcb_state_t *s, const wcb_in_t *in, wcb_out_t *out)
{
    if (s->ro_out != out || s->ro_out_ver != s->ro_ver)
        for (unsigned p = 0; p < s->c.num_warps * s->c.read_ports; p++) {
            out->rdo_valid[p] = s->ro_valid[p];
            out->rdo_bank[p] = s->ro_bank[p];
            out->rdo_hit[p] = s->ro_hit[p];
            out->rdo_off[p] = s->ro_off[p];
        }
    s->ro_out = out;
    s->ro_out_ver = s->ro_ver;
    uint32_t w = in->q_warp;
    if (w >= s->c.num_warps) {
        memset(out->q_valid, 0, s->c.arch_regs * sizeof out->q_valid[0]);
        memset(out->q_ws, 0, s->c.arch_regs * sizeof out->q_ws[0]);
        memset(out->q_live, 0, s->c.arch_regs * sizeof out->q_live[0]);
        memset(out->q_dirty, 0, s->c.arch_regs * sizeof out->q_dirty[0]);
        out->q_off = 0;
        s->q_out = NULL;
        return;
    }
    if (s->q_out != out || s->q_warp != w)
        memset(s->q_stale, 0xff, sizeof s->q_stale);
    for (unsigned i = 0; i < (s->c.arch_regs + 63) / 64; i++)
        for (uint64_t m = s->q_stale[i]; m; m &= m - 1) {
            unsigned r = 64 * i + (unsigned)__builtin_ctzll(m);
            if (r >= s->c.arch_regs)
                break;
            out->q_valid[r] = s->e[w][r].valid;
            out->q_ws[r] = s->e[w][r].ws;
            out->q_live[r] = s->e[w][r].live;
            out->q_dirty[r] = s->e[w][r].dirty;
        }
    memset(s->q_stale, 0, sizeof s->q_stale);
    out->q_off = s->off[w];
    s->q_out = out;
    s->q_warp = w;
}

/* some input changes entries or offsets at this edge */
static int commands(const wcb_state_t *s, const wcb_in_t *in)
{
    const wcb_cfg_t *c = &s->c;
    return in->ws_valid || in->act_valid || in->deact_valid || in->init_valid ||
           gpurf_any(in->fill_valid, c->fill_ports) || gpurf_any(in->map_valid, c->map_ports) ||
           gpurf_any(in->wr_valid, c->wr_ports) || gpurf_any(in->dead_valid, c->dead_ports);
}

/* entry r of warp w changes at this edge (r ~0u: all of them): the query's copy is stale */
static void touch(wcb_state_t *s, uint32_t w, uint32_t r)
{
    if (w != s->q_warp || !s->q_out)
        return;
    if (r == ~0u)
        memset(s->q_stale, 0xff, sizeof s->q_stale);
    else if (r < s->c.arch_regs)
        s->q_stale[r / 64] |= 1ull << (r % 64);
}

/* map port k takes effect: valid, in range, and in the highest group naming its warp */
static void map_taken(const wcb_state_t *s, const wcb_in_t *in, uint8_t *taken)
{
    const wcb_cfg_t *c = &s->c;
    unsigned group[WCB_MAX_WARPS];
    memset(group, 0xff, sizeof group);
    for (unsigned k = 0; k < c->map_ports; k++)
        if (in->map_valid[k] && in->map_warp[k] < c->num_warps)
            group[in->map_warp[k]] = k / c->row_ports;
    for (unsigned k = 0; k < c->map_ports; k++)
        taken[k] = in->map_valid[k] && ok(s, in->map_warp[k], in->map_reg[k]) &&
                   group[in->map_warp[k]] == k / c->row_ports;
}

void wcb_tick(wcb_state_t *s, const wcb_in_t *in)
{
    const wcb_cfg_t *c = &s->c;
    uint8_t taken[WCB_MAX_MPORTS];
    map_taken(s, in, taken);
    s->ro_fresh = !commands(s, in);
    int changed = 0;
    for (unsigned p = 0; p < c->num_warps * c->read_ports; p++) {
        uint32_t w = p / c->read_ports, r = in->rd_reg[p];
        changed |= s->ro_valid[p] != (uint8_t)in->rd_valid[p];
        s->ro_valid[p] = (uint8_t)in->rd_valid[p];
        if (r == s->ro_reg[p] && !s->ro_stale[w])
            continue;
        int v = ok(s, w, r);
        s->ro_reg[p] = r;
        s->ro_bank[p] = v ? s->e[w][r].bank : 0;
        s->ro_hit[p] = v ? s->e[w][r].valid : 0;
        s->ro_off[p] = s->off[w];
        changed = 1;
    }
    s->ro_ver += (uint32_t)changed;
    memset(s->ro_stale, 0, c->num_warps);
    for (unsigned k = 0; k < c->fill_ports; k++)
        if (in->fill_valid[k] && ok(s, in->fill_warp[k], in->fill_reg[k])) {
            s->ro_stale[in->fill_warp[k]] = 1;
            s->e[in->fill_warp[k]][in->fill_reg[k]].valid = 1;
            touch(s, in->fill_warp[k], in->fill_reg[k]);
        }
    for (unsigned k = 0; k < c->map_ports; k++)
        if (taken[k]) {
            s->ro_stale[in->map_warp[k]] = 1;
            s->e[in->map_warp[k]][in->map_reg[k]].bank = (uint8_t)in->map_bank[k];
            s->e[in->map_warp[k]][in->map_reg[k]].valid = 0;
            touch(s, in->map_warp[k], in->map_reg[k]);
        }
    if (in->deact_valid && in->deact_warp < c->num_warps) {
        s->ro_stale[in->deact_warp] = 1;
        for (unsigned r = 0; r < c->arch_regs; r++)
            s->e[in->deact_warp][r].valid = 0;
        touch(s, in->deact_warp, ~0u);
    }
    if (in->ws_valid && in->ws_warp < c->num_warps) {
        for (unsigned r = 0; r < c->arch_regs; r++)
            s->e[in->ws_warp][r].ws = (uint8_t)in->ws_vec[r];
        touch(s, in->ws_warp, ~0u);
    }
    if (in->act_valid && in->act_warp < c->num_warps) {
        s->ro_stale[in->act_warp] = 1;
        s->off[in->act_warp] = (uint8_t)in->act_off;
    }
    for (unsigned j = 0; j < c->dead_ports; j++)
        if (in->dead_valid[j] && ok(s, in->dead_warp, in->dead_reg[j])) {
            s->e[in->dead_warp][in->dead_reg[j]].live = 0;
            touch(s, in->dead_warp, in->dead_reg[j]);
        }
    for (unsigned k = 0; k < c->wr_ports; k++)
        if (in->wr_valid[k] && ok(s, in->wr_warp[k], in->wr_reg[k])) {
            s->e[in->wr_warp[k]][in->wr_reg[k]].live = 1;
            s->e[in->wr_warp[k]][in->wr_reg[k]].dirty = (uint8_t)c->dirty_bits;
            touch(s, in->wr_warp[k], in->wr_reg[k]);
        }
    /* a map or a deactivation wins over a write of the same cycle */
    for (unsigned k = 0; k < c->map_ports; k++)
        if (taken[k])
            s->e[in->map_warp[k]][in->map_reg[k]].dirty = 0;
    if (in->deact_valid && in->deact_warp < c->num_warps)
        for (unsigned r = 0; r < c->arch_regs; r++)
            s->e[in->deact_warp][r].dirty = 0;
    if (in->init_valid && in->init_warp < c->num_warps) {
        s->ro_stale[in->init_warp] = 1;
        for (unsigned r = 0; r < c->arch_regs; r++) {
            s->e[in->init_warp][r].valid = 0;
            s->e[in->init_warp][r].ws = 0;
            s->e[in->init_warp][r].live = 0;
            s->e[in->init_warp][r].dirty = 0;
        }
        s->off[in->init_warp] = 0;
        touch(s, in->init_warp, ~0u);
    }
}

int wcb_quiet(const wcb_state_t *s, const wcb_in_t *in)
{
    const unsigned np = s->c.num_warps * s->c.read_ports;
    if (!s->ro_fresh || !s->q_out || in->q_warp != s->q_warp || commands(s, in) ||
        gpurf_any(in->rd_valid, np))
        return 0;
    for (unsigned p = 0; p < np; p++)
        if (s->ro_valid[p] || s->ro_reg[p] != in->rd_reg[p])
            return 0;
    return 1;
}
