/* Dispatch, execution latency, write-back and the functional shadow (DESIGN.md "Nothing
 * lost"). Every operand a collector unit delivers is checked against the shadow's
 * architectural register array; destination values are a deterministic mix of the
 * instruction's identity and the delivered source values, so any lost or stale value
 * changes a later operand. */
#include "isa.h"
#include "sm_int.h"
#include <stdlib.h>
#include <string.h>

enum { U_ALU, U_SFU, U_MEM, U_CTRL, U_N };

uint64_t sm_mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    return x ^ (x >> 33);
}

/* flight records live in a growing pool with a free list (fl_free, ~0u when empty) */
unsigned sm_flight_alloc(sm_t *sm)
{
    if (sm->fl_free == ~0u) {
        unsigned old = sm->nfl, n = old ? 2 * old : 256;
        flight_t *v = realloc(sm->fl, n * sizeof *v);
        int *nx = realloc(sm->wheel_next, n * sizeof *nx);
        if (!v || !nx) {
            fprintf(stderr, "gpurf: out of memory\n");
            exit(2);
        }
        sm->fl = v;
        sm->wheel_next = nx;
        for (unsigned i = old; i < n; i++)
            sm->fl[i].next_free = i + 1 < n ? (int)(i + 1) : -1;
        sm->fl_free = old;
        sm->nfl = n;
    }
    unsigned f = sm->fl_free;
    sm->fl_free = sm->fl[f].next_free < 0 ? ~0u : (unsigned)sm->fl[f].next_free;
    memset(&sm->fl[f], 0, sizeof sm->fl[f]);
    return f;
}

static void flight_free(sm_t *sm, unsigned f)
{
    sm->fl[f].next_free = sm->fl_free == ~0u ? -1 : (int)sm->fl_free;
    sm->fl_free = f;
}

static int unit_of(int cls)
{
    switch (cls) {
    case CLS_SFU: return U_SFU;
    case CLS_SHMEM:
    case CLS_GMEM: return U_MEM;
    case CLS_ALU: return U_ALU;
    default: return U_CTRL;
    }
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

/* check operands against the shadow, compute results, update the shadow */
static void execute(sm_t *sm, unsigned f, const ocu_out_t *o)
{
    flight_t *fl = &sm->fl[f];
    warp_t *w = &sm->w[fl->warp];
    const inst_t *in = fl->in;
    const unsigned L = sm->c.lanes;
    uint64_t acc[GPURF_MAX_LANES];
    uint64_t id = sm_mix(((uint64_t)sm->k->id << 56) ^ ((uint64_t)sm->blk[w->blk].tb.id << 36) ^
                         ((uint64_t)w->wib << 28) ^ fl->dyn);
    for (unsigned l = 0; l < L; l++)
        acc[l] = id + l;
    for (unsigned i = 0; i < in->nsrc; i++) {
        unsigned r = in->src[i];
        uint32_t *sh = w->shadow + (size_t)r * L;
        if (!w->defined[r])
            sm->st.undefined_reads++;
        else {
            sm->st.operands_checked++;
            for (unsigned l = 0; l < L; l++)
                if (o->disp_data[i][l] != sh[l]) {
                    value_error(sm, fl, r, l, o->disp_data[i][l], sh[l]);
                    break;
                }
        }
        for (unsigned l = 0; l < L; l++)
            acc[l] = sm_mix(acc[l] ^ ((uint64_t)o->disp_data[i][l] << 8) ^ i);
        w->pend_r[r]--;
    }
    for (unsigned d = 0; d < in->ndst; d++) {
        unsigned r = in->dst[d];
        for (unsigned l = 0; l < L; l++)
            fl->dst_val[d][l] = (uint32_t)sm_mix(acc[l] + d);
        memcpy(w->shadow + (size_t)r * L, fl->dst_val[d], L * 4);
        w->defined[r] = 1;
    }
}

void sm_dispatch(sm_t *sm, unsigned s)
{
    subcore_t *x = &sm->sc[s];
    const unsigned ncu = cfg_cus_per_sc(&sm->c);
    int unit_busy[U_N] = {0};
    for (unsigned i = 0; i < ncu; i++) {
        unsigned k = (x->rr_disp + i) % ncu;
        const ocu_out_t *o = x->cu_out[k];
        if (!o->disp_valid)
            continue;
        unsigned f = o->disp_info;
        if (f >= sm->nfl) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "collector %s dispatched unknown instruction handle %u "
                     "at cycle %llu", x->cu[k]->name, f, (unsigned long long)sm->st.cycles);
            return;
        }
        int u = unit_of(sm->fl[f].in->cls);
        if (unit_busy[u] || (x->lt && !ltrf_dispatch_ok(sm, s, f)))
            continue;
        unit_busy[u] = 1;
        ((ocu_in_t *)ls_in(x->cu[k]))->disp_ready = 1;
        execute(sm, f, o);
        if (x->lt)
            ltrf_dispatched(sm, s, f);
        sm->st.instructions++;
        const inst_t *in = sm->fl[f].in;
        unsigned lat = isa_latency(&sm->c, in->cls, ((uint64_t)sm->fl[f].warp << 32) ^ sm->fl[f].dyn ^ in->pc);
        unsigned slot = (unsigned)((sm->st.cycles + lat) % sm->wheel_size);
        sm->wheel_next[f] = (int)sm->wheel_head[slot];
        sm->wheel_head[slot] = f;
        x->rr_disp = (k + 1) % ncu;
    }
}

