/* Unit tests of the rc C model (Bailey et al. Sec. III-A2): write allocation and a hit the next
 * cycle, no read allocation, the LRU victim and a hit's touch, a dirty victim on the eviction
 * port, last-use invalidation, partial-mask writes, the set index (both rules, sets not a power
 * of two), warp-invalidate, the per-warp partition and its flush, the same-cycle order, the
 * write step's parallel rules, and the configuration from a preset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/rc.h"

static rc_state_t s;
static rc_in_t in;
static rc_out_t o;

/* 2 lanes, `lines` lines of 2 ways, 8 warps, 16 registers, a pool of 2, 2 read and 2 write
 * ports */
static void setup(unsigned lines, unsigned index, unsigned partition)
{
    rc_cfg_t c = {.lanes = 2, .lines = lines, .ways = 2, .num_warps = 8, .arch_regs = 16,
                  .pool = 2, .rports = 2, .wports = 2, .index = index, .partition = partition};
    rc_cfg_derive(&c);
    assert_int_equal(rc_init(&s, &c), 0);
    memset(&in, 0, sizeof in);
}

/* one clock edge; the outputs seen in that cycle are in o; inputs cleared after */
static void edge(void)
{
    rc_eval(&s, &in, &o);
    rc_tick(&s, &in);
    memset(&in, 0, sizeof in);
}

/* the outputs of the state the last edge left */
static void look(void) { rc_eval(&s, &in, &o); }

static void rd(unsigned p, unsigned warp, unsigned reg, unsigned last)
{
    in.rd_valid[p] = 1, in.rd_warp[p] = warp, in.rd_reg[p] = reg, in.rd_last[p] = last;
}

static void wr(unsigned k, unsigned warp, unsigned reg, uint32_t v, uint32_t mask)
{
    in.wr_valid[k] = 1, in.wr_warp[k] = warp, in.wr_reg[k] = reg, in.wr_mask[k] = mask;
    in.wr_data[k][0] = v, in.wr_data[k][1] = v + 1;
}

/* the line holding (warp, reg), or -1 */
static int line_of(unsigned warp, unsigned reg)
{
    for (unsigned l = 0; l < s.c.lines; l++)
        if (s.valid[l] && s.warp[l] == warp && s.reg[l] == reg)
            return (int)l;
    return -1;
}

static void write_then_hit(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    rd(0, 1, 3, 0);
    edge();
    look();
    assert_int_equal(o.rsp_valid[0], 1);
    assert_int_equal(o.rsp_hit[0], 0);
    assert_int_equal(line_of(1, 3), -1); /* no read allocation */
    wr(0, 1, 3, 100, 3);
    edge();
    assert_int_equal(o.wr_done[0], 1);
    /* set (3 + 1) mod 4 = 0: lines 0 and 1; the first invalid way */
    assert_int_equal(line_of(1, 3), 0);
    assert_int_equal(s.dirty[0], 1);
    rd(1, 1, 3, 0);
    edge();
    look();
    assert_int_equal(o.rsp_hit[1], 1);
    assert_int_equal(o.rsp_data[1][0], 100);
    assert_int_equal(o.rsp_data[1][1], 101);
    assert_int_equal(s.read_hits, 1);
    assert_int_equal(s.read_misses, 1);
    assert_int_equal(s.tag_checks, 3);
}

/* (1,3), (2,2), (0,4) all index set 0: the third evicts the least recently used, and a read
 * hit in between decides which one that is */
static void lru_victim_and_eviction(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 3);
    edge();
    wr(0, 2, 2, 20, 3);
    edge();
    rd(0, 1, 3, 0); /* (1,3) becomes the most recent: (2,2) is the victim */
    edge();
    wr(1, 0, 4, 30, 3);
    edge();
    assert_int_equal(line_of(2, 2), -1);
    assert_int_equal(line_of(1, 3), 0);
    assert_int_equal(line_of(0, 4), 1);
    look();
    assert_int_equal(o.ev_valid[1], 1);
    assert_int_equal(o.ev_valid[0], 0);
    assert_int_equal(o.ev_warp[1], 2);
    assert_int_equal(o.ev_reg[1], 2);
    assert_int_equal(o.ev_data[1][0], 20);
    assert_int_equal(s.evictions, 1);
    edge();
    look();
    assert_int_equal(o.ev_valid[1], 0); /* one cycle only */
}

