/* Unit tests of the sthld C model (Malekeh Sec. 7): every transition of the state machine,
 * the reference interval and the drop rule, saturation at 0 and Max, the S/L rule, fixed
 * mode, knee curves with steep and gentle slopes, the decision two edges after the interval. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cmodel/sthld.h"

static sthld_state_t s;

static unsigned ticked; /* cycles of the current interval run to see the last decision */

static void setup(unsigned init, unsigned max, unsigned fixed)
{
    sthld_cfg_t c = {.interval = 8, .large_pct = 10, .init = init, .step = 2, .spec = 8,
                     .max = max, .bits = 8, .fixed = fixed};
    sthld_cfg_derive(&c);
    assert_int_equal(sthld_init(&s, &c), 0);
    ticked = 0;
}

/* one interval executing n instructions in all, spread over its cycles after the first two
 * (those finish the decision on the interval before), then the first two of the next: the
 * decision on this one lands at the second */
static void interval(unsigned n)
{
    sthld_in_t in;
    for (unsigned k = ticked; k < 8; k++) {
        in.insts = k < 2 ? 0 : k == 7 ? n - 5 * (n / 6) : n / 6;
        sthld_tick(&s, &in);
        assert_int_equal(s.decided, 0);
    }
    in.insts = 0;
    sthld_tick(&s, &in);
    assert_int_equal(s.decided, 0);
    sthld_tick(&s, &in);
    assert_int_equal(s.decided, 1);
    ticked = 2;
}

#define S_(n) interval(n)
#define EXPECT(st, v)                                                                              \
    do {                                                                                           \
        assert_int_equal(s.state, st);                                                             \
        assert_int_equal(s.sthld, v);                                                              \
    } while (0)

/* 1 -> 2 -> (S: climb) -> (L: speculate) 3 -> (L) 4 -> (L) 4 -> (S) 5 -> (S) 6 -> (S) 6 ->
 * (L) 3 -> (S) 2 -> (drop) 5 -> (S) 6 -> (L) 3 -> (L down) 4 -> (L) 4 -> (S) 5 -> (L) 4 */
static void transitions(void **st)
{
    (void)st;
    setup(20, 100, 0);
    S_(100);  EXPECT(2, 22);  /* state 1: +step whatever the change */
    S_(105);  EXPECT(2, 24);  /* 5 % is small: climb */
    S_(200);  EXPECT(3, 32);  /* large: speculative +spec */
    S_(100);  EXPECT(4, 22);  /* large again: -(spec + step) */
    S_(50);   EXPECT(4, 20);  /* large: -step */
    S_(52);   EXPECT(5, 20);  /* small: confirm */
    S_(53);   EXPECT(6, 20);  /* small: steady */
    S_(54);   EXPECT(6, 20);  /* stays */
    S_(108);  EXPECT(3, 28);  /* large: speculate from steady */
    S_(110);  EXPECT(2, 30);  /* small after speculating: keep it, climb */
    S_(10);   EXPECT(5, 28);  /* a large fall in the climb is a drop: back to the reference */
    S_(100);  EXPECT(6, 28);  /* compared with the reference's 110: small */
    S_(200);  EXPECT(3, 36);
    S_(1);    EXPECT(4, 26);  /* large down after speculating: -(spec + step) */
    S_(100);  EXPECT(4, 24);
    S_(101);  EXPECT(5, 24);
    S_(400);  EXPECT(4, 22);  /* large while confirming: descend again */
    assert_int_equal(s.intervals, 17);
}

/* STHLD saturates at Max going up and at 0 going down */
static void saturation(void **st)
{
    (void)st;
    setup(95, 100, 0);
    S_(100);   EXPECT(2, 97);
    S_(1000);  EXPECT(3, 100);
    setup(5, 100, 0);
    S_(100);   EXPECT(2, 7);
    S_(1000);  EXPECT(3, 15);
    S_(10);    EXPECT(4, 5);
    S_(1000);  EXPECT(4, 3);
    S_(10);    EXPECT(4, 1);
    S_(1000);  EXPECT(4, 0);
}

/* S iff 100 |cur - prev| < pct * prev; after an idle interval any work is large */
static void small_or_large(void **st)
{
    (void)st;
    setup(0, 100, 0);
    S_(100);
    S_(109);
    assert_int_equal(s.large, 0);
    S_(99);
    assert_int_equal(s.large, 0); /* 10 of 109 is 9.2 % */
    S_(89);
    assert_int_equal(s.large, 1); /* 10 of 99 is 10.1 % */
    S_(0);
    S_(0);
    assert_int_equal(s.large, 0);
    S_(4);
    assert_int_equal(s.large, 1);
}

/* instructions per interval of a synthetic Fig. 3b curve: flat at `level` up to the knee k,
 * then falling steeply (to 0 at k + 16), or gently (0.75 % per STHLD unit: 3 % per step of 4,
 * never a large change between two intervals) */
static int gentle;
static unsigned curve(unsigned sthld, unsigned level, unsigned k)
{
    if (sthld <= k)
        return level;
    if (gentle)
        return sthld - k >= 133 ? 0 : level - level * 3 * (sthld - k) / 400;
    return sthld >= k + 16 ? 0 : level * (k + 16 - sthld) / 16;
}

/* intervals of the curve until the machine rests in state 6 for two intervals; returns how
 * many it took */
