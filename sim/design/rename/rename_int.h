/* Design `rename`: cross-warp register renaming (Jeon and Annavaram, ../shared/papers/001).
 *
 * Per sub-core: the register file addressed by physical register id (block rf_phys, the rf's
 * flat mode), collectors with physical-id fields (ocu_phys), the renaming table (rnt, Sec.
 * 6.1), the availability flags and allocator (avail, Secs. 6.1, 7.2) and the release-flag
 * cache (rflc, Sec. 6.2).
 *  - Compiler (sim/pass/release.h): pir bits per source slot, pbr lists at reconvergence
 *    points, the exempt registers of the 1 KB constraint (Sec. 7.1). A renamable register has
 *    an index below the kernel's renamable count (the rnt's `regs`); an exempt one a physical
 *    register reserved for every usable warp slot when the kernel starts, in the baseline's
 *    bank of (slot, register), rows from 0 up in slot order (a reservation at a warp's launch
 *    could find its id taken by another warp's renamed register). Usable slots: those the rnt
 *    holds (entries / renamable count) and the baseline's registers fit, so that no bank
 *    holds more registers than under the baseline and an allocation always finds one.
 *  - Flag instructions (flags.c): before the first instruction of a block the warp issues the
 *    block's pbrs (each waits on the scoreboard for its registers), then at each group of
 *    rn_pir_slots instructions its pir: the rflc is looked up (one warp per cycle); a hit
 *    gives the flags without issuing the pir, a miss issues it (an issue slot) and fills the
 *    rflc. The flags used are the cached or decoded word's; they are checked against the pass.
 *  - Rename stage (stage.c), RN_STAGE entries per sub-core, like LTRF's WCB lookup stage: an
 *    issued instruction's renamable registers are looked up in the rnt (oldest entry first);
 *    a source found unmapped that the warp has written stops the run (exit 1, naming the pc
 *    that released it); an unmapped destination takes a free register from avail (bank-aware:
 *    the baseline's bank of (warp, register)) and is mapped (Fig. 7 steps 1-2), at issue, or
 *    with rn_alloc = writeback when its result reaches the write-back queue's head (Sec. 4.2);
 *    a mapped destination keeps its mapping (diverged flows; an instruction releasing and
 *    writing one register). Sources whose pir bit is set are unmapped once looked up; the
 *    entry takes a collector when every register is translated and unmapped.
 *  - Release: an unmapped physical register is freed once no read or write of it is pending
 *    (counted per physical register from translation to operand read / write grant). A pbr's
 *    unmaps queue; a younger lookup of the same register waits for them. An exited warp's
 *    entries are drained (rn_banks per cycle, in cycles without an rnt write) before its slot
 *    takes a new warp; a mapping left after the drain stops the run.
 *  - Checks (exit 1): the rnt's answers against the design's record of its writes; a
 *    physical register mapped twice or mapped while free; a free refused by avail; a read of
 *    lanes a new mapping under a partial mask left in the released register (a release the
 *    diverged flow still needed: the value check sees it only once another value overwrote
 *    that physical register). */
#ifndef GPURF_RENAME_INT_H
#define GPURF_RENAME_INT_H
#include "cmodel/avail.h"
#include "cmodel/ocu.h"
#include "cmodel/rf.h"
#include "cmodel/rflc.h"
#include "cmodel/rnt.h"
#include "core/age.h"
#include "core/core.h"
#include "pass/release.h"
#include <stdlib.h>
#include <string.h>

#define RN_STAGE 4          /* rename-stage entries per sub-core */
#define RN_NONE 0xffffu     /* no physical register */
#define RN_REGS (INST_MAX_SRC + INST_MAX_DST)
#define RN_UTIL_WINDOW 10000 /* Fig. 2: utilization over the first 10K cycles */
#define RN_LOG_EVERY 100     /* --reg-log: a line every this many cycles */

