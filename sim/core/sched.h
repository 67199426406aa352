/* Issue-order policies, one table entry each, chosen by the preset's `scheduler`
 * (SCHED_* in cmodel/cfg.h):
 *   lrr        loose round-robin over the sub-core's warps, starting after the last issuer;
 *   gto        greedy-then-oldest: the last issuer first, then the others oldest first;
 *   two_level  a pool of `active_pool` warps ordered by `scheduler_inner` (lrr or gto). The
 *              core keeps the pool (oldest eligible warps join; a warp waiting on a global
 *              load or at a barrier leaves), unless the design owns it (design_ops_t.own_pool:
 *              its gate keeps warps outside its pool back), in which case every warp is
 *              ordered by the inner policy;
 *   prefer     the cache-aware order (Malekeh Sec. 5), used instead of the preset's when
 *              ccu_priority = 1 and the design has a prefer hook: the warps the design prefers
 *              (data in its caching collectors) first, then the rest, oldest first in each
 *              class; no candidate limit.
 * A design lists the policies it supports; sm_new rejects the others. */
#ifndef GPURF_SCHED_H
#define GPURF_SCHED_H
#include "core.h"

typedef struct {
    const char *name;
    /* the candidate warps of sub-core s (global slots) in priority order; returns how many */
    unsigned (*order)(sm_t *sm, unsigned s, unsigned *out);
    /* warp g issued: remember it for the next order */
    void (*issued)(sm_t *sm, unsigned s, unsigned g);
} sched_t;

/* the policy a preset cannot name: chosen by ccu_priority */
#define SCHED_PREFER SCHED_N

extern const sched_t sched_table[SCHED_N + 1];

#endif
