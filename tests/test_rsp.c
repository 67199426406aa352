/* Unit tests of the rsp C model (Bailey et al. Sec. III-A2): entry = slot x Regs + register, a
 * read answered the next cycle with the data before the cycle's writes, lane-masked writes in
 * port order, accesses outside the pool or the registers ignored, the configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rsp.h"

static rsp_state_t s;
static rsp_in_t in;
static rsp_out_t o;

/* 2 lanes, a pool of 3 slots with 2 registers each, 2 read and 2 write ports */
static void setup(void)
{
    rsp_cfg_t c = {.lanes = 2, .pool = 3, .regs = 2, .rports = 2, .wports = 2};
    rsp_cfg_derive(&c);
    assert_int_equal(rsp_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

static void edge(void)
{
    rsp_tick(&s, &in);
    memset(&in, 0, sizeof in);
    rsp_eval(&s, &in, &o);
}

static void wr(unsigned k, unsigned slot, unsigned reg, uint32_t v, uint32_t mask)
{
    in.wr_valid[k] = 1, in.wr_slot[k] = slot, in.wr_reg[k] = reg, in.wr_mask[k] = mask;
    in.wr_data[k][0] = v, in.wr_data[k][1] = v + 1;
}

static void rd(unsigned p, unsigned slot, unsigned reg)
{
    in.rd_valid[p] = 1, in.rd_slot[p] = slot, in.rd_reg[p] = reg;
}

static void entries(void **st)
{
    (void)st;
    setup();
    wr(0, 2, 1, 10, 3);
    wr(1, 1, 0, 20, 3);
    edge();
    assert_int_equal(s.data[5][0], 10); /* 2 x 2 + 1 */
    assert_int_equal(s.data[2][1], 21);
    rd(0, 2, 1);
    rd(1, 1, 0);
    edge();
    assert_int_equal(o.rsp_valid[0], 1);
    assert_int_equal(o.rsp_data[0][0], 10);
    assert_int_equal(o.rsp_data[1][1], 21);
    assert_int_equal(s.reads, 2);
    assert_int_equal(s.writes, 2);
}

static void order(void **st)
{
    (void)st;
    setup();
    wr(0, 0, 0, 10, 3);
    edge();
    rd(0, 0, 0);
    wr(0, 0, 0, 30, 1);
    wr(1, 0, 0, 40, 1); /* port 1 wins lane 0 */
    edge();
    assert_int_equal(o.rsp_data[0][0], 10); /* the read saw the data before the writes */
    rd(0, 0, 0);
    edge();
    assert_int_equal(o.rsp_data[0][0], 40);
    assert_int_equal(o.rsp_data[0][1], 11);
}

static void outside(void **st)
{
    (void)st;
    setup();
    wr(0, 3, 0, 10, 3); /* slot 3 of a pool of 3 */
    wr(1, 0, 2, 10, 3); /* register 2 of 2 */
    edge();
    assert_int_equal(s.writes, 0);
    rd(0, 3, 0);
    edge();
    assert_int_equal(o.rsp_valid[0], 0);
    assert_int_equal(s.reads, 0);
}

static void from_preset(void **st)
{
    (void)st;
    sm_cfg_t sm = {0};
    sm.lanes = 32, sm.active_pool = 4, sm.rsp_regs = 2, sm.rc_rports = 6, sm.rc_wports = 2;
    rsp_cfg_t c;
    rsp_cfg_from_sm(&sm, &c);
    assert_int_equal(c.pool * c.regs, 8);
    assert_int_equal(c.slot_bits, 2);
    assert_int_equal(c.reg_bits, 1);
    assert_int_equal(c.rports, 6);
    assert_int_equal(rsp_init(&s, &c), 0);
    c.regs = 17;
    assert_int_equal(rsp_init(&s, &c), -1); /* 68 entries */
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(entries), cmocka_unit_test(order),
                                   cmocka_unit_test(outside), cmocka_unit_test(from_preset)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
