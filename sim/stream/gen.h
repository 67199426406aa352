/* Seeded generator of synthetic kernels. Spec: comma-separated key=value, all optional:
 *   seed=1 blocks=8 warps=4 regs=24 insts=40 loops=8 div=20 dep=50
 *   alu=70 sfu=6 shmem=10 gmem=10 (instruction mix weights of the loop body)
 * The kernel: a prologue that writes every register, a loop body of `insts` instructions run
 * `loops` times with a divergent forward branch taken by a warp-dependent subset of
 * iterations (div = percent), and an epilogue that stores and exits. `dep` is the percent of
 * sources taken from the last few destinations (dependency chains). The same seed gives the
 * same kernel; gen_write_traces writes it as an Accel-Sim kernelslist.g + kernel-1.traceg. */
#ifndef GPURF_GEN_H
#define GPURF_GEN_H
#include "stream.h"

typedef struct {
    unsigned seed, blocks, warps, regs, insts, loops, div, dep;
    unsigned w_alu, w_sfu, w_shmem, w_gmem;
} gen_spec_t;

int gen_parse(const char *spec, gen_spec_t *g, char *err, size_t n);
int gen_kernel(const gen_spec_t *g, kernel_t **out, char *err, size_t n);
int gen_write_traces(const gen_spec_t *g, const char *dir, char *err, size_t n);

#endif
