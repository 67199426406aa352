/* The register-file cache designs ltrf, ltrf+ and rfc (see ltrf.h): per sub-core the
 * activation engine, the fill path (main-RF reads -> staging -> fill crossbar), the eviction
 * path (eviction reads -> return crossbar -> main-RF writes) and the WCB lookup stage. */
#include "ltrf.h"
#include "../cmodel/aau.h"
#include "../cmodel/ocu.h"
#include "../cmodel/wcb.h"
#include "sm_int.h"
#include <stdlib.h>
#include <string.h>

#define NO_BANK 0xff
#define STAGE_MAX 16

static void *grow(void *p, unsigned *cap, size_t elem)
{
    unsigned n = *cap ? 2 * *cap : 64;
    void *v = realloc(p, n * elem);
    if (!v) {
        fprintf(stderr, "gpurf: out of memory\n");
        exit(2);
    }
    *cap = n;
    return v;
}

/* a growing ring buffer of fixed-size elements */
typedef struct {
    char *v;
    unsigned head, len, cap;
    size_t elem;
} ring_t;

static void *ring_at(const ring_t *q, unsigned i) { return q->v + (size_t)((q->head + i) % q->cap) * q->elem; }

static void *ring_push(ring_t *q)
{
    if (q->len == q->cap) {
        unsigned old = q->cap;
        q->v = grow(q->v, &q->cap, q->elem);
        /* full: the wrapped part (before head) moves behind the old end */
        for (unsigned i = 0; i < q->head; i++)
            memcpy(q->v + (size_t)(old + i) * q->elem, q->v + (size_t)i * q->elem, q->elem);
    }
    return ring_at(q, q->len++);
}

static void ring_pop(ring_t *q)
{
    q->head = (q->head + 1) % q->cap;
    q->len--;
}

typedef struct {
    uint16_t warp; /* local warp */
    uint8_t reg, bank;
} ref_t;

typedef struct {
    ref_t r;
    uint32_t data[GPURF_MAX_LANES];
} staged_t;

/* one cache row: the warp holding it and its fill pipeline */
typedef struct {
    unsigned warp;                 /* global warp slot, ~0u when free */
    ref_t fq[RFC_MAX_BANKS];       /* registers still to read from the main register file */
    unsigned fq_head, fq_len;
    ref_t out[STAGE_MAX];          /* reads granted, data not yet back (grant order) */
    unsigned out_head, out_len;
    staged_t st[STAGE_MAX];        /* data waiting for the fill crossbar */
    unsigned st_head, st_len;
    uint8_t rel[RFC_MAX_BANKS];    /* banks to return to the row's allocation unit */
    unsigned rel_head, rel_len;
    unsigned rel_pending;          /* victims evicted whose bank is not yet released (rfc) */
} lrow_t;

typedef struct {
    uint16_t row, warp;            /* warp: local */
    uint8_t bank, reg, release;
} evict_t;

typedef struct {
    uint16_t warp;
    uint8_t reg;
    uint32_t data[GPURF_MAX_LANES];
} landing_t;

enum { J_NONE, J_ACT, J_SWITCH, J_DEACT, J_DEMAND };

typedef struct {
    int kind, step;
    unsigned warp;                 /* global */
    regset_t enter, fetch;
} job_t;

/* the WCB lookup stage holds up to LK_MAX issued instructions; they share the two read ports
 * oldest first and take a collector as soon as all their registers are translated, so an rfc
 * miss does not hold back the instructions behind it */
#define LK_MAX 4
typedef struct {
    int valid;
    unsigned flight;
    uint64_t seq;                     /* issue order */
    uint8_t reg[INST_MAX_SRC + INST_MAX_DST], bank[INST_MAX_SRC + INST_MAX_DST];
    uint8_t hit[INST_MAX_SRC + INST_MAX_DST], asked[INST_MAX_SRC + INST_MAX_DST];
    unsigned n, first_done;
    int miss_seen;
} lookup_t;

struct ltrf_sc {
    ls_inst_t *wcb, *rfc, *aoff, **abank;
    const wcb_out_t *wo;
    const aau_out_t *oo, **ao;
    const rfc_out_t *co;
    lrow_t *row;
    unsigned rows, stage_depth;
    ring_t ev;                     /* evict_t: eviction reads waiting for the cache */
    ring_t land;                   /* landing_t: write-backs waiting for a main-RF write port */
    ring_t vs;                     /* ref_t: valid bits of allocated registers needing no fill */
    job_t job;
    lookup_t lk[LK_MAX];
    uint64_t lk_seq;
    uint8_t port_ent[WCB_MAX_RPORTS], port_reg[WCB_MAX_RPORTS]; /* last cycle's read ports */
    uint8_t port_used[WCB_MAX_RPORTS];
    int dead_used;                 /* the WCB dead-operand port is taken this cycle */
    unsigned wr_port_to_rfc[RF_MAX_WPORTS]; /* this cycle: result p goes to the cache */
    unsigned res_ports;            /* results offered this cycle */
    int land_port;                 /* rf write port carrying a write-back this cycle, or -1 */
};

