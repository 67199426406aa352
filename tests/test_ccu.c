/* Unit tests of the ccu C model (Malekeh Secs. 3.2, 4.1, 4.2): each allocation step (flush,
 * lookup, miss allocation, lock, near bits, LRU, OCT, ready on hit, requests), the victim
 * order, the write policy and the port R. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/ccu.h"

static ccu_state_t s;
static ccu_in_t in;

static void setup_bits(unsigned slots, unsigned wb, unsigned dports, unsigned near_bits)
{
    ccu_cfg_t c = {.lanes = 2, .max_srcs = 3, .num_warps = 8, .arch_regs = 64, .slots = slots,
                   .wb_ports = wb, .dports = dports, .lfsr_seed = 1, .near_bits = near_bits};
    ccu_cfg_derive(&c);
    assert_int_equal(ccu_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

static void setup(unsigned slots, unsigned wb, unsigned dports) { setup_bits(slots, wb, dports, 1); }

static ccu_out_t step(void)
{
    ccu_out_t o;
    ccu_eval(&s, &in, &o);
    ccu_tick(&s, &in);
    memset(&in, 0, sizeof in);
    return o;
}

static ccu_out_t peek(void)
{
    ccu_out_t o;
    ccu_eval(&s, &in, &o);
    return o;
}

/* allocate warp w with sources r[0..n) (near hints h), deliver every missed operand with
 * value 100 + register, dispatch */
static void run(unsigned w, unsigned n, const unsigned *r, const unsigned *h)
{
    in.alloc_valid = 1;
    in.alloc_warp = w;
    for (unsigned i = 0; i < n; i++) {
        in.alloc_src_valid[i] = 1;
        in.alloc_src[i] = r[i];
        in.alloc_near[i] = h ? h[i] : 0;
    }
    step();
    ccu_out_t o = peek();
    for (unsigned i = 0; i < n; i++)
        if (o.rd_valid[i]) {
            in.rsp_valid[i] = 1;
            in.rsp_data[i][0] = 100 + o.rd_reg[i];
        }
    step();
    o = peek();
    assert_int_equal(o.disp_valid, 1);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(o.disp_data[i][0], 100 + r[i]);
    in.disp_ready = 1;
    step();
    assert_int_equal(peek().busy, 0);
}

static int entry_of(unsigned reg)
{
    for (unsigned e = 0; e < s.c.slots; e++)
        if (s.valid[e] && s.tag[e] == reg)
            return (int)e;
    return -1;
}

/* a second instruction of the warp finds its registers: no requests, ready at once */
static void hit_after_miss(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[2] = {5, 6};
    run(2, 2, r, NULL);
    assert_int_equal(s.misses, 2);
    in.alloc_valid = 1;
    in.alloc_warp = 2;
    in.alloc_src_valid[0] = in.alloc_src_valid[1] = 1;
    in.alloc_src[0] = 6;
    in.alloc_src[1] = 5;
    step();
    ccu_out_t o = peek();
    assert_int_equal(o.rd_valid[0] | o.rd_valid[1], 0);
    assert_int_equal(o.disp_valid, 1);
    assert_int_equal(o.disp_data[0][0], 106);
    assert_int_equal(s.hits, 2);
}

/* a repeated register takes one entry, one request, and fills both slots */
static void repeated_register_shares_entry(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[3] = {7, 8, 7};
    run(1, 3, r, NULL);
    assert_int_equal(s.misses, 2);
    assert_int_equal(s.dup_reads_saved, 1);
    assert_int_equal(s.idx[0], s.idx[2]);
}

/* a new warp flushes: nothing hits, the port R names the new warp */
static void flush_on_new_warp(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[1] = {5};
    run(2, 1, r, NULL);
    run(3, 1, r, NULL);
    assert_int_equal(s.hits, 0);
    assert_int_equal(s.flushes, 1);
    ccu_out_t o = peek();
    assert_int_equal(o.r_valid, 1);
    assert_int_equal(o.r_warp, 3);
}

