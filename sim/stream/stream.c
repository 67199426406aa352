/* Stream containers shared by the trace reader, the native format and the generator. */
#include "stream.h"
#include "bgload.h"
#include "isa.h"
#include "cfgrec.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t op_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (uint8_t)*s++) * 16777619u;
    return h;
}

static int rehash(kernel_t *k, unsigned cap)
{
    int32_t *t = malloc(cap * sizeof *t);
    if (!t)
        return -1;
    for (unsigned i = 0; i < cap; i++)
        t[i] = -1;
    for (unsigned i = 0; i < k->nops; i++) {
        unsigned h = op_hash(k->ops[i]) & (cap - 1);
        while (t[h] >= 0)
            h = (h + 1) & (cap - 1);
        t[h] = (int32_t)i;
    }
    free(k->ophash);
    k->ophash = t;
    k->ophash_cap = cap;
    return 0;
}

static void op_decode(const kernel_t *k, const char *opcode, op_info_t *d)
{
    int cat = isa_category(k->arch, opcode);
    d->cat = (int8_t)cat;
    d->cls = (int8_t)(cat < 0 ? -1 : isa_class_of(cat, opcode));
    size_t bl = strcspn(opcode, ".");
    int kcat = cat;
    for (unsigned i = 0; i < k->novr; i++) {
        const char *o = k->ovr[i].op;
        if (strchr(o, '.') ? !strcmp(o, opcode) : strlen(o) == bl && !strncmp(o, opcode, bl)) {
            d->cls = (int8_t)k->ovr[i].cls;
            kcat = -1;
        }
    }
    d->kind = (uint8_t)isa_kind(kcat, d->cls);
    d->half_ii = (uint8_t)isa_half_interval(opcode);
    d->dst_width = (uint8_t)isa_dst_width(opcode);
    for (unsigned i = 0; i < INST_MAX_SRC; i++)
        d->src_width[i] = (uint8_t)isa_src_width(opcode, i);
}

void kernel_ops_decode(kernel_t *k)
{
    for (unsigned i = 0; i < k->nops; i++)
        op_decode(k, k->ops[i], &k->opi[i]);
}

int kernel_op_index(kernel_t *k, const char *opcode, uint32_t line)
{
    unsigned h = 0;
    if (k->ophash_cap) {
        h = op_hash(opcode) & (k->ophash_cap - 1);
        for (; k->ophash[h] >= 0; h = (h + 1) & (k->ophash_cap - 1))
            if (!strcmp(k->ops[k->ophash[h]], opcode))
                return k->ophash[h];
    }
    if (k->frozen)
        return -2;
    if (2 * (k->nops + 1) > k->ophash_cap) {
        if (rehash(k, k->ophash_cap ? 2 * k->ophash_cap : 64))
            return -1;
        h = op_hash(opcode) & (k->ophash_cap - 1);
        while (k->ophash[h] >= 0)
            h = (h + 1) & (k->ophash_cap - 1);
    }
    if (k->nops == k->capops) {
        unsigned cap = k->capops ? 2 * k->capops : 32;
        char **v = realloc(k->ops, cap * sizeof *v);
        op_info_t *oi = v ? realloc(k->opi, cap * sizeof *oi) : NULL;
        if (v)
            k->ops = v;
        if (!oi)
            return -1;
        k->opi = oi;
        k->capops = cap;
    }
    if (!(k->ops[k->nops] = strdup(opcode)))
        return -1;
    op_info_t *d = &k->opi[k->nops];
    op_decode(k, opcode, d);
    d->line = line;
    k->ophash[h] = (int32_t)k->nops;
    return (int)k->nops++;
}

void kernel_ops_free(kernel_t *k)
{
    for (unsigned j = 0; j < k->nops; j++)
        free(k->ops[j]);
    free(k->ops);
    free(k->opi);
    free(k->ophash);
    prog_forget(k);
}

