/* Register release points, flag instructions and the renaming constraint (see release.h). */
#include "release.h"
#include "cmodel/common.h"
#include "cmodel/rnt.h"
#include <stdlib.h>
#include <string.h>

/* blocks reachable from b's successors without entering stop (-1: none) */
static void region(const prog_t *p, unsigned b, int stop, uint8_t *in, unsigned *stack)
{
    unsigned sp = 0;
    memset(in, 0, p->nbbs);
    for (unsigned j = 0; j < p->bbs[b].nsucc; j++)
        stack[sp++] = p->bbs[b].succ[j];
    while (sp) {
        unsigned v = stack[--sp];
        if ((int)v == stop || in[v])
            continue;
        in[v] = 1;
        for (unsigned j = 0; j < p->bbs[v].nsucc; j++)
            stack[sp++] = p->bbs[v].succ[j];
    }
}

static void andnot(regset_t *a, const regset_t *b)
{
    for (unsigned i = 0; i < 4; i++)
        a->w[i] &= ~b->w[i];
}

/* hold sets and pbr lists from the branch blocks' regions */
static int regions(const prog_t *p, release_t *r)
{
    uint8_t *in = malloc(p->nbbs + 1);
    unsigned nedges = 0;
    for (unsigned b = 0; b < p->nbbs; b++)
        nedges += p->bbs[b].nsucc;
    /* b's successors, then each block's at most once: at most 2 x edges pushes */
    unsigned *stack = malloc((2 * nedges + 1) * sizeof *stack);
    if (!in || !stack) {
        free(in), free(stack);
        return -1;
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        if (p->bbs[b].nsucc < 2)
            continue;
        region(p, b, r->pd.ipdom[b], in, stack);
        for (unsigned v = 0; v < p->nbbs; v++)
            if (in[v])
                r->hold[v] = rs_or(r->hold[v], r->lv.live_out[b]);
    }
    for (unsigned b = 0; b < p->nbbs; b++) {
        int d = r->pd.ipdom[b];
        if (p->bbs[b].nsucc < 2 || d < 0)
            continue;
        regset_t rel = r->lv.live_out[b];
        andnot(&rel, &r->lv.live_in[d]);
        andnot(&rel, &r->hold[d]);
        r->pbr[d] = rs_or(r->pbr[d], rel);
    }
    free(in), free(stack);
    return 0;
}

/* the first release point of register g at or after static instruction i, in PC order, or
 * the kernel's end */
static unsigned next_release(const prog_t *p, const release_t *r, unsigned i, unsigned g)
{
    for (unsigned j = i; j < p->npcs; j++) {
        const spc_t *s = &p->pcs[j];
        if (s->leader && rs_has(&r->pbr[s->bb], g))
            return j;
        for (unsigned k = 0; k < s->in->nsrc; k++)
            if (s->in->src[k] == g && (r->pir[j] >> k & 1))
                return j;
    }
    return p->npcs;
}