#define RENAME_STATS(S)                                                                            \
    S(stall_rename, "scheduler-cycles with warps waiting only for the renaming logic")       \
    S(rn_stage_full, "cycles an issue found every rename-stage entry taken")                  \
    S(rn_lookups, "renaming-table lookups granted")                                          \
    S(rn_lookup_conflicts, "renaming-table lookups that lost their bank (request-cycles)")   \
    S(rn_maps, "renaming-table maps (physical registers given to a destination)")            \
    S(rn_unmaps, "renaming-table unmaps (pir and pbr releases)")                             \
    S(rn_drained, "mappings cleared by warp-exit drains")                                    \
    S(rn_write_conflicts, "renaming-table writes that lost their bank (request-cycles)")     \
    S(rn_alloc_refused, "allocation requests avail could not serve (request-cycles)")        \
    S(rn_frees, "physical registers freed")                                                  \
    S(rn_unmapped_reads, "sources read while unmapped and never written (not checked)")      \
    S(rn_pir_releases, "source registers released by pir bits")                              \
    S(rn_pbr_releases, "registers released by pbrs")                                         \
    S(rn_pirs, "pir instructions issued (release-flag-cache misses)")                        \
    S(rn_pbrs, "pbr instructions issued")                                                    \
    S(rflc_hits, "release-flag-cache lookups that hit (pir skipped)")                        \
    S(rflc_misses, "release-flag-cache lookups that missed")                                 \
    S(rflc_fills_refused, "missed pirs not cached: every entry in use")                      \
    S(phys_peak, "most physical registers allocated at once, summed over sub-cores")         \
    S(phys_distinct, "physical register ids ever allocated (Fig. 9)")                        \
    S(reserved_peak, "most registers the baseline reserves at once (resident warps x regs)") \
    S(reg_cycles_alloc, "register-cycles allocated (register-level gating: on while allocated)") \
    S(reg_cycles_reserved, "register-cycles the baseline reserves (resident warps x registers)") \
    S(reg_cycles_all, "register-cycles of the whole register file (no gating)")              \
    S(mapped_cycles, "renaming-table entries valid, summed over cycles")                     \
    S(sa_cycles_on, "sub-array-cycles on (sub-array gating: on while a row is allocated)")   \
    S(base_reg_cycles_on, "baseline register gating: register-cycles on (first write to kernel end)") \
    S(base_sa_cycles_on, "baseline sub-array gating: sub-array-cycles on (first write to kernel end)") \
    S(util_live_10k, "Fig. 2: allocated register-cycles in the first 10K cycles")            \
    S(util_reserved_10k, "Fig. 2: reserved register-cycles in the first 10K cycles")         \
    S(static_pj_all, "register-file leakage without gating (pJ)")                             \
    S(static_pj_reg, "leakage with register-level gating on the renamed registers (pJ)")     \
    S(static_pj_subarray, "leakage with sub-array-level gating on the renamed registers (pJ)") \
    S(static_pj_base_reg, "leakage with the baseline's register-level gating (pJ)")          \
    S(static_pj_base_subarray, "leakage with the baseline's sub-array-level gating (pJ)")    \
    S(static_pj_retention, "the baseline's gated registers at retention voltage (pJ)")       \
    S(rnt_static_pj, "renaming-table leakage (pJ)")                                          \
    S(rnt_dynamic_pj, "renaming-table access energy: lookups, maps, unmaps, drains (pJ)")    \
    S(exempt_regs, "registers exempted from renaming (Sec. 7.1), summed over kernels")       \
    S(static_insts, "static instructions of the kernels")                                   \
    S(static_flag_insts, "static pir and pbr instructions the pass inserted")

STATS_STRUCT(rename_stats_t, RENAME_STATS);

/* the state of one register of a rename-stage entry */
enum { RG_LOOKUP, RG_ASKED, RG_ALLOC, RG_MAP, RG_UNMAP, RG_DONE };

