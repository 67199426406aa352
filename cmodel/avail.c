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
    c->rows = c->banks ? c->phys_regs / c->banks : 0;
    c->sa_rows = c->subarrays ? c->rows / c->subarrays : 0;
    c->groups = c->banks * c->subarrays;
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
    if (!(c->phys_regs <= AVAIL_MAX_PHYS && c->ports <= AVAIL_MAX_PORTS && c->banks &&
          c->banks <= AVAIL_MAX_BANKS && c->phys_regs % c->banks == 0 && c->subarrays &&
          c->rows % c->subarrays == 0 && c->groups <= AVAIL_MAX_GROUPS))
        return -1;
    for (unsigned l = 0; l < c->banks; l++)
        s->win[l] = s->ptr[l] = l, s->win_ok[l] = 1;
    return 0;
}

void avail_free(avail_state_t *s) { (void)s; }

/* the group of register p; register r of group g */
static unsigned grp(const avail_cfg_t *c, uint32_t p)
{
    return p / c->banks / c->sa_rows * c->banks + p % c->banks;
}

static uint32_t reg_of(const avail_cfg_t *c, unsigned g, unsigned r)
{
    return (g / c->banks * c->sa_rows + r) * c->banks + g % c->banks;
}

/* the list serving port i, or -1 when there is none */
static int list_of(const avail_cfg_t *c, const avail_in_t *in, unsigned i)
{
    if (!in->bank_aware)
        return 0;
    return in->al_bank[i] < c->banks ? (int)in->al_bank[i] : -1;
}

/* does list l hold group g */
static int in_list(const avail_cfg_t *c, const avail_in_t *in, unsigned l, unsigned g)
{
    return in->bank_aware ? g % c->banks == l : l == 0;
}

void avail_eval(avail_state_t *s, const avail_in_t *in, avail_out_t *out)
{
    const avail_cfg_t *c = &s->c;
    unsigned k[AVAIL_MAX_BANKS] = {0};
    for (unsigned i = 0; i < c->ports; i++) {
        int l = in->al_valid[i] ? list_of(c, in, i) : -1;
        out->al_gnt[i] = 0;
        out->al_id[i] = 0;
        if (l >= 0 && s->win_ok[l] && in_list(c, in, (unsigned)l, s->win[l])) {
            unsigned want = k[l]++;
            for (unsigned r = 0; r < c->sa_rows && !out->al_gnt[i]; r++) {
                uint32_t p = reg_of(c, s->win[l], r);
                if (!s->used[p] && want-- == 0)
                    out->al_gnt[i] = 1, out->al_id[i] = p;
            }
        }
        out->fr_err[i] = in->fr_valid[i] && in->fr_id[i] < c->phys_regs && !s->used[in->fr_id[i]];
    }
    out->allocated = s->nused_prev;
    out->subarrays_on = s->non_prev;
    for (unsigned l = 0; l < c->banks; l++)
        out->win[l] = s->win[l], out->win_ok[l] = s->win_ok[l];
}

/* list l's window for the next cycle: the non-full groups of the flags before the edge,
 * ranked by the counts a cycle older; ptr its last granted group. The list's groups: with
 * bank_aware sa x banks + l, else every group for list 0. */
static int choose(const avail_state_t *s, const avail_in_t *in, unsigned l, unsigned ptr)
{
    const avail_cfg_t *c = &s->c;
    unsigned n = in->bank_aware ? c->subarrays : l == 0 ? c->groups : 0;
    int best = -1;
    unsigned bestd = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned g = in->bank_aware ? i * c->banks + l : i;
        if (s->cnt[g] == c->sa_rows)
            continue;
        unsigned d = (g + c->groups - ptr - 1) % c->groups; /* spread: distance after ptr */
        if (best < 0 || (in->policy == RN_CONSOLIDATE && s->cnt_prev[g] > s->cnt_prev[best]) ||
            (in->policy == RN_SPREAD && d < bestd))
            best = (int)g, bestd = d;
    }
    return best;
}

/* register p becomes allocated (1) or free (0) at the edge */
static void set_used(avail_state_t *s, uint32_t p, int on)
{
    unsigned g = grp(&s->c, p);
    s->used[p] = (uint8_t)on;
    s->nused += on ? 1 : -1;
    s->non += on ? s->cnt[g] == 0 : s->cnt[g] == 1 ? -1 : 0;
    s->cnt[g] = (uint16_t)(s->cnt[g] + (on ? 1 : -1));
}

void avail_tick(avail_state_t *s, const avail_in_t *in)
{
    const avail_cfg_t *c = &s->c;
    avail_out_t o;
    avail_eval(s, in, &o);
    int next[AVAIL_MAX_BANKS];
    for (unsigned l = 0; l < c->banks; l++) {
        for (unsigned i = 0; i < c->ports; i++)
            if (o.al_gnt[i] && list_of(c, in, i) == (int)l)
                s->ptr[l] = s->win[l];
        next[l] = choose(s, in, l, s->ptr[l]);
    }
    for (unsigned l = 0; l < c->banks; l++)
        s->win[l] = next[l] < 0 ? 0 : (uint32_t)next[l], s->win_ok[l] = next[l] >= 0;
    memcpy(s->cnt_prev, s->cnt, c->groups * sizeof s->cnt[0]);
    s->nused_prev = s->nused, s->non_prev = s->non;
    for (unsigned i = 0; i < c->ports; i++) {
        if (o.al_gnt[i]) {
            set_used(s, o.al_id[i], 1);
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