/* locks hold from allocation to dispatch; near bits follow the hints; the LRU order */
static void lock_near_lru(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[2] = {1, 2}, h[2] = {1, 0};
    in.alloc_valid = 1;
    in.alloc_warp = 0;
    for (unsigned i = 0; i < 2; i++) {
        in.alloc_src_valid[i] = 1;
        in.alloc_src[i] = r[i];
        in.alloc_near[i] = h[i];
    }
    step();
    in.rsp_valid[0] = in.rsp_valid[1] = 1;
    step();
    int e1 = entry_of(1), e2 = entry_of(2);
    assert_true(e1 >= 0 && e2 >= 0);
    assert_int_equal(s.lock[e1] & s.lock[e2], 1);
    assert_int_equal(s.near[e1], 1);
    assert_int_equal(s.near[e2], 0);
    assert_int_equal(s.lru[e2], 0); /* touched last: most recent */
    assert_int_equal(s.lru[e1], 1);
    ccu_out_t o = peek();
    assert_int_equal(o.r_near, 1);
    in.disp_ready = 1;
    step();
    assert_int_equal(s.lock[e1] | s.lock[e2], 0);
}

/* victims: invalid entries first; then a far unlocked one; only when all are near, the LRU */
static void victim_order(void **st)
{
    (void)st;
    setup(3, 1, 1);
    unsigned a[3] = {1, 2, 3}, near[3] = {1, 1, 0};
    run(0, 3, a, near);
    /* entries: R1 near, R2 near, R3 far; R4 must replace R3 (the only far entry) */
    int far = entry_of(3);
    unsigned b[1] = {4}, nb[1] = {1};
    run(0, 1, b, nb);
    assert_int_equal(entry_of(3), -1);
    assert_int_equal(entry_of(4), far);
    /* all near now: R5 replaces the least recently used, R1 */
    int lru = entry_of(1);
    unsigned c[1] = {5};
    run(0, 1, c, nb);
    assert_int_equal(entry_of(1), -1);
    assert_int_equal(entry_of(5), lru);
}

/* every source is looked up before a miss takes a victim (Sec. 3.2, steps 3-4): the miss of
 * slot 0 does not take the far entry slot 1 hits, but the least recently used near one */
static void miss_spares_later_hit(void **st)
{
    (void)st;
    setup(3, 1, 1);
    unsigned a[3] = {1, 2, 3}, near[3] = {0, 1, 1};
    run(0, 3, a, near);
    const int e1 = entry_of(1), e2 = entry_of(2);
    const uint64_t hits = s.hits, misses = s.misses;
    unsigned b[2] = {4, 1}, nb[2] = {1, 1};
    run(0, 2, b, nb);
    assert_int_equal(s.hits - hits, 1);
    assert_int_equal(s.misses - misses, 1);
    assert_int_equal(entry_of(1), e1);
    assert_int_equal(entry_of(2), -1);
    assert_int_equal(entry_of(4), e2);
}

/* near writes are kept (one per cycle: the first port wins); far writes invalidate a hit */
static void write_policy(void **st)
{
    (void)st;
    setup(4, 2, 1);
    unsigned r[1] = {9};
    run(4, 1, r, NULL);
    in.wr_valid[0] = in.wr_valid[1] = 1;
    in.wr_warp[0] = in.wr_warp[1] = 4;
    in.wr_reg[0] = 10;
    in.wr_reg[1] = 11;
    in.wr_near[0] = in.wr_near[1] = 1;
    in.wr_data[0][0] = 0xa;
    in.wr_data[1][0] = 0xb;
    step();
    assert_true(entry_of(10) >= 0);
    assert_int_equal(entry_of(11), -1);
    assert_int_equal(s.wr_kept, 1);
    assert_int_equal(s.wr_dropped_port, 1);
    assert_int_equal(s.data[entry_of(10)][0], 0xa);
    /* a far write of a cached register invalidates it */
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 4;
    in.wr_reg[0] = 9;
    step();
    assert_int_equal(entry_of(9), -1);
    assert_int_equal(s.wr_invalidated, 1);
    /* another warp's writes leave the CCU alone */
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 5;
    in.wr_reg[0] = 10;
    step();
    assert_true(entry_of(10) >= 0);
    /* a later read of the kept value hits and reads the written data */
    in.alloc_valid = 1;
    in.alloc_warp = 4;
    in.alloc_src_valid[0] = 1;
    in.alloc_src[0] = 10;
    step();
    ccu_out_t o = peek();
    assert_int_equal(o.disp_valid, 1);
    assert_int_equal(o.disp_data[0][0], 0xa);
}

