/* rf: banked main register file of one sub-core: NumBanks banks of BankPorts ports each, the
 * bank arbiter and the crossbar to the collector units (LTRF paper Sec. 2.1 and Fig. 1;
 * Malekeh paper Sec. 2 and Fig. 1).
 *
 * Ports (rf_ports.def; RTL rtl/rf.v):
 *   launch_*        sets the base row of a warp slot when its thread block is launched
 *   rd_valid/warp/reg[p]  read request of port p (collector c, operand slot s: p = c*MaxSrcs+s);
 *                   held until rd_gnt[p]
 *   rd_gnt[p]       combinational: request p wins its bank this cycle
 *   rsp_valid/data[p]  read data arrives BankLatency cycles after the grant; with BankLatency 0
 *                   in the grant cycle itself, combinationally (GPGPU-Sim's operand collector:
 *                   a bank read in its arbitration cycle, the collector holds the operand at
 *                   that cycle's end and dispatches the next cycle at the earliest)
 *   wr_valid/warp/reg/data/mask[w]  write-back port w; held until wr_gnt[w]; only the lanes
 *                   set in wr_mask are written (the instruction's active mask)
 *   wr_gnt[w]       combinational: the write is performed at this clock edge
 * Rules: bank = (reg + warp) mod NumBanks (BankMap 0) or reg mod NumBanks (BankMap 1, 2);
 * row = base[warp] + reg / NumBanks, or reg / NumBanks in the flat mode (BankMap 2), where reg
 * is a physical register id and warp is ignored. Each bank has BankPorts ports, each serving one access
 * per cycle; a pipelined bank port (BankPipelined 1) takes a new access every cycle, a
 * non-pipelined one (0, as CACTI's bank models, LTRF Sec. 2.2) is busy for BankLatency cycles
 * per access (at least one). Arbitration runs once per bank port, port 0 first, each round over the
 * requests the earlier rounds left (bank_arb): writes win over reads; among writes to one
 * bank the lowest port wins, the others stay asserted (queued in the write-back unit, never
 * dropped). Reads are granted round-robin per bank, starting after the last granted port; a
 * later round starts after the port the earlier round granted. A port may be granted on any
 * bank, so a collector may receive several banks in one cycle. Data is read at the grant
 * edge, before the writes of that edge. */
#ifndef GPURF_RF_H
#define GPURF_RF_H
#include "cfg.h"
#include "ports.h"
#include "bank_arb.h"

#define RF_MAX_PORTS 256
#define RF_MAX_WPORTS 72
#define RF_MAX_BANKS 256
#define RF_MAX_BANK_PORTS 4

/* (Verilog parameter, C field) pairs: the RTL parameters and the C configuration */
#define RF_PARAMS(P)                                                                               \
    P(Lanes, lanes)                                                                                \
    P(NumBanks, num_banks)                                                                         \
    P(NumPorts, num_ports)                                                                         \
    P(NumWPorts, num_wports)                                                                       \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)                                                                         \
    P(RowsPerBank, rows_per_bank)                                                                  \
    P(BankLatency, bank_latency)                                                                   \
    P(BankPorts, bank_ports)                                                                       \
    P(BankPipelined, bank_pipelined)                                                               \
    P(BankMap, bank_map)

typedef struct {
#define P(V, f) unsigned f;
    RF_PARAMS(P)
#undef P
    unsigned warp_bits, reg_bits, row_bits; /* derived */
} rf_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rf_ports.def"
#undef IN
#undef OUT
} rf_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rf_ports.def"
#undef IN
#undef OUT
} rf_out_t;

typedef struct {
    uint8_t valid;
    uint8_t port;
    uint32_t data[GPURF_MAX_LANES];
} rf_stage_t;

/* a cycle's decisions. wg[w] / rg[p]: port granted; acc[b*BankPorts+k]: bank port k of bank b
 * serves read port acc-1 (acc > 0), a write (acc == -1) or nothing (0); rr: the pointers after
 * the rounds. */
typedef struct {
    uint8_t wg[RF_MAX_WPORTS], rg[RF_MAX_PORTS];
    int acc[RF_MAX_BANKS * RF_MAX_BANK_PORTS];
    uint32_t rr[RF_MAX_BANKS];
} rf_grants_t;

typedef struct {
    rf_cfg_t c;
    uint32_t *mem;      /* [bank][row][lane] */
    uint32_t spare[GPURF_MAX_LANES];
    uint32_t *base;     /* [warp] */
    uint32_t *rr;       /* [bank] next port to consider */
    uint32_t *busy;     /* [bank][bank port] cycles the port stays busy (non-pipelined) */
    rsp_track_t rsp;    /* response ports holding data in the last out struct */
    rf_stage_t *pipe;   /* [bank][bank port][stage]; a stage without a read is all zero */
    rf_grants_t g;      /* the last evaluation's decisions, applied by the edge when g_ok */
    int g_ok;
    uint32_t quiet_edges; /* edges since the last access, up to BankLatency: then every stage
                           * is empty and every bank port free */
    /* activity counters (for statistics and energy estimates) */
    uint64_t reads, writes, read_conflicts, write_conflicts;
} rf_state_t;

extern const pt_table_t rf_port_table;

void rf_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c);
/* block rf_phys: the flat mode, ArchRegs = the register ids (cfg_reg_ids_per_sc) */
void rf_phys_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c);
/* the sub-core's file reached by every collector of the SM (Malekeh's ccu_pool sm: a read
 * port per operand slot of each of the SM's collectors; block rf_pool) */
void rf_pool_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c);
/* the main register file of the register-file cache designs (block rf_fill): its read ports are
 * the cache rows' fill ports, port r * rfc_fill_ports + k the k-th of row r; a read answered
 * max(bank_latency, rfc_fill_latency) cycles after its grant */
void rf_fill_cfg_from_sm(const sm_cfg_t *sm, rf_cfg_t *c);
void rf_cfg_derive(rf_cfg_t *c);
int rf_init(rf_state_t *s, const rf_cfg_t *c);
void rf_free(rf_state_t *s);
void rf_eval(rf_state_t *s, const rf_in_t *in, rf_out_t *out);
/* the edge applies the decisions of the evaluation since the last edge, made from the same
 * inputs (the RTL samples what its arbiter computed); without one it makes them itself */
void rf_tick(rf_state_t *s, const rf_in_t *in);
/* no request and no access in the last BankLatency edges: the edge changes nothing and the
 * outputs are all zero (harness/blocks.h) */
int rf_quiet(const rf_state_t *s, const rf_in_t *in);
unsigned rf_bank_of(const rf_cfg_t *c, unsigned warp, unsigned reg);
/* architectural view, for tests and the ideal design: pointer to the lanes of (warp, reg) */
uint32_t *rf_peek(rf_state_t *s, unsigned warp, unsigned reg);

#endif
