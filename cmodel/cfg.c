/* Preset loading and validation (see cfg.h). JSON parsing by jansson. */
#include "cfg_int.h"
#include "common.h"
#include "rc.h"
#include "rsp.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *key;
    size_t off;
    const char *const *names; /* NULL: unsigned integer; else enum spellings */
    unsigned min, max;
} field_t;

static const char *const sched_names[] = {"lrr", "gto", "two_level", NULL};
/* the order among the two-level scheduler's active pool: lrr or gto (same numbers) */
static const char *const inner_names[] = {"lrr", "gto", NULL};
static const char *const outer_names[] = {"age", "round_robin", NULL};

const char *cfg_sched_name(unsigned s) { return s < SCHED_N ? sched_names[s] : "?"; }
static const char *const bankmap_names[] = {"reg_plus_warp", "reg", NULL};
static const char *const deact_names[] = {"l1_miss", "any_global", NULL};
static const char *const sthld_mode_names[] = {"adaptive", "fixed", NULL};
static const char *const sthld_counter_names[] = {"near", "grant", NULL};
static const char *const ccu_pool_names[] = {"sm", "subcore", NULL};
static const char *const rsp_barrier_names[] = {"end", "none", NULL};
static const char *const reuse_src_names[] = {"oracle", "static", "none", NULL};
static const char *const rn_policy_names[] = {"consolidate", "spread", "first", NULL};
static const char *const rn_alloc_names[] = {"issue", "writeback", NULL};
static const char *const rc_index_names[] = {"reg_plus_warp", "reg", NULL};
static const char *const rc_partition_names[] = {"shared", "per_warp", NULL};
static const char *const rfc_writeback_names[] = {"paper", "all", "live", "dirty", "live+dirty", NULL};
/* the order of sim/energy/sram.h's TECH_* */
static const char *const mrf_tech_names[] = {"hp_sram", "lstp_sram", "tfet_sram", "dwm", NULL};
static const char *const mrf_array_names[] = {"banked", "monolithic", NULL};
static const char *const xbar_span_names[] = {"sm", "subcore", NULL};
static const char *const ccu_data_names[] = {"ocu", "own", NULL};
static const char *const xbar_account_names[] = {"wire", "accelwattch", NULL};

