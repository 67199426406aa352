/* Flag instructions of design `rename` (rename_int.h; Jeon and Annavaram Secs. 5, 6.2): a
 * block's pbrs, then a pir per group of rn_pir_slots instructions, looked up in the
 * release-flag cache first. */
#include "rename_int.h"

static const sbb_t *block_of(const rn_t *t, unsigned p) { return &t->prog.bbs[t->prog.pcs[p].bb]; }

/* pbr k of the block starting at static index p: its registers (the block's pbr set in
 * register order, floor(54 / id bits) per pbr) */
static unsigned pbr_regs(const sm_t *sm, unsigned p, unsigned k, uint8_t *out)
{
    const rn_t *t = RN(sm);
    const regset_t *set = &t->rel.pbr[t->prog.pcs[p].bb];
    const unsigned per = RL_FLAG_BITS / sm->c.rn_pbr_id_bits;
    unsigned n = 0, i = 0;
    for (unsigned g = 0; g < 256; g++)
        if (rs_has(set, g) && i++ / per == k)
            out[n++] = (uint8_t)g;
    return n;
}

/* instruction p starts a block (its pbrs) or a pir group */
static int needs_flags(const sm_t *sm, unsigned p)
{
    return (p - block_of(RN(sm), p)->first) % sm->c.rn_pir_slots == 0;
}

void rn_flags_refresh(sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    rn_warp_t *q = rw(sm, g);
    if (!q->live || w->done_issuing || q->flag_dyn == w->next)
        return;
    const rn_t *t = RN(sm);
    int p = rn_pidx(sm, &w->tr->v[w->next]);
    q->flag_dyn = w->next;
    q->next_pidx = p;
    const sbb_t *b = block_of(t, (unsigned)p);
    unsigned off = (unsigned)p - b->first;
    q->pbr_left = off ? 0 : t->rel.npbr[t->prog.pcs[p].bb];
    q->pbr_next = 0;
    if (off % sm->c.rn_pir_slots == 0) {
        q->pir = PIR_LOOKUP;
        q->group = (unsigned)p;
    }
}

static int pbr_blocked(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    const rn_warp_t *q = rw(sm, g);
    uint8_t regs[64];
    unsigned n = pbr_regs(sm, (unsigned)q->next_pidx, q->pbr_next, regs);
    for (unsigned i = 0; i < n; i++)
        if (w->pend_w[regs[i]] || w->pend_r[regs[i]])
            return 1;
    return 0;
}

int rn_own_verdict(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    const rn_warp_t *q = rw(sm, g);
    if (!q->live || w->done_issuing)
        return -1;
    if (q->flag_dyn != w->next) /* the second issue of a cycle reached new flags */
        return needs_flags(sm, (unsigned)rn_pidx(sm, &w->tr->v[w->next])) ? R_DESIGN : -1;
    if (q->pbr_left)
        return pbr_blocked(sm, g) ? R_SCOREBOARD : R_OK;
    if (q->pir == PIR_LOOKUP)
        return R_DESIGN;
    return q->pir == PIR_ISSUE ? R_OK : -1;
}

/* the pir word of the group at static index p, as the pass encodes it, and its payload */
static uint64_t pir_payload(const sm_t *sm, unsigned p)
{
    const rn_t *t = RN(sm);
    const sbb_t *b = block_of(t, p);
    unsigned n = b->last + 1 - p;
    if (n > sm->c.rn_pir_slots)
        n = sm->c.rn_pir_slots;
    uint64_t word = release_pir_word(t->rel.pir + p, n, sm->c.rn_pir_bits);
    return word >> 6 & ((1ull << RL_FLAG_BITS) - 1);
}

