/* SM core: kernel setup, occupancy and thread-block launch, warp launch into the main
 * register file, warp and block retirement. */
#include "core.h"
#include <string.h>

/* the kernel's registers of a warp in this slot fit its sub-core's register file */
static int slot_has_rows(const sm_t *sm, unsigned slot)
{
    return (sm->w[slot].local + 1) * sm->rows_per_warp <= cfg_rows_per_bank(&sm->c);
}

/* a slot takes a new warp when its registers fit and the design released its last warp */
static int slot_fits(const sm_t *sm, unsigned slot)
{
    return slot_has_rows(sm, slot) && (!sm->d->slot_free || sm->d->slot_free(sm, slot));
}

int sm_setup_kernel(sm_t *sm, kernel_t *k)
{
    const sm_cfg_t *c = &sm->c;
    sm->k = k;
    sm->kernel_exhausted = 0;
    sm->idle_latched = 0;
    sm->launch_wait = 0;
    sm->alloc_regs = k->nregs;
    sm->rows_per_warp = (sm->alloc_regs + cfg_banks_per_sc(c) - 1) / cfg_banks_per_sc(c);
    unsigned fit = 0;
    for (unsigned i = 0; i < c->warp_slots; i++)
        fit += slot_has_rows(sm, i);
    if (k->nregs > c->arch_regs) {
        snprintf(sm->err, sm->errn, "%s: field 'nregs': kernel uses %u registers, preset '%s' "
                 "has arch_regs %u", k->file, k->nregs, c->name, c->arch_regs);
        return -1;
    }
    if (k->warps_per_block > fit || k->warps_per_block > 64 || k->shmem > c->shmem_bytes) {
        snprintf(sm->err, sm->errn, "%s: kernel '%s' cannot run on preset '%s': a block needs %u "
                 "warps of %u registers and %u bytes of shared memory; the SM holds %u such warps "
                 "and %u bytes", k->file, k->name, c->name, k->warps_per_block, k->nregs, k->shmem,
                 fit, c->shmem_bytes);
        return -1;
    }
    sm->kernel_hook_pending = sm->d->kernel != NULL;
    return 0;
}

static int validate_block(sm_t *sm, const tblock_t *b)
{
    for (unsigned w = 0; w < b->nwarps; w++)
        for (uint32_t i = 0; i < b->warps[w].n; i++) {
            const inst_t *in = &b->warps[w].v[i];
            if (in->nsrc > sm->c.max_srcs) {
                snprintf(sm->err, sm->errn, "%s:%u: field 'src': instruction needs %u source "
                         "registers, preset '%s' has max_srcs %u", sm->k->file, in->line,
                         in->nsrc, sm->c.name, sm->c.max_srcs);
                return -1;
            }
            for (unsigned j = 0; j < in->nsrc + in->ndst; j++) {
                unsigned r = j < in->nsrc ? in->src[j] : in->dst[j - in->nsrc];
                if (r >= sm->alloc_regs) {
                    snprintf(sm->err, sm->errn, "%s:%u: field '%s': R%u out of range (kernel "
                             "allocates %u registers)", sm->k->file, in->line,
                             j < in->nsrc ? "src" : "dst", r, sm->alloc_regs);
                    return -1;
                }
            }
        }
    return 0;
}