#define F(k, lo, hi) {#k, offsetof(sm_cfg_t, k), NULL, lo, hi}
static const field_t fields[] = {
    F(lanes, 1, GPURF_MAX_LANES),
    F(schedulers, 1, 8),
    F(issue_width, 1, 2),
    {"scheduler", offsetof(sm_cfg_t, scheduler), sched_names, 0, 0},
    {"scheduler_inner", offsetof(sm_cfg_t, scheduler_inner), inner_names, 0, 0},
    {"scheduler_outer", offsetof(sm_cfg_t, scheduler_outer), outer_names, 0, 0},
    F(active_pool, 1, 64),
    F(warp_slots, 1, 256),
    F(block_slots, 1, 64),
    F(shmem_bytes, 0, 1u << 24),
    F(rf_warp_regs, 1, 1u << 16),
    F(arch_regs, 2, 256),
    F(banks, 1, 256),
    {"bank_map", offsetof(sm_cfg_t, bank_map), bankmap_names, 0, 0},
    F(bank_latency, 0, 64),
    F(bank_ports, 1, 4),
    F(bank_pipelined, 0, 1),
    F(collectors, 1, 64),
    F(max_srcs, 1, 16),
    F(wb_ports, 1, 8),
    F(ccu_slots, 1, 16),
    F(ccu_dports, 1, 8),
    F(ccu_lfsr_seed, 1, 65535),
    {"sthld_mode", offsetof(sm_cfg_t, sthld_mode), sthld_mode_names, 0, 0},
    F(sthld_interval, 4, 1u << 24),
    F(sthld_large_pct, 1, 99),
    F(sthld_init, 0, 1u << 16),
    F(sthld_step, 0, 1u << 16),
    F(sthld_spec, 0, 1u << 16),
    F(sthld_max, 0, 1u << 16),
    F(sthld_bits, 1, 16),
    {"sthld_counter", offsetof(sm_cfg_t, sthld_counter), sthld_counter_names, 0, 0},
    {"ccu_pool", offsetof(sm_cfg_t, ccu_pool), ccu_pool_names, 0, 0},
    F(rthld, 1, 65534),
    F(reuse_bits, 1, 8),
    {"reuse_src", offsetof(sm_cfg_t, reuse_src), reuse_src_names, 0, 0},
    F(ccu_priority, 0, 1),
    F(rf_subarrays, 1, 64),
    F(rn_banks, 1, 64),
    F(rn_table_bits, 0, 1u << 24),
    {"rn_policy", offsetof(sm_cfg_t, rn_policy), rn_policy_names, 0, 0},
    {"rn_alloc", offsetof(sm_cfg_t, rn_alloc), rn_alloc_names, 0, 0},
    F(rn_bank_aware, 0, 1),
    F(rn_pir_bits, 1, 16),
    F(rn_pir_slots, 1, 54),
    F(rn_pbr_id_bits, 1, 8),
    F(rflc_entries, 1, 256),
    F(pg_retention_pct, 0, 100),
    F(rfc_banks, 2, 64),
    F(rfc_xbar_bits, 32, 4096),
    F(rfc_xbar_latency, 1, 64),
    F(rfc_alloc_ports, 1, 64),
    F(rfc_fill_ports, 1, 64),
    F(rfc_fill_latency, 0, 64),
    {"rfc_writeback", offsetof(sm_cfg_t, rfc_writeback), rfc_writeback_names, 0, 0},
    F(rf_cache_wports, 0, 64),
    F(rc_lines, 0, 1024),
    F(rc_ways, 1, 64),
    {"rc_index", offsetof(sm_cfg_t, rc_index), rc_index_names, 0, 0},
    {"rc_partition", offsetof(sm_cfg_t, rc_partition), rc_partition_names, 0, 0},
    F(rc_rports, 1, 64),
    F(rc_wports, 1, 64),
    F(rc_miss_penalty, 0, 64),
    F(rsp_regs, 0, 256),
    {"rsp_barrier", offsetof(sm_cfg_t, rsp_barrier), rsp_barrier_names, 0, 0},
    F(energy_kb, 0, 1024),
    {"mrf_tech", offsetof(sm_cfg_t, mrf_tech), mrf_tech_names, 0, 0},
    {"mrf_array", offsetof(sm_cfg_t, mrf_array), mrf_array_names, 0, 0},
    F(temp_priced_ports, 0, 128),
    F(rc_priced_banks, 1, 64),
    {"xbar_span", offsetof(sm_cfg_t, xbar_span), xbar_span_names, 0, 0},
    {"ccu_data", offsetof(sm_cfg_t, ccu_data), ccu_data_names, 0, 0},
    {"xbar_account", offsetof(sm_cfg_t, xbar_account), xbar_account_names, 0, 0},
    F(xbar_flit_bits, 1, 4096),
    F(xbar_pitch_f, 1, 1000),
    F(sram_e_bank_fj, 1, 1000000),
    F(sram_e_table_fj, 1, 1000000),
    F(sram_p_bank_uw, 1, 1000000),
    F(sram_p_table_uw, 1, 1000000),
    F(vdd_mv, 100, 5000),
    F(sram_f_nm, 1, 1000),
    F(sram_line_bits, 8, 4096),
    F(wire_ff_per_mm, 1, 10000),
    F(e_arbiter_fj, 0, 1000000),
    F(lat_alu, 1, 1000),
    F(lat_sfu, 1, 1000),
    F(lat_shmem, 1, 10000),
    F(lat_branch, 1, 1000),
    F(lat_int, 1, 1000),
    F(lat_dp, 1, 1000),
    F(lat_tensor, 1, 1000),
    F(lat_udp, 1, 1000),
    F(ii_alu, 1, 1000),
    F(ii_int, 1, 1000),
    F(ii_sfu, 1, 1000),
    F(ii_dp, 1, 1000),
    F(ii_tensor, 1, 1000),
    F(ii_udp, 1, 1000),
    F(ii_branch, 1, 1000),
    F(int_unit, 0, 1),
    F(dp_unit, 0, 1),
    F(l1_size, 1024, 1u << 24),
    F(l1_assoc, 1, 64),
    F(l1_line, 32, 1024),
    F(l1_sector, 4, 1024),
    F(l1_latency, 1, 10000),
    F(l1_mshrs, 1, 1024),
    F(l1_write_alloc, 0, 1),
    F(l1_gmem_bypass, 0, 1),
    F(l1_sector_issue, 0, 1),
    F(l1_lookup_first, 0, 1),
    F(l2_size, 1024, 1u << 28),
    F(l2_assoc, 1, 64),
    F(l2_latency, 1, 10000),
    F(dram_latency, 1, 10000),
    F(dram_bw, 1, 4096),
    F(icnt_latency, 0, 1000),
    F(sms, 1, GPURF_MAX_SMS),
    F(l2_slices, 1, 256),
    F(clock_mhz, 1, 10000),
    F(rtl_clock_mhz, 1, 10000),
    F(dram_channels, 1, 64),
    F(dram_banks, 1, 64),
    F(dram_interleave, 32, 1u << 16),
    F(dram_row_bytes, 32, 1u << 20),
    F(dram_trcd_ps, 0, 1000000),
    F(dram_tcl_ps, 0, 1000000),
    F(dram_trp_ps, 0, 1000000),
    {"deact_rule", offsetof(sm_cfg_t, deact_rule), deact_names, 0, 0},
};
#undef F
#define NFIELDS (sizeof fields / sizeof fields[0])

