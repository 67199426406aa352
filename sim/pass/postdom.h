/* Immediate post-dominators of the recovered CFG's basic blocks (Cooper, Harvey and Kennedy's
 * iterative dominator algorithm on the reverse graph). Every block without successors leads
 * to one virtual exit. ipdom[b] is the block where all of b's paths meet again (its
 * reconvergence point, Jeon and Annavaram Sec. 4.3), or -1 when that is only the virtual exit
 * (a path leaves the kernel first, e.g. an exit inside a branch) or when b reaches no exit. */
#ifndef GPURF_POSTDOM_H
#define GPURF_POSTDOM_H
#include "stream/cfgrec.h"

typedef struct {
    int *ipdom;      /* per basic block */
    unsigned n;
} postdom_t;

int postdom_run(const prog_t *p, postdom_t *pd);
void postdom_free(postdom_t *pd);

#endif
