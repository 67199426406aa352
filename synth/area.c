/* LTRF storage and area report (see area.h). */
#include "area.h"
#include "cmodel/avail.h"
#include "cmodel/ccu.h"
#include "cmodel/ccu_alloc.h"
#include "cmodel/rc.h"
#include "cmodel/rflc.h"
#include "cmodel/rnt.h"
#include "cmodel/wcb.h"
#include "core/gpu.h"
#include "energy/energy.h"
#include <stdlib.h>
#include <string.h>

#define MAX_PARTS 16

typedef struct {
    const char *block;
    unsigned per_sm; /* instances per SM */
    int gone;        /* a baseline block the design replaces: counted negative */
    const synth_block_t *b;
} part_t;

static int listed(const char *blocks, const char *b)
{
    size_t n = strlen(b);
    for (const char *p = blocks; *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, b, n))
            return 1;
        p += k + (p[k] == ' ');
    }
    return 0;
}

/* the main register file, then the blocks the design adds (`added`), with the instances per
 * SM counted in the design built for this preset */
static int parts_of(const sm_cfg_t *c, const char *design, const char *added, part_t *parts,
                    unsigned *np, FILE *f)
{
    const design_t *d = design_find(design);
    sm_cfg_t cc = *c;
    char err[512], note[160];
    sm_opts_t o = {.design = d};
    cc.sms = 1;
    gpu_t *g = d && !sm_resolve_scheduler(&cc, d, 0, note, sizeof note, err, sizeof err)
                   ? gpu_new(&cc, &o, 0, 1, err, sizeof err)
                   : NULL;
    if (!g) {
        fprintf(f, "gpurf area: cannot build the %s design for preset %s: %s\n", design, c->name,
                d ? err : "not in designs.def");
        return -1;
    }
    const ls_ctx_t *ls = sm_lockstep(gpu_sm(g, 0));
    *np = 0;
    parts[(*np)++] = (part_t){"rf", c->schedulers, 0, NULL};
    for (unsigned i = 0; block_list[i] && *np < MAX_PARTS; i++)
        if (listed(added, block_list[i]->name))
            parts[(*np)++] = (part_t){block_list[i]->name, 0, 0, NULL};
    for (unsigned i = 0; i < ls->n_all; i++)
        for (unsigned k = 1; k < *np; k++)
            parts[k].per_sm += !strcmp(ls->all[i]->bd->name, parts[k].block);
    gpu_free(g);
    return 0;
}

/* the synthesized block, if it was built with the parameters this preset gives it */
static const synth_block_t *matching(const sm_cfg_t *c, const synth_sum_t *s, const char *name)
{
    const block_desc_t *bd = block_find(name);
    void *cfg = bd ? calloc(1, bd->cfg_size) : NULL;
    const synth_block_t *b = NULL;
    if (cfg) {
        bd->cfg_from_sm(c, cfg);
        b = synth_match(s, bd, cfg);
    }
    free(cfg);
    return b;
}

static unsigned long rf_bits(const sm_cfg_t *c) { return (unsigned long)c->rf_warp_regs * c->lanes * 32; }

static void ltrf_storage(const sm_cfg_t *c, FILE *f)
{
    unsigned long paper = wcb_storage_bits(64, 256, 16, 8, 0);
    unsigned long ours = c->schedulers * wcb_storage_bits(cfg_warps_per_sc(c), c->arch_regs,
                                                          c->rfc_banks, c->active_pool, 0);
    unsigned long dirty = c->schedulers * wcb_storage_bits(cfg_warps_per_sc(c), c->arch_regs,
                                                           c->rfc_banks, c->active_pool, 1) - ours;
    fprintf(f, "  WCB storage (Sec. 4.3 formula warps x (regs x (bank bits + 1) + offset bits + 2 x regs)):\n");
    fprintf(f, "    paper: 64 warps, 256 registers, 16 banks, 8 active warps: %lu bits (paper: 114,880)\n", paper);
    fprintf(f, "    ours:  %u warps, %u registers, %u banks, %u active warps per sub-core x %u: %lu bits\n",
            cfg_warps_per_sc(c), c->arch_regs, c->rfc_banks, c->active_pool, c->schedulers, ours);
    fprintf(f, "    relative to the %lu-bit main register file: %.1f%% of its bits (paper: WCB about 5%% of "
               "the 256 KB register file's area)\n",
            rf_bits(c), 100.0 * ours / rf_bits(c));
    fprintf(f, "    a dirty bit per register (rfc_writeback dirty, live+dirty): %lu bits more (+%.1f%%)\n",
            dirty, 100.0 * dirty / ours);
}