static const field_t *find_field(const char *key)
{
    for (size_t i = 0; i < NFIELDS; i++)
        if (!strcmp(fields[i].key, key))
            return &fields[i];
    return NULL;
}

static int set_field(sm_cfg_t *c, const field_t *f, const char *sval, long long ival, int is_str,
                     const char *where, char *err, size_t errlen)
{
    unsigned *dst = (unsigned *)((char *)c + f->off);
    if (f->names) {
        if (!is_str) {
            snprintf(err, errlen, "%s: field '%s': expected a string", where, f->key);
            return -1;
        }
        for (unsigned i = 0; f->names[i]; i++)
            if (!strcmp(f->names[i], sval)) {
                *dst = i;
                return 0;
            }
        snprintf(err, errlen, "%s: field '%s': unknown value '%s'", where, f->key, sval);
        return -1;
    }
    if (is_str) {
        char *end;
        ival = strtoll(sval, &end, 0);
        if (!*sval || *end) {
            snprintf(err, errlen, "%s: field '%s': '%s' is not an integer", where, f->key, sval);
            return -1;
        }
    }
    if (ival < (long long)f->min || ival > (long long)f->max) {
        snprintf(err, errlen, "%s: field '%s': %lld is outside [%u, %u]", where, f->key, ival,
                 f->min, f->max);
        return -1;
    }
    *dst = (unsigned)ival;
    return 0;
}

static int is_pow2(unsigned v) { return v && !(v & (v - 1)); }

