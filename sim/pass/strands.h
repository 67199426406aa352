/* Strand formation (Bailey et al. Sec. III-B, after Gebhart et al. [5]): the recovered CFG's
 * instructions in SIMT (layout) order cut into strands, the regions inside which the compiler
 * maps registers to the scratchpad. The current strand ends
 *   (1) at a block with a predecessor outside the strand (one entry per strand),
 *   (2) at a block that could run twice in it: in layout order only through a back edge, so
 *       this is the target rule of (3),
 *   (3) after a backward branch (the instruction) and at its target (the block),
 *   (4) after a call or a return, except a predicated EXIT/RET leaving the kernel (one whose
 *       fall-through was observed),
 *   (5) before an instruction that may be the first to depend on a global-memory result (to
 *       read it, or to overwrite it: the scoreboard makes both wait for the load): a forward
 *       may-analysis over the CFG, where a CLS_GMEM destination is pending until read or
 *       overwritten,
 *   (6) after a barrier, when barrier_ends (preset key rsp_barrier end; a project rule, not
 *       in Sec. III-B: the two-level pool drops barrier waiters, and a warp leaves the pool
 *       with an empty scratchpad partition; rsp_barrier none: strands run through barriers
 *       and a waiter in mid-strand keeps its pool slot).
 * A strand is a run of consecutive static instructions (pcs indices), so its instructions'
 * SIMT order is their layout order. */
#ifndef GPURF_STRANDS_H
#define GPURF_STRANDS_H
#include "regset.h"
#include "stream/cfgrec.h"

/* why a strand starts where it does */
#define STRAND_REASONS(X)                                                                          \
    X(ST_ENTRY, "entry")                                                                           \
    X(ST_JOIN, "join")                     /* (1) a predecessor outside the strand */             \
    X(ST_BACK_TARGET, "backedge_target")   /* (2), (3) */                                          \
    X(ST_AFTER_BACK, "after_backward_branch")                                                      \
    X(ST_AFTER_CALL, "after_call")                                                                 \
    X(ST_AFTER_RET, "after_return")                                                                \
    X(ST_AFTER_EXIT, "after_exit")                                                                 \
    X(ST_GMEM, "gmem_consumer")                                                                    \
    X(ST_AFTER_BAR, "after_barrier")

enum {
#define X(e, s) e,
    STRAND_REASONS(X)
#undef X
    ST_N
};

typedef struct {
    unsigned first, last; /* pcs indices, inclusive */
    int reason;           /* ST_*: why it starts here */
} strand_t;

typedef struct {
    strand_t *v;
    unsigned n;
    unsigned *of;         /* per pcs index: its strand */
    regset_t *pending;    /* per pcs index: global-load results that may be unread before it */
} strands_t;

const char *strand_reason_name(int r);
/* 0, or -1 with a message */
int strands_form(const prog_t *p, strands_t *s, int barrier_ends, char *err, size_t n);
void strands_free(strands_t *s);

#endif
