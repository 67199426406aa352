/* The generator's program and its walk, shared by the kernel source (gen.c) and the Accel-Sim
 * export (gen_export.c). */
#ifndef GPURF_GEN_INT_H
#define GPURF_GEN_INT_H
#include "gen.h"

/* what the walk does after an instruction */
enum {
    GK_PLAIN,      /* the next one */
    GK_DIV,        /* the body's forward branch (div, idiv, pdiv) */
    GK_LOOP,       /* the loop's back branch */
    GK_EXIT,
    GK_ELSE,       /* the branch over the else path (pdiv) */
    GK_ITS_SPLIT,  /* the its region's branch: flows, each on its side (gen.h, its=) */
    GK_JUMP,       /* to target */
    GK_CALL,       /* to target, returning after it */
    GK_RET,
    GK_ITS_SYNC    /* BSYNC: the next waiting flow starts, or the flows reconverge */
};

/* the its region's dedicated registers: GEN_ITS_REGS at the top of the random pool (gen.h) */
#define GEN_ITS_REGS 4u
#define GEN_ITS_MIN_LONG 12u
/* the region's and its subroutine's instructions, at most */
#define GEN_ITS_INSTS(calls) (16u + 2u * (calls) + 4u)

typedef struct {
    char op[24];
    unsigned ndst, nsrc, dst[2], src[3];
    int kind; /* GK_* */
    unsigned target;
} sinst_t;

typedef struct {
    gen_spec_t g;
    sinst_t *prog;
    unsigned n, body_start, body_end, skip_from, skip_to, else_from, next_block;
    unsigned its_side_a, its_side_b, its_sync, its_sub; /* the its region (0: none) */
} gen_t;

/* one dynamic instruction as the walk produces it */
typedef struct {
    const sinst_t *s;
    unsigned pc;
    uint32_t mask;
    int space;          /* MS_NONE for non-memory instructions */
    uint64_t addr[32];  /* per lane, for memory instructions */
} dyn_t;

/* registers the body's random operands draw from: the long-lived ones, less the its region's */
static inline unsigned gen_pool_regs(const gen_spec_t *g)
{
    const unsigned nlong = g->regs - g->regs * g->temps / 100;
    return g->its ? (nlong - GEN_ITS_REGS) & ~3u : nlong;
}

/* the static program of spec G->g: prologue, loop body (branches, else path), epilogue */
void gen_build_program(gen_t *G);
/* the dynamic path of one warp: emit(arg, d) for each executed instruction; -1 when emit fails */
int gen_walk(const gen_t *G, unsigned block, unsigned warp, int (*emit)(void *arg, const dyn_t *d),
             void *arg);

#endif
