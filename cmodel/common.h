/* Shared limits and helpers for every gpurf C model.
 * A warp register is LANES x 32 bits; models size their data fields for GPURF_MAX_LANES
 * and use the configured lane count at run time. */
#ifndef GPURF_COMMON_H
#define GPURF_COMMON_H
#include <stdint.h>

#define GPURF_MAX_LANES 32

/* ceil(log2(n)), and at least 1 so that a port is never zero bits wide */
static inline unsigned gpurf_clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b ? b : 1;
}

static inline uint32_t gpurf_mask(unsigned bits)
{
    return bits >= 32 ? 0xffffffffu : ((1u << bits) - 1u);
}

#endif
