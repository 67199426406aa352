/* Internals of the register-file cache designs (ltrf.h), shared by ltrf.c (construction,
 * kernel passes, issue gate, statistics), lookup.c (the WCB lookup stage and dead-operand
 * bits), front.c (block outputs, fill and write-back paths, result writes) and engine.c
 * (activation, interval switches, demand fetches, the clock edge). */
#ifndef GPURF_LTRF_INT_H
#define GPURF_LTRF_INT_H
#include "cmodel/aau.h"
#include "cmodel/ocu.h"
#include "cmodel/rfc.h"
#include "cmodel/wcb.h"
#include "core/age.h"
#include "design/mainrf.h"
#include "ltrf.h"
#include "pass/liveness.h"
#include "pass/regint.h"
#include "pass/regset.h"
#include <stdlib.h>
#include <string.h>

#define NO_BANK 0xff
#define STAGE_MAX 32

typedef struct {
    uint16_t warp; /* local warp */
    uint8_t reg, bank;
} ref_t;

/* a main-RF read granted to fill port `port` of a row, its data not yet back */
typedef struct {
    ref_t r;
    uint8_t port;
} inflight_t;

typedef struct {
    ref_t r;
    uint64_t seq;                  /* arrival order, for the bank's fill port */
    uint32_t data[GPURF_MAX_LANES];
} staged_t;

/* one cache row: the warp holding it and its fill pipeline (the counts, read every cycle,
 * first; the staged data apart, so that the rows' counts lie within a few lines). Its
 * rfc_fill_ports main-RF read ports take the registers to read in order; each presents its
 * register until the bank arbiter grants it. */
typedef struct {
    unsigned warp;                 /* global warp slot, ~0u when free */
    unsigned fq_head, fq_len, out_len, st_len, rel_head, rel_len, nheld;
    unsigned rel_pending;          /* banks on their way back to the allocation unit */
    uint64_t held;                 /* fill ports presenting a read (bit k: port k) */
    ref_t fq[RFC_MAX_BANKS];       /* registers still to read from the main register file */
    ref_t hold[RFC_MAX_BANKS];     /* the read fill port k presents */
    inflight_t out[STAGE_MAX];     /* reads granted, data not yet back (grant order) */
    uint8_t rel[RFC_MAX_BANKS];    /* banks to return to the row's allocation unit */
    staged_t *st;                  /* [STAGE_MAX] data waiting for its bank's fill port (oldest
                                      first) */
} lrow_t;

typedef struct {
    uint16_t row, warp;            /* warp: local */
    uint8_t bank, reg, release;
} evict_t;

typedef struct {
    uint16_t warp;
    uint8_t reg;
    uint32_t data[GPURF_MAX_LANES];
} landing_t;
/* the valid-bit queue entries one cycle looks at for a free fill port */
#define VS_MAX 64
/* the landing queue entries one cycle looks at for a free write port */
#define LAND_MAX (2 * RF_MAX_WPORTS)

/* J_ACT_SWITCH: an activation at an interval header, fetching the new interval */
enum { J_NONE, J_ACT, J_ACT_SWITCH, J_SWITCH, J_DEACT, J_DEMAND };

typedef struct {
    int kind, step;
    unsigned warp;                 /* global */
    regset_t enter, fetch;
} job_t;

/* the WCB lookup stage holds up to LK_MAX issued instructions; they share the two read ports
 * oldest first and take a collector as soon as all their registers are translated, so an rfc
 * miss does not hold back the instructions behind it */
#define LK_MAX 4
typedef struct {
    int valid;
    unsigned flight;
    uint64_t seq;                     /* issue order */
    uint8_t reg[INST_MAX_SRC + INST_MAX_DST], bank[INST_MAX_SRC + INST_MAX_DST];
    uint8_t hit[INST_MAX_SRC + INST_MAX_DST], asked[INST_MAX_SRC + INST_MAX_DST];
    unsigned n, first_done;
    int miss_seen;
} lookup_t;

/* warp states of the two-level activation */
enum { LT_OFF, LT_FETCH, LT_RUN, LT_DRAIN };
/* why a warp in a cache design waits (ltrf_wait) */
enum { W_NONE, W_CACHE, W_PREFETCH };

