/* Read-ahead of a kernel's thread blocks: a thread per kernel reads the next PREFETCH_DEPTH
 * blocks with the kernel's own reader while the SMs run the current ones, so that reading a
 * trace (decompressing, parsing, coalescing) leaves the simulation's critical path when a core
 * is free. The blocks, their order, the errors and the line they name are the reader's own;
 * memory grows by at most PREFETCH_DEPTH blocks. The reader runs in one thread at a time and
 * must leave the kernel's shared fields alone after load (kernel_freeze). */
#ifndef GPURF_PREFETCH_H
#define GPURF_PREFETCH_H
#include "stream.h"

#define PREFETCH_DEPTH 4

/* wrap k's next_block / done_block / rewind / destroy; -1 out of memory (k unchanged) */
int kernel_prefetch(kernel_t *k);
/* start reading k's first blocks now (the kernel before it still running), when k reads ahead */
void kernel_read_ahead(kernel_t *k);

#endif
