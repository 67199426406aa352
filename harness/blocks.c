/* Block descriptor table (see blocks.h). */
#include "blocks.h"
#include "cmodel/aau.h"
#include "cmodel/avail.h"
#include "cmodel/ccu.h"
#include "cmodel/ccu_alloc.h"
#include "cmodel/ocu.h"
#include "cmodel/rc.h"
#include "cmodel/rf.h"
#include "cmodel/rfc.h"
#include "cmodel/rflc.h"
#include "cmodel/rnt.h"
#include "cmodel/rsp.h"
#include "cmodel/sthld.h"
#include "cmodel/wcb.h"
#include <string.h>
#include <strings.h>

/* the generic adapters of the C model X */
#define BLOCK_FUNCS(X, PARAMS)                                                                     \
    static int X##_d_init(void *s, const void *c) { return X##_init(s, c); }                       \
    static void X##_d_free(void *s) { X##_free(s); }                                               \
    static void X##_d_eval(void *s, const void *i, void *o) { X##_eval(s, i, o); }                 \
    static void X##_d_tick(void *s, const void *i) { X##_tick(s, i); }                             \
    static void X##_d_params(const void *cv, FILE *f, const char *pre, const char *eq,             \
                             const char *sep)                                                      \
    {                                                                                              \
        const X##_cfg_t *c = cv;                                                                   \
        const char *s = "";                                                                        \
        PARAMS(BLOCK_PARAM)                                                                        \
    }

/* the C models with a quiet predicate (blocks.h); the others never skip an edge */
#define QUIET(X)                                                                                   \
    static int X##_d_quiet(const void *s, const void *i) { return X##_quiet(s, i); }
QUIET(rf)
QUIET(ocu)
QUIET(aau)
QUIET(wcb)
QUIET(rfc)
#define rf_QUIET rf_d_quiet
#define ocu_QUIET ocu_d_quiet
#define aau_QUIET aau_d_quiet
#define wcb_QUIET wcb_d_quiet
#define rfc_QUIET rfc_d_quiet
#define ccu_QUIET NULL
#define sthld_QUIET NULL
#define ccu_alloc_QUIET NULL
#define rnt_QUIET NULL
#define avail_QUIET NULL
#define rflc_QUIET NULL
#define rc_QUIET NULL
#define rsp_QUIET NULL