/* the design's state of one warp slot */
typedef struct {
    int lt;                      /* LT_* */
    int fetch_why;               /* LT_FETCH: J_ACT (activation) or J_SWITCH (PREFETCH) */
    unsigned row;                /* cache row (warp-offset address) while it holds one */
    unsigned incu;               /* instructions between issue and dispatch */
    unsigned fills, vsets;       /* registers being fetched / marked valid without a fetch */
    unsigned ev_reads, ev_writes; /* write-backs not yet read from the cache / written */
    uint32_t pf_dyn;             /* dynamic instruction whose PREFETCH is done */
    unsigned cur_iv;             /* register-interval whose working set the warp holds */
    uint8_t bank[256];           /* cache bank of each register while allocated (set_bank) */
    regset_t mapped;             /* the registers with a bank */
    uint8_t evp[256];            /* write-backs of each register not yet in the main RF */
    uint8_t infill[256];         /* allocated, its fill not yet in the cache */
    uint8_t fwait[256];          /* its fill waits for an older pending result to land */
    uint64_t lru[256];           /* last lookup of each register (rfc replacement) */
} ltrf_warp_t;

typedef struct ltrf_sc {
    ls_inst_t *rf, *wcb, *rfc, *aoff, **abank;
    const rf_out_t *rf_out;
    const wcb_out_t *wo;
    const aau_out_t *oo, **ao;
    const rfc_out_t *co;
    lrow_t *row;
    staged_t *staged;              /* the rows' staged data, STAGE_MAX a row */
    unsigned rows, stage_depth;
    evict_t *ev;                   /* eviction reads waiting for the cache, oldest first */
    unsigned nev;                  /* (at most one per cache entry: rows x banks) */
    uint64_t st_seq;
    uint64_t fill_in[RFC_MAX_BANKS]; /* the staged register whose data the cache's fill_data[b]
                                      * input holds (its seq; ~0: none) */
    queue_t land;                  /* landing_t: write-backs waiting for a main-RF write port */
    queue_t vs;                    /* ref_t: valid bits of allocated registers needing no fill */
    job_t *job;                    /* per row: its allocation unit's job (they run in parallel) */
    lookup_t lk[LK_MAX];
    uint64_t lk_seq;
    uint8_t port_ent[WCB_MAX_RPORTS], port_reg[WCB_MAX_RPORTS]; /* last cycle's read ports */
    uint8_t port_used[WCB_MAX_RPORTS];
    unsigned nports;               /* WCB read ports: ReadPorts per warp */
    int dead_used;                 /* the WCB dead-operand port is taken this cycle */
    unsigned wr_port_to_rfc[RF_MAX_WPORTS]; /* this cycle: result p goes to the cache */
    unsigned res_ports;            /* results offered this cycle */
    int land_of[RF_MAX_WPORTS];    /* rf write port p carries write-back land_of[p] (queue index), or -1 */
} ltrf_sc_t;

#define LTRF_STATS(S)                                                                              \
    S(stall_regcache, "scheduler-cycles with warps waiting only for the register-file cache")  \
    S(activations, "warps given a cache row")                                                  \
    S(deactivations, "warps that gave their row back")                                         \
    S(fetches, "registers read from the main register file into the cache")                   \
    S(writebacks, "registers written back from the cache to the main register file")           \
    S(wcb_lookups, "registers translated by the WCB lookup stage (first attempt)")             \
    S(wcb_hits, "of those, found valid in the cache (register-file cache hit rate)")           \
    S(rfc_reads, "register-file cache reads by collectors")                                    \
    S(rfc_writes, "register-file cache result writes")                                         \
    S(rfc_fills, "register-file cache fills")                                                  \
    S(rfc_bank_conflicts, "register-file cache requests that lost bank arbitration")            \
    S(row_free, "row-cycles with no warp (the active pool's rows, every sub-core)")            \
    S(row_running, "row-cycles whose warp runs (issues, or waits on its own instructions)")    \
    S(row_fetch_act, "row-cycles fetching the registers of a warp being activated")            \
    S(row_fetch_switch, "row-cycles fetching the next register-interval (PREFETCH)")           \
    S(row_fetch_demand, "row-cycles fetching registers a lookup missed (rfc-demand)")          \
    S(row_header, "row-cycles whose warp waits at an interval header for its fetch to start")  \
    S(row_drain, "row-cycles deactivating (write-backs read out of the cache)")                \
    S(row_wait_warps, "warp-cycles of warps ready to activate while no row takes them")
