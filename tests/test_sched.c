/* Unit tests of the two-level scheduler's outer level (sim/core/sched.h): which warp a free
 * pool place takes under scheduler_outer age and round_robin, the join rules, the design's
 * filter, and the core's own pool (scheduler two_level, a design without own_pool) refilled in
 * that order and ordered by scheduler_inner. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "core/core.h"
#include "core/sched.h"

#define NW 6

static sm_t sm;
static subcore_t sc;
static warp_t w[NW];
static unsigned pool[NW];
static const design_ops_t core_pool = {.own_pool = 0};

/* one sub-core of NW warps, all ready; warp l launched at age ages[l] */
static void setup(unsigned outer, unsigned inner, const unsigned ages[NW])
{
    memset(&sm, 0, sizeof sm);
    memset(&sc, 0, sizeof sc);
    memset(w, 0, sizeof w);
    sm.c.schedulers = 1;
    sm.c.warp_slots = NW;
    sm.c.active_pool = 2;
    sm.c.scheduler = SCHED_TWO_LEVEL;
    sm.c.scheduler_inner = inner;
    sm.c.scheduler_outer = outer;
    sm.d = &core_pool;
    sm.sc = &sc;
    sm.w = w;
    sc.pool = pool;
    sc.last_issued = ~0u;
    for (unsigned l = 0; l < NW; l++)
        w[l] = (warp_t){.used = 1, .active = 1, .local = l, .age = ages[l]};
}

static const unsigned young_first[NW] = {50, 40, 30, 20, 10, 0};

static void age_takes_oldest(void **st)
{
    (void)st;
    setup(OUTER_AGE, SCHED_LRR, young_first);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 5);
    sched_pool_joined(&sm, 0, 5);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 5); /* the caller decides who is in */
    w[5].at_barrier = 1;
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 4);
}

static void round_robin_rotates(void **st)
{
    (void)st;
    setup(OUTER_ROUND_ROBIN, SCHED_LRR, young_first);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 0);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 0); /* no change without a join */
    sched_pool_joined(&sm, 0, 0);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 1);
    sched_pool_joined(&sm, 0, 4);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 5);
    sched_pool_joined(&sm, 0, 5);
    assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 0); /* wraps */
}

/* not resident, not launched, done, at a barrier, waiting on a long load: none joins */
static void join_rules(void **st)
{
    (void)st;
    for (unsigned outer = OUTER_AGE; outer <= OUTER_ROUND_ROBIN; outer++) {
        setup(outer, SCHED_LRR, young_first);
        static const inst_t uses_r7 = {.nsrc = 1, .src = {7}};
        static const warp_trace_t tr = {.v = (inst_t *)&uses_r7, .n = 1};
        w[0].used = 0;
        w[1].active = 0;
        w[2].done_issuing = 1;
        w[3].at_barrier = 1;
        w[4].tr = &tr, w[4].long_pending = 1, w[4].long_w[7] = 1;
        assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 5);
        w[5].at_barrier = 1;
        assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), ~0u);
        w[4].long_w[7] = 0; /* the load returned */
        assert_int_equal(sched_pool_next(&sm, 0, NULL, NULL), 4);
    }
}

static int even_only(const sm_t *s, unsigned g, const void *ctx)
{
    (void)s;
    return g % 2 == 0 && g != *(const unsigned *)ctx;
}

static void design_filter(void **st)
{
    (void)st;
    const unsigned not4 = 4;
    setup(OUTER_AGE, SCHED_LRR, young_first);
    assert_int_equal(sched_pool_next(&sm, 0, even_only, &not4), 2);
    setup(OUTER_ROUND_ROBIN, SCHED_LRR, young_first);
    sched_pool_joined(&sm, 0, 2);
    assert_int_equal(sched_pool_next(&sm, 0, even_only, &not4), 0);
}

/* the core's pool: two places; the issue order holds only pool members */
static unsigned order(unsigned *out) { return sched_table[SCHED_TWO_LEVEL].order(&sm, 0, out); }

static void core_pool_refill(void **st)
{
    (void)st;
    unsigned out[NW];
    setup(OUTER_AGE, SCHED_GTO, young_first);
    assert_int_equal(order(out), 2);
    assert_int_equal(out[0], 5); /* gto: oldest first, none issued yet */
    assert_int_equal(out[1], 4);
    w[5].at_barrier = 1; /* leaves; the oldest waiting warp takes its place */
    assert_int_equal(order(out), 2);
    assert_int_equal(out[0], 4);
    assert_int_equal(out[1], 3);

    setup(OUTER_ROUND_ROBIN, SCHED_GTO, young_first);
    assert_int_equal(order(out), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 0);
    w[0].at_barrier = 1; /* the next after warp 1 in slot order joins */
    assert_int_equal(order(out), 2);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 1);
    w[0].at_barrier = 0; /* back, but after warps 3 .. 5 in the rotation */
    w[1].done_issuing = 1;
    assert_int_equal(order(out), 2);
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 2);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(age_takes_oldest), cmocka_unit_test(round_robin_rotates),
        cmocka_unit_test(join_rules),       cmocka_unit_test(design_filter),
        cmocka_unit_test(core_pool_refill),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
