/* Native stream format for hand-written tests (documented in docs/architecture.md):
 *   # comment
 *   kernel name=NAME blocks=B warps=W regs=R [shmem=BYTES]
 *   warp all | warp N            following instructions go to every warp / warp N of each block
 *   [@PC] OPCODE [mask=HEX] [Rd ...] [; Rs ...]   one instruction; PCs advance by 16 per
 *                                line of a section; @PC (hex or decimal) places the
 *                                instruction at PC and the following lines after it (loops
 *                                revisit a PC); mask= is the active mask (32-bit hex, default
 *                                every lane), e.g. one path of a diverged warp; addr=BASE[,STRIDE]
 *                                gives a load/store lane l the address BASE + l * STRIDE
 *                                (default STRIDE 4); without it lane l of warp w in block b
 *                                accesses 2^32 + PC * 1024 S + (b * warps + w) * 32 S + S l,
 *                                S the access's bytes (4; 8 or 16 with .64 / .128): fully
 *                                used lines of its own per warp and PC
 * Every block runs the same warps. Errors name file, line and field. */
#include "isa.h"
#include "stream.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERR(...)                                                                                   \
    do {                                                                                           \
        snprintf(err, n, __VA_ARGS__);                                                             \
        goto fail;                                                                                 \
    } while (0)

static int kv(const char *tok, const char *key, unsigned *v)
{
    size_t l = strlen(key);
    if (strncmp(tok, key, l) || tok[l] != '=')
        return 0;
    char *end;
    errno = 0;
    unsigned long x = strtoul(tok + l + 1, &end, 0);
    if (errno || *end || x > (1u << 24) || tok[l + 1] == '-')
        return -1;
    *v = (unsigned)x;
    return 1;
}