static void kb_line(FILE *f, const char *what, unsigned long bits, unsigned long rf, const char *paper)
{
    fprintf(f, "    %-44s %8lu bits = %6.2f KB = %5.2f%% of the register file  (paper: %s)\n", what,
            bits, bits / 8192.0, 100.0 * bits / rf, paper);
}

/* Jeon and Annavaram Eq. 1, Secs. 6.1-7.1: the renaming table, availability flags and
 * release-flag cache, the paper's Fermi figures and this preset's (per SM) */
static void rename_storage(const sm_cfg_t *c, FILE *f)
{
    const unsigned long fermi_rf = 128ul * 1024 * 8, eq1 = 48ul * 63 * 10;
    fprintf(f, "  renaming storage, paper (Fermi: 48 warps x 63 registers x 10-bit ids, 1024 registers):\n");
    kb_line(f, "Eq. 1 renaming table", eq1, fermi_rf, "3.69 KB, 2.8%");
    kb_line(f, "with the availability flags", eq1 + 1024, fermi_rf, "3.8 KB, 2.9%");
    kb_line(f, "release-flag cache, 48 x 54 flag bits", 48ul * 54, fermi_rf, "324 B");
    kb_line(f, "constrained renaming table (Sec. 7.1)", 8192, fermi_rf, "1 KB");
    rnt_cfg_t t;
    avail_cfg_t av;
    rflc_cfg_t fc;
    rnt_cfg_from_sm(c, &t);
    avail_cfg_from_sm(c, &av);
    rflc_cfg_from_sm(c, &fc);
    const unsigned S = c->schedulers;
    const unsigned long full = (unsigned long)S * t.num_warps * t.arch_regs * t.phys_bits;
    const unsigned long table = (unsigned long)S * t.entries * (t.phys_bits + 1);
    const unsigned long flags = (unsigned long)S * av.phys_regs;
    const unsigned long fcache = (unsigned long)S * fc.entries * (RFLC_FLAG_BITS + RFLC_TAG_BITS + 1 + fc.slot_bits);
    char what[96];
    fprintf(f, "  ours, preset %s (%u sub-core%s of %u warps, %u registers, %u-bit ids):\n", c->name, S,
            S > 1 ? "s" : "", t.num_warps, t.arch_regs, t.phys_bits);
    kb_line(f, "Eq. 1 renaming table (no valid bits)", full, rf_bits(c), "as above");
    snprintf(what, sizeof what, "rnt: %u entries x (id + valid bit)", t.entries);
    kb_line(f, what, table, rf_bits(c), "1 KB budget, rn_table_bits");
    kb_line(f, "availability flags", flags, rf_bits(c), "1024 bits");
    snprintf(what, sizeof what, "rflc: %u x (54 flags + %u tag + valid + LRU)", fc.entries, RFLC_TAG_BITS);
    kb_line(f, what, fcache, rf_bits(c), "324 B without tags");
}

/* Bailey et al. Secs. III-A, III-A4: the register cache (data, tag, valid, dirty, LRU per
 * line) and the scratchpad (data only) of every scheduler, per SM */
static void hybrid_storage(const sm_cfg_t *c, FILE *f)
{
    rc_cfg_t rc;
    rc_cfg_from_sm(c, &rc);
    const unsigned S = c->schedulers, reg = c->lanes * 32;
    const unsigned long rcb = (unsigned long)S * rc.lines * (reg + rc.warp_bits + rc.reg_bits + 2 + rc.way_bits);
    const unsigned long rspb = (unsigned long)S * c->active_pool * c->rsp_regs * reg;
    char what[96];
    fprintf(f, "  ours, preset %s (%u schedulers, %u-bit warp registers):\n", c->name, S, reg);
    snprintf(what, sizeof what, "rc: %u lines x (data + tag + valid, dirty, LRU)", rc.lines);
    kb_line(f, what, rcb, rf_bits(c), "8 KB/SM of data, 6R/2W");
    snprintf(what, sizeof what, "rsp: %u pool slots x %u registers", c->active_pool, c->rsp_regs);
    kb_line(f, what, rspb, rf_bits(c), "4 KB/SM, 6R/2W");
    kb_line(f, "hybrid: both", rcb + rspb, rf_bits(c), "12 KB/SM; die +4.7%");
}

