/* Internals of the register cache / scratchpad designs (Bailey et al.): rc, with rsp and
 * hybrid built on the same paths. Shared by hybrid.c (construction, kernel passes, hooks,
 * statistics) and rcpath.c (the operand path through the register cache and the main RF).
 *
 * Operand path of design rc (Sec. III-A2, after Gebhart et al. [4]), per scheduler:
 *   - every result is written into the rc (write allocation; a partial-mask miss goes to the
 *     main RF instead, rc.h) through its write ports, from the head of the write-back queue;
 *     a dirty victim leaves on the rc's eviction port into a FIFO that drains into the main
 *     RF's cache write-back ports (rf_cache_wports);
 *   - a collector's read request takes a free rc read port (rc_rports per cycle, collectors in
 *     order): the collector is granted, the rc answers the next cycle; a hit goes to the
 *     collector, a miss asks the main RF rc_miss_penalty cycles after the lookup (Sec. IV-D),
 *     on the collector slot's own rf read port, and the rf's response goes to the collector;
 *   - the read carries the source's last-use hint (dead-operand bit of the liveness pass, Sec.
 *     III-A2) when no other issued instruction of the warp still has to read the register
 *     (reads of several collectors may run out of order): the rc drops the line unwritten;
 *   - a main-RF read or write of a register waits while an eviction of it is in the FIFO
 *     (the main RF would be read stale or overwritten by the older value);
 *   - a finished warp's lines are dropped (its registers are dead); its slot takes a new warp
 *     once that happened and its evictions have reached the main RF. */
#ifndef GPURF_HYBRID_INT_H
#define GPURF_HYBRID_INT_H
#include "cmodel/rc.h"
#include "core/core.h"
#include "design/mainrf.h"
#include "pass/liveness.h"
#include <stdlib.h>
#include <string.h>

#define HYBRID_STATS(S)                                                                            \
    S(rc_tag_checks, "register-cache tag checks (reads and writes)")                           \
    S(rc_read_hits, "operand reads the register cache served")                                 \
    S(rc_read_misses, "operand reads that missed the register cache (then the main RF)")       \
    S(rc_writes, "results written into the register cache")                                    \
    S(rc_evictions, "dirty register-cache lines written back to the main RF")                  \
    S(rc_invalidations, "register-cache lines dropped unwritten (last use, finished warp)")     \
    S(rc_last_use_sent, "reads sent with a last-use hint")                                     \
    S(rc_last_use_held, "dead operands sent without the hint: another read still pending")     \
    S(rc_partial_to_mrf, "partial-mask results that missed the cache, written to the main RF") \
    S(wait_eviction, "slot-cycles a main-RF access waited for an eviction of its register")

STATS_STRUCT(hybrid_stats_t, HYBRID_STATS);
extern const stat_list_t hybrid_stats;

/* a collector slot's read */
enum { OP_IDLE, OP_LOOKUP, OP_WAIT, OP_MRF, OP_MRF_DATA };

typedef struct {
    uint8_t st, reg;
    uint16_t warp;     /* local */
    uint64_t at;       /* OP_WAIT: the cycle the main-RF request may start */
} opslot_t;

typedef struct {
    uint16_t warp;
    uint8_t reg;
    uint32_t data[GPURF_MAX_LANES];
} hy_evict_t;

typedef struct {
    ls_inst_t *rf, *rc;
    const rf_out_t *rfo;
    const rc_out_t *rco;
    opslot_t *op;                    /* cus x max_srcs */
    int rc_port_slot[RC_MAX_RPORTS]; /* the slot each rc read port looked up last cycle */
    unsigned cu_flight[64];          /* the flight each collector holds */
    queue_t evq;                     /* hy_evict_t: evictions on their way to the main RF */
    uint16_t *ev_reg;                /* [local warp][reg]: evictions in the FIFO */
    unsigned *ev_warp;               /* [local warp]: evictions in the FIFO */
    unsigned nwb;                    /* results offered this cycle */
    uint8_t wb_rc[RC_MAX_WPORTS];    /* ... taken by the rc */
    /* this cycle's inputs of each collector slot */
    uint32_t *gnt, *rsp_valid;
    uint32_t (*rsp_data)[GPURF_MAX_LANES];
} hy_sc_t;

typedef struct {
    const void *v;
    hybrid_stats_t st;
    mainrf_stats_t rst;
    hy_sc_t *sc;
    uint8_t *rc_live;                /* [global warp]: may hold rc lines */
    prog_t prog;
    liveness_t lv;
    int passes;
} hy_t;

#define HY(sm) ((hy_t *)(sm)->dpriv)
#define HSC(sm, s) ((hy_sc_t *)(sm)->sc[s].dpriv)

/* rcpath.c */
int hy_rc_init(sm_t *sm, unsigned s, char *err, size_t n);
void hy_rc_free(hy_sc_t *x);
void hy_rc_front(sm_t *sm, unsigned s);
void hy_rc_back(sm_t *sm, unsigned s);
/* whether warp slot g's rc lines and evictions are gone */
int hy_rc_slot_free(const sm_t *sm, unsigned g);
void hy_rc_count(sm_t *sm, unsigned s);

#endif
