/* Synthetic kernel generator (see gen.h). Blocks are produced on demand and freed when
 * the SM is done with them, so memory stays flat however long the run. */
#include "gen_int.h"
#include "isa.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

/* an instruction of `op` writing d (or nothing when d is ~0u) from the given sources */
static void emit(sinst_t *s, const char *op, unsigned d, unsigned a, unsigned b, unsigned nsrc)
{
    snprintf(s->op, sizeof s->op, "%s", op);
    s->ndst = d != ~0u;
    s->dst[0] = d;
    s->nsrc = nsrc;
    s->src[0] = a;
    s->src[1] = b;
}

/* register r aligned down to width w (a power of two) and kept below the long-lived limit */
static unsigned wide_reg(unsigned r, unsigned w, unsigned nlong)
{
    r &= ~(w - 1);
    return r + w > nlong ? (nlong - w) & ~(w - 1) : r;
}

/* the its region (gen.h): instructions from index i, returning the index after it. Registers:
 * the pool [0, nlong) as the body's, and the region's own four above it: T (written before the
 * region, read by every flow, dead after it), U (the subroutine's temporary) and the pair P */
static unsigned its_region(gen_t *G, unsigned i, unsigned nlong, uint64_t r)
{
    sinst_t *p = G->prog;
    const unsigned T = nlong, P = nlong + 2, calls = G->g.calls;
#define PICK(sh) ((unsigned)((r >> (sh)) % nlong))
    const unsigned W = wide_reg(PICK(3), 4, nlong), ra = PICK(11), rb = PICK(19), rx = PICK(27),
                   ry = PICK(35), rz = PICK(43);
#undef PICK
    emit(&p[i++], "IADD", T, ra, rb, 2);
    emit(&p[i], "IMAD.WIDE", P, ra, rb, 3);
    p[i++].src[2] = P;
    emit(&p[i++], "BSSY", ~0u, 0, 0, 0);
    const unsigned split = i;
    emit(&p[i++], "BRA", ~0u, 0, 0, 0);
    p[split].kind = GK_ITS_SPLIT;
    /* side A: reads W + 1 before its flow overwrites W..W+3 on its lanes (the next flow at the
     * same PC reads the lanes this one did not write), then calls */
    G->its_side_a = i;
    emit(&p[i], "FFMA", rx, W + 1, T, 3);
    p[i++].src[2] = ra;
    emit(&p[i++], "LDS.U.128", W, ra, 0, 1);
    for (unsigned c = 0; c < (calls + 1) / 2; c++) {
        emit(&p[i], "CALL", ~0u, 0, 0, 0);
        p[i++].kind = GK_CALL;
        emit(&p[i++], "IADD", ry, P + 1, rb, 2);
    }
    const unsigned jump = i;
    emit(&p[i++], "BRA", ~0u, 0, 0, 0);
    p[jump].kind = GK_JUMP;
    /* side B: reads the implicit registers of W that a flow of side A may have written */
    G->its_side_b = i;
    p[split].target = i;
    emit(&p[i], "FFMA", rx, W + 2, W + 3, 3);
    p[i++].src[2] = T;
    for (unsigned c = 0; c < calls / 2; c++) {
        emit(&p[i], "CALL", ~0u, 0, 0, 0);
        p[i++].kind = GK_CALL;
        emit(&p[i++], "FMUL", ry, P, ra, 2);
    }
    emit(&p[i], "IMAD.WIDE", P, ra, T, 3);
    p[i++].src[2] = P;
    emit(&p[i++], "LDS.U.128", W, rb, 0, 1);
    G->its_sync = i;
    p[jump].target = i;
    emit(&p[i], "BSYNC", ~0u, 0, 0, 0);
    p[i++].kind = GK_ITS_SYNC;
    /* every lane reads the merged wide registers */
    emit(&p[i], "FFMA", rz, W, W + 3, 3);
    p[i++].src[2] = P + 1;
    return i;
}

/* the subroutine every call site of the region reaches: reads T and P, writes U and P on the
 * calling flow's lanes */
