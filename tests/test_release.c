/* Unit tests of the release pass (sim/pass/release.h, Jeon and Annavaram Secs. 4.3, 5, 7.1):
 * post-dominators and release points on hand-written CFGs (Fig. 4(a)-(e), an exit inside a
 * branch), the pir/pbr encoding (Fig. 6), flag-instruction counts, Eq. 1 and Table 3's
 * exemptions, the exemption order, a register wider than the pbr id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pass/release.h"

static workload_t W;
static prog_t P;
static release_t R;
static char path[64];

static release_cfg_t cfg(void)
{
    return (release_cfg_t){.pir_bits = 3, .pir_slots = 18, .id_bits = 6, .table_bits = 0,
                           .warps = 1, .phys_bits = 10, .lv_rule = LV_EXACT};
}

static void unload(void)
{
    release_free(&R);
    prog_free(&P);
    workload_free(&W);
    unlink(path);
    memset(&P, 0, sizeof P);
}

/* a native stream from text through CFG recovery and the pass; the pass's return code */
static int run(const char *text, const release_cfg_t *c, char *err, size_t n)
{
    snprintf(path, sizeof path, "/tmp/gpurf_release_%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    assert_int_equal(workload_load(path, NULL, &W, err, n), 0);
    assert_int_equal(prog_recover(W.k[0], &P, err, n), 0);
    return release_run(&P, c, &R, err, n);
}

static void load(const char *text)
{
    char err[512];
    release_cfg_t c = cfg();
    if (run(text, &c, err, sizeof err))
        fail_msg("%s", err);
}

static unsigned bb_at(uint32_t pc)
{
    int i = prog_pc_index(&P, pc);
    assert_true(i >= 0);
    assert_int_equal(P.bbs[P.pcs[i].bb].first, (unsigned)i);
    return P.pcs[i].bb;
}

/* source slots of the instruction at pc whose pir bit releases register g */
static int released(uint32_t pc, unsigned g)
{
    int i = prog_pc_index(&P, pc);
    assert_true(i >= 0);
    for (unsigned s = 0; s < P.pcs[i].in->nsrc; s++)
        if (P.pcs[i].in->src[s] == g && (R.pir[i] >> s & 1))
            return 1;
    return 0;
}

/* no pir bit anywhere releases g */
static int never_released(unsigned g)
{
    for (unsigned i = 0; i < P.npcs; i++)
        if (released(P.pcs[i].in->pc, g))
            return 0;
    return 1;
}

static regset_t set_of(const unsigned *g, unsigned n)
{
    regset_t s = {{0}};
    for (unsigned k = 0; k < n; k++)
        rs_add(&s, g[k]);
    return s;
}

#define PBR_IS(pc, ...)                                                                            \
    do {                                                                                           \
        const unsigned want_[] = {__VA_ARGS__};                                                    \
        regset_t w_ = set_of(want_, sizeof want_ / sizeof want_[0]);                               \
        assert_true(rs_eq(&R.pbr[bb_at(pc)], &w_));                                                \
    } while (0)
#define PBR_EMPTY(pc) assert_int_equal(rs_count(&R.pbr[bb_at(pc)]), 0)

/* Fig. 4(a): within a block the last read before a redefinition releases */
static void intra_block(void **st)
{
    (void)st;
    load("kernel name=a blocks=1 warps=1 regs=8\nwarp all\n"
         "MOV R1\n"             /* 0x00 */
         "IADD R2 ; R1\n"       /* 0x10: R1 is written again next */
         "MOV R1 ; R2\n"        /* 0x20 */
         "IADD R3 ; R1 R2\n"    /* 0x30: both last reads */
         "EXIT\n");
    assert_true(released(0x10, 1));
    assert_false(released(0x20, 2));
    assert_true(released(0x30, 1));
    assert_true(released(0x30, 2));
    assert_int_equal(R.releases, 3);
    assert_int_equal(P.nbbs, 1);
    assert_int_equal(R.pd.ipdom[0], -1);
    unload();
}

/* Fig. 4(b): a register both diverged paths read is released by a pbr at the reconvergence
 * block, not at its last read in either path; the branch's own dead operand is released */
static void diverged(void **st)
{
    (void)st;
    load("kernel name=b blocks=1 warps=2 regs=8\n"
         "warp 0\n@0x00 MOV R1\nIADD R5 ; R1\nBRA ; R5\n@0x30 IADD R2 ; R1\nBRA\n@0x70 EXIT\n"
         "warp 1\n@0x00 MOV R1\nIADD R5 ; R1\nBRA ; R5\n@0x50 IADD R3 ; R1\nBRA\n@0x70 EXIT\n");
    assert_int_equal(R.pd.ipdom[bb_at(0x00)], (int)bb_at(0x70));
    assert_int_equal(R.pd.ipdom[bb_at(0x30)], (int)bb_at(0x70));
    assert_true(released(0x20, 5));
    assert_true(never_released(1));
    PBR_IS(0x70, 1);
    PBR_EMPTY(0x30);
    PBR_EMPTY(0x50);
    assert_int_equal(R.held, 2);
    assert_int_equal(R.pbrs, 1);
    assert_int_equal(R.pbr_regs, 1);
    unload();
}

/* Fig. 4(c): nested divergence; the inner reconvergence releases what only the inner paths
 * read, the outer one what the outer paths read */
static void nested(void **st)
{
    (void)st;
    load("kernel name=c blocks=1 warps=3 regs=8\n"
         "warp 0\n@0x00 MOV R1\nBRA ; R1\n@0x20 MOV R4\nBRA ; R4\n@0x40 IADD R2 ; R1 R4\nBRA\n"
         "@0x80 MOV R6\nBRA\n@0xc0 EXIT\n"
         "warp 1\n@0x00 MOV R1\nBRA ; R1\n@0x20 MOV R4\nBRA ; R4\n@0x60 IADD R3 ; R1 R4\nBRA\n"
         "@0x80 MOV R6\nBRA\n@0xc0 EXIT\n"
         "warp 2\n@0x00 MOV R1\nBRA ; R1\n@0xa0 IADD R2 ; R1\nBRA\n@0xc0 EXIT\n");
    assert_int_equal(R.pd.ipdom[bb_at(0x00)], (int)bb_at(0xc0));
    assert_int_equal(R.pd.ipdom[bb_at(0x20)], (int)bb_at(0x80));
    PBR_IS(0x80, 4);
    PBR_IS(0xc0, 1);
    assert_true(never_released(1));
    assert_true(never_released(4));
    unload();
}

/* Fig. 4(d)/(e): a loop-carried register (R1) is held through the loop and released at its
 * exit; a register produced and consumed within each iteration (R2) at its last read */
static void loops(void **st)
{
    (void)st;
    load("kernel name=d blocks=1 warps=1 regs=8\nwarp all\n"
         "@0x00 MOV R1\n"
         "@0x10 IADD R1 ; R1\nMOV R2 ; R1\nIADD R3 ; R2\nBRA ; R3\n"
         "@0x10 IADD R1 ; R1\nMOV R2 ; R1\nIADD R3 ; R2\nBRA ; R3\n"
         "@0x50 EXIT\n");
    unsigned latch = bb_at(0x10);
    assert_int_equal(R.pd.ipdom[latch], (int)bb_at(0x50));
    assert_true(never_released(1)); /* dead at 0x10 by the overwrite, but carried */
    assert_true(released(0x30, 2));
    assert_true(released(0x40, 3));
    PBR_IS(0x50, 1);
    unload();
}

/* an exit inside a branch: no block reconverges the paths (ipdom is the virtual exit), so what
 * the branch's paths read stays until the warp exits */
static void exit_in_branch(void **st)
{
    (void)st;
    load("kernel name=e blocks=1 warps=2 regs=8\n"
         "warp 0\n@0x00 MOV R1\nBRA ; R1\n@0x20 IADD R2 ; R1\nEXIT\n"
         "warp 1\n@0x00 MOV R1\nBRA ; R1\n@0x40 IADD R3 ; R1\nMOV R4\n@0x60 EXIT\n");
    assert_int_equal(R.pd.ipdom[bb_at(0x00)], -1);
    assert_true(never_released(1));
    assert_int_equal(R.pbrs, 0);
    assert_int_equal(R.held, 2);
    unload();
}

/* Fig. 6(a): the add's pir flags are 001 (its first source dead, the second live); the word
 * carries the opcode split 4 + 6 and the add's flags at its slot */
static void fig6_pir(void **st)
{
    (void)st;
    load("kernel name=f blocks=1 warps=1 regs=8\nwarp all\n"
         "@0x00 IADD R2 ; R0 R5\nIADD R3 ; R5 R2\nEXIT\n");
    assert_int_equal(R.pir[0], 1);
    uint64_t w = release_pir_word(R.pir, 3, 3);
    assert_int_equal(release_word_opcode(w), RL_OPC_PIR);
    assert_int_equal(w >> 60, RL_OPC_PIR >> 6);
    assert_int_equal(w & 0x3f, RL_OPC_PIR & 0x3f);
    assert_int_equal(w >> 6 & 7, 1);    /* slot 0: 001 */
    assert_int_equal(w >> 9 & 7, 3);    /* slot 1: R5 and R2 both dead */
    unload();
}

/* one pir per started group of 18 instructions: a 40-instruction block takes 3 */
static void long_block(void **st)
{
    (void)st;
    char text[2048] = "kernel name=g blocks=1 warps=1 regs=8\nwarp all\n";
    for (unsigned i = 0; i < 39; i++)
        strcat(text, "MOV R1\n");
    strcat(text, "EXIT\n");
    load(text);
    assert_int_equal(P.nbbs, 1);
    assert_int_equal(R.npir[0], 3);
    assert_int_equal(R.pirs, 3);
    unload();
}

/* 11 registers released at one reconvergence point take two pbrs of 6-bit ids (9 + 2) */
static void eleven_releases(void **st)
{
    (void)st;
    const char *defs = "MOV R1\nMOV R2\nMOV R3\nMOV R4\nMOV R5\nMOV R6\nMOV R7\nMOV R8\nMOV R9\n"
                       "MOV R10\nMOV R11\nBRA ; R1\n";
    const char *uses = "IADD R12 ; R1 R2 R3\nIADD R12 ; R4 R5 R6\nIADD R12 ; R7 R8 R9\n"
                       "IADD R12 ; R10 R11\nBRA\n";
    char text[2048];
    snprintf(text, sizeof text,
             "kernel name=h blocks=1 warps=2 regs=16\nwarp 0\n@0x00 %s@0x200 %s@0x400 EXIT\n"
             "warp 1\n@0x00 %s@0x300 %s@0x400 EXIT\n",
             defs, uses, defs, uses);
    load(text);
    unsigned b = bb_at(0x400);
    assert_int_equal(rs_count(&R.pbr[b]), 11);
    assert_int_equal(R.npbr[b], 2);
    assert_int_equal(R.pbrs, 2);
    unload();
}

/* pir and pbr words decode to what was encoded; unused pbr ids are all ones (RZ) */
static void encoding(void **st)
{
    (void)st;
    uint32_t flags[18], back[18];
    unsigned seed = 12345;
    for (unsigned t = 0; t < 100; t++) {
        for (unsigned i = 0; i < 18; i++)
            flags[i] = (seed = seed * 1103515245u + 12345u) >> 16 & 7;
        uint64_t w = release_pir_word(flags, 18, 3);
        assert_int_equal(release_word_opcode(w), RL_OPC_PIR);
        release_pir_decode(w, 3, back, 18);
        assert_memory_equal(flags, back, sizeof flags);
        uint8_t ids[9], got[9];
        unsigned m = t % 10;
        for (unsigned k = 0; k < m; k++)
            ids[k] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16 & 0x3f) % 63;
        uint64_t p = release_pbr_word(ids, m, 6);
        assert_int_equal(release_word_opcode(p), RL_OPC_PBR);
        assert_int_equal(release_pbr_decode(p, 6, got), m);
        assert_memory_equal(ids, got, m);
    }
    uint8_t none[1];
    assert_int_equal(release_pbr_word(none, 0, 6) >> 6 & ((1ull << 54) - 1), (1ull << 54) - 1);
}

