/* The GPU: cfg->sms SMs (sm.h), each with its own design instance, collectors and L1, sharing
 * the interconnect, L2 slices and DRAM channels (mem/l2.h). A run's kernels go in order; the
 * thread blocks of a kernel go to SMs as GPGPU-Sim's block scheduler sends them: every cycle
 * each SM with room for a block takes at most one, the SMs visited round robin from the one
 * after the SM that took the last block.
 *
 * Determinism contract: the SMs are simulated on threads, every cycle in four steps: the
 * block scheduler (one thread, SM order above), every SM's front and dispatch (in parallel),
 * the memory instructions dispatched that cycle sent into the shared L2 (one thread, SM 0
 * first), every SM's back half (in parallel). Between the steps the threads meet at a
 * barrier, and an SM touches only its own state in the parallel steps, so a run's results are
 * the same bit for bit for every thread count; with one SM they are the single-SM model's. */
#ifndef GPURF_GPU_H
#define GPURF_GPU_H
#include "sm.h"

typedef struct gpu gpu_t;

/* o applies to SM rtl_sm (its blocks in lockstep, its waves and logs); the other SMs run the
 * C models. threads 0: every online core (at most one per SM). NULL with a message in err */
gpu_t *gpu_new(const sm_cfg_t *c, const sm_opts_t *o, unsigned rtl_sm, unsigned threads,
               char *err, size_t n);
/* Run the workload. Returns 0 done, 1 lockstep mismatch or value error, 2 bad input or a
 * deadlock (the message in err; the state of every SM on stderr). */
int gpu_run(gpu_t *g, workload_t *w, char *err, size_t n);
unsigned gpu_sms(const gpu_t *g);
unsigned gpu_threads(const gpu_t *g);
sm_t *gpu_sm(gpu_t *g, unsigned i);
/* the SM that runs in lockstep (rtl_sm) */
sm_t *gpu_rtl_sm(gpu_t *g);
/* the GPU's statistics: every SM's counters summed, except cycles (the GPU's) and
 * max_resident_warps (the most of any SM); the groups of SM 0's lists */
const sm_stats_t *gpu_stats(gpu_t *g);
const stat_group_t *gpu_stat_groups(gpu_t *g, unsigned *n);
void gpu_free(gpu_t *g);

#endif