int cfg_validate(const sm_cfg_t *c, char *err, size_t errlen)
{
#define REQ(cond, ...)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            snprintf(err, errlen, __VA_ARGS__);                                                    \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)
    REQ(is_pow2(c->banks), "%s: field 'banks': %u is not a power of two", c->name, c->banks);
    REQ(c->banks % c->schedulers == 0, "%s: field 'banks': %u not divisible by schedulers %u",
        c->name, c->banks, c->schedulers);
    REQ(c->collectors % c->schedulers == 0,
        "%s: field 'collectors': %u not divisible by schedulers %u", c->name, c->collectors,
        c->schedulers);
    REQ(c->warp_slots % c->schedulers == 0,
        "%s: field 'warp_slots': %u not divisible by schedulers %u", c->name, c->warp_slots,
        c->schedulers);
    REQ(c->rf_warp_regs % c->banks == 0, "%s: field 'rf_warp_regs': %u not divisible by banks %u",
        c->name, c->rf_warp_regs, c->banks);
    REQ(is_pow2(c->l1_line), "%s: field 'l1_line': %u is not a power of two", c->name, c->l1_line);
    REQ(is_pow2(c->l1_sector), "%s: field 'l1_sector': %u is not a power of two", c->name,
        c->l1_sector);
    REQ(c->l1_sector <= c->l1_line, "%s: field 'l1_sector': %u is larger than the line (%u)",
        c->name, c->l1_sector, c->l1_line);
    REQ(c->l1_line / c->l1_sector <= 32, "%s: field 'l1_sector': more than 32 sectors per line",
        c->name);
    REQ(c->l1_size % (c->l1_assoc * c->l1_line) == 0,
        "%s: field 'l1_size': %u is not sets x l1_assoc %u x l1_line %u", c->name, c->l1_size,
        c->l1_assoc, c->l1_line);
    REQ(c->l2_size % (c->l2_assoc * c->l1_line) == 0,
        "%s: field 'l2_size': %u is not sets x l2_assoc %u x l1_line %u", c->name, c->l2_size,
        c->l2_assoc, c->l1_line);
    REQ(c->l2_size % (c->l2_slices * c->l2_assoc * c->l1_line) == 0,
        "%s: field 'l2_slices': l2_size %u is not %u slices x l2_assoc %u x l1_line %u", c->name,
        c->l2_size, c->l2_slices, c->l2_assoc, c->l1_line);
    REQ(is_pow2(c->dram_interleave), "%s: field 'dram_interleave': %u is not a power of two",
        c->name, c->dram_interleave);
    REQ(c->dram_row_bytes % c->dram_interleave == 0,
        "%s: field 'dram_row_bytes': %u is not a multiple of dram_interleave %u", c->name,
        c->dram_row_bytes, c->dram_interleave);
    REQ(c->active_pool <= cfg_warps_per_sc(c),
        "%s: field 'active_pool': %u exceeds warps per scheduler %u", c->name, c->active_pool,
        cfg_warps_per_sc(c));
    REQ(is_pow2(c->arch_regs), "%s: field 'arch_regs': %u is not a power of two", c->name,
        c->arch_regs);
    REQ(c->rfc_banks <= c->arch_regs, "%s: field 'rfc_banks': %u exceeds arch_regs %u", c->name,
        c->rfc_banks, c->arch_regs);
    REQ(c->ccu_slots >= c->max_srcs,
        "%s: field 'ccu_slots': %u is fewer than max_srcs %u (an instruction could not lock its "
        "sources)", c->name, c->ccu_slots, c->max_srcs);
    REQ(cfg_rows_per_bank(c) % c->rf_subarrays == 0,
        "%s: field 'rf_subarrays': %u does not divide the %u rows per bank", c->name,
        c->rf_subarrays, cfg_rows_per_bank(c));
    REQ(is_pow2(c->rn_banks), "%s: field 'rn_banks': %u is not a power of two", c->name,
        c->rn_banks);
    REQ(c->rn_pir_bits * c->rn_pir_slots <= 54,
        "%s: field 'rn_pir_slots': %u slots of rn_pir_bits %u exceed a pir's 54 flag bits",
        c->name, c->rn_pir_slots, c->rn_pir_bits);
    REQ(c->ccu_dports <= c->wb_ports, "%s: field 'ccu_dports': %u exceeds wb_ports %u", c->name,
        c->ccu_dports, c->wb_ports);
    REQ(c->sthld_max < (1u << c->sthld_bits), "%s: field 'sthld_max': %u does not fit sthld_bits %u",
        c->name, c->sthld_max, c->sthld_bits);
    REQ(c->sthld_init <= c->sthld_max, "%s: field 'sthld_init': %u exceeds sthld_max %u", c->name,
        c->sthld_init, c->sthld_max);
    REQ(c->sthld_mode != STHLD_ADAPTIVE || (c->sthld_step && c->sthld_spec),
        "%s: field 'sthld_step': adaptive STHLD needs non-zero sthld_step and sthld_spec", c->name);
    REQ(c->rc_lines % c->rc_ways == 0, "%s: field 'rc_lines': %u is not a multiple of rc_ways %u",
        c->name, c->rc_lines, c->rc_ways);
    REQ(c->rc_partition != RC_PER_WARP || (c->rc_lines / c->rc_ways) % c->active_pool == 0,
        "%s: field 'rc_partition': per_warp needs the %u sets divisible by active_pool %u",
        c->name, c->rc_lines / c->rc_ways, c->active_pool);
    /* the blocks' own limits, checked whatever the design (a value no block can take is
     * refused even when the design does not build that block); limits that hold only in one
     * design's combination of fields (LTRF's fill ports per cache bank, Malekeh's SM-wide
     * allocator, renaming's physical registers, the caches' main-RF write ports, the
     * scratchpad's entries per pool slot) stay in that design, since another may take them */
    /* the register cache and scratchpad (rc, rsp) and their ports into the main RF */
    REQ(c->rc_lines >= 1 && c->rc_lines <= RC_MAX_LINES,
        "%s: field 'rc_lines': %u, the rc block holds 1 to %u lines", c->name, c->rc_lines,
        RC_MAX_LINES);
    REQ(c->rsp_regs >= 1 && c->rsp_regs <= RSP_MAX_ENTRIES,
        "%s: field 'rsp_regs': %u, the rsp block holds 1 to %u entries", c->name, c->rsp_regs,
        RSP_MAX_ENTRIES);
    REQ(c->rc_rports <= RC_MAX_RPORTS && c->rc_rports <= RSP_MAX_RPORTS,
        "%s: field 'rc_rports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_rports,
        RC_MAX_RPORTS < RSP_MAX_RPORTS ? RC_MAX_RPORTS : RSP_MAX_RPORTS);
    REQ(c->rc_wports <= RC_MAX_WPORTS && c->rc_wports <= RSP_MAX_WPORTS,
        "%s: field 'rc_wports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_wports,
        RC_MAX_WPORTS < RSP_MAX_WPORTS ? RC_MAX_WPORTS : RSP_MAX_WPORTS);
#undef REQ
    return 0;
}

