/* One FST from several block dumps of the same run, so that a view can follow an operation
 * across blocks (waves/prefetch.gtkw: a PREFETCH through wcb, aau, main rf and rfc). Dump i's
 * block scope becomes TOP.<names[i]>; value changes keep their times. */
#ifndef GPURF_WAVE_MERGE_H
#define GPURF_WAVE_MERGE_H
#include <stddef.h>

/* 0, or -1 with a message in err */
int wave_merge(const char *out, const char *const *in, const char *const *names, unsigned count,
               char *err, size_t n);

#endif
