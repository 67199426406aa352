/* The rename stage of design `rename` (rename_int.h): rnt lookups, allocations and maps,
 * pir unmaps, collector allocation, and the read- and write-pending counts that free a
 * released physical register. */
#include "rename_int.h"

int rn_slot(const sm_t *sm, unsigned s, unsigned g)
{
    (void)g;
    const rn_sc_t *x = RSC(sm, s);
    for (unsigned i = 0; i < RN_STAGE; i++)
        if (!x->e[i].valid)
            return (int)i;
    RN(sm)->st.rn_stage_full++;
    return -1;
}

/* a source or destination of the entry gets physical register p: it is pending */
static void take(sm_t *sm, unsigned s, rn_entry_t *e, unsigned j, unsigned p)
{
    rn_sc_t *x = RSC(sm, s);
    e->phys[j] = (uint16_t)p;
    x->preads[p] += e->src[j];
    x->pwrites[p] += e->dst[j];
}

void rn_issue(sm_t *sm, unsigned s, int slot, unsigned f)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    rn_entry_t *e = &x->e[slot];
    const flight_t *fl = &sm->fl[f];
    const inst_t *in = fl->in;
    rn_warp_t *q = rw(sm, fl->warp);
    const unsigned local = sm->w[fl->warp].local;
    uint32_t rel = rn_release_bits(sm, fl->warp, in);
    memset(e, 0, sizeof *e);
    e->valid = 1;
    e->flight = f;
    e->seq = x->seq++;
    for (unsigned i = 0; i < (unsigned)in->nsrc + in->ndst; i++) {
        int is_src = i < in->nsrc;
        unsigned r = is_src ? in->src[i] : in->dst[i - in->nsrc], j = 0;
        while (j < e->n && e->reg[j] != r)
            j++;
        if (j == e->n)
            e->reg[e->n++] = (uint8_t)r;
        e->src[j] |= (uint8_t)is_src;
        e->dst[j] |= (uint8_t)!is_src;
        e->rel[j] |= (uint8_t)(is_src && (rel >> i & 1));
    }
    for (unsigned j = 0; j < e->n; j++) {
        unsigned r = e->reg[j];
        e->rel[j] &= (uint8_t)!e->dst[j]; /* released and written: the mapping stays */
        if (e->rel[j])
            q->rel_pc[r] = in->pc;
        t->st.rn_pir_releases += e->rel[j];
        e->phys[j] = RN_NONE;
        if (t->idx[r] == 0xff) {
            take(sm, s, e, j, rn_exempt_phys(t, local, r));
            e->st[j] = RG_DONE;
        } else
            e->st[j] = RG_LOOKUP;
    }
}

/* an older entry of the same warp, or a queued pbr, is to unmap register r */
static int unmap_ahead(const sm_t *sm, const rn_sc_t *x, const rn_entry_t *e, unsigned r)
{
    unsigned g = sm->fl[e->flight].warp;
    if (rs_has(&rw(sm, g)->unmapping, r))
        return 1;
    for (unsigned i = 0; i < RN_STAGE; i++) {
        const rn_entry_t *o = &x->e[i];
        if (!o->valid || o->seq >= e->seq || sm->fl[o->flight].warp != g)
            continue;
        for (unsigned j = 0; j < o->n; j++)
            if (o->reg[j] == r && o->rel[j] && o->st[j] != RG_DONE)
                return 1;
    }
    return 0;
}

static unsigned order(const rn_sc_t *x, unsigned *ord)
{
    return SLOTS_BY_AGE(x->e, rn_entry_t, RN_STAGE, ord);
}

enum { WK_NONE, WK_MAP, WK_UNMAP, WK_QUEUE, WK_WB };

/* Drive the rnt: lookups oldest entry first; writes: the write-back map, queued pbr unmaps,
 * then the entries' unmaps and maps oldest first; the drain of an exited warp. */