static unsigned its_subroutine(gen_t *G, unsigned i, unsigned nlong, uint64_t r)
{
    sinst_t *p = G->prog;
    const unsigned T = nlong, U = nlong + 1, P = nlong + 2, ra = (unsigned)((r >> 51) % nlong);
    G->its_sub = i;
    emit(&p[i++], "FADD", U, T, P, 2);
    emit(&p[i], "IMAD.WIDE", P, U, ra, 3);
    p[i++].src[2] = P;
    emit(&p[i], "RET", ~0u, 0, 0, 0);
    p[i++].kind = GK_RET;
    return i;
}

void gen_build_program(gen_t *G)
{
    const gen_spec_t *g = &G->g;
    /* registers: long-lived [0, nall) (the body draws from [0, nlong); its=: the region's own
     * four above), prologue temporaries [nall, nall + n12), loop temporaries [nall + n12, regs) */
    const unsigned nt = g->regs * g->temps / 100, nall = g->regs - nt, n12 = nt / 2,
                   n0 = nt - n12, t0 = nall + n12, nlong = gen_pool_regs(g);
    G->prog = calloc(2 * g->regs + 2 * g->insts + 8 + GEN_ITS_INSTS(g->calls), sizeof *G->prog);
    uint64_t r = mix64(g->seed + 0x51ull);
    unsigned recent[4] = {0, 1, 2, 3}, nr = 0, tcur = 0;
    sinst_t *p = G->prog;
    unsigned i = 0;
    for (unsigned k = 0; k < nall + n12; k++, i++) {
        snprintf(p[i].op, sizeof p[i].op, k % 3 ? "MOV" : "S2R");
        p[i].ndst = 1;
        p[i].dst[0] = k;
    }
    for (unsigned k = 0; k < n12; k++, i++) /* the prologue temporaries' last reads */
        emit(&p[i], "IADD", 2 + k % (nlong - 2), nlong + k, 2 + k % (nlong - 2), 2);
    G->body_start = i;
    for (unsigned k = 0; k < n0; k++, i++) /* each iteration loads the loop temporaries */
        emit(&p[i], "LDG.E", t0 + k, 0, 0, 1);
    unsigned total = g->w_alu + g->w_sfu + g->w_shmem + g->w_gmem;
    unsigned skip_at = g->insts / 3, skip_len = g->insts / 4 ? g->insts / 4 : 1;
    for (unsigned k = 0; k < g->insts; k++, i++) {
        sinst_t *s = &p[i];
        r = mix64(r + k);
        if (g->div && k == skip_at) {
            snprintf(s->op, sizeof s->op, "BRA");
            s->kind = GK_DIV;
            G->skip_from = i;
            G->skip_to = i + 1 + skip_len;
            if (g->pdiv) { /* the else path: skip_len more instructions after a branch */
                G->else_from = G->skip_to + 1;
                G->skip_to = G->else_from + skip_len;
            }
            s->target = g->pdiv ? G->else_from : G->skip_to;
            continue;
        }
        if (g->pdiv && g->div && i + 1 == G->else_from) {
            snprintf(s->op, sizeof s->op, "BRA");
            s->kind = GK_ELSE;
            s->target = G->skip_to;
            continue;
        }
        if (n0 && (r >> 56) % 100 < g->temps) { /* a loop temporary read and rewritten */
            unsigned t = t0 + tcur++ % n0;
            emit(s, "IADD", t, t, (unsigned)((r >> 16) % nlong), 2);
            continue;
        }
        unsigned pick = (unsigned)(r % total);
        /* the registers this instruction draws from: all long-lived ones, or the sliding
         * window */
        const unsigned span = g->window ? g->window : nlong,
                       base = g->window ? k * (nlong - g->window) / g->insts : 0;
#define SRC(j)                                                                                     \
    ((((r >> (8 + 8 * (j))) % 100) < g->dep && recent[(r >> (40 + (j))) % 4] >= base &&           \
      recent[(r >> (40 + (j))) % 4] < base + span)                                                 \
         ? recent[(r >> (40 + (j))) % 4]                                                           \
         : base + (unsigned)((r >> (16 + 5 * (j))) % span))
        unsigned d = base + (unsigned)((r >> 48) % span);
        /* wide: the operands' widths in registers (gen.h) */
        unsigned wd = 1, ws[3] = {1, 1, 1};
        const int wide = (unsigned)((r >> 58) % 100) < g->wide;
        if (pick < g->w_alu && (unsigned)((r >> 52) % 100) < g->dfma) {
            snprintf(s->op, sizeof s->op, "DFMA");
            s->nsrc = 3;
            s->ndst = 1;
            wd = ws[0] = ws[1] = ws[2] = 2;
        } else if (pick < g->w_alu && wide) {
            snprintf(s->op, sizeof s->op, "IMAD.WIDE");
            s->nsrc = 3;
            s->ndst = 1;
            wd = ws[2] = 2;
        } else if (pick < g->w_alu) {
            static const char *const alu[] = {"FFMA", "IADD", "FMUL", "IMAD", "LOP3.LUT", "ISETP.GT.AND"};
            unsigned a = (unsigned)((r >> 4) % 6);
            snprintf(s->op, sizeof s->op, "%s", alu[a]);
            s->nsrc = a == 0 || a == 3 || a == 4 ? 3 : 2;
            s->ndst = a == 5 ? 0 : 1;
        } else if (pick < g->w_alu + g->w_sfu) {
            snprintf(s->op, sizeof s->op, "MUFU.RSQ");
            s->nsrc = 1;
            s->ndst = 1;
        } else if (pick < g->w_alu + g->w_sfu + g->w_shmem) {
            int st = (r >> 6) & 1;
            snprintf(s->op, sizeof s->op, "%s", st ? (wide ? "STS.128" : "STS")
                                                   : (wide ? "LDS.U.128" : "LDS.U.32"));
            s->nsrc = st ? 2 : 1;
            s->ndst = !st;
            if (wide)
                wd = ws[1] = 4; /* the data: the destination, or the store's second source */
        } else {
            int st = (r >> 6) % 4 == 0;
            snprintf(s->op, sizeof s->op, st ? "STG.E" : "LDG.E");
            s->nsrc = st ? 2 : 1;
            s->ndst = !st;
            d &= ~1u; /* 64-bit address pairs stay in range */
        }
        for (unsigned j = 0; j < s->nsrc; j++) {
            s->src[j] = SRC(j);
            if (j == 0 && s->op[2] == 'G' && s->src[0] + 1 >= nlong)
                s->src[0] = nlong - 2;
            if (j == 0 && s->op[2] == 'G' && s->src[0] + 1 >= base + span && base + span >= 2)
                s->src[0] = base + span - 2;
            s->src[j] = wide_reg(s->src[j], ws[j], nlong);
        }
        d = wide_reg(d, wd, nlong);
        if (s->ndst) {
            s->dst[0] = d;
            recent[nr++ % 4] = d;
        }
#undef SRC
    }
    if (g->its)
        i = its_region(G, i, nlong, r);
    for (unsigned k = 0; k < n0; k++, i++) /* the loop temporaries' last reads */
        emit(&p[i], "IADD", 2 + k % (nlong - 2), t0 + k, 2 + k % (nlong - 2), 2);
    snprintf(p[i].op, sizeof p[i].op, "BRA");
    p[i].kind = GK_LOOP;
    p[i].target = G->body_start;
    G->body_end = i++;
    snprintf(p[i].op, sizeof p[i].op, "STG.E");
    p[i].nsrc = 2;
    p[i].src[0] = 0;
    p[i].src[1] = recent[0];
    i++;
    snprintf(p[i].op, sizeof p[i].op, "EXIT");
    p[i].kind = GK_EXIT;
    i++;
    if (g->its && g->calls)
        i = its_subroutine(G, i, nlong, r);
    G->n = i;
}