/* Malekeh Secs. 3.2, 9.4: the control fields each CCU adds to an operand collector (cache
 * table tag, valid, lock, near hint and LRU rank per entry; a collector-table pointer per
 * source), the allocator's counter and ranks, per SM; and the cache table's data against the
 * operand collector's */
static void malekeh_storage(const sm_cfg_t *c, FILE *f)
{
    ccu_cfg_t cc;
    ccu_alloc_cfg_t ac;
    ccu_cfg_from_sm(c, &cc);
    ccu_alloc_cfg_from_sm(c, &ac);
    const unsigned n = c->collectors, allocs = c->ccu_pool == CCU_POOL_SM ? 1 : c->schedulers;
    const unsigned long entry = cc.reg_bits + 2 + cc.near_bits + cc.idx_bits;
    const unsigned long ct = (unsigned long)n * cc.slots * entry, oct = (unsigned long)n * cc.max_srcs * cc.idx_bits;
    const unsigned long alloc = (unsigned long)allocs * (ac.sthld_bits + 1 + ac.num_ccus * ac.ccu_bits);
    const unsigned long reg = c->lanes * 32ul;
    char what[112];
    fprintf(f, "  Malekeh control fields, preset %s (%u CCUs per SM, %u entries, %u sources, %u-bit hints):\n",
            c->name, n, cc.slots, cc.max_srcs, cc.near_bits);
    snprintf(what, sizeof what, "cache tables: %u x %u x (%u tag + valid + lock + %u near + %u LRU)", n,
             cc.slots, cc.reg_bits, cc.near_bits, cc.idx_bits);
    kb_line(f, what, ct, rf_bits(c), "with the pointers: 128 B/SM");
    snprintf(what, sizeof what, "collector tables: %u x %u x %u-bit pointers", n, cc.max_srcs, cc.idx_bits);
    kb_line(f, what, oct, rf_bits(c), "as above");
    snprintf(what, sizeof what, "allocator%s: counter + %u LRU ranks", allocs > 1 ? "s" : "", ac.num_ccus);
    kb_line(f, what, alloc, rf_bits(c), "not counted");
    kb_line(f, "control fields per SM", ct + oct + alloc, rf_bits(c), "128 B = 1024 bits, 0.04%");
    fprintf(f, "    data: %u entries of %lu bits per CCU where an operand collector holds %u: %+ld bits per SM "
               "(paper: the same data as the collectors)\n",
            cc.slots, reg, c->max_srcs, (long)n * ((long)cc.slots - (long)c->max_srcs) * (long)reg);
}

#define MAX_STRUCTS 4

typedef struct {
    const char *design, *added, *replaced, *title, *paper;
    void (*storage)(const sm_cfg_t *c, FILE *f);
    int structs[MAX_STRUCTS];  /* the storage it adds (E_* + 1; 0 ends the list) */
    int gone;                  /* the storage it replaces (E_* + 1, or 0) */
    double paper_pct;          /* the paper's added area in % of the main RF's (< 0: none) */
    const char *why;           /* where the paper's figure and ours part (measured below) */
} area_design_t;

