/* Accel-Sim trace reader, as accel-sim-framework's gpu-simulator/trace-parser reads them and
 * beyond: tracer versions 0 to 6 (per-line thread-block/warp prefix before version 3, line
 * numbers with "-enable lineinfo = 1", an optional immediate, version 6's
 * `imm1 imm2 Val|NoVal [per operand: count (1 or 32) values]` tail), vector (Rn, R255 = RZ),
 * uniform (URn, UR63 = URZ) and predicate (Pn, UPn) operands, address modes 0/1/2 (list,
 * base+stride, base + popcount(mask)-1 deltas) and the TMA modes 3/4, GMMA's commit-group
 * flag, cluster lines, missing optional header keys, plain / xz / gzip files. A kernel is
 * checked once through at load (errors, the registers it names, its architecture) and then
 * read a thread block at a time as the SM asks, so memory stays flat however long the trace.
 * Every error names file, line and field; a wrong header is a warning with the value used.
 * This file: the kernel header, thread blocks and the load-time checks; lines in
 * trace_line.c, kernelslist.g in trace_list.c. */
#include "cmodel/common.h"
#include "isa.h"
#include "lines.h"
#include "prefetch.h"
#include "trace_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARCH_MAX_REGS 255 /* registers per thread, sm_35 on */

typedef struct {
    char path[1024];
    lines_t *r;
    unsigned version, lineinfo, body_line; /* body_line: lines before the first block */
    unsigned next_id, max_warps;
} tk_t;

FILE *stream_warnings;

void trace_warn(const char *file, unsigned line, const char *field, const char *msg)
{
    if (stream_warnings && line)
        fprintf(stream_warnings, "gpurf: warning: %s:%u: field '%s': %s\n", file, line, field, msg);
    else if (stream_warnings)
        fprintf(stream_warnings, "gpurf: warning: %s: field '%s': %s\n", file, field, msg);
}

/* the value after '=' of "key = value" lines inside a block */
static int line_value(const char *s, unsigned long long max, unsigned long long *v)
{
    const char *eq = strchr(s, '=');
    if (!eq)
        return -1;
    eq++;
    while (*eq == ' ' || *eq == '\t')
        eq++;
    char tmp[32];
    size_t l = strcspn(eq, " \t");
    if (l >= sizeof tmp || !trace_blank(eq + l))
        return -1;
    snprintf(tmp, sizeof tmp, "%.*s", (int)l, eq);
    return trace_parse_uint(tmp, 10, max, v);
}

static int grow_warps(tblock_t *b, unsigned want)
{
    if (want <= b->nwarps)
        return 0;
    warp_trace_t *v = realloc(b->warps, want * sizeof *v);
    if (!v)
        return -1;
    memset(v + b->nwarps, 0, (want - b->nwarps) * sizeof *v);
    b->warps = v;
    b->nwarps = want;
    return 0;
}

static int open_body(kernel_t *k, char *err, size_t n)
{
    tk_t *t = k->priv;
    if (t->r)
        return 0;
    t->r = lines_open(t->path, err, n);
    if (!t->r)
        return -1;
    while (lines_no(t->r) < t->body_line && lines_next(t->r))
        ;
    if (lines_error(t->r)) {
        snprintf(err, n, "%s: %s", t->path, lines_error(t->r));
        return -1;
    }
    return 0;
}

