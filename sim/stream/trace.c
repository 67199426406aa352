/* Accel-Sim trace reader, as accel-sim-framework's gpu-simulator/trace-parser reads them and
 * beyond: tracer versions 0 to 6 (per-line thread-block/warp prefix before version 3, line
 * numbers with "-enable lineinfo = 1", an optional immediate, version 6's
 * `imm1 imm2 Val|NoVal [per operand: count (1 or 32) values]` tail), vector (Rn, R255 = RZ),
 * uniform (URn, UR63 = URZ) and predicate (Pn, UPn) operands, address modes 0/1/2 (list,
 * base+stride, base + popcount(mask)-1 deltas) and the TMA modes 3/4, GMMA's commit-group
 * flag, cluster lines, missing optional header keys, plain / xz / gzip files. A kernel is
 * checked once through at load (errors, the registers it names, its architecture) and then
 * read a thread block at a time as the SM asks, so memory stays flat however long the trace.
 * Every error names file, line and field; a wrong header is a warning with the value used. */
#include "isa.h"
#include "lines.h"
#include "stream.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERR(...)                                                                                   \
    do {                                                                                           \
        snprintf(err, n, __VA_ARGS__);                                                             \
        goto fail;                                                                                 \
    } while (0)

#define ARCH_MAX_REGS 255 /* registers per thread, sm_35 on */

typedef struct {
    char path[1024];
    lines_t *r;
    unsigned version, lineinfo, body_line; /* body_line: lines before the first block */
    unsigned next_id, max_warps;
    int scanning;                          /* the load-time pass: blocks are counted, not kept */
} tk_t;

static int blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == 0;
}