void rn_own_issue(sm_t *sm, unsigned s, unsigned g)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    const warp_t *w = &sm->w[g];
    rn_warp_t *q = rw(sm, g);
    if (q->pbr_left) {
        uint8_t regs[64];
        unsigned n = pbr_regs(sm, (unsigned)q->next_pidx, q->pbr_next, regs);
        for (unsigned i = 0; i < n; i++) {
            unsigned r = regs[i];
            if (t->idx[r] == 0xff)
                continue; /* exempt: never renamed */
            *(rn_ref_t *)q_push(&x->unmap) = (rn_ref_t){(uint16_t)w->local, (uint8_t)r};
            rs_add(&q->unmapping, r);
            q->rel_pc[r] = w->tr->v[w->next].pc;
            t->st.rn_pbr_releases++;
        }
        q->pbr_left--;
        q->pbr_next++;
        t->st.rn_pbrs++;
        return;
    }
    /* a missed pir: fetched, decoded and cached */
    q->gflags = pir_payload(sm, q->group);
    q->pir = PIR_NONE;
    x->fill_valid = 1;
    x->fill_tag = q->group;
    x->fill_flags = q->gflags;
    t->st.rn_pirs++;
}

uint32_t rn_release_bits(sm_t *sm, unsigned g, const inst_t *in)
{
    const rn_t *t = RN(sm);
    const rn_warp_t *q = rw(sm, g);
    const unsigned bits = sm->c.rn_pir_bits, mask = (1u << bits) - 1;
    unsigned p = (unsigned)rn_pidx(sm, in), off = p - q->group;
    uint32_t f = (uint32_t)(q->gflags >> (off * bits)) & mask;
    if (off >= sm->c.rn_pir_slots || f != (t->rel.pir[p] & mask))
        rn_fail(sm, "cycle %llu: warp %u pc 0x%x: release flags 0x%x from its pir group at pc "
                "0x%x; the pass set 0x%x", (unsigned long long)sm->st.cycles, g, in->pc, f,
                t->prog.pcs[q->group].pc, t->rel.pir[p] & mask);
    return f;
}

/* Drive the rflc: every warp's next instruction (the in-use rule), a pir issued last cycle as
 * a fill, and one lookup for a warp whose next instruction starts a pir group. */
void rn_flags_front(sm_t *sm, unsigned s)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    const unsigned nw = cfg_warps_per_sc(&sm->c);
    rflc_in_t *in = ls_in(x->fc);
    ls_clear_strobes(x->fc);
    int look = -1;
    for (unsigned i = 0; i < nw; i++) {
        unsigned local = (x->rflc_rr + i) % nw, g = rn_global(sm, s, local);
        const rn_warp_t *q = rw(sm, g);
        int on = q->live && !sm->w[g].done_issuing && q->flag_dyn == sm->w[g].next;
        in->warp_valid[local] = (uint32_t)on;
        in->warp_next[local] = on ? (uint32_t)q->next_pidx : 0;
        if (on && look < 0 && q->pir == PIR_LOOKUP)
            look = (int)g;
    }
    if (x->fill_valid) {
        in->fill_valid = 1;
        in->fill_tag = x->fill_tag;
        in->fill_lo = (uint32_t)x->fill_flags;
        in->fill_hi = (uint32_t)(x->fill_flags >> 32);
    }
    if (x->flush) {
        /* a new kernel: no lookup may hit the old program's flags this cycle */
        in->flush = 1;
        in->fill_valid = 0;
        x->flush = x->fill_valid = 0;
        x->fo = ls_eval(x->fc, 1);
        return;
    }
    if (look >= 0) {
        in->lk_valid = 1;
        in->lk_tag = rw(sm, (unsigned)look)->group;
    }
    x->fo = ls_eval(x->fc, 1);
    if (x->fill_valid && !x->fo->fill_ok)
        t->st.rflc_fills_refused++;
    x->fill_valid = 0;
    if (look < 0)
        return;
    rn_warp_t *q = rw(sm, (unsigned)look);
    x->rflc_rr = (sm->w[look].local + 1) % nw;
    if (x->fo->lk_hit) {
        q->gflags = x->fo->lk_lo | (uint64_t)x->fo->lk_hi << 32;
        q->pir = PIR_NONE;
        t->st.rflc_hits++;
    } else {
        q->pir = PIR_ISSUE;
        t->st.rflc_misses++;
    }
}
