/* Storage and area of what a design adds to the baseline, per SM: for ltrf the WCB storage
 * formula (LTRF paper Sec. 4.3 "Storage Cost", Sec. 5 "Area/Power Cost") and the WCB, AAUs and
 * register-file cache; for rename Eq. 1 and the renaming table, availability flags and
 * release-flag cache (Jeon and Annavaram Secs. 6.1-7.1), the paper's Fermi figures beside the
 * preset's; with a `make synth` summary the synthesized area and critical path of those
 * blocks next to the main register file's. */
#ifndef GPURF_AREA_H
#define GPURF_AREA_H
#include "cmodel/cfg.h"
#include "synth.h"
#include <stdio.h>

/* design: ltrf or rename; s may be NULL (storage only). 0, or 2 when the summary lacks a
 * block or was synthesized with other parameters */
int area_report(const sm_cfg_t *c, const synth_sum_t *s, const char *design, FILE *f);

#endif
