/* Issue-order policies, one table entry each, chosen by the preset's `scheduler`
 * (SCHED_* in cmodel/cfg.h):
 *   lrr        loose round-robin over the sub-core's warps, starting after the last issuer;
 *   gto        greedy-then-oldest: the last issuer first, then the others oldest first;
 *   two_level  a pool of `active_pool` warps ordered by `scheduler_inner` (lrr or gto); a free
 *              place takes the next warp in the `scheduler_outer` order (sched_pool_next). The
 *              core keeps the pool (a warp waiting on a global load or at a barrier leaves),
 *              unless the design owns it (design_ops_t.own_pool: its gate keeps warps outside
 *              its pool back, and it fills its pool through sched_pool_next), in which case
 *              every warp is ordered by the inner policy;
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

/* The two-level pool's outer level. A warp may join when it is resident, launched, still
 * issuing, at no barrier and waiting on no long load (sm_waits_long), and ok(sm, g, ctx)
 * accepts it (NULL: every such warp). sched_pool_next returns the warp of sub-core s that
 * joins next, ~0u if none: by `scheduler_outer`, `age` the oldest, `round_robin` the first in
 * local slot order after the last one that joined (Bailey et al. Table I). It changes nothing;
 * sched_pool_joined(sm, s, g) records that g joined. */
typedef int (*pool_ok_fn)(const sm_t *sm, unsigned g, const void *ctx);
int sched_may_join(const warp_t *w);
unsigned sched_pool_next(const sm_t *sm, unsigned s, pool_ok_fn ok, const void *ctx);
void sched_pool_joined(sm_t *sm, unsigned s, unsigned g);

#endif
