/* Register-file energy, one model for every design: a table of every storage structure and
 * wire the subsystem has (geometry from the preset, cost from the SRAM model, sram.h), and a
 * run's energy = its event counts x the table's per-access energies + every structure the run
 * has x its leakage x the run's time. A statistic a design does not count is zero; a structure
 * leaks when the run's statistics name it (its design has it).
 *
 * Structures (per SM: instances x one array; an entry wider than sram_line_bits is stored in
 * slices of that width, every slice accessed at once):
 *   mrf       main-RF bank: rf_warp_regs / banks rows of a warp register (lanes x 32 bits),
 *             bank_ports ports, the preset's cell technology (mrf_tech); x banks; with
 *             mrf_array monolithic one array of all rf_warp_regs rows, x 1
 *   xbar      bank <-> collector crossbar: a warp register across the SM's banks (xbar_span
 *             sm, AccelWattch's; x 1) or one sub-core's (subcore; x schedulers), as long as the
 *             side of their area (wires: no leakage); under xbar_account accelwattch a flit of
             xbar_flit_bits across AccelWattch's matrix of the span's banks x collectors
             (xbar_flit_bits x (banks + collectors) global wire pitches)
 *   pool_xbar across every bank of the SM: under xbar_span subcore, what an SM-wide CCU pool
 *             (Malekeh's ccu_pool sm) reads cross; x 1
 *   ocu       collector operand buffer: max_srcs rows, 2 ports (fill, dispatch); x collectors
 *   ccu       Malekeh CCU data: the OCU's data fields (ccu_data ocu: max_srcs rows; Malekeh
 *             Secs. 3.2, 6: the CCU reuses them) or its own ccu_slots rows (own), 2 +
 *             ccu_dports ports (crossbar fill, D port writes, dispatch), and ccu_tag: its tags
 *             searched at once (one row of ccu_slots tags of warp and register bits);
 *             x collectors
 *   rfc       LTRF register-file cache bank: active_pool rows, 2 ports; x rfc_banks x schedulers
 *   rfc_xbar  cache <-> collector crossbar: a warp register across one sub-core's cache banks (under
 *             accelwattch a flit across its rfc_banks x collectors)
 *   wcb       LTRF warp control block: a row per warp of the sub-core, rfc_banks register ids
 *             and valid bits, 2 ports (lookup, update); x schedulers
 *   aau       LTRF address allocation unit: one row of a free bit per cache slot; x schedulers
 *   rc        register cache (Bailey et al.): rc_lines / rc_priced_banks rows,
 *             temp_priced_ports ports (0: rc_rports + rc_wports); x rc_priced_banks x
 *             schedulers; and rc_tag: a row per set of rc_ways tags; x schedulers
 *   rsp       register scratchpad: rsp_regs x active_pool rows, the same ports; x schedulers
 *             (energy_kb: rc and rsp priced at that many KB/SM)
 *   rnt       renaming table bank: rn_table_bits / rn_banks bits of physical register ids
 *             (clog2 of a sub-core's warp registers); x rn_banks x schedulers
 *   rflc      release-flag cache: rflc_entries rows of a pir's flags; x schedulers
 * Events (parts of the run's energy, pJ; a read priced at the structure's read energy, a
 * write at its write energy):
 *   banks       rf_reads, rf_writes on mrf
 *   arbiter     every bank request-cycle (reads, writes, the cycles they lost) x e_arbiter_fj
 *   crossbar    rf_reads + rf_writes + results a CCU keeps (Malekeh Sec. 3.1: D data crosses
 *               only when kept) on xbar; under xbar_span subcore with Malekeh's ccu_pool sm
 *               the reads and kept results on pool_xbar (every CCU reaches every sub-core's
 *               banks); rfc_reads + rfc_writes on rfc_xbar; under xbar_account accelwattch
 *               (AccelWattch's core.cc) rf_reads on xbar (pool_xbar) and rfc_reads on rfc_xbar
 *               only: a flit per warp operand read, writes not charged
 *   collectors  cu_operands read, cu_fills + results kept written on ocu (ccu when the run
 *               has CCUs); every CCU lookup (sources, results of the owning warp) on ccu_tag
 *   cache       rfc_reads read, rfc_writes + rfc_fills written on rfc; wcb_lookups read,
 *               prefetches + activations written on wcb; fetches + writebacks on aau
 *   temp        rc_read_hits + rc_evictions read, rc_writes written on rc, rc_tag_checks on
 *               rc_tag; rsp_reads + rsp_writebacks read, rsp_writes + rsp_fills written on rsp
 *   rename      rn_lookups read, rn_maps + rn_unmaps + rn_drained written on rnt; rflc_hits +
 *               rflc_misses read, rn_pirs written on rflc
 *   leakage     every structure the run has, ungated, for cycles / clock_mhz
 * `dynamic` is the sum but leakage; `reg` (banks + temp) the register energy Bailey et al.
 * compare (Sec. IV-B); `power_mw` the total over the run's time. */
