/* avail: the physical-register availability flags and allocator of cross-warp register
 * renaming (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7), one per sub-core: a bit per physical
 * register of the sub-core's register file. Physical register p lies in bank p mod Banks at
 * row p / Banks (the rf's flat mode); a bank's rows split evenly into Subarrays sub-arrays
 * (the power-gating unit, Sec. 4.4).
 *   alloc    al_*: each valid port gets a free register (al_gnt, al_id) or none; ports are
 *            served in order, each seeing the earlier ports' picks: a port with k earlier valid
 *            ports of its list (those of the same bank with bank_aware, else all) takes the
 *            list's (k+1)-th free register in the policy's order. With bank_aware the
 *            register must lie in bank al_bank (the baseline's bank of the warp's register,
 *            so renaming adds no bank conflicts). policy (an input the design ties to the
 *            preset's rn_policy, so that one circuit serves every policy; Sec. 7.2):
 *              consolidate (0) the lowest free row of the non-full sub-array with the most
 *                           allocated rows (ties: the lower sub-array, then the lower bank;
 *                           Fig. 7's choice of P0), so that whole sub-arrays stay off;
 *              spread (1)   the first free register at or after last + one sub-array's worth
 *                           of registers (wrapping), last the previous cycle's last grant (the
 *                           cursor moves once per cycle, so a cycle's ports take the first,
 *                           second ... free registers of their list from one start): wear
 *                           levelling;
 *              first (2, 3) the lowest free register.
 *   free     fr_*: the register becomes free at the edge; freeing one that is not allocated
 *            is refused and flagged (fr_err): the design stops on it.
 *   reserve  rs_*: the register becomes allocated at the edge (exempt registers at launch,
 *            Sec. 7.1); a reserve of an allocated register is ignored.
 * At the edge the flags become ((flags | granted) & ~freed) | reserved: allocations see the
 * flags before the edge's frees and reserves, a reserve beats a free of the same register.
 * Observations: allocated registers, sub-arrays with an allocated row (on), the last
 * register granted (spread's cursor). */
#ifndef GPURF_AVAIL_H
#define GPURF_AVAIL_H
#include "cfg.h"
#include "ports.h"

#define AVAIL_MAX_PORTS 16
#define AVAIL_MAX_PHYS 16384

#define AVAIL_PARAMS(P)                                                                            \
    P(PhysRegs, phys_regs)                                                                         \
    P(Banks, banks)                                                                                \
    P(Subarrays, subarrays)                                                                        \
    P(Ports, ports)

typedef struct {
#define P(V, f) unsigned f;
    AVAIL_PARAMS(P)
#undef P
    unsigned id_bits, bank_bits, sa_bits, rows, sa_rows;
    unsigned policy, bank_aware; /* the preset's: what the design drives */
} avail_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "avail_ports.def"
#undef IN
#undef OUT
} avail_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "avail_ports.def"
#undef IN
#undef OUT
} avail_out_t;

typedef struct {
    avail_cfg_t c;
    uint8_t used[AVAIL_MAX_PHYS];
    uint16_t sa_n[AVAIL_MAX_PHYS];  /* allocated rows per (bank, sub-array): bank x subarrays + sa */
    uint32_t nused, non;            /* allocated registers; sub-arrays with one */
    uint32_t last;
    uint64_t allocs, fails, frees, free_errs, reserves;
} avail_state_t;

extern const pt_table_t avail_port_table;

void avail_cfg_from_sm(const sm_cfg_t *sm, avail_cfg_t *c);
void avail_cfg_derive(avail_cfg_t *c);
int avail_init(avail_state_t *s, const avail_cfg_t *c);
void avail_free(avail_state_t *s);
void avail_eval(avail_state_t *s, const avail_in_t *in, avail_out_t *out);
void avail_tick(avail_state_t *s, const avail_in_t *in);

#endif
