/* aau: address allocation unit C model (contract in aau.h). */
#include "aau.h"
#include <string.h>

#define PT_BLOCK aau
#define PT_CFG aau_cfg_t
#define PT_DEF "aau_ports.def"
#include "ports_table.inc"

void aau_cfg_derive(aau_cfg_t *c)
{
    c->id_bits = gpurf_clog2(c->entries);
    c->count_bits = gpurf_clog2(c->entries + 1);
}

void aau_cfg_from_sm(const sm_cfg_t *sm, aau_cfg_t *c)
{
    c->entries = sm->rfc_banks;
    c->alloc_ports = sm->rfc_alloc_ports;
    aau_cfg_derive(c);
}

void aau_off_cfg_from_sm(const sm_cfg_t *sm, aau_cfg_t *c)
{
    c->entries = sm->active_pool;
    c->alloc_ports = 1;
    aau_cfg_derive(c);
}

static void reset(aau_state_t *s)
{
    for (unsigned i = 0; i < s->c.entries; i++) {
        s->fifo[i] = (uint8_t)i;
        s->occ[i] = 0;
    }
    s->head = 0;
    s->count = s->c.entries;
}

int aau_init(aau_state_t *s, const aau_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->c = *c;
    if (c->entries < 2 || c->entries > AAU_MAX_ENTRIES || c->alloc_ports < 1 ||
        c->alloc_ports > c->entries)
        return -1;
    reset(s);
    return 0;
}

void aau_free(aau_state_t *s) { (void)s; }

void aau_eval(aau_state_t *s, const aau_in_t *in, aau_out_t *out)
{
    (void)in;
    out->avail = s->count > 0;
    for (unsigned k = 0; k < s->c.alloc_ports; k++)
        out->head[k] = s->fifo[(s->head + k) % s->c.entries];
    out->free_count = s->count;
    if (s->occ_out == out && s->occ_out_ver == s->occ_ver)
        return;
    for (unsigned i = 0; i < s->c.entries; i++)
        out->occupied[i] = s->occ[i];
    s->occ_out = out;
    s->occ_out_ver = s->occ_ver;
}

void aau_tick(aau_state_t *s, const aau_in_t *in)
{
    const unsigned n = s->c.entries;
    if (in->rel_all) {
        reset(s);
        s->occ_ver++;
        s->release_alls++;
        return;
    }
    unsigned take = 0;
    for (unsigned k = 0; k < s->c.alloc_ports; k++)
        take += in->alloc_valid[k] != 0;
    if (take > s->count)
        take = s->count;
    int give = in->rel_valid && in->rel_id < n && s->occ[in->rel_id];
    s->occ_ver += take || give;
    for (unsigned k = 0; k < take; k++) {
        s->occ[s->fifo[s->head]] = 1;
        s->head = (s->head + 1) % n;
        s->count--;
        s->allocs++;
    }
    if (give) {
        s->fifo[(s->head + s->count) % n] = (uint8_t)in->rel_id;
        s->occ[in->rel_id] = 0;
        s->count++;
        s->releases++;
    }
}

int aau_quiet(const aau_state_t *s, const aau_in_t *in)
{
    return !gpurf_any(in->alloc_valid, s->c.alloc_ports) && !in->rel_valid && !in->rel_all;
}
