/* Static register liveness on the recovered CFG (backward dataflow over basic blocks) and the
 * dead-operand bits of LTRF+ (LTRF paper Sec. 3.2, after Gebhart et al.): source operand s of
 * an instruction is dead when its register is not live after the instruction, or the
 * instruction itself overwrites it. A write is a kill only when every occurrence of the
 * instruction ran on all of its warp's lanes: a write under a partial mask (one path of a
 * diverged warp) leaves the other lanes' value live. The CFG holds every observed path, so
 * the bits are conservative for every warp of the traced execution. */
#ifndef GPURF_LIVENESS_H
#define GPURF_LIVENESS_H
#include "stream/cfgrec.h"
#include "regset.h"

typedef struct {
    regset_t *live_in, *live_out; /* per basic block */
    regset_t *after;              /* per static instruction: live after it */
    uint32_t *dead;               /* per static instruction: bit s = source operand s is dead */
    unsigned iterations;          /* dataflow rounds to the fixed point */
} liveness_t;

/* rule LV_PARTIAL_KILLS treats every write as a kill, partial mask or not: a deliberate fault
 * (`--pass-fault partial_write_kills`) that the value check must catch */
enum { LV_EXACT, LV_PARTIAL_KILLS };
int liveness_run(const prog_t *p, liveness_t *lv, int rule);
void liveness_free(liveness_t *lv);

#endif