/* the lane addresses of a warp's nth global (or shared) access (gen.h, addr=) */
static void addresses(const gen_t *G, unsigned block, unsigned warp, unsigned nth, dyn_t *d)
{
    const gen_spec_t *g = &G->g;
    if (d->space == MS_SHARED) {
        const unsigned bytes = isa_mem_width(d->s->op);
        for (unsigned l = 0; l < 32; l++)
            d->addr[l] = ((uint64_t)(nth % 64) << 7) * bytes / 4 + bytes * l;
        return;
    }
    const uint64_t gw = (uint64_t)block * g->warps + warp, heap = 1ull << 32;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t line;
        switch (g->addr) {
        case GEN_ADDR_STRIDE:
            d->addr[l] = heap + ((gw << 20) + (uint64_t)nth * 32 * g->stride) + (uint64_t)l * g->stride;
            continue;
        case GEN_ADDR_TILE:
            line = ((uint64_t)block << 20) + (mix64(gw * 0x9e37 + nth) % g->tile);
            break;
        case GEN_ADDR_RANDOM:
            line = mix64(((uint64_t)g->seed << 48) ^ (gw << 24) ^ ((uint64_t)nth << 5) ^ l) % (1u << 19);
            break;
        default:
            line = (gw << 20) + nth;
        }
        d->addr[l] = heap + (line << MEM_LINE_BITS) + 4 * l;
    }
}

