/* The SM-level model: one SM running a workload's thread blocks through one design
 * (design/design.h; the designs are listed in design/designs.def), on the C block models or
 * in lockstep with their RTL twins. The GPU (gpu.h) drives its SMs cycle by cycle. */
#ifndef GPURF_SM_H
#define GPURF_SM_H
#include "cmodel/cfg.h"
#include "design/design.h"
#include "harness/lockstep.h"
#include "stats.h"
#include "stream/stream.h"
#include <stdio.h>

typedef struct l2sys l2sys_t;

typedef struct {
    const design_t *design;
    const char *rtl_blocks;   /* NULL: C only; "all" or comma list of block names */
    const char *rtl_variant;  /* "ok" or a FAULT_* name */
    const char *rtl_preset;   /* which built RTL parameter set to use (the preset name) */
    const sm_cfg_t *rtl_cfg;  /* that preset as built, without overrides (NULL: the run's) */
    int drive_rtl;
    int every_cycle;          /* every block evaluated and clocked every cycle (lockstep.h) */
    const char *wave_dir;
    int wave_all;
    const char *win_inst;
    uint64_t win_from;
    uint64_t deadlock;        /* cycles without a retired instruction that stop the run (0: 100 x
                                 the memory latencies + 1000) */
    unsigned history;
    uint64_t stop_at;         /* stop after this cycle (mismatch window replay) */
    int pass_fault;           /* LV_*: the liveness rule of the compiler passes */
    int rsp_no_fill;          /* deliberate fault (`--pass-fault rsp_no_fill`): the scratchpad
                                 allocation forgets its fills, so a read allocation's reads find
                                 a register never written; the design's check must stop it */
    const char *sthld_log;    /* designs with an adaptive STHLD: one line per interval here */
    const char *reg_log;      /* designs with register renaming: occupancy every 100 cycles */
} sm_opts_t;

typedef struct sm sm_t;

/* The issue policy of a run of design d on preset c: the preset's when d supports it;
 * otherwise, unless the user named the policy (named: --set scheduler=), d's paper's, written
 * into c. note gets the header line's text: "<policy> (<design>'s default; preset <preset>
 * says <its policy>)" or "<policy> (the preset's)". -1 with err naming the field, the policy and the design when the named policy
 * is not supported. */
int sm_resolve_scheduler(sm_cfg_t *c, const design_t *d, int named, char *note, size_t nn,
                         char *err, size_t n);
/* SM number id, its misses and stores going to l2 (the GPU's, mem/l2.h). Returns NULL with a
 * message in err (bad configuration, a scheduler the design does not support, RTL not
 * built). */
sm_t *sm_new(const sm_cfg_t *cfg, const sm_opts_t *o, l2sys_t *l2, unsigned id, char *err,
             size_t n);
/* The GPU's steps (gpu.c), in this order every cycle: sm_try_launch (core.h, in the block
 * scheduler's order), sm_cycle_front (SMs in parallel), sm_mem_step (SM order),
 * sm_cycle_back (in parallel). */
void sm_cycle_front(sm_t *sm);
void sm_cycle_back(sm_t *sm);
/* nothing resident and the design holds nothing */
int sm_idle(const sm_t *sm);
/* 0, 1 a lockstep mismatch or value error, 2 bad input (message in the run's err) */
int sm_failed(const sm_t *sm);
/* the workload is done: the design's last accounting */
void sm_end(sm_t *sm);
/* one line of the SM's state (a deadlock report) */
void sm_describe(const sm_t *sm, FILE *f);
const sm_stats_t *sm_stats(const sm_t *sm);
/* the statistics groups of the run: the core's, then the design's */
const stat_group_t *sm_stat_groups(const sm_t *sm, unsigned *n);
ls_ctx_t *sm_lockstep(sm_t *sm);
/* after the dumps are closed: the design's cross-block views. 0, or -1 on error */
int sm_merge_waves(sm_t *sm);
void sm_free(sm_t *sm);

#endif
