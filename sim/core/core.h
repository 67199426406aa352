/* SM core internals, shared by the core's files (sm.c: construction and the cycle; launch.c:
 * occupancy, launch and retirement; sched.c: issue-order policies; issue.c: the issue stage;
 * exec.c: dispatch, execution and write-back; shadow.c: the value check) and the designs
 * (design/design.h says which hooks may change what). Nothing here belongs to one design:
 * a design keeps its state behind sm->dpriv and subcore_t.dpriv. */
#ifndef GPURF_CORE_H
#define GPURF_CORE_H
#include "cmodel/ocu.h"
#include "cmodel/rf.h"
#include "collector.h"
#include "design/design.h"
#include "mem/mem.h"
#include "queue.h"
#include "stream/isa.h"
#include "sm.h"

/* asynchronous-copy groups a warp may have in flight at once */
#define AS_RING 32

/* why a warp cannot issue */
enum { R_OK, R_IDLE, R_BARRIER, R_SCOREBOARD, R_DESIGN };

/* execution units, one of each kind per sub-core (isa_unit): a unit takes one instruction per
 * cycle from the collectors into its input latch (GPGPU-Sim's OC_EX register), which moves
 * into the unit once the previous instruction's initiation interval has passed */
#define U_N K_N

typedef struct {
    int used, active, done_issuing, at_barrier;
    unsigned sc, local, blk;     /* sub-core, local slot in the sub-core, resident block index */
    unsigned wib;                /* warp index in its thread block */
    const warp_trace_t *tr;
    uint32_t next;               /* next dynamic instruction */
    uint32_t inflight, long_pending;
    uint64_t age;                /* launch order, for GTO */
    uint8_t pend_w[256], pend_r[256];
    uint8_t long_w[256];         /* pending writes by long loads (deact_rule) */
    uint32_t wpend;              /* results not yet written */
    uint8_t sb_known, sb_blocked; /* scoreboard verdict for tr->v[next], while nothing changed */
    uint32_t *shadow;            /* arch_regs x lanes */
    uint32_t *defined;           /* arch_regs: lanes written at least once */
    uint32_t lanes;              /* every modelled lane any of its instructions runs on */
    uint32_t as_open;            /* asynchronous copies: the open group (groups closed so far) */
    uint16_t as_pend[AS_RING];   /* copies in flight per group, by group mod AS_RING */
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
    uint64_t done_at;            /* the cycle execution completes */
    uint8_t long_load;           /* a load the pool rule counts as long (deact_rule) */
    uint32_t as_group;           /* an asynchronous copy: its group */
    unsigned wb_left;
    int next_free;
    uint64_t wseq;               /* when it entered the completion wheel (sm_t.wseq) */
} flight_t;

/* the memory instruction dispatched this cycle, sent in sm_mem_step */
typedef struct {
    int valid;
    unsigned flight;
    uint64_t enter, seq;         /* the cycle it enters the unit; its wheel order */
} mem_pend_t;

typedef struct {
    unsigned flight, d;          /* write d-th destination of flight */
} wbq_ent_t;

typedef struct {
    ls_inst_t **cu;
    const void *cu_out[64];      /* this cycle's collector outputs (step 1) */
    queue_t wbq;                 /* wbq_ent_t: results waiting for a register-file write port */
    queue_t lq;                  /* unsigned: warps whose register base must be written */
    uint64_t unit_enter[U_N];   /* cycle the unit's last instruction enters (or entered) it */
    uint64_t unit_taken[U_N];   /* 1 + the cycle an instruction last took the unit's latch */
    unsigned rr_issue, rr_disp;  /* issue: last issuer (local slot, or pool index); dispatch */
    unsigned last_issued;        /* global slot of the last issuer (two-level gto) */
    unsigned *pool, npool;       /* two-level scheduler: the core's active pool */
    unsigned rr_outer;           /* two-level round_robin: the local slot tried first */
    unsigned *by_age, nby_age;   /* resident warps oldest first (gto), as of warps_ver */
    uint64_t by_age_ver;
    void *dpriv;                 /* the design's per-sub-core state */
} subcore_t;

struct sm {
    unsigned id;                  /* the SM's number in the GPU */
    sm_cfg_t c;
    sm_opts_t o;
    const design_ops_t *d;
    const char *cu_block;         /* the block in the collector slots (ocu, ccu ...) */
    cu_ports_t cup;               /* its collector ports (collector.h) */
    unsigned policy;              /* SCHED_*: the issue order in use (sched.h) */
    ls_ctx_t ls;
    sm_stats_t st;
    stat_group_t groups[8];       /* core first, then the design's */
    unsigned ngroups;
    uint64_t *design_stall;       /* the design's counter of R_DESIGN stalls */
    subcore_t *sc;
    warp_t *w;
    uint32_t *shadow, *defined;   /* every warp slot's (warp_t), one region each */
    rblock_t *blk;
    flight_t *fl;
    unsigned nfl, fl_free;
    unsigned *wheel_head, wheel_size; /* completion timing wheel of flight lists (a flight
                                         further away than a turn waits its round) */
    mem_t *mem;                  /* the memory hierarchy (sim/mem) */
    mem_pend_t mem_pend;
    int skip;                    /* this cycle the SM holds nothing: it is not evaluated */
    uint64_t insts_seen;         /* st.instructions at the end of the last cycle (gpu.c) */
    int idle_latched;            /* sm_idle held: nothing resident and the design drained; it
                                    holds until a block launches or a kernel is set up */
    uint64_t wseq;               /* flights entered into the wheel so far */
    int *wheel_next;
    kernel_t *k;
    unsigned kidx, alloc_regs, rows_per_warp, blocks_resident, shmem_used;
    int kernel_exhausted;
    int kernel_hook_pending;      /* the design's kernel hook is still to run (sm_try_launch) */
    uint64_t launch_seq;
    uint64_t warps_ver;           /* bumped when a warp is placed or retires or a slot frees */
    uint64_t launch_wait;         /* warps_ver at the last launch that did not fit, + 1 */
    void *dpriv;                  /* the design's per-SM state */
    int error;                    /* 1 value error, 2 bad input */
    char *err;
    size_t errn;
};