static int plus(const sm_t *sm) { return sm->o.design == DESIGN_LTRF_PLUS; }
static int demand(const sm_t *sm) { return sm->o.design == DESIGN_RFC; }

static unsigned tag_of(const sm_t *sm, unsigned local, unsigned reg)
{
    return local << gpurf_clog2(sm->c.arch_regs) | reg;
}

static unsigned global_of(const sm_t *sm, unsigned s, unsigned local)
{
    return local * sm->c.schedulers + s;
}

int ltrf_new(sm_t *sm, unsigned s, char *err, size_t n)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    if (c->active_pool > cfg_cus_per_sc(c) * c->max_srcs) {
        snprintf(err, n, "%s: field 'active_pool': %u cache rows need as many main register file "
                 "read ports for fills; a sub-core has %u (collectors x max_srcs)",
                 c->name, c->active_pool, cfg_cus_per_sc(c) * c->max_srcs);
        return -1;
    }
    ltrf_sc_t *e = calloc(1, sizeof *e);
    if (!e)
        return -1;
    x->lt = e;
    e->rows = c->active_pool;
    e->row = calloc(e->rows, sizeof *e->row);
    e->abank = calloc(e->rows, sizeof *e->abank);
    e->ao = calloc(e->rows, sizeof *e->ao);
    if (!e->row || !e->abank || !e->ao)
        return -1;
    for (unsigned r = 0; r < e->rows; r++)
        e->row[r].warp = ~0u;
    e->ev.elem = sizeof(evict_t);
    e->land.elem = sizeof(landing_t);
    e->vs.elem = sizeof(ref_t);
    char name[40];
    snprintf(name, sizeof name, "wcb.sc%u", s);
    if (!(e->wcb = sm_make_inst(sm, "wcb", name, err, n)))
        return -1;
    snprintf(name, sizeof name, "rfc.sc%u", s);
    if (!(e->rfc = sm_make_inst(sm, "rfc", name, err, n)))
        return -1;
    snprintf(name, sizeof name, "aau_off.sc%u", s);
    if (!(e->aoff = sm_make_inst(sm, "aau_off", name, err, n)))
        return -1;
    for (unsigned r = 0; r < e->rows; r++) {
        snprintf(name, sizeof name, "aau.sc%u.r%u", s, r);
        if (!(e->abank[r] = sm_make_inst(sm, "aau", name, err, n)))
            return -1;
    }
    const rfc_cfg_t *rc = e->rfc->cfg;
    /* enough reads in flight per row to keep the fill crossbar busy across the bank latency */
    e->stage_depth = (c->bank_latency + rc->beats - 1) / rc->beats + 1;
    if (e->stage_depth > STAGE_MAX)
        e->stage_depth = STAGE_MAX;
    return 0;
}

void ltrf_free(ltrf_sc_t *e)
{
    if (!e)
        return;
    free(e->row);
    free(e->abank);
    free(e->ao);
    free(e->ev.v);
    free(e->land.v);
    free(e->vs.v);
    free(e);
}

int ltrf_kernel(sm_t *sm, kernel_t *k)
{
    ltrf_kernel_done(sm);
    if (demand(sm))
        return 0;
    if (prog_recover(k, &sm->prog, sm->err, sm->errn) ||
        regint_form(&sm->prog, sm->c.rfc_banks, &sm->ri, sm->err, sm->errn) ||
        liveness_run(&sm->prog, &sm->lv)) {
        ltrf_kernel_done(sm);
        return -1;
    }
    sm->passes = 1;
    return 0;
}

void ltrf_kernel_done(sm_t *sm)
{
    if (!sm->passes)
        return;
    liveness_free(&sm->lv);
    regint_free(&sm->ri);
    prog_free(&sm->prog);
    sm->passes = 0;
}

static int pidx_of(const sm_t *sm, const inst_t *in) { return prog_pc_index(&sm->prog, in->pc); }

void ltrf_launch(sm_t *sm, unsigned g)
{
    warp_t *w = &sm->w[g];
    w->lt = LT_OFF;
    w->pf_dyn = ~0u;
    w->cur_iv = ~0u;
    memset(w->bank, NO_BANK, sizeof w->bank);
    wcb_in_t *wi = ls_in(sm->sc[w->sc].lt->wcb);
    wi->init_valid = 1;
    wi->init_warp = w->local;
}

/* ---- issue gate and lookup stage ------------------------------------------------------------ */
int ltrf_issue_gate(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    if (w->lt != LT_RUN)
        return R_CACHE;
    /* rfc: one instruction per warp in the lookup stage, so that a later one cannot pin the
     * registers an earlier miss needs to evict */
    for (unsigned i = 0; demand(sm) && i < LK_MAX; i++)
        if (sm->sc[w->sc].lt->lk[i].valid && sm->fl[sm->sc[w->sc].lt->lk[i].flight].warp == g)
            return R_CACHE;
    if (!demand(sm) && w->pf_dyn != w->next) {
        /* re-entering the interval it holds (a loop back to its header) needs no prefetch */
        int p = pidx_of(sm, &w->tr->v[w->next]);
        if (p >= 0 && regint_is_prefetch(&sm->ri, (unsigned)p) &&
            regint_of(&sm->ri, (unsigned)p) != w->cur_iv)
            return R_PREFETCH;
    }
    return R_OK;
}

