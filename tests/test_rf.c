/* Unit tests of the rf C model: timing derived from the configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rf.h"

static rf_cfg_t cfg(unsigned banks, unsigned lat)
{
    rf_cfg_t c = {.lanes = 4, .num_banks = banks, .num_ports = 6, .num_wports = 2, .num_warps = 8,
                  .arch_regs = 64, .rows_per_bank = 64, .bank_latency = lat, .bank_map = 0};
    rf_cfg_derive(&c);
    return c;
}

/* a fresh model and a zeroed input */
static void fresh(rf_state_t *s, rf_in_t *in, unsigned banks, unsigned lat)
{
    rf_cfg_t c = cfg(banks, lat);
    assert_int_equal(rf_init(s, &c), 0);
    memset(in, 0, sizeof *in);
}

/* step one cycle: eval then tick; returns outputs seen this cycle */
static rf_out_t step(rf_state_t *s, const rf_in_t *in)
{
    rf_out_t o;
    rf_eval(s, in, &o);
    rf_tick(s, in);
    return o;
}

static void write_reg(rf_state_t *s, unsigned w, unsigned r, uint32_t v)
{
    rf_in_t in;
    memset(&in, 0, sizeof in);
    in.wr_valid[0] = 1;
    in.wr_warp[0] = w;
    in.wr_reg[0] = r;
    for (unsigned l = 0; l < s->c.lanes; l++)
        in.wr_data[0][l] = v + l;
    rf_out_t o = step(s, &in);
    assert_int_equal(o.wr_gnt[0], 1);
}

/* a read granted at cycle t delivers at t + BankLatency, with the written value */
static void read_latency(void **st)
{
    (void)st;
    for (unsigned lat = 1; lat <= 4; lat++) {
        rf_state_t s;
        rf_in_t in;
        fresh(&s, &in, 4, lat);
        write_reg(&s, 1, 5, 0x100);
        in.rd_valid[2] = 1;
        in.rd_warp[2] = 1;
        in.rd_reg[2] = 5;
        rf_out_t o = step(&s, &in);
        assert_int_equal(o.rd_gnt[2], 1);
        memset(&in, 0, sizeof in);
        for (unsigned t = 1; t < lat; t++)
            assert_int_equal(step(&s, &in).rsp_valid[2], 0);
        o = step(&s, &in);
        assert_int_equal(o.rsp_valid[2], 1);
        assert_int_equal(o.rsp_data[2][3], 0x103);
        rf_free(&s);
    }
}

/* k reads to one bank take k cycles; reads to distinct banks take one */
static void bank_conflicts(void **st)
{
    (void)st;
    rf_state_t s;
    rf_in_t in;
    fresh(&s, &in, 4, 1);
    /* warp 0: R0, R4, R8 share bank 0; R1 is bank 1 */
    unsigned regs[4] = {0, 4, 8, 1};
    for (unsigned p = 0; p < 4; p++) {
        in.rd_valid[p] = 1;
        in.rd_reg[p] = regs[p];
    }
    unsigned cycles = 0, granted = 0;
    while (granted < 4) {
        rf_out_t o;
        rf_eval(&s, &in, &o);
        rf_tick(&s, &in);
        for (unsigned p = 0; p < 4; p++)
            if (o.rd_gnt[p]) {
                granted++;
                in.rd_valid[p] = 0;
            }
        cycles++;
    }
    assert_int_equal(cycles, 3); /* three requests to bank 0 */
    assert_int_equal(s.read_conflicts, 3 * 2 / 2); /* k requests to a bank lose k(k-1)/2 times */
    rf_free(&s);
}

/* writes win over reads; a second write to the same bank waits and is not dropped */
static void write_priority(void **st)
{
    (void)st;
    rf_state_t s;
    rf_in_t in;
    fresh(&s, &in, 4, 1);
    in.rd_valid[0] = 1;
    in.rd_reg[0] = 0;
    in.wr_valid[0] = in.wr_valid[1] = 1;
    in.wr_reg[0] = 4;
    in.wr_reg[1] = 8;
    in.wr_data[1][0] = 77;
    rf_out_t o = step(&s, &in);
    assert_int_equal(o.wr_gnt[0], 1);
    assert_int_equal(o.wr_gnt[1], 0);
    assert_int_equal(o.rd_gnt[0], 0);
    in.wr_valid[0] = 0;
    o = step(&s, &in);
    assert_int_equal(o.wr_gnt[1], 1);
    assert_int_equal(o.rd_gnt[0], 0);
    in.wr_valid[1] = 0;
    o = step(&s, &in);
    assert_int_equal(o.rd_gnt[0], 1);
    assert_int_equal(rf_peek(&s, 0, 8)[0], 77);
    assert_int_equal(s.write_conflicts, 1);
    rf_free(&s);
}

/* bank mapping: (reg + warp) mod banks, or reg mod banks */
static void bank_mapping(void **st)
{
    (void)st;
    rf_cfg_t c = cfg(4, 1);
    assert_int_equal(rf_bank_of(&c, 3, 2), 1);
    c.bank_map = BANKMAP_REG;
    assert_int_equal(rf_bank_of(&c, 3, 2), 2);
}

/* the warp base separates warps' storage */
static void warp_base(void **st)
{
    (void)st;
    rf_state_t s;
    rf_in_t in;
    fresh(&s, &in, 4, 1);
    in.launch_valid = 1;
    in.launch_warp = 4; /* warp 4 maps R0 to bank 0 like warp 0 */
    in.launch_base = 16;
    step(&s, &in);
    write_reg(&s, 0, 0, 10);
    write_reg(&s, 4, 0, 20);
    assert_int_equal(rf_peek(&s, 0, 0)[0], 10);
    assert_int_equal(rf_peek(&s, 4, 0)[0], 20);
    rf_free(&s);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(read_latency), cmocka_unit_test(bank_conflicts),
                                   cmocka_unit_test(write_priority), cmocka_unit_test(bank_mapping),
                                   cmocka_unit_test(warp_base)};
    return cmocka_run_group_tests_name("rf", t, NULL, NULL);
}
