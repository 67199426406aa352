/* Block descriptors: what the lockstep engine needs to drive any block's C model
 * generically. One entry per block; adding a block is one entry here. */
#ifndef GPURF_BLOCKS_H
#define GPURF_BLOCKS_H
#include "cmodel/cfg.h"
#include "cmodel/ports.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *name;
    const char *module; /* its RTL module rtl/<module>.v and view waves/<module>.gtkw */
    const char *rtl_deps; /* the shared RTL modules it instantiates (rtl/<dep>.v), space separated */
    int moore;            /* outputs depend on the state only: one evaluation per clock edge */
    const pt_table_t *pt;
    size_t cfg_size, state_size, in_size, out_size;
    void (*cfg_from_sm)(const sm_cfg_t *sm, void *cfg);
    int (*init)(void *st, const void *cfg);
    void (*free)(void *st);
    void (*eval)(void *st, const void *in, void *out);
    void (*tick)(void *st, const void *in);
    /* NULL, or nonzero when these inputs find the block quiet: the clock edge would leave the
     * state unchanged, and eval's outputs depend on the state alone among all inputs on which
     * quiet holds. The lockstep engine then skips a C-only instance's edge and reuses the
     * outputs of its last quiet evaluation (gpurf blocksim checks both against an instance
     * that evaluates every cycle; sim --every-cycle turns the skipping off). */
    int (*quiet)(const void *st, const void *in);
    /* random stimulus (gpurf blocksim, gpurf bench): probability that a one-bit input is 1,
     * "name=p,..." for the inputs whose default 1/2 would keep the block trivially reset */
    const char *rand_bias;
    /* the RTL parameters: prints "Name=value" pairs separated by sep */
    void (*params)(const void *cfg, FILE *f, const char *prefix, const char *eq, const char *sep);
} block_desc_t;

const block_desc_t *block_find(const char *name);
/* the first RTL parameter whose value differs between two configurations, as
 * "Name=a (b)", or 0 when they all agree */
int block_params_differ(const block_desc_t *bd, const sm_cfg_t *a, const sm_cfg_t *b,
                        char *what, size_t n);
/* the key of the block's RTL parameters for a configuration (a hash of every "Name=value"):
 * presets with equal keys share one Verilated model (the Makefile names it after the first
 * such preset; rtl_find matches on the key) */
uint64_t block_rtl_key(const block_desc_t *bd, const sm_cfg_t *c);
/* the block a FAULT_<BLOCK>_* variant belongs to (the longest block name that matches), or
 * NULL */
const block_desc_t *block_of_fault(const char *variant);
/* the block's RTL files: rtl/<module>.v, then its dependencies, space separated */
void block_rtl_files(const block_desc_t *bd, FILE *f);
extern const block_desc_t *const block_list[];

#endif
