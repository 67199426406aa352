/* The cycle of design `rename` (rename_int.h): warp exits, the flag instructions, the rnt, the
 * allocator (with kernel setup's exempt registers), the register file and its write-back
 * path, the clock edges, and the per-cycle occupancy and power-gating counts. */
#include "rename_int.h"

/* warps of sub-core s that left since the last cycle: their pbr unmaps are dropped (the drain
 * clears every entry) and their drain is queued */
static void exits(sm_t *sm, unsigned s)
{
    rn_sc_t *x = RSC(sm, s);
    for (unsigned local = 0; local < cfg_warps_per_sc(&sm->c); local++) {
        unsigned g = rn_global(sm, s, local);
        rn_warp_t *q = rw(sm, g);
        if (!q->live || sm->w[g].used)
            continue;
        q->live = 0;
        q->draining = 1;
        memset(&q->unmapping, 0, sizeof q->unmapping);
        for (unsigned i = 0; i < x->unmap.len; i++) {
            rn_ref_t *u = q_at(&x->unmap, i);
            if (u->warp == local)
                u->warp = RN_NONE, u->reg = 0;
        }
        while (x->unmap.len && ((rn_ref_t *)q_at(&x->unmap, 0))->warp == RN_NONE)
            q_pop(&x->unmap);
        *(unsigned *)q_push(&x->drainq) = local;
    }
}

/* kernel setup: the old kernel's exempt registers freed, the new one's reserved (after every
 * exited warp is drained); issue waits meanwhile (rn gate) */
static void setup(sm_t *sm, unsigned s, avail_in_t *in)
{
    const rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    const unsigned ports = ((const avail_cfg_t *)x->av->cfg)->ports;
    x->nfr = 0;
    if (x->setup == SETUP_FREE) {
        if (x->drainq.len)
            return;
        for (; x->nfr < ports && x->setup_pos < t->old_nephys; x->nfr++) {
            in->fr_valid[x->nfr] = 1;
            in->fr_id[x->nfr] = t->old_ephys[x->setup_pos++];
        }
        if (x->setup_pos == t->old_nephys && !x->nfr) {
            x->setup = SETUP_RESERVE;
            x->setup_pos = 0;
        }
        return;
    }
    for (unsigned p = 0; p < ports && x->setup_pos < t->nephys; p++) {
        unsigned id = t->ephys[x->setup_pos++];
        in->rs_valid[p] = 1;
        in->rs_id[p] = id;
        x->allocated[id] = 1;
        RN(sm)->st.phys_distinct += !x->ever[id];
        x->ever[id] = 1;
    }
    if (x->setup_pos == t->nephys)
        x->setup = SETUP_NONE;
}

/* the result (flight f, destination d) holds a write-back map slot */
static int wb_mapping(const rn_sc_t *x, unsigned ports, unsigned f, unsigned d)
{
    for (unsigned i = 0; i < ports; i++)
        if (x->wb[i].active && x->wb[i].flight == f && x->wb[i].d == d)
            return 1;
    return 0;
}

/* the write-back queue's head as rf writes to physical registers; a destination not yet
 * mapped (rn_alloc = writeback) waits for its register: the queue's unmapped results, oldest
 * first, take the free write-back map slots (avail, then an rnt write) */
static void writeback_inputs(sm_t *sm, unsigned s, rf_in_t *in)
{
    rn_sc_t *x = RSC(sm, s);
    const unsigned ports = ((const avail_cfg_t *)x->av->cfg)->ports;
    sm_writeback_inputs(sm, s, in);
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++) {
        const wbq_ent_t *e = sm_wbq_at(sm, s, p);
        unsigned phys = rn_fphys(sm, e->flight)->dst[e->d];
        if (phys != RN_NONE)
            in->wr_reg[p] = phys;
        else
            in->wr_valid[p] = 0;
    }
    unsigned i = 0;
    for (unsigned p = 0; p < sm->sc[s].wbq.len; p++) {
        const wbq_ent_t *e = sm_wbq_at(sm, s, p);
        if (rn_fphys(sm, e->flight)->dst[e->d] != RN_NONE || wb_mapping(x, ports, e->flight, e->d))
            continue;
        while (i < ports && x->wb[i].active)
            i++;
        if (i == ports)
            break;
        x->wb[i] = (rn_wbmap_t){1, e->flight, e->d, RG_ALLOC, RN_NONE};
    }
}

