/* Unit tests of the lockstep engine's dormancy (harness/lockstep.h): a C-only instance whose
 * edge was skipped as quiet with no strobe set sleeps, keeps its outputs, needs no strobe
 * clearing and wakes at ls_in(); without ctx.dormancy (blocksim, bench) it never sleeps. The
 * block is an aau (cmodel/aau.h) of the small preset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "cmodel/aau.h"
#include "cmodel/cfg.h"
#include "harness/lockstep.h"

static ls_ctx_t ctx;
static ls_inst_t *x;

static void setup(int dormancy)
{
    static sm_cfg_t c;
    char err[256];
    assert_int_equal(cfg_load("small", "presets", &c, err, sizeof err), 0);
    memset(&ctx, 0, sizeof ctx);
    ctx.dormancy = dormancy;
    assert_non_null(x = ls_new(&ctx, block_find("aau"), &c, "aau.t", NULL));
}

static void teardown(void)
{
    ls_free(x);
    free(ctx.all); /* the context's list of its instances, as the SM frees it */
}

/* one cycle as the SM runs it: clear, evaluate, drive (alloc), evaluate, clock */
static const aau_out_t *cycle(int alloc)
{
    ls_clear_strobes(x);
    ls_eval(x, 0);
    if (alloc)
        ((aau_in_t *)ls_in(x))->alloc_valid[0] = 1;
    const aau_out_t *o = ls_eval(x, 1);
    ls_tick(x);
    return o;
}

static void sleeps_when_quiet_and_wakes_at_ls_in(void **st)
{
    (void)st;
    setup(1);
    const unsigned first = cycle(1)->head[0];
    assert_int_equal(x->dormant, 0); /* an allocation is an edge */
    cycle(0);
    assert_int_equal(x->dormant, 1); /* quiet, no strobe: asleep */
    ((aau_in_t *)x->in)->alloc_valid[0] = 1; /* a strobe written past ls_in() stays unseen */
    ls_clear_strobes(x);
    assert_int_equal(((const aau_in_t *)ls_peek(x))->alloc_valid[0], 1);
    ((aau_in_t *)x->in)->alloc_valid[0] = 0;
    const unsigned head = cycle(0)->head[0];
    assert_int_not_equal(head, first);
    assert_int_equal(x->dormant, 1);
    assert_int_equal(cycle(1)->head[0], head); /* woken: the allocation is taken */
    assert_int_equal(x->dormant, 0);
    assert_int_not_equal(cycle(0)->head[0], head);
    teardown();
}

static void never_sleeps_without_dormancy(void **st)
{
    (void)st;
    setup(0);
    cycle(1);
    for (unsigned i = 0; i < 4; i++) {
        cycle(0);
        assert_int_equal(x->dormant, 0);
    }
    teardown();
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(sleeps_when_quiet_and_wakes_at_ls_in),
        cmocka_unit_test(never_sleeps_without_dormancy),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
