/* Statistics, declared once: name and description. Printed as aligned text and as JSON. */
#ifndef GPURF_STATS_H
#define GPURF_STATS_H
#include <stdint.h>
#include <stdio.h>

#define SM_STATS(S)                                                                                \
    S(cycles, "cycles simulated")                                                              \
    S(instructions, "warp instructions executed")                                              \
    S(blocks_launched, "thread blocks launched")                                               \
    S(max_resident_warps, "most warps resident at once (occupancy)")                           \
    S(stall_collector, "scheduler-cycles with a ready warp but no free collector unit")        \
    S(stall_scoreboard, "scheduler-cycles with every warp waiting on a register dependency")   \
    S(stall_barrier, "scheduler-cycles with warps waiting only at a barrier")                  \
    S(stall_idle, "scheduler-cycles with no warp to issue (launch, drain, done)")              \
    S(stall_regcache, "scheduler-cycles with warps waiting only for the register-file cache")  \
    S(rf_reads, "main register file bank reads")                                               \
    S(rf_writes, "main register file bank writes")                                             \
    S(bank_conflicts, "read requests that lost bank arbitration (request-cycles)")             \
    S(write_conflicts, "write requests that lost to another write (request-cycles)")           \
    S(ocu_allocs, "collector unit allocations")                                                \
    S(activations, "cache designs: warps given a cache row")                                   \
    S(deactivations, "cache designs: warps that gave their row back")                          \
    S(prefetches, "ltrf, ltrf+: PREFETCH operations (register-interval switches)")             \
    S(fetches, "registers read from the main register file into the cache")                   \
    S(writebacks, "registers written back from the cache to the main register file")           \
    S(wcb_lookups, "registers translated by the WCB lookup stage (first attempt)")             \
    S(wcb_hits, "of those, found valid in the cache (register-file cache hit rate)")           \
    S(rfc_reads, "register-file cache reads by collectors")                                    \
    S(rfc_writes, "register-file cache result writes")                                         \
    S(rfc_fills, "register-file cache fills")                                                  \
    S(rfc_bank_conflicts, "register-file cache requests that lost bank arbitration")           \
    S(ocu_dup_reads_saved, "source reads saved by reading a repeated register once")           \
    S(operands_checked, "operands checked against the functional shadow")                      \
    S(undefined_reads, "reads of registers never written by the warp (not checked)")          \
    S(value_errors, "operands that differ from the functional shadow")

typedef struct {
#define S(n, d) uint64_t n;
    SM_STATS(S)
#undef S
} sm_stats_t;

void stats_print_text(const sm_stats_t *s, FILE *f);

#endif
