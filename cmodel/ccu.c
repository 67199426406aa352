/* ccu: caching collector unit C model (contract in ccu.h). */
#include "ccu.h"
#include "lru.h"
#include <string.h>

#define PT_BLOCK ccu
#define PT_CFG ccu_cfg_t
#define PT_DEF "ccu_ports.def"
#include "ports_table.inc"

void ccu_cfg_derive(ccu_cfg_t *c)
{
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->reg_bits = gpurf_clog2(c->arch_regs);
    c->idx_bits = gpurf_clog2(c->slots);
}

void ccu_cfg_from_sm(const sm_cfg_t *sm, ccu_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->max_srcs = sm->max_srcs;
    c->num_warps = sm->ccu_pool == CCU_POOL_SM ? sm->warp_slots : cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->slots = sm->ccu_slots;
    c->wb_ports = sm->wb_ports;
    c->dports = sm->ccu_dports;
    c->lfsr_seed = sm->ccu_lfsr_seed;
    c->near_bits = sm->reuse_bits;
    ccu_cfg_derive(c);
}

int ccu_init(ccu_state_t *s, const ccu_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    gpurf_lru_reset(s->lru, c->slots < CCU_MAX_SLOTS ? c->slots : CCU_MAX_SLOTS);
    s->lfsr = (uint16_t)c->lfsr_seed;
    return c->max_srcs <= CCU_MAX_SRCS && c->slots <= CCU_MAX_SLOTS && c->slots >= c->max_srcs &&
                   c->near_bits >= 1 && c->near_bits <= 8 &&
                   c->wb_ports <= CCU_MAX_WB && c->dports >= 1 && c->lanes <= GPURF_MAX_LANES &&
                   (c->lfsr_seed & 0xffff)
               ? 0
               : -1;
}

void ccu_free(ccu_state_t *s) { (void)s; }

static int all_ready(const ccu_state_t *s)
{
    for (unsigned i = 0; i < s->c.max_srcs; i++)
        if (s->sv[i] && !s->rdy[i])
            return 0;
    return 1;
}

unsigned ccu_victim(const ccu_state_t *s)
{
    const unsigned n = s->c.slots;
    for (unsigned e = 0; e < n; e++)
        if (!s->valid[e] && !s->lock[e])
            return e;
    if (s->c.near_bits == 1)
        for (unsigned k = 0, start = s->lfsr % n; k < n; k++) {
            unsigned e = (start + k) % n;
            if (!s->lock[e] && !s->near[e])
                return e;
        }
    /* binary: the LRU unlocked entry; precise: the farthest (smallest closeness), then LRU */
    unsigned best = n;
    for (unsigned e = 0; e < n; e++)
        if (!s->lock[e] &&
            (best == n || s->near[e] < s->near[best] ||
             (s->near[e] == s->near[best] && s->lru[e] > s->lru[best])))
            best = e;
    return best;
}

static void touch(ccu_state_t *s, unsigned e) { gpurf_lru_touch(s->lru, s->c.slots, e); }

/* the valid entry holding register r, or -1 */
static int lookup(const ccu_state_t *s, uint32_t r)
{
    for (unsigned e = 0; e < s->c.slots; e++)
        if (s->valid[e] && s->tag[e] == r)
            return (int)e;
    return -1;
}

void ccu_eval(ccu_state_t *s, const ccu_in_t *in, ccu_out_t *out)
{
    (void)in;
    const unsigned lanes = s->c.lanes;
    out->busy = s->busy;
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        out->rd_valid[i] = s->busy && s->sv[i] && s->pend[i];
        out->rd_warp[i] = s->warp;
        out->rd_reg[i] = s->tag[s->idx[i]];
        if (s->sv[i] && s->rdy[i])
            memcpy(out->disp_data[i], s->data[s->idx[i]], lanes * sizeof(uint32_t));
        else
            memset(out->disp_data[i], 0, lanes * sizeof(uint32_t));
    }
    out->disp_valid = s->busy && all_ready(s);
    out->disp_warp = s->warp;
    out->disp_info = s->info;
    out->r_valid = s->owned;
    out->r_warp = s->warp;
    out->r_near = 0;
    for (unsigned e = 0; e < s->c.slots; e++) {
        out->r_near |= s->valid[e] && s->near[e];
        out->ct_valid[e] = s->valid[e];
        out->ct_tag[e] = s->tag[e];
        out->ct_lock[e] = s->lock[e];
        out->ct_near[e] = s->near[e];
        out->ct_lru[e] = s->lru[e];
    }
    out->lfsr = s->lfsr;
}

