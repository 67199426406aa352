/* The back half of a cache design's cycle (ltrf.h): the activation engine (deactivation,
 * activation, PREFETCH interval switches, rfc-demand fetches), then the final evaluation and
 * the clock edge of the control blocks, the cache and the main register file. */
#include "ltrf_int.h"
#include "core/sched.h"

static void evict(sm_t *sm, unsigned s, unsigned g, unsigned r, int release)
{
    ltrf_sc_t *e = SC(sm, s);
    warp_t *w = &sm->w[g];
    evict_t *v = &e->ev[e->nev++];
    v->row = (uint16_t)lw(sm, w)->row;
    v->warp = (uint16_t)w->local;
    v->bank = lw(sm, w)->bank[r];
    v->reg = (uint8_t)r;
    v->release = (uint8_t)release;
    e->row[lw(sm, w)->row].rel_pending += release;
    lw(sm, w)->ev_reads++;
    lw(sm, w)->ev_writes++;
    lw(sm, w)->evp[r]++;
    LT(sm)->st.writebacks++;
}

static void release(ltrf_sc_t *e, unsigned row, unsigned bank)
{
    lrow_t *rw = &e->row[row];
    rw->rel[(rw->rel_head + rw->rel_len++) % RFC_MAX_BANKS] = (uint8_t)bank;
    rw->rel_pending++;
}

/* warp g's next instruction waits on one of its long loads (deact_rule) */
static int waits_on_load(const sm_t *sm, unsigned g)
{
    const warp_t *w = &sm->w[g];
    return w->long_pending && !w->done_issuing && !w->at_barrier && sm_waits_long(w);
}

/* the registers an activation of warp g fetches (ltrf, ltrf+): the interval it reaches, else
 * the one it holds */
static const regset_t *act_set(const sm_t *sm, unsigned g)
{
    const ltrf_t *t = LT(sm);
    unsigned iv = ltrf_header_iv(sm, g);
    if (iv == ~0u)
        iv = lw(sm, &sm->w[g])->cur_iv;
    return t->v->demand || iv == ~0u ? NULL : &t->ri.iv[iv].regs;
}

/* besides the pool's rules (sched_pool_next), a warp waits for its WCB entry to be
 * initialised, for its write-backs and for the results of the registers it would fetch */
static int can_activate(const sm_t *sm, unsigned g, const void *ctx)
{
    const wcb_in_t *wi = ctx;
    const warp_t *w = &sm->w[g];
    if (!(lw(sm, w)->lt == LT_OFF && !lw(sm, w)->ev_reads && !lw(sm, w)->ev_writes &&
          !(wi->init_valid && wi->init_warp == w->local)))
        return 0;
    const regset_t *set = act_set(sm, g);
    for (unsigned r = 0; set && w->wpend && r < sm->c.arch_regs; r++)
        if (rs_has(set, r) && w->pend_w[r])
            return 0;
    return 1;
}

/* the job to start this cycle, on a row without one: deactivations, interval switches, demand
 * fetches, activations */