#define S(n) (E_##n + 1)
static const area_design_t area_designs[] = {
    {"ltrf", "rf_fill wcb aau aau_off rfc", "rf", "LTRF",
     "WCB + AAUs + register-file cache + the main RF's fill ports (rf_fill in place of rf); paper: LTRF "
     "adds 16% (000 Sec. 4.3, GPUWattch)", ltrf_storage,
     {S(rfc), S(wcb), S(aau)}, 0, 16.0,
     "the paper prices its 16 KB RFC in GPUWattch (000 Sec. 5); here its banks are arrays of one row "
     "per active warp, whose periphery the law charges on few bits (area per bit above; below the "
     "CACTI grid's 512 B the law extrapolates), a preset with several schedulers gives each its own, and "
     "the RTL's fill path (rf_fill: a read port of the main RF per cache row) and the WCB's per-warp "
     "tables are logic the paper does not price"},
    {"rename", "rnt avail rflc", "", "register renaming",
     "renaming table + availability flags + release-flag cache; paper: 0.22 ns of a 1.25 ns cycle",
     rename_storage, {S(rnt), S(rflc)}, 0, 1.0,
     "the paper counts bits (1 KB constrained table, 001 Sec. 7.1: about 1%); a narrow table's "
     "decoder and periphery cost more area per bit than a 128-bit-wide bank"},
    {"hybrid", "rc rsp", "", "hybrid register cache / scratchpad",
     "register cache + scratchpad; paper: die +5.7% RC, +3.6% RSP, +4.7% hybrid (CACTI)", hybrid_storage,
     {S(rc), S(rc_tag), S(rsp)}, 0, -1,
     "the paper gives the GPU die's growth (002 Sec. III-A4), not the register file's; at 6 read and "
     "2 write ports a cell is several times a single-ported one (temp_priced_ports)"},
    {"malekeh", "ccu ccu_alloc sthld", "ocu", "Malekeh",
     "CCUs in place of the operand collectors + allocator + adaptive STHLD; paper: 128 B/SM, 0.04% of a "
     "256 KB register file",
     malekeh_storage, {S(ccu), S(ccu_tag)}, S(ocu), 0.04,
     "the paper counts the control fields' bits only (003 Sec. 9.4) and reuses the OCUs' data fields; "
     "here the CCU's data array also has the write-back port D (Sec. 3.2), which widens every cell, "
     "and with ccu_data own ccu_slots rows in place of the OCU's"},
};
#undef S

/* storage by the SRAM law (the energy model's arrays): what the design adds, per SM, against
 * the main RF's banks; with the decomposition area share = bit share x area per bit */
static int law_storage(const sm_cfg_t *c, const area_design_t *ad, FILE *f, double *added, double *mrf)
{
    energy_table_t t;
    char err[512];
    if (energy_table(c, &t, err, sizeof err)) {
        fprintf(stderr, "gpurf area: %s\n", err);
        return -1;
    }
    const energy_struct_t *m = &t.s[E_mrf];
    *mrf = m->instances * m->cost.area_um2;
    const double mrf_bits = m->instances * m->g.rows * m->g.bits * m->slices;
    fprintf(f, "  storage by the SRAM law (sim/energy/sram.h, CACTI 7 shape), per SM:\n");
    fprintf(f, "    %-9s %9s %8s %6s %6s %10s %12s %10s %9s %12s\n", "array", "instances", "rows", "bits",
            "ports", "um2 each", "um2 per SM", "vs MRF", "bits vs", "um2/bit vs");
    fprintf(f, "    %-9s %9.0f %8.1f %6.0f %6u %10.0f %12.0f %9.1f%% %8.1f%% %11.2fx\n", "mrf", m->instances,
            m->g.rows, m->g.bits * m->slices, m->g.ports, m->cost.area_um2, *mrf, 100.0, 100.0, 1.0);
    *added = 0;
    for (int k = -1; k < MAX_STRUCTS; k++) {
        int e = k < 0 ? ad->gone : ad->structs[k];
        if (!e)
            continue;
        const energy_struct_t *x = &t.s[e - 1];
        const double sign = k < 0 ? -1 : 1, a = sign * x->instances * x->cost.area_um2;
        const double bits = sign * x->instances * x->g.rows * x->g.bits * x->slices;
        *added += a;
        fprintf(f, "    %-9s %9.0f %8.1f %6.0f %6u %10.0f %12.0f %9.1f%% %8.1f%% %11.2fx\n", energy_struct_names[e - 1],
                sign * x->instances, x->g.rows, x->g.bits * x->slices, x->g.ports, x->cost.area_um2, a,
                100.0 * a / *mrf, 100.0 * bits / mrf_bits, (a / bits) / (*mrf / mrf_bits));
    }
    fprintf(f, "    storage added: %.0f um2 = %.1f%% of the main RF's banks (%.0f um2)\n", *added,
            100.0 * *added / *mrf, *mrf);
    return 0;
}

