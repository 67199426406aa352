/* Recorded block stimulus: one text line per cycle holding every port of one direction as a
 * single hex number (most significant digit first), port 0 of that direction in the least
 * significant bits, each port in its RTL bit layout. The same files feed the C model, the
 * Verilated model and $readmemh in the generated Icarus testbench (harness/icarus_tb.h). */
#ifndef GPURF_STIM_H
#define GPURF_STIM_H
#include "cmodel/ports.h"
#include <stdint.h>
#include <stdio.h>

/* total bits of all ports of direction dir */
unsigned stim_bits(const pt_table_t *t, const void *cfg, int dir);
/* bit offset of port i inside the line of its direction */
unsigned stim_offset(const pt_table_t *t, const void *cfg, unsigned i);
/* write struct s (ports of direction dir) as one line */
void stim_write(FILE *f, const pt_table_t *t, const void *cfg, int dir, const void *s);
/* parse one line into struct s (zeroed first, size bytes); -1 on a malformed line */
int stim_read(const char *line, const pt_table_t *t, const void *cfg, int dir, void *s,
              size_t size);

#endif
