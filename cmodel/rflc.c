/* rflc: release-flag cache C model (contract in rflc.h). */
#include "rflc.h"
#include "lru.h"
#include <string.h>

#define PT_BLOCK rflc
#define PT_CFG rflc_cfg_t
#define PT_DEF "rflc_ports.def"
#include "ports_table.inc"

void rflc_cfg_derive(rflc_cfg_t *c) { c->slot_bits = gpurf_clog2(c->entries); }

void rflc_cfg_from_sm(const sm_cfg_t *sm, rflc_cfg_t *c)
{
    c->entries = (sm->rflc_entries + sm->schedulers - 1) / sm->schedulers;
    c->num_warps = cfg_warps_per_sc(sm);
    c->span = sm->rn_pir_slots;
    rflc_cfg_derive(c);
}

int rflc_init(rflc_state_t *s, const rflc_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (!c->entries || c->entries > RFLC_MAX_ENTRIES || c->num_warps > RFLC_MAX_WARPS)
        return -1;
    gpurf_lru_reset(s->lru, c->entries);
    return 0;
}

void rflc_free(rflc_state_t *s) { (void)s; }

/* the valid entry holding tag t, or -1 */
static int find(const rflc_state_t *s, uint32_t t)
{
    for (unsigned e = 0; e < s->c.entries; e++)
        if (s->valid[e] && s->tag[e] == t)
            return (int)e;
    return -1;
}

/* one warp's next instruction nx in an entry's span: 0 <= nx - tag < span */
static int in_span(uint32_t nx, uint32_t tag, uint32_t span) { return nx >= tag && nx - tag < span; }

/* an entry whose touch the next edge applies */
static int pending(const rflc_state_t *s, unsigned e)
{
    return (s->hp && s->hs == e) || (s->fp && s->fs == e);
}

void rflc_eval(rflc_state_t *s, const rflc_in_t *in, rflc_out_t *out)
{
    const rflc_cfg_t *c = &s->c;
    int h = in->lk_valid ? find(s, in->lk_tag) : -1;
    out->lk_hit = h >= 0;
    out->lk_lo = h >= 0 ? s->lo[h] : 0;
    out->lk_hi = h >= 0 ? s->hi[h] : 0;
    int inv = -1, old = -1;
    for (unsigned e = 0; e < c->entries; e++) {
        out->in_use[e] = s->in_use[e];
        out->valid[e] = s->valid[e];
        out->tag[e] = s->tag[e];
        out->lru[e] = s->lru[e];
        if (pending(s, e))
            continue;
        if (!s->valid[e]) {
            if (inv < 0)
                inv = (int)e;
        } else if (!s->in_use[e] && (old < 0 || s->lru[e] > s->lru[old])) {
            old = (int)e;
        }
    }
    int victim = inv >= 0 ? inv : old;
    int same = in->fill_valid ? find(s, in->fill_tag) : -1;
    int slot = same >= 0 ? same : victim;
    out->fill_ok = in->fill_valid && slot >= 0;
    out->fill_slot = out->fill_ok ? (uint32_t)slot : 0;
}

void rflc_tick(rflc_state_t *s, const rflc_in_t *in)
{
    const rflc_cfg_t *c = &s->c;
    rflc_out_t o;
    rflc_eval(s, in, &o);
    if (s->hp)
        gpurf_lru_touch(s->lru, c->entries, s->hs);
    if (s->fp)
        gpurf_lru_touch(s->lru, c->entries, s->fs);
    int h = in->lk_valid ? find(s, in->lk_tag) : -1;
    s->hits += in->lk_valid && h >= 0;
    s->misses += in->lk_valid && h < 0;
    s->hp = h >= 0;
    s->hs = h >= 0 ? (unsigned)h : 0;
    s->fp = o.fill_ok;
    s->fs = o.fill_slot;
    for (unsigned e = 0; e < c->entries; e++) {
        s->in_use[e] = 0;
        for (unsigned w = 0; w < c->num_warps && s->valid[e] && !s->in_use[e]; w++)
            s->in_use[e] = in->warp_valid[w] && in_span(in->warp_next[w], s->tag[e], c->span);
    }
    if (o.fill_ok && !in->flush) {
        unsigned e = o.fill_slot;
        s->valid[e] = 1;
        s->tag[e] = in->fill_tag;
        s->lo[e] = in->fill_lo;
        s->hi[e] = in->fill_hi & gpurf_mask(RFLC_FLAG_BITS - 32);
        s->fills++;
    }
    s->bypassed += in->fill_valid && !o.fill_ok;
    if (in->flush)
        memset(s->valid, 0, sizeof s->valid);
}