static void finish(sm_t *sm, unsigned f)
{
    unsigned g = sm->fl[f].warp;
    sm->w[g].inflight--;
    flight_free(sm, f);
    sm_warp_retire_check(sm, g);
}

void sm_complete(sm_t *sm)
{
    unsigned slot = (unsigned)(sm->st.cycles % sm->wheel_size);
    unsigned f = sm->wheel_head[slot];
    sm->wheel_head[slot] = ~0u;
    while (f != ~0u) {
        unsigned nx = (unsigned)sm->wheel_next[f];
        flight_t *fl = &sm->fl[f];
        if (fl->in->cls == CLS_GMEM && fl->in->ndst)
            sm->w[fl->warp].long_pending--;
        if (!fl->in->ndst)
            finish(sm, f);
        else {
            subcore_t *x = &sm->sc[sm->w[fl->warp].sc];
            fl->wb_left = fl->in->ndst;
            for (unsigned d = 0; d < fl->in->ndst; d++) {
                if (x->wb_len == x->wb_cap) {
                    x->wb_cap *= 2;
                    x->wbq = realloc(x->wbq, x->wb_cap * sizeof *x->wbq);
                    if (!x->wbq) {
                        fprintf(stderr, "gpurf: out of memory\n");
                        exit(2);
                    }
                }
                x->wbq[x->wb_len++] = (wbq_ent_t){f, d};
            }
        }
        f = nx;
    }
}

void sm_writeback_inputs(sm_t *sm, unsigned s, rf_in_t *in)
{
    subcore_t *x = &sm->sc[s];
    for (unsigned p = 0; p < sm->c.wb_ports && p < x->wb_len; p++) {
        const flight_t *fl = &sm->fl[x->wbq[p].flight];
        unsigned d = x->wbq[p].d;
        in->wr_valid[p] = 1;
        in->wr_warp[p] = sm->w[fl->warp].local;
        in->wr_reg[p] = fl->in->dst[d];
        memcpy(in->wr_data[p], fl->dst_val[d], sm->c.lanes * 4);
    }
}

void sm_writeback_done(sm_t *sm, unsigned s, const uint32_t *gnt)
{
    subcore_t *x = &sm->sc[s];
    unsigned n = sm->c.wb_ports < x->wb_len ? sm->c.wb_ports : x->wb_len, k = 0;
    wbq_ent_t keep[RF_MAX_WPORTS];
    for (unsigned p = 0; p < n; p++) {
        if (!gnt[p]) {
            keep[k++] = x->wbq[p];
            continue;
        }
        flight_t *fl = &sm->fl[x->wbq[p].flight];
        sm->w[fl->warp].pend_w[fl->in->dst[x->wbq[p].d]]--;
        sm->w[fl->warp].wpend--;
        if (--fl->wb_left == 0)
            finish(sm, x->wbq[p].flight);
    }
    if (k == n && n)
        return;
    memmove(x->wbq + k, x->wbq + n, (x->wb_len - n) * sizeof *x->wbq);
    memcpy(x->wbq, keep, k * sizeof *keep);
    x->wb_len -= n - k;
}