/* block NAME built from the C model X, its parameters from the SM preset by CFG */
#define BLOCK_DESC(NAME, X, CFG, BIAS)                                                             \
    static void NAME##_d_cfg(const sm_cfg_t *sm, void *c) { CFG(sm, c); }                          \
    static const block_desc_t NAME##_desc = {#NAME,          #X,              X##_RTL_DEPS,        \
                                             X##_MOORE,                                            \
                                             &X##_port_table, sizeof(X##_cfg_t),                   \
                                             sizeof(X##_state_t), sizeof(X##_in_t),                \
                                             sizeof(X##_out_t), NAME##_d_cfg,                      \
                                             X##_d_init,      X##_d_free,                          \
                                             X##_d_eval,      X##_d_tick,                          \
                                             X##_QUIET,                                            \
                                             BIAS,            X##_d_params};

#define BLOCK_GLUE(X, PARAMS, BIAS)                                                                \
    BLOCK_FUNCS(X, PARAMS)                                                                         \
    BLOCK_DESC(X, X, X##_cfg_from_sm, BIAS)

#define BLOCK_PARAM(V, fld)                                                                        \
    fprintf(f, "%s%s%s%s%u", s, pre, #V, eq, c->fld);                                                 \
    s = sep;

/* the shared RTL modules each module instantiates */
#define rf_RTL_DEPS "bank_arb uprefix rsp_xbar or_tree"
#define ocu_RTL_DEPS ""
#define aau_RTL_DEPS ""
#define wcb_RTL_DEPS ""
#define rfc_RTL_DEPS "bank_arb uprefix rsp_xbar xbar_link"
#define ccu_RTL_DEPS "ccu_lookup ccu_place lru_matrix ucount"
#define sthld_RTL_DEPS ""
#define ccu_alloc_RTL_DEPS "lru_matrix"
#define rnt_RTL_DEPS ""
#define avail_RTL_DEPS ""
#define rflc_RTL_DEPS "lru_matrix"
#define rc_RTL_DEPS "ucount"
#define rsp_RTL_DEPS ""
/* blocks whose outputs depend on their state only (their C eval ignores the inputs) */
#define rf_MOORE 0
#define ocu_MOORE 1
#define aau_MOORE 1
#define wcb_MOORE 0
#define rfc_MOORE 0
#define ccu_MOORE 1
#define sthld_MOORE 1
#define ccu_alloc_MOORE 0
#define rnt_MOORE 0
#define avail_MOORE 0
#define rflc_MOORE 0
#define rc_MOORE 0
#define rsp_MOORE 1

BLOCK_GLUE(rf, RF_PARAMS, "")
BLOCK_GLUE(ocu, OCU_PARAMS, "")
/* a renaming design's register file and collectors, addressed by physical register id */
BLOCK_DESC(rf_phys, rf, rf_phys_cfg_from_sm, "")
BLOCK_DESC(rf_pool, rf, rf_pool_cfg_from_sm, "")
BLOCK_DESC(rf_fill, rf, rf_fill_cfg_from_sm, "")
BLOCK_DESC(ocu_phys, ocu, ocu_phys_cfg_from_sm, "")
#define AAU_BIAS "rel_all=0.02,alloc_valid=0.6"
BLOCK_GLUE(aau, AAU_PARAMS, AAU_BIAS)
BLOCK_DESC(aau_off, aau, aau_off_cfg_from_sm, AAU_BIAS)
BLOCK_GLUE(wcb, WCB_PARAMS, "init_valid=0.01,deact_valid=0.05")
BLOCK_GLUE(rfc, RFC_PARAMS, "")
/* two warps and a few more registers than entries, so that sources hit, repeat and evict
 * entries a later source names, and writes of the owning warp hit, allocate and invalidate */
BLOCK_GLUE(ccu, CCU_PARAMS,
           "alloc_valid=0.4,disp_ready=0.6,rel_valid=0.05,alloc_warp=2,wr_warp=2,rel_warp=2,"
           "alloc_src=11,wr_reg=11")
BLOCK_GLUE(sthld, STHLD_PARAMS, "")
/* CCUs mostly free and holding near values, so that the STHLD wait is exercised */
#define CCU_ALLOC_BIAS "ccu_busy=0.3,ccu_valid=0.8,ccu_near=0.7"
BLOCK_GLUE(ccu_alloc, CCU_ALLOC_PARAMS, CCU_ALLOC_BIAS)
/* the stall counter reset by every grant (sthld_counter grant) */
BLOCK_DESC(ccu_alloc_gr, ccu_alloc, ccu_alloc_gr_cfg_from_sm, CCU_ALLOC_BIAS)
/* writes in a third of the cycles, so that drains (which need a cycle without one) advance */
BLOCK_GLUE(rnt, RNT_PARAMS, "wr_valid=0.3,wr_unmap=0.4,drain_valid=0.3")
/* allocations outpace frees a little, so that sub-arrays fill up and some requests fail */
BLOCK_GLUE(avail, AVAIL_PARAMS, "al_valid=0.5,fr_valid=0.5,rs_valid=0.05")
/* tags from a small range, so that lookups hit and fills meet cached tags; few warps active,
 * so that some entries are free to evict */
BLOCK_GLUE(rflc, RFLC_PARAMS, "warp_valid=0.1,fill_valid=0.5,flush=0.01,lk_tag=48,fill_tag=48,warp_next=64")
/* a few warps and registers, so that reads hit and writes evict; masks mostly full, so that
 * writes allocate; few last-use reads and warp-invalidates, so that lines live a while */
#define RC_BIAS                                                                                    \
    "rd_warp=3,rd_reg=6,wr_warp=3,wr_reg=6,wr_mask=0.8,rd_last=0.1,inv_valid=0.02,fl_valid=0.1"
BLOCK_GLUE(rc, RC_PARAMS, RC_BIAS)
/* the per-warp partition (Fig. 4) indexed by register alone, with the flush of a slot */
BLOCK_DESC(rc_pw, rc, rc_pw_cfg_from_sm, RC_BIAS)
BLOCK_GLUE(rsp, RSP_PARAMS, "")

const block_desc_t *const block_list[] = {&rf_desc,  &ocu_desc, &aau_desc, &aau_off_desc,
                                          &wcb_desc, &rfc_desc, &ccu_desc, &sthld_desc,
                                          &ccu_alloc_desc, &ccu_alloc_gr_desc, &rnt_desc, &avail_desc,
                                          &rflc_desc, &rf_phys_desc, &rf_pool_desc, &rf_fill_desc, &ocu_phys_desc,
                                          &rc_desc, &rc_pw_desc, &rsp_desc, NULL};

const block_desc_t *block_find(const char *name)
{
    for (unsigned i = 0; block_list[i]; i++)
        if (!strcmp(block_list[i]->name, name))
            return block_list[i];
    return NULL;
}

void block_rtl_files(const block_desc_t *bd, FILE *f)
{
    fprintf(f, "rtl/%s.v", bd->module);
    for (const char *p = bd->rtl_deps; *p;) {
        size_t n = strcspn(p, " ");
        fprintf(f, " rtl/%.*s.v", (int)n, p);
        p += n + (p[n] == ' ');
    }
}

/* the block's RTL parameters for a configuration, as "Name=value " text */
static void params_text(const block_desc_t *bd, const sm_cfg_t *c, char *buf, size_t n)
{
    unsigned char cfg[4096];
    FILE *f = fmemopen(buf, n, "w");
    buf[0] = 0;
    if (!f || bd->cfg_size > sizeof cfg)
        return;
    bd->cfg_from_sm(c, cfg);
    bd->params(cfg, f, "", "=", " ");
    fputc(' ', f);
    fclose(f);
}

uint64_t block_rtl_key(const block_desc_t *bd, const sm_cfg_t *c)
{
    char t[2048];
    params_text(bd, c, t, sizeof t);
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (const char *p = t; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
    return h;
}

int block_params_differ(const block_desc_t *bd, const sm_cfg_t *a, const sm_cfg_t *b,
                        char *what, size_t n)
{
    char ta[2048], tb[2048];
    params_text(bd, a, ta, sizeof ta);
    params_text(bd, b, tb, sizeof tb);
    char *sa, *sb, *pa = strtok_r(ta, " ", &sa), *pb = strtok_r(tb, " ", &sb);
    for (; pa && pb; pa = strtok_r(NULL, " ", &sa), pb = strtok_r(NULL, " ", &sb))
        if (strcmp(pa, pb)) {
            snprintf(what, n, "%s (built: %s)", pa, strchr(pb, '=') ? strchr(pb, '=') + 1 : pb);
            return 1;
        }
    return 0;
}

const block_desc_t *block_of_fault(const char *v)
{
    const block_desc_t *best = NULL;
    if (strncmp(v, "FAULT_", 6))
        return NULL;
    for (const block_desc_t *const *b = block_list; *b; b++) {
        size_t n = strlen((*b)->name);
        if (!strncasecmp(v + 6, (*b)->name, n) && v[6 + n] == '_' &&
            (!best || n > strlen(best->name)))
            best = *b;
    }
    return best;
}