/* destinations are kept once; sources keep repeats (the collector reads them once) */
static int add_reg(uint8_t *list, uint8_t *cnt, unsigned max, unsigned r, unsigned width, int dedup)
{
    for (unsigned k = 0; k < width; k++) {
        unsigned reg = r + k;
        int seen = 0;
        for (unsigned i = 0; i < *cnt; i++)
            seen |= list[i] == reg;
        if (seen && dedup)
            continue;
        if (*cnt == max)
            return -1;
        list[(*cnt)++] = (uint8_t)reg;
    }
    return 0;
}

/* one operand code (stream.h) into the instruction's vector or uniform lists */
static int add_operand(kernel_t *k, inst_t *in, unsigned code, unsigned width, int dst, char *err,
                       size_t n)
{
    int uni = (code & REG_UNIFORM) != 0;
    unsigned r = code & 0xff, lim = uni ? UREG_NONE : REG_NONE;
    if (code & REG_PRED || r == lim)
        return 0;
    int bad = r + width - 1 >= lim;
    if (!bad && dst)
        bad = uni ? add_reg(in->udst, &in->nudst, INST_MAX_UDST, r, width, 1)
                  : add_reg(in->dst, &in->ndst, INST_MAX_DST, r, width, 1);
    else if (!bad)
        bad = uni ? add_reg(in->usrc, &in->nusrc, INST_MAX_USRC, r, width, 0)
                  : add_reg(in->src, &in->nsrc, INST_MAX_SRC, r, width, 0);
    if (bad) {
        snprintf(err, n, "%s:%u: field '%s': %sR%u (width %u) out of range", k->file, in->line,
                 dst ? "dst" : "src", uni ? "U" : "", r, width);
        return -1;
    }
    unsigned *hi = uni ? &k->hi_ureg : &k->hi_reg;
    if (r + width > *hi && k->frozen) {
        snprintf(err, n, "%s:%u: field '%s': %sR%u was not in the file when it was loaded (it "
                 "changed since)", k->file, in->line, dst ? "dst" : "src", uni ? "U" : "", r);
        return -1;
    }
    if (r + width > *hi)
        *hi = r + width;
    return 0;
}

void kernel_unknown_op(const kernel_t *k, unsigned op, char *err, size_t n)
{
    char table[64] = "any opcode table";
    if (k->arch != ARCH_ANY)
        snprintf(table, sizeof table, "the %s (sm_%u) opcode table", isa_arch_name(k->arch),
                 k->binary_version);
    snprintf(err, n, "%s:%u: field 'opcode': '%s' is not in %s (--opcode-class %.*s=CLASS goes on: "
             "alu, sfu, shmem, gmem, branch, barrier, exit)", k->file, k->opi[op].line, k->ops[op],
             table, (int)strcspn(k->ops[op], "."), k->ops[op]);
}

int warp_push(kernel_t *k, warp_trace_t *w, const inst_t *base, const char *opcode,
              const unsigned *dst, unsigned ndst, const unsigned *src, unsigned nsrc, char *err,
              size_t n)
{
    inst_t in = *base;
    int op = kernel_op_index(k, opcode, base->line);
    if (op == -2) {
        snprintf(err, n, "%s:%u: field 'opcode': '%s' was not in the file when it was loaded (it "
                 "changed since)", k->file, base->line, opcode);
        return -1;
    }
    if (op < 0) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    const op_info_t *d = &k->opi[op];
    if (d->cls < 0 && !k->defer_unknown) {
        kernel_unknown_op(k, (unsigned)op, err, n);
        return -1;
    }
    in.op = (uint16_t)op;
    in.cls = (uint8_t)(d->cls < 0 ? CLS_ALU : d->cls);
    in.kind = d->kind;
    in.half_ii = d->half_ii;
    in.mem_read = !strncmp(opcode, "LD", 2) || (!strncmp(opcode, "ATOM", 4) && ndst);
    in.async = !strncmp(opcode, "LDGSTS", 6)      ? AS_COPY
               : !strncmp(opcode, "LDGDEPBAR", 9) ? AS_COMMIT
               : !strncmp(opcode, "DEPBAR", 6)    ? AS_WAIT
                                                  : AS_NONE;
    in.async_keep = 0;
    in.ndst = in.nsrc = in.nudst = in.nusrc = 0;
    for (unsigned i = 0; i < ndst; i++)
        if (add_operand(k, &in, dst[i], d->dst_width, 1, err, n))
            return -1;
    for (unsigned i = 0, vi = 0; i < nsrc; i++) {
        int vec = !(src[i] & (REG_UNIFORM | REG_PRED));
        unsigned sw = vec ? d->src_width[vi < INST_MAX_SRC ? vi : INST_MAX_SRC - 1] : 1;
        vi += vec;
        if (add_operand(k, &in, src[i], sw, 0, err, n))
            return -1;
    }
    if (w->n == w->cap) {
        uint32_t cap = w->cap ? 2 * w->cap : 64;
        inst_t *v = realloc(w->v, cap * sizeof *v);
        if (!v) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        w->v = v;
        w->cap = cap;
    }
    w->v[w->n++] = in;
    return 0;
}

