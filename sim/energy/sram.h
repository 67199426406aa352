/* One analytic SRAM model for every storage structure of the register-file subsystem (main-RF
 * banks, collectors and CCUs, register-file caches, WCB/AAU, register caches and scratchpads,
 * renaming tables), anchored to published CACTI figures. An array has R rows (entries) of b bits
 * and p ports (reads + writes); a port access reads or writes one entry.
 *
 * Cell (CACTI 7, HewlettPackard/cacti parameter.cc and tech_params/45nm.dat): a single-ported
 * 6T cell of 146 F^2 with aspect ratio 1.46 (b_w = 10 F wide, b_h = 14.6 F high), F = sram_f_nm;
 * every further port adds a wordline and a bitline pair, two local-wire pitches of 2.5 F, to
 * both sides. With k_w = (b_w + 5F (p-1)) / b_w and k_h = (b_h + 5F (p-1)) / b_h:
 *   E(R, b, p) = e_bit * b * k_w * sqrt(k_h * R / 256) + e_dec * log2(R) / 8   (pJ per access)
 *     each of the entry's b bits drives its wordline segment (the cell's width) and its
 *     bitline (R cells high); CACTI splits tall arrays into sub-arrays and pays H-tree wire
 *     instead, so bitline plus routing grows as the square root of the height to first order;
 *     the row decoder's depth is log2 R;
 *   P(R, b, p) = l_bit * R * b * (4 + 2p) / 6 + l_dec * log2(R) / 8            (uW leakage)
 *     a 6T cell: 4 storage transistors and 2 access transistors per port;
 *   A(R, b, p) = R * b * k_w * k_h * 146 F^2 / array_eff                       (um^2)
 * e_bit, e_dec and l_bit, l_dec are solved from two anchors of one source, Jeon & Annavaram
 * (MICRO 2012) Table 2 (CACTI 5.3, 40 nm, 0.96 V), both single-ported: a 4 KB register bank
 * (Sec. 2.1: four 1 KB sub-arrays of 64 x 128 bits, a 128-bit entry: R 256, b 128) at
 * sram_e_bank_fj and sram_p_bank_uw, and a renaming-table bank (Secs. 6.1, 7.1: 1 KB in 4 banks
 * of 10-bit entries, Eq. 1's 3.69 KB for 48 warps x 63 registers x 10 bits: R 204.8, b 10) at
 * sram_e_table_fj and sram_p_table_uw. A write costs what a read costs (Table 2 gives one
 * per-access figure).
 * A main-RF cell technology (LTRF Table 2, CACTI / NVSim) multiplies E and P by the power per
 * capacity and A by the area per capacity of its 8x configuration: HP SRAM (#1) 1 and 1, LSTP
 * SRAM (#5) 3.2/8 and 1, TFET SRAM (#6) 1.05/8 and 1, DWM (#7) 0.65/8 and 0.25/8 (the table
 * gives one power figure: dynamic and leakage scale alike).
 * Wires (crossbars): a register of b bits crossing L mm costs b * L * C * V^2 / 4 (half the bits
 * toggle, C V^2 / 2 each), C = wire_ff_per_mm (an estimate), V = vdd_mv (Table 2). */
#ifndef GPURF_SRAM_H
#define GPURF_SRAM_H
#include "cmodel/cfg.h"

enum { TECH_HP_SRAM, TECH_LSTP_SRAM, TECH_TFET_SRAM, TECH_DWM, TECH_N };

typedef struct {
    double rows, bits;
    unsigned ports;
    unsigned tech;              /* TECH_*: TECH_HP_SRAM but for the main RF's banks */
} sram_geom_t;

typedef struct {
    double access_pj;           /* one read or write of an entry */
    double leak_uw;             /* one array */
    double area_um2;            /* one array */
} sram_cost_t;

typedef struct {
    double e_bit, e_dec, l_bit, l_dec; /* the fitted coefficients (pJ, uW) */
    double f_um, array_eff, wire_pj_bit_mm;
} sram_model_t;

/* the model of c's constants; 0, or -1 with a message naming the field whose anchors give a
 * negative coefficient */
int sram_model(const sm_cfg_t *c, sram_model_t *m, char *err, size_t n);
sram_cost_t sram_cost(const sram_model_t *m, sram_geom_t g);
/* a register of `bits` crossing `mm` millimetres of wire, pJ */
double sram_wire_pj(const sram_model_t *m, double bits, double mm);
const char *sram_tech_name(unsigned t);

#endif
