/* Per-bank arbitration and response crossbar (bank_arb.h). */
#include "bank_arb.h"
#include <string.h>

#define MAX_BANKS 256

void bank_arb(const bank_arb_t *a)
{
    uint8_t taken[MAX_BANKS];
    unsigned dist[MAX_BANKS];
    for (unsigned b = 0; b < a->banks; b++) {
        taken[b] = a->busy_pre && a->busy_pre[b];
        a->bank_port[b] = -1;
    }
    for (unsigned k = 0; k < a->fixed; k++) {
        unsigned b = a->fix_bank[k];
        a->fix_gnt[k] = a->fix_req[k] && !taken[b];
        taken[b] |= a->fix_gnt[k];
    }
    if (a->busy_post)
        for (unsigned b = 0; b < a->banks; b++)
            taken[b] |= a->busy_post[b];
    /* a bank grants the requester nearest after its pointer: one pass over the ports */
    for (unsigned p = 0; p < a->ports; p++) {
        a->rd_gnt[p] = 0;
        if (!a->rd_req[p])
            continue;
        unsigned b = a->rd_bank[p];
        if (taken[b])
            continue;
        unsigned d = p >= a->rr[b] ? p - a->rr[b] : p + a->ports - a->rr[b];
        if (a->bank_port[b] < 0 || d < dist[b]) {
            a->bank_port[b] = (int)p;
            dist[b] = d;
        }
    }
    for (unsigned b = 0; b < a->banks; b++)
        if (a->bank_port[b] >= 0)
            a->rd_gnt[a->bank_port[b]] = 1;
}

void rsp_xbar(unsigned banks, unsigned ports, unsigned lanes, const uint8_t *valid,
              const uint8_t *port, const uint32_t *const *data, uint32_t *rsp_valid,
              uint32_t (*rsp_data)[GPURF_MAX_LANES], rsp_track_t *t)
{
    const size_t bytes = lanes * sizeof(uint32_t);
    const int same = t->out == rsp_valid;
    if (!same || t->nset)
        for (unsigned p = 0; p < ports; p++) {
            if (!same || t->set[p]) {
                rsp_valid[p] = 0;
                memset(rsp_data[p], 0, bytes);
            }
            t->set[p] = 0;
        }
    t->nset = 0;
    for (unsigned b = 0; b < banks; b++)
        if (valid[b]) {
            rsp_valid[port[b]] = 1;
            memcpy(rsp_data[port[b]], data[b], bytes);
            t->set[port[b]] = 1;
            t->nset++;
        }
    t->out = rsp_valid;
}
