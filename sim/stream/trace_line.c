/* One instruction line of an Accel-Sim trace (see trace.c for the formats): the optional
 * tb/warp prefix and line number, PC, mask, registers of the three files, opcode, memory
 * addresses in every address mode (TMA included), immediates and version 6's values. */
#include "isa.h"
#include "trace_int.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int trace_blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == 0;
}

/* the value of hex digit c, or 16 */
static unsigned hexval(char c)
{
    if (c >= '0' && c <= '9')
        return (unsigned)(c - '0');
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16;
}

/* bases 10 and 16 (an optional 0x before hex digits) as strtoull reads them, without its
 * locale and errno; the other bases and forms (leading white space) through strtoull */
int trace_parse_uint(const char *tok, int base, unsigned long long max, unsigned long long *v)
{
    if (!tok || !*tok || tok[0] == '-' || tok[0] == '+')
        return -1;
    if ((base == 10 || base == 16) && hexval(tok[0]) < 16) {
        const unsigned b = (unsigned)base;
        if (b == 16 && tok[0] == '0' && (tok[1] | 0x20) == 'x' && hexval(tok[2]) < 16)
            tok += 2;
        unsigned long long x = 0, y;
        for (; *tok; tok++) {
            const unsigned d = hexval(*tok);
            if (d >= b || __builtin_mul_overflow(x, b, &y) || __builtin_add_overflow(y, d, &x))
                return -1;
        }
        if (x > max)
            return -1;
        *v = x;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(tok, &end, base);
    if (errno || *end || x > max)
        return -1;
    *v = x;
    return 0;
}

/* a signed number as strtoll(tok, 0) reads it, and beyond its range an unsigned one (large
 * immediates); signed decimal and hex without strtoll, the other forms (octal) through it */
int trace_parse_int(const char *tok, long long *v)
{
    if (!tok || !*tok)
        return -1;
    const char *s = tok + (tok[0] == '-' || tok[0] == '+');
    const int hex = s[0] == '0' && (s[1] | 0x20) == 'x';
    unsigned long long u;
    if ((hex || (s[0] >= '1' && s[0] <= '9') || (s[0] == '0' && !s[1])) &&
        !trace_parse_uint(s, hex ? 16 : 10, ~0ull, &u)) {
        if (tok[0] == '-') {
            if (u > 1ull << 63)
                return -1;
            *v = (long long)(0 - u);
            return 0;
        }
        if (tok[0] == '+' && u > (unsigned long long)LLONG_MAX)
            return -1;
        *v = (long long)u;
        return 0;
    }
    char *end;
    errno = 0;
    long long x = strtoll(tok, &end, 0);
    if (errno || *end) {
        /* large unsigned immediates */
        if (trace_parse_uint(tok, 0, ~0ull, &u))
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
    const char *pt = tok + (tok[0] == 'U');
    if (pt[0] == 'P' && pt[1] == 'T' && !pt[2]) { /* PT, UPT */
        *code = REG_PRED;
        return 0;
    }
    if (!strncmp(tok, "UR", 2) && !trace_parse_uint(tok + 2, 10, UREG_NONE, &v)) {
        *code = REG_UNIFORM | (unsigned)v;
        return 0;
    }
    if ((!strncmp(tok, "UP", 2) && !trace_parse_uint(tok + 2, 10, 7, &v)) ||
        (tok[0] == 'P' && !trace_parse_uint(tok + 1, 10, 7, &v))) {
        *code = REG_PRED;
        return 0;
    }
    if (tok[0] == 'R' && !trace_parse_uint(tok + 1, 10, REG_NONE, &v)) {
        *code = (unsigned)v;
        return 0;
    }
    return -1;
}

static int is_tma(const char *op)
{
    if (!strchr(op, 'U'))
        return 0;
    static const char *const t[] = {"UTMALDG", "UTMASTG", "UTMAPF", "UTMAREDG", "UBLKCP", "UBLKPF", "UBLKRED", NULL};
    for (unsigned i = 0; t[i]; i++)
        if (strstr(op, t[i]))
            return 1;
    return 0;
}

/* the next token of s separated by blanks and tabs, as strtok_r(s, " \t", save) */
static char *next_tok(char *s, char **save)
{
    if (!s)
        s = *save;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s) {
        *save = s;
        return NULL;
    }
    char *t = s;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    if (*s)
        *s++ = 0;
    *save = s;
    return t;
}

/* one instruction line */
int trace_parse_inst(kernel_t *k, warp_trace_t *w, char *s, unsigned version, unsigned lineinfo,
                     unsigned line, char *err, size_t n)
{
    char *save = s, *tok;
    unsigned long long v;
    inst_t in;
    memset(&in, 0, sizeof in);
    in.line = line;
#define NEXT(field)                                                                                \
    do {                                                                                           \
        tok = next_tok(NULL, &save);                                                               \
        if (!tok)                                                                                  \
            ERR("%s:%u: field '%s': missing (line truncated)", k->file, line, field);              \
    } while (0)
#define UINT(field, base, max)                                                                     \
    do {                                                                                           \
        NEXT(field);                                                                               \
        if (trace_parse_uint(tok, base, max, &v))                                                        \
            ERR("%s:%u: field '%s': '%s' is not a number in [0, %llu]", k->file, line, field, tok, \
                (unsigned long long)(max));                                                        \
    } while (0)
    tok = next_tok(s, &save);
    if (version < 3) {
        for (int i = 0; i < 4; i++) {
            if (i)
                NEXT("tb/warp prefix");
            if (trace_parse_uint(tok, 10, 1u << 31, &v))
                ERR("%s:%u: field 'tb/warp prefix': '%s' is not a number", k->file, line, tok);
        }
        NEXT("pc");
    }
    if (lineinfo) {
        if (trace_parse_uint(tok, 10, 1u << 31, &v))
            ERR("%s:%u: field 'line_num': '%s' is not a number", k->file, line, tok);
        NEXT("pc");
    }
    if (trace_parse_uint(tok, 16, 0xffffffffull, &v))
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
    const size_t oplen = strlen(tok);
    if (oplen >= sizeof opcode || !(tok[0] >= 'A' && tok[0] <= 'Z'))
        ERR("%s:%u: field 'opcode': '%.40s' is not an opcode", k->file, line, tok);
    memcpy(opcode, tok, oplen + 1);
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
            if (mode == 3 ? trace_parse_uint(tok, 16, ~0ull, &v) : trace_parse_int(tok, &d))
                ERR("%s:%u: field 'tma_addresses': '%s' is not an address or delta", k->file, line, tok);
        }
    } else if (width) {
        UINT("address_mode", 10, 2);
        unsigned mode = (unsigned)v;
        /* mode 0: one address per active lane; 1: base and stride, written for every mask
         * (the tracer's base_stride_compress accepts an empty mask: `1 0x0 0`); 2: base (also
         * for an empty mask, as Accel-Sim reads it), then each further active lane's delta
         * from the previous one */
        unsigned nvals = mode == 0 ? active : mode == 1 ? 2 : active ? active : 1;
        long long vals[32];
        for (unsigned i = 0; i < nvals; i++) {
            NEXT("mem_addresses");
            unsigned long long a;
            if ((i == 0 || mode == 0) ? trace_parse_uint(tok, 16, ~0ull, &a) : trace_parse_int(tok, &vals[i]))
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
        has_addr = 1; /* an empty mask: a memory instruction that makes no access */
    }
    /* immediates (any version: Accel-Sim reads one when present), then v6's values */
    long long imm, imm0 = 0;
    tok = next_tok(NULL, &save);
    for (unsigned i = 0; tok && i < (version >= 6 ? 2u : 1u) && !trace_parse_int(tok, &imm); i++) {
        imm0 = i ? imm0 : imm;
        tok = next_tok(NULL, &save);
    }
    if (tok && version >= 6 && !strcmp(tok, "NoVal"))
        tok = next_tok(NULL, &save);
    else if (tok && version >= 6 && !strcmp(tok, "Val")) {
        for (unsigned o = 0; o < ndst + nsrc; o++) {
            UINT("value_count", 10, 32);
            if (v != 1 && v != 32 && v != active)
                ERR("%s:%u: field 'values': operand %u has %llu values; expected 1, 32 or one "
                    "per active lane (%u)", k->file, line, o + 1, v, active);
            for (unsigned long long i = v; i; i--)
                UINT("values", 16, ~0ull);
        }
        tok = next_tok(NULL, &save);
    }
    if (tok)
        ERR("%s:%u: field 'line end': unexpected token '%.40s'", k->file, line, tok);
    if (warp_push(k, w, &in, opcode, dst, ndst, src, nsrc, err, n))
        return -1;
    if (w->v[w->n - 1].async == AS_WAIT) /* DEPBAR's groups allowed in flight */
        w->v[w->n - 1].async_keep = (uint8_t)(imm0 < 0 ? 0 : imm0 > 255 ? 255 : imm0);
    int space = has_addr ? mem_space(opcode) : MS_NONE;
    if (space != MS_NONE && warp_set_addrs(w, space, addr, in.mask, isa_mem_width(opcode)))
        ERR("out of memory");
    return 0;
#undef UINT
#undef NEXT
fail:
    return -1;
}

