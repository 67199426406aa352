/* The generator's program and its walk, shared by the kernel source (gen.c) and the Accel-Sim
 * export (gen_export.c). */
#ifndef GPURF_GEN_INT_H
#define GPURF_GEN_INT_H
#include "gen.h"

typedef struct {
    char op[24];
    unsigned ndst, nsrc, dst[2], src[3];
    int kind; /* 0 plain, 1 divergent branch, 2 loop branch, 3 exit, 4 branch over the else
                 path (pdiv) */
    unsigned target;
} sinst_t;

typedef struct {
    gen_spec_t g;
    sinst_t *prog;
    unsigned n, body_start, body_end, skip_from, skip_to, else_from, next_block;
} gen_t;

/* one dynamic instruction as the walk produces it */
typedef struct {
    const sinst_t *s;
    unsigned pc;
    uint32_t mask;
    int space;          /* MS_NONE for non-memory instructions */
    uint64_t addr[32];  /* per lane, for memory instructions */
} dyn_t;

/* the static program of spec G->g: prologue, loop body (branches, else path), epilogue */
void gen_build_program(gen_t *G);
/* the dynamic path of one warp: emit(arg, d) for each executed instruction; -1 when emit fails */
int gen_walk(const gen_t *G, unsigned block, unsigned warp, int (*emit)(void *arg, const dyn_t *d),
             void *arg);

#endif
