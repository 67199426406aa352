/* Register-file energy (energy.h). */
#include "energy.h"
#include "cmodel/common.h"
#include <math.h>
#include <string.h>

const char *const energy_struct_names[E_N] = {
#define X(n, d) #n,
    ENERGY_STRUCTS(X)
#undef X
};
const char *const energy_struct_what[E_N] = {
#define X(n, d) d,
    ENERGY_STRUCTS(X)
#undef X
};

/* rows of a register cache or scratchpad of `rows` warp registers per scheduler, or of
 * energy_kb KB/SM when it is set */
static double priced_rows(const sm_cfg_t *c, double rows, double bits)
{
    return c->energy_kb ? c->energy_kb * 8192.0 / (bits * c->schedulers) : rows;
}

sram_cost_t energy_array_cost(const energy_table_t *t, double rows, double bits, unsigned ports,
                              unsigned tech, double *slices)
{
    const double k = ceil(bits / t->line_bits);
    sram_cost_t c = sram_cost(&t->m, (sram_geom_t){rows, bits / k, ports, tech});
    c.read_pj *= k;
    c.write_pj *= k;
    c.leak_uw *= k;
    c.area_um2 *= k;
    if (slices)
        *slices = k;
    return c;
}

static void array(energy_table_t *t, unsigned i, double rows, double bits, unsigned ports,
                  unsigned tech, double instances)
{
    energy_struct_t *s = &t->s[i];
    s->cost = energy_array_cost(t, rows, bits, ports, tech, &s->slices);
    s->g = (sram_geom_t){rows, bits / s->slices, ports, tech};
    s->instances = instances;
}

/* a crossbar across `share` of structure `over`'s area (the side of that area), per sub-core */
static void wire(energy_table_t *t, unsigned i, unsigned over, double share, double bits,
                 unsigned schedulers)
{
    energy_struct_t *s = &t->s[i];
    s->g.bits = bits;
    s->wire_mm = sqrt(share * t->s[over].instances * t->s[over].cost.area_um2) / 1000;
    s->instances = schedulers;
    s->cost.read_pj = s->cost.write_pj = sram_wire_pj(&t->m, bits, s->wire_mm);
}

/* AccelWattch's crossbar (cacti/crossbar.cc): a matrix of n_in inputs and n_out outputs of a
 * flit each, one wire pitch per bit; a flit crosses its height (n_in flits of pitches) and its
 * width (n_out flits), so its energy grows with the square of the flit; the pitch is
 * xbar_pitch_f feature sizes (CACTI's global wire: 8, cacti/technology.cc) */
static void flit_xbar(energy_table_t *t, unsigned i, const sm_cfg_t *c, double n_in, double n_out,
                      unsigned schedulers)
{
    energy_struct_t *s = &t->s[i];
    const double pitch_mm = c->xbar_pitch_f * c->sram_f_nm * 1e-6;
    s->g.bits = c->xbar_flit_bits;
    s->wire_mm = c->xbar_flit_bits * pitch_mm * (n_in + n_out);
    s->instances = schedulers;
    s->cost.read_pj = s->cost.write_pj = sram_wire_pj(&t->m, c->xbar_flit_bits, s->wire_mm);
}