static int parse_uint(const char *tok, int base, unsigned long long max, unsigned long long *v)
{
    if (!tok || !*tok || tok[0] == '-' || tok[0] == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(tok, &end, base);
    if (errno || *end || x > max)
        return -1;
    *v = x;
    return 0;
}

static int parse_int(const char *tok, long long *v)
{
    if (!tok || !*tok)
        return -1;
    char *end;
    errno = 0;
    long long x = strtoll(tok, &end, 0);
    if (errno || *end) {
        /* large unsigned immediates */
        unsigned long long u;
        if (parse_uint(tok, 0, ~0ull, &u))
            return -1;
        x = (long long)u;
    }
    *v = x;
    return 0;
}

/* Rn / URn / Pn / UPn / PT / UPT as a warp_push operand code; -1 if not a register */
static int parse_reg(const char *tok, unsigned *code)
{
    unsigned long long v;
    if (!strcmp(tok, "PT") || !strcmp(tok, "UPT")) {
        *code = REG_PRED;
        return 0;
    }
    if (!strncmp(tok, "UR", 2) && !parse_uint(tok + 2, 10, UREG_NONE, &v)) {
        *code = REG_UNIFORM | (unsigned)v;
        return 0;
    }
    if ((!strncmp(tok, "UP", 2) && !parse_uint(tok + 2, 10, 7, &v)) ||
        (tok[0] == 'P' && !parse_uint(tok + 1, 10, 7, &v))) {
        *code = REG_PRED;
        return 0;
    }
    if (tok[0] == 'R' && !parse_uint(tok + 1, 10, REG_NONE, &v)) {
        *code = (unsigned)v;
        return 0;
    }
    return -1;
}

static int is_tma(const char *op)
{
    static const char *const t[] = {"UTMALDG", "UTMASTG", "UTMAPF", "UTMAREDG", "UBLKCP", "UBLKPF", "UBLKRED", NULL};
    for (unsigned i = 0; t[i]; i++)
        if (strstr(op, t[i]))
            return 1;
    return 0;
}

/* one instruction line */
static int parse_inst(kernel_t *k, warp_trace_t *w, char *s, unsigned version, unsigned lineinfo,
                      unsigned line, char *err, size_t n)
{
    char *save, *tok;
    unsigned long long v;
    inst_t in;
    memset(&in, 0, sizeof in);
    in.line = line;
#define NEXT(field)                                                                                \
    do {                                                                                           \
        tok = strtok_r(NULL, " \t", &save);                                                        \
        if (!tok)                                                                                  \
            ERR("%s:%u: field '%s': missing (line truncated)", k->file, line, field);              \
    } while (0)
#define UINT(field, base, max)                                                                     \
    do {                                                                                           \
        NEXT(field);                                                                               \
        if (parse_uint(tok, base, max, &v))                                                        \
            ERR("%s:%u: field '%s': '%s' is not a number in [0, %llu]", k->file, line, field, tok, \
                (unsigned long long)(max));                                                        \
    } while (0)
    tok = strtok_r(s, " \t", &save);
    if (version < 3) {
        for (int i = 0; i < 4; i++) {
            if (i)
                NEXT("tb/warp prefix");
            if (parse_uint(tok, 10, 1u << 31, &v))
                ERR("%s:%u: field 'tb/warp prefix': '%s' is not a number", k->file, line, tok);
        }
        NEXT("pc");
    }
    if (lineinfo) {
        if (parse_uint(tok, 10, 1u << 31, &v))
            ERR("%s:%u: field 'line_num': '%s' is not a number", k->file, line, tok);
        NEXT("pc");
    }
    if (parse_uint(tok, 16, 0xffffffffull, &v))
        ERR("%s:%u: field 'pc': '%s' is not a hex address", k->file, line, tok);
    in.pc = (uint32_t)v;
    UINT("mask", 16, 0xffffffffull);
    in.mask = (uint32_t)v;
    UINT("dest_num", 10, INST_MAX_DST);
    unsigned ndst = (unsigned)v, dst[INST_MAX_DST], src[INST_MAX_SRC];
    for (unsigned i = 0; i < ndst; i++) {
        NEXT("reg_dests");
        if (parse_reg(tok, &dst[i]))
            ERR("%s:%u: field 'reg_dests': bad register '%s'", k->file, line, tok);
    }
    NEXT("opcode");
    char opcode[64];
    if (strlen(tok) >= sizeof opcode || !(tok[0] >= 'A' && tok[0] <= 'Z'))
        ERR("%s:%u: field 'opcode': '%.40s' is not an opcode", k->file, line, tok);
    snprintf(opcode, sizeof opcode, "%s", tok);
    UINT("src_num", 10, INST_MAX_SRC);
    unsigned nsrc = (unsigned)v;
    for (unsigned i = 0; i < nsrc; i++) {
        NEXT("reg_srcs");
        if (parse_reg(tok, &src[i]))
            ERR("%s:%u: field 'reg_srcs': bad register '%s'", k->file, line, tok);
    }
    if (strstr(opcode, "GMMA"))
        UINT("gmma_commit_group", 10, 1);
    UINT("mem_width", 10, 1024);
    unsigned width = (unsigned)v, active = (unsigned)__builtin_popcount(in.mask);
    uint64_t addr[32] = {0};
    int has_addr = 0;
    if (is_tma(opcode)) {
        /* TMA: mbarrier, multicast [cta mask], bytes, out-of-bounds bytes, mode 3 (count,
         * addresses) or 4 (base, count, count-1 deltas); a bulk copy, not per-lane accesses */
        UINT("tma_mbar_addr", 16, ~0ull);
        UINT("tma_is_multicast", 10, 1);
        if (v)
            UINT("tma_cta_mask", 16, 0xffffull);
        UINT("tma_byte_count", 10, ~0ull);
        UINT("tma_oob_byte_count", 10, ~0ull);
        UINT("address_mode", 10, 4);
        unsigned long long mode = v;
        if (mode != 3 && mode != 4)
            ERR("%s:%u: field 'address_mode': TMA mode %llu (3 or 4 expected)", k->file, line, mode);
        if (mode == 4)
            UINT("tma_base", 16, ~0ull);
        UINT("tma_transfer_count", 10, 1u << 20);
        unsigned long long cnt = mode == 4 && v ? v - 1 : v;
        long long d;
        for (unsigned long long i = 0; i < cnt; i++) {
            NEXT("tma_addresses");
            if (mode == 3 ? parse_uint(tok, 16, ~0ull, &v) : parse_int(tok, &d))
                ERR("%s:%u: field 'tma_addresses': '%s' is not an address or delta", k->file, line, tok);
        }
    } else if (width) {
        UINT("address_mode", 10, 2);
        unsigned mode = (unsigned)v;
        unsigned nvals = mode == 0 ? active : mode == 1 ? (active ? 2 : 0) : active;
        /* mode 0: one address per active lane; 1: base and stride over the active lanes;
         * 2: base, then each further active lane's delta from the previous one */
        long long vals[32];
        for (unsigned i = 0; i < nvals; i++) {
            NEXT("mem_addresses");
            unsigned long long a;
            if ((i == 0 || mode == 0) ? parse_uint(tok, 16, ~0ull, &a) : parse_int(tok, &vals[i]))
                ERR("%s:%u: field 'mem_addresses': '%s' is not an address or delta", k->file,
                    line, tok);
            if (i == 0 || mode == 0)
                vals[i] = (long long)a;
        }
        uint64_t prev = 0;
        for (unsigned l = 0, j = 0; l < 32 && nvals; l++) {
            if (!(in.mask >> l & 1))
                continue;
            addr[l] = mode == 0   ? (uint64_t)vals[j]
                      : mode == 1 ? (uint64_t)vals[0] + (uint64_t)j * (uint64_t)vals[1]
                      : j == 0    ? (uint64_t)vals[0]
                                  : prev + (uint64_t)vals[j];
            prev = addr[l];
            j++;
        }
        has_addr = nvals > 0;
    }
    /* immediates (any version: Accel-Sim reads one when present), then v6's values */
    long long imm;
    tok = strtok_r(NULL, " \t", &save);
    for (unsigned i = 0; tok && i < (version >= 6 ? 2u : 1u) && !parse_int(tok, &imm); i++)
        tok = strtok_r(NULL, " \t", &save);
    if (tok && version >= 6 && !strcmp(tok, "NoVal"))
        tok = strtok_r(NULL, " \t", &save);
    else if (tok && version >= 6 && !strcmp(tok, "Val")) {
        for (unsigned o = 0; o < ndst + nsrc; o++) {
            UINT("value_count", 10, 32);
            if (v != 1 && v != 32 && v != active)
                ERR("%s:%u: field 'values': operand %u has %llu values; expected 1, 32 or one "
                    "per active lane (%u)", k->file, line, o + 1, v, active);
            for (unsigned long long i = v; i; i--)
                UINT("values", 16, ~0ull);
        }
        tok = strtok_r(NULL, " \t", &save);
    }
    if (tok)
        ERR("%s:%u: field 'line end': unexpected token '%.40s'", k->file, line, tok);
    if (warp_push(k, w, &in, opcode, dst, ndst, src, nsrc, err, n))
        return -1;
    int space = has_addr ? mem_space(opcode) : MS_NONE;
    if (space != MS_NONE && warp_set_addrs(w, space, addr, in.mask, isa_mem_width(opcode)))
        ERR("out of memory");
    return 0;
#undef UINT
#undef NEXT
fail:
    return -1;
}

FILE *stream_warnings;

static void warn(const char *file, unsigned line, const char *field, const char *msg)
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
    if (l >= sizeof tmp || !blank(eq + l))
        return -1;
    snprintf(tmp, sizeof tmp, "%.*s", (int)l, eq);
    return parse_uint(tmp, 10, max, v);
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
        if (blank(s))
            continue;
        if (left) {
            if (s[0] == '#' || !strncmp(s, "warp", 4) || !strncmp(s, "insts", 5))
                ERR("%s:%u: field 'insts': expected %llu more instruction(s)", k->file, line, left);
            if (parse_inst(k, w, s, t->version, t->lineinfo, line, err, n))
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

/* "-key = value" lines up to the first block; -1 on a malformed one */
static int read_header(kernel_t *k, tk_t *t, int *have, char *err, size_t n)
{
    unsigned blk[3] = {0, 0, 0}, grid[3];
    char *s;
    while ((s = lines_next(t->r))) {
        unsigned line = lines_no(t->r);
        if (blank(s) || (s[0] == '#' && strncmp(s, "#BEGIN_TB", 9)))
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
            warn(k->file, line, key, "unknown header key, ignored");
            continue;
        }
        have[i] = 1;
        unsigned long long v;
        if (!strcmp(key, "kernel name"))
            snprintf(k->name, sizeof k->name, "%s", val);
        else if (!strcmp(key, "grid dim") && parse_dim(val, ~0ull, grid))
            warn(k->file, line, key, "not (x,y,z), ignored (the blocks are counted in the trace)");
        else if (!strcmp(key, "block dim") && parse_dim(val, 1024, blk))
            ERR("%s:%u: field 'block dim': expected (x,y,z) with 1..1024 threads", k->file, line);
        else if (!strcmp(key, "shmem") || !strcmp(key, "nregs") || !strcmp(key, "binary version") ||
                 !strcmp(key, "accelsim tracer version") || !strcmp(key, "enable lineinfo")) {
            if (parse_uint(val, 10, 1u << 24, &v))
                ERR("%s:%u: field '%s': '%s' is not a number", k->file, line, key, val);
            if (!strcmp(key, "shmem"))
                k->shmem = (unsigned)v;
            else if (!strcmp(key, "nregs"))
                k->nregs = (unsigned)v;
            else if (!strcmp(key, "binary version"))
                k->binary_version = (unsigned)v;
            else if (!strcmp(key, "enable lineinfo"))
                t->lineinfo = v != 0;
            else if (v > 6)
                ERR("%s:%u: field '%s': version %llu not supported (0..6)", k->file, line, key, v);
            else
                t->version = (unsigned)v;
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
            warn(k->file, 0, "binary version", msg);
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
        warn(k->file, 0, "binary version", msg);
    }
    k->arch = isa_arch_of_binary(k->binary_version);
    if (k->arch < 0)
        ERR("%s: field 'binary version': %u has no opcode table (sm_35 ... sm_90); give --arch smXY",
            k->file, k->binary_version);
    k->defer_unknown = 0;
    kernel_ops_decode(k);
    for (unsigned i = 0; i < k->nops; i++)
        if (k->opi[i].cls < 0)
            ERR("%s:%u: field 'opcode': '%s' is not in the %s (sm_%u) opcode table "
                "(--opcode-class %.*s=CLASS goes on: alu, sfu, shmem, gmem, branch, barrier, exit)",
                k->file, k->opi[i].line, k->ops[i], isa_arch_name(k->arch), k->binary_version,
                (int)strcspn(k->ops[i], "."), k->ops[i]);
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
            warn(k->file, 0, "nregs", msg);
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
        warn(k->file, 0, "nregs", msg);
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
        warn(k->file, 0, "accelsim tracer version", msg);
    }
    trace_rewind(k);
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
        warn(k->file, 0, "block dim", msg);
    }
    if (settle_arch(k, o, have[6], err, n) || settle_regs(k, o, have[5], err, n))
        goto fail;
    trace_rewind(k);
    *out = k;
    return 0;
fail:
    k->destroy(k);
    kernel_ops_free(k);
    free(k);
    return -1;
}