/* a kernel naming registers R0..R(n-1), each written once and read at the end */
static void all_regs_kernel(char *text, size_t len, unsigned n)
{
    snprintf(text, len, "kernel name=t blocks=1 warps=1 regs=%u\nwarp all\n", n);
    for (unsigned g = 0; g < n; g++)
        snprintf(text + strlen(text), len - strlen(text), "MOV R%u\n", g);
    for (unsigned g = 0; g < n; g += 3)
        snprintf(text + strlen(text), len - strlen(text), "IADD R%u ; R%u R%u R%u\n", g, g,
                 g + 1 < n ? g + 1 : g, g + 2 < n ? g + 2 : g);
    strcat(text, "EXIT\n");
}

/* Eq. 1 on Fermi (48 warps x 63 registers x 10 bits = 3.69 KB) and Table 3's exemptions under
 * the 1 KB budget: nbody 32 x 41 -> 16, heartwall 32 x 29 -> 4, lud 48 x 19 -> 2, backprop
 * 48 x 17 -> 0 */
static void eq1_table3(void **st)
{
    (void)st;
    char text[8192], err[256];
    release_cfg_t c = cfg();
    c.warps = 48;
    all_regs_kernel(text, sizeof text, 63);
    assert_int_equal(run(text, &c, err, sizeof err), 0);
    assert_int_equal(R.eq1_full, 30240);
    assert_true(R.eq1_full / 8192.0 > 3.69 && R.eq1_full / 8192.0 < 3.70);
    assert_int_equal(R.nexempt, 0);
    unload();
    static const unsigned t3[][3] = {{32, 41, 16}, {32, 29, 4}, {48, 19, 2}, {48, 17, 0}};
    for (unsigned i = 0; i < 4; i++) {
        c.warps = t3[i][0];
        c.table_bits = 8192;
        all_regs_kernel(text, sizeof text, t3[i][1]);
        assert_int_equal(run(text, &c, err, sizeof err), 0);
        assert_int_equal(R.nexempt, t3[i][2]);
        assert_true(R.eq1_constrained <= 8192);
        unload();
    }
}

