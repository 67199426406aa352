/* Unit tests of the rnt C model (Jeon and Annavaram Sec. 6.1): map, lookup one cycle later,
 * unmap with the freed id, bank conflicts serialized (a shared read granted), one write per
 * bank, the warp-exit drain and its timing, entries beyond the table, regs registered, Entries
 * from a preset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rnt.h"

static rnt_state_t s;
static rnt_in_t in;

/* 4 warps x 16 registers, 64 physical registers, 4 banks, 3 lookup ports; regs renamable */
static void setup(unsigned entries, unsigned regs)
{
    rnt_cfg_t c = {.num_warps = 4, .arch_regs = 16, .phys_regs = 64, .entries = entries,
                   .banks = 4, .lk_ports = 3};
    rnt_cfg_derive(&c);
    rnt_free(&s);
    assert_int_equal(rnt_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
    in.regs = regs;
    rnt_tick(&s, &in); /* the launch edge: regs is registered */
}

static rnt_out_t eval(void)
{
    rnt_out_t o;
    rnt_eval(&s, &in, &o);
    return o;
}

static void clear(void)
{
    unsigned regs = in.regs;
    memset(&in, 0, sizeof in);
    in.regs = regs;
}

/* one edge with the current inputs, then the inputs cleared */
static rnt_out_t edge(void)
{
    rnt_out_t o = eval();
    rnt_tick(&s, &in);
    clear();
    return o;
}

static void wr(unsigned port, unsigned unmap, unsigned warp, unsigned idx, unsigned phys)
{
    in.wr_valid[port] = 1;
    in.wr_unmap[port] = unmap;
    in.wr_warp[port] = warp;
    in.wr_idx[port] = idx;
    in.wr_phys[port] = phys;
}

static void lk(unsigned port, unsigned warp, unsigned idx)
{
    in.lk_valid[port] = 1;
    in.lk_warp[port] = warp;
    in.lk_idx[port] = idx;
}

/* a lookup answers the cycle after its grant, from the table before that cycle's writes */
static void map_lookup_unmap(void **st)
{
    (void)st;
    setup(64, 16);
    wr(0, 0, 2, 5, 40);
    lk(0, 2, 5);
    rnt_out_t o = edge();
    assert_int_equal(o.wr_gnt[0], 1);
    assert_int_equal(o.wr_old_valid[0], 0);
    assert_int_equal(o.lk_gnt[0], 1);
    o = eval();
    assert_int_equal(o.lk_rsp_valid[0], 1);
    assert_int_equal(o.lk_rsp_mapped[0], 0); /* read before the map */
    assert_int_equal(o.mapped, 1);
    lk(1, 2, 5);
    edge();
    o = eval();
    assert_int_equal(o.lk_rsp_valid[0], 0);
    assert_int_equal(o.lk_rsp_valid[1], 1);
    assert_int_equal(o.lk_rsp_mapped[1], 1);
    assert_int_equal(o.lk_rsp_phys[1], 40);
    wr(3, 1, 2, 5, 0);
    o = edge();
    assert_int_equal(o.wr_gnt[3], 1);
    assert_int_equal(o.wr_old_valid[3], 1);
    assert_int_equal(o.wr_old_phys[3], 40);
    lk(0, 2, 5);
    edge();
    o = eval();
    assert_int_equal(o.lk_rsp_mapped[0], 0);
    assert_int_equal(o.lk_rsp_phys[0], 0);
    assert_int_equal(o.mapped, 0);
    assert_int_equal(s.maps, 1);
    assert_int_equal(s.unmaps, 1);
}

/* bank = (warp * regs + idx) mod 4: the lower port wins, a read of the same entry shares */
static void bank_conflicts(void **st)
{
    (void)st;
    setup(64, 16);
    lk(0, 0, 1);   /* address 1, bank 1 */
    lk(1, 0, 5);   /* address 5, bank 1: conflict */
    lk(2, 0, 1);   /* the same entry as port 0 */
    rnt_out_t o = eval();
    assert_int_equal(o.lk_gnt[0], 1);
    assert_int_equal(o.lk_gnt[1], 0);
    assert_int_equal(o.lk_gnt[2], 1);
    rnt_tick(&s, &in);
    assert_int_equal(s.conflicts, 1);
    clear();
    lk(0, 1, 0);   /* 16: bank 0 */
    lk(1, 1, 1);   /* 17: bank 1 */
    lk(2, 1, 2);   /* 18: bank 2 */
    o = eval();
    assert_true(o.lk_gnt[0] && o.lk_gnt[1] && o.lk_gnt[2]);
    clear();
    wr(0, 0, 0, 2, 7); /* bank 2 */
    wr(1, 0, 0, 6, 8); /* bank 2: waits */
    wr(2, 0, 3, 3, 9); /* 51: bank 3 */
    o = edge();
    assert_int_equal(o.wr_gnt[0], 1);
    assert_int_equal(o.wr_gnt[1], 0);
    assert_int_equal(o.wr_gnt[2], 1);
    assert_int_equal(eval().mapped, 2);
}

/* the drain clears Banks indices per cycle without writes, reports each valid entry once,
 * then drain_done; the cursor restarts when drain_valid falls */
static void drain(void **st)
{
    (void)st;
    setup(64, 10);
    static const unsigned idx[4] = {0, 3, 4, 9};
    for (unsigned k = 0; k < 4; k++) {
        wr(0, 0, 1, idx[k], 20 + k);
        edge();
    }
    wr(0, 0, 2, 0, 30); /* another warp's entry stays */
    edge();
    assert_int_equal(eval().mapped, 5);
    unsigned freed = 0, sum = 0, cycles = 0;
    in.drain_valid = 1;
    in.drain_warp = 1;
    wr(1, 0, 3, 1, 31); /* a write holds the drain back */
    rnt_out_t o = eval();
    assert_int_equal(o.drain_free_valid[0], 0);
    rnt_tick(&s, &in);
    in.wr_valid[1] = 0;
    for (;;) {
        o = eval();
        if (o.drain_done)
            break;
        for (unsigned j = 0; j < 4; j++)
            if (o.drain_free_valid[j])
                freed++, sum += o.drain_free_phys[j];
        rnt_tick(&s, &in);
        cycles++;
    }
    assert_int_equal(cycles, 3); /* ceil(10 / 4) */
    assert_int_equal(freed, 4);
    assert_int_equal(sum, 20 + 21 + 22 + 23);
    assert_int_equal(o.mapped, 2);
    assert_int_equal(s.drained, 4);
    in.drain_valid = 0;
    rnt_tick(&s, &in);
    assert_int_equal(s.dcur, 0);
    in.drain_valid = 1;
    in.drain_warp = 2;
    o = eval();
    assert_int_equal(o.drain_done, 0);
    assert_int_equal(o.drain_free_valid[0], 1);
    assert_int_equal(o.drain_free_phys[0], 30);
}

/* an index at or beyond the renamable count, or an address beyond Entries, is never granted */
static void beyond(void **st)
{
    (void)st;
    setup(32, 12);
    lk(0, 1, 12);  /* idx >= regs */
    lk(1, 2, 8);   /* address 32 >= Entries */
    lk(2, 2, 7);   /* address 31 */
    rnt_out_t o = eval();
    assert_int_equal(o.lk_gnt[0], 0);
    assert_int_equal(o.lk_gnt[1], 0);
    assert_int_equal(o.lk_gnt[2], 1);
    clear();
    wr(0, 0, 2, 8, 1);
    assert_int_equal(eval().wr_gnt[0], 0);
}

/* Entries: Eq. 1's budget per sub-core in whole rows of banks, at most warps x registers */
/* regs is registered: the edge after it changes still uses the old layout */
static void regs_registered(void **st)
{
    (void)st;
    setup(64, 16);
    in.regs = 4;
    lk(0, 0, 10);
    assert_int_equal(edge().lk_gnt[0], 1); /* index 10 is below the old regs (16) */
    in.regs = 4;
    lk(0, 0, 10);
    assert_int_equal(edge().lk_gnt[0], 0); /* now beyond regs */
    in.regs = 4;
    lk(0, 1, 2);
    wr(0, 0, 1, 2, 33);
    edge();
    assert_int_equal(s.valid[1 * 4 + 2], 1); /* warp 1's base is 1 x 4 */
}

static void entries_from_preset(void **st)
{
    (void)st;
    sm_cfg_t sm = {0};
    sm.schedulers = 4, sm.warp_slots = 64, sm.arch_regs = 256, sm.rf_warp_regs = 2048;
    sm.rn_banks = 4, sm.max_srcs = 6, sm.rn_table_bits = 8192;
    rnt_cfg_t c;
    rnt_cfg_from_sm(&sm, &c);
    assert_int_equal(c.phys_bits, 9);
    assert_int_equal(c.entries, 224); /* 8192 / 4 / 9 = 227 -> 224 */
    sm.rn_table_bits = 0;
    rnt_cfg_from_sm(&sm, &c);
    assert_int_equal(c.entries, 16 * 256);
    sm.schedulers = 1, sm.warp_slots = 8, sm.arch_regs = 16, sm.rf_warp_regs = 1024;
    sm.rn_table_bits = 8192;
    rnt_cfg_from_sm(&sm, &c);
    assert_int_equal(c.entries, 128); /* 819 entries fit; 8 x 16 are all there are */
}

static int teardown(void **st)
{
    (void)st;
    rnt_free(&s);
    return 0;
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(map_lookup_unmap), cmocka_unit_test(bank_conflicts),
                                   cmocka_unit_test(drain), cmocka_unit_test(beyond),
                                   cmocka_unit_test(regs_registered),
                                   cmocka_unit_test(entries_from_preset)};
    return cmocka_run_group_tests(t, NULL, teardown);
}