/* Sec. 7.1: mean lifetime per register, then exemptions until Eq. 1 fits the budget */
static void constrain(const prog_t *p, release_t *r)
{
    double sum[256] = {0};
    regset_t named = {{0}};
    for (unsigned i = 0; i < p->npcs; i++) {
        const inst_t *in = p->pcs[i].in;
        for (unsigned k = 0; k < in->nsrc; k++)
            if (in->src[k] != REG_NONE)
                rs_add(&named, in->src[k]);
        for (unsigned k = 0; k < in->ndst; k++) {
            unsigned g = in->dst[k];
            if (g == REG_NONE)
                continue;
            rs_add(&named, g);
            r->writes[g]++;
            sum[g] += next_release(p, r, i + 1, g) - i;
        }
    }
    unsigned order[256], n = 0;
    for (unsigned g = 0; g < 255; g++) {
        if (!rs_has(&named, g) && g >= r->regs)
            continue;
        if (rs_has(&named, g))
            r->lifetime[g] = r->writes[g] ? sum[g] / r->writes[g] : (double)p->npcs * 1e6;
        order[n++] = g;
    }
    /* longest lifetime first; ties: more writes, then the lower register */
    for (unsigned a = 1; a < n; a++)
        for (unsigned b = a; b > 0; b--) {
            unsigned x = order[b - 1], y = order[b];
            int swap = r->lifetime[y] > r->lifetime[x] ||
                       (r->lifetime[y] == r->lifetime[x] && r->writes[y] > r->writes[x]);
            if (!swap)
                break;
            order[b - 1] = y, order[b] = x;
        }
    const uint64_t per = (uint64_t)r->c.warps * r->c.phys_bits;
    r->eq1_full = per * r->regs;
    r->eq1_constrained = r->eq1_full;
    for (unsigned k = 0; r->c.table_bits && k < n && r->nexempt < r->regs &&
                         r->eq1_constrained > r->c.table_bits;
         k++) {
        rs_add(&r->exempt, order[k]);
        r->nexempt++;
        r->eq1_constrained = per * (r->regs - r->nexempt);
    }
}

unsigned release_occupancy(const sm_cfg_t *c, const kernel_t *k)
{
    unsigned bsc = cfg_banks_per_sc(c), rows = (k->nregs + bsc - 1) / bsc;
    unsigned per_sc = rows ? cfg_rows_per_bank(c) / rows : cfg_warps_per_sc(c);
    if (per_sc > cfg_warps_per_sc(c))
        per_sc = cfg_warps_per_sc(c);
    /* the blocks' bound on the SM's warps (a retiring block's warps leave one by one, so a
     * sub-core may hold any number up to its register rows' bound) */
    unsigned wpb = k->warps_per_block ? k->warps_per_block : 1;
    unsigned blocks = c->block_slots;
    if (k->shmem && blocks > c->shmem_bytes / k->shmem)
        blocks = c->shmem_bytes / k->shmem;
    if (k->nblocks && blocks > k->nblocks)
        blocks = k->nblocks;
    if (per_sc > blocks * wpb)
        per_sc = blocks * wpb;
    return per_sc * c->schedulers;
}

release_cfg_t release_cfg_of(const sm_cfg_t *c, const kernel_t *k, int lv_rule)
{
    rnt_cfg_t t;
    rnt_cfg_from_sm(c, &t);
    const unsigned phys_bits = gpurf_clog2(cfg_phys_per_sc(c));
    /* a budget the table holds no entry of exempts every register (1 bit, not 0: no limit) */
    const unsigned bits = t.entries * phys_bits * c->schedulers;
    return (release_cfg_t){.pir_bits = c->rn_pir_bits, .pir_slots = c->rn_pir_slots,
                           .id_bits = c->rn_pbr_id_bits,
                           .table_bits = c->rn_table_bits ? (bits ? bits : 1) : 0,
                           .warps = release_occupancy(c, k), .lv_rule = lv_rule,
                           .phys_bits = phys_bits};
}

