/* gpurf releases report (see release_report.h). */
#include "release_report.h"
#include "cmodel/common.h"
#include "pass/release_check.h"
#include <stdio.h>
#include <string.h>

static json_t *regs_json(const regset_t *s)
{
    json_t *a = json_array();
    for (unsigned g = 0; g < 256; g++)
        if (rs_has(s, g))
            json_array_append_new(a, json_integer(g));
    return a;
}

static void print_regs(const regset_t *s)
{
    for (unsigned g = 0; g < 256; g++)
        if (rs_has(s, g))
            printf(" R%u", g);
}

static char *hex(uint64_t w, char *buf)
{
    snprintf(buf, 19, "0x%016llx", (unsigned long long)w);
    return buf;
}

/* block b's flag words: its pbrs, then its pirs */
static json_t *block_words(const prog_t *p, const release_t *r, unsigned b, int print)
{
    json_t *a = json_array();
    char buf[20];
    uint8_t ids[256];
    unsigned m = 0;
    for (unsigned g = 0; g < 256; g++)
        if (rs_has(&r->pbr[b], g))
            ids[m++] = (uint8_t)g;
    const unsigned per = RL_FLAG_BITS / r->c.id_bits;
    for (unsigned k = 0; k < m; k += per) {
        uint64_t w = release_pbr_word(ids + k, m - k < per ? m - k : per, r->c.id_bits);
        json_array_append_new(a, json_string(hex(w, buf)));
        if (print)
            printf(" pbr:%s", buf);
    }
    const sbb_t *bb = &p->bbs[b];
    for (unsigned i = bb->first; i <= bb->last; i += r->c.pir_slots) {
        unsigned cnt = bb->last + 1 - i < r->c.pir_slots ? bb->last + 1 - i : r->c.pir_slots;
        uint64_t w = release_pir_word(r->pir + i, cnt, r->c.pir_bits);
        json_array_append_new(a, json_string(hex(w, buf)));
        if (print)
            printf(" pir:%s", buf);
    }
    return a;
}