static void pick_job(sm_t *sm, unsigned s, job_t *j)
{
    ltrf_sc_t *e = SC(sm, s);
    const unsigned next = sched_pool_next(sm, s, can_activate, ls_peek(e->wcb));
    memset(j, 0, sizeof *j);
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u || e->job[r].kind)
            continue;
        const warp_t *w = &sm->w[g];
        if (lw(sm, w)->lt != LT_RUN || lw(sm, w)->incu || lw(sm, w)->fills || lw(sm, w)->vsets)
            continue;
        if (w->done_issuing || waits_on_load(sm, g) || (w->at_barrier && next != ~0u)) {
            j->kind = J_DEACT;
            j->warp = g;
            return;
        }
    }
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u || e->job[r].kind)
            continue;
        const warp_t *w = &sm->w[g];
        if (lw(sm, w)->lt == LT_RUN && !lw(sm, w)->incu && ltrf_wait(sm, g) == W_PREFETCH) {
            j->kind = J_SWITCH;
            j->warp = g;
            return;
        }
    }
    unsigned ord[LK_MAX], n = ltrf_lk_order(e, ord);
    for (unsigned o = 0; o < n; o++) {
        const lookup_t *lk = &e->lk[ord[o]];
        if (!lk->miss_seen)
            continue;
        unsigned g = sm->fl[lk->flight].warp;
        const warp_t *w = &sm->w[g];
        const inst_t *in = sm->fl[lk->flight].in;
        if (e->job[lw(sm, w)->row].kind)
            continue;
        for (unsigned i = 0; i < lk->n; i++)
            if ((lk->first_done >> i & 1) && !lk->hit[i] && lw(sm, w)->bank[lk->reg[i]] == NO_BANK) {
                rs_add(&j->enter, lk->reg[i]);
                /* a source, or a destination written on part of the lanes, needs its value */
                int need = sm_partial(sm, w, in);
                for (unsigned k = 0; k < in->nsrc; k++)
                    need |= in->src[k] == lk->reg[i];
                if (need)
                    rs_add(&j->fetch, lk->reg[i]);
            }
        if (rs_count(&j->enter)) {
            j->kind = J_DEMAND;
            j->warp = g;
            j->step = 1;
            return;
        }
    }
    if (next != ~0u && e->oo->avail) {
        j->kind = J_ACT;
        j->warp = next;
    }
}

/* the least recently used register of warp g that no instruction holds (rfc-demand) */
static int victim(const sm_t *sm, unsigned g, const regset_t *enter)
{
    const warp_t *w = &sm->w[g];
    const ltrf_warp_t *q = lw(sm, w);
    int best = -1;
    for (unsigned i = 0; i < 4; i++)
        for (uint64_t m = q->mapped.w[i]; m; m &= m - 1) {
            unsigned r = 64 * i + (unsigned)__builtin_ctzll(m);
            if (!w->pend_r[r] && !w->pend_w[r] && !rs_has(enter, r) &&
                (best < 0 || q->lru[r] < q->lru[best]))
                best = (int)r;
        }
    return best;
}

/* the row's allocation unit gives up to rfc_alloc_ports banks a cycle, the WCB maps each on
 * the row's map port of the same rank */
static void alloc_step(sm_t *sm, unsigned s, job_t *j)
{
    ltrf_sc_t *e = SC(sm, s);
    warp_t *w = &sm->w[j->warp];
    ltrf_warp_t *q = lw(sm, w);
    if (rs_first(&j->enter) >= sm->c.arch_regs) {
        j->kind = J_NONE;
        return;
    }
    const unsigned A = sm->c.rfc_alloc_ports, m0 = q->row * A;
    lrow_t *row = &e->row[q->row];
    const aau_out_t *ao = e->ao[q->row];
    if (!ao->avail) {
        if (LT(sm)->v->demand && !row->rel_pending) {
            int v = victim(sm, j->warp, &j->enter);
            if (v >= 0) {
                evict(sm, s, j->warp, (unsigned)v, 1);
                /* a re-map clears the victim's valid bit in the address table */
                wcb_in_t *wi = ls_in(e->wcb);
                wi->map_valid[m0] = 1;
                wi->map_warp[m0] = w->local;
                wi->map_reg[m0] = (unsigned)v;
                wi->map_bank[m0] = q->bank[v];
                set_bank(q, (unsigned)v, NO_BANK);
            }
        }
        return;
    }
    aau_in_t *ai = ls_in(e->abank[q->row]);
    wcb_in_t *wi = ls_in(e->wcb);
    unsigned k = 0;
    for (unsigned r; k < A && k < ao->free_count && (r = rs_first(&j->enter)) < sm->c.arch_regs; k++) {
        const unsigned b = ao->head[k], m = m0 + k;
        ai->alloc_valid[k] = 1;
        wi->map_valid[m] = 1;
        wi->map_warp[m] = w->local;
        wi->map_reg[m] = r;
        wi->map_bank[m] = b;
        set_bank(q, r, b);
        q->lru[r] = sm->st.cycles;
        ref_t ref = {(uint16_t)w->local, (uint8_t)r, (uint8_t)b};
        if (rs_has(&j->fetch, r)) {
            row->fq[(row->fq_head + row->fq_len++) % RFC_MAX_BANKS] = ref;
            q->infill[r] = 1;
            /* a result issued before the switch lands in the main RF first; a demand miss's
             * own result is written after the fill */
            q->fwait[r] = j->kind != J_DEMAND && w->pend_w[r];
            q->fills++;
            LT(sm)->st.fetches++;
        } else {
            *(ref_t *)q_push(&e->vs) = ref;
            q->vsets++;
        }
        rs_del(&j->enter, r);
    }
}

