/* rc: the register cache of the hybrid register cache / scratchpad (Bailey et al. Sec. III-A2,
 * III-A3, Table I; after Gebhart et al. [4]), one per scheduler, shared by its warps. Lines
 * lines (one warp register each) in Sets = Lines / Ways sets of Ways ways; Sets need not be a
 * power of two. A line holds a tag (warp slot, register), valid and dirty bits and its true-LRU
 * rank within its set (0 = most recent).
 *
 * Set of an access: idx = (reg + warp) mod PSets (Index 0) or reg mod PSets (Index 1). Shared
 * (Partition 0): PSets = Sets, set = idx. Per-warp (Partition 1, Fig. 4): the sets split evenly
 * among the Pool active-pool slots, PSets = Sets / Pool, set = slot x PSets + idx; an access
 * naming a slot >= Pool does nothing (a read misses, a write is not done).
 *
 * Ports (rc_ports.def; RTL rtl/rc.v), in this order within a cycle:
 *   1. reads rd_*[p] (RPorts): a lookup of (warp, reg) on the state at the start of the cycle;
 *      the next cycle rsp_valid[p] with rsp_hit[p] and, on a hit, rsp_data[p]. A hit touches
 *      the line's LRU rank (port order); a hit with rd_last (the register's last use, a
 *      compiler hint) drops the line without a write-back after step 2, unless a write of
 *      this cycle took it. A miss allocates nothing.
 *   2. writes wr_*[k] (WPorts), port 0 first, each looking up the tags the earlier writes
 *      left: a hit writes the lanes of wr_mask into the line; a miss with every lane set
 *      allocates a victim chosen from the state at the start of the cycle (the set's first
 *      line invalid then, else its largest rank then: this cycle's read touches and last-use
 *      drops count from the next cycle, so the choice needs no read result), never a line a
 *      write of this cycle hits or an earlier one took (none left: not done; never with Ways
 *      >= WPorts), so each write's victim is found in parallel; the line becomes valid, dirty
 *      and most recent. A dirty victim leaves on eviction port k the next cycle with its data
 *      of the start of the cycle (ev_valid, ev_warp, ev_reg, ev_data: the main RF writes it)
 *      unless a last-use read of this cycle dropped it; a clean one is overwritten. A miss
 *      with a partial mask is not allocated, nor is any write naming the slot a flush of
 *      this cycle names (step 4): wr_done[k] (combinational) is 0 and the requester writes
 *      the main RF (a line always holds every lane).
 *   3. warp-invalidate inv_*: every line of warp inv_warp is dropped (the warp finished: its
 *      registers are dead, nothing is written back).
 *   4. flush fl_* (per-warp partition, a warp leaving the pool): the lines of slot fl_slot's
 *      sets: clean ones are dropped; dirty ones leave on the eviction ports step 2 left free,
 *      in line order, one per port, and the rest wait. No write of the cycle touches these
 *      lines (step 2), so the choice needs only the start-of-cycle state and this cycle's
 *      drops.
 *      fl_done (combinational, from the state) says the slot holds no valid line; the
 *      requester holds fl_valid until then.
 * Counters: tag checks (every read and write lookup), read hits, read misses, writes (done),
 * evictions (dirty write-backs), invalidations (lines dropped by steps 1 and 3), flushed lines.
 * State views valid, dirty, tag_warp, tag_reg and lru per line (line = set x Ways + way). */
#ifndef GPURF_RC_H
#define GPURF_RC_H
#include "cfg.h"
#include "ports.h"

#define RC_MAX_LINES 256
#define RC_MAX_RPORTS 8
#define RC_MAX_WPORTS 4

#define RC_PARAMS(P)                                                                               \
    P(Lanes, lanes)                                                                                \
    P(Lines, lines)                                                                                \
    P(Ways, ways)                                                                                  \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)                                                                         \
    P(Pool, pool)                                                                                  \
    P(RPorts, rports)                                                                              \
    P(WPorts, wports)                                                                              \
    P(Index, index)                                                                                \
    P(Partition, partition)

typedef struct {
#define P(V, f) unsigned f;
    RC_PARAMS(P)
#undef P
    unsigned sets, psets, warp_bits, reg_bits, slot_bits, way_bits;
} rc_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rc_ports.def"
#undef IN
#undef OUT
} rc_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rc_ports.def"
#undef IN
#undef OUT
} rc_out_t;

/* a line sent back to the main register file */
typedef struct {
    uint8_t valid;
    uint32_t warp, reg;
    uint32_t data[GPURF_MAX_LANES];
} rc_evict_t;

typedef struct {
    rc_cfg_t c;
    uint8_t valid[RC_MAX_LINES], dirty[RC_MAX_LINES], lru[RC_MAX_LINES];
    uint32_t warp[RC_MAX_LINES], reg[RC_MAX_LINES];
    uint32_t data[RC_MAX_LINES][GPURF_MAX_LANES];
    /* registered outputs: last cycle's read answers and evictions */
    uint8_t rsp_valid[RC_MAX_RPORTS], rsp_hit[RC_MAX_RPORTS];
    uint32_t rsp_data[RC_MAX_RPORTS][GPURF_MAX_LANES];
    rc_evict_t ev[RC_MAX_WPORTS];
    uint64_t tag_checks, read_hits, read_misses, writes, evictions, invalidations, flushed;
} rc_state_t;

extern const pt_table_t rc_port_table;

void rc_cfg_from_sm(const sm_cfg_t *sm, rc_cfg_t *c);
/* the per-warp, register-indexed variant of the preset's cache (block rc_pw) */
void rc_pw_cfg_from_sm(const sm_cfg_t *sm, rc_cfg_t *c);
void rc_cfg_derive(rc_cfg_t *c);
int rc_init(rc_state_t *s, const rc_cfg_t *c);
void rc_free(rc_state_t *s);
/* the set an access of (warp, reg, slot) indexes, or -1 (a slot outside the pool) */
int rc_set_of(const rc_cfg_t *c, uint32_t warp, uint32_t reg, uint32_t slot);
void rc_eval(rc_state_t *s, const rc_in_t *in, rc_out_t *out);
void rc_tick(rc_state_t *s, const rc_in_t *in);

#endif
