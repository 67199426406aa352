/* rc: register cache C model (contract in rc.h). */
#include "rc.h"
#include "lru.h"
#include <string.h>

#define PT_BLOCK rc
#define PT_CFG rc_cfg_t
#define PT_DEF "rc_ports.def"
#include "ports_table.inc"

void rc_cfg_derive(rc_cfg_t *c)
{
    c->sets = c->ways ? c->lines / c->ways : 0;
    c->psets = c->partition == RC_PER_WARP && c->pool ? c->sets / c->pool : c->sets;
    c->warp_bits = gpurf_clog2(c->num_warps);
    c->reg_bits = gpurf_clog2(c->arch_regs);
    c->slot_bits = gpurf_clog2(c->pool);
    c->way_bits = gpurf_clog2(c->ways);
}

void rc_cfg_from_sm(const sm_cfg_t *sm, rc_cfg_t *c)
{
    c->lanes = sm->lanes;
    c->lines = sm->rc_lines;
    c->ways = sm->rc_ways;
    c->num_warps = cfg_warps_per_sc(sm);
    c->arch_regs = sm->arch_regs;
    c->pool = sm->active_pool;
    c->rports = sm->rc_rports;
    c->wports = sm->rc_wports;
    c->index = sm->rc_index;
    c->partition = sm->rc_partition;
    rc_cfg_derive(c);
}

void rc_pw_cfg_from_sm(const sm_cfg_t *sm, rc_cfg_t *c)
{
    rc_cfg_from_sm(sm, c);
    c->partition = RC_PER_WARP;
    c->index = RC_INDEX_REG;
    rc_cfg_derive(c);
}

int rc_init(rc_state_t *s, const rc_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (!c->ways || !c->lines || c->lines % c->ways || c->lines > RC_MAX_LINES || !c->rports ||
        c->rports > RC_MAX_RPORTS || !c->wports || c->wports > RC_MAX_WPORTS ||
        c->lanes > GPURF_MAX_LANES || !c->pool || !c->psets ||
        (c->partition == RC_PER_WARP && c->sets % c->pool))
        return -1;
    for (unsigned set = 0; set < c->sets; set++)
        gpurf_lru_reset(s->lru + set * c->ways, c->ways);
    return 0;
}

void rc_free(rc_state_t *s) { (void)s; }

int rc_set_of(const rc_cfg_t *c, uint32_t warp, uint32_t reg, uint32_t slot)
{
    uint32_t idx = (c->index == RC_INDEX_REG ? reg : reg + warp) % c->psets;
    if (c->partition != RC_PER_WARP)
        return (int)idx;
    return slot < c->pool ? (int)(slot * c->psets + idx) : -1;
}

/* The cycle's decisions on the tag state (steps 1-4 of rc.h), data aside. */
typedef struct {
    uint8_t valid[RC_MAX_LINES], dirty[RC_MAX_LINES], lru[RC_MAX_LINES];
    uint32_t warp[RC_MAX_LINES], reg[RC_MAX_LINES];
    int rd_line[RC_MAX_RPORTS];                  /* the line a read hit, or -1 */
    int wr_line[RC_MAX_WPORTS];                  /* the line a write took, or -1 */
    int ev_line[RC_MAX_WPORTS];                  /* the line leaving on eviction port k, or -1 */
    uint8_t ev_flush[RC_MAX_WPORTS];             /* ... taken by the flush (after every write) */
    uint32_t ev_warp[RC_MAX_WPORTS], ev_reg[RC_MAX_WPORTS];
    unsigned invalidated, flushed;
} plan_t;

static int lookup(const rc_cfg_t *c, const plan_t *p, int set, uint32_t warp, uint32_t reg)
{
    if (set < 0)
        return -1;
    for (unsigned w = 0; w < c->ways; w++) {
        unsigned l = (unsigned)set * c->ways + w;
        if (p->valid[l] && p->warp[l] == warp && p->reg[l] == reg)
            return (int)l;
    }
    return -1;
}

static void touch(const rc_cfg_t *c, plan_t *p, unsigned l)
{
    unsigned base = l / c->ways * c->ways;
    gpurf_lru_touch(p->lru + base, c->ways, l - base);
}

/* a write's set, or -1 when the write is not done whatever the tags: its slot is outside the
 * pool, or is the slot being flushed (step 2) */
