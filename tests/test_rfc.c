/* Unit tests of the rfc C model (LTRF Sec. 4.1-4.2): fill and eviction timing over the narrow
 * crossbar computed from the configuration, crossbar occupancy, per-bank priorities, reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rfc.h"

static rfc_state_t s;
static rfc_in_t in;
static rfc_cfg_t cfg;

/* 4 lanes = 128-bit registers over a 32-bit crossbar: 4 beats; latency 3 */
static void setup(void)
{
    rfc_free(&s);
    cfg = (rfc_cfg_t){.lanes = 4, .banks = 8, .rows = 4, .num_ports = 6, .num_wports = 1,
                      .xbar_bits = 32, .xbar_latency = 3, .tag_bits = 9};
    rfc_cfg_derive(&cfg);
    assert_int_equal(cfg.beats, 4);
    assert_int_equal(rfc_init(&s, &cfg), 0);
    memset(&in, 0, sizeof in);
}

static rfc_out_t step(void)
{
    rfc_out_t o;
    rfc_eval(&s, &in, &o);
    rfc_tick(&s, &in);
    return o;
}

static void offer_fill(unsigned row, unsigned bank, unsigned tag, uint32_t v)
{
    in.fill_valid[bank] = 1;
    in.fill_row[bank] = row;
    in.fill_tag[bank] = tag;
    for (unsigned l = 0; l < cfg.lanes; l++)
        in.fill_data[bank][l] = v + l;
}

/* a fill is written beats - 1 + latency cycles after its grant; the bank's port takes the next
 * one beats cycles after the grant, while another bank's port takes one at once */
static void fill_timing_and_occupancy(void **st)
{
    (void)st;
    setup();
    offer_fill(1, 5, 77, 100);
    offer_fill(2, 6, 78, 200);
    rfc_out_t o = step();
    assert_int_equal(o.fill_gnt[5], 1);
    assert_int_equal(o.fill_gnt[6], 1);
    in.fill_valid[6] = 0;
    offer_fill(3, 5, 79, 300);
    unsigned t, second = 0, done = 0, done6 = 0;
    for (t = 1; t < 20 && !done; t++) {
        o = step();
        if (o.fill_gnt[5]) {
            second = t;
            in.fill_valid[5] = 0;
        }
        if (o.fill_done_valid[5] && o.fill_done_tag[5] == 77)
            done = t;
        if (o.fill_done_valid[6] && o.fill_done_tag[6] == 78)
            done6 = t;
    }
    assert_int_equal(done6, done);
    assert_int_equal(second, cfg.beats);
    assert_int_equal(done, cfg.beats - 1 + cfg.xbar_latency);
    /* the filled register reads back from (bank 5, row 1) */
    in.rd_valid[0] = 1, in.rd_bank[0] = 5, in.rd_row[0] = 1;
    o = step();
    assert_int_equal(o.rd_gnt[0], 1);
    in.rd_valid[0] = 0;
    o = step();
    assert_int_equal(o.rsp_valid[0], 1);
    assert_int_equal(o.rsp_data[0][0], 100);
    assert_int_equal(o.rsp_data[0][3], 103);
}

/* an arriving fill takes its bank from a result write, which takes it from a read */
static void bank_priorities(void **st)
{
    (void)st;
    setup();
    offer_fill(0, 3, 1, 7);
    step();
    in.fill_valid[3] = 0;
    unsigned arrive = cfg.beats - 1 + cfg.xbar_latency;
    for (unsigned t = 1; t < arrive; t++)
        step();
    in.wr_valid[0] = 1, in.wr_bank[0] = 3, in.wr_row[0] = 2;
    in.rd_valid[1] = 1, in.rd_bank[1] = 3, in.rd_row[1] = 2;
    rfc_out_t o = step();
    assert_int_equal(o.fill_done_valid[3], 1);
    assert_int_equal(o.wr_gnt[0], 0);
    assert_int_equal(o.rd_gnt[1], 0);
    o = step();
    assert_int_equal(o.wr_gnt[0], 1);
    assert_int_equal(o.rd_gnt[1], 0);
    in.wr_valid[0] = 0;
    o = step();
    assert_int_equal(o.rd_gnt[1], 1);
}

/* an eviction leaves beats + latency cycles after its grant, with the bank's value; the
 * result write before it stored only the lanes of its mask (lane 2 stays 0) */
static void eviction_timing(void **st)
{
    (void)st;
    setup();
    in.wr_valid[0] = 1, in.wr_bank[0] = 4, in.wr_row[0] = 3;
    for (unsigned l = 0; l < cfg.lanes; l++)
        in.wr_data[0][l] = 0xabc0 + l;
    in.wr_mask[0] = 0xb;
    step();
    memset(&in, 0, sizeof in);
    in.ev_valid[4] = 1, in.ev_row[4] = 3, in.ev_tag[4] = 300;
    rfc_out_t o = step();
    assert_int_equal(o.ev_gnt[4], 1);
    in.ev_valid[4] = 0;
    unsigned t, out = 0;
    for (t = 1; t < 20 && !out; t++) {
        o = step();
        if (o.ev_out_valid[4]) {
            out = t;
            assert_int_equal(o.ev_out_tag[4], 300);
            assert_int_equal(o.ev_out_data[4][1], 0xabc1);
            assert_int_equal(o.ev_out_data[4][2], 0);
            assert_int_equal(o.ev_out_data[4][3], 0xabc3);
        }
    }
    assert_int_equal(out, cfg.beats + cfg.xbar_latency);
}

/* collector reads of one bank are granted round-robin over the ports */
static void round_robin_reads(void **st)
{
    (void)st;
    setup();
    for (unsigned p = 0; p < 3; p++)
        in.rd_valid[p] = 1, in.rd_bank[p] = 2, in.rd_row[p] = p;
    unsigned order[3];
    for (unsigned t = 0; t < 3; t++) {
        rfc_out_t o = step();
        unsigned n = 0;
        for (unsigned p = 0; p < 3; p++)
            if (o.rd_gnt[p]) {
                order[t] = p;
                in.rd_valid[p] = 0;
                n++;
            }
        assert_int_equal(n, 1);
    }
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
    assert_int_equal(order[2], 2);
    assert_int_equal(s.bank_conflicts, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fill_timing_and_occupancy), cmocka_unit_test(bank_priorities),
        cmocka_unit_test(eviction_timing), cmocka_unit_test(round_robin_reads),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rfc_free(&s);
    return rc;
}