/* the its region's split for the warp's lanes `mask` in iteration iter: in its percent of the
 * iterations the lanes split into two flows (the halves of the warp, or a random part and the
 * rest) that run one after the other, each on side A or B (the second on the first's side half
 * of the time: the same code twice); otherwise the warp runs one side whole. Returns the first
 * flow's PC; *run its mask, *wait_pc and *wait_mask the second's (mask 0: none). */
static unsigned its_split(const gen_t *G, unsigned block, unsigned warp, unsigned iter,
                          uint32_t mask, uint32_t *run, unsigned *wait_pc, uint32_t *wait_mask)
{
    const uint64_t h = mix64(((uint64_t)G->g.seed << 36) ^ ((uint64_t)block << 18) ^
                             ((uint64_t)warp << 10) ^ iter ^ 0x175ull);
    const unsigned side[2] = {G->its_side_a, G->its_side_b};
    const unsigned first = side[h >> 7 & 1];
    uint32_t m1 = (h >> 8) & 1 ? mask & 0xffff0000u : mask & (uint32_t)(h >> 32);
    *run = mask;
    *wait_mask = 0;
    if (h % 100 >= G->g.its || !m1 || m1 == mask)
        return first;
    *run = m1;
    *wait_mask = mask & ~m1;
    *wait_pc = (h >> 9) & 1 ? first : side[!(h >> 7 & 1)];
    return first;
}

int gen_walk(const gen_t *G, unsigned block, unsigned warp,
                int (*emit)(void *arg, const dyn_t *d), void *arg)
{
    unsigned iter = 0, pc = 0, nmem = 0;
    /* the lanes the warp has: all, or the block's last threads (threads=) */
    const unsigned left = G->g.threads ? G->g.threads - 32 * warp : 32;
    const uint32_t own = left >= 32 ? 0xffffffffu : (1u << left) - 1;
    uint32_t mask = own, else_mask = 0;
    /* the its region: the return PC of a call, and the flow that waits at the split */
    unsigned ret = 0, wait_pc = 0;
    uint32_t wait_mask = 0, region_mask = 0;
    dyn_t d;
    while (pc < G->n) {
        const sinst_t *s = &G->prog[pc];
        if (pc == G->skip_to)
            mask = own; /* reconvergence */
        d.s = s;
        d.pc = pc * 16;
        d.mask = mask;
        if (G->g.pred && !s->kind && pc >= G->body_start && pc < G->body_end) {
            uint64_t h = mix64(((uint64_t)G->g.seed << 44) ^ ((uint64_t)block << 24) ^
                               ((uint64_t)warp << 16) ^ ((uint64_t)iter << 8) ^ pc ^ 0x5eed);
            if (h % 100 < G->g.pred) /* predicated: a random part of the lanes, or none */
                d.mask = (h >> 8) % 8 ? mask & (uint32_t)(h >> 32) : 0;
        }
        d.space = mem_space(s->op);
        if (d.space != MS_NONE)
            addresses(G, block, warp, nmem++, &d);
        if (emit(arg, &d))
            return -1;
        if (s->kind == GK_EXIT)
            break;
        if (s->kind == GK_DIV) {
            uint64_t h = mix64(((uint64_t)G->g.seed << 40) ^ ((uint64_t)block << 20) ^
                               ((uint64_t)warp << 12) ^ iter);
            pc = (h % 100) < G->g.div ? s->target : pc + 1;
            /* a diverged warp: the skipped part runs on a random proper subset of the lanes
             * (pdiv: the else path on the others) */
            int both = pc == s - G->prog + 1u && ((h >> 44) % 100) < G->g.pdiv;
            if (pc == s - G->prog + 1u && (((h >> 20) % 100) < G->g.idiv || both)) {
                mask = (uint32_t)(h >> 32) & own;
                if (!mask || mask == own)
                    mask = own & 0x0000ffffu;
                else_mask = both ? own & ~mask : 0;
            }
        } else if (s->kind == GK_ELSE) {
            pc = else_mask ? pc + 1 : s->target;
            mask = else_mask ? else_mask : mask;
            else_mask = 0;
        } else if (s->kind == GK_LOOP) {
            pc = ++iter < G->g.loops ? s->target : pc + 1;
        } else if (s->kind == GK_ITS_SPLIT) {
            pc = its_split(G, block, warp, iter, mask, &mask, &wait_pc, &wait_mask);
            region_mask = mask | wait_mask;
        } else if (s->kind == GK_JUMP) {
            pc = s->target;
        } else if (s->kind == GK_CALL) {
            ret = pc + 1;
            pc = G->its_sub;
        } else if (s->kind == GK_RET) {
            pc = ret;
        } else if (s->kind == GK_ITS_SYNC) {
            /* the waiting flow runs now; after it, the warp reconverges */
            pc = wait_mask ? wait_pc : pc + 1;
            mask = wait_mask ? wait_mask : region_mask;
            wait_mask = 0;
        } else
            pc++;
    }
    return 0;
}