/* PREFETCH decode: the WCB takes interval iv's working set, the job its registers */
static void switch_start(sm_t *sm, wcb_in_t *wi, warp_t *w, unsigned iv, job_t *j)
{
    const regset_t *nv = &LT(sm)->ri.iv[iv].regs;
    lw(sm, w)->cur_iv = iv;
    wi->ws_valid = 1;
    wi->ws_warp = w->local;
    for (unsigned r = 0; r < sm->c.arch_regs; r++)
        wi->ws_vec[r] = rs_has(nv, r);
    j->enter = *nv; /* the new set; job_query takes what stays */
    lw(sm, w)->pf_dyn = w->next;
    lw(sm, w)->lt = LT_FETCH;
    LT(sm)->pst.prefetches++;
    LT(sm)->pst.prefetch_pending += w->wpend != 0;
}

/* inputs of a job's first cycle; the WCB's query answers are read after the evaluation */
static void job_start(sm_t *sm, unsigned s, job_t *j)
{
    ltrf_sc_t *e = SC(sm, s);
    wcb_in_t *wi = ls_in(e->wcb);
    warp_t *w = &sm->w[j->warp];
    wi->q_warp = w->local;
    switch (j->kind) {
    case J_DEACT:
        wi->deact_valid = 1;
        wi->deact_warp = w->local;
        LT(sm)->st.deactivations++;
        break;
    case J_ACT: {
        unsigned row = e->oo->head[0];
        ((aau_in_t *)ls_in(e->aoff))->alloc_valid[0] = 1;
        wi->act_valid = 1;
        wi->act_warp = w->local;
        wi->act_off = row;
        lw(sm, w)->row = row;
        lw(sm, w)->lt = LT_FETCH;
        lw(sm, w)->fetch_why = J_ACT;
        e->row[row].warp = j->warp;
        sched_pool_joined(sm, s, j->warp);
        LT(sm)->st.activations++;
        /* a warp reactivated at an interval header fetches the new interval directly */
        unsigned iv = ltrf_header_iv(sm, j->warp);
        if (iv != ~0u) {
            switch_start(sm, wi, w, iv, j);
            j->kind = J_ACT_SWITCH;
            LT(sm)->pst.act_prefetches++;
        }
        break;
    }
    case J_SWITCH:
        switch_start(sm, wi, w, ltrf_header_iv(sm, j->warp), j);
        lw(sm, w)->fetch_why = J_SWITCH;
        break;
    }
}
/* a register the warp leaves with its value in the cache is written back under the design's
 * rule (rfc_writeback) */
static int writes_back(const ltrf_t *t, int live, int dirty)
{
    switch (t->wb) {
    case WB_LIVE:
        return live;
    case WB_DIRTY:
        return dirty;
    case WB_LIVE_DIRTY:
        return live && dirty;
    default:
        return 1;
    }
}

/* the job's query answers (the state before this cycle's updates): a register written at this
 * edge counts as live and dirty */
