/* ccu: caching collector unit (Malekeh Sec. 3.2, Fig. 2b; replacement Sec. 4.1, writes
 * Sec. 4.2). An operand collector (as ocu.h: one instruction, its source registers requested
 * from the banked register file, dispatch when every operand is ready) whose data slots form
 * a small cache of the warp's registers, the cache table (CT): per entry valid, tag (the
 * register), lock, near bit (the compiler's reuse-distance hint), true-LRU rank and data. The
 * operand collector table (OCT) points each source slot at a CT entry (repeated registers
 * share one).
 *
 * Ports (ccu_ports.def; RTL rtl/ccu.v). As ocu: alloc_* (plus alloc_near[s], the source's
 * hint), busy, rd_*, rd_gnt, rsp_*, disp_*, disp_ready; disp_data[s] is the entry's data once
 * slot s is ready, zero before. Additionally:
 *   wr_valid/warp/reg/near/data[p]  port D: result writes of the sub-core's write-back ports
 *                (the register file is always written; these only decide what the CCU keeps)
 *   rel_valid/warp  warp slot rel_warp took a new warp: a CCU the old warp owned is released
 *   r_valid/warp/near  port R: a warp owns the CCU, and whether a valid entry is near
 *   ct_* , lfsr  observation: the CT fields and the victim LFSR, for lockstep and waves
 *
 * One clock edge, in this order:
 *  1. responses: rd_gnt drops a slot's request; rsp_data[s] fills CT entry OCT[s] and readies
 *     every slot pointing at it;
 *  2. writes of the owning warp, in port order: the first Dports near writes are kept (a hit
 *     updates the entry, near; a miss takes a victim, near, unlocked; a miss with every entry
 *     locked, possible only when Slots = MaxSrcs, is not kept and takes no D port); any other
 *     write that hits invalidates the entry (else a later hit would read a stale value).
 *     At an edge allocating to the owning warp, a miss takes no entry holding a register a
 *     source names, and a miss to a register a source names is not kept (the sources'
 *     lookups do not wait for the writes' victims). Writes of another warp leave the CCU
 *     alone;
 *  3. release (rel_valid, rel_warp the owner): the CCU is owned by no warp, every entry
 *     invalid and far (a warp launched into the slot must not see the old one's registers);
 *  4. dispatch (busy, every slot ready, disp_ready): locks clear, the unit frees;
 *  5. allocation (alloc_valid when free or dispatching): a different warp flushes the CT
 *     (a flush beats the old warp's writes of the same edge); every source register is looked
 *     up (Sec. 3.2 step 3) and, source slot by slot: a hit is ready, its entry locked, its near
 *     bit the hint (the largest for a repeated register) and its LRU rank touched; a miss waits
 *     for its entry (the first source of a register is requested at once); set the OCT;
 *  6. the LFSR steps (x^16 + x^14 + x^13 + x^11 + 1, from the seed at reset).
 * Placement (Sec. 3.2 step 4, pipelined for the clock): at the edge after an allocation,
 * before step 1, the waiting sources take their entries slot by slot: a register's first
 * source the next victim (valid, its register, locked, near the register's largest hint), a
 * repeated one its first source's entry; each touches its LRU rank. The placement's victims,
 * and those of the writes of its edge, follow the victim order as the allocation edge began
 * (every entry invalid when that edge flushed or released the table), skipping the entries
 * that edge's writes kept. No response can come
 * before it (requests leave after the allocation edge), and the instruction cannot dispatch at
 * it (the waiting sources are not ready), so no allocation meets a placement. A source's
 * request names its register (rd_reg, latched at allocation).
 * The LRU touches of an edge: the placement's or the allocation's, in slot order, then the
 * kept writes', in port order.
 * Hints (alloc_near, wr_near, the CT's near field) are NearBits wide: a closeness, 0 = far,
 * larger = reused sooner (NearBits = 1: the paper's near bit; > 1: its "precise" variant, a
 * saturating reuse distance). A repeated register keeps the largest; a write is near when
 * its closeness is not 0.
 * Victim: the lowest invalid unlocked entry; else, NearBits = 1, the first unlocked far entry
 * at or after lfsr % Slots (cyclically), else the unlocked entry with the largest LRU rank;
 * NearBits > 1, the unlocked entry of the smallest closeness, the largest LRU rank among
 * equals. A write's victim is chosen in that order as the writes begin (at a placement
 * edge: the placement's), among the entries no earlier write of the edge kept (hit or took).
 * Never a
 * locked entry (Slots >= MaxSrcs guarantees one). LRU ranks are a permutation, 0 = most
 * recently used; touching entry e moves every rank below e's up by one and e's to 0; reset
 * gives entry i rank i; a flush or invalidation keeps ranks. In the SM no write hits a locked
 * entry (the scoreboard keeps a pending result from being an issued instruction's source);
 * if one does, rule 2 applies all the same and the entry stays locked. */
