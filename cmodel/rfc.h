/* rfc: LTRF register-file cache (LTRF paper Sec. 4.1, Fig. 5; Sec. 4.2 "Interconnect"), one
 * per sub-core: Banks (= registers per interval) single-ported banks of Rows (= active
 * warps) registers. An active warp owns one row (its warp-offset address) and each of its
 * cached registers one bank, so addresses arrive explicitly as (bank, row).
 *
 * Each cycle each bank serves one access, in this priority: a fill arriving from the main
 * register file, then result writes (lowest port first), then the bank's eviction read, then
 * collector reads (round-robin per bank, as in the main register file). A request that loses is
 * not granted and is held by its requester.
 *
 * Every bank has its own narrow crossbar port to the main register file (Sec. 4.2: a warp's
 * registers are interleaved across the banks, so its fills and write-backs proceed in
 * parallel): XbarBits bits per cycle with a traversal latency of XbarLatency cycles, so a
 * register occupies a port for beats = ceil(Lanes*32 / XbarBits) cycles. A bank's fill port
 * takes the offered fill when it is free; the register is written beats - 1 + XbarLatency
 * cycles after the grant, the cycle fill_done reports it. A bank's eviction is granted when its
 * return port is free and the bank arbitration grants the read; the data leaves on
 * ev_out[bank] beats + XbarLatency cycles after the grant.
 *
 * Ports (rfc_ports.def; RTL rtl/rfc.v):
 *   rd_valid/bank/row[p]   collector read requests, p = collector * max_srcs + slot
 *   rd_gnt[p]              granted this cycle; rsp_valid/data[p] the next cycle
 *   wr_valid/bank/row/data/mask[k]  result writes, wr_gnt[k] when performed; only the lanes
 *                   set in wr_mask are written (fills write every lane)
 *   fill_valid/row/tag/data[b]  the register offered on bank b's fill port; fill_gnt[b] when
 *                          taken (the requester then offers the next)
 *   fill_done_valid/tag[b] the fill written into bank b this cycle (tag as offered)
 *   ev_valid/row/tag[b]    an eviction read of bank b; ev_gnt[b] when performed
 *   ev_out_valid/tag/data[b]  the register evicted from bank b arriving at the main RF */
#ifndef GPURF_RFC_H
#define GPURF_RFC_H
#include "cfg.h"
#include "ports.h"
#include "bank_arb.h"

#define RFC_MAX_PORTS 128
#define RFC_MAX_WPORTS 8
#define RFC_MAX_ROWS 64
#define RFC_MAX_BANKS 64
#define RFC_MAX_DEPTH 192

#define RFC_PARAMS(P)                                                                              \
    P(Lanes, lanes)                                                                                \
    P(Banks, banks)                                                                                \
    P(Rows, rows)                                                                                  \
    P(NumPorts, num_ports)                                                                         \
    P(NumWPorts, num_wports)                                                                       \
    P(XbarBits, xbar_bits)                                                                         \
    P(XbarLatency, xbar_latency)                                                                   \
    P(TagBits, tag_bits)

typedef struct {
#define P(V, f) unsigned f;
    RFC_PARAMS(P)
#undef P
    unsigned bank_bits, row_bits, beats;
} rfc_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rfc_ports.def"
#undef IN
#undef OUT
} rfc_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rfc_ports.def"
#undef IN
#undef OUT
} rfc_out_t;

/* a register in flight on a crossbar port */
typedef struct {
    uint8_t valid;
    uint32_t row, tag;
    uint32_t data[GPURF_MAX_LANES];
} rfc_flit_t;

/* a cycle's decisions (bank_arb) */
typedef struct {
    int read_port[RFC_MAX_BANKS]; /* collector port reading each bank, or -1 */
    uint8_t arrive[RFC_MAX_BANKS]; /* the bank's arriving fill is written */
    uint8_t wg[RFC_MAX_WPORTS], rg[RFC_MAX_PORTS], fg[RFC_MAX_BANKS], eg[RFC_MAX_BANKS];
} rfc_grants_t;

typedef struct {
    rfc_cfg_t c;
    uint32_t *mem;                     /* [bank][row][lane] */
    uint32_t rr[RFC_MAX_BANKS];        /* collector-read round-robin pointer per bank */
    rsp_track_t rsp;    /* response ports holding data in the last out struct */
    const void *ev_out;                /* the out struct last written */
    uint32_t fill_busy[RFC_MAX_BANKS], ev_busy[RFC_MAX_BANKS]; /* cycles each port stays occupied */
    rfc_flit_t *fill_pipe, *ev_pipe;   /* [bank][slot]: rings, stage 0 at the bank's head */
    uint8_t fill_head[RFC_MAX_BANKS], ev_head[RFC_MAX_BANKS];
    /* cycles since a flit entered the bank's port, up to its depth: at the depth the port's
     * stages are all zero and shifting them changes nothing */
    uint32_t fill_quiet[RFC_MAX_BANKS], ev_quiet[RFC_MAX_BANKS];
    uint32_t quiet_edges;               /* edges since the last read, fill or eviction grant, up to
                                        * the return port's depth: then all of the above are idle */
    uint8_t last_rd[RFC_MAX_BANKS];    /* the bank's output register holds a collector read */
    uint8_t last_port[RFC_MAX_BANKS];  /* ... for this port */
    uint32_t last_data[RFC_MAX_BANKS][GPURF_MAX_LANES];
    rfc_grants_t g;                    /* the last evaluation's decisions, applied by the edge */
    int g_ok;                          /* ... when set */
    uint64_t reads, writes, fills, evictions, bank_conflicts; /* activity counters */
} rfc_state_t;

extern const pt_table_t rfc_port_table;

void rfc_cfg_from_sm(const sm_cfg_t *sm, rfc_cfg_t *c);
void rfc_cfg_derive(rfc_cfg_t *c);
int rfc_init(rfc_state_t *s, const rfc_cfg_t *c);
void rfc_free(rfc_state_t *s);
void rfc_eval(rfc_state_t *s, const rfc_in_t *in, rfc_out_t *out);
/* the edge applies the decisions of the evaluation since the last edge, made from the same
 * inputs (the RTL samples what its arbiter computed); without one it makes them itself */
void rfc_tick(rfc_state_t *s, const rfc_in_t *in);
/* no request, both ports of every bank drained and free, no read answer pending: the edge
 * changes nothing and the outputs are all zero (harness/blocks.h) */
int rfc_quiet(const rfc_state_t *s, const rfc_in_t *in);

#endif
