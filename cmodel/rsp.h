/* rsp: the register scratchpad of the hybrid register cache / scratchpad (Bailey et al. Sec.
 * III-A2, III-A3, III-B; after Gebhart et al. [5]), one per scheduler. Pool x Regs warp
 * registers, no tags: the compiler maps a register to RSP register r of the warp's active-pool
 * slot, entry = slot x Regs + r. An access naming a slot >= Pool or r >= Regs does nothing.
 * Ports (rsp_ports.def; RTL rtl/rsp.v), reads before writes within a cycle:
 *   rd_*[p] (RPorts)   the entry's data on rsp_data[p] the next cycle (rsp_valid[p]);
 *   wr_*[k] (WPorts)   the lanes of wr_mask written, port 0 first (a later port wins a lane).
 * Counters: reads, writes. */
#ifndef GPURF_RSP_H
#define GPURF_RSP_H
#include "cfg.h"
#include "ports.h"

#define RSP_MAX_ENTRIES 64
#define RSP_MAX_RPORTS 8
#define RSP_MAX_WPORTS 4

#define RSP_PARAMS(P)                                                                              \
    P(Lanes, lanes)                                                                                \
    P(Pool, pool)                                                                                  \
    P(Regs, regs)                                                                                  \
    P(RPorts, rports)                                                                              \
    P(WPorts, wports)

typedef struct {
#define P(V, f) unsigned f;
    RSP_PARAMS(P)
#undef P
    unsigned slot_bits, reg_bits;
} rsp_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rsp_ports.def"
#undef IN
#undef OUT
} rsp_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rsp_ports.def"
#undef IN
#undef OUT
} rsp_out_t;

typedef struct {
    rsp_cfg_t c;
    uint32_t data[RSP_MAX_ENTRIES][GPURF_MAX_LANES];
    uint8_t rsp_valid[RSP_MAX_RPORTS];
    uint32_t rsp_data[RSP_MAX_RPORTS][GPURF_MAX_LANES];
    uint64_t reads, writes;
} rsp_state_t;

extern const pt_table_t rsp_port_table;

void rsp_cfg_from_sm(const sm_cfg_t *sm, rsp_cfg_t *c);
void rsp_cfg_derive(rsp_cfg_t *c);
int rsp_init(rsp_state_t *s, const rsp_cfg_t *c);
void rsp_free(rsp_state_t *s);
void rsp_eval(rsp_state_t *s, const rsp_in_t *in, rsp_out_t *out);
void rsp_tick(rsp_state_t *s, const rsp_in_t *in);

#endif
