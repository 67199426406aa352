/* The SM's memory hierarchy as its load/store unit sees it (C, SM level): an L1 data cache
 * (sets x ways of lines of sectors, LRU, MSHRs, allocation on fill, write-through with or
 * without write-allocate, global loads optionally bypassing it as SM6_TITANX does), an
 * interconnect latency each way, an L2 slice (sectored tags, a latency, one request per
 * cycle), DRAM (row buffers per bank, a latency and a bandwidth-limited queue) and shared
 * memory (32 banks: an access with an n-way conflict takes n passes). Sources: LTRF paper Table 3 (16 KB 4-way L1D, 2 MB LLC, GDDR5) and
 * Accel-Sim's configs (../shared/reference/accelsim.md).
 *
 * Timing contract: the unit accepts one instruction when its previous one has sent all its
 * requests; it sends one line request per cycle (an instruction's coalesced requests in
 * order). An L1 hit returns l1_latency cycles after it is sent; a miss takes an MSHR (one per
 * line; a second miss to a pending line merges into it), and when none is free the unit
 * stalls until one returns. A miss (or a bypassing load) crosses the interconnect
 * (icnt_latency) to the L2, which takes one request per cycle: a hit returns l2_latency later
 * and crosses back; a miss goes to DRAM: its bank's row buffer (tRCD, tCL, tRP, mem.c
 * dram_bank), the transfer of its sectors at dram_bw bytes per cycle behind the transfers
 * before it, then dram_latency and the way back. Fills are written into the caches when they
 * return. Stores write through to the L2 (a write-back L2: the written sectors become valid
 * there without a DRAM read) and complete when the L2's acknowledgement is back, l2_latency
 * plus both crossings after they were sent; a warp retires only when its stores completed. */
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

mem_t *mem_new(const sm_cfg_t *c);
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
