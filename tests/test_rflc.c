/* Unit tests of the rflc C model (Jeon and Annavaram Sec. 6.2): a miss then a fill then a
 * hit with the flags, an invalid entry filled first, the LRU victim among entries no warp
 * needs (in use one edge late), no victim with a touch pending, no fill while every entry is
 * in use, a refill of a cached tag, the configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rflc.h"

static rflc_state_t s;
static rflc_in_t in;

/* 3 entries, 4 warps, pirs of 18 instructions */
static void setup(void)
{
    rflc_cfg_t c = {.entries = 3, .num_warps = 4, .span = 18};
    rflc_cfg_derive(&c);
    assert_int_equal(rflc_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

static rflc_out_t edge(void)
{
    rflc_out_t o;
    rflc_eval(&s, &in, &o);
    rflc_tick(&s, &in);
    in.lk_valid = in.fill_valid = 0;
    return o;
}

static rflc_out_t fill(unsigned tag, uint32_t lo)
{
    in.fill_valid = 1;
    in.fill_tag = tag;
    in.fill_lo = lo;
    in.fill_hi = 0x3fffff;
    return edge();
}

static rflc_out_t lookup(unsigned tag)
{
    in.lk_valid = 1;
    in.lk_tag = tag;
    return edge();
}

static void miss_fill_hit(void **st)
{
    (void)st;
    setup();
    rflc_out_t o = lookup(36);
    assert_int_equal(o.lk_hit, 0);
    o = fill(36, 0xabcd);
    assert_int_equal(o.fill_ok, 1);
    assert_int_equal(o.fill_slot, 0);
    o = lookup(36);
    assert_int_equal(o.lk_hit, 1);
    assert_int_equal(o.lk_lo, 0xabcd);
    assert_int_equal(o.lk_hi, 0x3fffff);
    assert_int_equal(s.hits, 1);
    assert_int_equal(s.misses, 1);
    assert_int_equal(fill(54, 1).fill_slot, 1); /* the next invalid entry */
    assert_int_equal(fill(36, 2).fill_slot, 0); /* a cached tag is refreshed in place */
    assert_int_equal(lookup(36).lk_lo, 2);
}

/* full: the least recently used entry no warp's next instruction lies in; the in-use test
 * is registered, so it shows a warp's next instruction one edge later */
static void victim(void **st)
{
    (void)st;
    setup();
    fill(0, 0), fill(18, 1), fill(36, 2); /* ranks: 36 newest, 0 oldest */
    in.warp_valid[2] = 1;
    in.warp_next[2] = 17;                 /* inside entry 0's span [0, 18) */
    assert_int_equal(edge().in_use[0], 0);
    rflc_out_t o = fill(54, 3);
    assert_int_equal(o.in_use[0], 1);
    assert_int_equal(o.in_use[1], 0);
    assert_int_equal(o.fill_slot, 1);     /* entry 1 (tag 18): the oldest not in use */
    lookup(36);                           /* entry 2 becomes the newest */
    in.warp_next[2] = 18 * 3 + 5;         /* inside entry 1's new span (tag 54) */
    edge();
    o = fill(72, 4);
    assert_int_equal(o.in_use[1], 1);
    assert_int_equal(o.fill_slot, 0);     /* entry 0 is free again and the oldest */
}

/* a fill right after another: the ranks do not yet show the last fill's touch (entry 2 is
 * still ranked oldest), so an entry with a touch pending is never the victim */
static void pending_not_victim(void **st)
{
    (void)st;
    setup();
    fill(0, 0), fill(18, 1), fill(36, 2);
    assert_int_equal(s.lru[2], 2);
    assert_int_equal(fill(54, 3).fill_slot, 0);
    lookup(18);                           /* entry 1 hit: its touch is pending */
    rflc_out_t o = fill(72, 4);
    assert_int_equal(o.fill_ok, 1);
    assert_int_equal(o.fill_slot, 2);     /* not entry 1, though its rank is the oldest */
    edge();
    assert_int_equal(s.lru[2], 0);        /* the fill's touch, one edge later */
    assert_int_equal(s.lru[1], 1);
}

/* every entry in use: the pir is used once, not cached */
static void all_in_use(void **st)
{
    (void)st;
    setup();
    fill(0, 0), fill(18, 1), fill(36, 2);
    for (unsigned w = 0; w < 3; w++)
        in.warp_valid[w] = 1, in.warp_next[w] = 18 * w + 3;
    edge();
    rflc_out_t o = fill(90, 9);
    assert_int_equal(o.fill_ok, 0);
    assert_int_equal(s.bypassed, 1);
    assert_int_equal(lookup(90).lk_hit, 0);
}

/* a new kernel: flush invalidates every entry, and a fill in that cycle is dropped */
static void flush_invalidates(void **st)
{
    (void)st;
    setup();
    fill(0, 5), fill(18, 6);
    in.flush = 1;
    rflc_out_t o = fill(36, 7);
    assert_int_equal(o.fill_ok, 1);
    in.flush = 0;
    for (unsigned t = 0; t <= 36; t += 18)
        assert_int_equal(lookup(t).lk_hit, 0);
    assert_int_equal(s.fills, 2);
    assert_int_equal(fill(0, 8).fill_slot, 0);
    assert_int_equal(lookup(0).lk_lo, 8);
}

/* Entries: the preset's rflc_entries shared out to the sub-cores */
static void from_preset(void **st)
{
    (void)st;
    sm_cfg_t sm = {0};
    sm.schedulers = 4, sm.warp_slots = 64, sm.rflc_entries = 64, sm.rn_pir_slots = 18;
    rflc_cfg_t c;
    rflc_cfg_from_sm(&sm, &c);
    assert_int_equal(c.entries, 16);
    assert_int_equal(c.num_warps, 16);
    assert_int_equal(c.span, 18);
    assert_int_equal(c.slot_bits, 4);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(miss_fill_hit), cmocka_unit_test(victim),
                                   cmocka_unit_test(pending_not_victim),
                                   cmocka_unit_test(all_in_use), cmocka_unit_test(flush_invalidates),
                                   cmocka_unit_test(from_preset)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
