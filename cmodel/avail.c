/* avail: availability flags and allocator C model (contract in avail.h). */
#include "avail.h"
#include <string.h>

#define PT_BLOCK avail
#define PT_CFG avail_cfg_t
#define PT_DEF "avail_ports.def"
#include "ports_table.inc"

void avail_cfg_derive(avail_cfg_t *c)
{
    c->id_bits = gpurf_clog2(c->phys_regs);
    c->bank_bits = gpurf_clog2(c->banks);
    c->sa_bits = gpurf_clog2(c->banks * c->subarrays);
    c->rows = c->phys_regs / c->banks;
    c->sa_rows = c->rows / c->subarrays;
}

void avail_cfg_from_sm(const sm_cfg_t *sm, avail_cfg_t *c)
{
    c->phys_regs = sm->rf_warp_regs / sm->schedulers;
    c->banks = cfg_banks_per_sc(sm);
    c->subarrays = sm->rf_subarrays;
    c->policy = sm->rn_policy;
    c->bank_aware = sm->rn_bank_aware;
    c->ports = sm->rn_banks;
    avail_cfg_derive(c);
}

int avail_init(avail_state_t *s, const avail_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    return c->phys_regs <= AVAIL_MAX_PHYS && c->ports <= AVAIL_MAX_PORTS && c->banks &&
                   c->phys_regs % c->banks == 0 && c->subarrays && c->rows % c->subarrays == 0
               ? 0
               : -1;
}

void avail_free(avail_state_t *s) { (void)s; }

/* may register p serve a request for bank b */
static int in_bank(const avail_cfg_t *c, const avail_in_t *in, uint32_t p, uint32_t b)
{
    return !in->bank_aware || p % c->banks == b;
}

/* the (bank, sub-array) index of register p */
static unsigned sa_of(const avail_cfg_t *c, uint32_t p)
{
    return p % c->banks * c->subarrays + p / c->banks / c->sa_rows;
}

/* the flags as this cycle's earlier ports see them: the state's plus their picks */
typedef struct {
    const avail_state_t *s;
    uint32_t pick[AVAIL_MAX_PORTS];
    unsigned n;
} view_t;

static int used(const view_t *v, uint32_t p)
{
    for (unsigned i = 0; i < v->n; i++)
        if (v->pick[i] == p)
            return 1;
    return v->s->used[p];
}

/* allocated rows of sub-array sa of bank b */
static unsigned sa_count(const view_t *v, unsigned b, unsigned sa)
{
    const avail_cfg_t *c = &v->s->c;
    unsigned n = v->s->sa_n[b * c->subarrays + sa];
    for (unsigned i = 0; i < v->n; i++)
        n += sa_of(c, v->pick[i]) == b * c->subarrays + sa;
    return n;
}

/* the register a request for bank b gets under the policy, or -1 */
static int pick(const avail_cfg_t *c, const avail_in_t *in, const view_t *v, uint32_t b,
                uint32_t last)
{
    const unsigned P = c->phys_regs;
    if (in->policy == RN_CONSOLIDATE) {
        int bb = -1, bs = -1, best = -1;
        for (unsigned sa = 0; sa < c->subarrays; sa++)
            for (unsigned k = 0; k < c->banks; k++) {
                if (in->bank_aware && k != b)
                    continue;
                int n = (int)sa_count(v, k, sa);
                if (n < (int)c->sa_rows && n > best)
                    best = n, bb = (int)k, bs = (int)sa;
            }
        if (best < 0)
            return -1;
        for (unsigned r = (unsigned)bs * c->sa_rows; r < ((unsigned)bs + 1) * c->sa_rows; r++)
            if (!used(v, r * c->banks + (unsigned)bb))
                return (int)(r * c->banks + (unsigned)bb);
        return -1;
    }
    unsigned start = in->policy == RN_SPREAD ? (last + c->sa_rows * c->banks) % P : 0;
    for (unsigned k = 0; k < P; k++) {
        unsigned p = (start + k) % P;
        if (in_bank(c, in, p, b) && !used(v, p))
            return (int)p;
    }
    return -1;
}

void avail_eval(avail_state_t *s, const avail_in_t *in, avail_out_t *out)
{
    const avail_cfg_t *c = &s->c;
    view_t v = {.s = s};
    for (unsigned i = 0; i < c->ports; i++) {
        int p = in->al_valid[i] ? pick(c, in, &v, in->al_bank[i], s->last) : -1;
        out->al_gnt[i] = p >= 0;
        out->al_id[i] = p >= 0 ? (uint32_t)p : 0;
        if (p >= 0)
            v.pick[v.n++] = (uint32_t)p;
        out->fr_err[i] = in->fr_valid[i] && in->fr_id[i] < c->phys_regs && !s->used[in->fr_id[i]];
    }
    out->allocated = s->nused;
    out->subarrays_on = s->non;
    out->last = s->last;
}

/* register p becomes allocated (1) or free (0) at the edge */
static void set_used(avail_state_t *s, uint32_t p, int on)
{
    unsigned k = sa_of(&s->c, p);
    s->used[p] = (uint8_t)on;
    s->nused += on ? 1 : -1;
    s->non += on ? s->sa_n[k] == 0 : s->sa_n[k] == 1 ? -1 : 0;
    s->sa_n[k] = (uint16_t)(s->sa_n[k] + (on ? 1 : -1));
}

void avail_tick(avail_state_t *s, const avail_in_t *in)
{
    const avail_cfg_t *c = &s->c;
    avail_out_t o;
    avail_eval(s, in, &o);
    for (unsigned i = 0; i < c->ports; i++) {
        if (o.al_gnt[i]) {
            set_used(s, o.al_id[i], 1);
            s->last = o.al_id[i];
            s->allocs++;
        }
        s->fails += in->al_valid[i] && !o.al_gnt[i];
    }
    for (unsigned i = 0; i < c->ports; i++) {
        if (in->fr_valid[i] && in->fr_id[i] < c->phys_regs && !o.fr_err[i] &&
            s->used[in->fr_id[i]]) {
            set_used(s, in->fr_id[i], 0);
            s->frees++;
        }
        s->free_errs += o.fr_err[i];
    }
    for (unsigned i = 0; i < c->ports; i++)
        if (in->rs_valid[i] && in->rs_id[i] < c->phys_regs && !s->used[in->rs_id[i]]) {
            set_used(s, in->rs_id[i], 1);
            s->reserves++;
        }
}
