/* sthld: Malekeh's adaptive stall threshold (Sec. 7, Fig. 4), one per SM. It counts the
 * instructions executed in intervals of Interval cycles. At the end of an interval its count
 * (the IPC) is compared with the previous interval's: the change is small (S:
 * 100 |cur - prev| < LargePct * prev; with prev = 0, S only when cur = 0) or large (L), and
 * L is up or down. It is also compared with the reference (best) interval of the current
 * climb: `drop` when it fell by at least LargePct % of it. A state machine moves STHLD
 * (saturating at 0 and Max); "mark" makes this interval the reference (count and the STHLD
 * it ran with), "mark if best" does so when it is not below the reference (a tie moves the
 * reference to the higher STHLD, which hits more):
 *
 *   1 start       any: +Step, -> 2, mark
 *   2 climb       drop: the reference's STHLD, -> 5 (back); else L: +Spec, -> 3, mark;
 *                 else: +Step, mark if best
 *   3 speculated  L down: -(Spec + Step), -> 4; else: +Step, -> 2, mark if best
 *   4 descend     L: -Step; S: -> 5
 *   5 confirm     L: -Step, -> 4; S: -> 6
 *   6 steady      L: +Spec, -> 3, mark; S: stay
 *
 * Fig. 4 is an image the text does not reproduce. The text fixes: start in state 1, state 6
 * is left only on L, L triggers a speculative increase into state 3, undone with a descent
 * if it was detrimental, kept if the new phase gains from it (Fig. 5d). Magnitude alone cannot
 * see a knee reached by a gentle slope: a climb of small declines would never stop. So the
 * climb also watches its cumulative decline against its best interval and, on a drop,
 * returns to it ("back": STHLD and the count the next interval is compared with become the
 * reference's, so the jump back is not taken for a phase change). In the climb every L down
 * is a drop (the reference is never below the previous interval there): the climb speculates
 * on L up only, where the paper's machine would also speculate into the steep region of
 * Fig. 5b and lose an interval before descending. This costs a count and an STHLD
 * register beyond the paper's last-interval IPC (Sec. 9.4). Mode fixed keeps STHLD at Init
 * (state 1). The state persists across kernels (nothing resets it but reset).
 *
 * Pipeline (for the preset's clock; rtl/sthld.v): an interval's count is registered at its
 * last edge, the decision on it lands two edges later (the RTL scales the count by 100 on the
 * first and compares it with thresholds precomputed from prev and best on the second), so the
 * next interval runs its first two cycles with the old STHLD. Interval is at least 4 cycles
 * (the thresholds are registered from the decision's prev and best before the next one).
 *
 * Ports (sthld_ports.def; RTL rtl/sthld.v):
 *   insts          warp instructions executed this cycle (the edge adds them)
 *   sthld, state   the threshold and the state (1..6)
 *   large          the last completed interval's change was L
 *   decided        the last edge decided an interval (two edges after it ended)
 *   cycle          cycles into the current interval
 *   cur_insts, prev_insts  the counts of the current and the last completed interval
 *   drop           the last completed interval fell by LargePct % or more below the reference
 *   best_insts, best_sthld  the reference interval's count and the STHLD it ran with */
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
    uint32_t sthld, state, large, decided, cycle, cur, prev, drop, best, best_sthld;
    uint32_t fin, p1, p2; /* the ended interval's count; the decision pipeline's two stages */
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
