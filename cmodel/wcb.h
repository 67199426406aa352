/* wcb: warp control block (LTRF paper Sec. 4.1, Fig. 7; storage formula Sec. 4.3), one per
 * sub-core, holding for each of its NumWarps warps:
 *   - the register cache address table: per architectural register the register-file cache
 *     bank that holds it (log2 CacheBanks bits) and a valid bit (set when its fill completes);
 *   - the warp-offset address: the warp's row in every cache bank (log2 ActiveWarps bits);
 *   - the working-set bit-vector: the registers of the current register-interval (its
 *     PREFETCH bit-vector), which a reactivated warp refetches;
 *   - the liveness bit-vector (LTRF+, Sec. 3.2): set when a register is written, cleared by a
 *     dead-operand bit; all dead when the warp starts;
 *   - with DirtyBits 1 (rfc_writeback dirty or live+dirty; not in the paper), the dirty
 *     bit-vector: set when a register is written, cleared when it is mapped (allocated a
 *     bank), at deactivation and when the warp starts (a map or deactivation wins over a write
 *     in the same cycle); with DirtyBits 0 q_dirty reads 0.
 *
 * Ports (wcb_ports.def; RTL rtl/wcb.v). Updates take effect at the clock edge:
 *   rd_valid/reg[p]  lookups: every warp's address table has ReadPorts read ports (2, as in the
 *                paper), port p belongs to warp p / ReadPorts; the answer comes the next cycle
 *                on rdo_valid/bank/hit/off[p] (hit = the valid bit) and reflects the table
 *                before that cycle's updates
 *   map_*[k]     MapPorts allocations, in groups of RowPorts consecutive ports (group g is
 *                active-warp row g's allocation unit, rfc_alloc_ports wide): the register's
 *                cache bank is written and its valid bit cleared (the highest port wins the
 *                bank of an entry two ports map). A warp's table takes one group a cycle, the
 *                highest that names the warp; the other groups' ports naming it are ignored.
 *                A warp sits in one row, so LTRF never maps it from two; the table then needs
 *                RowPorts write ports, not MapPorts
 *   fill_*[k]    FillPorts (one per cache bank) completed fills: valid bit set (a map wins on
 *                the same entry)
 *   ws_*         the working-set bit-vector of a warp is replaced (PREFETCH decode)
 *   act_*        activation: the warp's warp-offset address is written
 *   deact_*      deactivation: every valid bit of the warp is cleared
 *   init_*       a warp starts: valid, working-set and liveness cleared, offset 0; it
 *                overrides every other update of that warp in the same cycle (a bank number
 *                written by map in that cycle is kept; it is not valid)
 *   wr_valid/warp/reg[k]  WritePorts register writes (the register becomes live)
 *   dead_valid[j]/dead_warp/dead_reg[j]  DeadPorts dead-operand bits of one dispatched
 *                instruction (the register becomes dead); a write to the same register in
 *                the same cycle wins
 *   q_warp -> q_valid/q_ws/q_live/q_dirty/q_off  the vectors of one warp, for write-back and refetch
 *                (combinational, current state) */
#ifndef GPURF_WCB_H
#define GPURF_WCB_H
#include "cfg.h"
#include "ports.h"

#define WCB_MAX_REGS 256
#define WCB_MAX_WARPS 64
#define WCB_MAX_RPORTS 256
#define WCB_MAX_MPORTS 256
#define WCB_MAX_FPORTS 64
#define WCB_MAX_WPORTS 8
#define WCB_MAX_DPORTS 16
#define WCB_READ_PORTS 2 /* LTRF Sec. 4.1: two read ports per warp's address table */

#define WCB_PARAMS(P)                                                                              \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)                                                                         \
    P(CacheBanks, cache_banks)                                                                     \
    P(ActiveWarps, active_warps)                                                                   \
    P(ReadPorts, read_ports)                                                                       \
    P(MapPorts, map_ports)                                                                         \
    P(RowPorts, row_ports)                                                                         \
    P(FillPorts, fill_ports)                                                                       \
    P(WritePorts, wr_ports)                                                                        \
    P(DeadPorts, dead_ports)                                                                       \
    P(DirtyBits, dirty_bits)

typedef struct {
#define P(V, f) unsigned f;
    WCB_PARAMS(P)
#undef P
    unsigned warp_bits, reg_bits, bank_bits, off_bits;
} wcb_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "wcb_ports.def"
#undef IN
#undef OUT
} wcb_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "wcb_ports.def"
#undef IN
#undef OUT
} wcb_out_t;

typedef struct {
    uint8_t bank, valid, ws, live, dirty;
} wcb_entry_t;

typedef struct {
    wcb_cfg_t c;
    wcb_entry_t e[WCB_MAX_WARPS][WCB_MAX_REGS];
    uint8_t off[WCB_MAX_WARPS];
    /* registered read answers */
    uint8_t ro_valid[WCB_MAX_RPORTS], ro_bank[WCB_MAX_RPORTS], ro_hit[WCB_MAX_RPORTS],
        ro_off[WCB_MAX_RPORTS];
    uint32_t ro_reg[WCB_MAX_RPORTS];   /* the registers they answer */
    uint8_t ro_fresh;                  /* they agree with the entries (no entry changed since) */
    uint32_t ro_ver;                   /* bumped by every edge that changes one */
    /* a warp's bank numbers, valid bits or offset changed at the last edge: its ports read
     * the table again (a port whose register and warp did not change keeps its answer) */
    uint8_t ro_stale[WCB_MAX_WARPS];
    const void *ro_out;                /* the out struct holding them as of ro_out_ver */
    uint32_t ro_out_ver;
    /* the query outputs last written: out struct and warp, and that warp's entries changed
     * since (one bit per register), so that only those are copied again */
    const void *q_out;
    uint32_t q_warp;
    uint64_t q_stale[WCB_MAX_REGS / 64];
} wcb_state_t;

extern const pt_table_t wcb_port_table;

/* storage bits of one WCB as in LTRF Sec. 4.3: warps x (regs x (bank bits + valid) + offset
 * bits + working-set + liveness), and the dirty bit-vector when dirty is set */
unsigned long wcb_storage_bits(unsigned warps, unsigned regs, unsigned banks, unsigned active,
                               int dirty);

void wcb_cfg_from_sm(const sm_cfg_t *sm, wcb_cfg_t *c);
void wcb_cfg_derive(wcb_cfg_t *c);
int wcb_init(wcb_state_t *s, const wcb_cfg_t *c);
void wcb_free(wcb_state_t *s);
void wcb_eval(wcb_state_t *s, const wcb_in_t *in, wcb_out_t *out);
void wcb_tick(wcb_state_t *s, const wcb_in_t *in);
/* no command or request, the registered answers current for the same read registers and the
 * query the last evaluated: the edge changes nothing (harness/blocks.h) */
int wcb_quiet(const wcb_state_t *s, const wcb_in_t *in);

#endif
