/* SM configuration: one preset file (presets/NAME.json) names every parameter.
 * Both the C models (through the *_cfg_from_sm derivations) and the RTL (through
 * `gpurf params`, which prints Verilator -G flags and Yosys chparam lines) read it. */
#ifndef GPURF_CFG_H
#define GPURF_CFG_H
#include <stddef.h>

enum { SCHED_LRR, SCHED_GTO, SCHED_TWO_LEVEL, SCHED_N };
/* the order in which free two-level pool places take warps (sim/core/sched.h) */
enum { OUTER_AGE, OUTER_ROUND_ROBIN };
/* BANKMAP_FLAT is no preset value: the register file of a renaming design, addressed by
 * physical register id (bank = id mod banks, row = id / banks) */
enum { BANKMAP_REG_PLUS_WARP, BANKMAP_REG, BANKMAP_FLAT };
/* when a warp waiting on a load leaves the two-level active pool / its cache row */
enum { DEACT_L1_MISS, DEACT_ANY_GLOBAL };

enum { STHLD_ADAPTIVE, STHLD_FIXED };
/* Malekeh's STHLD stall counter (ccu_alloc.h) */
enum { STHLD_CNT_NEAR, STHLD_CNT_GRANT };
/* Malekeh's CCUs: one pool per SM or per sub-core (ccu_alloc.h) */
enum { CCU_POOL_SM, CCU_POOL_SUBCORE };
/* Bailey et al.'s strands at a barrier (sim/pass/strands.h rule 6) */
enum { RSP_BAR_END, RSP_BAR_NONE };
/* where the reuse-distance hints come from (sim/pass/reuse.h) */
enum { REUSE_ORACLE, REUSE_STATIC, REUSE_NONE };
/* register renaming: where a free physical register is taken from (Jeon and Annavaram Sec.
 * 7.2) and when an unmapped destination is mapped (at issue, Fig. 7; at write-back, Sec. 4.2) */
enum { RN_CONSOLIDATE, RN_SPREAD, RN_FIRST };
enum { RN_ALLOC_ISSUE, RN_ALLOC_WRITEBACK };
/* hybrid register cache / scratchpad (Bailey et al. Sec. III-A2): the register cache's set
 * index, (reg + warp) mod sets or reg mod sets, and its sharing among the active pool */
enum { RC_INDEX_REG_PLUS_WARP, RC_INDEX_REG };
enum { RC_SHARED, RC_PER_WARP };
/* rfc_writeback: what a cache design writes back when a warp leaves a register (deactivation,
 * interval switch): its paper's rule (LTRF every valid register, L161; LTRF+ the live ones,
 * L165), every valid one, the live ones, the ones written since their fill (a dirty bit per
 * cached register in the WCB), or those both live and dirty */
enum { MRF_ARRAY_BANKED, MRF_ARRAY_MONOLITHIC };
enum { XBAR_SPAN_SM, XBAR_SPAN_SUBCORE };
enum { XBAR_ACCOUNT_WIRE, XBAR_ACCOUNT_ACCELWATTCH };
enum { CCU_DATA_OCU, CCU_DATA_OWN };
enum { WB_PAPER, WB_ALL, WB_LIVE, WB_DIRTY, WB_LIVE_DIRTY };

