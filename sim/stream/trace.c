/* Accel-Sim trace reader: kernelslist.g and kernel-N.traceg, tracer versions 0 to 5
 * (per-line thread-block/warp prefix before version 3, optional line numbers with
 * "-enable lineinfo = 1", trailing immediate from version 5), address modes 0/1/2
 * (list, base+stride, base+popcount(mask)-1 deltas). Registers are expanded to what the
 * operand covers (isa.c); R255 is no register. Every error names file, line and field. */
#include "isa.h"
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

typedef struct {
    FILE *f;
    const char *path;
    unsigned line;
    char *buf;
    size_t cap;
} reader_t;

/* next line without trailing newline; NULL at end of file */
static char *rd_line(reader_t *r)
{
    ssize_t len = getline(&r->buf, &r->cap, r->f);
    if (len < 0)
        return NULL;
    r->line++;
    while (len > 0 && (r->buf[len - 1] == '\n' || r->buf[len - 1] == '\r'))
        r->buf[--len] = 0;
    return r->buf;
}

static int blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == 0;
}

static int parse_uint(const char *tok, int base, unsigned long long max, unsigned long long *v)
{
    if (!tok || !*tok)
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(tok, &end, base);
    if (errno || *end || x > max || tok[0] == '-')
        return -1;
    *v = x;
    return 0;
}

static int parse_reg(const char *tok, unsigned *r)
{
    unsigned long long v;
    if (!tok || tok[0] != 'R' || parse_uint(tok + 1, 10, 255, &v))
        return -1;
    *r = (unsigned)v;
    return 0;
}

static const char *const header_keys[] = {
    "kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs", "binary version",
    "cuda stream id", "shmem base_addr", "local mem base_addr", "nvbit version",
    "accelsim tracer version", "enable lineinfo", NULL};