#ifndef GPURF_CCU_H
#define GPURF_CCU_H
#include "cfg.h"
#include "ports.h"

#define CCU_MAX_SRCS 16
#define CCU_MAX_SLOTS 16
#define CCU_MAX_WB 8

#define CCU_PARAMS(P)                                                                              \
    P(Lanes, lanes)                                                                                \
    P(MaxSrcs, max_srcs)                                                                           \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)                                                                         \
    P(Slots, slots)                                                                                \
    P(WbPorts, wb_ports)                                                                           \
    P(DPorts, dports)                                                                              \
    P(LfsrSeed, lfsr_seed)                                                                         \
    P(NearBits, near_bits)

typedef struct {
#define P(V, f) unsigned f;
    CCU_PARAMS(P)
#undef P
    unsigned warp_bits, reg_bits, idx_bits;
} ccu_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "ccu_ports.def"
#undef IN
#undef OUT
} ccu_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "ccu_ports.def"
#undef IN
#undef OUT
} ccu_out_t;

typedef struct {
    ccu_cfg_t c;
    uint8_t busy, owned;               /* holds an instruction; metadata valid */
    uint32_t warp, info;
    /* cache table */
    uint8_t valid[CCU_MAX_SLOTS], lock[CCU_MAX_SLOTS], near[CCU_MAX_SLOTS], lru[CCU_MAX_SLOTS];
    uint32_t tag[CCU_MAX_SLOTS];
    uint32_t data[CCU_MAX_SLOTS][GPURF_MAX_LANES];
    /* operand collector table */
    uint8_t sv[CCU_MAX_SRCS], idx[CCU_MAX_SRCS], pend[CCU_MAX_SRCS], rdy[CCU_MAX_SRCS];
    /* a missing source waiting for its entry; its register and the register's largest hint */
    uint8_t wait[CCU_MAX_SRCS], nh[CCU_MAX_SRCS];
    uint32_t src[CCU_MAX_SRCS];
    /* the placement's victim order: the table as the allocation edge began (every entry
     * invalid after a flush or release) and the entries that edge's writes kept */
    uint8_t pv_valid[CCU_MAX_SLOTS], pv_near[CCU_MAX_SLOTS], pv_lru[CCU_MAX_SLOTS];
    uint8_t pv_kept[CCU_MAX_SLOTS];
    uint16_t pv_lfsr;
    uint16_t lfsr;
    /* activity counters */
    uint64_t allocs, dispatches, hits, misses, dup_reads_saved, flushes, releases;
    uint64_t wr_kept, wr_dropped_far, wr_dropped_port, wr_dropped_locked, wr_dropped_read;
    uint64_t wr_invalidated;
} ccu_state_t;

extern const pt_table_t ccu_port_table;

void ccu_cfg_from_sm(const sm_cfg_t *sm, ccu_cfg_t *c);
void ccu_cfg_derive(ccu_cfg_t *c);
int ccu_init(ccu_state_t *s, const ccu_cfg_t *c);
void ccu_free(ccu_state_t *s);
void ccu_eval(ccu_state_t *s, const ccu_in_t *in, ccu_out_t *out);
void ccu_tick(ccu_state_t *s, const ccu_in_t *in);
/* the entry the next victim selection picks (for tests and views); Slots when every entry is
 * locked */
unsigned ccu_victim(const ccu_state_t *s);

#endif
