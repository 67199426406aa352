/* rnt: the renaming table of cross-warp register renaming (Jeon and Annavaram Sec. 6.1, Eq.
 * 1, Sec. 7.1), one per sub-core. Entry (warp, idx) holds a physical register id and a valid
 * bit (Eq. 1 counts no valid bit); idx is the warp's renamable-register index (exempt
 * registers have none, Sec. 7.1) below `regs`, the kernel's renamable count. `regs` is a
 * launch setting, registered: the table uses the regs input of the previous edge (the RTL
 * keeps every warp's base warp * regs in a register, so no multiply lies in a cycle). The
 * entry's address is warp * regs + idx; its bank is the address mod Banks (addresses interleave, so
 * an instruction's consecutive registers fall in different banks), and an address beyond
 * Entries is never granted.
 *
 * Each bank serves one lookup and one write per cycle (Sec. 6.1: conflicts serialize):
 *   lookups  lk_*: the lowest-numbered port wins its bank; ports reading the entry the
 *            winner reads share the read. A granted lookup answers at the next cycle
 *            (lk_rsp_*: mapped = the valid bit, the physical id or 0 when unmapped), reading
 *            the table before this cycle's writes.
 *   writes   wr_*: map (valid := 1, phys) or unmap (valid := 0); the lowest-numbered port
 *            wins its bank; wr_old_* give the granted entry's content before the write (an
 *            unmap's freed physical register; 0 when it was not valid).
 *   drain    drain_valid, drain_warp: clears the warp's entries (Sec. 6: a warp's mappings
 *            leave before its slot is reused), Banks consecutive indices per cycle in a cycle
 *            without a write request, reporting each valid entry it clears (drain_free_*, by
 *            slot); drain_done once every index is past. The cursor restarts when drain_valid
 *            falls.
 *   mapped   the number of valid entries.
 * Entries = rn_table_bits / schedulers / PhysBits rounded down to a multiple of Banks (Eq. 1's
 * budget per sub-core), or NumWarps x ArchRegs when rn_table_bits is 0. */
#ifndef GPURF_RNT_H
#define GPURF_RNT_H
#include "cfg.h"
#include "ports.h"

#define RNT_MAX_PORTS 16
#define RNT_MAX_BANKS 16

#define RNT_PARAMS(P)                                                                              \
    P(NumWarps, num_warps)                                                                         \
    P(ArchRegs, arch_regs)                                                                         \
    P(PhysRegs, phys_regs)                                                                         \
    P(Entries, entries)                                                                            \
    P(Banks, banks)                                                                                \
    P(LkPorts, lk_ports)

typedef struct {
#define P(V, f) unsigned f;
    RNT_PARAMS(P)
#undef P
    unsigned warp_bits, idx_bits, phys_bits, ent_bits;
} rnt_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rnt_ports.def"
#undef IN
#undef OUT
} rnt_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rnt_ports.def"
#undef IN
#undef OUT
} rnt_out_t;

typedef struct {
    rnt_cfg_t c;
    uint8_t *valid;
    uint16_t *phys;
    uint32_t rsp_valid[RNT_MAX_PORTS], rsp_mapped[RNT_MAX_PORTS], rsp_phys[RNT_MAX_PORTS];
    uint32_t dcur, mapped;
    uint32_t regs; /* regs_i of the last edge: the layout in use */
    uint64_t lookups, conflicts, maps, unmaps, drained;
} rnt_state_t;

extern const pt_table_t rnt_port_table;

void rnt_cfg_from_sm(const sm_cfg_t *sm, rnt_cfg_t *c);
void rnt_cfg_derive(rnt_cfg_t *c);
int rnt_init(rnt_state_t *s, const rnt_cfg_t *c);
void rnt_free(rnt_state_t *s);
void rnt_eval(rnt_state_t *s, const rnt_in_t *in, rnt_out_t *out);
void rnt_tick(rnt_state_t *s, const rnt_in_t *in);

#endif
