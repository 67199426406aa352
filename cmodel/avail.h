/* avail: the physical-register availability flags and allocator of cross-warp register
 * renaming (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7), one per sub-core: a bit per physical
 * register of the sub-core's register file. Physical register p lies in bank p mod Banks at
 * row p / Banks (the rf's flat mode); a bank's rows split evenly into Subarrays sub-arrays
 * (the power-gating unit, Sec. 4.4). Group g = sa x Banks + b is sub-array sa of bank b.
 *   lists    with bank_aware, list b holds bank b's groups (the baseline's bank of the
 *            warp's register, so renaming adds no bank conflicts); without, list 0 holds every
 *            group and lists 1 .. Banks-1 none. A request for bank al_bank is served from
 *            list al_bank (bank_aware) or 0.
 *   window   each list has a registered window: one group chosen at the previous edge (or
 *            none), from the flags as they stood before that edge. policy (an input the
 *            design ties to the preset's rn_policy, so that one circuit serves every policy;
 *            Sec. 7.2):
 *              consolidate (0) the list's non-full group with the most allocated rows (ties:
 *                           the lower group, i.e. the lower sub-array, then the lower bank;
 *                           Fig. 7's choice of P0), so that whole sub-arrays stay off; the rows
 *                           are counted in the flags a cycle older still (the counts are a
 *                           pipeline stage: a 32-row count and the comparisons do not fit
 *                           one cycle with the choice);
 *              spread (1)   the list's first non-full group after the group of the list's
 *                           last grant, cyclically in group order (the paper's "lastly
 *                           allocated" id, kept per list as its group): wear levelling;
 *              first (2, 3) the list's lowest non-full group.
 *            After reset every list's window is group L (sub-array 0 of bank L).
 *   alloc    al_*: a valid port with k earlier valid ports of its list takes the (k+1)-th
 *            free row (lowest first, in the flags before the edge) of its list's window
 *            (al_gnt, al_id); when the window has fewer free rows, or the list none, the
 *            port is refused for the cycle (the SM retries). Ports are thus served as in
 *            turn, each after the earlier ports' picks, within one group per list per cycle.
 *            A window that is not its list's group (bank_aware changed since it was chosen)
 *            serves nothing.
 *   free     fr_*: the register becomes free at the edge; freeing one that is not allocated
 *            is refused and flagged (fr_err): the design stops on it.
 *   reserve  rs_*: the register becomes allocated at the edge (exempt registers at launch,
 *            Sec. 7.1); a reserve of an allocated register is ignored.
 * At the edge the flags become ((flags | granted) & ~freed) | reserved: allocations see the
 * flags before the edge's frees and reserves, a reserve beats a free of the same register.
 * The window is chosen a cycle ahead so that a grant is a search of one group's rows (a
 * 1 GHz path); the cost is a refused cycle when a window fills or empties of free rows
 * before the next choice sees it.
 * Observations: allocated registers and sub-arrays with an allocated row (on), both of the
 * flags a cycle before (the registered counts); each list's window (win, win_ok). */
#ifndef GPURF_AVAIL_H
#define GPURF_AVAIL_H
#include "cfg.h"
#include "ports.h"

#define AVAIL_MAX_PORTS 16
#define AVAIL_MAX_PHYS 16384
#define AVAIL_MAX_BANKS 256
#define AVAIL_MAX_GROUPS 4096

#define AVAIL_PARAMS(P)                                                                            \
    P(PhysRegs, phys_regs)                                                                         \
    P(Banks, banks)                                                                                \
    P(Subarrays, subarrays)                                                                        \
    P(Ports, ports)

typedef struct {
#define P(V, f) unsigned f;
    AVAIL_PARAMS(P)
#undef P
    unsigned id_bits, bank_bits, sa_bits, rows, sa_rows, groups;
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
    uint16_t cnt[AVAIL_MAX_GROUPS]; /* allocated rows per group */
    uint32_t nused, non;            /* allocated registers; groups with one */
    uint16_t cnt_prev[AVAIL_MAX_GROUPS]; /* the same, of the flags a cycle before */
    uint32_t nused_prev, non_prev;
    uint32_t win[AVAIL_MAX_BANKS];  /* each list's window: a group, valid when win_ok */
    uint8_t win_ok[AVAIL_MAX_BANKS];
    uint32_t ptr[AVAIL_MAX_BANKS];  /* each list's last granted group (spread) */
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
