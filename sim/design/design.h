/* The design interface: a register-file design is one design_t of hooks that the SM core
 * (sim/core) calls at fixed points of its cycle. The core owns warps, thread blocks, the
 * scheduler, the scoreboard, the collectors' allocation and dispatch, execution, the
 * write-back queue and the value shadow; a design owns the path between collectors and
 * storage (which blocks, how they are wired) and its private per-SM, per-sub-core and
 * per-warp state, behind pointers the core does not look into (sm->dpriv, sc->dpriv).
 * The designs are listed in one place, sim/design/designs.def (name, blocks, summary), which
 * the registry (registry.c), `gpurf designs` and the Makefile read.
 *
 * The hooks of a design are a design_ops_t.
 *
 * One SM cycle (core/sm.c), per sub-core s where it says so:
 *   1. collectors: inputs zeroed, registered outputs evaluated          (core)
 *   2. front(s)        block outputs and storage traffic before dispatch (design)
 *   3. dispatch(s)     collectors to execution units; dispatch_ok() / dispatched() (core, design)
 *      allocate(s)     instructions waiting in the design's own slots take collectors, or
 *                      the design prepares its issue-slot allocation (malekeh)        (design)
 *   4. issue(s)        policy order, scoreboard, gate(), slot() / issue()          (core, design)
 *   5. collector_inputs(s, k) for every collector, final collector evaluation    (design, core)
 *      back(s)         the design's last evaluations and clock edges of its blocks (design)
 *      collectors clocked                                                       (core)
 *   6. completions: results enter the sub-core's write-back queue                (core)
 * Hooks run in that order every cycle; one that is NULL is skipped. A hook may read every
 * core structure of core/core.h and change only what its contract names; it records errors
 * in sm->error / sm->err (1: a check failed, 2: bad input), which stop the run. */
#ifndef GPURF_DESIGN_H
#define GPURF_DESIGN_H
#include "cmodel/cfg.h"
#include "core/stats.h"
#include "stream/stream.h"
#include <stddef.h>

typedef struct sm sm_t;
typedef struct ls_inst ls_inst_t;

/* every issue policy (design_ops_t.schedulers) */
#define SCHED_ALL_POLICIES (1u << SCHED_LRR | 1u << SCHED_GTO | 1u << SCHED_TWO_LEVEL)

