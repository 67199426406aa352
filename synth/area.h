/* LTRF storage and area (LTRF paper Sec. 4.3 "Storage Cost" and Sec. 5 "Area/Power Cost"):
 * the WCB storage formula for the paper's configuration and for the preset, and the synthesized
 * area of the blocks LTRF adds per SM (WCB, AAUs, register-file cache) next to the main
 * register file's, from a `make synth` summary. */
#ifndef GPURF_AREA_H
#define GPURF_AREA_H
#include "cmodel/cfg.h"
#include "synth.h"
#include <stdio.h>

/* 0, or 2 when the summary lacks a block or was synthesized with other parameters */
int area_report(const sm_cfg_t *c, const synth_sum_t *s, FILE *f);

#endif