void rn_stage_drive(sm_t *sm, unsigned s)
{
    const rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    rnt_in_t *in = ls_in(x->rnt);
    const rnt_cfg_t *rc = x->rnt->cfg;
    ls_clear_strobes(x->rnt);
    in->regs = t->renamable;
    unsigned ord[RN_STAGE], n = order(x, ord), lp = 0, wp = 0;
    for (unsigned p = 0; p < rc->lk_ports; p++)
        x->lk_ent[p] = -1;
    for (unsigned p = 0; p < rc->banks; p++)
        x->wr_kind[p] = WK_NONE;
    for (unsigned i = 0; i < n && lp < rc->lk_ports; i++) {
        rn_entry_t *e = &x->e[ord[i]];
        for (unsigned j = 0; j < e->n && lp < rc->lk_ports; j++) {
            if (e->st[j] != RG_LOOKUP || unmap_ahead(sm, x, e, e->reg[j]))
                continue;
            in->lk_valid[lp] = 1;
            in->lk_warp[lp] = sm->w[sm->fl[e->flight].warp].local;
            in->lk_idx[lp] = t->idx[e->reg[j]];
            x->lk_ent[lp] = (int)ord[i];
            x->lk_reg[lp++] = (int)j;
        }
    }
#define WRITE(kind, ent, reg, warp, idx, unmap, phys)                                              \
    do {                                                                                           \
        in->wr_valid[wp] = 1;                                                                      \
        in->wr_unmap[wp] = (unmap);                                                                \
        in->wr_warp[wp] = (warp);                                                                  \
        in->wr_idx[wp] = (idx);                                                                    \
        in->wr_phys[wp] = (phys);                                                                  \
        x->wr_kind[wp] = (kind);                                                                   \
        x->wr_ent[wp] = (ent);                                                                     \
        x->wr_reg[wp++] = (reg);                                                                   \
    } while (0)
    for (unsigned i = 0; i < ((const avail_cfg_t *)x->av->cfg)->ports && wp < rc->banks; i++)
        if (x->wb[i].active && x->wb[i].st == RG_MAP) {
            const flight_t *fl = &sm->fl[x->wb[i].flight];
            unsigned r = fl->in->dst[x->wb[i].d];
            WRITE(WK_WB, (int)i, (int)r, sm->w[fl->warp].local, t->idx[r], 0, x->wb[i].phys);
        }
    for (unsigned i = 0; i < x->unmap.len && wp < rc->banks; i++) {
        const rn_ref_t *u = q_at(&x->unmap, i);
        WRITE(WK_QUEUE, (int)i, u->reg, u->warp, t->idx[u->reg], 1, 0);
    }
    for (int kind = WK_UNMAP; kind >= WK_MAP; kind--)
        for (unsigned i = 0; i < n && wp < rc->banks; i++) {
            rn_entry_t *e = &x->e[ord[i]];
            for (unsigned j = 0; j < e->n && wp < rc->banks; j++)
                if (e->st[j] == (kind == WK_UNMAP ? RG_UNMAP : RG_MAP))
                    WRITE(kind, (int)ord[i], (int)j, sm->w[sm->fl[e->flight].warp].local,
                          t->idx[e->reg[j]], kind == WK_UNMAP, kind == WK_MAP ? e->phys[j] : 0);
        }
#undef WRITE
    if (x->drainq.len && !x->drain_gap) {
        in->drain_valid = 1;
        in->drain_warp = *(const unsigned *)q_at(&x->drainq, 0);
    }
    x->drain_gap = 0;
}

/* physical register p has no pending read or write: freed when it was released */
void rn_phys_done(sm_t *sm, unsigned s, unsigned p)
{
    rn_sc_t *x = RSC(sm, s);
    if (x->released[p] && !x->preads[p] && !x->pwrites[p]) {
        x->released[p] = 0;
        *(uint16_t *)q_push(&x->freeq) = (uint16_t)p;
    }
}

/* (warp, r) -> p was written into the rnt */
static void mapped(sm_t *sm, unsigned s, unsigned local, unsigned r, unsigned p, unsigned old)
{
    rn_sc_t *x = RSC(sm, s);
    rn_warp_t *q = rw(sm, rn_global(sm, s, local));
    if (old || q->map[r] != RN_NONE || x->owner_warp[p] != RN_NONE || !x->allocated[p]) {
        rn_fail(sm, "cycle %llu: sub-core %u mapped R%u of warp %u to P%u, %s",
                (unsigned long long)sm->st.cycles, s, r, rn_global(sm, s, local), p,
                !x->allocated[p] ? "which is free" :
                x->owner_warp[p] != RN_NONE ? "which is mapped already" :
                "which the register had already");
        return;
    }
    q->map[r] = (uint16_t)p;
    x->owner_warp[p] = (uint16_t)local;
    x->owner_reg[p] = (uint8_t)r;
}