static void last_use_invalidates(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 3);
    edge();
    rd(0, 1, 3, 1);
    edge();
    look();
    assert_int_equal(o.rsp_hit[0], 1);
    assert_int_equal(o.rsp_data[0][0], 10);
    assert_int_equal(line_of(1, 3), -1);
    assert_int_equal(s.invalidations, 1);
    /* the set fills again without evicting anything */
    wr(0, 2, 2, 1, 3);
    wr(1, 0, 4, 2, 3);
    edge();
    edge();
    look();
    assert_int_equal(o.ev_valid[0] | o.ev_valid[1], 0);
    assert_int_equal(s.evictions, 0);
}

static void partial_masks(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 1); /* a partial-mask miss: not done, nothing allocated */
    edge();
    assert_int_equal(o.wr_done[0], 0);
    assert_int_equal(line_of(1, 3), -1);
    wr(0, 1, 3, 10, 3);
    edge();
    wr(0, 1, 3, 50, 2); /* a partial-mask hit merges its lanes */
    edge();
    assert_int_equal(o.wr_done[0], 1);
    assert_int_equal(s.data[line_of(1, 3)][0], 10);
    assert_int_equal(s.data[line_of(1, 3)][1], 51);
    assert_int_equal(s.writes, 2);
}

/* 24 lines of 2 ways: 12 sets */
static void set_index(void **st)
{
    (void)st;
    setup(24, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    assert_int_equal(s.c.sets, 12);
    assert_int_equal(rc_set_of(&s.c, 7, 9, 0), 4);  /* 16 mod 12 */
    assert_int_equal(rc_set_of(&s.c, 3, 15, 0), 6); /* 18 mod 12 */
    wr(0, 7, 9, 1, 3);
    edge();
    assert_int_equal(line_of(7, 9), 8);
    setup(24, RC_INDEX_REG, RC_SHARED);
    assert_int_equal(rc_set_of(&s.c, 7, 9, 0), 9);
    assert_int_equal(rc_set_of(&s.c, 3, 15, 0), 3);
    /* per-warp: 6 sets per slot, slot 1 takes sets 6..11 */
    setup(24, RC_INDEX_REG, RC_PER_WARP);
    assert_int_equal(s.c.psets, 6);
    assert_int_equal(rc_set_of(&s.c, 7, 9, 1), 9);
    assert_int_equal(rc_set_of(&s.c, 7, 9, 0), 3);
    assert_int_equal(rc_set_of(&s.c, 7, 9, 2), -1);
}

static void warp_invalidate(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 3);
    wr(1, 2, 3, 10, 3);
    edge();
    in.inv_valid = 1, in.inv_warp = 1;
    edge();
    assert_int_equal(line_of(1, 3), -1);
    assert_int_equal(line_of(2, 3), 1 * 2);
    look();
    assert_int_equal(o.ev_valid[0] | o.ev_valid[1], 0);
    assert_int_equal(s.invalidations, 1);
}

/* slot 0 holds three dirty lines: two leave in the flush's first cycle (a write elsewhere
 * takes neither port, since it evicts nothing), the third the next; fl_done once empty */
static void per_warp_flush(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG, RC_PER_WARP);
    for (unsigned r = 0; r < 3; r++) {
        in.wr_valid[0] = 1, in.wr_warp[0] = 5, in.wr_reg[0] = r, in.wr_mask[0] = 3,
        in.wr_slot[0] = 0;
        edge();
    }
    in.wr_valid[0] = 1, in.wr_warp[0] = 6, in.wr_reg[0] = 0, in.wr_mask[0] = 3, in.wr_slot[0] = 1;
    edge();
    assert_int_equal(line_of(6, 0), 4); /* slot 1: sets 2 and 3 */
    in.fl_valid = 1, in.fl_slot = 0;
    edge();
    assert_int_equal(o.fl_done, 0);
    look();
    assert_int_equal(o.ev_valid[0] + o.ev_valid[1], 2);
    in.fl_valid = 1, in.fl_slot = 0;
    edge();
    assert_int_equal(o.fl_done, 0);
    look();
    assert_int_equal(o.ev_valid[0] + o.ev_valid[1], 1);
    in.fl_valid = 1, in.fl_slot = 0;
    look();
    assert_int_equal(o.fl_done, 1);
    assert_int_equal(s.flushed, 3);
    assert_int_equal(line_of(6, 0), 4); /* slot 1 untouched */
}