int mem_space(const char *op)
{
    if (!strncmp(op, "LDS", 3) || !strncmp(op, "STS", 3) || !strncmp(op, "ATOMS", 5))
        return MS_SHARED;
    if (!strncmp(op, "LDL", 3) || !strncmp(op, "STL", 3))
        return MS_LOCAL;
    if (!strncmp(op, "LDG", 3) || !strncmp(op, "STG", 3) || !strncmp(op, "LD.", 3) ||
        !strncmp(op, "ST.", 3) || !strcmp(op, "LD") || !strcmp(op, "ST") ||
        !strncmp(op, "ATOM", 4) || !strncmp(op, "RED", 3))
        return MS_GLOBAL;
    return MS_NONE;
}

/* Shared memory: 32 banks of 4-byte words; lanes reading one word share it (broadcast), so
 * the degree is the largest number of distinct words in one bank. Global/local: every
 * 128-byte line the active lanes touch is one request with the 32-byte sectors touched, in
 * order of first touch (Accel-Sim's sectored coalescer). */
int warp_set_addrs(warp_trace_t *w, int space, const uint64_t *addr, uint32_t mask,
                   unsigned width)
{
    inst_t *in = &w->v[w->n - 1];
    in->space = (uint8_t)space;
    in->shm_ways = 1;
    if (space == MS_SHARED) {
        uint64_t words[32];
        unsigned nw = 0, ways[32] = {0};
        for (unsigned l = 0; l < 32; l++) {
            if (!(mask >> l & 1))
                continue;
            uint64_t wd = addr[l] >> 2;
            unsigned j = 0;
            while (j < nw && words[j] != wd)
                j++;
            if (j < nw)
                continue;
            words[nw++] = wd;
            unsigned b = (unsigned)(wd & 31);
            if (++ways[b] > in->shm_ways)
                in->shm_ways = (uint8_t)ways[b];
        }
        return 0;
    }
    in->req = w->nmreq;
    in->nreq = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t first = addr[l], last = addr[l] + (width ? width : 1) - 1;
        for (uint64_t line = first >> MEM_LINE_BITS; line <= last >> MEM_LINE_BITS; line++) {
            uint64_t lo = line << MEM_LINE_BITS, hi = lo + (1u << MEM_LINE_BITS) - 1;
            uint64_t a = first > lo ? first : lo, b = last < hi ? last : hi;
            unsigned sec = 0;
            for (uint64_t s = (a - lo) >> MEM_SECTOR_BITS; s <= (b - lo) >> MEM_SECTOR_BITS; s++)
                sec |= 1u << s;
            uint32_t j = in->req;
            while (j < w->nmreq && w->mreq[j] >> MEM_SECTORS != line)
                j++;
            if (j < w->nmreq) {
                w->mreq[j] |= sec;
                continue;
            }
            if (w->nmreq == w->capmreq) {
                uint32_t cap = w->capmreq ? 2 * w->capmreq : 64;
                mreq_t *v = realloc(w->mreq, cap * sizeof *v);
                if (!v)
                    return -1;
                w->mreq = v;
                w->capmreq = cap;
            }
            w->mreq[w->nmreq++] = line << MEM_SECTORS | sec;
            in->nreq++;
        }
    }
    return 0;
}