/* sm.c */
ls_inst_t *sm_make_inst(sm_t *sm, const char *block, const char *name, char *err, size_t n);
/* counters of a design (list and its counters), printed after the core's */
void sm_stat_group(sm_t *sm, const stat_list_t *l, const uint64_t *v);
static inline void sm_set_stall_counter(sm_t *sm, uint64_t *c) { sm->design_stall = c; }
/* launch.c */
/* the design released what kept a warp slot from taking a new warp (design_ops_t.slot_free) */
static inline void sm_slots_changed(sm_t *sm) { sm->warps_ver++; }
int sm_try_launch(sm_t *sm);
int sm_setup_kernel(sm_t *sm, kernel_t *k);
/* the warp whose register base the main register file takes this cycle (~0u: none), written
 * into the inputs of the register file's instance rf when given (taken with ls_in only for a
 * launch, so that an idle file may stay dormant); sm_launch_done: it was taken */
unsigned sm_launch_inputs(sm_t *sm, unsigned s, ls_inst_t *rf);
void sm_launch_done(sm_t *sm, unsigned s, unsigned launch);
void sm_warp_retire_check(sm_t *sm, unsigned w);
/* issue.c */
void sm_issue(sm_t *sm, unsigned s);
int sm_can_issue(const warp_t *w);
/* the warp's next instruction needs the result of a long load (deact_rule): it leaves the
 * two-level active pool until that load returned */
int sm_waits_long(const warp_t *w);
/* the warp's pending reads or writes or its next instruction changed */
static inline void sm_sb_changed(warp_t *w) { w->sb_known = 0; }
/* a collector of sub-core s that is free this cycle, or -1 (any warp g); its allocation with
 * the warp's registers as operands (designs whose collectors read the main register file
 * directly) */
int sm_cu_free(const sm_t *sm, unsigned s, unsigned g);
/* collector k of sub-core s is free this cycle: idle or dispatching now, not yet allocated */
int sm_cu_is_free(const sm_t *sm, unsigned s, unsigned k);
void sm_cu_alloc(sm_t *sm, unsigned s, int cu, unsigned flight);
/* the same with the collector's warp field and operands given (src[i] for the flight's
 * sources i; designs that address other storage, such as a register-file cache) */
void sm_cu_alloc_ops(sm_t *sm, unsigned s, int cu, unsigned flight, uint32_t warp,
                     const uint32_t *src);
/* collector k's read requests (rd_valid/warp/reg of its max_srcs slots) into the arrays */
void sm_cu_requests(const sm_t *sm, unsigned s, unsigned k, uint32_t *valid, uint32_t *warp,
                    uint32_t *reg);
/* a collector's grants and responses from a storage block's read-port outputs; the arrays
 * start at the collector's first port (collector k owns ports k * max_srcs ...). Its inputs
 * are taken (ls_in) only when they change: a dormant collector without a grant or a response
 * sleeps on */
void sm_cu_inputs(const sm_t *sm, ls_inst_t *cu, const uint32_t *gnt, const uint32_t *rsp_valid,
                  const uint32_t (*rsp_data)[GPURF_MAX_LANES]);
#define SM_CU_PORTS(sm, k, out, gnt_f, valid_f, data_f)                                           \
    (out)->gnt_f + (k) * (sm)->c.max_srcs, (out)->valid_f + (k) * (sm)->c.max_srcs,              \
        (const uint32_t(*)[GPURF_MAX_LANES])((out)->data_f + (k) * (sm)->c.max_srcs)
/* exec.c */
void sm_dispatch(sm_t *sm, unsigned s);
/* after every sub-core dispatched: the memory instruction dispatched this cycle is sent (the
 * GPU calls it for its SMs in SM order, gpu.h) */
void sm_mem_step(sm_t *sm);
void sm_complete(sm_t *sm);
/* the head of the write-back queue as register-file write requests; sm_writeback_done:
 * gnt[p] says which were written */
void sm_writeback_inputs(sm_t *sm, unsigned s, rf_in_t *in);
void sm_writeback_done(sm_t *sm, unsigned s, const uint32_t *gnt);
unsigned sm_writeback_offered(const sm_t *sm, unsigned s);
static inline const wbq_ent_t *sm_wbq_at(const sm_t *sm, unsigned s, unsigned i)
{
    return q_at(&sm->sc[s].wbq, i);
}
/* the lanes an instruction executes on: its active mask within the modelled lanes */
static inline uint32_t sm_lanes(const sm_t *sm, const inst_t *in)
{
    return in->mask & gpurf_mask(sm->c.lanes);
}
/* the instruction writes fewer lanes than its warp has: the other lanes keep their values */
static inline int sm_partial(const sm_t *sm, const warp_t *w, const inst_t *in)
{
    return sm_lanes(sm, in) != w->lanes;
}
unsigned sm_flight_alloc(sm_t *sm);
void sm_flight_free(sm_t *sm, unsigned f);
/* shadow.c: check a dispatched instruction's operands, compute its results */
void sm_execute(sm_t *sm, unsigned f, const void *cu_out);
uint64_t sm_mix(uint64_t x);

#endif
