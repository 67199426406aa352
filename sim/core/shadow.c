/* The functional shadow (DESIGN.md "Nothing lost"): every operand a collector unit delivers
 * is checked against the shadow's architectural register array on the lanes the instruction
 * executes on (its active mask) that have been written; destination values are a
 * deterministic mix of the instruction's identity and the delivered source values, so any
 * lost or stale value changes a later operand. A result is computed on every lane but only
 * the active lanes are written: the other lanes of the register keep their value, so a design
 * that drops a register that a diverged path wrote only in part loses the other lanes and a
 * later full-mask read fails the check. */
#include "core.h"
#include <string.h>

uint64_t sm_mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    return x ^ (x >> 33);
}

static void value_error(sm_t *sm, const flight_t *fl, unsigned reg, unsigned lane, uint32_t got,
                        uint32_t want)
{
    const warp_t *w = &sm->w[fl->warp];
    const rblock_t *rb = &sm->blk[w->blk];
    sm->st.value_errors++;
    if (sm->error)
        return;
    sm->error = 1;
    snprintf(sm->err, sm->errn,
             "VALUE CHECK FAILED at cycle %llu: kernel '%s' block %u warp %u (slot %u), "
             "instruction #%u pc 0x%x %s (%s:%u): operand R%u lane %u delivered 0x%08x, "
             "shadow expects 0x%08x",
             (unsigned long long)sm->st.cycles, sm->k->name, rb->tb.id, w->wib, fl->warp, fl->dyn,
             fl->in->pc, sm->k->ops[fl->in->op], sm->k->file, fl->in->line, reg, lane, got, want);
}

void sm_execute(sm_t *sm, unsigned f, const void *o)
{
    flight_t *fl = &sm->fl[f];
    warp_t *w = &sm->w[fl->warp];
    const inst_t *in = fl->in;
    const unsigned L = sm->c.lanes;
    const uint32_t active = sm_lanes(sm, in);
    uint64_t acc[GPURF_MAX_LANES];
    uint64_t id = sm_mix(((uint64_t)sm->k->id << 56) ^ ((uint64_t)sm->blk[w->blk].tb.id << 36) ^
                         ((uint64_t)w->wib << 28) ^ fl->dyn);
    for (unsigned l = 0; l < L; l++)
        acc[l] = id + l;
    for (unsigned i = 0; i < in->nsrc; i++) {
        unsigned r = in->src[i];
        const uint32_t *sh = w->shadow + (size_t)r * L, *got = cu_data(sm->cup.disp_data, o, i);
        const uint32_t check = active & w->defined[r];
        if (!check)
            sm->st.undefined_reads++;
        else {
            sm->st.operands_checked++;
            for (unsigned l = 0; l < L; l++)
                if ((check >> l & 1) && got[l] != sh[l]) {
                    value_error(sm, fl, r, l, got[l], sh[l]);
                    break;
                }
        }
        /* a bijective step per operand (xor, odd multiply, xorshift); the result's avalanche
         * comes from sm_mix below */
        for (unsigned l = 0; l < L; l++) {
            uint64_t a = (acc[l] ^ ((uint64_t)got[l] << 8) ^ i) * 0x9e3779b97f4a7c15ull;
            acc[l] = a ^ (a >> 29);
        }
        w->pend_r[r]--;
    }
    sm_sb_changed(w);
    for (unsigned d = 0; d < in->ndst; d++) {
        unsigned r = in->dst[d];
        for (unsigned l = 0; l < L; l++)
            fl->dst_val[d][l] = (uint32_t)sm_mix(acc[l] + d);
        gpurf_lanes_write(w->shadow + (size_t)r * L, fl->dst_val[d], active, L);
        w->defined[r] |= active;
    }
}
