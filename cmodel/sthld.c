/* sthld: adaptive stall threshold C model (contract in sthld.h). */
#include "sthld.h"
#include <string.h>

#define PT_BLOCK sthld
#define PT_CFG sthld_cfg_t
#define PT_DEF "sthld_ports.def"
#include "ports_table.inc"

void sthld_cfg_derive(sthld_cfg_t *c) { c->cyc_bits = gpurf_clog2(c->interval); }

void sthld_cfg_from_sm(const sm_cfg_t *sm, sthld_cfg_t *c)
{
    c->interval = sm->sthld_interval;
    c->large_pct = sm->sthld_large_pct;
    c->init = sm->sthld_init;
    c->step = sm->sthld_step;
    c->spec = sm->sthld_spec;
    c->max = sm->sthld_max;
    c->bits = sm->sthld_bits;
    c->fixed = sm->sthld_mode == STHLD_FIXED;
    sthld_cfg_derive(c);
}

int sthld_init(sthld_state_t *s, const sthld_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    s->sthld = c->init;
    s->state = 1;
    return c->interval >= 4 && c->bits <= 16 && c->max < (1u << c->bits) && c->init <= c->max ? 0 : -1;
}

void sthld_free(sthld_state_t *s) { (void)s; }

void sthld_eval(sthld_state_t *s, const sthld_in_t *in, sthld_out_t *out)
{
    (void)in;
    out->sthld = s->sthld;
    out->state = s->state;
    out->large = s->large;
    out->decided = s->decided;
    out->cycle = s->cycle;
    out->cur_insts = s->cur;
    out->prev_insts = s->prev;
    out->drop = s->drop;
    out->best_insts = s->best;
    out->best_sthld = s->best_sthld;
}

/* STHLD + d, saturating at 0 and Max */
static uint32_t add(const sthld_state_t *s, long long d)
{
    long long v = (long long)s->sthld + d;
    return v < 0 ? 0 : v > (long long)s->c.max ? s->c.max : (uint32_t)v;
}

/* the decision on the interval whose count is s->fin (the state machine of sthld.h) */
static void decide(sthld_state_t *s)
{
    const uint32_t cur = s->fin;
    const uint64_t pct = s->c.large_pct;
    uint64_t diff = cur > s->prev ? cur - s->prev : s->prev - cur;
    int large = 100 * diff >= pct * s->prev && diff;
    int down = cur < s->prev;
    int drop = cur < s->best && 100 * (uint64_t)(s->best - cur) >= pct * s->best;
    const long long st = s->c.step, sp = s->c.spec;
    uint32_t old = s->sthld;
    int mark = 0, back = 0;
    if (!s->c.fixed) {
        switch (s->state) {
        case 1: s->sthld = add(s, st); s->state = 2; mark = 1; break;
        case 2:
            if (drop) {
                s->sthld = s->best_sthld; s->state = 5; back = 1;
            } else if (large) {
                s->sthld = add(s, sp); s->state = 3; mark = 1;
            } else {
                s->sthld = add(s, st); mark = cur >= s->best;
            }
            break;
        case 3:
            if (large && down) {
                s->sthld = add(s, -(sp + st)); s->state = 4;
            } else {
                s->sthld = add(s, st); s->state = 2; mark = cur >= s->best;
            }
            break;
        case 4: s->sthld = add(s, large ? -st : 0); s->state = large ? 4 : 5; break;
        case 5: s->sthld = add(s, large ? -st : 0); s->state = large ? 4 : 6; break;
        default:
            if (large) {
                s->sthld = add(s, sp); s->state = 3; mark = 1;
            }
            break;
        }
    }
    if (mark) {
        s->best = cur;
        s->best_sthld = old;
    }
    s->large = (uint32_t)large;
    s->drop = (uint32_t)drop;
    s->large_changes += (uint64_t)large;
    s->intervals++;
    s->prev = back ? s->best : cur;
}

void sthld_tick(sthld_state_t *s, const sthld_in_t *in)
{
    s->decided = s->p2;
    if (s->p2)
        decide(s);
    s->p2 = s->p1;
    s->p1 = s->cycle + 1 == s->c.interval;
    if (s->p1) {
        s->fin = s->cur + in->insts;
        s->cur = 0;
        s->cycle = 0;
    } else {
        s->cur += in->insts;
        s->cycle++;
    }
}