static void job_query(sm_t *sm, unsigned s, job_t *j)
{
    ltrf_sc_t *e = SC(sm, s);
    warp_t *w = &sm->w[j->warp];
    const wcb_out_t *q = e->wo;
    const wcb_in_t *wi = ls_peek(e->wcb);
    const int pl = LT(sm)->v->liveness;
    regset_t now = {{0}}, live = {{0}}, dirty = {{0}};
    for (unsigned r = 0; r < sm->c.arch_regs; r++) {
        if (q->q_ws[r])
            rs_add(&now, r);
        if (q->q_live[r])
            rs_add(&live, r);
        if (q->q_dirty[r])
            rs_add(&dirty, r);
    }
    for (unsigned p = 0; p < sm->c.wb_ports; p++)
        if (wi->wr_valid[p] && wi->wr_warp[p] == w->local) {
            rs_add(&live, wi->wr_reg[p]);
            rs_add(&dirty, wi->wr_reg[p]);
        }
    const ltrf_t *t = LT(sm);
    for (unsigned r = 0; r < sm->c.arch_regs && !LT(sm)->v->demand; r++)
        if (lw(sm, w)->bank[r] != NO_BANK && !rs_has(&now, r) && !sm->error) {
            sm->error = 1;
            snprintf(sm->err, sm->errn, "cycle %llu: R%u of warp %u holds cache bank %u outside "
                     "the working set the WCB reports", (unsigned long long)sm->st.cycles, r,
                     j->warp, lw(sm, w)->bank[r]);
        }
    switch (j->kind) {
    case J_DEACT:
        for (unsigned r = 0; r < sm->c.arch_regs; r++) {
            if (lw(sm, w)->bank[r] == NO_BANK)
                continue;
            if (!w->done_issuing && q->q_valid[r] && writes_back(t, rs_has(&live, r), rs_has(&dirty, r)))
                evict(sm, s, j->warp, r, 0);
            set_bank(lw(sm, w), r, NO_BANK);
        }
        lw(sm, w)->lt = LT_DRAIN;
        j->kind = J_NONE;
        return;
    case J_ACT:
        if (!LT(sm)->v->demand)
            j->enter = now;
        break;
    case J_ACT_SWITCH: /* the row is new: nothing stays */
        break;
    case J_SWITCH:
        for (unsigned r = 0; r < sm->c.arch_regs; r++) {
            if (!rs_has(&now, r) || rs_has(&j->enter, r) || lw(sm, w)->bank[r] == NO_BANK)
                continue;
            if (q->q_valid[r] && writes_back(t, rs_has(&live, r), rs_has(&dirty, r)))
                evict(sm, s, j->warp, r, 1);
            else
                release(e, lw(sm, w)->row, lw(sm, w)->bank[r]);
            set_bank(lw(sm, w), r, NO_BANK);
        }
        for (unsigned r = 0; r < sm->c.arch_regs; r++)
            if (rs_has(&now, r) && lw(sm, w)->bank[r] != NO_BANK)
                rs_del(&j->enter, r);
        break;
    }
    /* a pending result lands in the main RF while the register is not mapped: fetch it */
    for (unsigned r = 0; r < sm->c.arch_regs; r++)
        if (rs_has(&j->enter, r) && (!pl || rs_has(&live, r) || w->pend_w[r]))
            rs_add(&j->fetch, r);
    j->step = 1;
}

/* where each row's cycle goes (the row_* statistics), after this cycle's jobs and states; the
 * warps that could take a row (can_activate) and have none */
static void row_time(sm_t *sm, unsigned s, const wcb_in_t *wi)
{
    const ltrf_sc_t *e = SC(sm, s);
    ltrf_stats_t *st = &LT(sm)->st;
    for (unsigned r = 0; r < e->rows; r++) {
        const unsigned g = e->row[r].warp;
        const int kind = e->job[r].kind;
        if (g == ~0u) {
            st->row_free++;
            continue;
        }
        const ltrf_warp_t *q = &LT(sm)->w[g];
        if (q->lt == LT_DRAIN || kind == J_DEACT)
            st->row_drain++;
        else if (q->lt == LT_FETCH)
            *(q->fetch_why == J_SWITCH ? &st->row_fetch_switch : &st->row_fetch_act) += 1;
        else if (kind == J_DEMAND || q->fills || q->vsets)
            st->row_fetch_demand++;
        else if (ltrf_wait(sm, g) == W_PREFETCH)
            st->row_header++;
        else
            st->row_running++;
    }
    const unsigned S = sm->c.schedulers, nw = cfg_warps_per_sc(&sm->c);
    for (unsigned i = 0; i < nw; i++) {
        const unsigned g = i * S + s;
        st->row_wait_warps += sched_may_join(&sm->w[g]) && can_activate(sm, g, wi);
    }
}