/* a flush at an edge beats a write of the old warp at the same edge */
static void flush_beats_write(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[1] = {9};
    run(4, 1, r, NULL);
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 4;
    in.wr_reg[0] = 12;
    in.wr_near[0] = 1;
    in.alloc_valid = 1;
    in.alloc_warp = 6;
    in.alloc_src_valid[0] = 1;
    in.alloc_src[0] = 12;
    step();
    assert_int_equal(s.hits, 0);
    assert_int_equal(peek().rd_valid[0], 1);
}

/* the LFSR steps every edge from its seed and never reaches zero */
/* a release of the owner's slot empties the CCU (the next warp in the slot misses); a release
 * of another slot leaves it alone */
static void release_of_slot(void **st)
{
    (void)st;
    setup(4, 1, 1);
    const unsigned r[2] = {5, 6}, h[2] = {1, 1};
    run(2, 2, r, h);
    in.rel_valid = 1;
    in.rel_warp = 3;
    step();
    ccu_out_t o = peek();
    assert_int_equal(o.r_valid, 1);
    assert_int_equal(o.r_near, 1);
    assert_true(entry_of(5) >= 0);
    in.rel_valid = 1;
    in.rel_warp = 2;
    step();
    o = peek();
    assert_int_equal(o.r_valid, 0);
    assert_int_equal(o.r_near, 0);
    assert_int_equal(entry_of(5), -1);
    assert_int_equal(entry_of(6), -1);
    assert_int_equal(s.releases, 1);
    uint64_t misses = s.misses, flushes = s.flushes;
    run(2, 2, r, h);
    assert_int_equal(s.misses, misses + 2);
    assert_int_equal(s.flushes, flushes);
}

/* Slots = MaxSrcs with every entry locked by the instruction: a near write that misses has no
 * victim; it is not kept and the locked entries keep their registers */
static void write_with_every_entry_locked(void **st)
{
    (void)st;
    setup(3, 1, 1);
    in.alloc_valid = 1;
    in.alloc_warp = 1;
    for (unsigned i = 0; i < 3; i++) {
        in.alloc_src_valid[i] = 1;
        in.alloc_src[i] = 10 + i;
    }
    step();
    step();
    assert_int_equal(ccu_victim(&s), 3);
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 1;
    in.wr_reg[0] = 20;
    in.wr_near[0] = 1;
    step();
    assert_int_equal(s.wr_kept, 0);
    assert_int_equal(s.wr_dropped_locked, 1);
    for (unsigned r = 10; r < 13; r++)
        assert_true(entry_of(r) >= 0);
    assert_int_equal(entry_of(20), -1);
}

/* the misses wait one edge for their entries, requested by register at once; a near write
 * of that edge that misses takes the victim after theirs, and touches after them */
static void placement_edge(void **st)
{
    (void)st;
    setup(4, 1, 1);
    in.alloc_valid = 1;
    in.alloc_warp = 1;
    in.alloc_src_valid[0] = in.alloc_src_valid[1] = 1;
    in.alloc_src[0] = 10;
    in.alloc_src[1] = 11;
    step();
    ccu_out_t o = peek();
    assert_int_equal(s.wait[0] & s.wait[1], 1);
    assert_int_equal(entry_of(10), -1);
    assert_int_equal(o.rd_valid[0] & o.rd_valid[1], 1);
    assert_int_equal(o.rd_reg[0], 10);
    assert_int_equal(o.rd_reg[1], 11);
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 1;
    in.wr_reg[0] = 20;
    in.wr_near[0] = 1;
    step();
    assert_int_equal(s.wait[0] | s.wait[1], 0);
    assert_int_equal(entry_of(10), 0);
    assert_int_equal(entry_of(11), 1);
    assert_int_equal(entry_of(20), 2);
    assert_int_equal(s.lock[0] & s.lock[1], 1);
    assert_int_equal(s.lock[2], 0);
    assert_int_equal(s.lru[2], 0);
    assert_int_equal(s.lru[1], 1);
    assert_int_equal(s.lru[0], 2);
}

