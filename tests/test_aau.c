/* Unit tests of the aau C model (LTRF Sec. 4.2, Fig. 8): allocation order, release to the
 * tail, release-all, same-cycle alloc and release, wrap-around with a non-power-of-two size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/aau.h"

static aau_state_t s;

static void setup(unsigned entries)
{
    aau_cfg_t c = {.entries = entries, .alloc_ports = 1};
    aau_cfg_derive(&c);
    assert_int_equal(aau_init(&s, &c), 0);
}

static aau_out_t step(int alloc, int rel, unsigned id, int rel_all)
{
    aau_in_t in;
    aau_out_t o;
    memset(&in, 0, sizeof in);
    in.alloc_valid[0] = (uint32_t)alloc;
    in.rel_valid = (uint32_t)rel;
    in.rel_id = id;
    in.rel_all = (uint32_t)rel_all;
    aau_eval(&s, &in, &o);
    aau_tick(&s, &in);
    return o;
}

static aau_out_t peek(void)
{
    aau_in_t in;
    aau_out_t o;
    memset(&in, 0, sizeof in);
    aau_eval(&s, &in, &o);
    return o;
}

/* after reset every id is unused and allocations come out in order 0..N-1 */
static void allocates_in_order_until_empty(void **st)
{
    (void)st;
    const unsigned n = 16;
    setup(n);
    for (unsigned i = 0; i < n; i++) {
        aau_out_t o = step(1, 0, 0, 0);
        assert_int_equal(o.avail, 1);
        assert_int_equal(o.head[0], i);
        assert_int_equal(o.free_count, n - i);
    }
    aau_out_t o = peek();
    assert_int_equal(o.avail, 0);
    assert_int_equal(o.free_count, 0);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(o.occupied[i], 1);
    step(1, 0, 0, 0); /* alloc while empty is not honoured */
    assert_int_equal(s.allocs, n);
}

/* a released id goes to the tail: it comes back only after the ids already unused */
static void release_goes_to_tail(void **st)
{
    (void)st;
    const unsigned n = 4;
    setup(n);
    step(1, 0, 0, 0); /* takes 0 */
    step(1, 0, 0, 0); /* takes 1 */
    step(0, 1, 0, 0); /* 0 back to the tail: unused = 2 3 0 */
    unsigned want[3] = {2, 3, 0};
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(step(1, 0, 0, 0).head[0], want[i]);
    assert_int_equal(peek().avail, 0);
}

/* releasing an id that is not occupied changes nothing */
static void release_of_free_id_ignored(void **st)
{
    (void)st;
    setup(8);
    step(0, 1, 5, 0);
    aau_out_t o = peek();
    assert_int_equal(o.free_count, 8);
    assert_int_equal(s.releases, 0);
}

/* alloc and release in one cycle both happen; rel_all overrides both */
static void same_cycle_and_release_all(void **st)
{
    (void)st;
    const unsigned n = 8;
    setup(n);
    for (unsigned i = 0; i < n; i++)
        step(1, 0, 0, 0);
    step(0, 1, 3, 0);          /* unused = 3 */
    aau_out_t o = step(1, 1, 6, 0); /* takes 3, returns 6 */
    assert_int_equal(o.head[0], 3);
    o = peek();
    assert_int_equal(o.free_count, 1);
    assert_int_equal(o.head[0], 6);
    assert_int_equal(o.occupied[3], 1);
    assert_int_equal(o.occupied[6], 0);
    step(1, 1, 2, 1);
    o = peek();
    assert_int_equal(o.free_count, n);
    assert_int_equal(o.head[0], 0);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(o.occupied[i], 0);
}

/* with 5 entries head and tail wrap at 5, not at a power of two */
static void wraps_at_entries(void **st)
{
    (void)st;
    const unsigned n = 5;
    setup(n);
    for (unsigned round = 0; round < 3 * n; round++) {
        aau_out_t o = step(1, 0, 0, 0);
        assert_true(o.head[0] < n);
        step(0, 1, o.head[0], 0);
        assert_int_equal(peek().free_count, n);
    }
    /* each id cycled through the tail in order */
    assert_int_equal(peek().head[0], (3 * n) % n);
}

static void rejects_bad_size(void **st)
{
    (void)st;
    aau_cfg_t c = {.entries = AAU_MAX_ENTRIES + 1};
    aau_cfg_derive(&c);
    assert_int_equal(aau_init(&s, &c), -1);
}

/* with three allocation ports the asking ports take the next ids in queue order, as many as
 * are free */
static void allocates_several_a_cycle(void **st)
{
    (void)st;
    aau_cfg_t c = {.entries = 5, .alloc_ports = 3};
    aau_cfg_derive(&c);
    assert_int_equal(aau_init(&s, &c), 0);
    aau_in_t in;
    aau_out_t o;
    memset(&in, 0, sizeof in);
    in.alloc_valid[0] = in.alloc_valid[1] = in.alloc_valid[2] = 1;
    aau_eval(&s, &in, &o);
    assert_int_equal(o.head[0], 0);
    assert_int_equal(o.head[2], 2);
    aau_tick(&s, &in);
    aau_eval(&s, &in, &o);
    assert_int_equal(o.free_count, 2);
    assert_int_equal(o.head[0], 3);
    aau_tick(&s, &in); /* asks three, two are free */
    aau_eval(&s, &in, &o);
    assert_int_equal(o.free_count, 0);
    assert_int_equal(s.allocs, 5);
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(o.occupied[i], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(allocates_in_order_until_empty), cmocka_unit_test(release_goes_to_tail),
        cmocka_unit_test(allocates_several_a_cycle),
        cmocka_unit_test(release_of_free_id_ignored), cmocka_unit_test(same_cycle_and_release_all),
        cmocka_unit_test(wraps_at_entries), cmocka_unit_test(rejects_bad_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
