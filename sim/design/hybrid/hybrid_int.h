/* Internals of the register cache / scratchpad designs (Bailey et al.), one implementation
 * behind five registry entries (hy_variant_t): rc, rsp, hybrid, hybrid-evict, hybrid-lifetime.
 * Shared by hybrid.c (construction, kernel passes, hooks, statistics), pool.c (the two-level
 * active pool of the scratchpad designs), rcpath.c (reads and writes through the register
 * cache and the main RF) and rsppath.c (the scratchpad, its fills and write-backs).
 *
 * Operand path, per scheduler (a collector slot's read; a result at the write-back head):
 *   - a source the allocation maps to the scratchpad reads it (a free rsp read port; the
 *     answer the next cycle); a fill source reads the backing store and its data also goes
 *     to the scratchpad;
 *   - any other source reads the backing store: with a register cache (rc, hybrid*) a free rc
 *     read port looks it up, a hit answers the next cycle, a miss asks the main RF
 *     rc_miss_penalty cycles after the lookup (Sec. IV-D) on the slot's own rf read port;
 *     without one (rsp) the main RF directly;
 *   - rc reads carry the source's last-use hint (the dead-operand bit of liveness over the
 *     backing-store accesses, Sec. III-A2) when no other issued instruction of the warp still
 *     reads the register (reads of several collectors run out of order);
 *   - a result the allocation maps to the scratchpad is written there (an rsp write port),
 *     and any register-cache copy of its register is dropped (an rc read port with the
 *     last-use bit); any other result goes to the rc (write allocation; a partial-mask miss
 *     to the main RF) or, without one, to the main RF;
 *   - fills and live-out write-backs use the ports the pipeline leaves free, through a bounded
 *     transfer queue: a write-back reads the scratchpad, then writes the rc (hybrid: the RSP is
 *     backed by the RC, Fig. 6) or the main RF (rsp and the parallel variants, Sec. IV-D);
 *     hybrid-evict first writes a register-cache copy back to the main RF when a fill reads it;
 *   - a dirty rc victim leaves through a FIFO into the main RF's cache write ports;
 *   - a backing-store read or write of a register waits while an eviction or a write-back of it
 *     is on its way, or its rc copy is being dropped; a scratchpad read waits for a fill of its
 *     register; an instruction that writes a scratchpad register (result or fill) issues only
 *     when no earlier instruction still has to read or write it.
 * A finished warp's rc lines are dropped; its slot takes a new warp once that happened and
 * its evictions and write-backs landed. Checks that stop the run (exit 1: cycle, warp,
 * register): a scratchpad read of a register its allocation never wrote, a warp leaving the
 * pool with a live scratchpad register. */
#ifndef GPURF_HYBRID_INT_H
#define GPURF_HYBRID_INT_H
#include "cmodel/rc.h"
#include "cmodel/rsp.h"
#include "core/core.h"
#include "energy/energy.h"
#include "design/mainrf.h"
#include "pass/liveness.h"
#include "pass/rspalloc.h"
#include <stdlib.h>
#include <string.h>

/* where the scratchpad's fills come from and its write-backs go */
enum { BACK_NONE, BACK_RC, BACK_MRF };

typedef struct {
    int rc, rsp;             /* the structures the design has */
    int backing;             /* BACK_*: the scratchpad's backing store */
    int evict_before_fill;   /* hybrid-evict: a fill that hits the rc writes the line back */
    int no_read, no_liveout; /* hybrid-lifetime: only whole lifetimes in the scratchpad */
} hy_variant_t;

/* log2 bins of cycles since a register's last access (Fig. 12): bin 0 up to 1 cycle, bin b
 * 2^b .. 2^(b+1) - 1, the last bin everything from 128 */