static void verdict(const area_design_t *ad, double pct, FILE *f)
{
    if (ad->paper_pct < 0) {
        fprintf(f, "  against the paper: %.1f%% of the main RF; the paper's figure is not of the register file: %s\n",
                pct, ad->why);
        return;
    }
    const double r = pct / ad->paper_pct;
    fprintf(f, "  against the paper: %.1f%% of the main RF, paper %.2f%%: %.2fx%s%s\n", pct, ad->paper_pct, r,
            r > 2 || r < 0.5 ? "; over 2x apart: " : "", r > 2 || r < 0.5 ? ad->why : "");
}

int area_report(const sm_cfg_t *c, const synth_sum_t *s, const char *design, FILE *f)
{
    const area_design_t *ad = NULL;
    for (unsigned i = 0; i < sizeof area_designs / sizeof area_designs[0]; i++)
        if (!strcmp(area_designs[i].design, design))
            ad = &area_designs[i];
    if (!ad) {
        fprintf(stderr, "gpurf area: --design: no storage model for '%s' (ltrf, rename, hybrid or malekeh)\n", design);
        return 2;
    }
    part_t parts[MAX_PARTS], gone[MAX_PARTS];
    unsigned np, ng = 0;
    if (parts_of(c, design, ad->added, parts, &np, stderr) ||
        (*ad->replaced && parts_of(c, "baseline", ad->replaced, gone, &ng, stderr)))
        return 2;
    fprintf(f, "%s storage and area per SM, preset %s (estimates: storage by the SRAM law, logic by "
               "Yosys on synth/cells.lib)\n", ad->title, c->name);
    ad->storage(c, f);
    double law_added, mrf;
    if (law_storage(c, ad, f, &law_added, &mrf))
        return 2;
    if (!s) {
        verdict(ad, 100.0 * law_added / mrf, f);
        fprintf(f, "  logic: not counted (give --synth with a synthesis summary for the blocks' standard "
                   "cells: build/synth/area-%s.json, lane-slice estimates in seconds from the committed cache "
                   "(make run, or scripts/area_synth.sh %s OUT.json BLOCK...), or build/synth/%s.json from "
                   "make synth, every block as it is with sign-off)\n", c->name, c->name, c->name);
        return 0;
    }
    for (unsigned i = 1; i < ng && np < MAX_PARTS; i++) {
        parts[np] = gone[i];
        parts[np++].gone = 1;
    }
    for (unsigned i = 0; i < np; i++)
        if (!(parts[i].b = matching(c, s, parts[i].block))) {
            fprintf(stderr, "gpurf area: block %s of preset %s is not in the summary with these "
                            "parameters (make synth)\n",
                    parts[i].block, c->name);
            return 2;
        }
    fprintf(f, "  logic by Yosys (standard cells of synth/cells.lib), per SM; the RTL's SRAM macros priced by the law\n");
    fprintf(f, "    %-9s %6s %12s %14s %14s %10s %9s\n", "block", "per SM", "logic each", "logic per SM",
            "RTL SRAM/SM", "path ns", "slack ns");
    double rf_logic = 0, logic = 0;
    for (unsigned i = 0; i < np; i++) {
        const double k = (parts[i].gone ? -1.0 : 1.0) * parts[i].per_sm, l = k * parts[i].b->logic_um2;
        if (i)
            logic += l;
        else
            rf_logic = l;
        fprintf(f, "    %-9s %6.0f %12.0f %14.0f %14.0f %10.2f %9.3f\n", parts[i].block, k, parts[i].b->logic_um2,
                l, k * parts[i].b->sram_um2, parts[i].b->crit_ps / 1000.0, parts[i].b->sta_slack_ps / 1000.0);
    }
    const double rf = mrf + rf_logic, all = law_added + logic;
    fprintf(f, "  %s additions (%s): storage %.0f + logic %.0f = %.0f um2 = %.1f%% of the main register file "
               "(banks %.0f + logic %.0f um2)\n",
            ad->title, ad->paper, law_added, logic, all, 100.0 * all / rf, mrf, rf_logic);
    verdict(ad, 100.0 * all / rf, f);
    return 0;
}
