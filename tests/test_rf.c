/* Unit tests of the rf C model: timing derived from the configuration, bank ports, bank
 * pipelining and lane-masked writes. */
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
                  .arch_regs = 64, .rows_per_bank = 64, .bank_latency = lat, .bank_ports = 1, .bank_pipelined = 1,
                  .bank_map = 0};
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
    in.wr_mask[0] = 0xf;
    rf_out_t o = step(s, &in);
    assert_int_equal(o.wr_gnt[0], 1);
}

/* a read granted at cycle t delivers at t + BankLatency, with the written value (BankLatency 0:
 * in the grant cycle itself) */
static void read_latency(void **st)
{
    (void)st;
    for (unsigned lat = 0; lat <= 4; lat++) {
        rf_state_t s;
        rf_in_t in;
        fresh(&s, &in, 4, lat);
        write_reg(&s, 1, 5, 0x100);
        in.rd_valid[2] = 1;
        in.rd_warp[2] = 1;
        in.rd_reg[2] = 5;
        rf_out_t o = step(&s, &in);
        assert_int_equal(o.rd_gnt[2], 1);
        if (!lat) {
            assert_int_equal(o.rsp_valid[2], 1);
            assert_int_equal(o.rsp_data[2][3], 0x103);
            assert_int_equal(step(&s, &in).rsp_valid[2], 1); /* held: granted again */
            memset(&in, 0, sizeof in);
            assert_int_equal(step(&s, &in).rsp_valid[2], 0);
            rf_free(&s);
            continue;
        }
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
    in.wr_mask[1] = 1;
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

/* cycles until every read port in `mask` (all warp 0, registers regs[p]) was granted */
static unsigned drain(rf_state_t *s, const unsigned *regs, unsigned nreq, unsigned *gnt_cycle)
{
    rf_in_t in;
    memset(&in, 0, sizeof in);
    for (unsigned p = 0; p < nreq; p++) {
        in.rd_valid[p] = 1;
        in.rd_reg[p] = regs[p];
    }
    unsigned cycles = 0, granted = 0;
    while (granted < nreq && cycles < 100) {
        rf_out_t o = step(s, &in);
        for (unsigned p = 0; p < nreq; p++)
            if (o.rd_gnt[p]) {
                granted++;
                in.rd_valid[p] = 0;
                gnt_cycle[p] = cycles;
            }
        cycles++;
    }
    return cycles;
}

/* BankPorts: a bank serves that many accesses per cycle; the second round grants the next
 * port round-robin after the first */
static void bank_ports(void **st)
{
    (void)st;
    unsigned regs[4] = {0, 4, 8, 12}, at[4];
    for (unsigned ports = 1; ports <= 4; ports++) {
        rf_cfg_t c = cfg(4, 1);
        c.bank_ports = ports;
        rf_state_t s;
        assert_int_equal(rf_init(&s, &c), 0);
        assert_int_equal(drain(&s, regs, 4, at), (4 + ports - 1) / ports);
        assert_int_equal(s.read_conflicts, ports == 1 ? 6 : ports == 2 ? 2 : ports == 3 ? 1 : 0);
        rf_free(&s);
    }
}

/* BankPipelined 0: a bank port is busy for BankLatency cycles per access, reads and writes */
static void non_pipelined(void **st)
{
    (void)st;
    unsigned regs[3] = {0, 4, 8}, at[3];
    for (unsigned lat = 0; lat <= 5; lat++)
        for (unsigned pipe = 0; pipe <= 1; pipe++) {
            rf_cfg_t c = cfg(4, lat);
            c.bank_pipelined = pipe;
            rf_state_t s;
            assert_int_equal(rf_init(&s, &c), 0);
            write_reg(&s, 0, 12, 5); /* bank 0 */
            drain(&s, regs, 3, at);
            unsigned gap = pipe || !lat ? 1 : lat; /* busy BankLatency cycles, at least one */
            /* the write occupied the bank's port at cycle -1 */
            assert_int_equal(at[0], gap - 1);
            assert_int_equal(at[1], at[0] + gap);
            assert_int_equal(at[2], at[1] + gap);
            rf_free(&s);
        }
}

/* a write stores only the lanes of its mask */
static void write_mask(void **st)
{
    (void)st;
    rf_state_t s;
    rf_in_t in;
    fresh(&s, &in, 4, 1);
    write_reg(&s, 2, 7, 0x10);
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 2;
    in.wr_reg[0] = 7;
    for (unsigned l = 0; l < 4; l++)
        in.wr_data[0][l] = 0x90 + l;
    in.wr_mask[0] = 0x5;
    assert_int_equal(step(&s, &in).wr_gnt[0], 1);
    const uint32_t want[4] = {0x90, 0x11, 0x92, 0x13};
    assert_memory_equal(rf_peek(&s, 2, 7), want, sizeof want);
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

/* the flat mode (block rf_phys): a physical id names one cell whatever the warp and its base;
 * bank = id mod banks, row = id / banks */
static void flat_mode(void **st)
{
    (void)st;
    rf_cfg_t c = cfg(4, 1);
    c.bank_map = BANKMAP_FLAT;
    c.arch_regs = 256;
    rf_cfg_derive(&c);
    assert_int_equal(rf_bank_of(&c, 3, 6), 2);
    rf_state_t s;
    assert_int_equal(rf_init(&s, &c), 0);
    rf_in_t in;
    memset(&in, 0, sizeof in);
    in.launch_valid = 1;
    in.launch_warp = 4;
    in.launch_base = 16;
    step(&s, &in);
    write_reg(&s, 4, 6, 30);
    assert_int_equal(rf_peek(&s, 0, 6)[0], 30);
    assert_ptr_equal(rf_peek(&s, 4, 6), s.mem + ((size_t)2 * c.rows_per_bank + 1) * c.lanes);
    write_reg(&s, 1, 255, 40); /* the last id: bank 3, row 63 */
    assert_ptr_equal(rf_peek(&s, 7, 255), s.mem + ((size_t)3 * c.rows_per_bank + 63) * c.lanes);
    assert_int_equal(rf_peek(&s, 7, 255)[1], 41);
    rf_free(&s);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(read_latency), cmocka_unit_test(bank_conflicts),
                                   cmocka_unit_test(write_priority), cmocka_unit_test(bank_mapping),
                                   cmocka_unit_test(warp_base), cmocka_unit_test(bank_ports),
                                   cmocka_unit_test(non_pipelined), cmocka_unit_test(write_mask),
                                   cmocka_unit_test(flat_mode)};
    return cmocka_run_group_tests_name("rf", t, NULL, NULL);
}