int cfg_set(sm_cfg_t *c, const char *key, const char *value, char *err, size_t errlen)
{
    const field_t *f = find_field(key);
    if (!f) {
        snprintf(err, errlen, "override '%s': unknown parameter", key);
        return -1;
    }
    return set_field(c, f, value, 0, 1, "override", err, errlen);
}

const char *cfg_param_name(unsigned i)
{
    return i < NFIELDS ? fields[i].key : i == NFIELDS ? "arch" : NULL;
}

int cfg_load(const char *spec, const char *dir, sm_cfg_t *c, char *err, size_t errlen)
{
    char path[1024];
    size_t n = strlen(spec);
    if (n > 5 && !strcmp(spec + n - 5, ".json"))
        snprintf(path, sizeof path, "%s", spec);
    else
        snprintf(path, sizeof path, "%s/%s.json", dir, spec);

    json_error_t je;
    FILE *probe = fopen(path, "r");
    if (!probe) {
        char names[512];
        cfg_list_presets(dir, names, sizeof names);
        if (strchr(spec, '/') || (n > 5 && !strcmp(spec + n - 5, ".json")))
            snprintf(err, errlen, "%s: cannot open the preset file", path);
        else
            snprintf(err, errlen, "preset '%s': no %s/%s.json (presets: %s)", spec, dir, spec,
                     names[0] ? names : "none");
        return -1;
    }
    fclose(probe);
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(err, errlen, "%s:%d: %s", path, je.line, je.text);
        return -1;
    }
    int rc = -1;
    memset(c, 0, sizeof *c);
    unsigned char seen[NFIELDS] = {0};
    int seen_arch = 0, has_sources = 0;
    const char *key;
    json_t *val;
    if (!json_is_object(root)) {
        snprintf(err, errlen, "%s: top level must be an object", path);
        goto out;
    }
    json_object_foreach(root, key, val)
    {
        if (!strcmp(key, "description") || !strcmp(key, "source"))
            continue;
        if (!strcmp(key, "sources")) {
            if (cfg_sources_check(val, path, err, errlen))
                goto out;
            has_sources = 1;
            continue;
        }
        if (!strcmp(key, "default_for")) {
            if (cfg_default_for(val, 0, path, err, errlen) < 0)
                goto out;
            continue;
        }
        if (!strcmp(key, "arch")) {
            const char *a = json_is_string(val) ? json_string_value(val) : "";
            unsigned v = 0;
            if (strcmp(a, "any") && (sscanf(a, "sm_%u", &v) != 1 || v < 10 || v > 99)) {
                snprintf(err, errlen, "%s: field 'arch': expected \"sm_XY\" or \"any\"", path);
                goto out;
            }
            c->arch = v;
            seen_arch = 1;
            continue;
        }
        if (!strcmp(key, "name")) {
            if (!json_is_string(val)) {
                snprintf(err, errlen, "%s: field 'name': expected a string", path);
                goto out;
            }
            snprintf(c->name, sizeof c->name, "%s", json_string_value(val));
            continue;
        }
        const field_t *f = find_field(key);
        char where[1100];
        snprintf(where, sizeof where, "%s:%d", path, cfg_key_line(path, key));
        if (!f) {
            snprintf(err, errlen, "%s: field '%s': unknown parameter", where, key);
            goto out;
        }
        if (json_is_string(val)) {
            if (set_field(c, f, json_string_value(val), 0, 1, where, err, errlen))
                goto out;
        } else if (json_is_integer(val)) {
            if (f->names) {
                snprintf(err, errlen, "%s: field '%s': expected a string", where, key);
                goto out;
            }
            if (set_field(c, f, NULL, json_integer_value(val), 0, where, err, errlen))
                goto out;
        } else {
            snprintf(err, errlen, "%s: field '%s': expected an integer or string", where, key);
            goto out;
        }
        seen[f - fields] = 1;
    }
    if (!c->name[0]) {
        snprintf(err, errlen, "%s: field 'name': missing", path);
        goto out;
    }
    if (!seen_arch) {
        snprintf(err, errlen, "%s: field 'arch': missing (every preset names every parameter)",
                 path);
        goto out;
    }
    if (has_sources && cfg_sources_cover(json_object_get(root, "sources"), path, err, errlen))
        goto out;
    for (size_t i = 0; i < NFIELDS; i++)
        if (!seen[i]) {
            snprintf(err, errlen, "%s: field '%s': missing (every preset names every parameter)",
                     path, fields[i].key);
            goto out;
        }
    rc = cfg_validate(c, err, errlen);
out:
    json_decref(root);
    return rc;
}