typedef struct sm_cfg {
    char name[64];
    unsigned arch;          /* the binary version (smXY) of the GPU the preset models; 0: any
                               ("arch": "any", presets for tests) */
    unsigned lanes;         /* threads per warp modelled (<= GPURF_MAX_LANES) */
    unsigned schedulers;    /* sub-cores; each owns banks/schedulers and collectors/schedulers */
    unsigned issue_width;   /* instructions a scheduler may issue per cycle (1 or 2), all from
                               one warp, each to another execution unit */
    unsigned scheduler;     /* SCHED_*: issue order policy (sim/core/sched.h) */
    unsigned scheduler_inner; /* two-level: order among the active pool, SCHED_LRR or SCHED_GTO */
    unsigned scheduler_outer; /* two-level: which waiting warp joins the pool, OUTER_* */
    unsigned active_pool;   /* two-level scheduler: active warps per scheduler */
    unsigned warp_slots;    /* warps resident per SM */
    unsigned block_slots;   /* thread blocks resident per SM */
    unsigned shmem_bytes;   /* shared memory per SM */
    unsigned rf_warp_regs;  /* main register file capacity in warp registers per SM */
    unsigned arch_regs;     /* architectural registers a warp may name (R0..R(arch_regs-1)) */
    unsigned banks;         /* main register file banks per SM */
    unsigned bank_map;      /* BANKMAP_* */
    unsigned bank_latency;  /* cycles from bank grant to data at the collector (0: the grant
                               cycle) */
    unsigned bank_ports;    /* accesses per bank per cycle (Accel-Sim reg_file_port_throughput) */
    unsigned bank_pipelined; /* 1: a bank port takes an access every cycle; 0: it is busy for
                                max(bank_latency, 1) cycles per access (CACTI bank models) */
    unsigned collectors;    /* operand collector units per SM */
    unsigned max_srcs;      /* operand slots per collector */
    unsigned wb_ports;      /* register write ports per sub-core register file */
    unsigned ccu_slots;     /* Malekeh: cache-table entries per caching collector unit */
    unsigned ccu_dports;    /* Malekeh: near writes a CCU keeps per cycle (its D port) */
    unsigned ccu_lfsr_seed; /* Malekeh: seed of the CCU's 16-bit victim LFSR (non-zero) */
    unsigned sthld_mode;    /* Malekeh: STHLD_ADAPTIVE (Sec. 7) or STHLD_FIXED (sthld_init) */
    unsigned sthld_interval; /* Malekeh: cycles per STHLD interval */
    unsigned sthld_large_pct; /* Malekeh: an IPC change of at least this percent is large (L) */
    unsigned sthld_init, sthld_step, sthld_spec, sthld_max; /* Malekeh: STHLD start, deltas, cap */
    unsigned sthld_bits;    /* Malekeh: width of the STHLD register */
    unsigned ccu_pool;      /* Malekeh: CCU_POOL_SM (one allocator over every CCU of the SM, each
                               reaching every sub-core's banks: the authors' prototype) or
                               CCU_POOL_SUBCORE (each sub-core's own CCUs and allocator) */
    unsigned sthld_counter; /* Malekeh: STHLD_CNT_NEAR (reset by a near replacement, which needs
                               counter > STHLD: Sec. 6 and the authors' prototype) or
                               STHLD_CNT_GRANT (reset by every grant, replace at >= STHLD) */
    unsigned rthld;         /* Malekeh: an operand whose reuse distance is at most rthld is near */
    unsigned reuse_bits;    /* Malekeh: bits of a reuse hint: 1, the near bit (Secs. 3, 9.4); more,
                               the "precise" variant (a saturating closeness, Secs. 1, 8) */
    unsigned reuse_src;     /* Malekeh: REUSE_*: the hints from the dynamic stream (oracle), the
                               recovered CFG (static) or none (every operand far) */
    unsigned ccu_priority;  /* Malekeh: 1: the cache-aware issue order (Sec. 5) replaces the
                               preset's scheduler; 0: the preset's scheduler (ablation) */
    unsigned rf_subarrays;  /* sub-arrays per register bank (rows split evenly; power gating) */
    unsigned rn_banks;      /* renaming: renaming-table banks (Sec. 6.1: 4) */
    unsigned rn_table_bits; /* renaming: renaming-table budget in bits (Sec. 7.1: 1 KB); 0 = none */
    unsigned rn_policy;     /* renaming: RN_* mapping policy (Sec. 7.2) */
    unsigned rn_alloc;      /* renaming: RN_ALLOC_* */
    unsigned rn_bank_aware; /* renaming: a physical register stays in the baseline's bank of
                               (warp, register) */
    unsigned rn_pir_bits;   /* renaming: release bits per instruction in a pir (Sec. 5.1: 3) */
    unsigned rn_pir_slots;  /* renaming: instructions a pir covers (Sec. 5.1: 18) */
    unsigned rn_pbr_id_bits; /* renaming: register id bits in a pbr (Sec. 5.2: 6) */
    unsigned rflc_entries;  /* renaming: release-flag cache entries (Sec. 6.2: the warp slots) */
    unsigned pg_retention_pct; /* retention-voltage leakage as % of full (Table 4's line) */
    unsigned rfc_banks;     /* LTRF: register-file cache banks = registers per interval
                               (#Registers_per_Interval, LTRF Sec. 4.1); its rows are the
                               active warps (active_pool) */
    unsigned rfc_xbar_bits;    /* LTRF: width of the crossbar between main register file and
                                  cache in bits per cycle and direction (Sec. 4.2 "Interconnect") */
    unsigned rfc_xbar_latency; /* LTRF: its traversal latency in cycles */
    unsigned rfc_alloc_ports;  /* LTRF: cache banks a row's allocation unit gives a cycle, each
                                  mapped in the WCB the same cycle (1: a serial fill) */
    unsigned rfc_fill_ports;   /* LTRF: main-RF read ports of a cache row: fill reads a row
                                  offers the banks a cycle (1: a serial fill) */
    unsigned rfc_fill_latency; /* LTRF: cycles from a fill read's grant in the main RF to its
                                  data (block rf_fill's BankLatency; at least bank_latency) */
    unsigned rfc_writeback;    /* LTRF: WB_* */
    unsigned rf_cache_wports;  /* main-RF write ports that only register-cache write-backs use,
                                  beside the wb_ports result ports (LTRF Sec. 4.2: each cache
                                  bank's write-back crossbar port reaches the main RF banks) */
    unsigned rc_lines;      /* register cache: lines (warp registers) per scheduler (Table I) */
    unsigned rc_ways;       /* register cache: ways per set; sets = rc_lines / rc_ways */
    unsigned rc_index;      /* register cache: RC_INDEX_* set index */
    unsigned rc_partition;  /* register cache: RC_SHARED, or RC_PER_WARP: the sets split evenly
                               among the active pool's slots (Fig. 4) */
    unsigned rc_rports, rc_wports; /* register cache and scratchpad ports (Sec. III-A3: 6, 2) */
    unsigned rc_miss_penalty; /* cycles an RC miss adds before the main RF read (Sec. IV-D) */
    unsigned rsp_regs;      /* register scratchpad: registers per active warp (Sec. III-A4) */
    unsigned rsp_barrier;   /* Bailey et al.: RSP_BAR_END (a barrier ends a strand, so a barrier
                               waiter leaves the two-level pool; project rule) or RSP_BAR_NONE */
    unsigned energy_kb;     /* price the register cache and scratchpad as this many KB/SM
                               (0: their own capacity; Fig. 9's "half-size" runs) */
    /* the energy model (sim/energy/sram.h, energy.h): the main RF's cell technology (TECH_*),
     * the anchors (Jeon & Annavaram Table 2: a 4 KB bank's and a renaming-table bank's access
     * energy, fJ, and leakage, uW; the supply, mV; the feature size, nm) and the estimates (wire
     * capacitance in fF/mm, an arbiter request-cycle in fJ); the accounting: the main RF priced
     * as its banks or as one array of its capacity (MRF_ARRAY_*), the register cache and
     * scratchpad priced with temp_priced_ports ports (0: rc_rports + rc_wports) and the
     * register cache in rc_priced_banks banks (an access touches one); an entry wider than
     * sram_line_bits stored in slices of that width side by side; the bank <-> collector
     * crossbar spanning the SM or a sub-core (XBAR_SPAN_*), charged as wires a warp register
     * crosses on every read and write or as AccelWattch charges it, a flit of xbar_flit_bits
     * per warp operand read over wires xbar_pitch_f feature sizes apart (XBAR_ACCOUNT_*); a CCU's data priced as the OCU's data fields with
     * its D ports or as its own ccu_slots entries (CCU_DATA_*) */
    unsigned mrf_tech, mrf_array, temp_priced_ports, rc_priced_banks, xbar_span, ccu_data;
    unsigned xbar_account, xbar_flit_bits, xbar_pitch_f;
    unsigned sram_e_bank_fj, sram_e_table_fj, sram_p_bank_uw, sram_p_table_uw, vdd_mv;
    unsigned sram_f_nm, sram_line_bits, wire_ff_per_mm, e_arbiter_fj;
    unsigned lat_alu, lat_sfu, lat_shmem, lat_branch;
    /* execution units per sub-core (sim/core/exec.c): latency and initiation interval of each
     * kind (Accel-Sim trace_opcode_latency_initiation_*): lat_alu/ii_alu the FP32 (SP) unit,
     * _int integer and move operations, _sfu, _dp, _tensor, _udp (the uniform datapath) and
     * _branch (the V+ branch unit); int_unit 0: integer operations run on the SP unit
     * (gpgpu_num_int_units 0), dp_unit 0: double precision on the SFU (gpgpu_num_dp_units 0) */
    unsigned lat_int, lat_dp, lat_tensor, lat_udp;
    unsigned ii_alu, ii_int, ii_sfu, ii_dp, ii_tensor, ii_udp, ii_branch;
    unsigned int_unit, dp_unit;
    /* memory hierarchy (sim/mem/mem.h) */
    unsigned l1_size, l1_assoc, l1_line, l1_sector; /* bytes, ways, bytes, bytes */
    unsigned l1_latency, l1_mshrs;
    unsigned l1_write_alloc;  /* a store that misses allocates its line */
    unsigned l1_gmem_bypass;  /* global loads go to the L2 directly (local still use the L1) */
    unsigned l1_lookup_first; /* 1: an access that misses the L1 (and every store) passes the
                                 L1's pipeline, l1_latency cycles, before it leaves for the L2
                                 (GPGPU-Sim's l1_latency_queue); 0: the L2 and DRAM latencies
                                 are measured end to end and contain it */
    unsigned l1_sector_issue; /* 1: the load/store unit sends one 32-byte sector access per cycle
                                 (GPGPU-Sim's coalescer from sm_5x on: every global request is
                                 32 bytes); 0: one line request per cycle */
    unsigned l2_size, l2_assoc, l2_latency;
    unsigned dram_latency;    /* cycles */
    unsigned dram_bw;         /* bytes per core cycle of the whole DRAM (a one-SM preset: that
                                 SM's share of its GPU's) */
    unsigned icnt_latency;    /* cycles a packet takes through the interconnect, each way */
    /* the GPU (sim/core/gpu.h): SMs, and the L2 split into slices (memory sub-partitions) of
     * l2_size / l2_slices bytes, lines interleaved over them as over the DRAM channels */
    unsigned sms, l2_slices;
    unsigned clock_mhz;       /* core clock: converts the DRAM timings to cycles */
    unsigned rtl_clock_mhz;   /* the RTL's target clock in the project liberty (make synth) */
    /* DRAM row buffers: lines interleave over channels every dram_interleave bytes; a channel
     * has dram_banks banks of dram_row_bytes rows. A read that finds its row open waits
     * tCL, a closed bank tRCD + tCL, another row open tRP + tRCD + tCL (picoseconds) */
    unsigned dram_channels, dram_banks, dram_interleave, dram_row_bytes;
    unsigned dram_trcd_ps, dram_tcl_ps, dram_trp_ps;
    unsigned deact_rule;      /* DEACT_*: leave the pool on a load that missed the L1 (LTRF
                                 Sec. 3.2) or on any pending global load (GPGPU-Sim) */
} sm_cfg_t;

