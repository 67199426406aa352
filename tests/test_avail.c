/* Unit tests of the avail C model (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7): each mapping
 * policy, bank awareness, ports served in order, frees (refused when not allocated),
 * reserves, the edge's order, the occupancy observations, the configuration from a preset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/avail.h"

static avail_state_t s;
static avail_in_t in;

/* 64 registers in 2 banks of 32 rows, 4 sub-arrays of 8 rows; register p = row * 2 + bank */
static void setup(unsigned policy, unsigned aware)
{
    avail_cfg_t c = {.phys_regs = 64, .banks = 2, .subarrays = 4, .ports = 3};
    avail_cfg_derive(&c);
    assert_int_equal(avail_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
    in.policy = policy;
    in.bank_aware = aware;
}

static void clear(void)
{
    unsigned p = in.policy, a = in.bank_aware;
    memset(&in, 0, sizeof in);
    in.policy = p;
    in.bank_aware = a;
}

static avail_out_t edge(void)
{
    avail_out_t o;
    avail_eval(&s, &in, &o);
    avail_tick(&s, &in);
    clear();
    return o;
}

static void reserve(unsigned id)
{
    in.rs_valid[0] = 1;
    in.rs_id[0] = id;
    edge();
}

/* one allocation for bank b; its register or -1 */
static int alloc(unsigned b)
{
    in.al_valid[0] = 1;
    in.al_bank[0] = b;
    avail_out_t o = edge();
    return o.al_gnt[0] ? (int)o.al_id[0] : -1;
}

/* Fig. 7: the new register goes to the sub-array already holding registers (P0), then, once
 * it is full, to the non-full sub-array with the most */
static void consolidate(void **st)
{
    (void)st;
    setup(RN_CONSOLIDATE, 1);
    reserve(2), reserve(4), reserve(6);   /* bank 0, rows 1-3: sub-array 0 */
    reserve(2 * 9);                        /* bank 0, row 9: sub-array 1 */
    assert_int_equal(alloc(0), 0);         /* row 0 of sub-array 0 */
    for (unsigned r = 4; r < 8; r++)
        assert_int_equal(alloc(0), (int)(r * 2));
    assert_int_equal(alloc(0), 16);        /* sub-array 0 full: sub-array 1, row 8 */
    assert_int_equal(alloc(1), 1);         /* bank 1: all empty, the lowest */
    setup(RN_CONSOLIDATE, 0);
    reserve(3), reserve(5);                /* bank 1, sub-array 0 holds 2 */
    reserve(0);                            /* bank 0, sub-array 0 holds 1 */
    assert_int_equal(alloc(0), 1);         /* not bank-aware: bank 1's sub-array 0, row 0 */
}

/* spread: from the last register granted plus one sub-array's worth (8 rows x 2 banks) */
static void spread(void **st)
{
    (void)st;
    setup(RN_SPREAD, 0);
    assert_int_equal(alloc(0), 16);        /* last 0 + 16 */
    assert_int_equal(alloc(0), 32);
    assert_int_equal(alloc(0), 48);
    assert_int_equal(alloc(0), 0);         /* wraps */
    reserve(16 + 1);
    assert_int_equal(alloc(0), 18);        /* 16 taken, 17 reserved */
    setup(RN_SPREAD, 1);
    assert_int_equal(alloc(1), 17);        /* bank 1 only */
    /* a cycle's ports start from one cursor: the second takes the next free register after
     * the first's, and the cursor moves to the cycle's last grant */
    setup(RN_SPREAD, 0);
    in.al_valid[0] = in.al_valid[1] = 1;
    avail_out_t o = edge();
    assert_int_equal(o.al_id[0], 16);
    assert_int_equal(o.al_id[1], 17);
    assert_int_equal(s.last, 17);
    assert_int_equal(alloc(0), 33);        /* 17 + 16 */
}

/* first: the lowest free register, of the bank when bank-aware; policy 3 is first too */
static void first(void **st)
{
    (void)st;
    setup(RN_FIRST, 1);
    reserve(1);
    assert_int_equal(alloc(1), 3);
    assert_int_equal(alloc(0), 0);
    setup(3, 0);
    reserve(0);
    assert_int_equal(alloc(1), 1);
}

/* ports in order each see the earlier ones' picks; a full file grants nothing */
static void ports_in_order(void **st)
{
    (void)st;
    setup(RN_FIRST, 1);
    for (unsigned i = 0; i < 3; i++)
        in.al_valid[i] = 1, in.al_bank[i] = 0;
    avail_out_t o = edge();
    assert_int_equal(o.al_id[0], 0);
    assert_int_equal(o.al_id[1], 2);
    assert_int_equal(o.al_id[2], 4);
    for (unsigned r = 3; r < 32; r++)
        assert_int_equal(alloc(0), (int)(r * 2));
    assert_int_equal(alloc(0), -1);
    assert_int_equal(s.fails, 1);
    avail_eval(&s, &in, &o);
    assert_int_equal(o.allocated, 32);
    assert_int_equal(o.subarrays_on, 4);   /* bank 0's four */
}

/* frees of free registers are refused and flagged; at the edge a reserve beats a free;
 * an allocation does not see the same edge's free */
static void frees_and_reserves(void **st)
{
    (void)st;
    setup(RN_FIRST, 0);
    reserve(5);
    in.fr_valid[0] = 1, in.fr_id[0] = 6;   /* not allocated */
    in.fr_valid[1] = 1, in.fr_id[1] = 5;
    avail_out_t o = edge();
    assert_int_equal(o.fr_err[0], 1);
    assert_int_equal(o.fr_err[1], 0);
    assert_int_equal(s.used[5], 0);
    assert_int_equal(s.free_errs, 1);
    reserve(7);
    in.fr_valid[0] = 1, in.fr_id[0] = 7;
    in.rs_valid[1] = 1, in.rs_id[1] = 7;
    edge();
    assert_int_equal(s.used[7], 1);
    reserve(0);
    in.fr_valid[0] = 1, in.fr_id[0] = 0;
    in.al_valid[1] = 1;
    o = edge();
    assert_int_equal(o.al_id[1], 1);       /* 0 is still allocated when the request is served */
    assert_int_equal(s.used[0], 0);
}

/* pascal: 512 registers per sub-core in 4 banks of 128 rows, 4 sub-arrays of 32 rows */
static void from_preset(void **st)
{
    (void)st;
    sm_cfg_t sm = {0};
    sm.schedulers = 4, sm.rf_warp_regs = 2048, sm.banks = 16, sm.rf_subarrays = 4;
    sm.rn_policy = RN_SPREAD, sm.rn_bank_aware = 1, sm.rn_banks = 4;
    avail_cfg_t c;
    avail_cfg_from_sm(&sm, &c);
    assert_int_equal(c.phys_regs, 512);
    assert_int_equal(c.banks, 4);
    assert_int_equal(c.sa_rows, 32);
    assert_int_equal(c.ports, 4);
    assert_int_equal(c.policy, RN_SPREAD);
    assert_int_equal(c.bank_aware, 1);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(consolidate), cmocka_unit_test(spread),
                                   cmocka_unit_test(first), cmocka_unit_test(ports_in_order),
                                   cmocka_unit_test(frees_and_reserves),
                                   cmocka_unit_test(from_preset)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