void ltrf_back(sm_t *sm, unsigned s)
{
    ltrf_sc_t *e = SC(sm, s);
    int aoff_rel = 0;
    /* rows whose evictions have all been read are given back */
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (row->warp == ~0u || lw(sm, &sm->w[row->warp])->lt != LT_DRAIN || lw(sm, &sm->w[row->warp])->ev_reads ||
            aoff_rel)
            continue;
        aau_in_t *oi = ls_in(e->aoff);
        oi->rel_valid = 1;
        oi->rel_id = r;
        aoff_rel = 1;
        ((aau_in_t *)ls_in(e->abank[r]))->rel_all = 1;
        lw(sm, &sm->w[row->warp])->lt = LT_OFF;
        sm_slots_changed(sm); /* its slot may take a new warp once it retired */
        row->warp = ~0u;
        row->rel_len = row->rel_pending = 0;
    }
    for (unsigned r = 0; r < e->rows; r++) {
        lrow_t *row = &e->row[r];
        if (!row->rel_len)
            continue;
        aau_in_t *ai = ls_in(e->abank[r]);
        if (ai->rel_all)
            continue;
        ai->rel_valid = 1;
        ai->rel_id = row->rel[row->rel_head];
        row->rel_head = (row->rel_head + 1) % RFC_MAX_BANKS;
        row->rel_len--;
        row->rel_pending--;
    }
    /* registers allocated without a fill are marked valid through their banks' fill ports,
     * oldest first, each port once a cycle */
    unsigned char vdone[VS_MAX] = {0};
    const unsigned nvs = e->vs.len < VS_MAX ? e->vs.len : VS_MAX;
    for (unsigned i = 0; i < nvs; i++) {
        const ref_t *v = q_at(&e->vs, i);
        if (((const wcb_in_t *)ls_peek(e->wcb))->fill_valid[v->bank])
            continue;
        wcb_in_t *wi = ls_in(e->wcb);
        wi->fill_valid[v->bank] = 1;
        wi->fill_warp[v->bank] = v->warp;
        wi->fill_reg[v->bank] = v->reg;
        lw(sm, &sm->w[global_of(sm, s, v->warp)])->vsets--;
        vdone[i] = 1;
    }
    q_drop(&e->vs, nvs, vdone);
    /* one job starts per cycle (the WCB's query port); every row's allocation unit advances its
     * own job */
    job_t nj;
    int started = -1;
    pick_job(sm, s, &nj);
    if (nj.kind) {
        unsigned r = nj.kind == J_ACT ? e->oo->head[0] : lw(sm, &sm->w[nj.warp])->row;
        e->job[r] = nj;
        if (!nj.step) {
            job_start(sm, s, &e->job[r]);
            started = (int)r;
        }
    }
    for (unsigned r = 0; r < e->rows; r++)
        if (e->job[r].kind && e->job[r].step && (int)r != started)
            alloc_step(sm, s, &e->job[r]);
    for (unsigned r = 0; r < e->rows; r++) {
        unsigned g = e->row[r].warp;
        if (g == ~0u)
            continue;
        warp_t *w = &sm->w[g];
        if (lw(sm, w)->lt == LT_FETCH && !lw(sm, w)->fills && !lw(sm, w)->vsets && !ltrf_in_job(sm, g))
            lw(sm, w)->lt = LT_RUN;
    }
    row_time(sm, s, ls_peek(e->wcb));
    ltrf_lookup_send(sm, s);
    e->wo = ls_eval(e->wcb, 1);
    if (started >= 0)
        job_query(sm, s, &e->job[started]);
    ls_eval(e->aoff, 1);
    for (unsigned r = 0; r < e->rows; r++)
        ls_eval(e->abank[r], 1);
    ls_tick(e->wcb);
    ls_tick(e->aoff);
    for (unsigned r = 0; r < e->rows; r++)
        ls_tick(e->abank[r]);
    ls_tick(e->rfc);
    ls_tick(SC(sm, s)->rf);
}