/* exemptions go to the longest mean lifetime first, ties to more static writes */
static void exemption_order(void **st)
{
    (void)st;
    char err[256];
    release_cfg_t c = cfg();
    const char *k = "kernel name=o blocks=1 warps=1 regs=4\nwarp all\n"
                    "MOV R0\n"          /* 0x00: R0 released at 0x50: 5 */
                    "MOV R1\n"          /* 0x10: R1 released at 0x20: 1 */
                    "IADD R2 ; R1\n"    /* 0x20: R2 released at 0x30: 1 */
                    "MOV R3 ; R2\n"     /* 0x30: R3 released at 0x40: 1 (one write) */
                    "IADD R2 ; R3\n"    /* 0x40: R2 released at 0x50: 1 (two writes) */
                    "IADD R1 ; R0 R2\n" /* 0x50: R1 never read again: to the end, 2 */
                    "EXIT\n";
    static const unsigned budget[3] = {30, 20, 10}, order[3] = {0, 1, 2};
    for (unsigned n = 0; n < 3; n++) {
        c.table_bits = budget[n]; /* 4 registers x 10 bits: n + 1 exemptions */
        assert_int_equal(run(k, &c, err, sizeof err), 0);
        assert_int_equal(R.nexempt, n + 1);
        for (unsigned j = 0; j <= n; j++)
            assert_true(rs_has(&R.exempt, order[j]));
        unload();
    }
    assert_int_equal(run(k, &c, err, sizeof err), 0);
    assert_true(R.lifetime[0] == 5 && R.lifetime[1] == 1.5 && R.lifetime[2] == 1 &&
                R.lifetime[3] == 1);
    assert_int_equal(R.writes[2], 2);
    unload();
}