void tblock_free(tblock_t *b)
{
    for (uint32_t i = 0; i < b->nwarps; i++) {
        free(b->warps[i].v);
        free(b->warps[i].mreq);
    }
    free(b->warps);
    memset(b, 0, sizeof *b);
}

/* ---- stored kernels --------------------------------------------------------------------- */
typedef struct {
    tblock_t *blocks;
    unsigned n, cap, next;
} stored_t;

static int stored_next(kernel_t *k, tblock_t *b, char *err, size_t n)
{
    (void)err;
    (void)n;
    stored_t *s = k->priv;
    if (s->next >= s->n)
        return 0;
    /* hand out a shallow copy; the kernel keeps ownership */
    *b = s->blocks[s->next++];
    return 1;
}

static void stored_rewind(kernel_t *k) { ((stored_t *)k->priv)->next = 0; }

static void stored_destroy(kernel_t *k)
{
    stored_t *s = k->priv;
    for (unsigned i = 0; i < s->n; i++)
        tblock_free(&s->blocks[i]);
    free(s->blocks);
    free(s);
}

kernel_t *kernel_new_stored(void)
{
    kernel_t *k = calloc(1, sizeof *k);
    stored_t *s = calloc(1, sizeof *s);
    if (!k || !s) {
        free(k);
        free(s);
        return NULL;
    }
    k->priv = s;
    k->arch = ARCH_ANY;
    k->next_block = stored_next;
    k->rewind = stored_rewind;
    k->destroy = stored_destroy;
    return k;
}

tblock_t *kernel_stored_add_block(kernel_t *k, uint32_t id, uint32_t nwarps)
{
    stored_t *s = k->priv;
    if (s->n == s->cap) {
        unsigned cap = s->cap ? 2 * s->cap : 8;
        tblock_t *v = realloc(s->blocks, cap * sizeof *v);
        if (!v)
            return NULL;
        s->blocks = v;
        s->cap = cap;
    }
    tblock_t *b = &s->blocks[s->n];
    memset(b, 0, sizeof *b);
    b->id = id;
    b->nwarps = nwarps;
    b->warps = calloc(nwarps ? nwarps : 1, sizeof *b->warps);
    if (!b->warps)
        return NULL;
    s->n++;
    k->nblocks = s->n;
    return b;
}

void workload_free(workload_t *w)
{
    bgload_free(w);
    for (unsigned i = 0; i < w->n; i++) {
        kernel_t *k = w->k[i];
        if (k->destroy)
            k->destroy(k);
        kernel_ops_free(k);
        free(k);
    }
    free(w->k);
    memset(w, 0, sizeof *w);
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static int ends_with_trace(const char *p)
{
    return ends_with(p, ".traceg") || ends_with(p, ".traceg.xz") || ends_with(p, ".traceg.gz");
}

int workload_load(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n)
{
    memset(w, 0, sizeof *w);
    if (ends_with_trace(path)) {
        kernel_t *k;
        if (trace_load_kernel(path, 1, o, &k, err, n))
            return -1;
        w->k = malloc(sizeof *w->k);
        if (!w->k) {
            k->destroy(k);
            kernel_ops_free(k);
            free(k);
            snprintf(err, n, "out of memory");
            return -1;
        }
        w->k[0] = k;
        w->n = 1;
        return 0;
    }
    if (ends_with(path, ".g"))
        return trace_load_list(path, o, w, err, n);
    return native_load(path, o, w, err, n);
}

tblock_t *kernel_stored_block(kernel_t *k, unsigned i)
{
    stored_t *s = k->priv;
    return i < s->n ? &s->blocks[i] : NULL;
}
