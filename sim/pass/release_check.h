/* The mask-aware release oracle (`gpurf releases --check`): replays every warp's dynamic
 * stream with the release points of a release_t and reports the first read of a released
 * value: after a register is released (a pir bit after the read, a pbr at its block's start),
 * no lane may read it before a write covers that lane. The value check cannot see this (it
 * writes all lanes); a partial-mask write that wrongly killed liveness shows here. Exempt
 * registers are never released. */
#ifndef GPURF_RELEASE_CHECK_H
#define GPURF_RELEASE_CHECK_H
#include "release.h"

typedef struct {
    uint64_t reads, releases; /* source reads checked, releases replayed */
} release_check_t;

/* 0: every read is covered; 1: a violation, described in err (block, warp, pc, register,
 * the releasing pc); -1: a stream error in err */
int release_check(kernel_t *k, const prog_t *p, const release_t *r, release_check_t *st,
                  char *err, size_t n);

#endif
