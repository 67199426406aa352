/* Per-bank arbitration and the bank-to-port response crossbar, shared by the banked storage
 * blocks (rf, rfc); identical to rtl/bank_arb.v and rtl/rsp_xbar.v.
 *
 * bank_arb: each bank serves at most one access per cycle.
 *   1. banks in busy_pre are taken;
 *   2. fixed-priority requesters (writes, then e.g. an eviction read), lowest index first, take
 *      their bank if it is still free;
 *   3. banks in busy_post are taken;
 *   4. each free bank grants one read requester, round-robin from its pointer rr[bank]; the
 *      block keeps the pointers and sets rr[bank] = bank_arb_next(port) on a grant.
 * A requester's bank index must be below `banks` (the block masks the others).
 *
 * rsp_xbar: the data of every bank whose output is valid goes to the port it was read for;
 * every other port shows valid 0 and data 0. */
#ifndef GPURF_BANK_ARB_H
#define GPURF_BANK_ARB_H
#include "common.h"
#include <stdint.h>

typedef struct {
    unsigned banks, ports, fixed;
    const uint8_t *busy_pre, *busy_post;  /* [banks], NULL: none */
    const uint8_t *fix_req;               /* [fixed] */
    const uint32_t *fix_bank;
    const uint8_t *rd_req;                /* [ports] */
    const uint32_t *rd_bank;
    const uint32_t *rr;                   /* [banks] */
    /* results */
    uint8_t *fix_gnt;                     /* [fixed] */
    uint8_t *rd_gnt;                      /* [ports] */
    int *bank_port;                       /* [banks]: the granted read port, -1 none */
} bank_arb_t;

void bank_arb(const bank_arb_t *a);

static inline uint32_t bank_arb_next(unsigned port, unsigned ports)
{
    return port + 1 == ports ? 0 : port + 1;
}

#define RSP_XBAR_MAX_PORTS 256
/* which ports of an output struct hold data, so that only those are cleared again */
typedef struct {
    const void *out;
    unsigned nset;                     /* ports set in out (0: every port shows 0) */
    uint8_t set[RSP_XBAR_MAX_PORTS];
} rsp_track_t;

/* valid[b], port[b], data[b] (lanes words each) to rsp_valid[p] / rsp_data[p], p < ports */
void rsp_xbar(unsigned banks, unsigned ports, unsigned lanes, const uint8_t *valid,
              const uint8_t *port, const uint32_t *const *data, uint32_t *rsp_valid,
              uint32_t (*rsp_data)[GPURF_MAX_LANES], rsp_track_t *t);

#endif