/* (warp, r) was unmapped or drained; it held p (valid) */
static void unmapped(sm_t *sm, unsigned s, unsigned local, unsigned r, int valid, unsigned p)
{
    rn_sc_t *x = RSC(sm, s);
    unsigned g = rn_global(sm, s, local);
    rn_warp_t *q = rw(sm, g);
    if (valid != (q->map[r] != RN_NONE) || (valid && q->map[r] != p)) {
        rn_fail(sm, "cycle %llu: sub-core %u: the rnt unmapped R%u of warp %u %s P%u; the design "
                "mapped it to P%u", (unsigned long long)sm->st.cycles, s, r, g,
                valid ? "from" : "finding no", p, q->map[r]);
        return;
    }
    if (!valid)
        return;
    q->map[r] = RN_NONE;
    x->owner_warp[p] = RN_NONE;
    x->released[p] = 1;
    rn_phys_done(sm, s, p);
}

/* a lookup answered for register j of entry e */
static void answer(sm_t *sm, unsigned s, rn_entry_t *e, unsigned j, int is_mapped, unsigned p)
{
    const flight_t *fl = &sm->fl[e->flight];
    const warp_t *w = &sm->w[fl->warp];
    rn_warp_t *q = rw(sm, fl->warp);
    unsigned r = e->reg[j];
    const uint32_t lanes = sm_lanes(sm, fl->in);
    if (e->src[j] && (q->lost[r] & lanes)) {
        rn_fail(sm, "cycle %llu: warp %u pc 0x%x (%s:%u) reads R%u on lanes 0x%08x, which pc 0x%x "
                "mapped anew under a partial mask after pc 0x%x released it: their values are "
                "lost", (unsigned long long)sm->st.cycles, fl->warp, fl->in->pc, sm->k->file,
                fl->in->line, r, q->lost[r] & lanes, q->lost_pc[r], q->rel_pc[r]);
        return;
    }
    if (e->dst[j]) /* the lanes it writes hold values again */
        q->lost[r] = is_mapped ? q->lost[r] & ~lanes : w->defined[r] & ~lanes;
    if (!is_mapped && e->dst[j] && q->lost[r])
        q->lost_pc[r] = fl->in->pc;
    if (is_mapped != (q->map[r] != RN_NONE) || (is_mapped && p != q->map[r])) {
        rn_fail(sm, "cycle %llu: sub-core %u: the rnt answered %s P%u for R%u of warp %u; the "
                "design mapped it to P%u", (unsigned long long)sm->st.cycles, s,
                is_mapped ? "mapped to" : "unmapped,", p, r, fl->warp, q->map[r]);
        return;
    }
    if (is_mapped) {
        take(sm, s, e, j, p);
        e->st[j] = e->rel[j] ? RG_UNMAP : RG_DONE;
        return;
    }
    if (e->src[j] && (w->defined[r] & sm_lanes(sm, fl->in))) {
        rn_fail(sm, "cycle %llu: warp %u pc 0x%x (%s:%u) reads R%u, which pc 0x%x released and "
                "no instruction wrote since: it is unmapped", (unsigned long long)sm->st.cycles,
                fl->warp, fl->in->pc, sm->k->file, fl->in->line, r, q->rel_pc[r]);
        return;
    }
    if (e->dst[j] && sm->c.rn_alloc == RN_ALLOC_ISSUE) {
        e->st[j] = RG_ALLOC;
        return;
    }
    RN(sm)->st.rn_unmapped_reads += e->src[j];
    e->st[j] = RG_DONE; /* a source never written, or a destination mapped at write-back */
}