typedef struct {
    int valid;
    unsigned flight;
    uint64_t seq;
    unsigned n;
    uint8_t reg[RN_REGS], st[RN_REGS];
    uint8_t src[RN_REGS], dst[RN_REGS], rel[RN_REGS];
    uint16_t phys[RN_REGS];
} rn_entry_t;

/* a result in the write-back queue whose destination waits for a register (rn_alloc =
 * writeback): one per avail allocation port, taken by the queue's unmapped results oldest
 * first, so a result that needs no register never waits for one */
#define RN_WB_MAX AVAIL_MAX_PORTS
typedef struct {
    int active;
    unsigned flight, d;
    int st;                       /* RG_ALLOC, RG_MAP */
    uint16_t phys;
} rn_wbmap_t;

/* a flight's physical registers: its distinct sources (read-pending counts) and destinations */
typedef struct {
    unsigned nsrc;
    uint16_t src[RN_REGS];
    uint16_t dst[INST_MAX_DST];
} rn_fphys_t;

/* the flag instructions a warp's next instruction waits for */
enum { PIR_NONE, PIR_LOOKUP, PIR_ISSUE };

typedef struct {
    int live, draining;
    uint32_t flag_dyn;            /* dynamic instruction whose flag instructions are handled */
    unsigned pbr_left, pbr_next;  /* pbrs of the block still to issue; the next one's index */
    int pir;                      /* PIR_* */
    unsigned group;               /* static index of the pir group's first instruction */
    uint64_t gflags;              /* the group's 54 flag bits (from the rflc or the pir) */
    int next_pidx;                /* static index of instruction flag_dyn */
    regset_t unmapping;           /* registers with a pbr's unmap queued */
    uint16_t map[256];            /* the design's record of the rnt: physical id or RN_NONE */
    uint32_t rel_pc[256];         /* pc of the last instruction that released the register */
    uint32_t lost[256];           /* lanes a new mapping under a partial mask left behind */
    uint32_t lost_pc[256];        /* the instruction whose new mapping lost them */
} rn_warp_t;

typedef struct {
    uint16_t warp;                /* local */
    uint8_t reg;
} rn_ref_t;

enum { SETUP_NONE, SETUP_FREE, SETUP_RESERVE };

typedef struct {
    ls_inst_t *rf, *rnt, *av, *fc;
    const rf_out_t *rfo;
    const rnt_out_t *ro;
    const avail_out_t *ao;
    const rflc_out_t *fo;
    rn_entry_t e[RN_STAGE];
    uint64_t seq;
    queue_t unmap;                /* rn_ref_t: pbr unmaps */
    queue_t freeq;                /* uint16_t: physical registers to free */
    queue_t drainq;               /* unsigned: exited warps (local) to drain */
    int drain_gap;                /* a drain ended last cycle: drain_valid falls for a cycle */
    rn_wbmap_t wb[RN_WB_MAX];
    /* this cycle's port assignments: what each rnt / avail port carries */
    int lk_ent[RNT_MAX_PORTS], lk_reg[RNT_MAX_PORTS];
    int wr_kind[RNT_MAX_BANKS], wr_ent[RNT_MAX_BANKS], wr_reg[RNT_MAX_BANKS];
    int al_ent[AVAIL_MAX_PORTS], al_reg[AVAIL_MAX_PORTS];
    unsigned nfr;                 /* free ports driven */
    /* last cycle's granted lookups: port -> (entry, register) */
    int ans_ent[RNT_MAX_PORTS], ans_reg[RNT_MAX_PORTS];
    unsigned rflc_rr;             /* the next warp the rflc lookup considers */
    int fill_valid;               /* a pir to cache this cycle */
    int flush;                    /* a new kernel: the rflc's entries name the old program */
    unsigned fill_tag;
    uint64_t fill_flags;
    int setup;                    /* SETUP_*: exempt registers of the old kernel freed, new
                                     ones reserved */
    unsigned setup_pos;
    /* the design's record of physical registers */
    uint8_t *allocated, *released, *ever;
    uint16_t *owner_warp;
    uint8_t *owner_reg;
    uint32_t *preads, *pwrites;
    uint8_t *base_on, *base_sa_on; /* baseline gating: (warp, reg) location / sub-array on */
    uint64_t base_on_n, base_sa_n;
} rn_sc_t;

