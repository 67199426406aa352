/* Unit tests of the avail C model (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7): each mapping
 * policy, bank awareness, the windows chosen a cycle ahead, ports served in order, frees
 * (refused when not allocated), reserves, the edge's order, the occupancy and window
 * observations, the configuration from a preset. */
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

/* a cycle with n requests for bank b; the grants' registers (-1: refused) into id */
static void allocs(unsigned n, unsigned b, int *id)
{
    for (unsigned i = 0; i < n; i++)
        in.al_valid[i] = 1, in.al_bank[i] = b;
    avail_out_t o = edge();
    for (unsigned i = 0; i < n; i++)
        id[i] = o.al_gnt[i] ? (int)o.al_id[i] : -1;
}

/* Fig. 7: the new register goes to the sub-array already holding registers (P0), then, once
 * it is full, to the non-full sub-array with the most; the window is chosen a cycle ahead, so
 * a window that fills is refused for one cycle */
static void consolidate(void **st)
{
    (void)st;
    setup(RN_CONSOLIDATE, 1);
    reserve(2), reserve(4), reserve(6);   /* bank 0, rows 1-3: group 0 */
    reserve(2 * 9);                        /* bank 0, row 9: group 2 */
    assert_int_equal(alloc(0), 0);         /* row 0 of group 0 */
    for (unsigned r = 4; r < 8; r++)
        assert_int_equal(alloc(0), (int)(r * 2));
    assert_int_equal(alloc(0), -1);        /* group 0 full; chosen before its last grant */
    assert_int_equal(alloc(0), 16);        /* group 2, row 8 */
    assert_int_equal(alloc(1), 1);         /* bank 1: all empty, the lowest */
    setup(RN_CONSOLIDATE, 0);
    reserve(3), reserve(5);                /* bank 1, group 1 holds 2 */
    reserve(0);                            /* bank 0, group 0 holds 1 */
    assert_int_equal(alloc(0), 1);         /* not bank-aware: group 1, row 0 */
}

/* spread: each cycle with a grant moves the list's window to its next non-full group */
static void spread(void **st)
{
    (void)st;
    setup(RN_SPREAD, 0);
    const int want[] = {0, 1, 16, 17, 32, 33, 48, 49, 2};   /* groups 0, 1, ... 7, 0 */
    for (unsigned i = 0; i < 9; i++)
        assert_int_equal(alloc(0), want[i]);
    edge();                                /* no grant: the window stays */
    assert_int_equal(alloc(0), 3);
    reserve(16 + 2);                       /* group 2's row 9 */
    assert_int_equal(alloc(0), 20);        /* group 2: rows 8 and 9 taken, row 10 */
    setup(RN_SPREAD, 1);
    assert_int_equal(alloc(1), 1);         /* bank 1 only: group 1 */
    assert_int_equal(alloc(1), 17);        /* group 3 */
    /* a cycle's ports take the first, second ... free rows of one window */
    setup(RN_SPREAD, 0);
    int id[3];
    allocs(2, 0, id);
    assert_int_equal(id[0], 0);
    assert_int_equal(id[1], 2);
    assert_int_equal(s.ptr[0], 0);
    assert_int_equal(alloc(0), 1);
}

/* first: the lowest non-full group of the list; policy 3 is first too */
static void first(void **st)
{
    (void)st;
    setup(RN_FIRST, 1);
    reserve(1);
    assert_int_equal(alloc(1), 3);
    assert_int_equal(alloc(0), 0);
    setup(3, 0);
    reserve(0);
    assert_int_equal(alloc(1), 2);         /* group 0 (bank 0), row 1 */
}

/* ports in order each take the next free row of their list's window; more requests than free
 * rows are refused; a full file grants nothing; the windows are observed */
static void ports_in_order(void **st)
{
    (void)st;
    setup(RN_FIRST, 1);
    int id[3];
    allocs(3, 0, id);
    assert_int_equal(id[0], 0);
    assert_int_equal(id[1], 2);
    assert_int_equal(id[2], 4);
    reserve(10), reserve(12), reserve(14);
    allocs(3, 0, id);                      /* group 0 holds rows 3 and 4 free */
    assert_int_equal(id[0], 6);
    assert_int_equal(id[1], 8);
    assert_int_equal(id[2], -1);
    unsigned got = 8, fails = 0;
    for (int p; got < 32;)
        if ((p = alloc(0)) < 0)
            fails++;
        else
            assert_int_equal(p, (int)(got++ * 2));
    assert_int_equal(fails, 3);            /* one refused cycle as each of 3 windows fills */
    assert_int_equal(alloc(0), -1);
    assert_int_equal(alloc(0), -1);
    assert_int_equal(s.fails, 1 + 3 + 2);
    avail_out_t o;
    avail_eval(&s, &in, &o);
    assert_int_equal(o.allocated, 32);
    assert_int_equal(o.subarrays_on, 4);   /* bank 0's four */
    assert_int_equal(o.win_ok[0], 0);      /* bank 0 full */
    assert_int_equal(o.win_ok[1], 1);
    assert_int_equal(o.win[1], 1);
}

/* a window chosen for another bank (bank_aware changed since) serves nothing */
static void window_of_other_list(void **st)
{
    (void)st;
    setup(RN_SPREAD, 0);
    assert_int_equal(alloc(0), 0);         /* list 0's window becomes group 1, bank 1 */
    in.bank_aware = 1;
    in.al_valid[0] = 1, in.al_bank[0] = 0;
    avail_out_t o = edge();
    assert_int_equal(o.al_gnt[0], 0);
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
    assert_int_equal(o.al_id[1], 2);       /* 0 is still allocated when the request is served */
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
                                   cmocka_unit_test(window_of_other_list),
                                   cmocka_unit_test(frees_and_reserves),
                                   cmocka_unit_test(from_preset)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
