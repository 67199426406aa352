/* Unit tests of the ccu_alloc C model (Malekeh Sec. 6): the grant classes in priority order,
 * the STHLD wait and its counter, flushes, the LRU among CCUs, has_data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/ccu_alloc.h"

static ccu_alloc_state_t s;
static ccu_alloc_in_t in;

static void setup_rule(unsigned rule)
{
    ccu_alloc_cfg_t c = {.num_ccus = 3, .num_warps = 8, .sthld_bits = 4, .sthld_counter = rule,
                         .num_reqs = 2};
    ccu_alloc_cfg_derive(&c);
    assert_int_equal(ccu_alloc_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

static void setup(void) { setup_rule(STHLD_CNT_NEAR); }

static ccu_alloc_out_t eval(void)
{
    ccu_alloc_out_t o;
    ccu_alloc_eval(&s, &in, &o);
    return o;
}

/* CCU k owned by warp w (holding a near value or not) */
static void own(unsigned k, unsigned w, unsigned near)
{
    in.ccu_valid[k] = 1;
    in.ccu_warp[k] = w;
    in.ccu_near[k] = near;
}

static void classes(void **st)
{
    (void)st;
    setup();
    in.req_valid[0] = 1;
    in.req_warp[0] = 5;
    own(0, 2, 1);
    own(1, 5, 1);
    ccu_alloc_out_t o = eval();
    assert_int_equal(o.grant_valid[0], 1); /* its own CCU, no flush */
    assert_int_equal(o.grant_ccu[0], 1);
    assert_int_equal(o.grant_class[0], CCU_GRANT_OWN);
    assert_int_equal(o.grant_flush[0], 0);
    in.ccu_busy[1] = 1;
    o = eval();
    assert_int_equal(o.grant_valid[0], 0); /* its own is busy: the warp waits */
    assert_int_equal(o.stall[0], CCU_STALL_OWN_BUSY);
    in.req_warp[0] = 6;
    o = eval();
    assert_int_equal(o.grant_ccu[0], 2); /* the empty one */
    assert_int_equal(o.grant_class[0], CCU_GRANT_EMPTY);
    own(2, 3, 0);
    o = eval();
    assert_int_equal(o.grant_ccu[0], 2); /* only far values */
    assert_int_equal(o.grant_class[0], CCU_GRANT_FAR);
    assert_int_equal(o.grant_flush[0], 1);
    in.ccu_busy[0] = in.ccu_busy[2] = 1;
    o = eval();
    assert_int_equal(o.stall[0], CCU_STALL_FULL);
    assert_int_equal(o.has_data[2] + o.has_data[3] + o.has_data[5], 3);
    assert_int_equal(o.has_data[6], 0);
}

/* only near CCUs free (CCU 2 busy), warp 7 asks */
static void near_only(unsigned rule, unsigned sthld)
{
    setup_rule(rule);
    own(0, 1, 1);
    own(1, 2, 1);
    own(2, 3, 1);
    in.ccu_busy[2] = 1;
    in.req_valid[0] = 1;
    in.req_warp[0] = 7;
    in.sthld = sthld;
}

/* cycles the request at the edge stalls for STHLD before a near CCU is granted */
static unsigned stalls_before_near(void)
{
    unsigned c = 0;
    while (eval().stall[0] == CCU_STALL_STHLD && c < 100) {
        ccu_alloc_tick(&s, &in);
        c++;
    }
    return c;
}

/* the paper's rule: replaced when the counter is higher than STHLD; only that replacement
 * resets it, so a grant of the warp's own CCU or a far one in between keeps the count */
static void sthld_wait_near(void **st)
{
    (void)st;
    near_only(STHLD_CNT_NEAR, 3);
    assert_int_equal(stalls_before_near(), 4);
    assert_int_equal(s.counter, 4);
    ccu_alloc_out_t o = eval();
    assert_int_equal(o.grant_class[0], CCU_GRANT_NEAR);
    assert_int_equal(o.grant_ccu[0], 1); /* ranks 0, 1 free: CCU 1 is least recently granted */
    assert_int_equal(o.grant_flush[0], 1);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.counter, 0);
    assert_int_equal(s.lru[1], 0);
    assert_int_equal(s.lru[0], 1);
    /* two stalls, then the warp's own CCU: the counter stays at 2 */
    in.ccu_warp[1] = 2;
    ccu_alloc_tick(&s, &in);
    ccu_alloc_tick(&s, &in);
    in.req_warp[0] = 2;
    assert_int_equal(eval().grant_class[0], CCU_GRANT_OWN);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.counter, 2);
    in.req_warp[0] = 7;
    assert_int_equal(stalls_before_near(), 2);
    /* STHLD 0 waits one cycle */
    near_only(STHLD_CNT_NEAR, 0);
    assert_int_equal(stalls_before_near(), 1);
}

/* sthld_counter grant: replaced once the counter has reached STHLD, every grant resets it */
static void sthld_wait_grant(void **st)
{
    (void)st;
    near_only(STHLD_CNT_GRANT, 3);
    assert_int_equal(stalls_before_near(), 3);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.counter, 0);
    in.ccu_warp[1] = 2;
    ccu_alloc_tick(&s, &in);
    ccu_alloc_tick(&s, &in);
    in.req_warp[0] = 2;
    ccu_alloc_tick(&s, &in); /* its own CCU: the counter restarts */
    assert_int_equal(s.counter, 0);
    in.req_warp[0] = 7;
    assert_int_equal(stalls_before_near(), 3);
    near_only(STHLD_CNT_GRANT, 0);
    assert_int_equal(stalls_before_near(), 0); /* STHLD 0 never waits */
}

