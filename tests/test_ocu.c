/* Unit tests of the ocu C model: request, duplicate-read, dispatch timing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/ocu.h"

static ocu_state_t s;

static void setup(void)
{
    ocu_cfg_t c = {.lanes = 4, .max_srcs = 4, .num_warps = 8, .arch_regs = 64};
    ocu_cfg_derive(&c);
    assert_int_equal(ocu_init(&s, &c), 0);
}

static ocu_out_t step(const ocu_in_t *in)
{
    ocu_out_t o;
    ocu_eval(&s, in, &o);
    ocu_tick(&s, in);
    return o;
}

static void alloc(unsigned n, const unsigned *regs)
{
    ocu_in_t in;
    memset(&in, 0, sizeof in);
    in.alloc_valid = 1;
    in.alloc_warp = 3;
    in.alloc_info = 42;
    for (unsigned i = 0; i < n; i++) {
        in.alloc_src_valid[i] = 1;
        in.alloc_src[i] = regs[i];
    }
    ocu_out_t o = step(&in);
    assert_int_equal(o.busy, 0);
}

/* a repeated register is requested once and fills both slots */
static void duplicate_read_once(void **st)
{
    (void)st;
    setup();
    unsigned regs[3] = {7, 9, 7};
    alloc(3, regs);
    ocu_in_t in;
    memset(&in, 0, sizeof in);
    ocu_out_t o;
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.busy, 1);
    assert_int_equal(o.rd_valid[0] + o.rd_valid[1] + o.rd_valid[2], 2);
    assert_int_equal(o.rd_valid[2], 0);
    in.rd_gnt[0] = in.rd_gnt[1] = 1;
    step(&in);
    memset(&in, 0, sizeof in);
    in.rsp_valid[0] = in.rsp_valid[1] = 1;
    in.rsp_data[0][0] = 0x77;
    in.rsp_data[1][0] = 0x99;
    o = step(&in);
    assert_int_equal(o.disp_valid, 0);
    memset(&in, 0, sizeof in);
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.disp_valid, 1);
    assert_int_equal(o.disp_info, 42);
    assert_int_equal(o.disp_warp, 3);
    assert_int_equal(o.disp_data[2][0], 0x77);
    assert_int_equal(s.dup_reads_saved, 1);
}

/* dispatch is offered the cycle after the last operand arrives, and frees the unit */
static void dispatch_timing(void **st)
{
    (void)st;
    setup();
    unsigned regs[2] = {1, 2};
    alloc(2, regs);
    ocu_in_t in;
    memset(&in, 0, sizeof in);
    in.rd_gnt[0] = in.rd_gnt[1] = 1;
    step(&in);
    memset(&in, 0, sizeof in);
    in.rsp_valid[0] = 1;
    assert_int_equal(step(&in).disp_valid, 0);
    memset(&in, 0, sizeof in);
    in.rsp_valid[1] = 1;
    assert_int_equal(step(&in).disp_valid, 0);
    memset(&in, 0, sizeof in);
    in.disp_ready = 1;
    ocu_out_t o = step(&in);
    assert_int_equal(o.disp_valid, 1);
    memset(&in, 0, sizeof in);
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.busy, 0);
}

/* a unit dispatching at an edge takes an allocation at the same edge; a busy unit that does
 * not dispatch ignores one */
static void refill_on_dispatch(void **st)
{
    (void)st;
    setup();
    alloc(0, NULL);
    ocu_in_t in;
    memset(&in, 0, sizeof in);
    in.alloc_valid = 1;
    in.alloc_info = 7;
    in.alloc_src_valid[0] = 1;
    in.alloc_src[0] = 5;
    ocu_out_t o = step(&in);
    assert_int_equal(o.disp_valid, 1);
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.disp_info, 42);
    in.disp_ready = 1;
    step(&in);
    memset(&in, 0, sizeof in);
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.busy, 1);
    assert_int_equal(o.disp_valid, 0);
    assert_int_equal(o.disp_info, 7);
    assert_int_equal(o.rd_valid[0], 1);
    assert_int_equal(o.rd_reg[0], 5);
    assert_int_equal(s.dispatches, 1);
}

/* an instruction without sources dispatches the cycle after allocation */
static void no_sources(void **st)
{
    (void)st;
    setup();
    alloc(0, NULL);
    ocu_in_t in;
    memset(&in, 0, sizeof in);
    ocu_out_t o;
    ocu_eval(&s, &in, &o);
    assert_int_equal(o.disp_valid, 1);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(duplicate_read_once),
                                   cmocka_unit_test(dispatch_timing), cmocka_unit_test(no_sources),
                                   cmocka_unit_test(refill_on_dispatch)};
    return cmocka_run_group_tests_name("ocu", t, NULL, NULL);
}
