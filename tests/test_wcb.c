/* Unit tests of the wcb C model (LTRF Sec. 4.1, Fig. 7; Sec. 4.3): lookups one cycle later and
 * before same-cycle updates, fill/map/deactivate on valid bits, one row's map ports per warp,
 * liveness, init, storage. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/wcb.h"

static wcb_state_t s;
static wcb_in_t in;

/* 4 map ports in rows of row_ports */
static void setup_rows(unsigned row_ports)
{
    wcb_cfg_t c = {.num_warps = 8, .arch_regs = 64, .cache_banks = 8, .active_warps = 4,
                   .read_ports = WCB_READ_PORTS, .map_ports = 4, .row_ports = row_ports,
                   .fill_ports = 8, .wr_ports = 1, .dead_ports = 4};
    wcb_cfg_derive(&c);
    assert_int_equal(wcb_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

static void setup(void) { setup_rows(1); }

/* read port j of warp w's address table */
#define RP(w, j) ((w) * WCB_READ_PORTS + (j))

static wcb_out_t step(void)
{
    wcb_out_t o;
    wcb_eval(&s, &in, &o);
    wcb_tick(&s, &in);
    memset(&in, 0, sizeof in);
    return o;
}

static wcb_out_t query(unsigned warp)
{
    wcb_out_t o;
    in.q_warp = warp;
    wcb_eval(&s, &in, &o);
    return o;
}

/* map writes the bank (not valid), fill sets valid, the lookup answers one cycle later */
static void map_fill_lookup(void **st)
{
    (void)st;
    setup();
    in.map_valid[0] = 1, in.map_warp[0] = 3, in.map_reg[0] = 17, in.map_bank[0] = 5;
    step();
    in.rd_valid[RP(3, 0)] = 1, in.rd_reg[RP(3, 0)] = 17;
    wcb_out_t o = step();
    assert_int_equal(o.rdo_valid[RP(3, 0)], 0);
    o = step();
    assert_int_equal(o.rdo_valid[RP(3, 0)], 1);
    assert_int_equal(o.rdo_bank[RP(3, 0)], 5);
    assert_int_equal(o.rdo_hit[RP(3, 0)], 0);
    in.fill_valid[0] = 1, in.fill_warp[0] = 3, in.fill_reg[0] = 17;
    step();
    in.rd_valid[RP(3, 1)] = 1, in.rd_reg[RP(3, 1)] = 17;
    step();
    o = step();
    assert_int_equal(o.rdo_hit[RP(3, 1)], 1);
    assert_int_equal(query(3).q_valid[17], 1);
}

/* every warp's table answers on its own two ports in the same cycle; fills on several ports
 * and allocations on several ports take effect together, a map beating a fill of its entry */
static void parallel_ports(void **st)
{
    (void)st;
    setup();
    for (unsigned k = 0; k < 4; k++)
        in.map_valid[k] = 1, in.map_warp[k] = k, in.map_reg[k] = 10 + k, in.map_bank[k] = k + 1;
    step();
    for (unsigned k = 0; k < 4; k++)
        in.fill_valid[k] = 1, in.fill_warp[k] = k, in.fill_reg[k] = 10 + k;
    in.map_valid[2] = 1, in.map_warp[2] = 3, in.map_reg[2] = 13, in.map_bank[2] = 7;
    step();
    for (unsigned w = 0; w < 4; w++)
        for (unsigned j = 0; j < WCB_READ_PORTS; j++)
            in.rd_valid[RP(w, j)] = 1, in.rd_reg[RP(w, j)] = 10 + w;
    step();
    wcb_out_t o = step();
    for (unsigned w = 0; w < 4; w++)
        for (unsigned j = 0; j < WCB_READ_PORTS; j++) {
            assert_int_equal(o.rdo_valid[RP(w, j)], 1);
            assert_int_equal(o.rdo_bank[RP(w, j)], w == 3 ? 7 : w + 1);
            assert_int_equal(o.rdo_hit[RP(w, j)], w != 3);
        }
}

/* a lookup sees the table before that cycle's allocation of the same entry */
static void read_before_write(void **st)
{
    (void)st;
    setup();
    in.map_valid[0] = 1, in.map_warp[0] = 1, in.map_reg[0] = 2, in.map_bank[0] = 6;
    step();
    in.map_valid[0] = 1, in.map_warp[0] = 1, in.map_reg[0] = 2, in.map_bank[0] = 7;
    in.rd_valid[RP(1, 0)] = 1, in.rd_reg[RP(1, 0)] = 2;
    step();
    assert_int_equal(step().rdo_bank[RP(1, 0)], 6);
}

/* a warp's table takes the map ports of one row a cycle, the highest naming it: the other
 * rows' maps of that warp change neither its banks nor its valid bits */
static void one_row_per_warp(void **st)
{
    (void)st;
    setup_rows(2);
    for (unsigned r = 20; r < 23; r++) {
        in.fill_valid[r - 20] = 1, in.fill_warp[r - 20] = 3, in.fill_reg[r - 20] = r;
    }
    step();
    in.map_valid[0] = 1, in.map_warp[0] = 3, in.map_reg[0] = 20, in.map_bank[0] = 1;
    in.map_valid[1] = 1, in.map_warp[1] = 3, in.map_reg[1] = 21, in.map_bank[1] = 2;
    in.map_valid[2] = 1, in.map_warp[2] = 3, in.map_reg[2] = 22, in.map_bank[2] = 3;
    in.map_valid[3] = 1, in.map_warp[3] = 5, in.map_reg[3] = 20, in.map_bank[3] = 4;
    step();
    wcb_out_t q = query(3);
    assert_int_equal(q.q_valid[20] + q.q_valid[21], 2);
    assert_int_equal(q.q_valid[22], 0);
    in.rd_valid[RP(3, 0)] = 1, in.rd_reg[RP(3, 0)] = 22;
    in.rd_valid[RP(3, 1)] = 1, in.rd_reg[RP(3, 1)] = 20;
    in.rd_valid[RP(5, 0)] = 1, in.rd_reg[RP(5, 0)] = 20;
    step();
    wcb_out_t o = step();
    assert_int_equal(o.rdo_bank[RP(3, 0)], 3);
    assert_int_equal(o.rdo_bank[RP(3, 1)], 0);
    assert_int_equal(o.rdo_bank[RP(5, 0)], 4);
    /* one row alone: both of its ports map the warp */
    in.map_valid[0] = 1, in.map_warp[0] = 3, in.map_reg[0] = 20, in.map_bank[0] = 1;
    in.map_valid[1] = 1, in.map_warp[1] = 3, in.map_reg[1] = 21, in.map_bank[1] = 2;
    step();
    q = query(3);
    assert_int_equal(q.q_valid[20] + q.q_valid[21], 0);
}

/* deactivation clears every valid bit of that warp only; activation sets the offset */
static void deactivate_and_offset(void **st)
{
    (void)st;
    setup();
    for (unsigned r = 0; r < 64; r += 9) {
        in.fill_valid[0] = 1, in.fill_warp[0] = 2, in.fill_reg[0] = r;
        step();
        in.fill_valid[0] = 1, in.fill_warp[0] = 4, in.fill_reg[0] = r;
        step();
    }
    in.act_valid = 1, in.act_warp = 2, in.act_off = 3;
    step();
    assert_int_equal(query(2).q_off, 3);
    in.deact_valid = 1, in.deact_warp = 2;
    step();
    wcb_out_t a = query(2), b = query(4);
    for (unsigned r = 0; r < 64; r++) {
        assert_int_equal(a.q_valid[r], 0);
        assert_int_equal(b.q_valid[r], r % 9 == 0);
    }
}

/* a write makes a register live, a dead-operand bit makes it dead, the write wins a tie */
static void liveness(void **st)
{
    (void)st;
    setup();
    in.wr_valid[0] = 1, in.wr_warp[0] = 5, in.wr_reg[0] = 10;
    step();
    assert_int_equal(query(5).q_live[10], 1);
    in.dead_valid[2] = 1, in.dead_warp = 5, in.dead_reg[2] = 10;
    step();
    assert_int_equal(query(5).q_live[10], 0);
    in.dead_valid[0] = 1, in.dead_warp = 5, in.dead_reg[0] = 11;
    in.wr_valid[0] = 1, in.wr_warp[0] = 5, in.wr_reg[0] = 11;
    step();
    assert_int_equal(query(5).q_live[11], 1);
}

/* the working-set vector is replaced; init clears valid, working set, liveness and offset */
static void working_set_and_init(void **st)
{
    (void)st;
    setup();
    in.ws_valid = 1, in.ws_warp = 6;
    in.ws_vec[1] = in.ws_vec[40] = 1;
    step();
    wcb_out_t o = query(6);
    assert_int_equal(o.q_ws[1] + o.q_ws[40], 2);
    in.fill_valid[0] = 1, in.fill_warp[0] = 6, in.fill_reg[0] = 1;
    in.wr_valid[0] = 1, in.wr_warp[0] = 6, in.wr_reg[0] = 1;
    in.act_valid = 1, in.act_warp = 6, in.act_off = 2;
    step();
    in.init_valid = 1, in.init_warp = 6;
    in.fill_valid[0] = 1, in.fill_warp[0] = 6, in.fill_reg[0] = 2;
    step();
    o = query(6);
    for (unsigned r = 0; r < 64; r++)
        assert_int_equal(o.q_valid[r] + o.q_ws[r] + o.q_live[r], 0);
    assert_int_equal(o.q_off, 0);
}

/* LTRF Sec. 4.3: 64 warps x (256 x 5 + 3 + 256 + 256) = 114,880 bits */
static void storage_formula(void **st)
{
    (void)st;
    assert_int_equal(wcb_storage_bits(64, 256, 16, 8, 0), 114880);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(map_fill_lookup), cmocka_unit_test(parallel_ports),
        cmocka_unit_test(read_before_write), cmocka_unit_test(one_row_per_warp),
        cmocka_unit_test(deactivate_and_offset), cmocka_unit_test(liveness),
        cmocka_unit_test(working_set_and_init), cmocka_unit_test(storage_formula),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