/* ltrf and ltrf+ only */
#define PREFETCH_STATS(S)                                                                          \
    S(prefetches, "PREFETCH operations (register-interval switches)")                              \
    S(prefetch_pending, "of those, started while the warp had results pending")                   \
    S(act_prefetches, "of those, by a warp reactivated at an interval header (fetched directly)")

/* register r of a warp gets cache bank b, or loses its bank (NO_BANK) */
static inline void set_bank(ltrf_warp_t *q, unsigned r, unsigned b)
{
    q->bank[r] = (uint8_t)b;
    if (b == NO_BANK)
        rs_del(&q->mapped, r);
    else
        rs_add(&q->mapped, r);
}

STATS_STRUCT(ltrf_stats_t, LTRF_STATS);
STATS_STRUCT(prefetch_stats_t, PREFETCH_STATS);

/* the design's per-SM state (sm->dpriv) */
typedef struct {
    const ltrf_variant_t *v;
    unsigned wb;                   /* the write-back rule: WB_ALL, WB_LIVE, WB_DIRTY or WB_LIVE_DIRTY */
    int dead;                      /* dead-operand bits reach the WCB (ltrf+, or a live rule) */
    ltrf_stats_t st;
    prefetch_stats_t pst;
    mainrf_stats_t rst;
    ltrf_warp_t *w;                /* per warp slot */
    ltrf_sc_t *sc;                 /* per sub-core */
    /* compiler passes of the current kernel (ltrf, ltrf+) */
    int passes;
    prog_t prog;
    regint_t ri;
    liveness_t lv;
} ltrf_t;

static inline ltrf_t *LT(const sm_t *sm) { return sm->dpriv; }
static inline ltrf_sc_t *SC(const sm_t *sm, unsigned s) { return sm->sc[s].dpriv; }
static inline ltrf_warp_t *lw(const sm_t *sm, const warp_t *w) { return &LT(sm)->w[w - sm->w]; }

static inline unsigned tag_of(const sm_t *sm, unsigned local, unsigned reg)
{
    return local << gpurf_clog2(sm->c.arch_regs) | reg;
}

/* the (local warp, register) a tag_of tag names */
static inline unsigned tag_warp(const sm_t *sm, unsigned tag) { return tag >> gpurf_clog2(sm->c.arch_regs); }
static inline unsigned tag_reg(const sm_t *sm, unsigned tag)
{
    return tag & ((1u << gpurf_clog2(sm->c.arch_regs)) - 1);
}

static inline unsigned global_of(const sm_t *sm, unsigned s, unsigned local)
{
    return local * sm->c.schedulers + s;
}

/* warp g's row has a job of that warp running */
static inline int ltrf_in_job(const sm_t *sm, unsigned g)
{
    const ltrf_warp_t *q = &LT(sm)->w[g];
    const job_t *j = &SC(sm, sm->w[g].sc)->job[q->row];
    return q->lt != LT_OFF && j->kind && j->warp == g;
}

static inline int pidx_of(const sm_t *sm, const inst_t *in) { return prog_pc_index(&LT(sm)->prog, in->pc); }

/* ltrf.c: why warp g waits (W_*); the register-interval its next instruction prefetches
 * (ltrf, ltrf+), ~0u when none */
int ltrf_wait(const sm_t *sm, unsigned g);
unsigned ltrf_header_iv(const sm_t *sm, unsigned g);
/* lookup.c */
unsigned ltrf_lk_order(const ltrf_sc_t *e, unsigned *ord);
void ltrf_lookup_answers(sm_t *sm, unsigned s);
void ltrf_lookup_allocate(sm_t *sm, unsigned s);
void ltrf_lookup_send(sm_t *sm, unsigned s);
int ltrf_slot(const sm_t *sm, unsigned s, unsigned g);
void ltrf_issue(sm_t *sm, unsigned s, int slot, unsigned flight);
int ltrf_dispatch_ok(const sm_t *sm, unsigned s, unsigned flight);
void ltrf_dispatched(sm_t *sm, unsigned s, unsigned flight);
/* front.c, engine.c */
void ltrf_front(sm_t *sm, unsigned s);
void ltrf_back(sm_t *sm, unsigned s);

#endif