/* reads see the cycle's starting state; two writes to one set take both ways */
static void same_cycle(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 3);
    edge();
    rd(0, 1, 3, 0);
    wr(0, 1, 3, 99, 3);
    edge();
    look();
    assert_int_equal(o.rsp_data[0][0], 10);
    wr(0, 2, 2, 20, 3); /* set 0, the way (1,3) does not hold */
    wr(1, 0, 4, 30, 3); /* set 0: port 0 left (1,3) the LRU way: it leaves on port 1 */
    edge();
    look();
    assert_int_equal(o.ev_valid[1], 1);
    assert_int_equal(o.ev_reg[1], 3);
    assert_int_equal(o.ev_data[1][0], 99);
}

/* the write step's parallel rules: victims from the start-of-cycle ranks, never a line a write
 * of the cycle hits, no write-back of a victim a last-use read drops, one register written by
 * two ports in a cycle */
static void parallel_writes(void **st)
{
    (void)st;
    setup(8, RC_INDEX_REG_PLUS_WARP, RC_SHARED);
    wr(0, 1, 3, 10, 3);
    edge();
    wr(0, 2, 2, 20, 3);
    edge(); /* set 0: (1,3) the LRU line, (2,2) the most recent */
    rd(0, 1, 3, 0);
    wr(0, 0, 4, 30, 3); /* the victim from the ranks at the start: the line just read */
    edge();
    look();
    assert_int_equal(line_of(1, 3), -1);
    assert_int_equal(line_of(0, 4), 0);
    assert_int_equal(line_of(2, 2), 1);
    assert_int_equal(o.ev_valid[0], 1);
    assert_int_equal(o.ev_reg[0], 3);
    assert_int_equal(o.ev_data[0][0], 10);
    wr(0, 3, 1, 40, 3); /* misses in set 0 */
    wr(1, 2, 2, 21, 3); /* hits (2,2), the LRU line: port 0 takes the other one */
    edge();
    look();
    assert_int_equal(line_of(2, 2), 1);
    assert_int_equal(line_of(3, 1), 0);
    assert_int_equal(o.ev_valid[0], 1);
    assert_int_equal(o.ev_reg[0], 4);
    assert_int_equal(o.ev_valid[1], 0);
    rd(0, 3, 1, 1);     /* the last use of (3,1), now the LRU line */
    wr(0, 1, 7, 50, 3); /* takes it: dropped, so nothing is written back */
    edge();
    look();
    assert_int_equal(o.ev_valid[0] | o.ev_valid[1], 0);
    assert_int_equal(line_of(1, 7), 0);
    wr(0, 0, 8, 60, 3);
    wr(1, 0, 8, 61, 3); /* port 1 finds port 0's line: one line, the later port's data */
    look();
    assert_int_equal(o.wr_done[0] + o.wr_done[1], 2);
    edge();
    look();
    int l = line_of(0, 8);
    assert_int_equal(l, 1);
    assert_int_equal(s.data[l][0], 61);
    assert_int_equal(o.ev_valid[0], 1); /* (2,2), dirty, left for port 0's allocation */
    assert_int_equal(o.ev_reg[0], 2);
    assert_int_equal(o.ev_valid[1], 0);
}

static void from_preset(void **st)
{
    (void)st;
    sm_cfg_t sm = {0};
    sm.lanes = 32, sm.schedulers = 4, sm.warp_slots = 64, sm.arch_regs = 256,
    sm.active_pool = 4, sm.rc_lines = 24, sm.rc_ways = 2, sm.rc_rports = 6, sm.rc_wports = 2,
    sm.rc_index = RC_INDEX_REG, sm.rc_partition = RC_PER_WARP;
    rc_cfg_t c;
    rc_cfg_from_sm(&sm, &c);
    assert_int_equal(c.sets, 12);
    assert_int_equal(c.psets, 3);
    assert_int_equal(c.num_warps, 16);
    assert_int_equal(c.warp_bits, 4);
    assert_int_equal(c.reg_bits, 8);
    assert_int_equal(c.slot_bits, 2);
    assert_int_equal(c.way_bits, 1);
    assert_int_equal(rc_init(&s, &c), 0);
    c.lines = 23;
    assert_int_equal(rc_init(&s, &c), -1);
    c.lines = RC_MAX_LINES + 2;
    rc_cfg_derive(&c);
    assert_int_equal(rc_init(&s, &c), -1);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(write_then_hit),  cmocka_unit_test(lru_victim_and_eviction),
        cmocka_unit_test(last_use_invalidates), cmocka_unit_test(partial_masks),
        cmocka_unit_test(set_index),       cmocka_unit_test(warp_invalidate),
        cmocka_unit_test(per_warp_flush),  cmocka_unit_test(same_cycle),
        cmocka_unit_test(parallel_writes), cmocka_unit_test(from_preset)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
