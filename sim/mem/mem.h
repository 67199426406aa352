/* An SM's memory hierarchy as its load/store unit sees it (C, SM level): an L1 data cache
 * (cache.h: sets x ways of lines of sectors, LRU, MSHRs, allocation on fill, write-through with
 * or without write-allocate, global loads optionally bypassing it as SM6_TITANX does) and
 * shared memory (32 banks: an access with an n-way conflict takes n passes); behind the L1 the
 * GPU's interconnect, L2 slices and DRAM channels, shared by every SM (l2.h). Sources: LTRF
 * paper Table 3 (16 KB 4-way L1D, 2 MB LLC, GDDR5) and Accel-Sim's configs
 * (../shared/reference/accelsim.md).
 *
 * Timing contract: the unit accepts one instruction when its previous one has sent all its
 * requests; it sends one line request per cycle (an instruction's coalesced requests in
 * order). An L1 hit returns l1_latency cycles after it is sent; a miss takes an MSHR (one per
 * line; a second miss to a pending line merges into it), and when none is free the unit
 * stalls until one returns. A miss (or a bypassing load) goes to the L2 (l2.h gives its
 * timing). Fills are written into the L1 when they return. Stores write through to the L2 and
 * complete when its acknowledgement is back; a warp retires only when its stores completed. */
#ifndef GPURF_MEM_H
#define GPURF_MEM_H
#include "cmodel/cfg.h"
#include "core/stats.h"
#include "stream/stream.h"
#include <stdint.h>

#define MEM_STATS(S)                                                                               \
    S(l1_hits, "L1 data cache line requests that hit")                                         \
    S(l1_misses, "L1 data cache line requests that missed (MSHR allocated or merged)")         \
    S(l1_bypassed, "global line requests that bypassed the L1 (l1_gmem_bypass)")               \
    S(mshr_stalls, "cycles the load/store unit waited for a free MSHR")                        \
    S(l2_hits, "L2 line requests that hit")                                                     \
    S(dram_accesses, "L2 misses sent to DRAM")                                                 \
    S(dram_row_misses, "DRAM reads that found their bank closed or on another row")           \
    S(loads, "global and local load instructions")                                             \
    S(load_latency_total, "cycles from dispatch to data over all global and local loads")      \
    S(shmem_conflict_cycles, "extra shared-memory passes for bank conflicts")

STATS_STRUCT(mem_stats_t, MEM_STATS);
extern const stat_list_t mem_stat_list;

typedef struct mem mem_t;
typedef struct l2sys l2sys_t;

/* an SM's side, sending its misses and stores into l2 (l2.h, shared by the GPU's SMs) */
mem_t *mem_new(const sm_cfg_t *c, l2sys_t *l2);
void mem_free(mem_t *m);
/* the unit takes a new instruction at cycle `now` */
int mem_ready(const mem_t *m, uint64_t now);
/* Send the memory instruction `in` of warp trace `t` at cycle `now`; returns the cycle its
 * data is back (loads) or it is accepted (stores); *l1_miss: a line request missed or
 * bypassed the L1. Shared memory: lat_shmem plus one cycle per extra conflict pass. An
 * instruction without addresses (texture, surface, async copies) is one L1-missing request
 * that hits the L2. */
uint64_t mem_access(mem_t *m, const warp_trace_t *t, const inst_t *in, int is_load, uint64_t now,
                    int *l1_miss);
const mem_stats_t *mem_stats(const mem_t *m);

#endif
