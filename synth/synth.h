/* Synthesis estimates (DESIGN.md "Synthesis"): per block and preset, the figures read from the
 * Yosys run of synth/run.sh, and the SRAM-macro estimate of the arrays the RTL marks
 * (* gpurf_sram *). All numbers are estimates from a simplified 45 nm library. */
#ifndef GPURF_SYNTH_H
#define GPURF_SYNTH_H
#include "harness/blocks.h"
#include <stddef.h>
#include <stdio.h>

#define SYNTH_MAX_BLOCKS 32
#define SYNTH_MAX_GEOMS  8

/* SRAM macros of one geometry: rows x bits, ports (read/write ports counted once) */
typedef struct {
    unsigned long rows, bits;
    unsigned ports, count;
} synth_macro_t;

typedef struct {
    char block[32];
    char params[512];       /* the chparam arguments it was synthesized with */
    double logic_um2;       /* standard cells incl. flip-flops (stat -liberty) */
    double nand2_eq;        /* logic_um2 / NAND2_X1 area */
    unsigned long cells;    /* standard cells */
    unsigned long ffs;      /* DFF cells */
    unsigned macros;        /* SRAM arrays kept as memories */
    unsigned long mem_bits; /* their bits */
    unsigned n_geoms;
    synth_macro_t geom[SYNTH_MAX_GEOMS];
    double sram_um2;        /* their area by the preset's SRAM law (synth_price), 0 before */
    double crit_ps;         /* ABC critical combinational path (register to register) */
    unsigned period_ps;     /* the clock period it was mapped for (the preset's rtl_clock_mhz) */
    double sta_arrival_ps;  /* OpenSTA's worst path on the mapped netlist: clock-to-Q and logic */
    double sta_slack_ps;    /* its slack against the period (after setup) */
    int sta_met;            /* OpenSTA's verdict: MET (a slack printed as 0.000 may be VIOLATED) */
    unsigned lanes_sliced;  /* 0: synthesized as it is; L: extrapolated to L lanes from lane
                               slices of 1 and 2 lanes (synth_read_sliced; timing of the 2-lane
                               slice, not a sign-off) */
} synth_block_t;

typedef struct {
    char preset[64];
    unsigned n;
    synth_block_t b[SYNTH_MAX_BLOCKS];
} synth_sum_t;

/* The estimation method in one line, for reports. */
extern const char synth_method[];

/* Reads DIR/BLOCK__PRESET.{params,period,stat,json,mem,log,sta} and the liberty file LIB. */
int synth_read_block(const char *dir, const char *block, const char *preset, const char *lib,
                     synth_block_t *b, char *err, size_t n);
/* The block from lane slices when DIR holds them (BLOCK__PRESET__lanes1.* and __lanes2.*, and
 * BLOCK__PRESET__slice.params, the preset's own parameters: synth/slice.sh), else as
 * synth_read_block. A slice's figures are linear in the lanes (each lane's datapath the same
 * logic beside the others): every count and area x(L) = x(1) + (L - 1) (x(2) - x(1)), every
 * SRAM geometry's width likewise; its rows and count must agree, its ports are the 2-lane
 * slice's. */
int synth_read_sliced(const char *dir, const char *block, const char *preset, const char *lib,
                      synth_block_t *b, char *err, size_t n);
int synth_save(const synth_sum_t *s, const char *path, char *err, size_t n);
int synth_load(const char *path, synth_sum_t *s, char *err, size_t n);
const synth_block_t *synth_find(const synth_sum_t *s, const char *block);
/* the figures of block bd if it was synthesized with the parameters of cfg, else NULL */
const synth_block_t *synth_match(const synth_sum_t *s, const block_desc_t *bd, const void *cfg);
/* prices every block's SRAM macros by c's SRAM law (sim/energy); the main RF's banks (block
 * rf) in c's main-RF technology; 0, or -1 with a message */
int synth_price(synth_sum_t *s, const sm_cfg_t *c, char *err, size_t n);
/* prints the table; the number of blocks whose OpenSTA slack is negative */
int synth_print_table(const synth_sum_t *s, FILE *f);

#endif