/* slots beyond pir_bits are counted, not released */
static void lost_slots(void **st)
{
    (void)st;
    char err[256];
    release_cfg_t c = cfg();
    c.pir_bits = 1;
    assert_int_equal(run("kernel name=l blocks=1 warps=1 regs=8\nwarp all\n"
                         "MOV R1\nMOV R2\nIADD R3 ; R1 R2\nEXIT\n", &c, err, sizeof err), 0);
    assert_int_equal(R.releases, 1);
    assert_int_equal(R.lost, 1);
    unload();
}

/* a register a pbr id cannot name is an error with file, line and field */
static void id_too_wide(void **st)
{
    (void)st;
    char err[256];
    release_cfg_t c = cfg();
    assert_int_equal(run("kernel name=w blocks=1 warps=1 regs=128\nwarp all\n"
                         "MOV R70\nIADD R1 ; R70\nEXIT\n", &c, err, sizeof err), -1);
    assert_non_null(strstr(err, ":3: field 'register': R70 does not fit a 6-bit pbr id"));
    unload();
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(intra_block),    cmocka_unit_test(diverged),
        cmocka_unit_test(nested),         cmocka_unit_test(loops),
        cmocka_unit_test(exit_in_branch), cmocka_unit_test(fig6_pir),
        cmocka_unit_test(long_block),     cmocka_unit_test(eleven_releases),
        cmocka_unit_test(encoding),       cmocka_unit_test(eq1_table3),
        cmocka_unit_test(exemption_order), cmocka_unit_test(lost_slots),
        cmocka_unit_test(id_too_wide)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