typedef struct {
    rename_stats_t st;
    rn_warp_t *w;
    rn_sc_t *sc;
    /* the current kernel's passes */
    int have;
    prog_t prog;
    release_t rel;
    uint8_t idx[256];             /* renamable index of each register, or 0xff when exempt */
    uint8_t eidx[256];            /* exempt index */
    unsigned renamable, usable;   /* rnt's regs; warp slots per sub-core the rnt holds */
    uint16_t *ephys, *old_ephys;  /* exempt registers per usable slot: [slot x nexempt + index]
                                     of this kernel and of the last (freed at setup) */
    unsigned nephys, old_nephys;
    rn_fphys_t *fp;               /* per flight: its physical registers */
    unsigned nfp;
    unsigned phys;                /* physical registers per sub-core */
    rf_cfg_t base_rf;             /* the baseline's register file (its bank rule) */
    uint64_t cycle_alloc, cycle_reserved; /* this cycle's, summed over the sub-cores so far */
    uint64_t cycle_mapped, cycle_sa;
    FILE *log;                    /* --reg-log */
} rn_t;

static inline rn_t *RN(const sm_t *sm) { return sm->dpriv; }
static inline rn_sc_t *RSC(const sm_t *sm, unsigned s) { return sm->sc[s].dpriv; }
static inline rn_warp_t *rw(const sm_t *sm, unsigned g) { return &RN(sm)->w[g]; }
static inline unsigned rn_global(const sm_t *sm, unsigned s, unsigned local)
{
    return local * sm->c.schedulers + s;
}
static inline int rn_pidx(const sm_t *sm, const inst_t *in)
{
    return prog_pc_index(&RN(sm)->prog, in->pc);
}
/* the exempt register's reserved physical register in warp slot `local` */
static inline unsigned rn_exempt_phys(const rn_t *t, unsigned local, unsigned reg)
{
    return t->ephys[local * t->rel.nexempt + t->eidx[reg]];
}
/* the baseline's bank of (warp, register), its rf's rule: bank-aware allocation keeps it */
static inline unsigned rn_base_bank(const sm_t *sm, unsigned local, unsigned r)
{
    return rf_bank_of(&RN(sm)->base_rf, local, r);
}
/* a check failed: exit 1 with the message (the first one only) */
void rn_fail(sm_t *sm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
rn_fphys_t *rn_fphys(sm_t *sm, unsigned f);

/* flags.c */
int rn_own_verdict(const sm_t *sm, unsigned g);
void rn_own_issue(sm_t *sm, unsigned s, unsigned g);
void rn_flags_refresh(sm_t *sm, unsigned g);
void rn_flags_front(sm_t *sm, unsigned s);
uint32_t rn_release_bits(sm_t *sm, unsigned g, const inst_t *in);
/* stage.c */
int rn_slot(const sm_t *sm, unsigned s, unsigned g);
void rn_issue(sm_t *sm, unsigned s, int slot, unsigned flight);
void rn_stage_answers(sm_t *sm, unsigned s);
void rn_stage_drive(sm_t *sm, unsigned s);
void rn_stage_outputs(sm_t *sm, unsigned s);
void rn_stage_allocate(sm_t *sm, unsigned s);
void rn_avail_drive(sm_t *sm, unsigned s, avail_in_t *in);
void rn_avail_outputs(sm_t *sm, unsigned s);
void rn_dispatched(sm_t *sm, unsigned s, unsigned flight);
void rn_phys_done(sm_t *sm, unsigned s, unsigned p);
/* front.c */
void rn_front(sm_t *sm, unsigned s);
/* an idle SM's cycle (design_ops_t.idle): every sub-core's per-cycle counters */
void rn_idle(sm_t *sm);
void rn_back(sm_t *sm, unsigned s);

#endif