static lookup_t *lk_free(ltrf_sc_t *e)
{
    for (unsigned i = 0; i < LK_MAX; i++)
        if (!e->lk[i].valid)
            return &e->lk[i];
    return NULL;
}

/* the valid entries, oldest first */
static unsigned lk_order(const ltrf_sc_t *e, unsigned *ord)
{
    unsigned n = 0;
    for (unsigned i = 0; i < LK_MAX; i++) {
        if (!e->lk[i].valid)
            continue;
        unsigned j = n++;
        while (j && e->lk[ord[j - 1]].seq > e->lk[i].seq) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = i;
    }
    return n;
}

int ltrf_issue_free(const sm_t *sm, unsigned s) { return lk_free(sm->sc[s].lt) != NULL; }

void ltrf_issue(sm_t *sm, unsigned s, unsigned f)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    lookup_t *lk = lk_free(e);
    const inst_t *in = sm->fl[f].in;
    if (!lk)
        return; /* sm_issue asked ltrf_issue_free first */
    memset(lk, 0, sizeof *lk);
    lk->valid = 1;
    lk->flight = f;
    lk->seq = e->lk_seq++;
    for (unsigned i = 0; i < (unsigned)in->nsrc + in->ndst; i++) {
        unsigned r = i < in->nsrc ? in->src[i] : in->dst[i - in->nsrc];
        unsigned j = 0;
        while (j < lk->n && lk->reg[j] != r)
            j++;
        if (j == lk->n)
            lk->reg[lk->n++] = (uint8_t)r;
    }
    sm->w[sm->fl[f].warp].incu++;
}

static unsigned lk_index(const lookup_t *lk, unsigned r)
{
    unsigned j = 0;
    while (lk->reg[j] != r)
        j++;
    return j;
}

/* answers of last cycle's lookups */
static void lookup_answer(sm_t *sm, unsigned s, unsigned p)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    lookup_t *lk = &e->lk[e->port_ent[p]];
    flight_t *fl = &sm->fl[lk->flight];
    warp_t *w = &sm->w[fl->warp];
    unsigned j = e->port_reg[p];
    lk->asked[j] = 0;
    int first = !(lk->first_done >> j & 1);
    lk->first_done |= 1u << j;
    int hit = e->wo->rdo_hit[p] && e->wo->rdo_off[p] == w->row;
    if (first) {
        sm->st.wcb_lookups++;
        sm->st.wcb_hits += hit;
    }
    if (hit) {
        lk->hit[j] = 1;
        lk->bank[j] = (uint8_t)e->wo->rdo_bank[p];
        if (w->bank[lk->reg[j]] != lk->bank[j] && !sm->error) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "cycle %llu: WCB of sub-core %u answered bank %u "
                     "for R%u of warp %u; the engine allocated bank %u",
                     (unsigned long long)sm->st.cycles, s, lk->bank[j], lk->reg[j], fl->warp,
                     w->bank[lk->reg[j]]);
        }
        w->lru[lk->reg[j]] = sm->st.cycles;
    } else if (!demand(sm) && !sm->error) {
        sm->error = 1;
        snprintf(sm->err, sm->errn, "cycle %llu: R%u of warp %u (%s) missed in the WCB "
                 "although its register-interval was prefetched", (unsigned long long)sm->st.cycles,
                 lk->reg[j], fl->warp, sm->k->ops[fl->in->op]);
    } else
        lk->miss_seen = 1;
}

/* an entry whose registers are all translated takes a free collector: 1, or 0 not complete,
 * -1 no collector free */
static int lookup_alloc(sm_t *sm, unsigned s, lookup_t *lk)
{
    subcore_t *x = &sm->sc[s];
    for (unsigned j = 0; j < lk->n; j++)
        if (!lk->hit[j])
            return 0;
    int cu = -1;
    for (unsigned k = 0; k < cfg_cus_per_sc(&sm->c) && cu < 0; k++) {
        const ocu_out_t *o = x->cu_out[k];
        if (!o->busy && !((ocu_in_t *)ls_in(x->cu[k]))->alloc_valid)
            cu = (int)k;
    }
    if (cu < 0)
        return -1;
    flight_t *fl = &sm->fl[lk->flight];
    const inst_t *in = fl->in;
    ocu_in_t *ci = ls_in(x->cu[cu]);
    ci->alloc_valid = 1;
    ci->alloc_warp = sm->w[fl->warp].row;
    ci->alloc_info = lk->flight;
    for (unsigned i = 0; i < in->nsrc; i++) {
        ci->alloc_src_valid[i] = 1;
        ci->alloc_src[i] = lk->bank[lk_index(lk, in->src[i])];
    }
    for (unsigned d = 0; d < in->ndst; d++)
        fl->dst_bank[d] = lk->bank[lk_index(lk, in->dst[d])];
    lk->valid = 0;
    return 1;
}

