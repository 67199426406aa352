/* --latency-x F: the main register file's bank access time chosen so that the average read
 * latency (request to data, bank-conflict queuing included: the mrf_read_latency_avg statistic)
 * is F times the preset's (--latency-x F@P: F times preset P's, P taken with the run's
 * bank_pipelined, the reading of LTRF Table 2 the run makes: how Table 2's #6 and #7 are
 * derived from #1), measured as LTRF Sec. 2.2 measures Table 2's latencies (GPGPU-Sim's
 * average register-file access latency, queuing included) rather than multiplying the bank's
 * busy time. The measurement: the baseline design on the LTRF experiments' register-hungry
 * generated kernel (LATX_KERNEL: 64 registers per thread, 16 blocks of 8 warps) with the
 * preset as loaded (after --set); the chosen access time is the one whose ratio is nearest F. */
#ifndef GPURF_LATENCY_X_H
#define GPURF_LATENCY_X_H
#include "cmodel/cfg.h"
#include <stddef.h>

#define LATX_KERNEL "seed=3,blocks=16,warps=8,regs=64,insts=200,loops=2,window=8"

typedef struct {
    double factor;            /* F as asked (0: no --latency-x) */
    unsigned from, to;        /* bank_latency of the preset and the one chosen */
    double base_avg, avg;     /* the reference kernel's average read latency at each */
} latx_t;

/* c->bank_latency set to the chosen access time; -1 with a message in err. With ref, F is a
 * multiple of ref's average read latency, not c's own (--latency-x F@PRESET) */
int latx_apply(sm_cfg_t *c, double factor, const sm_cfg_t *ref, latx_t *r, char *err, size_t n);
/* average main-RF read latency of the reference kernel on c (baseline design) */
int latx_measure(const sm_cfg_t *c, double *avg, char *err, size_t n);

#endif
