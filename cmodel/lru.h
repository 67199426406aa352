/* True-LRU ranks over n entries, shared by the blocks that keep them (ccu's cache table,
 * ccu_alloc's CCUs, the release-flag cache): a permutation, 0 = most recently used. The RTL's
 * form is rtl/lru_matrix.v (a pairwise older-than matrix whose ranks equal these). */
#ifndef GPURF_LRU_H
#define GPURF_LRU_H
#include <stdint.h>

/* entry i gets rank i */
void gpurf_lru_reset(uint8_t *rank, unsigned n);
/* entry e becomes the most recent: every rank below e's moves up by one */
void gpurf_lru_touch(uint8_t *rank, unsigned n, unsigned e);

#endif