/* the rnt's outputs: last cycle's answers, this cycle's grants, writes and drain */
void rn_stage_outputs(sm_t *sm, unsigned s)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    const rnt_out_t *o = x->ro;
    const rnt_cfg_t *rc = x->rnt->cfg;
    const rnt_in_t *in = x->rnt->in;
    for (unsigned p = 0; p < rc->lk_ports; p++) {
        if (o->lk_rsp_valid[p] && x->ans_ent[p] >= 0)
            answer(sm, s, &x->e[x->ans_ent[p]], (unsigned)x->ans_reg[p], (int)o->lk_rsp_mapped[p],
                   o->lk_rsp_phys[p]);
        x->ans_ent[p] = -1;
        if (x->lk_ent[p] < 0)
            continue;
        if (o->lk_gnt[p]) {
            x->e[x->lk_ent[p]].st[x->lk_reg[p]] = RG_ASKED;
            x->ans_ent[p] = x->lk_ent[p];
            x->ans_reg[p] = x->lk_reg[p];
        }
    }
    unsigned popped = 0;
    for (unsigned p = 0; p < rc->banks; p++) {
        t->st.rn_write_conflicts += x->wr_kind[p] != WK_NONE && !o->wr_gnt[p];
        if (x->wr_kind[p] == WK_NONE || !o->wr_gnt[p])
            continue;
        unsigned local = in->wr_warp[p], phys = in->wr_phys[p];
        int in_entry = x->wr_kind[p] == WK_MAP || x->wr_kind[p] == WK_UNMAP;
        unsigned r = in_entry ? x->e[x->wr_ent[p]].reg[x->wr_reg[p]] : (unsigned)x->wr_reg[p];
        if (x->wr_kind[p] == WK_MAP || x->wr_kind[p] == WK_WB) {
            mapped(sm, s, local, r, phys, o->wr_old_valid[p]);
            if (x->wr_kind[p] == WK_MAP)
                x->e[x->wr_ent[p]].st[x->wr_reg[p]] = RG_DONE;
            else {
                rn_wbmap_t *b = &x->wb[x->wr_ent[p]];
                rn_fphys(sm, b->flight)->dst[b->d] = (uint16_t)phys;
                x->pwrites[phys]++;
                b->active = 0;
            }
            continue;
        }
        unmapped(sm, s, local, r, (int)o->wr_old_valid[p], o->wr_old_phys[p]);
        if (x->wr_kind[p] == WK_UNMAP)
            x->e[x->wr_ent[p]].st[x->wr_reg[p]] = RG_DONE;
        else {
            rs_del(&rw(sm, rn_global(sm, s, local))->unmapping, r);
            ((rn_ref_t *)q_at(&x->unmap, (unsigned)x->wr_ent[p]))->warp = RN_NONE;
            popped++;
        }
    }
    if (popped) { /* granted pbr unmaps leave the queue, the others keep their order */
        queue_t keep;
        q_init(&keep, sizeof(rn_ref_t));
        while (x->unmap.len) {
            rn_ref_t u = *(rn_ref_t *)q_at(&x->unmap, 0);
            q_pop(&x->unmap);
            if (u.warp != RN_NONE)
                *(rn_ref_t *)q_push(&keep) = u;
        }
        q_free(&x->unmap);
        x->unmap = keep;
    }
    if (!in->drain_valid)
        return;
    unsigned local = *(const unsigned *)q_at(&x->drainq, 0), g = rn_global(sm, s, local);
    for (unsigned b = 0; b < rc->banks; b++) {
        if (!o->drain_free_valid[b])
            continue;
        unsigned p = o->drain_free_phys[b];
        if (x->owner_warp[p] != local) {
            rn_fail(sm, "cycle %llu: sub-core %u drained P%u for warp %u; the design had it %s",
                    (unsigned long long)sm->st.cycles, s, p, g,
                    x->owner_warp[p] == RN_NONE ? "unmapped" : "mapped by another warp");
            return;
        }
        unmapped(sm, s, local, x->owner_reg[p], 1, p);
        t->st.rn_drained++;
    }
    if (!o->drain_done)
        return;
    rn_warp_t *q = rw(sm, g);
    for (unsigned r = 0; r < 256; r++)
        if (q->map[r] != RN_NONE) {
            rn_fail(sm, "cycle %llu: warp %u exited and its drain is done, but R%u is still mapped "
                    "to P%u", (unsigned long long)sm->st.cycles, g, r, q->map[r]);
            return;
        }
    q_pop(&x->drainq);
    x->drain_gap = 1; /* the rnt's drain cursor restarts when drain_valid falls */
    q->draining = 0;
    sm_slots_changed(sm);
}

/* Drive avail: allocations (the write-back map's, then the entries' oldest first), frees
 * from the free queue, reservations of kernel setup (front.c). */
void rn_avail_drive(sm_t *sm, unsigned s, avail_in_t *in)
{
    rn_sc_t *x = RSC(sm, s);
    const avail_cfg_t *ac = x->av->cfg;
    unsigned ord[RN_STAGE], n = order(x, ord), ap = 0;
    for (unsigned p = 0; p < ac->ports; p++)
        x->al_ent[p] = -2;
    for (unsigned i = 0; i < ac->ports && ap < ac->ports; i++)
        if (x->wb[i].active && x->wb[i].st == RG_ALLOC) {
            const flight_t *fl = &sm->fl[x->wb[i].flight];
            in->al_valid[ap] = 1;
            in->al_bank[ap] = rn_base_bank(sm, sm->w[fl->warp].local, fl->in->dst[x->wb[i].d]);
            x->al_ent[ap] = -1;
            x->al_reg[ap++] = (int)i;
        }
    for (unsigned i = 0; i < n && ap < ac->ports; i++) {
        rn_entry_t *e = &x->e[ord[i]];
        for (unsigned j = 0; j < e->n && ap < ac->ports; j++)
            if (e->st[j] == RG_ALLOC) {
                in->al_valid[ap] = 1;
                in->al_bank[ap] = rn_base_bank(sm, sm->w[sm->fl[e->flight].warp].local, e->reg[j]);
                x->al_ent[ap] = (int)ord[i];
                x->al_reg[ap++] = (int)j;
            }
    }
    for (x->nfr = 0; x->nfr < ac->ports && x->freeq.len; x->nfr++) {
        in->fr_valid[x->nfr] = 1;
        in->fr_id[x->nfr] = *(const uint16_t *)q_at(&x->freeq, 0);
        q_pop(&x->freeq);
    }
}

