/* Scratchpad allocation (Bailey et al. Sec. III-B, after Gebhart et al. [5]): candidates per
 * register per strand, greedy selection with reductions, and the per-instruction map the
 * designs follow.
 *
 * Accesses of a register in a strand are taken in SIMT order, an instruction's reads before
 * its writes (half-step t = 2 x instruction + 1 for a write). Candidates:
 *   read   the upward-exposed reads (before the strand's first write of the register): the
 *          first read also fills the scratchpad from the backing store;
 *   write  from the first write to the last read after it, rewrites allowed; live-out when
 *          the value lives past the range (liveness after the tail, unless the tail
 *          instruction overwrites every lane): written back to the backing store after it.
 * Legal only if the head dominates and the tail post-dominates every covered access within
 * the strand, every write between them is covered (ranges are contiguous in the access list),
 * no covered write is a global load's, and a write allocation's head write never ran under a
 * partial mask (the scratchpad must hold every lane).
 * Selection: saving = main-RF energy avoided - scratchpad accesses, fill and write-back;
 * score = saving / range length (instructions); greedy in score order (ties: lower head PC).
 * A legal candidate with a positive saving is mapped to the first scratchpad register free
 * over its whole range (half-steps from its head to its tail, one more for a live-out
 * write-back, so a register freed by a final read may take that instruction's result), unless
 * a mapped candidate already covers one of its accesses (then it is dropped). Else
 * it is reduced and the reductions reinserted: a write allocation drops tail accesses one at
 * a time, then restarts from its second write; a read allocation of N reads becomes every run
 * of N-1 consecutive reads, then (when none of those maps) N-2, ... down to 2. The accesses a
 * mapped reduction left out become new candidates (regenerated); the other runs of a mapped
 * run's level are withdrawn (the regenerated candidates cover their accesses). */
#ifndef GPURF_RSPALLOC_H
#define GPURF_RSPALLOC_H
#include "cmodel/cfg.h"
#include "liveness.h"
#include "strands.h"
#include <stdio.h>

/* per-access energies the selection weighs (fJ) */
typedef struct {
    double mrf_read, mrf_write, rsp_read, rsp_write;
} rsp_energy_t;

/* what allocations may be selected (hybrid-lifetime: only whole lifetimes) */
typedef struct {
    unsigned regs;           /* scratchpad registers per warp */
    int no_read, no_liveout; /* no read allocations; no live-out write allocations */
} rsp_rules_t;

enum { CAND_READ, CAND_WRITE };
enum { HOW_INITIAL, HOW_TAIL, HOW_RESTART, HOW_RUN, HOW_REGEN };
/* what became of a candidate: mapped, or the first rule that refused it (the order of the
 * checks): the design's rules (hybrid-lifetime), a write allocation whose head is not a write
 * or ran under a partial mask, an access its head does not dominate or its tail not
 * post-dominate (control flow), a global load's write, no energy saved, no scratchpad register
 * free over its range, an access another mapped candidate covers; WHY_OPEN: not yet taken */
#define RSP_WHY(X) X(open) X(mapped) X(rule) X(mask) X(flow) X(global_load) X(saving) X(no_register) X(covered)
enum {
#define X(n) WHY_##n,
    RSP_WHY(X)
#undef X
    WHY_N
};

typedef struct {
    unsigned strand, reg, lo, hi; /* accesses lo..hi of the register's list in the strand */
    int kind, live_out, legal;
    int how;                      /* HOW_*: where it came from */
    int why;                      /* WHY_*: what became of it */
    int parent;                   /* the candidate it was reduced from, or -1 */
    double saving, score;
    unsigned head, tail;          /* pcs indices */
    int slot;                     /* the scratchpad register it was mapped to, or -1 */
} rsp_cand_t;

typedef struct {
    unsigned i;                   /* pcs index */
    uint8_t write, idx;           /* read of source idx, or write of destination idx */
    uint8_t mapped;               /* a mapped candidate covers it */
} rsp_acc_t;

/* per static instruction: how its operands use the scratchpad (-1: the backing store) */
typedef struct {
    int8_t src[INST_MAX_SRC];     /* scratchpad register a source reads */
    uint8_t fill;                 /* bit s: source s also fills its scratchpad register */
    uint8_t src_end, dst_end;     /* bit s / d: the access ends its allocation (no write-back):
                                     the scratchpad register is free after it */
    int8_t dst[INST_MAX_DST];     /* scratchpad register a destination writes */
    uint8_t wb_n;                 /* live-out write-backs after this instruction */
    uint8_t wb_reg[INST_MAX_DST + INST_MAX_SRC], wb_slot[INST_MAX_DST + INST_MAX_SRC];
} rsp_map_t;

typedef struct {
    rsp_cand_t *c;                /* every candidate considered, mapped or not */
    unsigned nc, cap;
    rsp_map_t *map;               /* per pcs index */
    unsigned mapped, reductions, regenerated;
    /* the initial candidates (a register's reads before its first write in a strand, its
     * first write to its last read) by what became of them (WHY_*): candidates and the
     * accesses they cover; a refused one may still be served by a reduction */
    unsigned why_cands[WHY_N], why_accesses[WHY_N];
} rspalloc_t;

/* the energy model's per-access energies (sim/energy/energy.h): a main-RF bank's, the
 * scratchpad's at its capacity (active_pool x rsp_regs per scheduler; energy_kb prices only the
 * run); 0, or -1 with a message naming the field */
int rsp_energy_of(const sm_cfg_t *c, rsp_energy_t *e, char *err, size_t n);

int rspalloc_run(const prog_t *p, const strands_t *st, const liveness_t *lv,
                 const rsp_energy_t *e, const rsp_rules_t *r, rspalloc_t *a, char *err, size_t n);
void rspalloc_free(rspalloc_t *a);
/* dead-operand bits over the backing-store accesses the allocation leaves (Bailey et al. Sec.
 * III-A2's hints for the register cache): a scratchpad-served read is no use, a fill is one,
 * a live-out write-back is a definition after its instruction, a scratchpad write defines
 * nothing in the backing store. dead[i] bit s: source s of instruction i is the last use of
 * its backing-store value. -1 when out of memory */
int rspalloc_backing_dead(const prog_t *p, const rspalloc_t *a, uint32_t *dead);
const char *rsp_how_name(int how);
const char *rsp_why_name(int why);

#endif