/* the next "#BEGIN_TB ... #END_TB" of the file */
static int trace_next(kernel_t *k, tblock_t *b, char *err, size_t n)
{
    tk_t *t = k->priv;
    memset(b, 0, sizeof *b);
    if (open_body(k, err, n))
        return -1;
    char *s;
    int in_tb = 0;
    warp_trace_t *w = NULL;
    unsigned long long left = 0, v;
    while ((s = lines_next(t->r))) {
        unsigned line = lines_no(t->r);
        if (trace_blank(s))
            continue;
        if (left) {
            if (s[0] == '#' || !strncmp(s, "warp", 4) || !strncmp(s, "insts", 5))
                ERR("%s:%u: field 'insts': expected %llu more instruction(s)", k->file, line, left);
            if (trace_parse_inst(k, w, s, t->version, t->lineinfo, line, err, n))
                goto fail;
            left--;
            continue;
        }
        if (!strncmp(s, "#BEGIN_TB", 9)) {
            if (in_tb)
                ERR("%s:%u: field '#BEGIN_TB': previous thread block not ended", k->file, line);
            in_tb = 1;
            b->id = t->next_id++;
            if (grow_warps(b, k->warps_per_block ? k->warps_per_block : 1))
                ERR("out of memory");
            continue;
        }
        if (!strncmp(s, "#END_TB", 7)) {
            if (!in_tb)
                ERR("%s:%u: field '#END_TB': no thread block open", k->file, line);
            if (b->nwarps > t->max_warps)
                t->max_warps = b->nwarps;
            return 1;
        }
        if (s[0] == '#')
            continue;
        if (!in_tb)
            ERR("%s:%u: field 'line': '%.40s' outside a thread block", k->file, line, s);
        if (!strncmp(s, "thread block", 12) || !strncmp(s, "cluster", 7))
            continue;
        if (!strncmp(s, "warp", 4)) {
            if (line_value(s, 1023, &v))
                ERR("%s:%u: field 'warp': expected 'warp = N' (N < 1024)", k->file, line);
            if (k->warps_per_block && v >= k->warps_per_block)
                ERR("%s:%u: field 'warp': %llu outside the block's %u warps (block dim)", k->file,
                    line, v, k->warps_per_block);
            if (grow_warps(b, (unsigned)v + 1))
                ERR("out of memory");
            w = &b->warps[v];
            continue;
        }
        if (!strncmp(s, "insts", 5)) {
            if (!w || line_value(s, 1u << 28, &v))
                ERR("%s:%u: field 'insts': expected 'insts = K' after 'warp = N'", k->file, line);
            left = v;
            continue;
        }
        ERR("%s:%u: field 'line': unrecognised line '%.40s'", k->file, line, s);
    }
    if (lines_error(t->r))
        ERR("%s:%u: %s", k->file, lines_no(t->r), lines_error(t->r));
    if (left)
        ERR("%s:%u: field 'insts': file ends %llu instruction(s) early", k->file, lines_no(t->r), left);
    if (in_tb)
        ERR("%s:%u: field '#END_TB': file ends inside a thread block", k->file, lines_no(t->r));
    return 0;
fail:
    tblock_free(b);
    return -1;
}

static void trace_done(kernel_t *k, tblock_t *b)
{
    (void)k;
    tblock_free(b);
}

static void trace_rewind(kernel_t *k)
{
    tk_t *t = k->priv;
    lines_close(t->r);
    t->r = NULL;
    t->next_id = 0;
}

static void trace_destroy(kernel_t *k)
{
    tk_t *t = k->priv;
    lines_close(t->r);
    free(t);
}

static const char *const header_keys[] = {
    "kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs", "binary version",
    "cuda stream id", "shmem base_addr", "local mem base_addr", "nvbit version",
    "accelsim tracer version", "enable lineinfo", NULL};

/* "(x,y,z)" with every extent >= 1 and at most max in all */
static int parse_dim(const char *v, unsigned long long max, unsigned d[3])
{
    char tail;
    return sscanf(v, " (%u,%u,%u)%c", &d[0], &d[1], &d[2], &tail) == 3 && d[0] && d[1] && d[2] &&
                   (unsigned long long)d[0] * d[1] * d[2] <= max ? 0 : -1;
}

/* the tracer version as Accel-Sim's reader takes it (sscanf "%d"): the number the value starts
 * with, whatever follows ("1.2", "5", "4-rc1"); a version newer than this reader knows is read
 * as its newest, with one warning per process */
#define TRACER_VERSION_MAX 6
static int tracer_version(const kernel_t *k, unsigned line, const char *val, unsigned *version,
                         char *err, size_t n)
{
    size_t d = 0;
    while (val[d] >= '0' && val[d] <= '9')
        d++;
    char num[16];
    unsigned long long v;
    snprintf(num, sizeof num, "%.*s", (int)(d < sizeof num ? d : sizeof num - 1), val);
    if (!d || d >= sizeof num || trace_parse_uint(num, 10, 1u << 24, &v))
        return gpurf_fail(err, n, "%s:%u: field 'accelsim tracer version': '%s' does not start "
                          "with a version number", k->file, line, val);
    static int warned;
    if (v > TRACER_VERSION_MAX && !warned) {
        char msg[128];
        snprintf(msg, sizeof msg, "version %llu is newer than this reader knows (0..%u): its lines "
                 "are read as version %u's", v, TRACER_VERSION_MAX, TRACER_VERSION_MAX);
        trace_warn(k->file, line, "accelsim tracer version", msg);
        warned = 1;
    }
    *version = v > TRACER_VERSION_MAX ? TRACER_VERSION_MAX : (unsigned)v;
    return 0;
}