/* the largest STHLD is passed, then granted: the counter is one bit wider than STHLD */
static void counter_passes_max_sthld(void **st)
{
    (void)st;
    near_only(STHLD_CNT_NEAR, 15);
    assert_int_equal(stalls_before_near(), 16);
    assert_int_equal(s.counter, 16);
}

/* two requests in one cycle: served in priority order (owns a CCU, then the older), each
 * seeing the earlier one's grant, counter and LRU */
static void pool_order(void **st)
{
    (void)st;
    setup();
    in.req_valid[0] = in.req_valid[1] = 1;
    in.req_warp[0] = 4, in.req_age[0] = 3; /* younger, owns no CCU */
    in.req_warp[1] = 5, in.req_age[1] = 1; /* older, owns no CCU */
    own(0, 1, 0);                          /* CCU 0: far, 1 and 2: empty */
    ccu_alloc_out_t o = eval();
    assert_int_equal(o.grant_ccu[1], 1);   /* the older takes the first empty CCU */
    assert_int_equal(o.grant_ccu[0], 2);   /* the younger the next */
    assert_int_equal(o.grant_class[0], CCU_GRANT_EMPTY);
    in.req_age[0] = 0;                     /* now the older */
    o = eval();
    assert_int_equal(o.grant_ccu[0], 1);
    assert_int_equal(o.grant_ccu[1], 2);
    /* a warp owning a CCU goes first even when younger: CCU 2 busy, one free CCU left besides
     * warp 1's own */
    in.ccu_busy[2] = 1;
    in.req_warp[0] = 4, in.req_age[0] = 0; /* older, owns none */
    in.req_warp[1] = 1, in.req_age[1] = 5; /* younger, owns CCU 0 */
    o = eval();
    assert_int_equal(o.grant_ccu[1], 0);
    assert_int_equal(o.grant_class[1], CCU_GRANT_OWN);
    assert_int_equal(o.grant_ccu[0], 1);
    assert_int_equal(o.grant_class[0], CCU_GRANT_EMPTY);
    /* a CCU an earlier request took is gone for the later ones: only CCU 0 (warp 1's, far) is
     * free; the older warp 4 takes it, and the younger warp 6 finds none */
    in.ccu_busy[1] = 1;
    in.req_warp[1] = 6, in.req_age[1] = 5;
    o = eval();
    assert_int_equal(o.grant_ccu[0], 0);   /* the older takes it, flushing warp 1's values */
    assert_int_equal(o.grant_flush[0], 1);
    assert_int_equal(o.grant_valid[1], 0); /* nothing left for the younger */
    assert_int_equal(o.stall[1], CCU_STALL_FULL);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.grants[CCU_GRANT_FAR], 1);
    assert_int_equal(s.stalls[CCU_STALL_FULL], 1);
}

/* the counter chains through a cycle's requests: two near-only waits count twice */
static void pool_counter(void **st)
{
    (void)st;
    near_only(STHLD_CNT_NEAR, 2);
    in.req_valid[1] = 1;
    in.req_warp[1] = 6;
    in.req_age[1] = 1;
    ccu_alloc_out_t o = eval();
    assert_int_equal(o.stall[0], CCU_STALL_STHLD);
    assert_int_equal(o.stall[1], CCU_STALL_STHLD);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.counter, 2);
    o = eval();                            /* the first sees 2 (not > 2), the second 3 */
    assert_int_equal(o.stall[0], CCU_STALL_STHLD);
    assert_int_equal(o.grant_class[1], CCU_GRANT_NEAR);
    ccu_alloc_tick(&s, &in);
    assert_int_equal(s.counter, 0);
}

/* inputs the SM never gives: a warp holding two CCUs is granted its highest; a request whose
 * warp has an earlier one this cycle waits (OWN_BUSY), owner or not, taking no CCU */
static void one_warp_twice(void **st)
{
    (void)st;
    setup();
    own(0, 3, 0);
    own(2, 3, 0);
    in.req_valid[0] = in.req_valid[1] = 1;
    in.req_warp[0] = in.req_warp[1] = 3;
    in.req_age[0] = 2, in.req_age[1] = 1;
    ccu_alloc_out_t o = eval();
    assert_int_equal(o.grant_ccu[1], 2);   /* the older: its warp's highest CCU */
    assert_int_equal(o.grant_class[1], CCU_GRANT_OWN);
    assert_int_equal(o.grant_valid[0], 0); /* the younger of one warp waits */
    assert_int_equal(o.stall[0], CCU_STALL_OWN_BUSY);
    memset(&in, 0, sizeof in);
    in.req_valid[0] = in.req_valid[1] = 1;
    in.req_warp[0] = in.req_warp[1] = 4;   /* owns none: the first takes an empty CCU */
    o = eval();
    assert_int_equal(o.grant_ccu[0], 0);
    assert_int_equal(o.grant_class[0], CCU_GRANT_EMPTY);
    assert_int_equal(o.grant_valid[1], 0);
    assert_int_equal(o.stall[1], CCU_STALL_OWN_BUSY);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(classes), cmocka_unit_test(sthld_wait_near),
                                   cmocka_unit_test(sthld_wait_grant),
                                   cmocka_unit_test(counter_passes_max_sthld),
                                   cmocka_unit_test(pool_order), cmocka_unit_test(pool_counter),
                                   cmocka_unit_test(one_warp_twice)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