typedef struct {
    unsigned schedulers;      /* supported issue policies: mask of 1u << SCHED_* */
    /* SCHED_*: the policy its paper uses, one of `schedulers`; a run uses it when the preset's
     * policy is not supported and the user named none (sched_resolve) */
    unsigned paper_scheduler;
    /* two_level: the design's gate() keeps warps outside its own active pool from issuing
     * (its pool has active_pool warps per sub-core, filled through sched_pool_next in the
     * preset's scheduler_outer order); the core then orders every warp by scheduler_inner
     * instead of keeping a pool of its own */
    int own_pool;
    const void *variant;      /* the design's variant parameters (one implementation, several
                                 registry entries) */
    /* the block in the collector slots (instances <block>.sc<s>.<k>): NULL for ocu, else one
     * with the ocu's collector ports (core/collector.h), such as ccu */
    const char *collector;
    /* statistics lists the design counts, NULL-terminated; filled by stats() below */
    const stat_list_t *const *stats;
    /* the register cache's hit rate as the design's paper counts it, from two of its
     * statistics: cache_hits over cache_lookups (hits included) or over cache_hits +
     * cache_misses; NULL: the design has no register cache (report_hit_rate) */
    const char *cache_hits, *cache_lookups, *cache_misses;

    /* sm_new, after the core's structures and collectors exist: create the block instances
     * (sm_make_inst) and private state of every sub-core; register counters with
     * sm_stat_group(). -1 with a message in err. */
    int (*init)(sm_t *sm, char *err, size_t n);
    /* sm_free: free private state (block instances are freed by the core) */
    void (*free)(sm_t *sm);
    /* before the first block of kernel k is launched on the SM (an SM of a GPU that takes
     * none of its blocks never runs it): compiler passes and per-kernel state.
     * -1 with a message in sm->err */
    int (*kernel)(sm_t *sm, kernel_t *k);
    /* whether warp slot g may take a new warp (the design released everything of the last) */
    int (*slot_free)(const sm_t *sm, unsigned g);
    /* warp g's register base was written into the main register file this cycle: it may
     * issue from the next cycle; reset the design's per-warp state */
    void (*launched)(sm_t *sm, unsigned g);
    /* step 2: evaluate the design's blocks (the collectors' outputs are in sc->cu_out),
     * take the launch queue's head (sm_launch_inputs / sm_launch_done) and drain the
     * write-back queue (sm_writeback_done) */
    void (*front)(sm_t *sm, unsigned s);
    /* step 3: whether collector output `flight` may dispatch now, and its dispatch */
    int (*dispatch_ok)(const sm_t *sm, unsigned s, unsigned flight);
    void (*dispatched)(sm_t *sm, unsigned s, unsigned flight);
    /* step 3, after every sub-core dispatched: hand instructions held in the design's own
     * issue slots to collectors (sm_cu_free: a unit dispatching this cycle is free), or
     * prepare what slot() decides from (the collectors' state after dispatch) */
    void (*allocate)(sm_t *sm, unsigned s);
    /* step 4: the core found warp g ready (scoreboard clear): R_OK, or R_DESIGN when the
     * design holds it back (counted in the design's stall counter, sm_set_stall_counter) */
    int (*gate)(const sm_t *sm, unsigned g);
    /* step 4: the cache-aware issue order (preset key ccu_priority = 1, sched.h): whether
     * warp g goes in the first class (it has data in the design's collectors); NULL: the
     * design has no such order and the preset's scheduler is used */
    int (*prefer)(const sm_t *sm, unsigned g);
    /* step 4: a free issue slot of sub-core s for warp g (a collector, a lookup entry ...) or
     * -1 (issue stalls this cycle); then issue(flight) takes it for the instruction the core
     * has just recorded in flight */
    int (*slot)(const sm_t *sm, unsigned s, unsigned g);
    /* slot's answer depends on the warp: after a refusal the core asks for the next ready
     * warp of the order (GPGPU-Sim's scheduler passes over a warp whose unit is busy);
     * otherwise a refusal ends the sub-core's issue for the cycle */
    int slot_per_warp;
    void (*issue)(sm_t *sm, unsigned s, int slot, unsigned flight);
    /* step 4: an instruction of the design's own ahead of warp g's next trace instruction
     * (a flag instruction its compiler pass inserted): -1 when there is none, else its
     * verdict in place of the trace instruction's (R_OK, R_SCOREBOARD while registers it
     * names are pending, R_DESIGN); own_issue issues it (an issue slot of the scheduler, no
     * collector, no execution unit) */
    int (*own_verdict)(const sm_t *sm, unsigned g);
    void (*own_issue)(sm_t *sm, unsigned s, unsigned g);
    /* step 5: grants and read data of collector k (its instance, core/collector.h; its inputs
     * taken with ls_in to be written) */
    void (*collector_inputs)(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu);
    void (*back)(sm_t *sm, unsigned s);
    /* once the kernel's blocks have retired: whether the design still works for its warps
     * (register drains after exit, queued releases); the next kernel, whose passes replace
     * the design's per-kernel state, starts when it has none. NULL: never busy */
    int (*busy)(const sm_t *sm);
    /* a cycle of an SM that holds nothing and will not this kernel (no resident block, not
     * busy, no block left to take: a GPU's SM at a kernel's tail): the core does not evaluate
     * the SM or its blocks (clock-gated), the design counts the cycle in its per-cycle
     * statistics as an evaluated cycle would. NULL: nothing to count */
    void (*idle)(sm_t *sm);
    /* after the last kernel: add the blocks' activity counters to the statistics */
    void (*end)(sm_t *sm);
    /* after the dumps are closed: the design's cross-block views; 0, or -1 on error */
    int (*merge_waves)(sm_t *sm);
} design_ops_t;

/* a registry entry: designs.def's line and the design's hooks */
typedef struct {
    const char *name;
    const char *blocks;       /* block kinds it instantiates, space separated */
    const char *summary;
    const design_ops_t *ops;
} design_t;

/* the registry (registry.c): every design, ended by an entry whose name is NULL */
extern const design_t design_list[];
const design_t *design_find(const char *name);

#endif