/* Derived per-sub-core figures. */
static inline unsigned cfg_banks_per_sc(const sm_cfg_t *c) { return c->banks / c->schedulers; }
static inline unsigned cfg_cus_per_sc(const sm_cfg_t *c) { return c->collectors / c->schedulers; }
/* the main register file's write ports: results first, then the cache's write-back ports */
static inline unsigned cfg_rf_wports(const sm_cfg_t *c) { return c->wb_ports + c->rf_cache_wports; }
static inline unsigned cfg_warps_per_sc(const sm_cfg_t *c) { return c->warp_slots / c->schedulers; }
static inline unsigned cfg_rows_per_bank(const sm_cfg_t *c) { return c->rf_warp_regs / c->banks; }
/* physical registers of a sub-core's register file (warp-wide) */
static inline unsigned cfg_phys_per_sc(const sm_cfg_t *c) { return c->rf_warp_regs / c->schedulers; }
/* register ids a renaming design's rf and collectors carry: architectural or physical */
static inline unsigned cfg_reg_ids_per_sc(const sm_cfg_t *c)
{
    return c->arch_regs > cfg_phys_per_sc(c) ? c->arch_regs : cfg_phys_per_sc(c);
}

/* Load and validate a preset. `spec` is a preset name (presets/NAME.json under `dir`)
 * or a path ending in .json. On error writes a message naming file and field into
 * err and returns -1. */
int cfg_load(const char *spec, const char *dir, sm_cfg_t *c, char *err, size_t errlen);
/* the preset of dir whose "default_for" list holds binary version bv: its name in name, 0;
 * 1 when no preset claims bv; -1 with err on a bad file or a version two presets claim */
int cfg_preset_for_arch(const char *dir, unsigned bv, char *name, size_t nn, char *err,
                        size_t errlen);

/* Apply one "key=value" override (the field's own range, as in the file); the caller runs
 * cfg_validate once every override is applied, so that fields checked together (rfc_banks and
 * its ports) may be set one after the other. */
int cfg_set(sm_cfg_t *c, const char *key, const char *value, char *err, size_t errlen);

/* Check cross-field constraints (powers of two, divisibility, ranges). */
int cfg_validate(const sm_cfg_t *c, char *err, size_t errlen);

/* KB/SM of a structure of `entries` warp registers per scheduler */
static inline unsigned cfg_kb_of(const sm_cfg_t *c, unsigned entries)
{
    return entries * 128 * c->schedulers / 1024;
}

/* the preset spelling of a SCHED_* policy */
const char *cfg_sched_name(unsigned s);

#endif