typedef struct {
    kernel_t *k;
    warp_trace_t *w;
    char *err;
    size_t n;
} push_arg_t;

static int push_emit(void *a, const dyn_t *d)
{
    push_arg_t *p = a;
    inst_t base;
    memset(&base, 0, sizeof base);
    base.pc = d->pc;
    base.mask = d->mask;
    const sinst_t *s = d->s;
    if (warp_push(p->k, p->w, &base, s->op, s->dst, s->ndst, s->src, s->nsrc, p->err, p->n))
        return -1;
    if (d->space != MS_NONE && warp_set_addrs(p->w, d->space, d->addr, d->mask, isa_mem_width(s->op))) {
        snprintf(p->err, p->n, "out of memory");
        return -1;
    }
    return 0;
}

static int gen_next(kernel_t *k, tblock_t *b, char *err, size_t n)
{
    gen_t *G = k->priv;
    if (G->next_block >= G->g.blocks)
        return 0;
    b->id = G->next_block++;
    b->nwarps = G->g.warps;
    b->warps = calloc(b->nwarps, sizeof *b->warps);
    if (!b->warps) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (unsigned w = 0; w < b->nwarps; w++) {
        push_arg_t a = {k, &b->warps[w], err, n};
        if (gen_walk(G, b->id, w, push_emit, &a))
            return -1;
    }
    return 1;
}

static void gen_done(kernel_t *k, tblock_t *b)
{
    (void)k;
    tblock_free(b);
}

static void gen_rewind(kernel_t *k) { ((gen_t *)k->priv)->next_block = 0; }

static void gen_destroy(kernel_t *k)
{
    gen_t *G = k->priv;
    free(G->prog);
    free(G);
}

int gen_kernel(const gen_spec_t *g, kernel_t **out, char *err, size_t n)
{
    kernel_t *k = calloc(1, sizeof *k);
    gen_t *G = calloc(1, sizeof *G);
    if (!k || !G) {
        free(k);
        free(G);
        snprintf(err, n, "out of memory");
        return -1;
    }
    G->g = *g;
    gen_build_program(G);
    k->priv = G;
    snprintf(k->name, sizeof k->name, "gen_seed%u", g->seed);
    snprintf(k->file, sizeof k->file, "<generated>");
    k->id = 1;
    k->arch = ARCH_ANY;
    k->nregs = g->regs;
    k->shmem = 1024;
    k->warps_per_block = g->warps;
    k->threads_per_block = g->threads ? g->threads : g->warps * 32;
    k->nblocks = g->blocks;
    k->next_block = gen_next;
    k->done_block = gen_done;
    k->rewind = gen_rewind;
    k->destroy = gen_destroy;
    *out = k;
    return 0;
}

int workload_gen(const char *spec, workload_t *w, char *err, size_t n)
{
    gen_spec_t g;
    memset(w, 0, sizeof *w);
    if (gen_parse(spec, &g, err, n))
        return -1;
    kernel_t *k;
    if (gen_kernel(&g, &k, err, n))
        return -1;
    w->k = malloc(sizeof *w->k);
    if (!w->k) {
        gen_destroy(k);
        free(k);
        return -1;
    }
    w->k[0] = k;
    w->n = 1;
    return 0;
}
