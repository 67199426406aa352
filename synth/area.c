/* LTRF storage and area report (see area.h). */
#include "area.h"
#include "cmodel/wcb.h"
#include "core/sm.h"
#include <stdlib.h>
#include <string.h>

#define MAX_PARTS 16

typedef struct {
    const char *block;
    unsigned per_sm; /* instances per SM */
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

/* the main register file, then every block the ltrf design adds to the baseline's, with the
 * instances per SM counted in the ltrf design built for this preset (designs.def) */
static int ltrf_parts(const sm_cfg_t *c, part_t *parts, unsigned *np, FILE *f)
{
    const design_t *lt = design_find("ltrf"), *bl = design_find("baseline");
    sm_cfg_t two = *c;
    two.scheduler = SCHED_TWO_LEVEL;
    char err[512];
    sm_opts_t o = {.design = lt};
    sm_t *sm = lt && bl ? sm_new(&two, &o, err, sizeof err) : NULL;
    if (!sm) {
        fprintf(f, "gpurf area: cannot build the ltrf design for preset %s: %s\n", c->name,
                lt && bl ? err : "ltrf or baseline not in designs.def");
        return -1;
    }
    const ls_ctx_t *ls = sm_lockstep(sm);
    *np = 0;
    parts[(*np)++] = (part_t){"rf", 0, NULL};
    for (unsigned i = 0; block_list[i] && *np < MAX_PARTS; i++)
        if (listed(lt->blocks, block_list[i]->name) && !listed(bl->blocks, block_list[i]->name))
            parts[(*np)++] = (part_t){block_list[i]->name, 0, NULL};
    for (unsigned i = 0; i < ls->n_all; i++)
        for (unsigned k = 0; k < *np; k++)
            parts[k].per_sm += !strcmp(ls->all[i]->bd->name, parts[k].block);
    sm_free(sm);
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

static double total(const part_t *p) { return p->per_sm * (p->b->logic_um2 + p->b->sram_um2); }

int area_report(const sm_cfg_t *c, const synth_sum_t *s, FILE *f)
{
    const unsigned S = c->schedulers;
    part_t parts[MAX_PARTS];
    unsigned np;
    if (ltrf_parts(c, parts, &np, stderr))
        return 2;
    for (unsigned i = 0; i < np; i++)
        if (!(parts[i].b = matching(c, s, parts[i].block))) {
            fprintf(stderr, "gpurf area: block %s of preset %s is not in the summary with these "
                            "parameters (make synth)\n",
                    parts[i].block, c->name);
            return 2;
        }
    unsigned long paper = wcb_storage_bits(64, 256, 16, 8);
    unsigned long ours = S * wcb_storage_bits(cfg_warps_per_sc(c), c->arch_regs, c->rfc_banks,
                                              c->active_pool);
    unsigned long rf_bits = (unsigned long)c->rf_warp_regs * c->lanes * 32;
    fprintf(f, "LTRF storage and area per SM, preset %s (estimates; %s)\n", c->name,
            "areas from synth/cells.lib and the SRAM-macro estimate");
    fprintf(f, "  WCB storage (Sec. 4.3 formula warps x (regs x (bank bits + 1) + offset bits + 2 x regs)):\n");
    fprintf(f, "    paper: 64 warps, 256 registers, 16 banks, 8 active warps: %lu bits (paper: 114,880)\n", paper);
    fprintf(f, "    ours:  %u warps, %u registers, %u banks, %u active warps per sub-core x %u: %lu bits\n",
            cfg_warps_per_sc(c), c->arch_regs, c->rfc_banks, c->active_pool, S, ours);
    fprintf(f, "    relative to the %lu-bit main register file: %.1f%% of its bits (paper: WCB about 5%% of "
               "the 256 KB register file's area)\n",
            rf_bits, 100.0 * ours / rf_bits);
    fprintf(f, "  %-8s %6s %14s %14s %10s\n", "block", "per SM", "um2 each", "um2 per SM", "vs main RF");
    double rf = total(&parts[0]), added = 0;
    for (unsigned i = 0; i < np; i++) {
        double t = total(&parts[i]);
        if (i)
            added += t;
        fprintf(f, "  %-8s %6u %14.0f %14.0f %9.1f%%\n", parts[i].block, parts[i].per_sm,
                parts[i].b->logic_um2 + parts[i].b->sram_um2, t, 100.0 * t / rf);
    }
    fprintf(f, "  LTRF additions (WCB + AAUs + register-file cache): %.0f um2 = %.1f%% of the main "
               "register file (paper: LTRF adds 16%%, GPUWattch model)\n",
            added, 100.0 * added / rf);
    return 0;
}
