/* The SRAM law (sram.h). */
#include "sram.h"
#include "sram_fit.h"
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

static const double fit_read[] = SRAM_FIT_READ, fit_write[] = SRAM_FIT_WRITE,
                    fit_leak[] = SRAM_FIT_LEAK, fit_area[] = SRAM_FIT_AREA;

static double dec_depth(double rows) { return rows > 1 ? log2(rows) / 8 : 0; }
static double grow(double pitch, double p) { return 1 + pitch * (p - 1); }

/* the forms of scripts/sram_fit.py (their terms are described there); `dec` 0 leaves the
 * decoder term out */
static double dynamic(const double *x, double r, double b, double p, int dec)
{
    const double k1 = grow(x[3], p), k2 = grow(x[4], p);
    return b * (x[0] * k1 + x[1] * b * k1 / 1024 + x[2] * pow(r * k2 / 256, x[6]) * pow(b / 128, x[9])) +
           x[5] * pow(r * b * k1 * k2 / 1e6, x[7]) + (dec ? x[8] * dec_depth(r) : 0);
}

static double leakage(const double *x, double r, double b, double p, int dec)
{
    const double k1 = grow(x[1], p), k2 = grow(x[2], p), kp = grow(x[6], p), kq = grow(x[8], p);
    return x[0] * r * b * kq / 1e6 + x[3] * b * b * k1 * k2 / 1e7 + x[4] * r * kp / 1e4 +
           x[5] * b * kp / 1e4 + (dec ? x[7] * dec_depth(r) : 0);
}

static double area(const double *x, double r, double b, double p)
{
    const double k1 = grow(x[1], p), k2 = grow(x[2], p), kp = grow(x[6], p);
    return x[0] * r * b * k1 * k2 / 1e6 + x[3] * b * b * k1 * k2 / 1e7 + x[4] * r * kp / 1e4 +
           x[5] * b * kp / 1e4 + x[7] * dec_depth(r);
}

double sram_form(unsigned q, double rows, double bits, double ports)
{
    switch (q) {
    case SRAM_READ: return dynamic(fit_read, rows, bits, ports, 1);
    case SRAM_WRITE: return dynamic(fit_write, rows, bits, ports, 1);
    case SRAM_LEAK: return leakage(fit_leak, rows, bits, ports, 1);
    default: return area(fit_area, rows, bits, ports);
    }
}

/* x * a + y * b = va, x * c + y * d = vb */
static void solve(double a, double b, double c, double d, double va, double vb, double *x,
                  double *y)
{
    const double det = a * d - b * c;
    *x = (va * d - b * vb) / det;
    *y = (a * vb - va * c) / det;
}

#define G(a) (a).rows, (a).bits, (a).ports
int sram_model(const sm_cfg_t *c, sram_model_t *m, char *err, size_t n)
{
    const double v = c->vdd_mv / 1000.0, f = c->sram_f_nm / 40.0;
    m->area_scale = f * f;
    m->wire_pj_bit_mm = c->wire_ff_per_mm * 1e-3 * v * v / 4;
    solve(dynamic(fit_read, G(anchor_bank), 0), dec_depth(anchor_bank.rows),
          dynamic(fit_read, G(anchor_table), 0), dec_depth(anchor_table.rows),
          c->sram_e_bank_fj / 1000.0, c->sram_e_table_fj / 1000.0, &m->s_e, &m->d_e);
    solve(leakage(fit_leak, G(anchor_bank), 0), dec_depth(anchor_bank.rows),
          leakage(fit_leak, G(anchor_table), 0), dec_depth(anchor_table.rows), c->sram_p_bank_uw,
          c->sram_p_table_uw, &m->s_l, &m->d_l);
    if (m->s_e <= 0 || m->d_e < 0)
        return gpurf_fail(err, n, "%s: field 'sram_e_table_fj': %u with sram_e_bank_fj %u gives "
                          "the SRAM model a negative coefficient", c->name, c->sram_e_table_fj,
                          c->sram_e_bank_fj);
    if (m->s_l <= 0 || m->d_l < 0)
        return gpurf_fail(err, n, "%s: field 'sram_p_table_uw': %u with sram_p_bank_uw %u gives "
                          "the SRAM model a negative coefficient", c->name, c->sram_p_table_uw,
                          c->sram_p_bank_uw);
    return 0;
}

sram_cost_t sram_cost(const sram_model_t *m, sram_geom_t g)
{
    const double tp = techs[g.tech].power, dec = dec_depth(g.rows);
    return (sram_cost_t){
        .read_pj = tp * (m->s_e * dynamic(fit_read, G(g), 0) + m->d_e * dec),
        .write_pj = tp * m->s_e * dynamic(fit_write, G(g), 1),
        .leak_uw = tp * (m->s_l * leakage(fit_leak, G(g), 0) + m->d_l * dec),
        .area_um2 = techs[g.tech].area * m->area_scale * area(fit_area, G(g)) * 1e6,
    };
}
#undef G

double sram_wire_pj(const sram_model_t *m, double bits, double mm)
{
    return bits * mm * m->wire_pj_bit_mm;
}
