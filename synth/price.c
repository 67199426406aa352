/* The synthesized blocks' SRAM macros priced by the preset's SRAM law (see synth.h). */
#include "synth.h"
#include "energy/energy.h"
#include <string.h>

int synth_price(synth_sum_t *s, const sm_cfg_t *c, char *err, size_t n)
{
    energy_table_t t;
    if (energy_table(c, &t, err, n))
        return -1;
    for (unsigned i = 0; i < s->n; i++) {
        synth_block_t *b = &s->b[i];
        unsigned tech = !strcmp(b->block, "rf") ? c->mrf_tech : TECH_HP_SRAM;
        b->sram_um2 = 0;
        for (unsigned k = 0; k < b->n_geoms; k++) {
            const synth_macro_t *g = &b->geom[k];
            b->sram_um2 += g->count * energy_array_cost(&t, g->rows, g->bits, g->ports, tech, NULL).area_um2;
        }
    }
    return 0;
}
