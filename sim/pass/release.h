/* Register release points of cross-warp register renaming (Jeon and Annavaram, Secs. 4.3, 5,
 * 7.1) on the recovered CFG, from liveness (its lane-accurate kill rule: a write some warp ran
 * with fewer lanes than its warp has kills nothing) and the post-dominator tree:
 *   - pir bits: source slot s of an instruction releases its register after the read when
 *     liveness calls it dead, except in the region of a block B with several successors (the
 *     blocks reachable from B before its immediate post-dominator, B's reconvergence point):
 *     there no register live out of B is released (Fig. 4(b)-(d)). Slots >= pir_bits are
 *     counted in `lost`, not released.
 *   - pbr lists: the registers live out of such a B but not into ipdom(B), released at the
 *     start of ipdom(B) (Fig. 4(b)-(e)) unless an enclosing region holds them (then its own
 *     reconvergence point releases them); with no ipdom in the kernel they are released when
 *     the warp exits.
 *   - flag instructions: before each block, its pbrs (floor(54 / id_bits) registers each),
 *     then one pir per started group of pir_slots instructions (Sec. 5.1).
 *   - renaming constraint (Sec. 7.1): when warps x registers x clog2(physical) exceeds
 *     table_bits, registers are exempted, the longest mean lifetime first (static instructions
 *     from a write to the next release point in PC order, or to the kernel's end), ties: more
 *     static writes first, then the lower register. Registers the kernel never writes have an
 *     unbounded lifetime; registers of its count it never names have none (exempted last, so
 *     that the table always fits). */
#ifndef GPURF_RELEASE_H
#define GPURF_RELEASE_H
#include "cmodel/cfg.h"
#include "liveness.h"
#include "postdom.h"

#define RL_FLAG_BITS 54 /* a flag instruction's payload: 64 bits less the 10-bit opcode */
#define RL_OPC_PIR 0x3e1u
#define RL_OPC_PBR 0x3e2u

typedef struct {
    unsigned pir_bits;   /* release bits per instruction (3) */
    unsigned pir_slots;  /* instructions per pir (18) */
    unsigned id_bits;    /* register id bits in a pbr (6) */
    unsigned table_bits; /* renaming-table budget in bits, 0 = no limit: the table's entries
                            (rounded as the rnt holds them) x phys_bits, every sub-core */
    unsigned warps;      /* Eq. 1's warps: the most a sub-core holds at once, x sub-cores */
    unsigned phys_bits;  /* clog2(physical registers), Eq. 1 */
    int lv_rule;         /* LV_*: liveness's kill rule (LV_PARTIAL_KILLS: a deliberate fault) */
} release_cfg_t;

typedef struct {
    release_cfg_t c;
    liveness_t lv;
    postdom_t pd;
    uint32_t *pir;       /* per static instruction: bit s = release source slot s after reading */
    regset_t *pbr;       /* per basic block: released at its start */
    regset_t *hold;      /* per basic block: registers its instructions must not release */
    unsigned *npbr;      /* per basic block: pbr instructions before it */
    unsigned *npir;      /* per basic block: pir instructions in it */
    unsigned pirs, pbrs, pbr_regs; /* flag instructions and registers named by pbrs */
    unsigned releases;   /* pir bits set */
    unsigned lost;       /* dead source slots beyond pir_bits */
    unsigned held;       /* dead source slots a region holds */
    double lifetime[256];
    unsigned writes[256];
    regset_t exempt;     /* registers never renamed (Sec. 7.1) */
    unsigned nexempt, regs;
    uint64_t eq1_full, eq1_constrained; /* Eq. 1 in bits, before and after the exemptions */
} release_t;

/* Eq. 1's warps for kernel k on preset c: the most warps a sub-core holds at once (warp slots,
 * register rows, the blocks' slots and shared memory), x sub-cores, so that the table holds
 * every warp the baseline runs (the exemptions, not a lower warp count, meet the budget) */
unsigned release_occupancy(const sm_cfg_t *c, const kernel_t *k);
/* the pass's configuration for kernel k on preset c: the preset's rn_* keys, the kernel's
 * occupancy and Eq. 1's id width (clog2 of a sub-core's physical registers) */
release_cfg_t release_cfg_of(const sm_cfg_t *c, const kernel_t *k, int lv_rule);

/* 0, or -1 with a message (a register wider than id_bits names file, line and field) */
int release_run(const prog_t *p, const release_cfg_t *c, release_t *r, char *err, size_t n);
void release_free(release_t *r);

/* 64-bit flag words: opcode bits 9..6 at 63..60 and 5..0 at 5..0 (Fermi's split opcode),
 * payload at 59..6. pir: slot i's flags at 6 + 3i, source 0 the lowest. pbr: register k at
 * 6 + k * id_bits, unused ids all ones (RZ). */
uint64_t release_pir_word(const uint32_t *flags, unsigned count, unsigned pir_bits);
uint64_t release_pbr_word(const uint8_t *regs, unsigned count, unsigned id_bits);
unsigned release_word_opcode(uint64_t w);
void release_pir_decode(uint64_t w, unsigned pir_bits, uint32_t *flags, unsigned slots);
unsigned release_pbr_decode(uint64_t w, unsigned id_bits, uint8_t *regs);

#endif
