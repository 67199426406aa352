/* sthld: Malekeh's adaptive stall threshold (Sec. 7, Fig. 4), one per SM. It counts the
 * instructions executed in intervals of Interval cycles; at the end of an interval the
 * relative change of that count (the IPC) against the previous interval's is small (S:
 * 100 |cur - prev| < LargePct * prev; with prev = 0, S only when cur = 0) or large (L), and a
 * state machine moves STHLD (saturating at 0 and Max):
 *
 *   state         on S              on L
 *   1 start       +Step, -> 2       +Step, -> 2
 *   2 climb       +Step             +Spec, -> 3
 *   3 speculated  +Step, -> 2       -(Spec + Step), -> 4
 *   4 descend     -> 5              -Step
 *   5 confirm     -> 6              -Step, -> 4
 *   6 steady      stay              +Spec, -> 3
 *
 * Fig. 4 is an image the text does not reproduce; this table is built from what the text
 * fixes (start in state 1, state 6 is left only on L, L triggers a speculative increase into
 * state 3 that is undone if it was detrimental) and is documented in rtl/sthld.v. Mode fixed
 * keeps STHLD at Init (state 1). The state persists across kernels (nothing resets it but
 * reset).
 *
 * Ports (sthld_ports.def; RTL rtl/sthld.v):
 *   insts          warp instructions executed this cycle (the edge adds them)
 *   sthld, state   the threshold and the state (1..6)
 *   large          the last completed interval's change was L
 *   interval_end   an interval completed at the last edge
 *   cycle          cycles into the current interval
 *   cur_insts, prev_insts  the counts of the current and the last completed interval */
#ifndef GPURF_STHLD_H
#define GPURF_STHLD_H
#include "cfg.h"
#include "ports.h"

#define STHLD_PARAMS(P)                                                                            \
    P(Interval, interval)                                                                          \
    P(LargePct, large_pct)                                                                         \
    P(Init, init)                                                                                  \
    P(Step, step)                                                                                  \
    P(Spec, spec)                                                                                  \
    P(Max, max)                                                                                    \
    P(Bits, bits)                                                                                  \
    P(Fixed, fixed)

typedef struct {
#define P(V, f) unsigned f;
    STHLD_PARAMS(P)
#undef P
    unsigned cyc_bits;
} sthld_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "sthld_ports.def"
#undef IN
#undef OUT
} sthld_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "sthld_ports.def"
#undef IN
#undef OUT
} sthld_out_t;

typedef struct {
    sthld_cfg_t c;
    uint32_t sthld, state, large, interval_end, cycle, cur, prev;
    uint64_t intervals, large_changes;
} sthld_state_t;

extern const pt_table_t sthld_port_table;

void sthld_cfg_from_sm(const sm_cfg_t *sm, sthld_cfg_t *c);
void sthld_cfg_derive(sthld_cfg_t *c);
int sthld_init(sthld_state_t *s, const sthld_cfg_t *c);
void sthld_free(sthld_state_t *s);
void sthld_eval(sthld_state_t *s, const sthld_in_t *in, sthld_out_t *out);
void sthld_tick(sthld_state_t *s, const sthld_in_t *in);

#endif