static int wr_set(const rc_cfg_t *c, const rc_in_t *in, unsigned k)
{
    if (in->fl_valid && c->partition == RC_PER_WARP && in->wr_slot[k] == in->fl_slot)
        return -1;
    return rc_set_of(c, in->wr_warp[k], in->wr_reg[k], in->wr_slot[k]);
}

static void plan(const rc_state_t *s, const rc_in_t *in, plan_t *p)
{
    const rc_cfg_t *c = &s->c;
    const uint32_t full = gpurf_mask(c->lanes);
    memcpy(p->valid, s->valid, sizeof p->valid);
    memcpy(p->dirty, s->dirty, sizeof p->dirty);
    memcpy(p->lru, s->lru, sizeof p->lru);
    memcpy(p->warp, s->warp, sizeof p->warp);
    memcpy(p->reg, s->reg, sizeof p->reg);
    p->invalidated = p->flushed = 0;
    for (unsigned r = 0; r < c->rports; r++) {
        p->rd_line[r] = -1;
        if (!in->rd_valid[r])
            continue;
        int l = lookup(c, p, rc_set_of(c, in->rd_warp[r], in->rd_reg[r], in->rd_slot[r]),
                       in->rd_warp[r], in->rd_reg[r]);
        p->rd_line[r] = l;
        if (l >= 0)
            touch(c, p, (unsigned)l);
    }
    uint8_t used[RC_MAX_LINES] = {0}, dropped[RC_MAX_LINES] = {0};
    for (unsigned r = 0; r < c->rports; r++)
        if (p->rd_line[r] >= 0 && in->rd_last[r])
            dropped[p->rd_line[r]] = 1;
    /* the lines the writes hit at the start of the cycle: no write of the cycle takes them */
    for (unsigned k = 0; k < c->wports; k++) {
        int l = in->wr_valid[k] ? lookup(c, p, wr_set(c, in, k), in->wr_warp[k], in->wr_reg[k]) : -1;
        if (l >= 0)
            used[l] = 1;
    }
    for (unsigned k = 0; k < c->wports; k++) {
        p->wr_line[k] = p->ev_line[k] = -1;
        p->ev_flush[k] = 0;
        if (!in->wr_valid[k])
            continue;
        int set = wr_set(c, in, k);
        int l = lookup(c, p, set, in->wr_warp[k], in->wr_reg[k]);
        if (l < 0 && set >= 0 && (in->wr_mask[k] & full) == full) {
            /* the victim, from the start of the cycle: the first line invalid then, else the
             * largest rank then; never a line a write of this cycle hits or an earlier one took */
            int v = -1;
            for (unsigned w = 0, base = (unsigned)set * c->ways; w < c->ways; w++) {
                unsigned t = base + w;
                if (used[t])
                    continue;
                if (!s->valid[t]) {
                    v = (int)t;
                    break;
                }
                if (v < 0 || s->lru[t] > s->lru[v])
                    v = (int)t;
            }
            if (v < 0)
                continue;
            if (s->valid[v] && s->dirty[v] && !dropped[v]) {
                p->ev_line[k] = v;
                p->ev_warp[k] = p->warp[v];
                p->ev_reg[k] = p->reg[v];
            }
            p->valid[v] = 1;
            p->warp[v] = in->wr_warp[k];
            p->reg[v] = in->wr_reg[k];
            l = v;
        }
        if (l < 0)
            continue;
        p->wr_line[k] = l;
        used[l] = 1;
        p->dirty[l] = 1;
        touch(c, p, (unsigned)l);
    }
    /* last-use hits drop their lines, unless a write of this cycle took the line */
    for (unsigned l = 0; l < c->lines; l++)
        if (dropped[l] && !used[l]) {
            p->valid[l] = 0;
            p->invalidated++;
        }
    if (in->inv_valid)
        for (unsigned l = 0; l < c->lines; l++)
            if (p->valid[l] && p->warp[l] == in->inv_warp) {
                p->valid[l] = 0;
                p->invalidated++;
            }
    if (in->fl_valid && in->fl_slot < c->pool && c->partition == RC_PER_WARP) {
        unsigned k = 0;
        for (unsigned l = in->fl_slot * c->psets * c->ways;
             l < (in->fl_slot + 1) * c->psets * c->ways; l++) {
            if (!p->valid[l])
                continue;
            if (p->dirty[l]) {
                while (k < c->wports && p->ev_line[k] >= 0)
                    k++;
                if (k == c->wports)
                    continue;
                p->ev_line[k] = (int)l;
                p->ev_flush[k] = 1;
                p->ev_warp[k] = p->warp[l];
                p->ev_reg[k] = p->reg[l];
            }
            p->valid[l] = 0;
            p->flushed++;
        }
    }
}