static void lookup_answers(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    for (unsigned p = 0; p < WCB_READ_PORTS; p++)
        if (e->port_used[p] && e->wo->rdo_valid[p])
            lookup_answer(sm, s, p);
    unsigned ord[LK_MAX], n = lk_order(e, ord);
    int stalled = 0;
    for (unsigned i = 0; i < n; i++)
        stalled |= lookup_alloc(sm, s, &e->lk[ord[i]]) < 0;
    sm->st.stall_collector += stalled;
}

/* drive the WCB read ports for registers not yet translated, oldest instruction first; an
 * rfc miss is asked again once its warp's demand fetch is done */
static void lookup_send(sm_t *sm, unsigned s, wcb_in_t *wi)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    unsigned ord[LK_MAX], n = lk_order(e, ord), p = 0;
    memset(e->port_used, 0, sizeof e->port_used);
    for (unsigned i = 0; i < n && p < WCB_READ_PORTS; i++) {
        lookup_t *lk = &e->lk[ord[i]];
        unsigned g = sm->fl[lk->flight].warp;
        const warp_t *w = &sm->w[g];
        if (w->fills || w->vsets || (e->job.kind && e->job.warp == g))
            continue;
        for (unsigned j = 0; j < lk->n && p < WCB_READ_PORTS; j++) {
            if (lk->hit[j] || lk->asked[j])
                continue;
            if (lk->first_done >> j & 1 && w->bank[lk->reg[j]] == NO_BANK)
                continue; /* waiting for the demand job to allocate it */
            wi->rd_valid[p] = 1;
            wi->rd_warp[p] = w->local;
            wi->rd_reg[p] = lk->reg[j];
            e->port_ent[p] = (uint8_t)ord[i];
            e->port_reg[p] = (uint8_t)j;
            e->port_used[p] = 1;
            lk->asked[j] = 1;
            p++;
        }
    }
}

/* ---- dispatch ------------------------------------------------------------------------------- */
static uint32_t dead_bits(const sm_t *sm, const flight_t *fl)
{
    if (!plus(sm))
        return 0;
    int p = pidx_of(sm, fl->in);
    return p < 0 ? 0 : sm->lv.dead[p];
}

int ltrf_dispatch_ok(const sm_t *sm, unsigned s, unsigned f)
{
    return !(sm->sc[s].lt->dead_used && dead_bits(sm, &sm->fl[f]));
}

void ltrf_dispatched(sm_t *sm, unsigned s, unsigned f)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    const flight_t *fl = &sm->fl[f];
    warp_t *w = &sm->w[fl->warp];
    w->incu--;
    uint32_t dead = dead_bits(sm, fl);
    if (!dead)
        return;
    wcb_in_t *wi = ls_in(e->wcb);
    e->dead_used = 1;
    wi->dead_warp = w->local;
    for (unsigned j = 0; j < fl->in->nsrc; j++)
        if (dead >> j & 1) {
            wi->dead_valid[j] = 1;
            wi->dead_reg[j] = fl->in->src[j];
        }
}

/* ---- front: block outputs, fills, evictions, result writes ----------------------------------- */
static int warp_active(const warp_t *w) { return w->lt == LT_FETCH || w->lt == LT_RUN; }