/* a kernelslist.g entry names a trace; Accel-Sim's tracer may have compressed it since */
static int find_trace(const char *dir, const char *name, char *out, size_t cap)
{
    static const char *const suf[] = {"", ".xz", ".gz", NULL};
    for (unsigned i = 0; suf[i]; i++) {
        snprintf(out, cap, "%s/%s%s", dir, name, suf[i]);
        FILE *f = fopen(out, "rb");
        if (f) {
            fclose(f);
            return 0;
        }
    }
    snprintf(out, cap, "%s/%s", dir, name);
    return -1;
}

static int memcpy_line(const char *s)
{
    char a[32], b[32], tail;
    unsigned long long x;
    return sscanf(s, "MemcpyHtoD,%31[^,],%31[^, ]%c", a, b, &tail) == 2 && !parse_uint(a, 16, ~0ull, &x) &&
                   !parse_uint(b, 10, ~0ull, &x) ? 0 : -1;
}

int trace_load_list(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n)
{
    lines_t *r = lines_open(path, err, n);
    if (!r)
        return -1;
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    char *s;
    while ((s = lines_next(r))) {
        unsigned line = lines_no(r);
        while (*s == ' ' || *s == '\t')
            s++;
        size_t l = strlen(s);
        while (l && (s[l - 1] == ' ' || s[l - 1] == '\t'))
            s[--l] = 0;
        if (!l || s[0] == '#')
            continue;
        if (!strncmp(s, "MemcpyHtoD", 10)) {
            if (memcpy_line(s))
                ERR("%s:%u: field 'MemcpyHtoD': expected MemcpyHtoD,0xADDRESS,BYTES", path, line);
            continue;
        }
        if (strncmp(s, "kernel", 6) && !strstr(s, ".traceg")) {
            char msg[128];
            snprintf(msg, sizeof msg, "'%.40s' ignored (as Accel-Sim does: only MemcpyHtoD and "
                     "kernel traces are commands)", s);
            warn(path, line, "command", msg);
            continue;
        }
        char kp[1100];
        if (find_trace(dir, s, kp, sizeof kp))
            ERR("%s:%u: field 'kernel': cannot open %s (nor .xz / .gz): %s", path, line, kp,
                strerror(errno));
        kernel_t *k;
        if (trace_load_kernel(kp, w->n + 1, o, &k, err, n))
            goto fail;
        kernel_t **v = realloc(w->k, (w->n + 1) * sizeof *v);
        if (!v) {
            k->destroy(k);
            kernel_ops_free(k);
            free(k);
            ERR("out of memory");
        }
        w->k = v;
        w->k[w->n++] = k;
    }
    if (lines_error(r))
        ERR("%s:%u: %s", path, lines_no(r), lines_error(r));
    if (!w->n)
        ERR("%s: no kernels listed", path);
    lines_close(r);
    return 0;
fail:
    lines_close(r);
    workload_free(w);
    return -1;
}