int energy_table(const sm_cfg_t *c, energy_table_t *t, char *err, size_t n)
{
    memset(t, 0, sizeof *t);
    if (sram_model(c, &t->m, err, n))
        return -1;
    t->line_bits = c->sram_line_bits;
    const double reg = c->lanes * 32.0, sc = c->schedulers;
    const double tag = gpurf_clog2(c->warp_slots) + gpurf_clog2(c->arch_regs);
    if (c->mrf_array == MRF_ARRAY_MONOLITHIC)
        array(t, E_mrf, (double)cfg_rows_per_bank(c) * c->banks, reg, c->bank_ports, c->mrf_tech, 1);
    else
        array(t, E_mrf, cfg_rows_per_bank(c), reg, c->bank_ports, c->mrf_tech, c->banks);
    /* the baseline's crossbar: the SM's (AccelWattch's) or one sub-core's; as wires across the
     * banks' side or as AccelWattch's matrix of banks x collectors */
    const double span = c->xbar_span == XBAR_SPAN_SM ? 1 : sc;
    if (c->xbar_account == XBAR_ACCOUNT_ACCELWATTCH) {
        flit_xbar(t, E_xbar, c, c->banks / span, c->collectors / span, (unsigned)span);
        flit_xbar(t, E_pool_xbar, c, c->banks, c->collectors, 1);
    } else {
        wire(t, E_xbar, E_mrf, 1.0 / span, reg, (unsigned)span);
        wire(t, E_pool_xbar, E_mrf, 1, reg, 1);
    }
    array(t, E_ocu, c->max_srcs, reg, 2, TECH_HP_SRAM, c->collectors);
    array(t, E_ccu, c->ccu_data == CCU_DATA_OCU ? c->max_srcs : c->ccu_slots, reg,
          2 + c->ccu_dports, TECH_HP_SRAM, c->collectors);
    array(t, E_ccu_tag, 1, c->ccu_slots * tag, 1, TECH_HP_SRAM, c->collectors);
    array(t, E_rfc, c->active_pool, reg, 2, TECH_HP_SRAM, c->rfc_banks * sc);
    if (c->xbar_account == XBAR_ACCOUNT_ACCELWATTCH)
        flit_xbar(t, E_rfc_xbar, c, c->rfc_banks, cfg_cus_per_sc(c), c->schedulers);
    else
        wire(t, E_rfc_xbar, E_rfc, 1.0 / c->schedulers, reg, c->schedulers);
    array(t, E_wcb, cfg_warps_per_sc(c), c->rfc_banks * (gpurf_clog2(c->arch_regs) + 1.0), 2,
          TECH_HP_SRAM, sc);
    array(t, E_aau, 1, c->rfc_banks * c->active_pool, 1, TECH_HP_SRAM, sc);
    const unsigned tports = c->temp_priced_ports ? c->temp_priced_ports : c->rc_rports + c->rc_wports;
    array(t, E_rc, priced_rows(c, c->rc_lines, reg) / c->rc_priced_banks, reg, tports,
          TECH_HP_SRAM, sc * c->rc_priced_banks);
    array(t, E_rc_tag, priced_rows(c, c->rc_lines, reg) / c->rc_ways, c->rc_ways * (tag + 1.0),
          tports, TECH_HP_SRAM, sc);
    array(t, E_rsp, priced_rows(c, c->rsp_regs * c->active_pool, reg), reg, tports, TECH_HP_SRAM,
          sc);
    const double idb = gpurf_clog2(c->rf_warp_regs / c->schedulers);
    array(t, E_rnt, c->rn_table_bits / (c->rn_banks * idb), idb, 1, TECH_HP_SRAM,
          c->rn_banks * sc);
    array(t, E_rflc, c->rflc_entries, c->rn_pir_bits * c->rn_pir_slots, 2, TECH_HP_SRAM, sc);
    t->arbiter_pj = c->e_arbiter_fj / 1000.0;
    return 0;
}

/* the value of the statistic named `name` in the run (0 when no list counts it); *has: whether
 * a list names it */
static double stat(const stat_group_t *g, unsigned n, const char *name, int *has)
{
    for (unsigned k = 0; k < n; k++)
        for (unsigned i = 0; i < g[k].list->n; i++)
            if (!strcmp(g[k].list->d[i].name, name)) {
                if (has)
                    *has = 1;
                return (double)g[k].v[i];
            }
    return 0;
}

