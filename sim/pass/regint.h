/* Register-interval formation (LTRF paper Sec. 3.3, Algorithms 1 and 2).
 *
 * A register-interval is a single-entry subgraph of the CFG whose instructions name at most N
 * registers (N = rfc_banks, the registers a warp may hold in the register-file cache). Pass 1
 * (Algorithm 1) grows intervals from the entry block: a block joins the current interval when
 * all its predecessors are in it; a block whose registers do not fit is cut and the rest starts
 * a new interval; blocks entered across a call or a return always start one (each function
 * call is a separate register-interval). The successors of a finished interval start new ones.
 * Pass 2 (Algorithm 2) merges an interval into the one that alone reaches it when their union
 * still fits, and is repeated until the number of intervals no longer shrinks. Every interval
 * header's first instruction carries the PREFETCH bit-vector of the interval's registers.
 *
 * The working set of an interval is the union over all its blocks (what one PREFETCH brings),
 * so the bound holds for every path through the interval. */
#ifndef GPURF_REGINT_H
#define GPURF_REGINT_H
#include "stream/cfgrec.h"
#include "regset.h"

typedef struct {
    unsigned first, last;  /* instruction index range (into prog_t.pcs) */
    unsigned *succ, nsucc;
    unsigned *pred, npred;
    unsigned iv;           /* interval after the last pass */
    int pinned;            /* entered across a call or return: always an interval header */
} riblock_t;

typedef struct {
    unsigned header;       /* block whose first instruction holds the PREFETCH */
    regset_t regs;         /* the PREFETCH bit-vector */
} interval_t;

typedef struct {
    unsigned n;                  /* registers per interval */
    riblock_t *b;
    unsigned nb;
    interval_t *iv;
    unsigned niv;
    unsigned pass1_intervals;    /* after Algorithm 1 */
    unsigned pass2_rounds;       /* repetitions of Algorithm 2 that shrank the graph */
    unsigned *pc_block;          /* instruction index -> block */
    unsigned splits;             /* blocks cut because their registers did not fit */
} regint_t;

/* 0, or -1 with a message (an instruction naming more than n registers cannot be cached) */
int regint_form(const prog_t *p, unsigned n, regint_t *ri, char *err, size_t errlen);
/* interval of an instruction index; 1 if that instruction starts an interval (PREFETCH) */
unsigned regint_of(const regint_t *ri, unsigned pc_index);
int regint_is_prefetch(const regint_t *ri, unsigned pc_index);
void regint_print(const regint_t *ri, const prog_t *p, FILE *f);
void regint_free(regint_t *ri);

/* Table 4 metric: lengths in dynamic instructions of the register-intervals the warps execute
 * (real: a new one each time a warp moves to another interval) and of optimal intervals (the
 * dynamic stream cut greedily only when more than n registers would be named). */
typedef struct {
    unsigned long count, min, max;
    double avg;
} ilen_t;

int regint_lengths(const regint_t *ri, const prog_t *p, ilen_t *real, ilen_t *opt, char *err,
                   size_t errlen);

#endif
