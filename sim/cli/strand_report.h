/* gpurf strands: the strands of each kernel (Bailey et al. Sec. III-B) with why each starts,
 * with --insts their instructions and how each operand uses the scratchpad, with --alloc every
 * allocation candidate (kind, range, saving, score, legality, origin, scratchpad register);
 * in JSON with --json. */
#ifndef GPURF_STRAND_REPORT_H
#define GPURF_STRAND_REPORT_H
#include "cmodel/cfg.h"
#include "stream/stream.h"
#include <jansson.h>

/* 0, or -1 with the message in err */
int strand_report(kernel_t *k, const sm_cfg_t *c, int insts, int alloc, json_t *out, char *err,
                  size_t n);

#endif