int release_run(const prog_t *p, const release_cfg_t *c, release_t *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->c = *c;
    r->regs = p->k->nregs;
    if (liveness_run(p, &r->lv, c->lv_rule) || postdom_run(p, &r->pd))
        goto oom;
    r->pir = calloc(p->npcs + 1, sizeof *r->pir);
    r->pbr = calloc(p->nbbs + 1, sizeof *r->pbr);
    r->hold = calloc(p->nbbs + 1, sizeof *r->hold);
    r->npbr = calloc(p->nbbs + 1, sizeof *r->npbr);
    r->npir = calloc(p->nbbs + 1, sizeof *r->npir);
    if (!r->pir || !r->pbr || !r->hold || !r->npbr || !r->npir || regions(p, r))
        goto oom;
    const unsigned idmax = (1u << c->id_bits) - 1;
    for (unsigned i = 0; i < p->npcs; i++) {
        const spc_t *s = &p->pcs[i];
        for (unsigned k = 0; k < s->in->nsrc + s->in->ndst; k++) {
            unsigned g = k < s->in->ndst ? s->in->dst[k] : s->in->src[k - s->in->ndst];
            if (g != REG_NONE && g >= idmax) {
                snprintf(err, n, "%s:%u: field 'register': R%u does not fit a %u-bit pbr id "
                         "(rn_pbr_id_bits; R%u is the highest)", p->k->file, s->in->line, g,
                         c->id_bits, idmax - 1);
                release_free(r);
                return -1;
            }
        }
        for (unsigned k = 0; k < s->in->nsrc; k++) {
            unsigned g = s->in->src[k];
            if (g == REG_NONE || !(r->lv.dead[i] >> k & 1))
                continue;
            if (rs_has(&r->hold[s->bb], g))
                r->held++;
            else if (k >= c->pir_bits)
                r->lost++;
            else {
                r->pir[i] |= 1u << k;
                r->releases++;
            }
        }
    }
    const unsigned per_pbr = RL_FLAG_BITS / c->id_bits;
    for (unsigned b = 0; b < p->nbbs; b++) {
        unsigned len = p->bbs[b].last - p->bbs[b].first + 1, m = rs_count(&r->pbr[b]);
        r->npir[b] = (len + c->pir_slots - 1) / c->pir_slots;
        r->npbr[b] = (m + per_pbr - 1) / per_pbr;
        r->pirs += r->npir[b];
        r->pbrs += r->npbr[b];
        r->pbr_regs += m;
    }
    constrain(p, r);
    return 0;
oom:
    snprintf(err, n, "release pass: out of memory");
    release_free(r);
    return -1;
}

void release_free(release_t *r)
{
    liveness_free(&r->lv);
    postdom_free(&r->pd);
    free(r->pir), free(r->pbr), free(r->hold), free(r->npbr), free(r->npir);
    memset(r, 0, sizeof *r);
}

static uint64_t with_opcode(unsigned opc, uint64_t payload)
{
    return (uint64_t)(opc >> 6 & 0xf) << 60 | payload << 6 | (opc & 0x3f);
}

unsigned release_word_opcode(uint64_t w) { return (unsigned)((w >> 60 & 0xf) << 6 | (w & 0x3f)); }

uint64_t release_pir_word(const uint32_t *flags, unsigned count, unsigned pir_bits)
{
    uint64_t pay = 0;
    for (unsigned i = 0; i < count; i++)
        pay |= (uint64_t)(flags[i] & ((1u << pir_bits) - 1)) << (i * pir_bits);
    return with_opcode(RL_OPC_PIR, pay);
}

uint64_t release_pbr_word(const uint8_t *regs, unsigned count, unsigned id_bits)
{
    const unsigned per = RL_FLAG_BITS / id_bits;
    const uint64_t none = (1u << id_bits) - 1;
    uint64_t pay = 0;
    for (unsigned k = 0; k < per; k++)
        pay |= (k < count ? regs[k] : none) << (k * id_bits);
    return with_opcode(RL_OPC_PBR, pay);
}

void release_pir_decode(uint64_t w, unsigned pir_bits, uint32_t *flags, unsigned slots)
{
    for (unsigned i = 0; i < slots; i++)
        flags[i] = (uint32_t)(w >> (6 + i * pir_bits) & ((1u << pir_bits) - 1));
}

unsigned release_pbr_decode(uint64_t w, unsigned id_bits, uint8_t *regs)
{
    const unsigned per = RL_FLAG_BITS / id_bits, none = (1u << id_bits) - 1;
    unsigned n = 0;
    for (unsigned k = 0; k < per; k++) {
        unsigned g = (unsigned)(w >> (6 + k * id_bits) & none);
        if (g != none)
            regs[n++] = (uint8_t)g;
    }
    return n;
}