void ltrf_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    ltrf_sc_t *e = x->lt;
    const unsigned L = c->lanes;
    e->dead_used = 0;
    /* registered outputs of the control blocks; their inputs are set during the cycle */
    wcb_in_t *wi = ls_in(e->wcb);
    memset(wi, 0, sizeof *wi);
    e->wo = ls_eval(e->wcb, 0);
    memset(ls_in(e->aoff), 0, sizeof(aau_in_t));
    e->oo = ls_eval(e->aoff, 0);
    for (unsigned r = 0; r < e->rows; r++) {
        memset(ls_in(e->abank[r]), 0, sizeof(aau_in_t));
        e->ao[r] = ls_eval(e->abank[r], 0);
    }
    lookup_answers(sm, s);

    /* the cache: collector reads, result writes of active warps, fills, one eviction */
    rfc_in_t *ci = ls_in(e->rfc);
    memset(ci, 0, sizeof *ci);
    for (unsigned k = 0; k < cfg_cus_per_sc(c); k++) {
        const ocu_out_t *o = x->cu_out[k];
        for (unsigned j = 0; j < c->max_srcs; j++) {
            unsigned p = k * c->max_srcs + j;
            ci->rd_valid[p] = o->rd_valid[j];
            ci->rd_row[p] = o->rd_warp[j];
            ci->rd_bank[p] = o->rd_reg[j];
        }
    }
    e->res_ports = c->wb_ports < x->wb_len ? c->wb_ports : x->wb_len;
    for (unsigned p = 0; p < e->res_ports; p++) {
        const flight_t *fl = &sm->fl[x->wbq[p].flight];
        const warp_t *w = &sm->w[fl->warp];
        unsigned d = x->wbq[p].d;
        e->wr_port_to_rfc[p] = warp_active(w);
        if (!e->wr_port_to_rfc[p])
            continue;
        ci->wr_valid[p] = 1;
        ci->wr_row[p] = w->row;
        ci->wr_bank[p] = fl->dst_bank[d];
        memcpy(ci->wr_data[p], fl->dst_val[d], L * 4);
    }
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (!row->st_len)
            continue;
        const staged_t *h = &row->st[row->st_head];
        ci->fill_valid[r] = 1;
        ci->fill_bank[r] = h->r.bank;
        ci->fill_tag[r] = tag_of(sm, h->r.warp, h->r.reg);
        memcpy(ci->fill_data[r], h->data, L * 4);
    }
    if (e->ev.len) {
        const evict_t *v = ring_at(&e->ev, 0);
        ci->ev_valid = 1;
        ci->ev_row = v->row;
        ci->ev_bank = v->bank;
        ci->ev_tag = tag_of(sm, v->warp, v->reg);
    }
    const rfc_out_t *co = e->co = ls_eval(e->rfc, 1);
    for (unsigned r = 0; r < e->rows; r++)
        if (co->fill_gnt[r]) {
            lrow_t *row = &e->row[r];
            row->st_head = (row->st_head + 1) % STAGE_MAX;
            row->st_len--;
        }
    if (co->fill_done_valid) {
        unsigned rb = gpurf_clog2(c->arch_regs), local = co->fill_done_tag >> rb;
        warp_t *w = &sm->w[global_of(sm, s, local)];
        wi->fill_valid = 1;
        wi->fill_warp = local;
        wi->fill_reg = co->fill_done_tag & ((1u << rb) - 1);
        w->fills--;
    }
    if (co->ev_gnt) {
        const evict_t *v = ring_at(&e->ev, 0);
        warp_t *w = &sm->w[global_of(sm, s, v->warp)];
        w->ev_reads--;
        if (v->release) {
            lrow_t *row = &e->row[v->row];
            row->rel[(row->rel_head + row->rel_len++) % RFC_MAX_BANKS] = v->bank;
        }
        ring_pop(&e->ev);
    }
    if (co->ev_out_valid) {
        unsigned rb = gpurf_clog2(c->arch_regs);
        landing_t *l = ring_push(&e->land);
        l->warp = (uint16_t)(co->ev_out_tag >> rb);
        l->reg = (uint8_t)(co->ev_out_tag & ((1u << rb) - 1));
        memcpy(l->data, co->ev_out_data, L * 4);
    }

    /* the main register file: warp launch, fill reads (port = row), results of inactive warps
     * and write-backs from the cache */
    rf_in_t *ri = ls_in(x->rf);
    memset(ri, 0, sizeof *ri);
    unsigned launch = x->lq_len ? x->lq[x->lq_head] : ~0u;
    if (launch != ~0u) {
        ri->launch_valid = 1;
        ri->launch_warp = sm->w[launch].local;
        ri->launch_base = sm->w[launch].local * sm->rows_per_warp;
    }
    for (unsigned r = 0; r < e->rows; r++) {
        const lrow_t *row = &e->row[r];
        const ref_t *h = &row->fq[row->fq_head];
        /* a register is read only after its last write-back has reached the main RF */
        if (row->fq_len && row->out_len + row->st_len < e->stage_depth &&
            !sm->w[global_of(sm, s, h->warp)].evp[h->reg]) {
            ri->rd_valid[r] = 1;
            ri->rd_warp[r] = h->warp;
            ri->rd_reg[r] = h->reg;
        }
    }
    e->land_port = -1;
    for (unsigned p = 0; p < c->wb_ports; p++) {
        if (p < e->res_ports && !e->wr_port_to_rfc[p]) {
            const flight_t *fl = &sm->fl[x->wbq[p].flight];
            unsigned d = x->wbq[p].d;
            ri->wr_valid[p] = 1;
            ri->wr_warp[p] = sm->w[fl->warp].local;
            ri->wr_reg[p] = fl->in->dst[d];
            memcpy(ri->wr_data[p], fl->dst_val[d], L * 4);
        } else if (p >= e->res_ports && e->land_port < 0 && e->land.len) {
            /* one write-back per cycle, in order: a register written back twice lands in order */
            const landing_t *l = ring_at(&e->land, 0);
            ri->wr_valid[p] = 1;
            ri->wr_warp[p] = l->warp;
            ri->wr_reg[p] = l->reg;
            memcpy(ri->wr_data[p], l->data, L * 4);
            e->land_port = (int)p;
        }
    }
    const rf_out_t *ro = x->rf_out = ls_eval(x->rf, 1);
    if (launch != ~0u) {
        x->lq_head = (x->lq_head + 1) % cfg_warps_per_sc(c);
        x->lq_len--;
        sm->w[launch].active = 1;
        ltrf_launch(sm, launch);
    }
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (ro->rsp_valid[r]) {
            staged_t *t = &row->st[(row->st_head + row->st_len++) % STAGE_MAX];
            t->r = row->out[row->out_head];
            memcpy(t->data, ro->rsp_data[r], L * 4);
            row->out_head = (row->out_head + 1) % STAGE_MAX;
            row->out_len--;
        }
        if (ro->rd_gnt[r]) {
            row->out[(row->out_head + row->out_len++) % STAGE_MAX] = row->fq[row->fq_head];
            row->fq_head = (row->fq_head + 1) % RFC_MAX_BANKS;
            row->fq_len--;
        }
    }
    if (e->land_port >= 0 && ro->wr_gnt[e->land_port]) {
        const landing_t *l = ring_at(&e->land, 0);
        warp_t *w = &sm->w[global_of(sm, s, l->warp)];
        w->ev_writes--;
        w->evp[l->reg]--;
        ring_pop(&e->land);
    }
    uint32_t gnt[RF_MAX_WPORTS] = {0};
    for (unsigned p = 0; p < e->res_ports; p++) {
        gnt[p] = e->wr_port_to_rfc[p] ? co->wr_gnt[p] : ro->wr_gnt[p];
        if (!gnt[p])
            continue;
        const flight_t *fl = &sm->fl[x->wbq[p].flight];
        wi->wr_valid[p] = 1;
        wi->wr_warp[p] = sm->w[fl->warp].local;
        wi->wr_reg[p] = fl->in->dst[x->wbq[p].d];
    }
    sm_writeback_done(sm, s, gnt);
}

