/* The analytic SRAM model (sram.h). */
#include "sram.h"
#include "cmodel/common.h"
#include <math.h>

/* LTRF Table 2: power and area of the technology's 8x-capacity configuration (#1, #5, #6, #7),
 * per unit of capacity, against HP SRAM */
static const struct {
    const char *name;
    double power, area;
} techs[TECH_N] = {
    {"hp_sram", 1.0, 1.0},
    {"lstp_sram", 3.2 / 8, 8.0 / 8},
    {"tfet_sram", 1.05 / 8, 8.0 / 8},
    {"dwm", 0.65 / 8, 0.25 / 8},
};

const char *sram_tech_name(unsigned t) { return t < TECH_N ? techs[t].name : "?"; }

/* the anchors' geometries (sram.h) */
static const sram_geom_t anchor_bank = {256, 128, 1, TECH_HP_SRAM};
static const sram_geom_t anchor_table = {2048 / 10.0, 10, 1, TECH_HP_SRAM};

/* CACTI's cell (sram.h): sides in F, one port's wires in F */
#define CELL_F2 146.0
#define CELL_W 10.0 /* sqrt(146 / 1.46) */
#define CELL_H 14.6 /* 1.46 x CELL_W */
#define PORT_F (2 * 2.5)
static double k_w(unsigned p) { return (CELL_W + PORT_F * (p - 1.0)) / CELL_W; }
static double k_h(unsigned p) { return (CELL_H + PORT_F * (p - 1.0)) / CELL_H; }
static double dec_depth(double rows) { return rows > 1 ? log2(rows) / 8 : 0; }

/* the per-bit terms of E and P for g (the coefficients' multipliers) */
static double e_term(sram_geom_t g) { return g.bits * k_w(g.ports) * sqrt(k_h(g.ports) * g.rows / 256); }
static double p_term(sram_geom_t g) { return g.rows * g.bits * (4.0 + 2.0 * g.ports) / 6; }

/* x * a + y * b = va, x * c + y * d = vb */
static void solve(double a, double b, double c, double d, double va, double vb, double *x,
                  double *y)
{
    const double det = a * d - b * c;
    *x = (va * d - b * vb) / det;
    *y = (a * vb - va * c) / det;
}

int sram_model(const sm_cfg_t *c, sram_model_t *m, char *err, size_t n)
{
    m->f_um = c->sram_f_nm / 1000.0;
    m->array_eff = c->array_eff_pct / 100.0;
    const double v = c->vdd_mv / 1000.0;
    m->wire_pj_bit_mm = c->wire_ff_per_mm * 1e-3 * v * v / 4;
    solve(e_term(anchor_bank), dec_depth(anchor_bank.rows), e_term(anchor_table),
          dec_depth(anchor_table.rows), c->sram_e_bank_fj / 1000.0, c->sram_e_table_fj / 1000.0,
          &m->e_bit, &m->e_dec);
    solve(p_term(anchor_bank), dec_depth(anchor_bank.rows), p_term(anchor_table),
          dec_depth(anchor_table.rows), c->sram_p_bank_uw, c->sram_p_table_uw, &m->l_bit,
          &m->l_dec);
    if (m->e_bit < 0 || m->e_dec < 0)
        return gpurf_fail(err, n, "%s: field 'sram_e_table_fj': %u with sram_e_bank_fj %u gives "
                          "the SRAM model a negative coefficient", c->name, c->sram_e_table_fj,
                          c->sram_e_bank_fj);
    if (m->l_bit < 0 || m->l_dec < 0)
        return gpurf_fail(err, n, "%s: field 'sram_p_table_uw': %u with sram_p_bank_uw %u gives "
                          "the SRAM model a negative coefficient", c->name, c->sram_p_table_uw,
                          c->sram_p_bank_uw);
    return 0;
}

sram_cost_t sram_cost(const sram_model_t *m, sram_geom_t g)
{
    const double tp = techs[g.tech].power;
    return (sram_cost_t){
        .access_pj = tp * (m->e_bit * e_term(g) + m->e_dec * dec_depth(g.rows)),
        .leak_uw = tp * (m->l_bit * p_term(g) + m->l_dec * dec_depth(g.rows)),
        .area_um2 = techs[g.tech].area * g.rows * g.bits * k_w(g.ports) * k_h(g.ports) * CELL_F2 *
                    m->f_um * m->f_um / m->array_eff,
    };
}

double sram_wire_pj(const sram_model_t *m, double bits, double mm)
{
    return bits * mm * m->wire_pj_bit_mm;
}
