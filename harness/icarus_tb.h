/* Generated Verilog-2005 testbench that replays recorded stimulus (harness/stim.h) into a
 * block's RTL under Icarus: each cycle it applies the recorded inputs, compares every output
 * with the recorded C-model outputs, then clocks. It ends by printing
 *   ICARUS cycles=<n> mismatches=<m> first=<cycle or -1>
 * The block's parameters come from the same block descriptor as the -G flags. */
#ifndef GPURF_ICARUS_TB_H
#define GPURF_ICARUS_TB_H
#include "blocks.h"
#include <stdio.h>

void icarus_tb_write(FILE *f, const block_desc_t *bd, const void *cfg, const char *in_hex,
                     const char *out_hex, unsigned long cycles);

#endif
