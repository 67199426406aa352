/* Aggregates of per-workload values as the papers take them: the arithmetic mean (LTRF,
 * Malekeh and renaming report averages) and the geometric mean (Bailey et al. Sec. IV-B2).
 * Every experiment script takes its means here (gpurf mean, gpurf geomean). */
#ifndef GPURF_AGG_H
#define GPURF_AGG_H
#include <stddef.h>

typedef enum { AGG_MEAN, AGG_GEOMEAN } agg_kind_t;

/* the aggregate of v[0..n-1] into *out: 0, or -1 with a message (no values; a value that is
 * not finite; a negative value in a geometric mean). A geometric mean with a zero is 0. */
int agg(agg_kind_t k, const double *v, size_t n, double *out, char *err, size_t en);

/* gpurf mean|geomean [--digits N]: the numbers on stdin (whitespace-separated) aggregated,
 * printed with N decimals (default 3); exit 2 naming the line of a bad number */
int cmd_agg(int argc, char **argv);

#endif
