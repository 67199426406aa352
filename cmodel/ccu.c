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

/* a victim order: the table's valid bits, hints, LRU ranks and LFSR it is taken from */
typedef struct {
    const uint8_t *valid, *near, *lru;
    uint16_t lfsr;
} order_t;

/* the first entry in order o among the unlocked entries excl does not name (NULL: none
 * excluded); Slots when there is none */
static unsigned victim_in(const ccu_state_t *s, const order_t *o, const uint8_t *excl)
{
    const unsigned n = s->c.slots;
#define CAND(e) (!s->lock[e] && !(excl && excl[e]))
    for (unsigned e = 0; e < n; e++)
        if (!o->valid[e] && CAND(e))
            return e;
    if (s->c.near_bits == 1)
        for (unsigned k = 0, start = o->lfsr % n; k < n; k++) {
            unsigned e = (start + k) % n;
            if (CAND(e) && !o->near[e])
                return e;
        }
    /* binary: the LRU unlocked entry; precise: the farthest (smallest closeness), then LRU */
    unsigned best = n;
    for (unsigned e = 0; e < n; e++)
        if (CAND(e) && (best == n || o->near[e] < o->near[best] ||
                        (o->near[e] == o->near[best] && o->lru[e] > o->lru[best])))
            best = e;
#undef CAND
    return best;
}

unsigned ccu_victim(const ccu_state_t *s)
{
    const order_t o = {s->valid, s->near, s->lru, s->lfsr};
    return victim_in(s, &o, NULL);
}

