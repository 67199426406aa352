/* Statistics, declared once per owner: the core's counters here, each design's in its own
 * list (design/<name>). A list is an X-macro of (name, description) pairs; STATS_STRUCT makes
 * the counter struct (consecutive uint64_t, read as an array) and STATS_LIST its descriptor.
 * A run prints the core's list and its design's lists, as aligned text and as JSON; names are
 * unique across all lists (they are the JSON keys). */
#ifndef GPURF_STATS_H
#define GPURF_STATS_H
#include "cmodel/cfg.h"
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *name, *desc;
} stat_desc_t;

typedef struct {
    const char *owner;        /* "core" or the design / mechanism that counts them */
    const stat_desc_t *d;
    unsigned n;
} stat_list_t;

/* a list's counters as they are in one run */
typedef struct {
    const stat_list_t *list;
    const uint64_t *v;
} stat_group_t;

#define STATS_FIELD_(n, d) uint64_t n;
#define STATS_DESC_(n, d) {#n, d},
#define STATS_STRUCT(type, LIST) typedef struct { LIST(STATS_FIELD_) } type
#define STATS_LIST(var, owner, LIST)                                                               \
    static const stat_desc_t var##_d_[] = {LIST(STATS_DESC_)};                                     \
    const stat_list_t var = {owner, var##_d_, sizeof var##_d_ / sizeof var##_d_[0]}

#define CORE_STATS(S)                                                                              \
    S(cycles, "cycles simulated")                                                              \
    S(instructions, "warp instructions executed")                                              \
    S(blocks_launched, "thread blocks launched")                                               \
    S(max_resident_warps, "most warps resident at once (occupancy)")                           \
    S(stall_collector, "scheduler-cycles with a ready warp but no free collector unit")        \
    S(stall_scoreboard, "scheduler-cycles with every warp waiting on a register dependency")   \
    S(stall_barrier, "scheduler-cycles with warps waiting only at a barrier")                  \
    S(stall_idle, "scheduler-cycles with no warp to issue (launch, drain, done)")              \
    S(rf_reads, "main register file bank reads")                                               \
    S(rf_writes, "main register file bank writes")                                             \
    S(mrf_read_latency, "main-RF read cycles from request to data, queuing included (summed)")  \
    S(ur_reads, "uniform register reads (their own file, never a main RF bank)")               \
    S(ur_writes, "uniform register writes")                                                    \
    S(ocu_allocs, "collector unit allocations")                                                \
    S(ocu_dup_reads_saved, "source reads saved by reading a repeated register once")           \
    S(cu_fills, "register values written into collectors by read responses")                  \
    S(cu_operands, "source operands read out of collectors at dispatch")                       \
    S(operands_checked, "operands checked against the functional shadow")                      \
    S(undefined_reads, "reads with no active lane written by the warp (not checked)")        \
    S(value_errors, "operands that differ from the functional shadow")

STATS_STRUCT(sm_stats_t, CORE_STATS);
extern const stat_list_t core_stats;

/* figures derived from the core's counters: (name, description, value of sm_stats_t *s and the
 * run's sm_cfg_t *c) */
#define STATS_RATIO_(a, b) ((b) != 0 ? (double)(a) / (double)(b) : 0.0)
#define DERIVED_STATS(D)                                                                           \
    D(ipc, "instructions per cycle", STATS_RATIO_(s->instructions, s->cycles))                     \
    D(mrf_read_latency_avg, "main-RF read cycles from request to data, average",                  \
      STATS_RATIO_(s->mrf_read_latency, s->rf_reads))                                          \
    D(bank_read_use, "main-RF bank read slots used: rf_reads / (cycles x banks x bank_ports)",    \
      STATS_RATIO_(s->rf_reads, s->cycles * (uint64_t)(c->banks * c->bank_ports)))
typedef struct {
#define D(n, d, v) double n;
    DERIVED_STATS(D)
#undef D
} stats_derived_t;

static inline stats_derived_t stats_derive(const sm_stats_t *s, const sm_cfg_t *c)
{
#define D(n, d, v) v,
    return (stats_derived_t){DERIVED_STATS(D)};
#undef D
}
/* the groups, then the derived figures */
void stats_print_text(const stat_group_t *g, unsigned n, const stats_derived_t *dv, FILE *f);

#endif