static unsigned settle(unsigned level, unsigned k, unsigned limit)
{
    unsigned n = 0, rest = 0;
    while (rest < 2 && n < limit) {
        interval(curve(s.sthld, level, k));
        n++;
        rest = s.state == 6 ? rest + 1 : 0;
    }
    return n;
}

#define NEAR_KNEE(k)                                                                                   do {                                                                                                   assert_int_equal(s.state, 6);                                                                      assert_true(s.sthld <= (k) && s.sthld + 2 * 4 >= (k));                                         } while (0)

/* Fig. 5: from 0 the machine climbs the flat region and settles at most 2 steps below the
 * knee; when the curve changes to a wider flat region (Fig. 5c) or a narrower one whose slope
 * holds the current STHLD (Fig. 5d), at another IPC level, it settles again near the new knee
 * within |dK| / step + 8 intervals */
static void knee_curves(void **st)
{
    (void)st;
    sthld_cfg_t c = {.interval = 8, .large_pct = 10, .init = 0, .step = 4, .spec = 16,
                     .max = 255, .bits = 8, .fixed = 0};
    sthld_cfg_derive(&c);
    assert_int_equal(sthld_init(&s, &c), 0);
    ticked = 0;
    settle(1000, 40, 40 / 4 + 8);
    NEAR_KNEE(40);
    unsigned from = s.sthld;
    assert_true(settle(600, 80, (80 - from) / 4 + 8) <= (80 - from) / 4 + 8);
    NEAR_KNEE(80);
    from = s.sthld;
    assert_true(settle(800, 68, (from - 68) / 4 + 8) <= (from - 68) / 4 + 8);
    NEAR_KNEE(68);
}

/* a speculation the next interval gains from (Fig. 5d) is kept and the climb resumes from it
 * with that interval as the reference; a small decline after speculating also climbs on */
static void speculation_kept(void **st)
{
    (void)st;
    setup(20, 100, 0);
    S_(100);  EXPECT(2, 22);
    S_(150);  EXPECT(3, 30);
    assert_int_equal(s.best, 150);
    assert_int_equal(s.best_sthld, 22);
    S_(200);  EXPECT(2, 32);  /* large up: the speculation paid */
    assert_int_equal(s.best, 200);
    assert_int_equal(s.best_sthld, 30);
    S_(190);  EXPECT(2, 34);  /* 5 % below: climb, the reference stays */
    S_(300);  EXPECT(3, 42);  /* large up in the climb: speculate */
    assert_int_equal(s.best_sthld, 34);
    S_(285);  EXPECT(2, 44);  /* small decline after speculating: climb */
    assert_int_equal(s.best, 300);
    assert_int_equal(s.best_sthld, 34);
}

/* the climb keeps the best interval (ties move it up) and returns to its STHLD once the count
 * has fallen LargePct % below it by small steps; nothing else marks it */
static void cumulative_drop(void **st)
{
    (void)st;
    setup(0, 100, 0);
    S_(100);  EXPECT(2, 2);
    assert_int_equal(s.best_sthld, 0);
    S_(104);  EXPECT(2, 4);
    S_(104);  EXPECT(2, 6);
    assert_int_equal(s.best, 104);
    assert_int_equal(s.best_sthld, 4);
    S_(98);   EXPECT(2, 8);   /* 5.8 % below the best: no drop */
    assert_int_equal(s.drop, 0);
    assert_int_equal(s.best_sthld, 4);
    S_(93);   EXPECT(5, 4);   /* 10.6 % below (5.1 % below the last): drop, back to the best's */
    assert_int_equal(s.drop, 1);
    assert_int_equal(s.large, 0);
    S_(100);  EXPECT(6, 4);
    S_(93);   EXPECT(6, 4);   /* steady ignores the reference */
    assert_int_equal(s.best, 104);
}

/* a knee reached by a gentle slope: the climb stops once the losses add up to LargePct and
 * returns to the knee, from 0 or from a knee at 0 (a slope from the first step) */
static void gentle_knee(void **st)
{
    (void)st;
    sthld_cfg_t c = {.interval = 8, .large_pct = 10, .init = 0, .step = 4, .spec = 16,
                     .max = 255, .bits = 8, .fixed = 0};
    sthld_cfg_derive(&c);
    gentle = 1;
    assert_int_equal(sthld_init(&s, &c), 0);
    ticked = 0;
    settle(1000, 40, 40 / 4 + 8);
    NEAR_KNEE(40);
    assert_int_equal(s.sthld, 40);
    assert_int_equal(sthld_init(&s, &c), 0);
    ticked = 0;
    settle(1000, 0, 8);
    assert_int_equal(s.state, 6);
    assert_int_equal(s.sthld, 0);
    gentle = 0;
}

/* fixed mode keeps STHLD at its initial value */
static void fixed_mode(void **st)
{
    (void)st;
    setup(33, 100, 1);
    for (unsigned k = 0; k < 6; k++)
        S_(k * 97 % 41);
    EXPECT(1, 33);
}

int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(transitions), cmocka_unit_test(saturation),
                                   cmocka_unit_test(small_or_large), cmocka_unit_test(fixed_mode),
                                   cmocka_unit_test(knee_curves),
                                   cmocka_unit_test(speculation_kept),
                                   cmocka_unit_test(cumulative_drop), cmocka_unit_test(gentle_knee)};
    return cmocka_run_group_tests(t, NULL, NULL);
}
