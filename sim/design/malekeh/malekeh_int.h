/* Design `malekeh` (Malekeh, MICRO 2023: ../shared/papers/004): caching collector units.
 *
 * Per sub-core: the banked main register file and collectors/schedulers caching collector
 * units in the collector slots (block ccu, instances ccu.sc<s>.<k>, Sec. 3.2); per SM one
 * adaptive STHLD (block sthld, Sec. 7). The CCU allocator (block ccu_alloc, Sec. 6) follows
 * ccu_pool:
 *  - sm (the authors' prototype, rfwithcache.cc): one allocator (instance ccu_alloc) over
 *    every CCU of the SM with a request port per scheduler. A scheduler issues into its
 *    latch (one instruction; GPGPU-Sim's ID_OC register) when it is empty; every cycle the
 *    latches' instructions are served in the allocator's priority order (warps owning a CCU
 *    first, then the older), up to one per scheduler; one not granted stays in its latch.
 *    Every CCU reaches every sub-core's banks: each sub-core's file (block rf_pool) has a read
 *    port per operand slot of every CCU, and a CCU reads the file of its instruction's warp,
 *    keeps the results of its owner's sub-core (port D) and dispatches into the warp's
 *    sub-core's units. CCU and allocator warp ids are SM-wide (the warp slot).
 *  - subcore: each sub-core's allocator (ccu_alloc.sc<s>) over its own CCUs, which read its
 *    own file (block rf). The scheduler's pick asks the allocator for a CCU: a grant takes
 *    that CCU; a refusal (own CCU busy, STHLD wait, none free) passes to the next warp in the
 *    order, as GPGPU-Sim's scheduler passes over a warp whose next instruction finds no free
 *    unit. The allocator takes one request per edge: the granted warp's, else the first warp
 *    refused for STHLD (the counter counts the cycle), else the first refused.
 *  - Issue (Sec. 5): with ccu_priority = 1 the core's cache-aware order (warps owning a CCU
 *    first, oldest first in each class).
 *  - Operands: a CCU looks every source up in its cache table; misses read the banks through
 *    the same read ports as ocu (rd_* / rd_gnt / rsp_*). The source and destination hints are
 *    the compiler's reuse distances (sim/pass/reuse.h; reuse_src oracle, static or none): far
 *    (0) beyond rthld, else near: 1 with reuse_bits = 1, else a closeness
 *    2^reuse_bits - min(distance, 2^reuse_bits - 1), the precise variant.
 *  - Writes (Sec. 4.2): every result is written into the file's banks; in the cycle the file
 *    grants the bank write, the CCUs see it on port D (near = the destination's hint). A write
 *    under a partial active mask is passed as far: the file writes only the active lanes, so a
 *    CCU copy of the whole register could not be built from it (a hit entry is invalidated).
 *  - A warp slot that takes a new warp releases the old warp's CCU (port rel).
 *  - STHLD: the SM's instructions per cycle feed the sthld block; its threshold is every
 *    allocator's input. --sthld-log writes one line per interval. */
#ifndef GPURF_MALEKEH_INT_H
#define GPURF_MALEKEH_INT_H
#include "cmodel/ccu.h"
#include "cmodel/ccu_alloc.h"
#include "cmodel/sthld.h"
#include "core/core.h"
#include "design/mainrf.h"
#include "pass/reuse.h"

#define MALEKEH_STATS(S)                                                                           \
    S(ccu_hits, "source registers found in the warp's CCU (one per distinct register)")        \
    S(ccu_misses, "source registers read from the main register file's banks")                 \
    S(ccu_wr_kept, "results kept in a CCU (near, within the D ports)")                         \
    S(ccu_wr_dropped_far, "results of a CCU's warp not kept: far (or written under a partial mask)") \
    S(ccu_wr_dropped_port, "near results not kept: the D ports were taken")                    \
    S(ccu_wr_dropped_locked, "near results not kept: no victim (every entry locked, or holding a register the allocation of the edge reads)") \
    S(ccu_wr_dropped_read, "near results not kept: a miss on a register the allocation of the edge reads (read from the register file instead)") \
    S(ccu_wr_no_ccu, "results of a warp owning no CCU (main register file only)")             \
    S(ccu_wr_partial, "results written under a partial active mask (passed as far)")           \
    S(ccu_wr_invalidated, "CCU entries invalidated by a result not kept")                      \
    S(ccu_flushes, "CCU cache tables flushed by an allocation to another warp")                \
    S(ccu_releases, "CCUs released by a new warp in their warp's slot")                        \
    S(ccu_alloc_own, "allocations to the warp's own CCU")                                      \
    S(ccu_alloc_empty, "allocations of an empty CCU")                                          \
    S(ccu_alloc_far, "allocations of a CCU holding only far values")                           \
    S(ccu_alloc_near, "allocations of a CCU holding near values, after STHLD cycles")          \
    S(ccu_alloc_foreign, "allocations of a CCU of another sub-core than the warp's (ccu_pool sm)") \
    S(stall_sthld, "scheduler-cycles waiting for STHLD before replacing a CCU with near values") \
    S(stall_ccu_busy, "scheduler-cycles the picked warp's own CCU was busy")                   \
    S(stall_ccu_full, "scheduler-cycles with no free CCU for the picked warp")                 \
    S(sthld_final, "STHLD at the end of the run")                                              \
    S(sthld_state, "STHLD state machine's state at the end of the run (1..6)")                 \
    S(sthld_intervals, "STHLD intervals completed")

