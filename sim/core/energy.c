/* Register-file dynamic energy (energy.h). */
#include "energy.h"
#include <string.h>

/* the value of the statistic named `name` in the run, 0 when no list counts it */
static double stat(const stat_group_t *g, unsigned n, const char *name)
{
    for (unsigned k = 0; k < n; k++)
        for (unsigned i = 0; i < g[k].list->n; i++)
            if (!strcmp(g[k].list->d[i].name, name))
                return (double)g[k].v[i];
    return 0;
}

void energy_of_run(const sm_cfg_t *c, const stat_group_t *g, unsigned n, rf_energy_t *e)
{
#define S(name) stat(g, n, #name)
    const double reads = S(rf_reads), writes = S(rf_writes), kept = S(ccu_wr_kept);
    e->banks = reads * c->e_bank_read_fj + writes * c->e_bank_write_fj;
    e->arbiter = (reads + writes + S(bank_conflicts) + S(write_conflicts)) * c->e_arbiter_fj;
    e->crossbar = (reads + writes + kept) * c->e_xbar_fj;
    e->collectors = (S(cu_fills) + S(cu_operands) + kept) * c->e_collector_fj +
                    (S(ccu_hits) + S(ccu_misses) + kept + S(ccu_wr_dropped_far) +
                     S(ccu_wr_dropped_port)) * c->e_ccu_tag_fj +
                    (S(rfc_reads) + S(rfc_writes) + S(rfc_fills)) * c->e_rfc_access_fj;
    e->temp = 0;
    cap_energy_t cache, pad;
    char err[256];
    if (S(rc_tag_checks) && !cfg_cap_energy(c, 1, cfg_kb_of(c, c->rc_lines), &cache, err, sizeof err))
        e->temp += (S(rc_read_hits) + S(rc_evictions)) * cache.read + S(rc_writes) * cache.write +
                   S(rc_tag_checks) * cache.tag;
    if ((S(rsp_reads) || S(rsp_writes)) &&
        !cfg_cap_energy(c, 0, cfg_kb_of(c, c->rsp_regs * c->active_pool), &pad, err, sizeof err))
        e->temp += (S(rsp_reads) + S(rsp_writebacks)) * pad.read +
                   (S(rsp_writes) + S(rsp_fills)) * pad.write;
#undef S
    e->total = 0;
#define X(p) e->p /= 1000.0, e->total += e->p;
    ENERGY_PARTS(X)
#undef X
    e->reg = e->banks + e->temp;
}