/* "-key = value" lines up to the first block; -1 on a malformed one */
static int read_header(kernel_t *k, tk_t *t, int *have, char *err, size_t n)
{
    unsigned blk[3] = {0, 0, 0}, grid[3];
    char *s;
    while ((s = lines_next(t->r))) {
        unsigned line = lines_no(t->r);
        if (trace_blank(s) || (s[0] == '#' && strncmp(s, "#BEGIN_TB", 9)))
            continue;
        if (s[0] != '-') {
            t->body_line = line - 1;
            break;
        }
        char *eq = strchr(s, '=');
        if (!eq)
            ERR("%s:%u: field 'header': expected '-key = value'", k->file, line);
        char key[64];
        size_t kl = (size_t)(eq - s - 1);
        while (kl && s[kl] == ' ')
            kl--;
        snprintf(key, sizeof key, "%.*s", (int)kl, s + 1);
        const char *val = eq + 1;
        while (*val == ' ')
            val++;
        unsigned i = 0;
        while (header_keys[i] && strcmp(header_keys[i], key))
            i++;
        if (!header_keys[i]) {
            trace_warn(k->file, line, key, "unknown header key, ignored");
            continue;
        }
        have[i] = 1;
        unsigned long long v;
        if (!strcmp(key, "kernel name"))
            snprintf(k->name, sizeof k->name, "%s", val);
        else if (!strcmp(key, "grid dim") && parse_dim(val, ~0ull, grid))
            trace_warn(k->file, line, key, "not (x,y,z), ignored (the blocks are counted in the trace)");
        else if (!strcmp(key, "block dim") && parse_dim(val, 1024, blk))
            ERR("%s:%u: field 'block dim': expected (x,y,z) with 1..1024 threads", k->file, line);
        else if (!strcmp(key, "accelsim tracer version")) {
            if (tracer_version(k, line, val, &t->version, err, n))
                goto fail;
        } else if (!strcmp(key, "shmem") || !strcmp(key, "nregs") || !strcmp(key, "binary version") ||
                   !strcmp(key, "enable lineinfo")) {
            if (trace_parse_uint(val, 10, 1u << 24, &v))
                ERR("%s:%u: field '%s': '%s' is not a number", k->file, line, key, val);
            if (!strcmp(key, "shmem"))
                k->shmem = (unsigned)v;
            else if (!strcmp(key, "nregs"))
                k->nregs = (unsigned)v;
            else if (!strcmp(key, "binary version"))
                k->binary_version = (unsigned)v;
            else
                t->lineinfo = v != 0;
        }
    }
    if (lines_error(t->r))
        ERR("%s:%u: %s", k->file, lines_no(t->r), lines_error(t->r));
    if (!s)
        t->body_line = lines_no(t->r);
    if (blk[0]) {
        k->threads_per_block = blk[0] * blk[1] * blk[2];
        k->warps_per_block = (k->threads_per_block + 31) / 32;
    }
    return 0;
fail:
    return -1;
}

/* without the version key: lines with the tb/warp prefix (versions 0-2) have a short decimal
 * where later versions have the 8-digit mask */
static int guess_version(tk_t *t, char *err, size_t n)
{
    char *s;
    while ((s = lines_next(t->r))) {
        char a[64], b[64], c[64];
        if (sscanf(s, "%63s %63s %63s", a, b, c) == 3 && a[0] != '#' && strcmp(b, "=") &&
            strcmp(a, "thread") && strcmp(a, "warp") && strcmp(a, "insts"))
            return strlen(b) == 8 ? 5 : 2;
    }
    if (lines_error(t->r)) {
        snprintf(err, n, "%s: %s", t->path, lines_error(t->r));
        return -1;
    }
    return 5;
}

/* pick the architecture: --arch, the header, else the newest table that knows every opcode */
static int settle_arch(kernel_t *k, const load_opts_t *o, int have_bv, char *err, size_t n)
{
    char msg[256];
    if (o && o->binary_version) {
        if (have_bv && k->binary_version && k->binary_version != o->binary_version) {
            snprintf(msg, sizeof msg, "%u overridden by --arch sm_%u", k->binary_version, o->binary_version);
            trace_warn(k->file, 0, "binary version", msg);
        }
        k->binary_version = o->binary_version;
    } else if (!k->binary_version) {
        int best = -1;
        for (int a = ARCH_N - 1; a >= 0 && best < 0; a--) {
            unsigned i = 0;
            while (i < k->nops && isa_category(a, k->ops[i]) >= 0)
                i++;
            if (i == k->nops)
                best = a;
        }
        static const unsigned rep[ARCH_N] = {35, 61, 70, 75, 80, 90};
        if (best < 0)
            ERR("%s: field 'binary version': %s, and no opcode table knows every opcode of the "
                "trace; give --arch smXY", k->file, have_bv ? "0" : "missing");
        k->binary_version = rep[best];
        snprintf(msg, sizeof msg, "%s; using sm_%u (%s, the newest table that knows all %u "
                 "opcodes; --arch smXY to choose)", have_bv ? "0" : "missing", rep[best],
                 isa_arch_name(best), k->nops);
        trace_warn(k->file, 0, "binary version", msg);
    }
    k->arch = isa_arch_of_binary(k->binary_version);
    if (k->arch < 0)
        ERR("%s: field 'binary version': %u has no opcode table (sm_35 ... sm_90); give --arch smXY",
            k->file, k->binary_version);
    k->defer_unknown = 0;
    kernel_ops_decode(k);
    for (unsigned i = 0; i < k->nops; i++)
        if (k->opi[i].cls < 0) {
            kernel_unknown_op(k, i, err, n);
            return -1;
        }
    return 0;
fail:
    return -1;
}

