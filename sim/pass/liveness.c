/* Static register liveness and dead-operand bits (see liveness.h). */
#include "liveness.h"
#include <stdlib.h>
#include <string.h>

/* use and def of an instruction; a partial-mask write defines nothing (no kill) */
static void inst_sets(const spc_t *pc, int rule, regset_t *use, regset_t *def)
{
    const inst_t *in = pc->in;
    const int kills = !pc->partial || rule == LV_PARTIAL_KILLS;
    memset(use, 0, sizeof *use);
    memset(def, 0, sizeof *def);
    for (unsigned s = 0; s < in->nsrc; s++)
        if (in->src[s] != REG_NONE)
            rs_add(use, in->src[s]);
    for (unsigned d = 0; d < in->ndst && kills; d++)
        if (in->dst[d] != REG_NONE)
            rs_add(def, in->dst[d]);
}

/* live before instruction = use | (live after & ~def) */
static regset_t step_back(const spc_t *pc, int rule, regset_t live)
{
    regset_t use, def;
    inst_sets(pc, rule, &use, &def);
    for (unsigned i = 0; i < 4; i++)
        live.w[i] = use.w[i] | (live.w[i] & ~def.w[i]);
    return live;
}

int liveness_run(const prog_t *p, liveness_t *lv, int rule)
{
    memset(lv, 0, sizeof *lv);
    lv->live_in = calloc(p->nbbs + 1, sizeof *lv->live_in);
    lv->live_out = calloc(p->nbbs + 1, sizeof *lv->live_out);
    lv->after = calloc(p->npcs + 1, sizeof *lv->after);
    lv->dead = calloc(p->npcs + 1, sizeof *lv->dead);
    if (!lv->live_in || !lv->live_out || !lv->after || !lv->dead)
        return -1;
    for (int changed = 1; changed; lv->iterations++) {
        changed = 0;
        for (unsigned b = p->nbbs; b-- > 0;) {
            const sbb_t *bb = &p->bbs[b];
            regset_t out = {{0}};
            for (unsigned j = 0; j < bb->nsucc; j++)
                out = rs_or(out, lv->live_in[bb->succ[j]]);
            regset_t live = out;
            for (unsigned i = bb->last + 1; i-- > bb->first;)
                live = step_back(&p->pcs[i], rule, live);
            if (!rs_eq(&out, &lv->live_out[b]) || !rs_eq(&live, &lv->live_in[b]))
                changed = 1;
            lv->live_out[b] = out;
            lv->live_in[b] = live;
        }
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        const sbb_t *bb = &p->bbs[b];
        regset_t live = lv->live_out[b];
        for (unsigned i = bb->last + 1; i-- > bb->first;) {
            const inst_t *in = p->pcs[i].in;
            lv->after[i] = live;
            regset_t use, def;
            inst_sets(&p->pcs[i], rule, &use, &def);
            for (unsigned s = 0; s < in->nsrc; s++) {
                unsigned r = in->src[s];
                if (r != REG_NONE && (!rs_has(&live, r) || rs_has(&def, r)))
                    lv->dead[i] |= 1u << s;
            }
            live = step_back(&p->pcs[i], rule, live);
        }
    }
    return 0;
}

void liveness_free(liveness_t *lv)
{
    free(lv->live_in);
    free(lv->live_out);
    free(lv->after);
    free(lv->dead);
    memset(lv, 0, sizeof *lv);
}