/* the placement follows the victim order as the allocation edge began and skips the entry
 * a write of that edge kept */
static void placement_skips_kept_write(void **st)
{
    (void)st;
    setup(4, 1, 1);
    unsigned r[1] = {5};
    run(1, 1, r, NULL);
    assert_int_equal(entry_of(5), 0);
    in.alloc_valid = 1;
    in.alloc_warp = 1;
    in.alloc_src_valid[0] = 1;
    in.alloc_src[0] = 10;
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 1;
    in.wr_reg[0] = 20;
    in.wr_near[0] = 1;
    step();
    assert_int_equal(entry_of(20), 1);
    step();
    assert_int_equal(entry_of(20), 1);
    assert_int_equal(entry_of(10), 2);
}

/* the precise variant (3-bit closeness): the victim is the unlocked entry reused last (the
 * smallest closeness), the least recently used among equals; a repeated register keeps the
 * largest closeness; a write keeps its closeness */
static void precise_victim(void **st)
{
    (void)st;
    setup_bits(4, 1, 1, 3);
    const unsigned r[3] = {1, 2, 3}, h[3] = {5, 2, 7};
    run(1, 3, r, h); /* entries 0..2: closeness 5, 2, 7 */
    const unsigned r2[1] = {4}, h2[1] = {2};
    run(1, 1, r2, h2); /* the invalid entry 3 */
    assert_int_equal(entry_of(4), 3);
    /* entries 1 (R2) and 3 (R4) are equally close (2): R2 was used before R4 */
    assert_int_equal(ccu_victim(&s), entry_of(2));
    const unsigned r3[2] = {5, 5}, h3[2] = {1, 6};
    run(1, 2, r3, h3);
    assert_int_equal(entry_of(2), -1);
    assert_int_equal(s.near[entry_of(5)], 6);
    assert_int_equal(ccu_victim(&s), entry_of(4));
    in.wr_valid[0] = 1;
    in.wr_warp[0] = 1;
    in.wr_reg[0] = 9;
    in.wr_near[0] = 4;
    step();
    assert_int_equal(entry_of(9), 3);
    assert_int_equal(s.near[3], 4);
    assert_int_equal(ccu_victim(&s), entry_of(9)); /* closeness 4 < 5, 6, 7 */
}

static void lfsr_steps(void **st)
{
    (void)st;
    setup(4, 1, 1);
    uint16_t first = s.lfsr;
    unsigned period = 0;
    do {
        step();
        period++;
        assert_int_not_equal(s.lfsr, 0);
    } while (s.lfsr != first && period < 70000);
    assert_int_equal(period, 65535);
}

/* configurations the block cannot hold are refused */
static void bad_config(void **st)
{
    (void)st;
    ccu_cfg_t c = {.lanes = 2, .max_srcs = 6, .num_warps = 8, .arch_regs = 64, .slots = 4,
                   .wb_ports = 1, .dports = 1, .lfsr_seed = 1, .near_bits = 1};
    ccu_cfg_derive(&c);
    assert_int_equal(ccu_init(&s, &c), -1);
    c.slots = 8;
    c.lfsr_seed = 0;
    assert_int_equal(ccu_init(&s, &c), -1);
    c.lfsr_seed = 1;
    c.near_bits = 9;
    assert_int_equal(ccu_init(&s, &c), -1);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(hit_after_miss),      cmocka_unit_test(repeated_register_shares_entry),
        cmocka_unit_test(flush_on_new_warp),   cmocka_unit_test(lock_near_lru),
        cmocka_unit_test(victim_order),        cmocka_unit_test(miss_spares_later_hit),
        cmocka_unit_test(write_policy),
        cmocka_unit_test(flush_beats_write),   cmocka_unit_test(lfsr_steps),
        cmocka_unit_test(release_of_slot),
        cmocka_unit_test(write_with_every_entry_locked),
        cmocka_unit_test(placement_edge),
        cmocka_unit_test(placement_skips_kept_write),
        cmocka_unit_test(precise_victim),
        cmocka_unit_test(bad_config),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
