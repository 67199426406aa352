/* gpurf releases: the release pass on each kernel of a stream, printed (per block: ipdom, pbr
 * lists and flag words; the exempt set and Eq. 1; with --insts the released operands), in JSON
 * with --json, and with --check replayed by the mask-aware oracle. */
#ifndef GPURF_RELEASE_REPORT_H
#define GPURF_RELEASE_REPORT_H
#include "cmodel/cfg.h"
#include "stream/stream.h"
#include <jansson.h>

/* 0; 1 the oracle found an uncovered read (message in err); -1 an error in err */
int release_report(kernel_t *k, const sm_cfg_t *c, int lv_rule, int insts, int check,
                   json_t *out, char *err, size_t n);

#endif