static void writes(ccu_state_t *s, const ccu_in_t *in)
{
    unsigned kept = 0;
    for (unsigned p = 0; p < s->c.wb_ports; p++) {
        if (!in->wr_valid[p] || !s->owned || in->wr_warp[p] != s->warp)
            continue;
        int e = lookup(s, in->wr_reg[p]);
        const unsigned v = e < 0 ? ccu_victim(s) : 0;
        if (in->wr_near[p] && kept < s->c.dports && (e >= 0 || v < s->c.slots)) {
            kept++;
            if (e < 0) {
                e = (int)v;
                s->valid[e] = 1;
                s->tag[e] = in->wr_reg[p];
                s->lock[e] = 0;
            }
            s->near[e] = (uint8_t)in->wr_near[p];
            memcpy(s->data[e], in->wr_data[p], s->c.lanes * sizeof(uint32_t));
            touch(s, (unsigned)e);
            s->wr_kept++;
            continue;
        }
        if (in->wr_near[p] && kept < s->c.dports)
            s->wr_dropped_locked++;
        else if (in->wr_near[p])
            s->wr_dropped_port++;
        else
            s->wr_dropped_far++;
        if (e >= 0) {
            s->valid[e] = 0;
            s->near[e] = 0;
            s->wr_invalidated++;
        }
    }
}

static void allocate(ccu_state_t *s, const ccu_in_t *in)
{
    if (!s->owned || in->alloc_warp != s->warp) {
        memset(s->valid, 0, sizeof s->valid);
        memset(s->near, 0, sizeof s->near);
        s->flushes += s->owned;
        s->owned = 1;
        s->warp = in->alloc_warp;
    }
    s->busy = 1;
    s->info = in->alloc_info;
    uint8_t fresh[CCU_MAX_SLOTS] = {0}; /* entries this allocation took */
    uint8_t seen[CCU_MAX_SLOTS] = {0};  /* entries an earlier slot named */
    /* every source is looked up before any replacement (Sec. 3.2, steps 3-4): the entries
     * they hit are locked first, so a miss never takes an entry a later slot hits */
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        const int e = in->alloc_src_valid[i] ? lookup(s, in->alloc_src[i]) : -1;
        if (e >= 0)
            s->lock[e] = 1;
    }
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        s->sv[i] = (uint8_t)in->alloc_src_valid[i];
        s->pend[i] = s->rdy[i] = 0;
        s->idx[i] = 0;
        if (!s->sv[i])
            continue;
        int e = lookup(s, in->alloc_src[i]);
        if (e >= 0 && seen[e]) { /* a register an earlier slot named */
            if (in->alloc_near[i] > s->near[e])
                s->near[e] = (uint8_t)in->alloc_near[i];
            s->rdy[i] = !fresh[e];
            s->dup_reads_saved += fresh[e];
        } else {
            if (e >= 0) {
                s->rdy[i] = 1;
                s->hits++;
            } else {
                e = (int)ccu_victim(s);
                s->valid[e] = 1;
                s->tag[e] = in->alloc_src[i];
                fresh[e] = 1;
                s->pend[i] = 1;
                s->misses++;
            }
            s->lock[e] = 1;
            s->near[e] = (uint8_t)in->alloc_near[i];
            seen[e] = 1;
        }
        touch(s, (unsigned)e);
        s->idx[i] = (uint8_t)e;
    }
    s->allocs++;
}

void ccu_tick(ccu_state_t *s, const ccu_in_t *in)
{
    const unsigned n = s->c.max_srcs;
    const int dispatch = s->busy && all_ready(s) && in->disp_ready;
    if (s->busy)
        for (unsigned i = 0; i < n; i++) {
            if (in->rd_gnt[i])
                s->pend[i] = 0;
            if (!in->rsp_valid[i] || !s->sv[i])
                continue;
            memcpy(s->data[s->idx[i]], in->rsp_data[i], s->c.lanes * sizeof(uint32_t));
            for (unsigned t = 0; t < n; t++)
                if (s->sv[t] && s->idx[t] == s->idx[i])
                    s->rdy[t] = 1;
        }
    writes(s, in);
    if (in->rel_valid && s->owned && in->rel_warp == s->warp) {
        s->owned = 0;
        memset(s->valid, 0, sizeof s->valid);
        memset(s->near, 0, sizeof s->near);
        s->releases++;
    }
    if (dispatch) {
        s->dispatches++;
        memset(s->lock, 0, sizeof s->lock);
        s->busy = 0;
    }
    if (in->alloc_valid && !s->busy)
        allocate(s, in);
    s->lfsr = (uint16_t)(s->lfsr >> 1 | ((s->lfsr ^ s->lfsr >> 2 ^ s->lfsr >> 3 ^ s->lfsr >> 5) & 1u) << 15);
}