void rc_eval(rc_state_t *s, const rc_in_t *in, rc_out_t *out)
{
    const rc_cfg_t *c = &s->c;
    const size_t bytes = c->lanes * sizeof(uint32_t);
    plan_t p;
    plan(s, in, &p);
    for (unsigned r = 0; r < c->rports; r++) {
        out->rsp_valid[r] = s->rsp_valid[r];
        out->rsp_hit[r] = s->rsp_hit[r];
        memcpy(out->rsp_data[r], s->rsp_data[r], bytes);
    }
    for (unsigned k = 0; k < c->wports; k++) {
        out->wr_done[k] = p.wr_line[k] >= 0;
        out->ev_valid[k] = s->ev[k].valid;
        out->ev_warp[k] = s->ev[k].warp;
        out->ev_reg[k] = s->ev[k].reg;
        memcpy(out->ev_data[k], s->ev[k].data, bytes);
    }
    out->fl_done = 0;
    if (in->fl_valid) {
        int any = 0;
        if (in->fl_slot < c->pool && c->partition == RC_PER_WARP)
            for (unsigned l = in->fl_slot * c->psets * c->ways;
                 l < (in->fl_slot + 1) * c->psets * c->ways; l++)
                any |= s->valid[l];
        out->fl_done = !any;
    }
    for (unsigned l = 0; l < c->lines; l++) {
        out->valid[l] = s->valid[l];
        out->dirty[l] = s->dirty[l];
        out->tag_warp[l] = s->warp[l];
        out->tag_reg[l] = s->reg[l];
        out->lru[l] = s->lru[l];
    }
}

void rc_tick(rc_state_t *s, const rc_in_t *in)
{
    const rc_cfg_t *c = &s->c;
    const size_t bytes = c->lanes * sizeof(uint32_t);
    plan_t p;
    plan(s, in, &p);
    for (unsigned r = 0; r < c->rports; r++) {
        s->rsp_valid[r] = (uint8_t)in->rd_valid[r];
        s->rsp_hit[r] = p.rd_line[r] >= 0;
        if (p.rd_line[r] >= 0)
            memcpy(s->rsp_data[r], s->data[p.rd_line[r]], bytes);
        else
            memset(s->rsp_data[r], 0, bytes);
        s->tag_checks += in->rd_valid[r];
        s->read_hits += p.rd_line[r] >= 0;
        s->read_misses += in->rd_valid[r] && p.rd_line[r] < 0;
    }
    for (unsigned k = 0; k < c->wports; k++) {
        memset(&s->ev[k], 0, sizeof s->ev[k]);
        s->tag_checks += in->wr_valid[k];
    }
    /* writes in port order; a victim (never a line an earlier port wrote) leaves with its data */
    for (unsigned k = 0; k < c->wports; k++) {
        if (p.ev_line[k] >= 0 && !p.ev_flush[k]) {
            s->ev[k].valid = 1;
            memcpy(s->ev[k].data, s->data[p.ev_line[k]], bytes);
        }
        if (p.wr_line[k] < 0)
            continue;
        uint32_t *d = s->data[p.wr_line[k]];
        gpurf_lanes_write(d, in->wr_data[k], in->wr_mask[k], c->lanes);
        s->writes++;
    }
    for (unsigned k = 0; k < c->wports; k++) {
        if (p.ev_line[k] < 0)
            continue;
        if (p.ev_flush[k]) {
            s->ev[k].valid = 1;
            memcpy(s->ev[k].data, s->data[p.ev_line[k]], bytes);
        }
        s->ev[k].warp = p.ev_warp[k];
        s->ev[k].reg = p.ev_reg[k];
        s->evictions++;
    }
    s->invalidations += p.invalidated;
    s->flushed += p.flushed;
    memcpy(s->valid, p.valid, sizeof p.valid);
    memcpy(s->dirty, p.dirty, sizeof p.dirty);
    memcpy(s->lru, p.lru, sizeof p.lru);
    memcpy(s->warp, p.warp, sizeof p.warp);
    memcpy(s->reg, p.reg, sizeof p.reg);
}
