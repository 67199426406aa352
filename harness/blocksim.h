/* gpurf blocksim: one block in lockstep (C model and Verilated RTL) under seeded random
 * inputs, independent of the SM model. Every input field gets a random value of its width;
 * one-bit fields are 1 with probability 1/2 unless the block's default bias
 * (block_desc_t.rand_bias) or an option (rel_all=0.02) names them; a bias above 1 on a
 * wider field bounds its values (lk_tag=48: 0..47), so that tags meet. For a block that can be
 * quiet, runs of idle cycles (one cycle in 32 starts one, of 1 to 32 cycles) come between the
 * random ones: the strobes 0 and the other inputs held, as the SM drives an idle block. A second C instance, which skips its quiet
 * edges (harness/blocks.h), sees the same inputs; its outputs must equal those of the C model
 * evaluated every cycle. */
#ifndef GPURF_BLOCKSIM_H
#define GPURF_BLOCKSIM_H
#include "cmodel/cfg.h"
#include "blocks.h"
#include <stdint.h>

#define BLOCKSIM_MAX_BIAS 16

typedef struct {
    const char *block, *variant, *wave_dir;
    uint64_t cycles, seed;
    int quiet_fault;      /* the skipping instance takes every cycle without a strobe for quiet */
    unsigned nbias;
    const char *bias_port[BLOCKSIM_MAX_BIAS];
    double bias_p[BLOCKSIM_MAX_BIAS];
} blocksim_opts_t;

/* one cycle of random inputs for a block (in is the block's input struct, zeroed first) */
void blocksim_randomize(const block_desc_t *bd, const void *cfg, const blocksim_opts_t *o,
                        uint64_t *rng, void *in);

/* 0 equal every cycle, 1 a mismatch of the RTL or of the skipping instance (reported on
 * stderr), 2 bad input or RTL not built */
int blocksim_run(const sm_cfg_t *c, const blocksim_opts_t *o);

#endif