void energy_of_run(const sm_cfg_t *c, const stat_group_t *g, unsigned n, rf_energy_t *e)
{
    energy_table_t t;
    char err[256];
    memset(e, 0, sizeof *e);
    if (energy_table(c, &t, err, sizeof err))
        return;
    int has_ccu = 0, has_rfc = 0, has_rc = 0, has_rsp = 0, has_rn = 0, has_pool = 0;
#define S(name) stat(g, n, #name, NULL)
#define R(i) t.s[E_##i].cost.read_pj
#define W(i) t.s[E_##i].cost.write_pj
    const double reads = S(rf_reads), writes = S(rf_writes), kept = S(ccu_wr_kept);
    stat(g, n, "ccu_hits", &has_ccu);
    stat(g, n, "ccu_alloc_foreign", &has_pool);
    has_pool = has_pool && c->ccu_pool == CCU_POOL_SM;
    stat(g, n, "rfc_reads", &has_rfc);
    has_rc = stat(g, n, "rc_tag_checks", NULL) > 0 && c->rc_lines;
    stat(g, n, "rsp_reads", &has_rsp);
    has_rsp = has_rsp && c->rsp_regs;
    stat(g, n, "rn_lookups", &has_rn);
    e->banks = reads * R(mrf) + writes * W(mrf);
    e->arbiter = (reads + writes + S(bank_conflicts) + S(write_conflicts)) * t.arbiter_pj;
    /* an SM-wide CCU pool: bank reads and kept results reach any sub-core's CCU, writes stay
     * in the sub-core (execution units to its own banks) */
    const double xr = has_pool && c->xbar_span == XBAR_SPAN_SUBCORE ? R(pool_xbar) : R(xbar);
    if (c->xbar_account == XBAR_ACCOUNT_ACCELWATTCH) /* a flit per warp operand read */
        e->crossbar = reads * xr + S(rfc_reads) * R(rfc_xbar);
    else
        e->crossbar = (reads + kept) * xr + writes * R(xbar) +
                      (S(rfc_reads) + S(rfc_writes)) * R(rfc_xbar);
    const unsigned cu = has_ccu ? E_ccu : E_ocu;
    e->collectors = S(cu_operands) * t.s[cu].cost.read_pj +
                    (S(cu_fills) + kept) * t.s[cu].cost.write_pj +
                    (S(ccu_hits) + S(ccu_misses) + kept + S(ccu_wr_dropped_far) +
                     S(ccu_wr_dropped_port)) * R(ccu_tag);
    e->cache = S(rfc_reads) * R(rfc) + (S(rfc_writes) + S(rfc_fills)) * W(rfc) +
               S(wcb_lookups) * R(wcb) + (S(prefetches) + S(activations)) * W(wcb) +
               (S(fetches) + S(writebacks)) * W(aau);
    e->temp = (S(rc_read_hits) + S(rc_evictions)) * R(rc) + S(rc_writes) * W(rc) +
              S(rc_tag_checks) * R(rc_tag) + (S(rsp_reads) + S(rsp_writebacks)) * R(rsp) +
              (S(rsp_writes) + S(rsp_fills)) * W(rsp);
    e->rename = S(rn_lookups) * R(rnt) + (S(rn_maps) + S(rn_unmaps) + S(rn_drained)) * W(rnt) +
                (S(rflc_hits) + S(rflc_misses)) * R(rflc) + S(rn_pirs) * W(rflc);
    const int has[E_N] = {[E_mrf] = 1,           [E_ocu] = !has_ccu,  [E_ccu] = has_ccu,
                          [E_ccu_tag] = has_ccu, [E_rfc] = has_rfc,   [E_wcb] = has_rfc,
                          [E_aau] = has_rfc,     [E_rc] = has_rc,     [E_rc_tag] = has_rc,
                          [E_rsp] = has_rsp,     [E_rnt] = has_rn,    [E_rflc] = has_rn};
    double leak_uw = 0;
    for (unsigned i = 0; i < E_N; i++)
        if (has[i])
            leak_uw += t.s[i].cost.leak_uw * t.s[i].instances;
    const double cycles = S(cycles);
    e->leakage = leak_uw * cycles * c->sms / c->clock_mhz; /* every SM leaks */
#undef R
#undef W
#undef S
    e->dynamic = e->banks + e->arbiter + e->crossbar + e->collectors + e->cache + e->temp +
                 e->rename;
    e->total = e->dynamic + e->leakage;
    e->reg = e->banks + e->temp;
    e->power_mw = cycles ? e->total / cycles * c->clock_mhz / 1000 : 0;
}
