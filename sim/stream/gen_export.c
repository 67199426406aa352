/* Accel-Sim export of a generated kernel (gen.h): kernelslist.g and kernel-1.traceg with the
 * walk's masks and addresses, in the tracer's address modes or every address listed. */
#include "gen_int.h"
#include "isa.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    FILE *f;
    int list; /* address mode 0 for every access */
} out_t;

/* the tracer's base_stride_compress (accel-sim-framework util/tracer_nvbit): the active lanes
 * contiguous from the first with one stride, an empty mask included (base 0, stride 0) */
static int base_stride(const uint64_t *a, uint32_t mask, uint64_t *base, int64_t *stride)
{
    int first = 0, last = 0;
    *base = 0;
    *stride = 0;
    for (unsigned l = 0; l < 32; l++) {
        int on = mask >> l & 1;
        if (on && !first) {
            first = 1;
            *base = a[l];
            if (l == 31 || !(mask >> (l + 1) & 1))
                return 0;
            *stride = (int64_t)(a[l + 1] - a[l]);
        } else if (first && !last) {
            if (on && (int64_t)(a[l] - a[l - 1]) != *stride)
                return 0;
            last = !on;
        } else if (last && on)
            return 0;
    }
    return 1;
}

static void write_addrs(FILE *f, const dyn_t *d, int list)
{
    uint64_t base;
    int64_t stride;
    if (list) {
        fprintf(f, " 0");
        for (unsigned l = 0; l < 32; l++)
            if (d->mask >> l & 1)
                fprintf(f, " 0x%016llx", (unsigned long long)d->addr[l]);
    } else if (base_stride(d->addr, d->mask, &base, &stride)) {
        fprintf(f, " 1 0x%llx %lld", (unsigned long long)base, (long long)stride);
    } else {
        int first = 1;
        uint64_t prev = 0;
        for (unsigned l = 0; l < 32; l++) {
            if (!(d->mask >> l & 1))
                continue;
            if (first)
                fprintf(f, " 2 0x%llx", (unsigned long long)d->addr[l]);
            else
                fprintf(f, " %lld", (long long)(d->addr[l] - prev));
            first = 0;
            prev = d->addr[l];
        }
    }
}

static int write_emit(void *a, const dyn_t *d)
{
    const out_t *o = a;
    FILE *f = o->f;
    const sinst_t *s = d->s;
    fprintf(f, "%04x %08x %u", d->pc, d->mask, s->ndst);
    for (unsigned i = 0; i < s->ndst; i++)
        fprintf(f, " R%u", s->dst[i]);
    fprintf(f, " %s %u", s->op, s->nsrc);
    for (unsigned i = 0; i < s->nsrc; i++)
        fprintf(f, " R%u", s->src[i]);
    if (d->space != MS_NONE) {
        fprintf(f, " %u", isa_mem_width(s->op));
        write_addrs(f, d, o->list);
        fputs(" \n", f);
    } else
        fprintf(f, " 0 \n");
    return ferror(f) ? -1 : 0;
}

static int count_emit(void *a, const dyn_t *d)
{
    (void)d;
    (*(unsigned *)a)++;
    return 0;
}

int gen_write_traces(const gen_spec_t *g, const char *dir, int list, char *err, size_t n)
{
    gen_t G;
    memset(&G, 0, sizeof G);
    G.g = *g;
    gen_build_program(&G);
    char path[1024];
    mkdir(dir, 0777);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, n, "%s: cannot write: %s", path, strerror(errno));
        free(G.prog);
        return -1;
    }
    fprintf(f, "kernel-1.traceg\n");
    fclose(f);
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    f = fopen(path, "w");
    if (!f) {
        snprintf(err, n, "%s: cannot write: %s", path, strerror(errno));
        free(G.prog);
        return -1;
    }
    fprintf(f, "-kernel name = gen_seed%u\n-kernel id = 1\n-grid dim = (%u,1,1)\n"
               "-block dim = (%u,1,1)\n-shmem = 1024\n-nregs = %u\n-binary version = 61\n"
               "-cuda stream id = 0\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
               "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
               "mem_width [adrrescompress?] [mem_addresses]\n\n",
            g->seed, g->blocks, g->threads ? g->threads : g->warps * 32, g->regs);
    for (unsigned b = 0; b < g->blocks; b++) {
        fprintf(f, "#BEGIN_TB\n\nthread block = %u,0,0\n\n", b);
        for (unsigned w = 0; w < g->warps; w++) {
            unsigned cnt = 0;
            gen_walk(&G, b, w, count_emit, &cnt);
            fprintf(f, "warp = %u\ninsts = %u\n", w, cnt);
            out_t o = {f, list};
            gen_walk(&G, b, w, write_emit, &o);
            fputc('\n', f);
        }
        fprintf(f, "#END_TB\n\n");
    }
    int bad = ferror(f);
    fclose(f);
    free(G.prog);
    if (bad) {
        snprintf(err, n, "%s: write error", path);
        return -1;
    }
    return 0;
}