int release_report(kernel_t *k, const sm_cfg_t *c, int lv_rule, int insts, int check,
                   json_t *out, char *err, size_t n)
{
    prog_t p;
    release_t r;
    release_cfg_t rc = release_cfg_of(c, k, lv_rule);
    if (prog_recover(k, &p, err, n)) {
        prog_free(&p);
        return -1;
    }
    if (release_run(&p, &rc, &r, err, n)) {
        prog_free(&p);
        return -1;
    }
    int ok = 0;
    release_check_t chk = {0};
    if (check)
        ok = release_check(k, &p, &r, &chk, err, n);
    const double over = p.npcs ? 100.0 * (r.pirs + r.pbrs) / p.npcs : 0;
    const double per_pbr = r.pbrs ? (double)r.pbr_regs / r.pbrs : 0;
    printf("kernel '%s': %u static instructions, %u basic blocks; %u pirs, %u pbrs naming %u "
           "registers (%.2f per pbr): static overhead %.1f %%\n", k->name, p.npcs, p.nbbs, r.pirs,
           r.pbrs, r.pbr_regs, per_pbr, over);
    printf("  release bits %u; dead operands a region holds %u; dead operands beyond %u pir bits "
           "%u\n", r.releases, r.held, rc.pir_bits, r.lost);
    printf("  Eq. 1: %u warps x %u registers x %u bits = %llu bits (%.2f KB); budget %u bits; "
           "exempt %u:", rc.warps, r.regs, rc.phys_bits, (unsigned long long)r.eq1_full,
           r.eq1_full / 8192.0, rc.table_bits, r.nexempt);
    print_regs(&r.exempt);
    printf("; constrained %llu bits (%.2f KB)\n", (unsigned long long)r.eq1_constrained,
           r.eq1_constrained / 8192.0);
    json_t *blocks = json_array(), *ins = json_array(), *life = json_array();
    for (unsigned b = 0; b < p.nbbs; b++) {
        const sbb_t *bb = &p.bbs[b];
        printf("  BB%u %04x-%04x ipdom ", b, p.pcs[bb->first].in->pc, p.pcs[bb->last].in->pc);
        if (r.pd.ipdom[b] < 0)
            printf("exit");
        else
            printf("BB%d", r.pd.ipdom[b]);
        printf(" pbr:{");
        print_regs(&r.pbr[b]);
        printf(" } words:");
        json_t *words = block_words(&p, &r, b, 1);
        putchar('\n');
        json_array_append_new(
            blocks, json_pack("{s:i, s:i, s:i, s:i, s:o, s:o, s:o, s:i, s:i}", "bb", (json_int_t)b,
                              "first_pc", (json_int_t)p.pcs[bb->first].in->pc, "last_pc",
                              (json_int_t)p.pcs[bb->last].in->pc, "ipdom",
                              (json_int_t)r.pd.ipdom[b], "pbr", regs_json(&r.pbr[b]), "hold",
                              regs_json(&r.hold[b]), "words", words, "pirs",
                              (json_int_t)r.npir[b], "pbrs", (json_int_t)r.npbr[b]));
    }
    for (unsigned i = 0; i < p.npcs; i++) {
        const inst_t *in = p.pcs[i].in;
        json_t *rel = json_array();
        if (insts)
            printf("    %04x %-18s", in->pc, k->ops[in->op]);
        for (unsigned s = 0; s < in->nsrc; s++) {
            int bit = s < 32 && (r.pir[i] >> s & 1);
            if (bit)
                json_array_append_new(rel, json_integer(in->src[s]));
            if (insts)
                printf(" R%u%s", in->src[s], bit ? "(release)" : "");
        }
        if (insts)
            putchar('\n');
        json_array_append_new(ins, json_pack("{s:i, s:o}", "pc", (json_int_t)in->pc, "release", rel));
    }
    for (unsigned g = 0; g < 256; g++)
        if (r.writes[g] || r.lifetime[g] > 0)
            json_array_append_new(life, json_pack("{s:i, s:f, s:i}", "reg", (json_int_t)g,
                                                  "lifetime", r.lifetime[g], "writes",
                                                  (json_int_t)r.writes[g]));
    if (check && ok >= 0)
        printf("  check: %llu reads of %llu releases replayed: %s\n",
               (unsigned long long)chk.reads, (unsigned long long)chk.releases,
               ok ? "a released value is read" : "every read covered");
    if (out) {
        json_t *o = json_pack(
            "{s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:f, s:f, s:i, s:i, s:i, s:i, s:i, "
            "s:o, s:o, s:o, s:o}",
            "name", k->name, "static_instructions", (json_int_t)p.npcs, "basic_blocks",
            (json_int_t)p.nbbs, "pirs", (json_int_t)r.pirs, "pbrs", (json_int_t)r.pbrs,
            "pbr_registers", (json_int_t)r.pbr_regs, "releases", (json_int_t)r.releases, "held",
            (json_int_t)r.held, "lost", (json_int_t)r.lost, "warps", (json_int_t)rc.warps,
            "registers_per_pbr", per_pbr, "static_overhead_pct", over, "registers",
            (json_int_t)r.regs, "phys_bits", (json_int_t)rc.phys_bits, "eq1_full_bits",
            (json_int_t)r.eq1_full, "eq1_bits", (json_int_t)r.eq1_constrained, "table_bits",
            (json_int_t)rc.table_bits, "exempt", regs_json(&r.exempt), "blocks", blocks,
            "instructions", ins, "lifetimes", life);
        if (check && ok >= 0)
            json_object_set_new(o, "check", json_pack("{s:i, s:i, s:b}", "reads",
                                                      (json_int_t)chk.reads, "releases",
                                                      (json_int_t)chk.releases, "ok", !ok));
        json_array_append_new(out, o);
    } else {
        json_decref(blocks), json_decref(ins), json_decref(life);
    }
    release_free(&r);
    prog_free(&p);
    return ok;
}
