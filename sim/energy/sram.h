/* One SRAM law for every storage structure of the register-file subsystem (main-RF banks,
 * collectors and CCUs, register-file caches, WCB/AAU, register caches and scratchpads,
 * renaming tables), shaped by CACTI 7 and scaled by the renaming paper's CACTI 5.3 figures. An
 * array has R rows (entries) of b bits and p ports (reads + writes; a read/write port is one);
 * a port access reads or writes one entry.
 *
 * Shape: four forms of (R, b, p), one each for read energy, write energy, leakage and area
 * (sram.c; their terms: cells and wordlines, the data wires across the line, bitlines, the
 * H-tree of a large array, row and column periphery, the decoder, each port widening and
 * heightening a cell), whose constants (sram_fit.h) scripts/sram_fit.py fits to CACTI 7's own
 * figures for 130 arrays at 40 nm (../shared/reference/cacti7/grid.tsv: 512 B to 256 KB,
 * 128/256/1024-bit lines, 1RW to 6R2W, itrs-hp cells). `gpurf energy --check` prints the law's
 * error over the whole grid and fails when a point a preset prices is off by more than 25 %.
 *
 * Scale: read energy and leakage are s * form + d * log2(R) / 8, s and d solved so that the law
 * meets both anchors of Jeon & Annavaram (MICRO 2012) Table 2 (CACTI 5.3, 40 nm, 0.96 V)
 * exactly: a 4 KB register bank (Sec. 2.1: four 1 KB sub-arrays of 64 x 128 bits, R 256, b
 * 128, one port) at sram_e_bank_fj per access (taken as its read) and sram_p_bank_uw, and a
 * renaming-table bank (Secs. 6.1, 7.1: 1 KB in 4 banks of 10-bit entries, Eq. 1's 3.69 KB for
 * 48 warps x 63 registers x 10 bits: R 204.8, b 10) at sram_e_table_fj and sram_p_table_uw. The
 * grid's lines are 128 bits or wider, so the narrow table fixes the decoder term d. A write
 * costs s * its own form: CACTI 7's write-to-read ratio at every geometry. Area is CACTI 7's
 * at 40 nm, times (sram_f_nm / 40)^2.
 * A main-RF cell technology (LTRF Table 2, CACTI / NVSim) multiplies energies and leakage by
 * the power per capacity and area by the area per capacity of its 8x configuration: HP SRAM
 * (#1) 1 and 1, LSTP SRAM (#5) 3.2/8 and 1, TFET SRAM (#6) 1.05/8 and 1, DWM (#7) 0.65/8 and
 * 0.25/8 (the table gives one power figure: dynamic and leakage scale alike).
 * Wires (crossbars): a register of b bits crossing L mm costs b * L * C * V^2 / 4 (half the bits
 * toggle, C V^2 / 2 each), C = wire_ff_per_mm (an estimate), V = vdd_mv (Table 2). */
#ifndef GPURF_SRAM_H
#define GPURF_SRAM_H
#include "cmodel/cfg.h"

enum { TECH_HP_SRAM, TECH_LSTP_SRAM, TECH_TFET_SRAM, TECH_DWM, TECH_N };
enum { SRAM_READ, SRAM_WRITE, SRAM_LEAK, SRAM_AREA, SRAM_QN };

typedef struct {
    double rows, bits;
    unsigned ports;
    unsigned tech;              /* TECH_*: TECH_HP_SRAM but for the main RF's banks */
} sram_geom_t;

typedef struct {
    double read_pj, write_pj;   /* one read or write of an entry */
    double leak_uw;             /* one array */
    double area_um2;            /* one array */
} sram_cost_t;

typedef struct {
    double s_e, d_e, s_l, d_l;  /* the anchors' scale and decoder terms (pJ, uW) */
    double area_scale, wire_pj_bit_mm;
} sram_model_t;

/* the model of c's constants; 0, or -1 with a message naming the field whose anchors give a
 * negative coefficient */
int sram_model(const sm_cfg_t *c, sram_model_t *m, char *err, size_t n);
sram_cost_t sram_cost(const sram_model_t *m, sram_geom_t g);
/* CACTI 7's shape of quantity q (SRAM_*) at 40 nm, HP SRAM: pJ, mW or mm^2, unscaled */
double sram_form(unsigned q, double rows, double bits, double ports);
/* a register of `bits` crossing `mm` millimetres of wire, pJ */
double sram_wire_pj(const sram_model_t *m, double bits, double mm);
const char *sram_tech_name(unsigned t);

#endif
