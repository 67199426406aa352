/* The banked main register file (block rf) as the designs that instantiate it see it: its
 * statistics list, declared once, and its activity counters at the end of a run. */
#ifndef GPURF_MAINRF_H
#define GPURF_MAINRF_H
#include "core/core.h"

#define MAINRF_STATS(S)                                                                            \
    S(bank_conflicts, "read requests that lost bank arbitration (request-cycles)")             \
    S(write_conflicts, "write requests that lost to another write (request-cycles)")

STATS_STRUCT(mainrf_stats_t, MAINRF_STATS);
extern const stat_list_t mainrf_stats;

/* the main register file of sub-core s (instance rf.sc<s>): block rf or one of its
 * configurations (rf_pool, rf_fill) */
ls_inst_t *mainrf_new(sm_t *sm, unsigned s, const char *block, char *err, size_t n);
/* its reads and writes into the core's rf_reads / rf_writes, its conflicts into st */
void mainrf_count(sm_t *sm, const ls_inst_t *rf, mainrf_stats_t *st);

#endif