static void count_cycle(sm_t *sm, unsigned s)
{
    rn_t *t = RN(sm);
    rn_sc_t *x = RSC(sm, s);
    rename_stats_t *st = &t->st;
    /* the baseline's reservation for the warps resident in this cycle (launched: their
     * register base written, not yet exited), the same warps whose registers are renamed */
    unsigned reserved = 0;
    for (unsigned local = 0; local < cfg_warps_per_sc(&sm->c); local++)
        reserved += sm->w[rn_global(sm, s, local)].active;
    reserved *= sm->k->nregs;
    st->reg_cycles_alloc += x->ao->allocated;
    st->reg_cycles_reserved += reserved;
    st->reg_cycles_all += t->phys;
    st->sa_cycles_on += x->ao->subarrays_on;
    st->mapped_cycles += x->ro->mapped;
    st->base_reg_cycles_on += x->base_on_n;
    st->base_sa_cycles_on += x->base_sa_n;
    if (sm->st.cycles <= RN_UTIL_WINDOW) {
        st->util_live_10k += x->ao->allocated;
        st->util_reserved_10k += reserved;
    }
    t->cycle_alloc = (s ? t->cycle_alloc : 0) + x->ao->allocated;
    t->cycle_reserved = (s ? t->cycle_reserved : 0) + reserved;
    t->cycle_mapped = (s ? t->cycle_mapped : 0) + x->ro->mapped;
    t->cycle_sa = (s ? t->cycle_sa : 0) + x->ao->subarrays_on;
    if (s + 1 == sm->c.schedulers) {
        if (t->log && sm->st.cycles % RN_LOG_EVERY == 0)
            fprintf(t->log, "%llu %llu %llu %llu %llu\n", (unsigned long long)sm->st.cycles,
                    (unsigned long long)t->cycle_alloc, (unsigned long long)t->cycle_mapped,
                    (unsigned long long)t->cycle_reserved, (unsigned long long)t->cycle_sa);
        if (t->cycle_alloc > st->phys_peak)
            st->phys_peak = t->cycle_alloc;
        if (t->cycle_reserved > st->reserved_peak)
            st->reserved_peak = t->cycle_reserved;
    }
}

void rn_idle(sm_t *sm)
{
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        rn_sc_t *x = RSC(sm, s);
        if (!x->ao) /* idle from its first cycle: the blocks' registered outputs */
            x->ao = ls_eval(x->av, 0);
        if (!x->ro)
            x->ro = ls_eval(x->rnt, 0);
        count_cycle(sm, s);
    }
}

void rn_front(sm_t *sm, unsigned s)
{
    rn_sc_t *x = RSC(sm, s);
    exits(sm, s);
    for (unsigned local = 0; local < cfg_warps_per_sc(&sm->c); local++)
        rn_flags_refresh(sm, rn_global(sm, s, local));
    rn_flags_front(sm, s);

    rn_stage_drive(sm, s);
    x->ro = ls_eval(x->rnt, 1);
    rn_stage_outputs(sm, s);

    avail_in_t *ai = ls_in(x->av);
    ls_clear_strobes(x->av);
    ai->policy = sm->c.rn_policy;
    ai->bank_aware = sm->c.rn_bank_aware;
    for (unsigned p = 0; p < AVAIL_MAX_PORTS; p++)
        x->al_ent[p] = -2;
    if (x->setup)
        setup(sm, s, ai);
    else
        rn_avail_drive(sm, s, ai);
    x->ao = ls_eval(x->av, 1);
    rn_avail_outputs(sm, s);

    rf_in_t *in = ls_in(x->rf);
    ls_clear_strobes(x->rf);
    unsigned launch = sm_launch_inputs(sm, s, x->rf);
    for (unsigned k = 0, p = 0; k < cfg_cus_per_sc(&sm->c); k++, p += sm->c.max_srcs)
        sm_cu_requests(sm, s, k, in->rd_valid + p, in->rd_warp + p, in->rd_reg + p);
    writeback_inputs(sm, s, in);
    x->rfo = ls_eval(x->rf, 1);
    sm_launch_done(sm, s, launch);
    count_cycle(sm, s);
}

/* a result written: its register's write-pending count falls; the baseline's gating turns its
 * (warp, register) location and sub-array on */
static void written(sm_t *sm, unsigned s, const wbq_ent_t *e, unsigned phys)
{
    rn_sc_t *x = RSC(sm, s);
    const flight_t *fl = &sm->fl[e->flight];
    x->pwrites[phys]--;
    rn_phys_done(sm, s, phys);
    const unsigned banks = cfg_banks_per_sc(&sm->c), rows = cfg_rows_per_bank(&sm->c);
    unsigned local = sm->w[fl->warp].local, r = fl->in->dst[e->d];
    unsigned bank = rn_base_bank(sm, local, r), row = local * sm->rows_per_warp + r / banks;
    unsigned id = row * banks + bank, sa = bank * sm->c.rf_subarrays + row / (rows / sm->c.rf_subarrays);
    if (row >= rows)
        return;
    x->base_on_n += !x->base_on[id];
    x->base_on[id] = 1;
    x->base_sa_n += !x->base_sa_on[sa];
    x->base_sa_on[sa] = 1;
}

void rn_back(sm_t *sm, unsigned s)
{
    rn_sc_t *x = RSC(sm, s);
    const rf_in_t *in = x->rf->in;
    for (unsigned p = 0, n = sm_writeback_offered(sm, s); p < n; p++)
        if (in->wr_valid[p] && x->rfo->wr_gnt[p])
            written(sm, s, sm_wbq_at(sm, s, p), in->wr_reg[p]);
    sm_writeback_done(sm, s, x->rfo->wr_gnt);
    ls_tick(x->rf);
    ls_tick(x->rnt);
    ls_tick(x->av);
    ls_tick(x->fc);
}