/* ---- back: activation engine, final evaluation, clock edge ----------------------------------- */
static void evict(sm_t *sm, unsigned s, unsigned g, unsigned r, int release)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    warp_t *w = &sm->w[g];
    evict_t *v = ring_push(&e->ev);
    v->row = (uint16_t)w->row;
    v->warp = (uint16_t)w->local;
    v->bank = w->bank[r];
    v->reg = (uint8_t)r;
    v->release = (uint8_t)release;
    e->row[w->row].rel_pending += release;
    w->ev_reads++;
    w->ev_writes++;
    w->evp[r]++;
    sm->st.writebacks++;
}

static void release(ltrf_sc_t *e, unsigned row, unsigned bank)
{
    lrow_t *rw = &e->row[row];
    rw->rel[(rw->rel_head + rw->rel_len++) % RFC_MAX_BANKS] = (uint8_t)bank;
    rw->rel_pending++;
}

/* warp g's next instruction waits on one of its global loads */
static int waits_on_load(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    if (!w->long_pending || w->done_issuing || w->at_barrier)
        return 0;
    return sm_can_issue(w) == R_SCOREBOARD || (ltrf_issue_gate(sm, g) == R_PREFETCH && w->wpend);
}

/* a warp waits for its launch (the main-RF base) and for its WCB entry to be initialised */
static int can_activate(const sm_t *sm, unsigned g, const wcb_in_t *wi)
{
    const warp_t *w = &sm->w[g];
    return w->used && w->active && w->lt == LT_OFF && !w->done_issuing && !w->at_barrier && !w->long_pending &&
           !w->wpend && !w->ev_reads && !w->ev_writes &&
           !(wi->init_valid && wi->init_warp == w->local);
}

/* the next job of the sub-core: deactivations, interval switches, demand fetches, activations */
static void pick_job(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    job_t *j = &e->job;
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    unsigned oldest = ~0u;
    for (unsigned l = 0; l < nw; l++) {
        unsigned g = l * S + s;
        if (can_activate(sm, g, ls_in(e->wcb)) && (oldest == ~0u || sm->w[g].age < sm->w[oldest].age))
            oldest = g;
    }
    memset(j, 0, sizeof *j);
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u)
            continue;
        const warp_t *w = &sm->w[g];
        if (w->lt != LT_RUN || w->incu || w->fills || w->vsets)
            continue;
        if (w->done_issuing || waits_on_load(sm, g) || (w->at_barrier && oldest != ~0u)) {
            j->kind = J_DEACT;
            j->warp = g;
            return;
        }
    }
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u)
            continue;
        const warp_t *w = &sm->w[g];
        if (w->lt == LT_RUN && !w->incu && !w->wpend && ltrf_issue_gate(sm, g) == R_PREFETCH) {
            j->kind = J_SWITCH;
            j->warp = g;
            return;
        }
    }
    unsigned ord[LK_MAX], n = lk_order(e, ord);
    for (unsigned o = 0; o < n; o++) {
        const lookup_t *lk = &e->lk[ord[o]];
        if (!lk->miss_seen)
            continue;
        unsigned g = sm->fl[lk->flight].warp;
        const warp_t *w = &sm->w[g];
        const inst_t *in = sm->fl[lk->flight].in;
        for (unsigned i = 0; i < lk->n; i++)
            if ((lk->first_done >> i & 1) && !lk->hit[i] && w->bank[lk->reg[i]] == NO_BANK) {
                rs_add(&j->enter, lk->reg[i]);
                for (unsigned k = 0; k < in->nsrc; k++)
                    if (in->src[k] == lk->reg[i])
                        rs_add(&j->fetch, lk->reg[i]);
            }
        if (rs_count(&j->enter)) {
            j->kind = J_DEMAND;
            j->warp = g;
            j->step = 1;
            return;
        }
    }
    if (oldest != ~0u && e->oo->avail) {
        j->kind = J_ACT;
        j->warp = oldest;
    }
}

