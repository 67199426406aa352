/* SM model internals shared by sm.c (launch, cycle loop), sm_issue.c (schedulers,
 * scoreboard, collector allocation) and sm_exec.c (dispatch, execution, write-back and the
 * functional shadow). */
#ifndef GPURF_SM_INT_H
#define GPURF_SM_INT_H
#include "../cmodel/ocu.h"
#include "../cmodel/rf.h"
#include "liveness.h"
#include "ltrf.h"
#include "regint.h"
#include "sm.h"

/* why a warp cannot issue */
enum { R_OK, R_IDLE, R_BARRIER, R_SCOREBOARD, R_CACHE, R_PREFETCH };

typedef struct {
    int used, active, done_issuing, at_barrier;
    unsigned sc, local, blk;     /* sub-core, local slot in the sub-core, resident block index */
    unsigned wib;                /* warp index in its thread block */
    const warp_trace_t *tr;
    uint32_t next;               /* next dynamic instruction */
    uint32_t inflight, long_pending;
    uint64_t age;                /* launch order, for GTO */
    uint8_t pend_w[256], pend_r[256];
    uint32_t wpend;              /* results not yet written */
    uint32_t *shadow;            /* arch_regs x lanes */
    uint8_t *defined;            /* arch_regs */
    /* register-file cache designs (ltrf.c) */
    int lt;                      /* LT_* */
    unsigned row;                /* cache row (warp-offset address) while it holds one */
    unsigned incu;               /* instructions between issue and dispatch */
    unsigned fills, vsets;       /* registers being fetched / marked valid without a fetch */
    unsigned ev_reads, ev_writes; /* write-backs not yet read from the cache / written */
    uint32_t pf_dyn;             /* dynamic instruction whose PREFETCH is done */
    unsigned cur_iv;             /* register-interval whose working set the warp holds */
    uint8_t bank[256];           /* cache bank of each register while allocated */
    uint8_t evp[256];            /* write-backs of each register not yet in the main RF */
    uint64_t lru[256];           /* last lookup of each register (rfc replacement) */
} warp_t;

typedef struct {
    int used;
    tblock_t tb;
    unsigned live, arrived, nwarps;
    unsigned warp_slot[64];
} rblock_t;

typedef struct {
    unsigned warp;               /* global warp slot */
    const inst_t *in;
    uint32_t dyn;
    uint32_t dst_val[INST_MAX_DST][GPURF_MAX_LANES];
    uint8_t dst_bank[INST_MAX_DST]; /* cache designs: the bank the lookup stage found */
    unsigned wb_left;
    int next_free;
} flight_t;

typedef struct {
    unsigned flight, d;          /* write d-th destination of flight */
} wbq_ent_t;

typedef struct {
    ls_inst_t *rf;               /* baseline; the main register file of the cache designs */
    ltrf_sc_t *lt;               /* cache designs */
    ls_inst_t **cu;
    /* ideal register file: storage and one-cycle response registers */
    uint32_t *ideal_mem;         /* [local warp][reg][lane] */
    uint8_t *ideal_rsp_valid;
    uint32_t (*ideal_rsp)[GPURF_MAX_LANES];
    unsigned ideal_rows;
    /* write-back queue */
    wbq_ent_t *wbq;
    unsigned wb_head, wb_len, wb_cap;
    /* launch queue: warps whose register base must be written */
    unsigned *lq;
    unsigned lq_head, lq_len;
    unsigned rr_issue, rr_disp;
    unsigned *pool, npool;        /* two-level scheduler active pool */
    const void *cu_out[64];
    const void *rf_out;
} subcore_t;

struct sm {
    sm_cfg_t c;
    sm_opts_t o;
    ls_ctx_t ls;
    sm_stats_t st;
    subcore_t *sc;
    warp_t *w;
    rblock_t *blk;
    flight_t *fl;
    unsigned nfl, fl_free;
    unsigned *wheel_head, wheel_size; /* completion timing wheel of flight lists */
    int *wheel_next;
    kernel_t *k;
    unsigned kidx, alloc_regs, rows_per_warp, blocks_resident, shmem_used;
    int kernel_exhausted;
    uint64_t launch_seq;
    /* compiler passes of the current kernel (ltrf, ltrf+) */
    int passes;
    prog_t prog;
    regint_t ri;
    liveness_t lv;
    int error;                    /* 1 value error, 2 bad input */
    char *err;
    size_t errn;
};

/* sm.c */
/* the warp whose register base the main register file takes this cycle (~0u: none), written
 * into the register file's inputs when given; sm_launch_done: it was taken */
unsigned sm_launch_inputs(sm_t *sm, unsigned s, rf_in_t *in);
void sm_launch_done(sm_t *sm, unsigned s, unsigned launch);
ls_inst_t *sm_make_inst(sm_t *sm, const char *block, const char *name, char *err, size_t n);
/* sm_issue.c */
void sm_issue(sm_t *sm, unsigned s);
int sm_can_issue(const warp_t *w);
/* sm_exec.c */
void sm_dispatch(sm_t *sm, unsigned s);
void sm_complete(sm_t *sm);
void sm_writeback_inputs(sm_t *sm, unsigned s, rf_in_t *in);
void sm_writeback_done(sm_t *sm, unsigned s, const uint32_t *gnt);
unsigned sm_flight_alloc(sm_t *sm);
void sm_warp_retire_check(sm_t *sm, unsigned w);
uint64_t sm_mix(uint64_t x);

#endif
