/* gpurf bench (DESIGN.md "Speed"): records the stimulus of one instance of each block from an
 * SM run (for a block the baseline design does not use: the seeded random inputs of gpurf
 * blocksim through its C model), then replays the same stimulus through the C model alone, the Verilated RTL alone,
 * the lockstep pair and the RTL under Icarus (generated testbench), and prints
 * block-cycles per second and ratios. Every engine must reproduce the recorded outputs. */
#ifndef GPURF_BENCH_H
#define GPURF_BENCH_H
#include "cmodel/cfg.h"

typedef struct {
    const char *preset, *gen, *blocks, *out_dir; /* blocks: comma list, NULL for all */
    unsigned long cycles; /* stimulus length */
    double min_seconds;   /* each in-process engine runs repeated passes for at least this */
} bench_opts_t;

/* 0 ok, 1 an engine disagreed with the recorded outputs, 2 bad input or a tool failed */
int bench_run(const sm_cfg_t *c, const bench_opts_t *o);

#endif