#define HY_AGE_BINS 8
#define HY_AGE(S, w, d)                                                                            \
    S(age_##w##_0, d " read within 1 cycle of the register's last access")                     \
    S(age_##w##_1, d " read 2-3 cycles after the register's last access")                      \
    S(age_##w##_2, d " read 4-7 cycles after")                                                 \
    S(age_##w##_3, d " read 8-15 cycles after")                                                \
    S(age_##w##_4, d " read 16-31 cycles after")                                               \
    S(age_##w##_5, d " read 32-63 cycles after")                                               \
    S(age_##w##_6, d " read 64-127 cycles after")                                              \
    S(age_##w##_7, d " read 128 or more cycles after")

#define HYBRID_STATS(S)                                                                            \
    S(rc_tag_checks, "register-cache tag checks (reads and writes)")                           \
    S(rc_read_hits, "operand reads the register cache served")                                 \
    S(rc_read_misses, "operand reads that missed the register cache (then the main RF)")       \
    S(rc_writes, "results and write-backs written into the register cache")                    \
    S(rc_evictions, "dirty register-cache lines written back to the main RF")                  \
    S(rc_invalidations, "register-cache lines dropped unwritten (last use, finished warp)")     \
    S(rc_last_use_sent, "reads sent with a last-use hint")                                     \
    S(rc_last_use_held, "dead operands sent without the hint: another read still pending")     \
    S(rc_partial_to_mrf, "partial-mask results that missed the cache, written to the main RF") \
    S(rc_drops, "register-cache copies dropped for a scratchpad write of their register")      \
    S(rsp_reads, "operand reads the scratchpad served")                                        \
    S(rsp_writes, "results written into the scratchpad")                                       \
    S(rsp_fills, "scratchpad writes of a fill (read allocation)")                              \
    S(rsp_writebacks, "live-out write-backs (a scratchpad read, a backing-store write)")        \
    S(rsp_evict_fills, "fills that first wrote a register-cache copy back (hybrid-evict)")     \
    S(reg_reads, "operand reads of registers (every structure)")                               \
    S(reg_writes, "results written to registers (every structure)")                            \
    S(mrf_result_writes, "results written into the main RF")                                   \
    S(strands_entered, "strand heads issued (dynamic strands)")                                \
    S(pool_leaves, "warps that left the active pool at a strand head")                         \
    S(wait_eviction, "slot-cycles a backing-store access waited for an eviction or write-back") \
    S(stall_design, "scheduler-cycles a ready warp was held: outside the pool, a scratchpad "  \
                    "register still read, the transfer queue full")                            \
    HY_AGE(S, rsp, "operands the scratchpad")                                                  \
    HY_AGE(S, rc, "operands the register cache")                                               \
    HY_AGE(S, mrf, "operands the main RF")

STATS_STRUCT(hybrid_stats_t, HYBRID_STATS);
extern const stat_list_t hybrid_stats;

/* a collector slot's read */
enum { OP_IDLE, OP_LOOKUP, OP_WAIT, OP_MRF, OP_MRF_DATA, OP_RSP };

typedef struct {
    uint8_t st, reg, fill;
    uint16_t warp;     /* local */
    int16_t e;         /* the scratchpad entry it reads or fills, -1 */
    uint64_t at;       /* OP_WAIT: the cycle the main-RF request may start */
} opslot_t;

typedef struct {
    uint16_t warp;
    uint8_t reg;
    uint32_t data[GPURF_MAX_LANES];
} hy_evict_t;

/* a transfer between the scratchpad and its backing store */
enum { XF_FILL, XF_WB_READ, XF_WB_WAIT, XF_WB_WRITE };
enum { VIA_NONE, VIA_RSP_RD, VIA_RSP_WR, VIA_RC_WR, VIA_MRF_WR };
typedef struct {
    uint8_t st, reg, via, port; /* via / port: the port it holds this cycle */
    uint16_t warp;     /* local */
    int16_t e;
    uint32_t data[GPURF_MAX_LANES];
} hy_xfer_t;
#define HY_XF_CAP 8
/* a pool slot whose per-warp cache partition is being flushed */
#define HY_FLUSHING (-2)

typedef struct {
    ls_inst_t *rf, *rc, *rsp;
    const rf_out_t *rfo;
    const rc_out_t *rco;
    const rsp_out_t *rspo;
    opslot_t *op;                    /* cus x max_srcs */
    int rc_port_slot[RC_MAX_RPORTS]; /* the slot each rc read port looked up last cycle */
    int rsp_port_slot[RSP_MAX_RPORTS]; /* ... each rsp read port: a slot, -2 a write-back */
    unsigned cu_flight[64];          /* the flight each collector holds */
    queue_t evq;                     /* hy_evict_t: evictions on their way to the main RF */
    uint16_t *ev_reg;                /* [local warp][reg]: evictions in the FIFO */
    unsigned *ev_warp;               /* [local warp]: evictions in the FIFO */
    uint16_t *wb_reg;                /* [local warp][reg]: write-backs not yet landed */
    uint8_t *drop_reg;               /* [local warp][reg]: an rc copy to drop */
    unsigned ndrop;                  /* how many drop_reg are set */
    hy_xfer_t xf[HY_XF_CAP];
    unsigned nxf, xf_res;            /* transfers queued; promised to issued instructions */
    /* scratchpad entries (pool slot x rsp_regs + register): the register held (-1 free), a
     * fill on its way, its last reader issued (the entry frees when its reads are done: the
     * read port serves collectors in no age order, so the last reader may read first), reads
     * issued and not yet done (write-backs included), results issued and not yet written */
    int16_t *e_reg;
    uint8_t *e_fill, *e_dying;
    uint16_t *e_reads, *e_writes;
    int *pool;                       /* active pool: global warp per slot, -1, HY_FLUSHING */
    int flush_slot;                  /* the slot whose cache partition the rc flushes, -1 */
    int *flush_warp;                 /* [pool slot]: the local warp whose partition it flushes */
    unsigned nwb;                    /* results offered this cycle */
    uint8_t wb_rc[RC_MAX_WPORTS];    /* ... on the rc's write port of the same index, then
                                        taken by it */
    uint8_t wb_rsp[RF_MAX_WPORTS];   /* ... taken by the scratchpad */
    /* this cycle's inputs of each collector slot */
    uint32_t *gnt, *rsp_valid;
    uint32_t (*rsp_data)[GPURF_MAX_LANES];
} hy_sc_t;

typedef struct {
    const hy_variant_t *v;
    hybrid_stats_t st;
    mainrf_stats_t rst;
    hy_sc_t *sc;
    uint8_t *rc_live;                /* [global warp]: may hold rc lines */
    uint32_t *own_lanes;             /* [global warp]: every lane its trace runs on (a result
                                        on all of them is a full write, Sec. III-A2) */
    int *pslot;                      /* [global warp]: its pool slot, -1 */
    uint64_t *last_access;           /* [global warp][reg]: the cycle of the last access */
    prog_t prog;
    liveness_t lv;
    strands_t strands;
    rspalloc_t al;
    uint32_t *dead;                  /* per pcs index: the rc hints (dead-operand bits) */
    int passes;
} hy_t;

#define HY(sm) ((hy_t *)(sm)->dpriv)
#define HSC(sm, s) ((hy_sc_t *)(sm)->sc[s].dpriv)

/* the allocation's map of an instruction, NULL without a scratchpad */
const rsp_map_t *hy_map(const sm_t *sm, const inst_t *in);
/* entry of scratchpad register k of warp g's pool slot */
static inline unsigned hy_entry(const sm_t *sm, unsigned g, unsigned k)
{
    return (unsigned)HY(sm)->pslot[g] * sm->c.rsp_regs + k;
}
static inline unsigned hy_wr_index(const sm_t *sm, unsigned warp, unsigned reg)
{
    return warp * sm->c.arch_regs + reg;
}
/* a read served by structure 0 (rsp), 1 (rc) or 2 (main RF); a write of a register */
void hy_count_read(sm_t *sm, unsigned g, unsigned reg, int where);
void hy_touch(sm_t *sm, unsigned g, unsigned reg);
/* stop the run with a check failure */
void hy_fail(sm_t *sm, unsigned g, unsigned reg, const char *what);

/* path.c */
int hy_path_init(sm_t *sm, unsigned s, char *err, size_t n);
void hy_path_free(hy_sc_t *x);
void hy_path_front(sm_t *sm, unsigned s);
void hy_path_back(sm_t *sm, unsigned s);
int hy_path_slot_free(const sm_t *sm, unsigned g);
void hy_path_count(sm_t *sm, unsigned s);
/* a collector slot's data: to the collector, counted for structure `where` (0 rsp, 1 rc,
 * 2 main RF), a fill's data on to the scratchpad */
void hy_deliver(sm_t *sm, unsigned s, unsigned slot, const uint32_t *data, int where);
/* rsppath.c: the scratchpad's part of the cycle, in path.c's order */
void hy_rsp_request(sm_t *sm, unsigned s, unsigned k, unsigned j, unsigned *port);
void hy_rsp_results(sm_t *sm, unsigned s, rf_in_t *fi);
void hy_rsp_transfers(sm_t *sm, unsigned s, rc_in_t *ri);
void hy_rsp_answers(sm_t *sm, unsigned s, const int *answered);
void hy_rsp_mrf_writebacks(sm_t *sm, unsigned s, rf_in_t *fi, unsigned first_port);
void hy_rsp_results_done(sm_t *sm, unsigned s, const uint32_t *gnt);
void hy_rsp_back(sm_t *sm, unsigned s, unsigned first_port);
void hy_rsp_fill(sm_t *sm, unsigned s, unsigned warp, unsigned reg, int e, const uint32_t *data);
/* issue bookkeeping: reads, fills and write-backs an issued instruction will do; what its
 * dispatch releases; whether warp g may issue its next instruction (R_OK / R_DESIGN) */
void hy_rsp_issue(sm_t *sm, unsigned s, unsigned f);
void hy_rsp_dispatched(sm_t *sm, unsigned s, unsigned f);
int hy_rsp_gate(const sm_t *sm, unsigned g);
/* pool.c: the active pool of the scratchpad designs */
void hy_pool_update(sm_t *sm, unsigned s);
/* local warp w's per-warp cache partition is still being flushed */
int hy_pool_flushing(const sm_t *sm, const hy_sc_t *x, unsigned w);

#endif