int native_load(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t cap = 0;
    kernel_t *k = NULL;
    unsigned line = 0, blocks = 0, warps = 0, sel = 0, sel_all = 1, pc = 0;
    memset(w, 0, sizeof *w);
    if (!f) {
        snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    while (getline(&buf, &cap, f) >= 0) {
        line++;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char *save, *tok = strtok_r(buf, " \t\r\n", &save);
        if (!tok)
            continue;
        if (!strcmp(tok, "kernel")) {
            if (k)
                ERR("%s:%u: field 'kernel': only one kernel per native file", path, line);
            k = kernel_new_stored();
            if (!k)
                ERR("out of memory");
            snprintf(k->file, sizeof k->file, "%s", path);
            k->id = 1;
            if (o) {
                k->ovr = o->ovr;
                k->novr = o->novr;
            }
            while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
                int r;
                if (!strncmp(tok, "name=", 5)) {
                    snprintf(k->name, sizeof k->name, "%s", tok + 5);
                    continue;
                }
                if ((r = kv(tok, "blocks", &blocks)) || (r = kv(tok, "warps", &warps)) ||
                    (r = kv(tok, "regs", &k->nregs)) || (r = kv(tok, "shmem", &k->shmem))) {
                    if (r < 0)
                        ERR("%s:%u: field '%.*s': bad number", path, line,
                            (int)(strchr(tok, '=') - tok), tok);
                    continue;
                }
                ERR("%s:%u: field '%s': unknown kernel attribute", path, line, tok);
            }
            if (!blocks || !warps || !k->nregs)
                ERR("%s:%u: field 'kernel': blocks, warps and regs must be given and non-zero",
                    path, line);
            k->warps_per_block = warps;
            k->threads_per_block = warps * 32;
            for (unsigned b = 0; b < blocks; b++)
                if (!kernel_stored_add_block(k, b, warps))
                    ERR("out of memory");
            continue;
        }
        if (!k)
            ERR("%s:%u: field 'kernel': instructions before the kernel line", path, line);
        if (!strcmp(tok, "warp")) {
            tok = strtok_r(NULL, " \t\r\n", &save);
            unsigned long v;
            char *end;
            if (tok && !strcmp(tok, "all"))
                sel_all = 1;
            else if (tok && (v = strtoul(tok, &end, 10), !*end) && v < warps) {
                sel_all = 0;
                sel = (unsigned)v;
            } else
                ERR("%s:%u: field 'warp': expected 'all' or a warp below %u", path, line, warps);
            pc = 0;
            continue;
        }
        if (tok[0] == '@') {
            char *end;
            unsigned long v = strtoul(tok + 1, &end, 0);
            if (*end || end == tok + 1 || v > 0xffffffffu || v % 16)
                ERR("%s:%u: field 'pc': '%s' is not a PC (a multiple of 16)", path, line, tok);
            pc = (unsigned)v;
            if (!(tok = strtok_r(NULL, " \t\r\n", &save)))
                ERR("%s:%u: field 'opcode': missing after %s", path, line, "@PC");
        }
        char opcode[64];
        snprintf(opcode, sizeof opcode, "%s", tok);
        unsigned regs[2][INST_MAX_SRC], cnt[2] = {0, 0}, side = 0;
        uint32_t mask = 0xffffffffu;
        int has_addr = 0;
        uint64_t abase = 0, astride = 4;
        while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
            if (!strncmp(tok, "mask=", 5)) {
                const char *h = tok + 5 + (tok[5] == '0' && (tok[6] == 'x' || tok[6] == 'X') ? 2 : 0);
                char *end;
                unsigned long v = strtoul(h, &end, 16);
                if (!*h || *end || strlen(h) > 8 || !isxdigit((unsigned char)h[0]))
                    ERR("%s:%u: field 'mask': '%s' is not a 32-bit hex mask", path, line, tok + 5);
                mask = (uint32_t)v;
                continue;
            }
            if (!strncmp(tok, "addr=", 5)) {
                char *end, *end2 = NULL;
                errno = 0;
                abase = strtoull(tok + 5, &end, 0);
                if (*end == ',')
                    astride = strtoull(end + 1, &end2, 0);
                if (errno || end == tok + 5 || (*end && (*end != ',' || !end2 || *end2 ||
                                                         end2 == end + 1)))
                    ERR("%s:%u: field 'addr': '%s' is not BASE or BASE,STRIDE", path, line,
                        tok + 5);
                has_addr = 1;
                continue;
            }
            if (!strcmp(tok, ";")) {
                if (side)
                    ERR("%s:%u: field 'operands': more than one ';'", path, line);
                side = 1;
                continue;
            }
            char *end;
            unsigned long r = tok[0] == 'R' ? strtoul(tok + 1, &end, 10) : 0;
            if (tok[0] != 'R' || *end || end == tok + 1 || r > 255)
                ERR("%s:%u: field '%s': bad register '%s'", path, line, side ? "src" : "dst", tok);
            if (cnt[side] == (side ? INST_MAX_SRC : INST_MAX_DST))
                ERR("%s:%u: field '%s': too many registers", path, line, side ? "src" : "dst");
            regs[side][cnt[side]++] = (unsigned)r;
        }
        inst_t base;
        memset(&base, 0, sizeof base);
        base.pc = pc;
        base.mask = mask;
        base.line = line;
        pc += 16;
        for (unsigned b = 0; b < blocks; b++)
            for (unsigned wi = 0; wi < warps; wi++)
                if (sel_all || wi == sel) {
                    tblock_t *tb = kernel_stored_block(k, b);
                    if (warp_push(k, &tb->warps[wi], &base, opcode, regs[0], cnt[0], regs[1],
                                  cnt[1], err, n))
                        goto fail;
                    int space = mem_space(opcode);
                    if (space == MS_NONE)
                        continue;
                    uint64_t addr[32];
                    const unsigned bytes = isa_mem_width(opcode);
                    for (unsigned l = 0; l < 32; l++)
                        addr[l] = has_addr ? abase + l * astride
                                           : (1ull << 32) + (uint64_t)base.pc * 4096 * bytes / 4 +
                                                 ((uint64_t)b * warps + wi) * 32 * bytes + bytes * l;
                    if (warp_set_addrs(&tb->warps[wi], space, addr, mask, bytes))
                        ERR("out of memory");
                }
    }
    if (!k)
        ERR("%s: no 'kernel' line", path);
    free(buf);
    fclose(f);
    w->k = malloc(sizeof *w->k);
    if (!w->k)
        return -1;
    w->k[0] = k;
    w->n = 1;
    return 0;
fail:
    free(buf);
    fclose(f);
    if (k) {
        w->k = malloc(sizeof *w->k);
        w->k[0] = k;
        w->n = 1;
        workload_free(w);
    }
    return -1;
}
