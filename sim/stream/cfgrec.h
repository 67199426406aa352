/* Static program and control-flow graph recovered from a kernel's dynamic streams: the
 * unique PCs with their opcode and registers, the observed successors of each PC, and basic
 * blocks split at branch/call/return/exit opcodes, at observed jump targets and after them.
 * Every observed successor is kept, however many (a return reached from many call sites, a
 * sync point that the flows of a diverged warp leave for many places): the passes' dataflow is
 * sound for the traced order only over every edge it took.
 * The compiler passes of later designs work on this graph. */
#ifndef GPURF_CFGREC_H
#define GPURF_CFGREC_H
#include "stream.h"
#include <stdio.h>

typedef struct {
    uint32_t pc;
    const inst_t *in;       /* its first dynamic occurrence (operands are static) */
    uint32_t *succ;         /* every observed successor PC (into prog_t.edges) */
    unsigned nsucc, npred, bb;
    int leader;
    int partial;            /* some occurrence ran with fewer lanes than its warp has */
} spc_t;

typedef struct {
    unsigned first, last;   /* indices into pcs */
    uint32_t *succ;         /* successor blocks, each once (into prog_t.edges) */
    unsigned nsucc;
} sbb_t;

typedef struct prog {
    spc_t *pcs;
    unsigned npcs;
    sbb_t *bbs;
    unsigned nbbs;
    inst_t *insts;          /* one copy of each PC's instruction (pcs[i].in points here) */
    uint32_t *edges;        /* the successor lists of pcs and bbs, back to back */
    unsigned nedges;
    kernel_t *k;
} prog_t;

/* the kernel's program from every warp's stream; the first call reads the kernel and keeps the
 * result in it (k->recovered), later calls copy it */
int prog_recover(kernel_t *k, prog_t *p, char *err, size_t n);
/* free what prog_recover kept in the kernel */
void prog_forget(kernel_t *k);
/* index of a PC in pcs, or -1 */
int prog_pc_index(const prog_t *p, uint32_t pc);
void prog_print(const prog_t *p, const kernel_t *k, int with_insts, FILE *f);
void prog_free(prog_t *p);

#endif
