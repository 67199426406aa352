/* Internals of the register-file cache designs (ltrf.h), shared by ltrf.c (construction,
 * kernel passes, issue gate, statistics), ltrf_lookup.c (the WCB lookup stage and dead-operand
 * bits), ltrf_front.c (block outputs, fill and write-back paths, result writes) and
 * ltrf_engine.c (activation, interval switches, demand fetches, the clock edge). */
#ifndef GPURF_LTRF_INT_H
#define GPURF_LTRF_INT_H
#include "../cmodel/aau.h"
#include "../cmodel/ocu.h"
#include "../cmodel/wcb.h"
#include "sm_int.h"
#include <stdlib.h>
#include <string.h>

#define NO_BANK 0xff
#define STAGE_MAX 16

static inline void *ltrf_grow(void *p, unsigned *cap, size_t elem)
{
    unsigned n = *cap ? 2 * *cap : 64;
    void *v = realloc(p, n * elem);
    if (!v) {
        fprintf(stderr, "gpurf: out of memory\n");
        exit(2);
    }
    *cap = n;
    return v;
}

/* a growing ring buffer of fixed-size elements */
typedef struct {
    char *v;
    unsigned head, len, cap;
    size_t elem;
} ring_t;

static inline void *ring_at(const ring_t *q, unsigned i) { return q->v + (size_t)((q->head + i) % q->cap) * q->elem; }

static inline void *ring_push(ring_t *q)
{
    if (q->len == q->cap) {
        unsigned old = q->cap;
        q->v = ltrf_grow(q->v, &q->cap, q->elem);
        /* full: the wrapped part (before head) moves behind the old end */
        for (unsigned i = 0; i < q->head; i++)
            memcpy(q->v + (size_t)(old + i) * q->elem, q->v + (size_t)i * q->elem, q->elem);
    }
    return ring_at(q, q->len++);
}

static inline void ring_pop(ring_t *q)
{
    q->head = (q->head + 1) % q->cap;
    q->len--;
}

typedef struct {
    uint16_t warp; /* local warp */
    uint8_t reg, bank;
} ref_t;

typedef struct {
    ref_t r;
    uint32_t data[GPURF_MAX_LANES];
} staged_t;

/* one cache row: the warp holding it and its fill pipeline */
typedef struct {
    unsigned warp;                 /* global warp slot, ~0u when free */
    ref_t fq[RFC_MAX_BANKS];       /* registers still to read from the main register file */
    unsigned fq_head, fq_len;
    ref_t out[STAGE_MAX];          /* reads granted, data not yet back (grant order) */
    unsigned out_head, out_len;
    staged_t st[STAGE_MAX];        /* data waiting for the fill crossbar */
    unsigned st_head, st_len;
    uint8_t rel[RFC_MAX_BANKS];    /* banks to return to the row's allocation unit */
    unsigned rel_head, rel_len;
    unsigned rel_pending;          /* banks on their way back to the allocation unit */
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

enum { J_NONE, J_ACT, J_SWITCH, J_DEACT, J_DEMAND };

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

struct ltrf_sc {
    ls_inst_t *wcb, *rfc, *aoff, **abank;
    const wcb_out_t *wo;
    const aau_out_t *oo, **ao;
    const rfc_out_t *co;
    lrow_t *row;
    unsigned rows, stage_depth;
    ring_t ev;                     /* evict_t: eviction reads waiting for the cache */
    ring_t land;                   /* landing_t: write-backs waiting for a main-RF write port */
    ring_t vs;                     /* ref_t: valid bits of allocated registers needing no fill */
    job_t job;
    lookup_t lk[LK_MAX];
    uint64_t lk_seq;
    uint8_t port_ent[WCB_MAX_RPORTS], port_reg[WCB_MAX_RPORTS]; /* last cycle's read ports */
    uint8_t port_used[WCB_MAX_RPORTS];
    int dead_used;                 /* the WCB dead-operand port is taken this cycle */
    unsigned wr_port_to_rfc[RF_MAX_WPORTS]; /* this cycle: result p goes to the cache */
    unsigned res_ports;            /* results offered this cycle */
    int land_port;                 /* rf write port carrying a write-back this cycle, or -1 */
};

static inline int plus(const sm_t *sm) { return sm->o.design == DESIGN_LTRF_PLUS; }
static inline int demand(const sm_t *sm) { return sm->o.design == DESIGN_RFC; }

static inline unsigned tag_of(const sm_t *sm, unsigned local, unsigned reg)
{
    return local << gpurf_clog2(sm->c.arch_regs) | reg;
}

static inline unsigned global_of(const sm_t *sm, unsigned s, unsigned local)
{
    return local * sm->c.schedulers + s;
}

static inline int pidx_of(const sm_t *sm, const inst_t *in) { return prog_pc_index(&sm->prog, in->pc); }

/* ltrf_lookup.c */
unsigned ltrf_lk_order(const ltrf_sc_t *e, unsigned *ord);
void ltrf_lookup_answers(sm_t *sm, unsigned s);
void ltrf_lookup_send(sm_t *sm, unsigned s, wcb_in_t *wi);

#endif
