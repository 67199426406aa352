/* True-LRU ranks (see lru.h). */
#include "lru.h"

void gpurf_lru_reset(uint8_t *rank, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        rank[i] = (uint8_t)i;
}

void gpurf_lru_touch(uint8_t *rank, unsigned n, unsigned e)
{
    for (unsigned j = 0; j < n; j++)
        if (rank[j] < rank[e])
            rank[j]++;
    rank[e] = 0;
}
