/* Storage and area of what a design adds to the baseline, per SM: its storage in bits beside
 * the paper's (LTRF Sec. 4.3's WCB formula; Jeon and Annavaram's Eq. 1 and Secs. 6.1-7.1;
 * Bailey et al. Sec. III-A4; Malekeh Sec. 9.4), the arrays it adds priced by the SRAM law (the
 * energy model's arrays, sim/energy) against the main RF's banks, each with its share of the
 * bits and its area per bit against the banks'; with a `make synth` summary the logic of its
 * blocks (Yosys) and their OpenSTA slack; the total against the paper's claim, and where the
 * two are over 2x apart, why. */
#ifndef GPURF_AREA_H
#define GPURF_AREA_H
#include "cmodel/cfg.h"
#include "synth.h"
#include <stdio.h>

/* design: ltrf, rename, hybrid or malekeh; s may be NULL (storage only). 0, or 2 when the summary lacks a
 * block or was synthesized with other parameters */
int area_report(const sm_cfg_t *c, const synth_sum_t *s, const char *design, FILE *f);

#endif