/* launch at most one thread block per cycle when resources allow */
int sm_try_launch(sm_t *sm)
{
    const sm_cfg_t *c = &sm->c;
    const kernel_t *k = sm->k;
    if (sm->kernel_exhausted)
        return 0;
    /* the design's passes for the kernel, once the SM asks for one of its blocks (an SM of a
     * GPU that takes none of them needs none) */
    if (sm->kernel_hook_pending) {
        sm->kernel_hook_pending = 0;
        if (sm->d->kernel(sm, sm->k))
            return -1;
    }
    /* nothing freed since the last block did not fit */
    if (sm->launch_wait == sm->warps_ver + 1)
        return 0;
    unsigned bslot = ~0u, free_w = 0;
    for (unsigned i = 0; i < c->block_slots; i++)
        if (!sm->blk[i].used) {
            bslot = i;
            break;
        }
    for (unsigned i = 0; bslot != ~0u && i < c->warp_slots; i++)
        free_w += !sm->w[i].used && slot_fits(sm, i);
    if (sm->shmem_used + k->shmem > c->shmem_bytes || bslot == ~0u || free_w < k->warps_per_block) {
        sm->launch_wait = sm->warps_ver + 1;
        return 0;
    }
    rblock_t *rb = &sm->blk[bslot];
    memset(rb, 0, sizeof *rb);
    int r = sm->k->next_block(sm->k, &rb->tb, sm->err, sm->errn);
    if (r <= 0) {
        sm->kernel_exhausted = 1;
        return r < 0 ? -1 : 0;
    }
    if (validate_block(sm, &rb->tb))
        return -1;
    rb->used = 1;
    rb->nwarps = rb->tb.nwarps;
    sm->blocks_resident++;
    sm->idle_latched = 0;
    sm->shmem_used += k->shmem;
    sm->st.blocks_launched++;
    unsigned slot = 0;
    for (unsigned wi = 0; wi < rb->nwarps; wi++) {
        while (sm->w[slot].used || !slot_fits(sm, slot))
            slot++;
        warp_t *w = &sm->w[slot];
        uint32_t *sh = w->shadow;
        uint32_t *def = w->defined;
        unsigned scx = w->sc, local = w->local;
        memset(w, 0, sizeof *w);
        w->shadow = sh;
        w->defined = def;
        w->sc = scx;
        w->local = local;
        memset(w->defined, 0, c->arch_regs * sizeof *w->defined);
        w->used = 1;
        w->blk = bslot;
        w->wib = wi;
        w->tr = &rb->tb.warps[wi];
        for (uint32_t i = 0; i < w->tr->n; i++)
            w->lanes |= sm_lanes(sm, &w->tr->v[i]);
        w->age = sm->launch_seq++;
        w->done_issuing = w->tr->n == 0;
        rb->warp_slot[wi] = slot;
        rb->live++;
        sm->warps_ver++;
        *(unsigned *)q_push(&sm->sc[w->sc].lq) = slot;
    }
    unsigned resident = 0;
    for (unsigned i = 0; i < c->warp_slots; i++)
        resident += sm->w[i].used;
    if (resident > sm->st.max_resident_warps)
        sm->st.max_resident_warps = resident;
    return 0;
}

unsigned sm_launch_inputs(sm_t *sm, unsigned s, ls_inst_t *rf)
{
    const subcore_t *x = &sm->sc[s];
    unsigned launch = x->lq.len ? *(const unsigned *)q_at(&x->lq, 0) : ~0u;
    if (launch != ~0u && rf) {
        rf_in_t *in = ls_in(rf);
        in->launch_valid = 1;
        in->launch_warp = sm->w[launch].local;
        in->launch_base = sm->w[launch].local * sm->rows_per_warp;
    }
    return launch;
}

void sm_launch_done(sm_t *sm, unsigned s, unsigned launch)
{
    if (launch == ~0u)
        return;
    q_pop(&sm->sc[s].lq);
    sm->w[launch].active = 1;
    if (sm->d->launched)
        sm->d->launched(sm, launch);
    sm_warp_retire_check(sm, launch); /* a warp the trace gives no instructions */
}

/* a warp with nothing left to issue or complete leaves; its block may finish */
void sm_warp_retire_check(sm_t *sm, unsigned wi)
{
    warp_t *w = &sm->w[wi];
    if (!w->used || !w->done_issuing || w->inflight)
        return;
    rblock_t *rb = &sm->blk[w->blk];
    w->used = 0;
    w->active = 0;
    sm->warps_ver++;
    rb->live--;
    if (rb->live && rb->arrived == rb->live) {
        for (unsigned i = 0; i < rb->nwarps; i++)
            sm->w[rb->warp_slot[i]].at_barrier = 0;
        rb->arrived = 0;
    }
    if (!rb->live) {
        if (sm->k->done_block)
            sm->k->done_block(sm->k, &rb->tb);
        rb->used = 0;
        sm->blocks_resident--;
        sm->shmem_used -= sm->k->shmem;
    }
}