void rn_avail_outputs(sm_t *sm, unsigned s)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    const avail_out_t *o = x->ao;
    const avail_in_t *in = x->av->in;
    const avail_cfg_t *ac = x->av->cfg;
    for (unsigned p = 0; p < x->nfr; p++) {
        unsigned id = in->fr_id[p];
        if (o->fr_err[p] || !x->allocated[id]) {
            rn_fail(sm, "cycle %llu: sub-core %u: avail refused to free P%u (not allocated)",
                    (unsigned long long)sm->st.cycles, s, id);
            return;
        }
        x->allocated[id] = 0;
        t->st.rn_frees++;
    }
    for (unsigned p = 0; p < ac->ports; p++) {
        if (x->al_ent[p] == -2)
            continue;
        if (!o->al_gnt[p]) {
            t->st.rn_alloc_refused++;
            continue;
        }
        unsigned id = o->al_id[p];
        if (x->allocated[id]) {
            rn_fail(sm, "cycle %llu: sub-core %u: avail granted P%u, which is allocated",
                    (unsigned long long)sm->st.cycles, s, id);
            return;
        }
        x->allocated[id] = 1;
        t->st.phys_distinct += !x->ever[id];
        x->ever[id] = 1;
        if (x->al_ent[p] < 0) {
            x->wb[x->al_reg[p]].phys = (uint16_t)id;
            x->wb[x->al_reg[p]].st = RG_MAP;
            continue;
        }
        rn_entry_t *e = &x->e[x->al_ent[p]];
        take(sm, s, e, (unsigned)x->al_reg[p], id);
        e->st[x->al_reg[p]] = RG_MAP;
    }
}

/* entries with every register translated take a free collector, oldest first */
void rn_stage_allocate(sm_t *sm, unsigned s)
{
    rn_sc_t *x = RSC(sm, s);
    unsigned ord[RN_STAGE], n = order(x, ord);
    int stalled = 0;
    for (unsigned i = 0; i < n; i++) {
        rn_entry_t *e = &x->e[ord[i]];
        unsigned j = 0;
        while (j < e->n && e->st[j] == RG_DONE)
            j++;
        if (j < e->n)
            continue;
        const flight_t *fl = &sm->fl[e->flight];
        int cu = sm_cu_free(sm, s, fl->warp);
        if (cu < 0) {
            stalled = 1;
            continue;
        }
        const inst_t *in = fl->in;
        rn_fphys_t *fp = rn_fphys(sm, e->flight);
        uint32_t src[INST_MAX_SRC];
        for (unsigned i2 = 0; i2 < in->nsrc; i2++) {
            unsigned k = 0;
            while (e->reg[k] != in->src[i2])
                k++;
            src[i2] = e->phys[k] == RN_NONE ? 0 : e->phys[k];
        }
        for (unsigned d = 0; d < in->ndst; d++) {
            unsigned k = 0;
            while (e->reg[k] != in->dst[d])
                k++;
            fp->dst[d] = e->phys[k];
        }
        fp->nsrc = 0;
        for (unsigned k = 0; k < e->n; k++)
            if (e->src[k] && e->phys[k] != RN_NONE)
                fp->src[fp->nsrc++] = e->phys[k];
        sm_cu_alloc_ops(sm, s, cu, e->flight, sm->w[fl->warp].local, src);
        e->valid = 0;
    }
    sm->st.stall_collector += stalled;
}

/* the operands are read: their read-pending counts fall */
void rn_dispatched(sm_t *sm, unsigned s, unsigned f)
{
    rn_sc_t *x = RSC(sm, s);
    const rn_fphys_t *fp = rn_fphys(sm, f);
    for (unsigned i = 0; i < fp->nsrc; i++) {
        x->preads[fp->src[i]]--;
        rn_phys_done(sm, s, fp->src[i]);
    }
}