#ifndef GPURF_ENERGY_H
#define GPURF_ENERGY_H
#include "cmodel/cfg.h"
#include "sram.h"
#include "core/stats.h"

#define ENERGY_STRUCTS(X)                                                                          \
    X(mrf, "main register file bank")                                                              \
    X(xbar, "bank <-> collector crossbar (a warp register)")                                      \
    X(pool_xbar, "bank <-> CCU crossbar of an SM-wide CCU pool (a warp register)")               \
    X(ocu, "operand collector's buffer")                                                           \
    X(ccu, "caching collector unit's data")                                                        \
    X(ccu_tag, "caching collector unit's tag search")                                              \
    X(rfc, "LTRF register-file cache bank")                                                        \
    X(rfc_xbar, "cache <-> collector crossbar (a warp register)")                                 \
    X(wcb, "LTRF warp control block")                                                              \
    X(aau, "LTRF address allocation unit")                                                         \
    X(rc, "register cache data")                                                                   \
    X(rc_tag, "register cache tags (one set)")                                                     \
    X(rsp, "register scratchpad")                                                                  \
    X(rnt, "renaming table bank")                                                                  \
    X(rflc, "release-flag cache")

enum {
#define X(n, d) E_##n,
    ENERGY_STRUCTS(X)
#undef X
    E_N
};

typedef struct {
    sram_geom_t g;              /* one slice; rows 0: a wire (wire_mm long), priced per warp
                                   register */
    double slices;              /* arrays side by side that hold an entry */
    double wire_mm;
    double instances;           /* per SM */
    sram_cost_t cost;           /* per instance (every slice); a wire's per register crossing */
} energy_struct_t;

typedef struct {
    sram_model_t m;
    double line_bits;           /* sram_line_bits */
    energy_struct_t s[E_N];
    double arbiter_pj;
} energy_table_t;

#define ENERGY_PARTS(X)                                                                            \
    X(banks) X(arbiter) X(crossbar) X(collectors) X(cache) X(temp) X(rename) X(leakage)

typedef struct {
#define X(n) double n;
    ENERGY_PARTS(X)
#undef X
    double dynamic, total, reg; /* pJ */
    double power_mw;
} rf_energy_t;

extern const char *const energy_struct_names[E_N], *const energy_struct_what[E_N];

/* the table of c; 0, or -1 with a message naming the field */
int energy_table(const sm_cfg_t *c, energy_table_t *t, char *err, size_t n);
/* an array of `rows` entries of `bits` with `ports` ports in technology `tech` (TECH_*),
 * stored as slices of at most sram_line_bits side by side (each access reads or writes every
 * slice): the cost of the whole array; *slices (if not NULL) their number */
sram_cost_t energy_array_cost(const energy_table_t *t, double rows, double bits, unsigned ports,
                              unsigned tech, double *slices);
/* the run's energy (the table of its preset, which loaded) */
void energy_of_run(const sm_cfg_t *c, const stat_group_t *g, unsigned n, rf_energy_t *e);

#endif
