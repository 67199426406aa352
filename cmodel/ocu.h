/* ocu: conventional operand collector unit (LTRF paper Fig. 1 and Sec. 2.1; Malekeh paper
 * Sec. 2): holds one issued instruction, requests its source registers from the banked
 * register file, collects the data and dispatches the instruction when every operand is ready.
 *
 * Ports (ocu_ports.def; RTL rtl/ocu.v):
 *   alloc_*      the allocator hands an instruction to a free unit: warp, opaque info word
 *                (the SM's instruction handle) and up to MaxSrcs source registers with valid
 *                bits; taken when busy = 0 or when the unit dispatches at this edge (a unit
 *                is refilled in the cycle it dispatches, as GPGPU-Sim's operand collector
 *                frees a unit and allocates it in the same step), ignored otherwise
 *   busy         the unit holds an instruction
 *   rd_valid/warp/reg[s]  read request of slot s to the register file; a register named by
 *                several slots is requested once (by its first slot) and fills all of them
 *   rd_gnt[s]    the register file granted slot s (the request drops next cycle)
 *   rsp_valid/data[s]  data for slot s; a slot repeating an earlier slot's register takes that
 *                slot's response and ignores its own port
 *   disp_valid/warp/info/data  every valid slot is ready: the instruction and its operand
 *                values (slots without a source read as zero)
 *   disp_ready   the execution unit takes the instruction at this edge; the unit is freed,
 *                or refilled by a same-edge alloc */
#ifndef GPURF_OCU_H
#define GPURF_OCU_H
#include "cfg.h"
#include "ports.h"

#define OCU_MAX_SRCS 16

#define OCU_PARAMS(P)                                                                              \
    P(Lanes, lanes)                                                                                \
    P(MaxSrcs, max_srcs)                                                                           \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)

typedef struct {
#define P(V, f) unsigned f;
    OCU_PARAMS(P)
#undef P
    unsigned warp_bits, reg_bits;
} ocu_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "ocu_ports.def"
#undef IN
#undef OUT
} ocu_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "ocu_ports.def"
#undef IN
#undef OUT
} ocu_out_t;

typedef struct {
    ocu_cfg_t c;
    uint8_t busy;
    uint32_t warp, info;
    uint8_t sv[OCU_MAX_SRCS], dup[OCU_MAX_SRCS], dsrc[OCU_MAX_SRCS];
    uint8_t pend[OCU_MAX_SRCS], rdy[OCU_MAX_SRCS];
    uint32_t reg[OCU_MAX_SRCS];
    uint32_t data[OCU_MAX_SRCS][GPURF_MAX_LANES];
    uint32_t data_ver;                 /* bumped whenever data changes */
    const void *data_out;              /* the out struct holding data as of data_out_ver */
    uint32_t data_out_ver;
    uint64_t allocs, dispatches, dup_reads_saved; /* activity counters */
} ocu_state_t;

extern const pt_table_t ocu_port_table;

void ocu_cfg_from_sm(const sm_cfg_t *sm, ocu_cfg_t *c);
/* block ocu_phys: register fields wide enough for physical ids (cfg_reg_ids_per_sc) */
void ocu_phys_cfg_from_sm(const sm_cfg_t *sm, ocu_cfg_t *c);
void ocu_cfg_derive(ocu_cfg_t *c);
int ocu_init(ocu_state_t *s, const ocu_cfg_t *c);
void ocu_free(ocu_state_t *s);
void ocu_eval(ocu_state_t *s, const ocu_in_t *in, ocu_out_t *out);
void ocu_tick(ocu_state_t *s, const ocu_in_t *in);
/* no allocation, and free or waiting with no grant, answer or dispatch this cycle: the edge
 * changes nothing (harness/blocks.h) */
int ocu_quiet(const ocu_state_t *s, const ocu_in_t *in);

#endif