STATS_STRUCT(malekeh_stats_t, MALEKEH_STATS);

/* the hints of one dynamic instruction: a closeness per operand (REUSE_OPS: sources, then
 * destinations at INST_MAX_SRC + d); 0 far, reuse_bits wide (1: the near bit) */
typedef uint8_t mk_hint_t;

typedef struct {
    ls_inst_t *rf;
    const rf_out_t *rfo;
    int granted;                  /* subcore: the allocator granted a CCU this cycle */
    unsigned nasked, sthld_warp;  /* subcore: warps refused this cycle; the first refused for
                                     STHLD */
    int sthld_asked;
    unsigned rel_warp;            /* a warp slot took a new warp this cycle (rel; the CCUs'
                                     warp id) */
    int rel;
    int latched;                  /* sm: the scheduler's latch holds flight `latch` */
    unsigned latch;
} mk_sc_t;

typedef struct {
    malekeh_stats_t st;
    mainrf_stats_t rst;
    mk_sc_t *sc;
    int pool;                     /* ccu_pool sm */
    ls_inst_t **alloc;            /* one (sm) or one per sub-core */
    const ccu_alloc_out_t **ao;
    unsigned nalloc;
    ls_inst_t *sthld;
    const sthld_out_t *so;
    uint64_t insts_seen;          /* instructions executed as of the last cycle */
    uint64_t insts_logged;        /* instructions executed as of the last interval's end */
    mk_hint_t **hint;             /* per warp slot: REUSE_OPS per dynamic instruction */
    uint32_t *hint_cap;
    reuse_static_t rs;            /* reuse_src = static: the kernel's distances */
    prog_t prog;
    int have_prog;
    FILE *log;                    /* --sthld-log */
    unsigned kernels;             /* kernels set up so far (the log's kernel column) */
} mk_t;

#define MK(sm) ((mk_t *)(sm)->dpriv)
#define SC(sm, s) ((mk_sc_t *)(sm)->sc[s].dpriv)

/* the CCUs' and allocators' id of warp slot g: the slot (sm), or its local slot (subcore) */
static inline unsigned mk_wid(const sm_t *sm, unsigned g)
{
    return MK(sm)->pool ? g : sm->w[g].local;
}
/* the warp slot of id `id` as the CCUs of sub-core s name it */
static inline unsigned mk_slot_of(const sm_t *sm, unsigned s, unsigned id)
{
    return MK(sm)->pool ? id : id * sm->c.schedulers + s;
}
static inline const ccu_out_t *mk_ccu_out(const sm_t *sm, unsigned s, unsigned k)
{
    return sm->sc[s].cu_out[k];
}
/* the hints of flight f's instruction */
static inline const mk_hint_t *mk_hints(const sm_t *sm, unsigned f)
{
    const flight_t *fl = &sm->fl[f];
    return MK(sm)->hint[fl->warp] + (size_t)fl->dyn * REUSE_OPS;
}
/* CCU k of sub-core s takes flight f (alloc_*, its sources' hints) */
void mk_ccu_alloc(sm_t *sm, unsigned s, unsigned k, unsigned f);
/* D-port inputs of CCU k of sub-core s: the results sub-core ws's file writes this cycle */
void mk_ccu_writes(sm_t *sm, unsigned ws, ccu_in_t *in);

/* pool.c: ccu_pool sm */
/* the read requests of every CCU into each sub-core's file (front, once all are evaluated) */
void mk_pool_front(sm_t *sm);
/* the latches' instructions to CCUs (before any collector's inputs) */
void mk_pool_allocate(sm_t *sm);
/* grants, read data and writes of CCU k of sub-core s */
void mk_pool_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu);

/* hints.c: the near bits of warp g's stream (launch) and the kernel's static pass */
int mk_hints_kernel(sm_t *sm, mk_t *m, kernel_t *k);
int mk_hints_warp(sm_t *sm, mk_t *m, unsigned g);
void mk_hints_free(sm_t *sm, mk_t *m);

#endif