/* registers per thread: --regs, the header, else the registers named rounded up to the
 * hardware's allocation unit (8 per thread: 256 per warp) */
static int settle_regs(kernel_t *k, const load_opts_t *o, int have, char *err, size_t n)
{
    unsigned used = k->hi_reg ? k->hi_reg : 1, alloc = (used + 7) / 8 * 8;
    char msg[256];
    if (o && o->regs) {
        if (o->regs < used)
            ERR("%s: --regs %u: the trace names R%u", k->file, o->regs, used - 1);
        if (have && k->nregs != o->regs) {
            snprintf(msg, sizeof msg, "%u overridden by --regs %u", k->nregs, o->regs);
            trace_warn(k->file, 0, "nregs", msg);
        }
        k->nregs = o->regs;
        return 0;
    }
    const char *why = !have ? "missing" : !k->nregs ? "0" : k->nregs > ARCH_MAX_REGS ? "exceeds the architecture's 255" : k->nregs < used ? "below the registers the trace names" : NULL;
    if (why) {
        if (have && k->nregs)
            snprintf(msg, sizeof msg, "%u %s (highest named R%u); using %u", k->nregs, why, used - 1, alloc);
        else
            snprintf(msg, sizeof msg, "%s (highest named R%u); using %u", why, used - 1, alloc);
        trace_warn(k->file, 0, "nregs", msg);
        k->nregs = alloc;
    }
    return 0;
fail:
    return -1;
}

int trace_load_kernel(const char *path, unsigned id, const load_opts_t *o, kernel_t **out,
                      char *err, size_t n)
{
    kernel_t *k = calloc(1, sizeof *k);
    tk_t *t = calloc(1, sizeof *t);
    int have[16] = {0};
    tblock_t b;
    if (!k || !t) {
        free(k);
        free(t);
        snprintf(err, n, "out of memory");
        return -1;
    }
    k->priv = t;
    k->next_block = trace_next;
    k->done_block = trace_done;
    k->rewind = trace_rewind;
    k->destroy = trace_destroy;
    k->arch = ARCH_ANY;
    k->id = id;
    k->defer_unknown = 1;
    if (o) {
        k->ovr = o->ovr;
        k->novr = o->novr;
    }
    snprintf(t->path, sizeof t->path, "%s", path);
    snprintf(k->file, sizeof k->file, "%s", path);
    const char *base = strrchr(path, '/');
    snprintf(k->name, sizeof k->name, "%s", base ? base + 1 : path);
    if (!(t->r = lines_open(path, err, n)) || read_header(k, t, have, err, n))
        goto fail;
    if (!have[11]) { /* accelsim tracer version */
        int v = guess_version(t, err, n);
        if (v < 0)
            goto fail;
        t->version = (unsigned)v;
        char msg[128];
        snprintf(msg, sizeof msg, "missing; the lines read as version %u%s", t->version,
                 v < 3 ? " (with the tb/warp prefix)" : "");
        trace_warn(k->file, 0, "accelsim tracer version", msg);
    }
    trace_rewind(k);
    if (o && o->probe && have[6] && k->binary_version && !o->binary_version) {
        *out = k; /* the header names what a probe asks */
        return 0;
    }
    /* the load-time pass: check every line, count blocks, find registers and opcodes */
    int r;
    while ((r = trace_next(k, &b, err, n)) == 1) {
        k->nblocks++;
        tblock_free(&b);
    }
    if (r < 0)
        goto fail;
    if (!k->nblocks)
        ERR("%s: no thread blocks", path);
    if (!k->warps_per_block) {
        k->warps_per_block = t->max_warps;
        k->threads_per_block = 32 * t->max_warps;
        char msg[128];
        snprintf(msg, sizeof msg, "missing; %u warps per block as the trace has", t->max_warps);
        trace_warn(k->file, 0, "block dim", msg);
    }
    if (settle_arch(k, o, have[6], err, n) || settle_regs(k, o, have[5], err, n))
        goto fail;
    trace_rewind(k);
    k->frozen = 1;
    kernel_prefetch(k); /* without it (out of memory) the blocks are read in the SM's thread */
    *out = k;
    return 0;
fail:
    k->destroy(k);
    kernel_ops_free(k);
    free(k);
    return -1;
}

