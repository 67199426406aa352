/* gpurf reuse: Malekeh reuse distances of a kernel reported (sim/pass/reuse.h): for sources
 * and destinations, the share marked near at rthld by the static pass and by the oracle, how
 * often they agree, the oracle's distance histogram; per static instruction with insts. */
#ifndef GPURF_REUSE_REPORT_H
#define GPURF_REUSE_REPORT_H
#include "stream/stream.h"
#include <jansson.h>

/* prints to stdout; appends the kernel's figures to out (a JSON array) when out is not NULL;
 * -1 with err on a stream error */
int reuse_report(kernel_t *k, unsigned rthld, int insts, json_t *out, char *err, size_t n);

#endif
