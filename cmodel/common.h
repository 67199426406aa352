/* Shared limits and helpers for every gpurf C model.
 * A warp register is LANES x 32 bits; models size their data fields for GPURF_MAX_LANES
 * and use the configured lane count at run time. */
#ifndef GPURF_COMMON_H
#define GPURF_COMMON_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GPURF_MAX_LANES 32
/* the SMs the interconnect addresses (a preset's sms, --sms) */
#define GPURF_MAX_SMS 256

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

/* some of the n words is nonzero (e.g. a port vector's valid bits) */
static inline int gpurf_any(const uint32_t *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (v[i])
            return 1;
    return 0;
}

/* a register write under a lane mask: lane l of dst takes src[l] where bit l of mask is set */
static inline void gpurf_lanes_write(uint32_t *dst, const uint32_t *src, uint32_t mask,
                                     unsigned lanes)
{
    for (unsigned l = 0; l < lanes; l++)
        if (mask >> l & 1)
            dst[l] = src[l];
}

/* The error convention of the gpurf APIs: the message goes into err[n], the call returns -1. */
static inline int gpurf_fail(char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline int gpurf_fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

#endif