static int parse_dim(const char *v, unsigned d[3])
{
    return sscanf(v, " (%u,%u,%u)", &d[0], &d[1], &d[2]) == 3 ? 0 : -1;
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
    NEXT("mask");
    if (parse_uint(tok, 16, 0xffffffffull, &v))
        ERR("%s:%u: field 'mask': '%s' is not a 32-bit hex mask", k->file, line, tok);
    in.mask = (uint32_t)v;
    NEXT("dest_num");
    if (parse_uint(tok, 10, INST_MAX_DST, &v))
        ERR("%s:%u: field 'dest_num': '%s' is not a count in [0, %d]", k->file, line, tok,
            INST_MAX_DST);
    unsigned ndst = (unsigned)v, dst[INST_MAX_DST], src[INST_MAX_SRC];
    for (unsigned i = 0; i < ndst; i++) {
        NEXT("reg_dests");
        if (parse_reg(tok, &dst[i]))
            ERR("%s:%u: field 'reg_dests': bad register '%s'", k->file, line, tok);
    }
    NEXT("opcode");
    char opcode[64];
    snprintf(opcode, sizeof opcode, "%s", tok);
    NEXT("src_num");
    if (parse_uint(tok, 10, INST_MAX_SRC, &v))
        ERR("%s:%u: field 'src_num': '%s' is not a count in [0, %d]", k->file, line, tok,
            INST_MAX_SRC);
    unsigned nsrc = (unsigned)v;
    for (unsigned i = 0; i < nsrc; i++) {
        NEXT("reg_srcs");
        if (parse_reg(tok, &src[i]))
            ERR("%s:%u: field 'reg_srcs': bad register '%s'", k->file, line, tok);
    }
    NEXT("mem_width");
    if (parse_uint(tok, 10, 1024, &v))
        ERR("%s:%u: field 'mem_width': '%s' is not a width", k->file, line, tok);
    unsigned width = (unsigned)v;
    uint64_t addr[32] = {0};
    if (v) {
        NEXT("address_mode");
        unsigned long long mode;
        if (parse_uint(tok, 10, 2, &mode))
            ERR("%s:%u: field 'address_mode': '%s' is not 0, 1 or 2", k->file, line, tok);
        unsigned active = (unsigned)__builtin_popcount(in.mask);
        unsigned nvals = mode == 0 ? active : mode == 1 ? (active ? 2 : 0) : active;
        /* mode 0: one address per active lane; 1: base and stride over the active lanes;
         * 2: base, then each active lane's delta from the previous one */
        long long vals[32];
        for (unsigned i = 0; i < nvals; i++) {
            NEXT("mem_addresses");
            char *end;
            errno = 0;
            if (i == 0 || mode == 0)
                vals[i] = (long long)strtoull(tok, &end, 16);
            else
                vals[i] = strtoll(tok, &end, 10);
            if (errno || *end)
                ERR("%s:%u: field 'mem_addresses': '%s' is not an address or delta", k->file,
                    line, tok);
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
    }
    tok = strtok_r(NULL, " \t", &save);
    if (tok && version >= 5) /* immediate */
        tok = strtok_r(NULL, " \t", &save);
    if (tok)
        ERR("%s:%u: field 'line end': unexpected token '%s'", k->file, line, tok);
    if (warp_push(k, w, &in, opcode, dst, ndst, src, nsrc, err, n))
        return -1;
    int space = width ? mem_space(opcode) : MS_NONE;
    if (space != MS_NONE && warp_set_addrs(w, space, addr, in.mask, width))
        ERR("out of memory");
    return 0;
#undef NEXT
fail:
    return -1;
}

int trace_load_kernel(const char *path, unsigned id, kernel_t **out, char *err, size_t n)
{
    reader_t r = {fopen(path, "r"), path, 0, NULL, 0};
    kernel_t *k = NULL;
    if (!r.f) {
        snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    k = kernel_new_stored();
    if (!k)
        ERR("out of memory");
    snprintf(k->file, sizeof k->file, "%s", path);
    k->id = id;
    unsigned version = 0, lineinfo = 0, grid[3] = {1, 1, 1}, blk[3] = {0, 0, 0};
    int seen_version = 0;
    char *s;
    tblock_t *tb = NULL;
    warp_trace_t *w = NULL;
    unsigned long long left = 0;
    while ((s = rd_line(&r))) {
        if (left) {
            if (blank(s))
                ERR("%s:%u: field 'insts': expected %llu more instruction(s)", path, r.line, left);
            if (parse_inst(k, w, s, version, lineinfo, r.line, err, n))
                goto fail;
            left--;
            continue;
        }
        if (blank(s) || s[0] == '#') {
            if (!strncmp(s, "#BEGIN_TB", 9)) {
                if (tb)
                    ERR("%s:%u: field '#BEGIN_TB': previous thread block not ended", path, r.line);
                if (!seen_version || !blk[0])
                    ERR("%s:%u: field 'header': thread block before the kernel header", path, r.line);
                tb = kernel_stored_add_block(k, k->nblocks, k->warps_per_block);
                if (!tb)
                    ERR("out of memory");
                w = NULL;
            } else if (!strncmp(s, "#END_TB", 7)) {
                if (!tb)
                    ERR("%s:%u: field '#END_TB': no thread block open", path, r.line);
                tb = NULL;
            }
            continue;
        }
        if (s[0] == '-') {
            char *eq = strchr(s, '=');
            if (!eq)
                ERR("%s:%u: field 'header': expected '-key = value'", path, r.line);
            char key[64];
            size_t kl = (size_t)(eq - s - 1);
            while (kl && s[kl] == ' ')
                kl--;
            snprintf(key, sizeof key, "%.*s", (int)kl, s + 1);
            const char *val = eq + 1;
            while (*val == ' ')
                val++;
            int known = 0;
            for (unsigned i = 0; header_keys[i]; i++)
                known |= !strcmp(header_keys[i], key);
            if (!known)
                ERR("%s:%u: field '%s': unknown header", path, r.line, key);
            unsigned long long v;
            if (!strcmp(key, "kernel name"))
                snprintf(k->name, sizeof k->name, "%s", val);
            else if (!strcmp(key, "grid dim") && parse_dim(val, grid))
                ERR("%s:%u: field 'grid dim': expected (x,y,z)", path, r.line);
            else if (!strcmp(key, "block dim") && parse_dim(val, blk))
                ERR("%s:%u: field 'block dim': expected (x,y,z)", path, r.line);
            else if (!strcmp(key, "shmem") || !strcmp(key, "nregs") ||
                     !strcmp(key, "accelsim tracer version") || !strcmp(key, "enable lineinfo")) {
                if (parse_uint(val, 10, 1u << 24, &v))
                    ERR("%s:%u: field '%s': '%s' is not a number", path, r.line, key, val);
                if (!strcmp(key, "shmem"))
                    k->shmem = (unsigned)v;
                else if (!strcmp(key, "nregs"))
                    k->nregs = (unsigned)v;
                else if (!strcmp(key, "enable lineinfo"))
                    lineinfo = (unsigned)v;
                else {
                    if (v > 5)
                        ERR("%s:%u: field '%s': version %llu not supported (0..5)", path, r.line,
                            key, v);
                    version = (unsigned)v;
                    seen_version = 1;
                }
            }
            if (blk[0]) {
                k->threads_per_block = blk[0] * blk[1] * blk[2];
                k->warps_per_block = (k->threads_per_block + 31) / 32;
            }
            continue;
        }
        unsigned long long v;
        if (!strncmp(s, "thread block", 12)) {
            if (!tb)
                ERR("%s:%u: field 'thread block': outside #BEGIN_TB", path, r.line);
            continue;
        }
        if (!strncmp(s, "warp", 4)) {
            const char *val = strchr(s, '=');
            if (!tb || !val || parse_uint(val + 1 + (val[1] == ' '), 10, 1u << 20, &v))
                ERR("%s:%u: field 'warp': expected 'warp = N' inside a thread block", path, r.line);
            if (v >= tb->nwarps)
                ERR("%s:%u: field 'warp': %llu outside the block's %u warps", path, r.line, v,
                    tb->nwarps);
            w = &tb->warps[v];
            continue;
        }
        if (!strncmp(s, "insts", 5)) {
            const char *val = strchr(s, '=');
            if (!w || !val || parse_uint(val + 1 + (val[1] == ' '), 10, 1u << 28, &v))
                ERR("%s:%u: field 'insts': expected 'insts = K' after 'warp = N'", path, r.line);
            left = v;
            continue;
        }
        ERR("%s:%u: field 'line': unrecognised line '%.40s'", path, r.line, s);
    }
    if (left)
        ERR("%s:%u: field 'insts': file ends %llu instruction(s) early", path, r.line, left);
    if (tb)
        ERR("%s:%u: field '#END_TB': file ends inside a thread block", path, r.line);
    if (!k->nblocks)
        ERR("%s: no thread blocks", path);
    if (!k->nregs)
        ERR("%s: field 'nregs': missing or zero", path);
    free(r.buf);
    fclose(r.f);
    *out = k;
    return 0;
fail:
    free(r.buf);
    fclose(r.f);
    if (k) {
        k->destroy(k);
        kernel_ops_free(k);
        free(k);
    }
    return -1;
}

int trace_load_list(const char *path, workload_t *w, char *err, size_t n)
{
    reader_t r = {fopen(path, "r"), path, 0, NULL, 0};
    if (!r.f) {
        snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    char *s;
    while ((s = rd_line(&r))) {
        if (blank(s) || s[0] == '#' || !strncmp(s, "Memcpy", 6))
            continue;
        if (strchr(s, ',') || strchr(s, ' '))
            ERR("%s:%u: field 'command': unrecognised command '%.40s'", path, r.line, s);
        char kp[1100];
        snprintf(kp, sizeof kp, "%s/%s", dir, s);
        kernel_t *k;
        if (trace_load_kernel(kp, w->n + 1, &k, err, n))
            goto fail;
        kernel_t **v = realloc(w->k, (w->n + 1) * sizeof *v);
        if (!v)
            ERR("out of memory");
        w->k = v;
        w->k[w->n++] = k;
    }
    if (!w->n)
        ERR("%s: no kernels listed", path);
    free(r.buf);
    fclose(r.f);
    return 0;
fail:
    free(r.buf);
    fclose(r.f);
    workload_free(w);
    return -1;
}
