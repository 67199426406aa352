/* Designs that serve every register access of an active warp from the register-file cache:
 *   ltrf   register-interval prefetching (LTRF paper Sec. 3.1, 4.1-4.2): a PREFETCH at every
 *          interval header brings the interval's working set into the cache and stalls its
 *          warp until the set is valid; registers leaving the working set are written back.
 *   ltrf+  the same with the liveness bit-vector (Sec. 3.2): only live registers are written
 *          back and fetched; dead ones are just allocated.
 *   rfc-demand  every access through the cache without compiler support: a register missing
 *          from the cache is fetched on demand and the least recently used unpinned register
 *          of the warp makes room. It is not the paper's RFC comparison point (Sec. 5, after
 *          Gebhart et al.: results written into the cache, misses read from the main RF),
 *          which is the design rc with the Table 2 presets' 16 KB split among the active warps.
 * Per sub-core they compose the blocks wcb (address table, working-set and liveness vectors),
 * aau (one per cache row: the cache banks of the warp holding that row), aau_off (the
 * warp-offset addresses, i.e. the rows), rfc (the cache with its fill and eviction crossbars)
 * and rf (the main register file, read only by fills and written by evictions and by results
 * of inactive warps).
 *
 * Warp activation is two-level (Sec. 3.1): a warp holds a cache row while active. It is
 * deactivated when its next instruction waits on a global load (or it waits at a barrier while
 * another warp wants a row, or it has issued its last instruction) and no instruction of it is
 * between issue and dispatch: its registers are written back (ltrf, rfc-demand: all of them; ltrf+:
 * the live ones), its valid bits cleared and its banks and row released once the cache has read
 * them. It is reactivated, in the preset's scheduler_outer order (age: oldest first), when a
 * row is free and none of its loads, results or write-backs is outstanding; reactivation
 * refetches its working set (ltrf+: the live part).
 * A result lands in the cache when its warp is active and in the main register file otherwise;
 * an interval switch waits until the warp has no result outstanding, so a register with a
 * pending write is never fetched nor written back.
 *
 * The core's two-level scheduler policy is the only one these designs support: the warps
 * holding a cache row are its active pool (LTRF Sec. 3.1, Table 3), ordered by the preset's
 * scheduler_inner.
 *
 * Issue adds one stage: the instruction's registers are translated to cache banks through the
 * WCB's two read ports (two registers per cycle, answers the next cycle), then a collector unit
 * is allocated with (row, bank) operands. */
#ifndef GPURF_LTRF_H
#define GPURF_LTRF_H
#include "design/design.h"

/* what distinguishes the registry entries ltrf, ltrf+ and rfc-demand over one implementation */
typedef struct {
    int liveness;   /* ltrf+: dead registers are neither written back nor fetched */
    int demand;     /* rfc-demand: no compiler support; misses fetched on demand, LRU */
} ltrf_variant_t;

#endif