/* the least recently used register of warp g that no instruction holds (rfc) */
static int victim(const sm_t *sm, unsigned g, const regset_t *enter)
{
    const warp_t *w = &sm->w[g];
    int best = -1;
    for (unsigned r = 0; r < sm->c.arch_regs; r++)
        if (w->bank[r] != NO_BANK && !w->pend_r[r] && !w->pend_w[r] && !rs_has(enter, r) &&
            (best < 0 || w->lru[r] < w->lru[best]))
            best = (int)r;
    return best;
}

/* one allocation per cycle: the row's allocation unit gives a bank, the WCB maps it */
static void alloc_step(sm_t *sm, unsigned s, wcb_in_t *wi)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    job_t *j = &e->job;
    warp_t *w = &sm->w[j->warp];
    unsigned r = 0;
    while (r < sm->c.arch_regs && !rs_has(&j->enter, r))
        r++;
    if (r == sm->c.arch_regs) {
        j->kind = J_NONE;
        return;
    }
    lrow_t *row = &e->row[w->row];
    const aau_out_t *ao = e->ao[w->row];
    if (!ao->avail) {
        if (demand(sm) && !row->rel_pending) {
            int v = victim(sm, j->warp, &j->enter);
            if (v >= 0) {
                evict(sm, s, j->warp, (unsigned)v, 1);
                /* a re-map clears the victim's valid bit in the address table */
                wi->map_valid = 1;
                wi->map_warp = w->local;
                wi->map_reg = (unsigned)v;
                wi->map_bank = w->bank[v];
                w->bank[v] = NO_BANK;
            }
        }
        return;
    }
    ((aau_in_t *)ls_in(e->abank[w->row]))->alloc = 1;
    wi->map_valid = 1;
    wi->map_warp = w->local;
    wi->map_reg = r;
    wi->map_bank = ao->head;
    w->bank[r] = (uint8_t)ao->head;
    w->lru[r] = sm->st.cycles;
    ref_t ref = {(uint16_t)w->local, (uint8_t)r, (uint8_t)ao->head};
    if (rs_has(&j->fetch, r)) {
        row->fq[(row->fq_head + row->fq_len++) % RFC_MAX_BANKS] = ref;
        w->fills++;
        sm->st.fetches++;
    } else {
        *(ref_t *)ring_push(&e->vs) = ref;
        w->vsets++;
    }
    rs_del(&j->enter, r);
}

/* inputs of a job's first cycle; the WCB's query answers are read after the evaluation */
static void job_start(sm_t *sm, unsigned s, wcb_in_t *wi)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    job_t *j = &e->job;
    warp_t *w = &sm->w[j->warp];
    wi->q_warp = w->local;
    switch (j->kind) {
    case J_DEACT:
        wi->deact_valid = 1;
        wi->deact_warp = w->local;
        sm->st.deactivations++;
        break;
    case J_ACT: {
        unsigned row = e->oo->head;
        ((aau_in_t *)ls_in(e->aoff))->alloc = 1;
        wi->act_valid = 1;
        wi->act_warp = w->local;
        wi->act_off = row;
        w->row = row;
        w->lt = LT_FETCH;
        e->row[row].warp = j->warp;
        sm->st.activations++;
        break;
    }
    case J_SWITCH: {
        int p = pidx_of(sm, &w->tr->v[w->next]);
        w->cur_iv = regint_of(&sm->ri, (unsigned)p);
        const regset_t *nv = &sm->ri.iv[w->cur_iv].regs;
        wi->ws_valid = 1;
        wi->ws_warp = w->local;
        for (unsigned r = 0; r < sm->c.arch_regs; r++)
            wi->ws_vec[r] = rs_has(nv, r);
        j->enter = *nv; /* the new set; job_query takes what stays */
        w->pf_dyn = w->next;
        w->lt = LT_FETCH;
        sm->st.prefetches++;
        break;
    }
    }
}

/* the job's query answers (the state before this cycle's updates): a register written at this
 * edge counts as live */
