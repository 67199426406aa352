/* Run report (text and JSON). */
#ifndef GPURF_REPORT_H
#define GPURF_REPORT_H
#include "harness/lockstep.h"
#include "energy/energy.h"
#include "core/stats.h"
#include "latency_x.h"
#include "stream/stream.h"
#include "synth/synth.h"
#include <stdio.h>

typedef struct {
    const char *mode, *design, *preset, *stream;
    const stat_group_t *groups; /* the core's statistics, then the design's */
    unsigned ngroups;
    stats_derived_t dv;     /* ipc and the other derived figures */
    const ls_ctx_t *ls;     /* every block instance of the design */
    int cosim;              /* print the lockstep verdicts */
    const synth_sum_t *syn; /* area/timing estimates per block, or NULL */
    const workload_t *w;    /* the kernels as run (architecture, registers, blocks) */
    const sm_cfg_t *cfg;    /* the run's parameters (per-event energies) */
    const char *sched_note; /* the issue policy and why (sm_resolve_scheduler) */
    const char *preset_note; /* why this preset (cli_pick_preset) */
    const latx_t *latx;     /* what --latency-x chose, or NULL */
    int rc;                 /* the run's exit code: 0 done, 1 mismatch or value error, 2 error */
    const char *err;        /* the run's error message when rc != 0 ("" for a mismatch) */
    struct gpu *gpu;        /* the SMs of the run (per-SM figures), or NULL */
} report_t;

typedef struct {
    unsigned instances, rtl_instances;
    uint64_t cycles, fields, mismatches;
} ls_totals_t;

/* the design's register-cache hit rate (design_ops_t.cache_hits), or -1: no cache or no
 * lookup */
double report_hit_rate(const report_t *r);
void report_lockstep_totals(const ls_ctx_t *ls, const char *block, ls_totals_t *t);
void report_text(const report_t *r, FILE *f);
int report_json(const report_t *r, const char *path);

/* a run's energy (energy/energy.h) as the JSON object "energy_pj" of its report (a jansson
 * json_t *; void * keeps jansson out of this header) */
void *report_energy_json(const rf_energy_t *e);

#endif
