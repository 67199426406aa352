/* Register-file dynamic energy, one model for every design (Malekeh Sec. 8: arbiter, crossbar,
 * banks, collectors): event counts of the run's statistics times the preset's per-event
 * energies (fJ; presets name their sources). A statistic a design does not count is zero.
 *   banks       rf_reads x e_bank_read_fj + rf_writes x e_bank_write_fj
 *   arbiter     every bank request-cycle (reads, writes and the cycles they lost)
 *               x e_arbiter_fj
 *   crossbar    every register crossing between banks and collectors or write ports
 *               (rf_reads + rf_writes) and every result a CCU keeps (Malekeh Sec. 3.1: D data
 *               crosses only when kept) x e_xbar_fj
 *   collectors  operand-buffer / cache-table register writes (cu_fills, results kept) and
 *               reads (cu_operands) x e_collector_fj; CCU tag lookups (every source and
 *               every write of the owning warp) x e_ccu_tag_fj; register-file cache
 *               accesses (LTRF: rfc_reads, rfc_writes, rfc_fills) x e_rfc_access_fj
 *   temp        the register cache and scratchpad (Bailey et al.) at their capacities
 *               (e_rc_fj, e_rsp_fj; energy_kb prices both at another size): cache hits and
 *               victims read out x read, results and write-backs written x write, every tag
 *               check x tag; scratchpad reads and write-back reads x read, results and fills
 *               written x write
 * `reg` is the register energy Bailey et al. compare (Sec. IV-B): the main RF's banks plus
 * temp, the collectors, crossbar and arbiter aside. */
#ifndef GPURF_ENERGY_H
#define GPURF_ENERGY_H
#include "cmodel/cfg.h"
#include "stats.h"

#define ENERGY_PARTS(X) X(banks) X(arbiter) X(crossbar) X(collectors) X(temp)

typedef struct {
#define X(n) double n;
    ENERGY_PARTS(X)
#undef X
    double total;                /* pJ */
    double reg;                  /* banks + temp */
} rf_energy_t;

void energy_of_run(const sm_cfg_t *c, const stat_group_t *g, unsigned n, rf_energy_t *e);

#endif