static void job_query(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    job_t *j = &e->job;
    warp_t *w = &sm->w[j->warp];
    const wcb_out_t *q = e->wo;
    const wcb_in_t *wi = ls_in(e->wcb);
    const int pl = plus(sm);
    regset_t now = {{0}}, live = {{0}};
    for (unsigned r = 0; r < sm->c.arch_regs; r++) {
        if (q->q_ws[r])
            rs_add(&now, r);
        if (q->q_live[r])
            rs_add(&live, r);
    }
    for (unsigned p = 0; p < sm->c.wb_ports; p++)
        if (wi->wr_valid[p] && wi->wr_warp[p] == w->local)
            rs_add(&live, wi->wr_reg[p]);
    for (unsigned r = 0; r < sm->c.arch_regs && !demand(sm); r++)
        if (w->bank[r] != NO_BANK && !rs_has(&now, r) && !sm->error) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "cycle %llu: R%u of warp %u holds cache bank %u outside "
                     "the working set the WCB reports", (unsigned long long)sm->st.cycles, r,
                     j->warp, w->bank[r]);
        }
    switch (j->kind) {
    case J_DEACT:
        for (unsigned r = 0; r < sm->c.arch_regs; r++) {
            if (w->bank[r] == NO_BANK)
                continue;
            if (!w->done_issuing && q->q_valid[r] && (!pl || rs_has(&live, r)) && !w->pend_w[r])
                evict(sm, s, j->warp, r, 0);
            w->bank[r] = NO_BANK;
        }
        w->lt = LT_DRAIN;
        j->kind = J_NONE;
        return;
    case J_ACT:
        if (!demand(sm))
            j->enter = now;
        break;
    case J_SWITCH:
        for (unsigned r = 0; r < sm->c.arch_regs; r++) {
            if (!rs_has(&now, r) || rs_has(&j->enter, r) || w->bank[r] == NO_BANK)
                continue;
            if (q->q_valid[r] && (!pl || rs_has(&live, r)))
                evict(sm, s, j->warp, r, 1);
            else
                release(e, w->row, w->bank[r]);
            w->bank[r] = NO_BANK;
        }
        for (unsigned r = 0; r < sm->c.arch_regs; r++)
            if (rs_has(&now, r) && w->bank[r] != NO_BANK)
                rs_del(&j->enter, r);
        break;
    }
    for (unsigned r = 0; r < sm->c.arch_regs; r++)
        if (rs_has(&j->enter, r) && (!pl || rs_has(&live, r)))
            rs_add(&j->fetch, r);
    j->step = 1;
}

void ltrf_back(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = sm->sc[s].lt;
    wcb_in_t *wi = ls_in(e->wcb);
    int aoff_rel = 0;
    /* rows whose evictions have all been read are given back */
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (row->warp == ~0u || sm->w[row->warp].lt != LT_DRAIN || sm->w[row->warp].ev_reads ||
            aoff_rel)
            continue;
        aau_in_t *oi = ls_in(e->aoff);
        oi->rel_valid = 1;
        oi->rel_id = r;
        aoff_rel = 1;
        ((aau_in_t *)ls_in(e->abank[r]))->rel_all = 1;
        sm->w[row->warp].lt = LT_OFF;
        row->warp = ~0u;
        row->rel_len = row->rel_pending = 0;
    }
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        aau_in_t *ai = ls_in(e->abank[r]);
        if (!row->rel_len || ai->rel_all)
            continue;
        ai->rel_valid = 1;
        ai->rel_id = row->rel[row->rel_head];
        row->rel_head = (row->rel_head + 1) % RFC_MAX_BANKS;
        row->rel_len--;
        row->rel_pending--;
    }
    if (!wi->fill_valid && e->vs.len) {
        const ref_t *v = ring_at(&e->vs, 0);
        wi->fill_valid = 1;
        wi->fill_warp = v->warp;
        wi->fill_reg = v->reg;
        sm->w[global_of(sm, s, v->warp)].vsets--;
        ring_pop(&e->vs);
    }
    int query = 0;
    if (!e->job.kind) {
        pick_job(sm, s);
        if (e->job.kind && !e->job.step) {
            job_start(sm, s, wi);
            query = 1;
        }
    }
    if (e->job.kind && e->job.step && !query)
        alloc_step(sm, s, wi);
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u)
            continue;
        warp_t *w = &sm->w[g];
        if (w->lt == LT_FETCH && !w->fills && !w->vsets && !(e->job.kind && e->job.warp == g))
            w->lt = LT_RUN;
    }
    lookup_send(sm, s, wi);
    e->wo = ls_eval(e->wcb, 1);
    if (query)
        job_query(sm, s);
    ls_eval(e->aoff, 1);
    for (unsigned r = 0; r < e->rows; r++)
        ls_eval(e->abank[r], 1);
    ls_tick(e->wcb);
    ls_tick(e->aoff);
    for (unsigned r = 0; r < e->rows; r++)
        ls_tick(e->abank[r]);
    ls_tick(e->rfc);
    ls_tick(sm->sc[s].rf);
}

void ltrf_collector_inputs(sm_t *sm, unsigned s, unsigned k, void *ocu_in)
{
    const sm_cfg_t *c = &sm->c;
    const rfc_out_t *co = sm->sc[s].lt->co;
    ocu_in_t *in = ocu_in;
    for (unsigned j = 0; j < c->max_srcs; j++) {
        unsigned p = k * c->max_srcs + j;
        in->rd_gnt[j] = co->rd_gnt[p];
        in->rsp_valid[j] = co->rsp_valid[p];
        memcpy(in->rsp_data[j], co->rsp_data[p], c->lanes * 4);
    }
}

void ltrf_stats(sm_t *sm)
{
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        const ltrf_sc_t *e = sm->sc[s].lt;
        const rfc_state_t *r = e->rfc->st;
        sm->st.rfc_reads += r->reads;
        sm->st.rfc_writes += r->writes;
        sm->st.rfc_fills += r->fills;
        sm->st.rfc_bank_conflicts += r->bank_conflicts;
    }
}
