/* Reuse distance of register operands (Malekeh Secs. 3, 4 and 8): for an operand of an
 * instruction, the number of dynamic instructions of the same warp until the next read of its
 * register (1: the very next instruction reads it); REUSE_INF when the register is written
 * again first or never read again (a source its own instruction overwrites included). Any
 * write counts as overwriting, partial mask or not. An operand is near when its distance is
 * at most rthld (the compiler's one-bit hint).
 *   oracle  over each warp's dynamic stream, as the paper's annotated traces (Sec. 8);
 *   static  next-use dataflow on the recovered CFG: the minimum over observed successors,
 *           loops included, to a fixed point. */
#ifndef GPURF_REUSE_H
#define GPURF_REUSE_H
#include "stream/cfgrec.h"

#define REUSE_INF 0xffffu
#define REUSE_OPS (INST_MAX_SRC + INST_MAX_DST) /* sources, then destinations */

typedef struct {
    uint16_t *dist;       /* per static instruction, REUSE_OPS distances */
    unsigned iterations;  /* dataflow rounds to the fixed point */
} reuse_static_t;

int reuse_static_run(const prog_t *p, reuse_static_t *r);
void reuse_static_free(reuse_static_t *r);
/* distances of every operand of a warp's stream: dist[i * REUSE_OPS + k]; -1 out of memory */
int reuse_oracle_warp(const warp_trace_t *w, uint16_t *dist);

#endif
