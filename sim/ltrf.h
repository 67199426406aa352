/* Designs that serve every register access of an active warp from the register-file cache:
 *   ltrf   register-interval prefetching (LTRF paper Sec. 3.1, 4.1-4.2): a PREFETCH at every
 *          interval header brings the interval's working set into the cache and stalls its
 *          warp until the set is valid; registers leaving the working set are written back.
 *   ltrf+  the same with the liveness bit-vector (Sec. 3.2): only live registers are written
 *          back and fetched; dead ones are just allocated.
 *   rfc    a hardware register-file cache (the paper's RFC comparison point, Sec. 2.2 and
 *          Fig. 4): no compiler support; a register missing from the cache is fetched on demand
 *          and the least recently used unpinned register of the warp makes room.
 * Per sub-core they compose the blocks wcb (address table, working-set and liveness vectors),
 * aau (one per cache row: the cache banks of the warp holding that row), aau_off (the
 * warp-offset addresses, i.e. the rows), rfc (the cache with its fill and eviction crossbars)
 * and rf (the main register file, read only by fills and written by evictions and by results
 * of inactive warps).
 *
 * Warp activation is two-level (Sec. 3.1): a warp holds a cache row while active. It is
 * deactivated when its next instruction waits on a global load (or it waits at a barrier while
 * another warp wants a row, or it has issued its last instruction) and no instruction of it is
 * between issue and dispatch: its registers are written back (ltrf, rfc: all of them; ltrf+:
 * the live ones), its valid bits cleared and its banks and row released once the cache has read
 * them. It is reactivated, oldest first, when a row is free and none of its loads, results or
 * write-backs is outstanding; reactivation refetches its working set (ltrf+: the live part).
 * A result lands in the cache when its warp is active and in the main register file otherwise;
 * an interval switch waits until the warp has no result outstanding, so a register with a
 * pending write is never fetched nor written back.
 *
 * Issue adds one stage: the instruction's registers are translated to cache banks through the
 * WCB's two read ports (two registers per cycle, answers the next cycle), then a collector unit
 * is allocated with (row, bank) operands. */
#ifndef GPURF_LTRF_H
#define GPURF_LTRF_H
#include "../cmodel/rfc.h"
#include "../cmodel/rf.h"
#include "stream.h"

typedef struct sm sm_t;
typedef struct ltrf_sc ltrf_sc_t;

/* warp states of the two-level activation */
enum { LT_OFF, LT_FETCH, LT_RUN, LT_DRAIN };

int ltrf_new(sm_t *sm, unsigned s, char *err, size_t n);
void ltrf_free(ltrf_sc_t *e);
/* compiler passes for a kernel (intervals, liveness); -1 with a message */
int ltrf_kernel(sm_t *sm, kernel_t *k);
void ltrf_kernel_done(sm_t *sm);
/* a warp was launched into its slot */
void ltrf_launch(sm_t *sm, unsigned warp);
/* cycle phases: block outputs and data movement; then (after dispatch and issue) control,
 * final evaluation and the clock edge */
void ltrf_front(sm_t *sm, unsigned s);
void ltrf_back(sm_t *sm, unsigned s);
/* the collector inputs of collector k from the cache's outputs */
void ltrf_collector_inputs(sm_t *sm, unsigned s, unsigned k, void *ocu_in);
/* issue: 0 if the warp may issue its next instruction now, else a reason (R_* of sm_issue) */
int ltrf_issue_gate(const sm_t *sm, unsigned warp);
int ltrf_issue_free(const sm_t *sm, unsigned s);
void ltrf_issue(sm_t *sm, unsigned s, unsigned flight);
/* dispatch: whether the instruction may leave its collector this cycle (the WCB takes the
 * dead-operand bits of one instruction per cycle), and its dispatch */
int ltrf_dispatch_ok(const sm_t *sm, unsigned s, unsigned flight);
void ltrf_dispatched(sm_t *sm, unsigned s, unsigned flight);
/* the dumps of sub-core 0's wcb, aau_off, row 0's aau, rf and rfc merged into one with the
 * view waves/prefetch.gtkw (a PREFETCH across the blocks); 0 when they were not dumped, -1 on
 * error */
int ltrf_merge_waves(sm_t *sm);
/* add the blocks' activity counters to the statistics */
void ltrf_stats(sm_t *sm);

#endif
