/* The scratchpad allocation's prices (rspalloc.h: rsp_energy_of), from the energy model. */
#include "energy/energy.h"
#include "rspalloc.h"

int rsp_energy_of(const sm_cfg_t *c, rsp_energy_t *e, char *err, size_t n)
{
    /* the compiler weighs the scratchpad it has: energy_kb only prices the run afterwards */
    sm_cfg_t own = *c;
    own.energy_kb = 0;
    energy_table_t t;
    if (energy_table(&own, &t, err, n))
        return -1;
    const sram_cost_t *mrf = &t.s[E_mrf].cost, *rsp = &t.s[E_rsp].cost;
    *e = (rsp_energy_t){mrf->read_pj * 1000, mrf->write_pj * 1000, rsp->read_pj * 1000,
                        rsp->write_pj * 1000};
    return 0;
}