/* the placement's victim order */
static order_t placement_order(const ccu_state_t *s)
{
    return (order_t){s->pv_valid, s->pv_near, s->pv_lru, s->pv_lfsr};
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
        out->rd_reg[i] = s->src[i];
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

/* a valid allocating source names register r */
static int named(const ccu_state_t *s, const ccu_in_t *in, uint32_t r)
{
    for (unsigned i = 0; i < s->c.max_srcs; i++)
        if (in->alloc_src_valid[i] && in->alloc_src[i] == r)
            return 1;
    return 0;
}

/* the writes (rule 2), their victims in order o (placing: past the entries pv_kept names;
 * alloc, an allocation of the owning warp: never an entry holding a register a source names,
 * nor a register a source names);
 * the entries they kept into kept_e and their LRU touches, in port order, into wt */
static void writes(ccu_state_t *s, const ccu_in_t *in, const order_t *o, int placing, int alloc,
                   uint8_t *kept_e, uint8_t *wt, unsigned *n_wt)
{
    uint8_t excl[CCU_MAX_SLOTS], hit0[CCU_MAX_SLOTS];
    for (unsigned k = 0; k < s->c.slots; k++)
        hit0[k] = alloc && s->valid[k] && named(s, in, s->tag[k]);
    unsigned kept = 0;
    for (unsigned p = 0; p < s->c.wb_ports; p++) {
        if (!in->wr_valid[p] || !s->owned || in->wr_warp[p] != s->warp)
            continue;
        int e = lookup(s, in->wr_reg[p]);
        for (unsigned k = 0; k < s->c.slots; k++)
            excl[k] = kept_e[k] || hit0[k] || (placing && s->pv_kept[k]);
        const int read = e < 0 && alloc && named(s, in, in->wr_reg[p]);
        const unsigned v = e >= 0 ? 0 : read ? s->c.slots : victim_in(s, o, excl);
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
            kept_e[e] = 1;
            wt[(*n_wt)++] = (uint8_t)e;
            s->wr_kept++;
            continue;
        }
        if (in->wr_near[p] && kept < s->c.dports && read)
            s->wr_dropped_read++;
        else if (in->wr_near[p] && kept < s->c.dports)
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

/* source i's first source: the lowest valid slot naming its register */
static unsigned first_of(const ccu_in_t *in, unsigned i)
{
    unsigned j = 0;
    while (!(in->alloc_src_valid[j] && in->alloc_src[j] == in->alloc_src[i]))
        j++;
    return j;
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
    uint8_t seen[CCU_MAX_SLOTS] = {0}; /* entries an earlier slot hit */
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        s->sv[i] = (uint8_t)in->alloc_src_valid[i];
        s->pend[i] = s->rdy[i] = s->wait[i] = s->nh[i] = 0;
        s->idx[i] = 0;
        s->src[i] = s->sv[i] ? in->alloc_src[i] : 0;
        if (!s->sv[i])
            continue;
        for (unsigned j = 0; j < s->c.max_srcs; j++)
            if (in->alloc_src_valid[j] && in->alloc_src[j] == in->alloc_src[i] &&
                in->alloc_near[j] > s->nh[i])
                s->nh[i] = (uint8_t)in->alloc_near[j];
        const int e = lookup(s, in->alloc_src[i]);
        if (e < 0) { /* a miss: its entry at the next edge, one request per register */
            s->wait[i] = 1;
            if (first_of(in, i) == i) {
                s->pend[i] = 1;
                s->misses++;
            } else
                s->dup_reads_saved++;
            continue;
        }
        if (seen[e]) { /* a register an earlier slot named */
            if (in->alloc_near[i] > s->near[e])
                s->near[e] = (uint8_t)in->alloc_near[i];
        } else {
            s->hits++;
            s->lock[e] = 1;
            s->near[e] = (uint8_t)in->alloc_near[i];
            seen[e] = 1;
        }
        s->rdy[i] = 1;
        touch(s, (unsigned)e);
        s->idx[i] = (uint8_t)e;
    }
    s->allocs++;
}

/* the placement: the waiting sources take their entries, slot by slot */
static void place(ccu_state_t *s)
{
    const unsigned n = s->c.slots;
    unsigned got[CCU_MAX_SRCS]; /* the entry each waiting source took (n: none) */
    const order_t o = placement_order(s);
    for (unsigned i = 0; i < s->c.max_srcs; i++) {
        if (!s->wait[i])
            continue;
        unsigned j = 0;
        while (j < i && !(s->wait[j] && s->src[j] == s->src[i]))
            j++;
        unsigned e = j < i ? got[j] : victim_in(s, &o, s->pv_kept);
        got[i] = e;
        if (e == n) /* none free: not with Slots >= MaxSrcs */
            continue;
        if (j == i) {
            s->valid[e] = 1;
            s->tag[e] = s->src[i];
            s->lock[e] = 1;
            s->near[e] = s->nh[i];
        }
        touch(s, e);
        s->idx[i] = (uint8_t)e;
    }
    memset(s->wait, 0, sizeof s->wait);
}

void ccu_tick(ccu_state_t *s, const ccu_in_t *in)
{
    const unsigned n = s->c.max_srcs;
    const int dispatch = s->busy && all_ready(s) && in->disp_ready;
    const int alloc = in->alloc_valid && !(s->busy && !dispatch);
    const int rel = in->rel_valid && s->owned && in->rel_warp == s->warp;
    int placing = 0;
    for (unsigned i = 0; i < n; i++)
        placing |= s->wait[i];
    /* the victim order as the edge begins: the writes' (unless placing) and, when it
     * allocates, the next edge's placement's */
    uint8_t valid0[CCU_MAX_SLOTS], near0[CCU_MAX_SLOTS], lru0[CCU_MAX_SLOTS];
    memcpy(valid0, s->valid, sizeof valid0);
    memcpy(near0, s->near, sizeof near0);
    memcpy(lru0, s->lru, sizeof lru0);
    const order_t now = {valid0, near0, lru0, s->lfsr};
    const order_t pl = placement_order(s);
    place(s);
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
    uint8_t wt[CCU_MAX_WB], kept_e[CCU_MAX_SLOTS] = {0};
    unsigned n_wt = 0;
    const int own = alloc && s->owned && in->alloc_warp == s->warp; /* no flush */
    writes(s, in, placing ? &pl : &now, placing, own, kept_e, wt, &n_wt);
    if (alloc) {
        const int clear = rel || !s->owned || in->alloc_warp != s->warp;
        for (unsigned e = 0; e < s->c.slots; e++) {
            s->pv_valid[e] = clear ? 0 : valid0[e];
            s->pv_kept[e] = clear ? 0 : kept_e[e];
        }
        memcpy(s->pv_near, near0, sizeof near0);
        memcpy(s->pv_lru, lru0, sizeof lru0);
        s->pv_lfsr = s->lfsr;
    }
    if (rel) {
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
    if (alloc)
        allocate(s, in);
    for (unsigned k = 0; k < n_wt; k++)
        touch(s, wt[k]);
    s->lfsr = (uint16_t)(s->lfsr >> 1 | ((s->lfsr ^ s->lfsr >> 2 ^ s->lfsr >> 3 ^ s->lfsr >> 5) & 1u) << 15);
}
